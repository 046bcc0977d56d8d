"""Zevaka's rule-of-thumb player (the `baseline`, and `easy` with its errors); it reads only
its seat's view:
- Never «прозевал»: while the own top card fits somewhere it is moved (Z6), then it draws.
- Where a card goes (Z17): onto the opponent with the fewest cards, else the common pile.
"""

from .rules import COMMON


def choose(view: dict, rng) -> dict:
    """The baseline: move while a move exists, fewest-cards opponent first, else common."""
    legal = view["legal"]
    placements = [a for a in legal if a["type"] in ("move", "place")]
    if not placements:
        return legal[0]  # the draw
    piles, seat, players = view["piles"], view["seat"], view["players"]

    def score(action):  # lower is better
        target = action["target"]
        if target == COMMON:
            return (1, 0, 0)
        return (0, piles[target]["cards"], (target - seat) % players)

    return min(placements, key=score)
