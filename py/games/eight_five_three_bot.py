"""A rule-of-thumb 8-5-3 player (`choose`: the baseline and the easy level), and the
heuristics of the search bot (below: its gives, talon swaps and playout policy).

It reads only its seat's view: the 8 names the suit its hand (and the talon, once
seen) plays best in, peeks when it costs nothing, a "+" player passes its lowest card
of the suit most likely to bring back a high card, the 8 swaps weak cards for better
talon cards (voids in plain suits count), and in play every trick is worth taking:
win cheaply when it can, lead winners, otherwise shed the lowest card.
"""

from .engine import cards as C
from .engine.trick_play import beats, winning_card

_STRENGTH = {r: i for i, r in enumerate(C.RANKS)}  # 2 = 0 ... A = 12
_ACE = 12


def _s(card):
    return _STRENGTH[C.rank(card)]


def _by_suit(cards):
    out = {s: [] for s in C.SUITS}
    for c in cards:
        out[C.suit(c)].append(c)
    for s in out:
        out[s].sort(key=_s, reverse=True)
    return out


def hand_value(hand, trump) -> float:
    """A rough count of the tricks `hand` takes with `trump` (None: no trump)."""
    suits = _by_suit(hand)
    total = 0.0
    for s, cards in suits.items():
        if s == trump:
            for c in cards:
                r = _s(c)
                total += 1.0 if r >= 10 else 0.75 if r >= 7 else 0.55
            total += max(0, len(cards) - 5) * 0.3
            continue
        for i, c in enumerate(cards):
            r = _s(c)
            if r >= _ACE - i:  # A, A-K, A-K-Q... solid tops
                total += 0.95
            elif r == 11 and len(cards) >= 2:
                total += 0.5
            elif r == 10 and len(cards) >= 3:
                total += 0.25
        if trump is None and cards and _s(cards[0]) >= 11:
            total += max(0, len(cards) - 5) * 0.6  # long suits run in no trump
        if trump is not None and suits[trump]:
            total += {0: 1.2, 1: 0.6, 2: 0.2}.get(len(cards), 0.0)  # ruffing chances
    return total


def _declare(view, legal):
    if {"type": "peek"} in legal and not any(p["giver"] == view["seat"] for p in view["exchange"]["pulls"]):
        return {"type": "peek"}
    cards = view["hand"] + (view["talon"] or [])
    options = [a for a in legal if a["type"] == "trump"]
    if should_pass(view):
        return {"type": "pass"}
    return max(options, key=lambda action: declare_value(cards, action["suit"]))


def _unseen(view):
    """Cards still out: not in this hand, not played this deal, not a seen talon card."""
    seen = set(view["hand"]) | set(view["talon"] or [])
    seen |= {p["card"] for t in view["history"] for p in t["plays"]}
    seen |= {p["card"] for p in view["trick"]["plays"]}
    return [c for c in C.deck_52() if c not in seen]


def _give(view, legal):
    trump = view["deal"]["trump"]
    unseen = _unseen(view)
    suits = _by_suit(plain_if_polish(view["hand"], trump, view["options"]))
    best, best_score = None, 0.0
    for s, cards in suits.items():
        if not cards:
            continue
        low = cards[-1]
        higher = sum(1 for c in unseen if C.suit(c) == s and _s(c) > _s(low))
        if higher == 0:
            continue
        score = higher + (4 if s == trump else 0) + (0.5 if len(cards) > 1 else 0)
        if score > best_score:
            best, best_score = low, score
    return {"type": "give", "cards": [best]} if best else {"type": "stop"}


def keep_value(card, hand, trump):
    value = _s(card) + (14 if C.suit(card) == trump else 0)
    if trump is not None and C.suit(card) != trump and sum(C.suit(c) == C.suit(card) for c in hand) == 1:
        value -= 4  # swapping it out makes a void to trump in
    return value


def _talon(view, legal):
    trump = view["deal"]["trump"]
    hand = view["hand"]
    if legal[0]["type"] == "discard":
        return min(legal, key=lambda a: keep_value(a["cards"][0], hand, trump))
    takes = [a for a in legal if a["type"] == "take"]
    taken = set(view["taken"] or [])
    own = [c for c in hand if c not in taken]
    if not takes or not own:
        return {"type": "done"}
    take = max(takes, key=lambda a: keep_value(a["cards"][0], hand, trump))
    worst = min(keep_value(c, hand, trump) for c in own)
    if keep_value(take["cards"][0], hand, trump) > worst or {"type": "done"} not in legal:
        return take
    return {"type": "done"}


def _void_seats(view, trump):
    """(seat, suit) pairs shown void by play this deal."""
    voids = set()
    tricks = view["history"] + ([view["trick"]] if view["trick"]["plays"] else [])
    for t in tricks:
        led = C.suit(t["plays"][0]["card"])
        for i, p in enumerate(t["plays"][1:], 1):
            if C.suit(p["card"]) != led:
                voids.add((p["seat"], led))
                trumped_before = any(C.suit(q["card"]) == trump for q in t["plays"][:i])
                if trump is not None and C.suit(p["card"]) != trump and not trumped_before:
                    voids.add((p["seat"], trump))
    return voids


def _is_boss(card, unseen, trump, later_seats, voids):
    """No unseen card of its suit beats it, and (a plain card) no one still to play is
    known void in the suit and possibly holding trumps."""
    s = C.suit(card)
    if any(C.suit(c) == s and _s(c) > _s(card) for c in unseen):
        return False
    if s != trump and trump is not None:
        trumps_out = any(C.suit(c) == trump for c in unseen)
        if trumps_out and any((seat, s) in voids and (seat, trump) not in voids for seat in later_seats):
            return False
    return True


def _play(view, legal):
    trump = view["deal"]["trump"]
    cards = [a["cards"][0] for a in legal]
    plays = view["trick"]["plays"]
    unseen = _unseen(view)
    voids = _void_seats(view, trump)
    seat, players = view["seat"], view["players"]
    step = 1 if view["options"]["direction"] == "clockwise" else -1
    order = [(seat + step * k) % players for k in range(1, players)]
    later = order[: players - 1 - len(plays)]

    def power(c):
        return (trump is not None and C.suit(c) == trump, _s(c))

    def low_discard(pool):
        plain = [c for c in pool if C.suit(c) != trump]
        return min(plain or pool, key=power)

    if not plays:
        bosses = [c for c in cards if _is_boss(c, unseen, trump, later, voids)]
        if bosses:
            plain = [c for c in bosses if C.suit(c) != trump]
            return _action(max(plain or bosses, key=power))
        hand = _by_suit(cards)
        my_trumps = len(hand[trump]) if trump else 0
        trumps_out = sum(1 for c in unseen if C.suit(c) == trump) if trump else 0
        if trump and my_trumps > trumps_out and my_trumps:
            return _action(hand[trump][0])  # draw the remaining trumps
        plain = [s for s in C.SUITS if s != trump and hand[s]]
        if plain and my_trumps:
            short = min(plain, key=lambda s: (len(hand[s]), s))
            return _action(hand[short][-1])  # shorten a suit to trump it later
        longest = max(plain or [s for s in C.SUITS if hand[s]], key=lambda s: (len(hand[s]), s))
        return _action(hand[longest][-1])
    best = winning_card(plays, trump, C.suit, _s)
    winners = sorted((c for c in cards if beats(c, best, trump, C.suit, _s)), key=power)
    if not winners:
        return _action(low_discard(cards))
    if not later:
        return _action(winners[0])  # last to play: the cheapest winner
    safe = [c for c in winners if _is_boss(c, unseen, trump, later, voids)]
    if safe:
        return _action(safe[0])
    if C.suit(winners[0]) == trump and C.suit(best) != trump:
        return _action(winners[0])  # a trump on a plain lead usually holds
    return _action(low_discard(cards))


def _action(card):
    return {"type": "play", "cards": [card]}


def choose(view: dict, rng) -> dict:
    legal = view["legal"]
    phase = view["phase"]
    if view["deal"]["contract"] == "MIN" and phase in ("talon", "play"):
        return minimum_action(view, rng)
    if phase == "declare":
        return _declare(view, legal)
    if phase == "exchange":
        return _give(view, legal)
    if phase == "talon":
        return _talon(view, legal)
    return _play(view, legal)


# ---- the search bot's heuristics --------------------------------------------------------
# Used by the normal and hard levels (through EightFiveThree.bot) and inside the search's
# playouts, where they read a sampled world's hands directly. Kept separate from the
# rule-of-thumb `choose` above, which stays the simple benchmark baseline.

_RANK = {r + s: i for s in C.SUITS for i, r in enumerate(C.RANKS)}  # card -> 0..12
_SUIT = {c: c[1] for c in _RANK}


def playable(hand, trick, trump, head_all=False):
    """G8's legal cards, fast: follow suit (beat the top trump when trumps are led; with
    `head_all` beat the top card of any suit led while no trump is on the trick), else
    trump, overtrumping a trump on the trick if able, else any card."""
    if not trick:
        return hand
    led = _SUIT[trick[0]["card"]]
    top = -1
    if trump is not None:
        for p in trick:
            c = p["card"]
            if _SUIT[c] == trump and _RANK[c] > top:
                top = _RANK[c]
    same = [c for c in hand if _SUIT[c] == led]
    if same:
        if led == trump:
            return [c for c in same if _RANK[c] > top] or same
        if head_all and top < 0:
            high = max(_RANK[p["card"]] for p in trick if _SUIT[p["card"]] == led)
            return [c for c in same if _RANK[c] > high] or same
        return same
    if trump is None:
        return hand
    trumps = [c for c in hand if _SUIT[c] == trump]
    if not trumps:
        return hand
    if top >= 0:
        return [c for c in trumps if _RANK[c] > top] or hand
    return trumps


def _power(card, trump):
    return _RANK[card] + (13 if _SUIT[card] == trump else 0)


def _beats(card, best, trump):
    if _SUIT[card] == _SUIT[best]:
        return _RANK[card] > _RANK[best]
    return _SUIT[card] == trump


def _tops(hand):
    """suit -> the highest rank held in it (suits held only)."""
    tops = {}
    for c in hand:
        s, r = _SUIT[c], _RANK[c]
        if tops.get(s, -1) < r:
            tops[s] = r
    return tops


def _can_beat(tops, best, trump, led):
    """Whether a player with `tops` (see `_tops`), answering a trick led in `led` whose
    winning card is `best`, could beat it (G8 makes them trump and overtrump when void)."""
    if led in tops:
        return _SUIT[best] == led and tops[led] > _RANK[best]
    if trump is None or trump not in tops:
        return False
    return _SUIT[best] != trump or tops[trump] > _RANK[best]


def playout_card(hands, trick, trump, seat, later, rng, noise=0.1, head_all=False):
    """A double-dummy greedy card for `seat` (every hand visible in a sampled world):
    win the trick as cheaply as the players still to come allow, else shed the lowest
    card; lead a card no one can beat, else a low card of the longest plain suit."""
    cards = playable(hands[seat], trick, trump, head_all)
    if len(cards) == 1:
        return cards[0]
    if rng.random() < noise:
        return cards[rng.randrange(len(cards))]
    tops = [_tops(hands[o]) for o in later]
    if not trick:
        sure = [c for c in cards if not any(_can_beat(t, c, trump, _SUIT[c]) for t in tops)]
        if sure:
            trumps_out = trump is not None and any(trump in t for t in tops)
            drawing = [c for c in sure if _SUIT[c] == trump] if trumps_out else []
            return max(drawing or sure, key=lambda c: _power(c, trump))
        counts = {}
        for c in cards:
            s = _SUIT[c]
            counts[s] = counts.get(s, 0) + 1
        plain = [c for c in cards if _SUIT[c] != trump] or cards
        return min(plain, key=lambda c: (-counts[_SUIT[c]], _RANK[c]))
    led = _SUIT[trick[0]["card"]]
    best = trick[0]["card"]
    for p in trick[1:]:
        if _beats(p["card"], best, trump):
            best = p["card"]
    winners = sorted((c for c in cards if _beats(c, best, trump)), key=lambda c: _power(c, trump))
    for c in winners:
        if not any(_can_beat(t, c, trump, led) for t in tops):
            return c
    return min(cards, key=lambda c: (_SUIT[c] == trump, _RANK[c]))


def best_give(hand, receiver_hand, trump):
    """The card to pass in an exchange, seeing the receiver's hand (a sampled world):
    the lowest card of the suit whose return gains most, or None (stop)."""
    best, gain = None, 0
    mine = _by_suit(hand)
    theirs = _by_suit(receiver_hand)
    for s in C.SUITS:
        if not mine[s] or not theirs[s]:
            continue
        low, top = mine[s][-1], theirs[s][0]
        g = _s(top) - _s(low) + (6 if s == trump else 0)
        if _s(top) > _s(low) and g > gain:
            best, gain = low, g
    return best


def expected_give(hand, unseen, trump):
    """The card to pass, from the giver's view: the lowest card of the suit in which the
    receiver most likely holds high cards (many unseen higher cards), trumps first."""
    suits = _by_suit(hand)
    best, best_score = None, 0.0
    for s, cards in suits.items():
        if not cards:
            continue
        low = cards[-1]
        higher = [c for c in unseen if C.suit(c) == s and _s(c) > _s(low)]
        if not higher:
            continue
        # The receiver's best in the suit is likely among the top unseen cards.
        top = max(_s(c) for c in higher)
        score = len(higher) * 0.5 + top - _s(low) + (8 if s == trump else 0)
        if score > best_score:
            best, best_score = low, score
    return best


def swap_plan(hand, talon, taken, trump):
    """G7: the best (take, discard) pair by `hand_value`, or None when no swap helps.
    A card taken from the talon may not be put back."""
    base = hand_value(hand, trump)
    best, best_gain = None, 0.05
    own = [c for c in hand if c not in taken]
    for t in talon:
        with_t = hand + [t]
        for d in own:
            rest = [c for c in with_t if c != d]
            gain = hand_value(rest, trump) - base
            if gain > best_gain:
                best, best_gain = (t, d), gain
    return best


def best_discard(hand, taken, trump):
    """The own card whose loss costs least (the hand holds one talon card too many)."""
    own = [c for c in hand if c not in taken]
    return max(own, key=lambda d: hand_value([c for c in hand if c != d], trump))


def decide(view, rng):
    """The normal and hard levels outside trick play (and where the search does not decide)."""
    legal = view["legal"]
    phase = view["phase"]
    trump = view["deal"]["trump"]
    hand = view["hand"]
    if view["deal"]["contract"] == "MIN" and phase in ("talon", "play"):
        return minimum_action(view, rng)
    if phase == "exchange":
        card = expected_give(plain_if_polish(hand, trump, view["options"]), _unseen(view), trump)
        return {"type": "give", "cards": [card]} if card else {"type": "stop"}
    if phase == "talon":
        taken = view["taken"] or []
        if legal[0]["type"] == "discard":
            return {"type": "discard", "cards": [best_discard(hand, taken, trump)]}
        talon = [a["cards"][0] for a in legal if a["type"] == "take"]
        plan = swap_plan(hand, talon, taken, trump)
        if plan is None and {"type": "done"} in legal:
            return {"type": "done"}
        if plan is None:  # must swap all 4: take the best card
            return max((a for a in legal if a["type"] == "take"),
                       key=lambda a: hand_value(hand + a["cards"], trump))
        return {"type": "take", "cards": [plan[0]]}
    return choose(view, rng)


def plain_if_polish(hand, trump, options):
    """With the Polish return a trump passed brings back the receiver's lowest trump, so
    the gives are chosen among the other suits only."""
    if options.get("trump_return") == "lowest" and trump is not None:
        return [c for c in hand if _SUIT[c] != trump]
    return hand


def declare_value(cards, contract) -> float:
    """The tricks the 8 expects to take, on the duty's scale (8 is par). A minimum game
    ("MIN": at most 3 tricks) counts 11 minus the tricks the hand is likely forced to take."""
    if contract == "MIN":
        return 11 - forced_tricks(cards)
    trump = None if contract == "NT" else contract
    return hand_value(cards, trump) - (0.8 if trump is None else 0.0)


def forced_tricks(cards) -> float:
    """Tricks the 8 takes in a minimum deal played by `duck_card` all round: fitted on
    400 random deals (mean 5.6): 8.7 + 0.39 per card of jack or higher + 0.45 per ace
    - 0.76 per card of seven or lower. With the talon seen, its 4 highest go."""
    cards = sorted(cards, key=_s)[:16]
    high = sum(1 for c in cards if _s(c) >= 9)
    low = sum(1 for c in cards if _s(c) <= 5)
    aces = sum(1 for c in cards if _s(c) == 12)
    return max(0.0, 8.7 + 0.39 * high + 0.45 * aces - 0.76 * low)


def should_pass(view) -> bool:
    """Pass (the redeal option) when no game promises the duty: every declaration under 7."""
    if {"type": "pass"} not in view["legal"]:
        return False
    cards = view["hand"] + (view["talon"] or [])
    games = [a["suit"] for a in view["legal"] if a["type"] == "trump"]
    return max(declare_value(cards, g) for g in games) < 7


def duck_card(hand, trick, rng, noise=0.1):
    """A minimum deal's card (no trump): lead the lowest card; follow with the highest
    card that still loses, else (forced to win) the highest of the suit; void, shed the
    highest card."""
    if not trick:
        return min(hand, key=lambda c: _RANK[c])
    led = _SUIT[trick[0]["card"]]
    same = [c for c in hand if _SUIT[c] == led]
    if not same:
        return max(hand, key=lambda c: _RANK[c])
    if len(same) > 1 and rng.random() < noise:
        return same[rng.randrange(len(same))]
    top = max(_RANK[p["card"]] for p in trick if _SUIT[p["card"]] == led)
    losers = [c for c in same if _RANK[c] < top]
    return max(losers or same, key=lambda c: _RANK[c])


def minimum_talon(hand, talon, taken, must_take_all):
    """A minimum deal's talon swap: take a talon card lower than your highest own card,
    then discard your highest own card; "done" when no talon card is lower."""
    own = [c for c in hand if c not in taken]
    if len(hand) > 16:
        return {"type": "discard", "cards": [max(own, key=lambda c: _RANK[c])]}
    if not talon:
        return {"type": "done"}
    low = min(talon, key=lambda c: _RANK[c])
    if must_take_all or (own and _RANK[low] < max(_RANK[c] for c in own)):
        return {"type": "take", "cards": [low]}
    return {"type": "done"}


def minimum_action(view, rng):
    """Talon and play in a minimum deal, from the view."""
    legal = view["legal"]
    if view["phase"] == "talon":
        talon = [a["cards"][0] for a in legal if a["type"] == "take"]
        return minimum_talon(view["hand"], talon, set(view["taken"] or []), {"type": "done"} not in legal)
    cards = [a["cards"][0] for a in legal]
    return {"type": "play", "cards": [duck_card(cards, view["trick"]["plays"], rng, noise=0.0)]}
