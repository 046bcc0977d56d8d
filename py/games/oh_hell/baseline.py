"""A rule-of-thumb Oh Hell player: bid the tricks the hand should take, then aim
for exactly that many. It reads only its seat's view. It is the `baseline` (and, with
deliberate errors, the `easy` level); `trick_estimate` also bids in the search's
playouts (ai.py `playout_action`), where normal and hard decide by rollouts.
"""

from ..engine import cards as C
from ..engine.trick_play import pick_card
from .rules import STRENGTH


def _strength(card):
    return STRENGTH[C.rank(card)]


def trick_estimate(hand: list[str], trump: str | None, players: int) -> float:
    by_suit: dict[str, int] = {}
    for card in hand:
        by_suit[C.suit(card)] = by_suit.get(C.suit(card), 0) + 1
    crowd = 4 / max(players, 2)  # more opponents, fewer sure winners
    total = 0.0
    for card in hand:
        s, r = C.suit(card), _strength(card)
        if s == trump:
            total += min(1.0, max(0.2, (r - 5) / 7))
        elif r == 12:
            total += 0.85 * crowd ** 0.5
        elif r == 11 and by_suit[s] <= 4:
            total += 0.5 * crowd
        elif r == 10 and by_suit[s] <= 3:
            total += 0.2 * crowd
    return total


def bid_estimate(hand: list[str], trump: str | None, players: int) -> float:
    """`trick_estimate` calibrated to what the search bids: a least-squares fit to 225 of hard's
    bids (4 players, hands of 3 to 13 cards; the fit in docs/bots.md). The raw estimate runs
    low on long hands (it was 2 or more tricks from hard's bid in 29 of 84 13-card hands, this
    one in 9) and counts low trumps too little."""
    low_trumps = sum(1 for card in hand if C.suit(card) == trump and _strength(card) < 10)
    return 1.313 * trick_estimate(hand, trump, players) + 0.354 * low_trumps - 0.0627 * len(hand) - 0.067


def choose(view: dict, rng) -> dict:
    legal = view["legal"]
    if legal[0]["type"] == "bid":
        target = round(bid_estimate(view["hand"], view["deal"]["trump"], view["players"]))
        return min(legal, key=lambda a: (abs(a["n"] - target), a["n"]))
    seat = view["seat"]
    want = view["bids"][seat] - view["tricks_won"][seat]
    cards = [a["cards"][0] for a in legal]
    card = pick_card(cards, view["trick"]["plays"], view["deal"]["trump"], C.suit, _strength, want > 0)
    return {"type": "play", "cards": [card]}
