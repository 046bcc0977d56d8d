"""A rule-of-thumb Spades player (the `baseline`, and `easy` with deliberate errors):
bid the sure and likely tricks, then make the bid and duck afterwards to avoid bags.
It reads only its seat's view. Its exchange and draw rules serve the search's playouts too."""

from ..engine import cards as C
from ..engine.trick_play import pick_card
from .rules import STRENGTH, card_suit as _suit


def _strength(card):
    return STRENGTH[card[0]]


# Fast tables: a card's suit (jokers are spades) and its power within the suit.
SUIT = {card: _suit(card) for card in C.deck_54()}
POWER = {card: _strength(card) for card in C.deck_54()}


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
