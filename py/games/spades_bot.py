"""A rule-of-thumb Spades player (the `baseline`, and `easy` with deliberate errors),
whose bidding and card choice also serve normal and hard (bids; playouts):
bid the sure and likely tricks, then make the bid and duck afterwards to avoid bags.
It reads only its seat's view."""

from .engine import cards as C
from .engine.trick_play import pick_card
from .spades import _STRENGTH


def _suit(card):
    return "S" if card in C.JOKERS else card[1]


def _strength(card):
    return _STRENGTH[card[0]]


def trick_estimate(hand, players):
    crowd = (4 / players) ** 0.5
    lengths = {}
    for card in hand:
        lengths[_suit(card)] = lengths.get(_suit(card), 0) + 1
    total = 0.0
    for card in hand:
        s, r = _suit(card), _strength(card)
        if s == "S":
            total += 1.0 if r >= 12 else (0.75 if r >= 10 else (0.35 if lengths["S"] >= 4 else 0.15))
        elif r == 12:
            total += 0.9 * crowd
        elif r == 11 and lengths[s] >= 2:
            total += 0.6 * crowd
        elif r == 10 and lengths[s] >= 3:
            total += 0.25 * crowd
    for s in "HDC":  # short side suits let spades ruff
        if lengths.get(s, 0) <= 1 and lengths.get("S", 0) >= 3:
            total += 0.5
    return total


def choose(view, rng):
    legal = view["legal"]
    kind = legal[0]["type"]
    if kind in ("keep", "discard"):
        card = view["draw"]["card"]
        good = _suit(card) == "S" or _strength(card) >= 10
        return {"type": "keep" if good else "discard"}
    if kind == "give":
        nil = view["bids"][view["seat"]] == 0
        return {"type": "give", "cards": [exchange_card(view["hand"], nil)]}
    if kind == "bid" and legal[0].get("blind"):
        return {"type": "look"}
    if kind == "bid":
        # Five hands of ten share only ten tricks: the counts above run about a third high.
        shade = 0.75 if view["players"] >= 5 else 1.0
        target = max(1, round(shade * trick_estimate(view["hand"], view["players"])))
        bids = [a for a in legal if a["n"] > 0]
        return min(bids, key=lambda a: (abs(a["n"] - target), a["n"]))
    seat = view["seat"]
    side = next(s for s in view["sides"] if seat in s)
    bid = sum(view["bids"][s] for s in side)
    won = sum(view["tricks_won"][s] for s in side)
    want = view["bids"][seat] > 0 and won < bid
    cards = [a["cards"][0] for a in legal]
    return {"type": "play", "cards": [pick_card(cards, view["trick"]["plays"], "S", _suit, _strength, want)]}


# ---- the search bot's heuristics (normal and hard; the baseline above stays simple) -----
# Fast tables: a card's suit (jokers are spades) and its power within the suit.
SUIT = {card: _suit(card) for card in C.deck_54()}
POWER = {card: _strength(card) for card in C.deck_54()}
_SPADE_ORDER = ["BJ", "LJ"] + [r + "S" for r in reversed(C.RANKS)]  # strongest first


def _by_suit(hand):
    suits = {"S": [], "H": [], "D": [], "C": []}
    for card in hand:
        suits[SUIT[card]].append(card)
    for cards in suits.values():
        cards.sort(key=POWER.__getitem__, reverse=True)
    return suits


def sure_tricks(hand, players: int, jokers: bool = True) -> float:
    """Tricks the hand should take: spades that survive the higher ones outside,
    long spades, side winners that are not ruffed first, and ruffs of short suits."""
    suits = _by_suit(hand)
    spades = suits["S"]
    mine = set(spades)
    order = [c for c in _SPADE_ORDER if jokers or c not in C.JOKERS]
    per_suit = 54 / players  # cards per seat, roughly: long side suits get ruffed sooner
    total = 0.0
    counted = 0  # spades already counted as winners (not free to ruff)
    for i, card in enumerate(spades):
        missing = sum(1 for c in order[: order.index(card)] if c not in mine)
        if missing <= i:
            total += 1.0
            counted += 1
        elif missing == i + 1:
            total += 0.5
            counted += 1
        elif missing == i + 2 and len(spades) >= 3:
            total += 0.25
    long_spades = len(spades) - max(counted, 3)
    if long_spades > 0:
        total += 0.7 * long_spades
    spare = max(0, len(spades) - counted)
    for s in "HDC":
        cards = suits[s]
        length = len(cards)
        rounds = 3 if length <= per_suit / 4 + 1 else 2  # safe rounds before a ruff
        ranks = [POWER[c] for c in cards]
        side = 0.0
        for i, r in enumerate(ranks[:rounds]):
            missing_above = 12 - r - sum(1 for x in ranks if x > r)
            if missing_above <= 0:
                side += 1.0 if i == 0 else 0.85
            elif missing_above == 1 and length >= 2:
                side += 0.55
            elif missing_above == 2 and length >= 3:
                side += 0.2
        total += side * (0.9 if players >= 5 else 1.0)
        if spare and length <= 1:  # a void or singleton lets a spare spade ruff
            ruffs = min(spare, 2 - length)
            total += 0.8 * ruffs
            spare -= ruffs
    return total


def nil_safe(hand, players: int) -> bool:
    """No card that is likely to be forced to win: no joker or high spade, few spades,
    and side honours only with enough low cards to duck under them."""
    suits = _by_suit(hand)
    spades = suits["S"]
    if any(c in C.JOKERS for c in spades) or len(spades) > 3:
        return False
    if spades and POWER[spades[0]] > POWER["9S"] - (len(spades) - 1) * 2:
        return False
    for s in "HDC":
        cards = suits[s]
        if not cards:
            continue
        top = POWER[cards[0]]
        low = sum(1 for c in cards if POWER[c] <= POWER["6S"])
        if top >= POWER["AS"] or (top >= POWER["KS"] and low < 3) or (top >= POWER["QS"] and low < 2) \
                or (top >= POWER["TS"] and low < 1):
            return False
    return True


def bid_for(hand, players, options, partner_bid=None) -> int:
    """The number to bid: nil when the hand is safe and nil is on, else the sure tricks
    shaded down a little (a failed contract costs far more than an overtrick earns)."""
    estimate = sure_tricks(hand, players, options["jokers"])
    if options["nil"] != "off" and estimate < 1.6 and nil_safe(hand, players):
        return 0
    size = len(hand)
    shade = 0.35 if options["failed"] == "minus" else 0.2
    return max(1, min(size, int(estimate - shade + 0.5)))


def bid_decision(view) -> dict:
    """The bid (or blind-nil choice) of the normal and hard levels, from the view."""
    legal = view["legal"]
    if legal[0].get("blind"):
        seat = view["seat"]
        sides = view["sides"]
        mine = next(i for i, side in enumerate(sides) if seat in side)
        behind = max(t for i, t in enumerate(view["scores"]) if i != mine) - view["scores"][mine]
        # A partner covers a blind nil; alone, it fails too often to be worth 200.
        if len(sides[mine]) > 1 and behind >= 200:
            return {"type": "bid", "n": 0, "blind": True}
        return {"type": "look"}
    double = double_nil_bid(view)
    if double:
        return double
    n = bid_for(view["hand"], view["players"], view["options"])
    return nearest_bid(legal, n)


def nearest_bid(legal, n) -> dict:
    """The legal plain bid nearest `n` (the hook or the minimum team bid may forbid `n`)."""
    plain = [a for a in legal if not a.get("double") and not a.get("blind")] or legal
    return min(plain, key=lambda a: (abs(a["n"] - n), a["n"]))


def double_nil_safe(hand, players: int) -> bool:
    """A hand that makes nil more than half the time (64 % measured): at most two spades, none above the
    seven (no joker), and in every side suit nothing above the ten, with two cards of six
    or lower under a nine or ten (measured: docs/rules/spades.md)."""
    suits = _by_suit(hand)
    spades = suits["S"]
    if len(spades) > 2 or any(POWER[c] > POWER["7S"] for c in spades):
        return False
    for s in "HDC":
        cards = suits[s]
        if not cards:
            continue
        top = POWER[cards[0]]
        low = sum(1 for c in cards if POWER[c] <= POWER["6S"])
        if top > POWER["TS"] or (top >= POWER["9S"] and low < 2):
            return False
    return True


def double_nil_bid(view):
    """The double nil action when it is offered and the hand is safe enough (at ±200 it
    pays only if it is made more than half the time), else None."""
    action = next((a for a in view["legal"] if a.get("double")), None)
    if action and double_nil_safe(view["hand"], view["players"]):
        return action
    return None


def exchange_card(hand, nil: bool) -> str:
    """The nil exchange: the nil bidder passes its most dangerous card (spades and high
    cards first), the partner its lowest side card (one the nil bidder can duck with)."""
    key = lambda c: (SUIT[c] == "S", POWER[c])  # noqa: E731
    return max(hand, key=key) if nil else min(hand, key=key)


def keep_drawn(card, hand) -> bool:
    """Two-player draw, the playouts' rule: keep spades, honours, and cards of short suits."""
    if SUIT[card] == "S" or POWER[card] >= 10:
        return True
    same = sum(1 for c in hand if SUIT[c] == SUIT[card])
    return POWER[card] <= 3 and same >= 2  # low cards of a held suit make safe ducks


def play_card(hand, trick, broken, want, partner_seats, rng, noise=0.1):
    """The playouts' card: win as cheaply as possible when the side wants tricks (not
    over a partner already winning), otherwise shed the highest card that loses."""
    if trick:
        led = SUIT[trick[0]["card"]]
        cards = [c for c in hand if SUIT[c] == led] or hand
    elif broken:
        cards = hand
    else:
        cards = [c for c in hand if SUIT[c] != "S"] or hand
    if len(cards) == 1:
        return cards[0]
    if rng.random() < noise:
        return cards[rng.randrange(len(cards))]
    key = lambda c: (SUIT[c] == "S", POWER[c])  # noqa: E731
    if not trick:
        return max(cards, key=key) if want else min(cards, key=key)
    best = trick[0]
    best_card = best["card"]
    for play in trick[1:]:
        card = play["card"]
        if (SUIT[card] == SUIT[best_card] and POWER[card] > POWER[best_card]) or (
                SUIT[card] == "S" and SUIT[best_card] != "S"):
            best, best_card = play, card
    best_suit, best_power = SUIT[best_card], POWER[best_card]
    winners, losers = [], []
    for c in cards:
        s = SUIT[c]
        if (s == best_suit and POWER[c] > best_power) or (s == "S" and best_suit != "S"):
            winners.append(c)
        else:
            losers.append(c)
    if best["seat"] in partner_seats:  # the partner has it: keep the high cards
        return min(losers or winners, key=key)
    if want:
        return min(winners, key=key) if winners else min(losers, key=key)
    return max(losers, key=key) if losers else min(winners, key=key)
