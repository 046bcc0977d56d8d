"""A rule-of-thumb Kozel player (the `baseline`, and `easy` with deliberate errors):
lead low cards and keep trumps, beat opponents when the table is worth it and the beat
is cheap, give points to a partner who is sure to win, call a molodka when it takes the
trick from the opponents. It reads only its seat's view.
"""

from ..engine import cards as C
from .rules import POINTS, STRENGTH

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
    sides = len(view["sides"])  # two teams, or one side per seat (K23)
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
