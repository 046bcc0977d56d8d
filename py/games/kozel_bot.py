"""A rule-of-thumb Kozel player (the `baseline`, and `easy` with deliberate errors):
lead low cards and keep trumps, beat opponents when the table is worth it and the beat
is cheap, give points to a partner who is sure to win, call a molodka when it takes the
trick from the opponents. It reads only its seat's view.
"""

from .engine import cards as C
from .kozel import POINTS, STRENGTH

HIDDEN_GUESS = 3  # points guessed for a face-down card on the table


def _points(card):
    return POINTS[C.rank(card)]


def _value(card, trump):
    """How much a card is worth keeping: points, plus a premium for trumps."""
    bonus = 12 + STRENGTH[C.rank(card)] if C.suit(card) == trump else 0
    return _points(card) + bonus


def molodka_in(view) -> bool:
    """The seat's hand is a molodka (K15): four cards of one suit, the option on."""
    hand = view["hand"]
    return len(hand) == 4 and len({C.suit(c) for c in hand}) == 1 and view["options"]["molodka"] != "off"


def _lead(view, legal, trump):
    hand = view["hand"]
    if molodka_in(view):
        return {"type": "play", "cards": sorted(hand)}  # a molodka lead: four cards to beat

    def score(action):
        cards = action["cards"]
        suit = C.suit(cards[0])
        if suit == trump:
            return (2, sum(_value(c, trump) for c in cards), -len(cards))
        # Aces (with their ten) of a plain suit lose only to trumps: lead them together.
        if all(C.rank(c) in "AT" for c in cards) and any(C.rank(c) == "A" for c in cards):
            return (0, -sum(_points(c) for c in cards), 0)
        # Otherwise as many point-less cards as possible, the lowest first.
        if all(_points(c) == 0 for c in cards):
            return (0, -len(cards), sum(STRENGTH[C.rank(c)] for c in cards))
        return (1, sum(_points(c) for c in cards), -len(cards))

    return min(legal, key=score)


def _winning(plays):
    for play in reversed(plays):
        if play["kind"] != "pass":
            return play
    return None


def _table_points(plays):
    return sum(_points(c) if c is not None else HIDDEN_GUESS for p in plays for c in p["cards"])


def choose(view: dict, rng) -> dict:
    legal = view["legal"]
    seat, trump = view["seat"], view["deal"]["trump"]
    plays = view["trick"]["plays"]
    molodka = [a for a in legal if a["type"] == "molodka"]
    sides = len(view["teams"])  # two teams, or one side per seat (K23)
    if view["phase"] == "molodka":  # asked before someone else's action
        win = _winning(plays)
        take = win is not None and win["seat"] % sides != seat % sides
        return molodka[0] if take else {"type": "decline"}
    if not plays:
        return _lead(view, legal, trump)
    win = _winning(plays)
    partner_wins = win["seat"] % sides == seat % sides
    if molodka and not partner_wins:
        return molodka[0]
    still_to_play = view["players"] - 1 - len(plays)
    beats = [a for a in legal if a["type"] == "play"]
    passes = [a for a in legal if a["type"] == "pass"]

    def cost(action):
        return sum(_value(c, trump) for c in action["cards"])

    if partner_wins:
        if still_to_play == 0:  # the trick is ours: give the partner the points, keep trumps
            return min(passes, key=lambda a: (sum(C.suit(c) == trump for c in a["cards"]),
                                             -sum(_points(c) for c in a["cards"])))
        return min(passes, key=cost)
    table = _table_points(plays)
    if beats:
        if still_to_play == 0:  # the trick is ours if we beat: beat with points, spare trumps
            best = min(beats, key=lambda a: (cost(a) - 2 * sum(_points(c) for c in a["cards"]), a["cards"]))
        else:  # an opponent plays after us: the cheapest beat
            best = min(beats, key=lambda a: (cost(a), a["cards"]))
        uses_trump = any(C.suit(c) == trump for c in best["cards"])
        if not uses_trump or table >= 10 or (still_to_play == 0 and table > 0):
            return best
    return min(passes, key=cost)



# ---- the search's playout policy -----------------------------------------------------
# It runs inside a determinization (every hand may be read) tens of thousands of times
# per decision, so it builds one action directly instead of listing the legal ones.

DECLINE = {"type": "decline"}
_RANK = {r: i for i, r in enumerate("6789JQKTA")}
_POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def _keep(card, trump):
    """What a card is worth keeping: its points, and a premium for a trump."""
    return _POINTS[card[0]] + (12 + _RANK[card[0]] if card[1] == trump else 0)


def _cheapest_beat(hand, target, trump):
    """A one-to-one beat of `target` (K8) from `hand`, greedy: the hardest target card
    first, each with the cheapest card that beats it (same suit first, then trumps).
    None when the greedy pairing finds none (a beat may still exist: rare)."""
    free = list(hand)
    chosen = []
    for t in sorted(target, key=lambda c: (c[1] == trump, _RANK[c[0]]), reverse=True):
        best, best_cost = None, None
        for card in free:
            if card[1] == t[1]:
                if _RANK[card[0]] <= _RANK[t[0]]:
                    continue
            elif card[1] != trump:
                continue
            cost = _keep(card, trump) + (0 if card[1] == t[1] else 3)
            if best is None or cost < best_cost:
                best, best_cost = card, cost
        if best is None:
            return None
        free.remove(best)
        chosen.append(best)
    return chosen


def _lead_cards(hand, trump, rng):
    by_suit = {}
    for card in hand:
        by_suit.setdefault(card[1], []).append(card)
    if rng.random() < 0.2:  # some variety keeps the playouts honest
        cards = by_suit[rng.choice(sorted(by_suit))]
        return sorted(cards, key=lambda c: _RANK[c[0]])[: rng.randint(1, len(cards))]
    plain = [cards for suit, cards in by_suit.items() if suit != trump]
    if not plain:
        return [min(hand, key=lambda c: _RANK[c[0]])]
    # Aces and tens of a plain suit fall only to trumps: lead them together.
    for cards in plain:
        if len(cards) > 1 and all(c[0] in "AT" for c in cards):
            return cards
    longest = max(plain, key=lambda cards: (len(cards), -sum(_POINTS[c[0]] for c in cards)))
    if len(longest) > 1:
        return longest
    return [min((cards[0] for cards in plain), key=lambda c: (_POINTS[c[0]], _RANK[c[0]]))]


def playout_action(world, rng) -> dict:
    seat, hand, trump, trick = world.turn, world.hands[world.turn], world.trump, world.trick
    holds = (world.molodka is None and len(hand) == 4 and world.options["molodka"] != "off"
             and hand[0][1] == hand[1][1] == hand[2][1] == hand[3][1])
    win = None
    for play in reversed(trick):
        if play["kind"] != "pass":
            win = play
            break
    sides = len(world.sides)  # two teams, or one side per seat (K23)
    opponents_win = win is not None and win["seat"] % sides != seat % sides
    if world.phase == "molodka":
        return {"type": "molodka", "cards": sorted(hand)} if opponents_win else DECLINE
    if not trick:
        if holds:
            return {"type": "play", "cards": sorted(hand)}
        return {"type": "play", "cards": _lead_cards(hand, trump, rng)}
    if holds and opponents_win:
        return {"type": "molodka", "cards": sorted(hand)}
    count = len(win["cards"])
    last = len(trick) == world.players - 1
    if opponents_win:
        beat = _cheapest_beat(hand, win["cards"], trump)
        if beat is not None:
            table = sum(_POINTS[c[0]] for p in trick for c in p["cards"])
            trumps = sum(c[1] == trump for c in beat)
            if (not trumps or table >= 10 or (last and table > 0) or rng.random() < 0.25
                    or len(world.stock) == 0):
                return {"type": "play", "cards": beat}
    if not opponents_win and (last or rng.random() < 0.5):
        # The trick is (likely) ours: give points, keep trumps.
        order = sorted(hand, key=lambda c: (c[1] == trump, -_POINTS[c[0]], _RANK[c[0]]))
    else:
        order = sorted(hand, key=lambda c: (_keep(c, trump), _RANK[c[0]]))
    return {"type": "pass", "cards": order[:count]}
