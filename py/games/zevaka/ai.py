"""Zevaka's computer players: the search's helpers (playout policy, position evaluation), which
work on a sampled world, and the levels with their misses. The rule of thumb is baseline.py.

Levels: a "miss" (прозевал: drawing while a move exists) happens only at the level's miss rate;
otherwise the bot plays the game as `Attentive` sees it, where drawing with a move available
is not an action at all, so hard (miss 0) never misses, structurally. `error` is a slip among
those attentive actions (the runner-up target by value: `GameAI.slip`).

Search side (inside a determinization, so every pile may be read):
- `playout_action`: never misses a move; a card goes where it burdens the opponent most likely
  to lose (the most cards) without handing the next players a free move, with some noise.
- `evaluate`: each seat's chance of not being the last with cards, from the card counts.
"""

import math

from ..engine.ai.player import GameAI
from . import baseline, sampler
from .rules import COMMON, ZevakaGame, fits

DRAW = {"type": "draw"}
PLAYOUT_NOISE = 0.2  # random targets in playouts: opponents do not all think alike
LOSE_SHARPNESS = 4.0  # how sharply "most cards" turns into "the loser" in the evaluation


class Attentive(ZevakaGame):
    """The game as the search sees it: nobody draws while a move exists («прозевал»)."""

    def legal(self, state):
        actions = ZevakaGame.legal(self, state)
        if len(actions) > 1 and actions[-1]["type"] == "draw":
            actions.pop()
        return actions


class ZevakaAI(GameAI):
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25, "miss": 0.35},
        "normal": {"iterations": 60, "time_ms": 500, "error": 0.05, "miss": 0.15},
        "hard": {"iterations": 200, "time_ms": 900, "error": 0.0, "miss": 0.0},
    }
    SEARCH_ACTIONS = 12  # the search looks this many actions ahead, then evaluates

    def search_rules(self, game):
        return Attentive()

    def view_for(self, level, state, seat):
        """The levels play the attentive game (no draw while a move exists); the baseline and
        random players the game as it is."""
        return (self.rules if level in self.bot_levels else self.game).view(state, seat)

    def bot(self, state, seat, level, rng, budget_ms=None, *, trace=None, sample=None):
        miss = self.bot_levels[level]["miss"] if level in self.bot_levels else 0
        if miss and state.pending is None and self.game.move_actions(state, seat):
            draw = {"type": "draw"}
            if draw in self.game.legal(state) and rng.random() < miss:
                return draw  # прозевал: the top card could have moved
        return super().bot(state, seat, level, rng, budget_ms, trace=trace, sample=sample)

    def baseline(self, view, rng):
        return baseline.choose(view, rng)

    def determinize(self, state, seat, rng):
        return sampler.determinize(self.rules, state, seat, rng)

    def search_horizon(self, state):
        return self.SEARCH_ACTIONS

    def search_done(self, world, horizon):
        """A search world (its chance log cleared by the sampler) stops after `horizon`
        actions; a real match (the benchmark) only at its end."""
        if world.over:
            return True
        if world.chance:
            return False
        left = world.__dict__.get("search_left")
        if left is None:
            left = horizon
        world.search_left = left - 1  # called once before every action of the search
        return left <= 0

    def search_reward(self, world, root):
        return evaluate(self.rules, world)

    def playout_action(self, world, rng):
        return playout_action(self.rules, world, rng)


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


AI = ZevakaAI
