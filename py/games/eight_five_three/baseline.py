"""A rule-of-thumb 8-5-3 player (`choose`: the baseline and the easy level), with the hand
evaluations and minimum-deal rules the search's players share (ai.py).

It reads only its seat's view: the 8 names the suit its hand (and the talon, once
seen) plays best in, peeks when it costs nothing, a "+" player passes its lowest card
of the suit most likely to bring back a high card, the 8 swaps weak cards for better
talon cards (voids in plain suits count), and in play every trick is worth taking:
win cheaply when it can, lead winners, otherwise shed the lowest card.
"""

from ..engine import cards as C
from ..engine.trick_play import beats, winning_card
from .rules import STRENGTH as _STRENGTH  # 2 = 0 ... A = 12
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


_RANK = {r + s: i for s in C.SUITS for i, r in enumerate(C.RANKS)}  # card -> 0..12
_SUIT = {c: c[1] for c in _RANK}


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
