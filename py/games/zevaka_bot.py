"""Zevaka bots: the rule-of-thumb player (the `baseline`, and `easy` with its errors) and the
search's helpers (playout policy, position evaluation), which work on a sampled world.

Rule of thumb (`choose`, reads only its seat's view):
- Never «прозевал»: while the own top card fits somewhere it is moved (Z6), then it draws.
- Where a card goes (Z17): onto the opponent with the fewest cards, else the common pile.

Search side (inside a determinization, so every pile may be read):
- `playout_action`: never misses a move; a card goes where it burdens the opponent most likely
  to lose (the most cards) without handing the next players a free move, with some noise.
- `evaluate`: each seat's chance of not being the last with cards, from the card counts.
"""

import math

from .zevaka import fits

COMMON = "common"
DRAW = {"type": "draw"}
PLAYOUT_NOISE = 0.2  # random targets in playouts: opponents do not all think alike
LOSE_SHARPNESS = 4.0  # how sharply "most cards" turns into "the loser" in the evaluation


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


# ---- search helpers (on a world: a full, sampled state) ---------------------------------
def playout_action(game, world, rng) -> dict:
    seat = world.turn
    if world.pending is not None:
        kind, card = "place", world.pending
    else:
        pile = world.open[seat]
        card = pile[-1] if pile else None
        kind = "move"
    targets = game.targets(world, card, seat) if card is not None else []
    if not targets:
        return DRAW  # (a stuck one-card player never gets here: Z12 skips them)
    if len(targets) == 1:
        return {"type": kind, "target": targets[0]}
    if rng.random() < PLAYOUT_NOISE:
        return {"type": kind, "target": targets[rng.randrange(len(targets))]}
    return {"type": kind, "target": best_target(game, world, seat, card, targets, kind == "move")}


def best_target(game, world, seat, card, targets, moving):
    """Where `card` goes: first where the own next top card can follow at once, then where it
    hands no other player a free move, then onto an opponent rather than the common pile,
    the one with the most cards."""
    ranks, wild = world.ranks, world.options["aces_wild"]
    own = world.open[seat]
    own_top = (own[-2] if len(own) > 1 else None) if moving else (own[-1] if own else None)
    best, best_key = None, None
    for target in targets:
        load = -1 if target == COMMON else len(world.open[target]) + len(world.down[target])
        mine = helped = 0
        if not (wild and card[0] == "A"):  # an ace's successor depends on the pile: no look-ahead
            new_top = [card]
            mine = 1 if own_top is not None and fits(own_top, new_top, ranks, wild) else 0
            for other in range(world.players):
                if other == seat or other == target or other in world.out:
                    continue
                pile = world.open[other]
                if pile and fits(pile[-1], new_top, ranks, wild):
                    helped += 1
        key = (mine, -helped, load)
        if best_key is None or key > best_key:
            best, best_key = target, key
    return best


def evaluate(game, world) -> list[float]:
    """Each seat's reward in [0, 1]: 1 - its estimated chance of being the loser (Z14).
    Over: the loser 0, the others 1 (a drawn game 0.5 each)."""
    n = world.players
    if world.over:
        if world.end == "draw":
            return [0.5] * n
        return [0.0 if s == world.loser else 1.0 for s in range(n)]
    holders = [s for s in range(n) if s not in world.out]
    loads = {s: len(world.open[s]) + len(world.down[s]) for s in holders}
    if world.pending is not None:
        loads[world.turn] += 1
    mean = sum(loads.values()) / len(holders)
    most = max(loads.values())
    scale = LOSE_SHARPNESS / (mean + 3.0)
    weights = {s: math.exp((load - most) * scale) for s, load in loads.items()}
    total = sum(weights.values())
    return [1.0 - weights[s] / total if s in weights else 1.0 for s in range(n)]
