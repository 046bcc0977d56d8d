"""A rule-of-thumb Zevaka player (the `normal` and `hard` levels until the search bots).
It reads only its seat's view.

- Never «прозевал»: while the own top card fits somewhere it is moved (Z6), then it draws.
- Where a card goes (Z17): onto the opponent with the fewest cards, else the common pile.
- `hard` first avoids targets whose new top lets another opponent shed at once (their
  visible top card would fit on it); then as `normal`.
"""

COMMON = "common"


def _fits_rank(card, under, cycle, wild):
    """Does `card` go on a top that counts as rank `under` (None: a lone wild ace)?"""
    if wild and card[0] == "A":
        return True
    if under is None:
        return wild
    return cycle.index(card[0]) == (cycle.index(under) + 1) % len(cycle)


def _card_for(view, action):
    if action["type"] == "place":
        return view["pending"]["card"]
    return view["piles"][view["seat"]]["top"]


def _new_rank(view, action, card):
    """The rank the target's new top counts as once `card` lies on it."""
    wild, cycle = view["options"]["aces_wild"], view["cycle"]
    if not (wild and card[0] == "A"):
        return card[0]
    target = action["target"]
    under = view["common"]["acts_as"] if target == COMMON else view["piles"][target]["acts_as"]
    return None if under is None else cycle[(cycle.index(under) + 1) % len(cycle)]


def _score(view, action, hard):
    """Lower is better."""
    target = action["target"]
    piles, seat, players = view["piles"], view["seat"], view["players"]
    order = 0 if target == COMMON else (target - seat) % players
    base = (1, 0, order) if target == COMMON else (0, piles[target]["cards"], order)
    if not hard:
        return base
    card = _card_for(view, action)
    rank = _new_rank(view, action, card)
    wild, cycle = view["options"]["aces_wild"], view["cycle"]
    helped = sum(
        1 for s in range(players)
        if s not in (seat, target) and piles[s]["top"] is not None and not piles[s]["out"]
        and _fits_rank(piles[s]["top"], rank, cycle, wild)
    )
    return (helped,) + base


def choose(view: dict, level: str, rng) -> dict:
    legal = view["legal"]
    placements = [a for a in legal if a["type"] in ("move", "place")]
    if not placements:
        return legal[0]  # the draw
    hard = level == "hard"
    return min(placements, key=lambda a: _score(view, a, hard))
