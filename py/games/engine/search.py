"""The search bots every game uses: information-set Monte Carlo tree search (`ismcts`)
and determinized rollouts with sequential halving (`rollouts`). A game's bot levels
name which one (`"search": "ismcts" | "rollouts"`); bench/bots.py measures both.

Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012). Each iteration draws a
determinization from the game's sampler (`Game.sample`: the unseen cards dealt
again, consistently with what the seat knows), walks the shared tree choosing
among the actions legal in that determinization (UCB1 with availability counts),
adds one node, plays out with the game's playout policy to the search horizon
(usually the end of the deal) and backs up each seat's reward in [0, 1].

The root state is never read for hidden cards: only through `Game.sample`. The
hot loop copies a state once per iteration (`State.clone`) and then changes it in
place with `Game.perform`; no `deepcopy`, no `apply` validation.
"""

import json
import math
import random
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    iterations: int  # at most this many iterations...
    time_ms: float | None = None  # ...and stop early when this much time has passed


class _Node:
    __slots__ = ("actor", "action", "children", "visits", "available", "reward")

    def __init__(self, actor, action):
        self.actor = actor  # the seat whose action led here (its reward is summed)
        self.action = action
        self.children: dict[str, "_Node"] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def action_key(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


@dataclass
class SearchResult:
    action: dict
    iterations: int
    playout_steps: int
    elapsed_ms: float
    stats: dict  # action key -> (visits, mean reward for the seat)


def ismcts(game, state, seat: int, budget: Budget, rng: random.Random, *,
           sample=None, exploration: float = 0.7) -> SearchResult:
    """The most visited root action after `budget`, for `seat` (the seat to act).

    `sample(state, seat, rng)` defaults to `game.sample`; the benchmark's cheating
    bot passes one that returns the true state."""
    sample = sample or game.sample
    legal = game.legal(state)
    started = time.perf_counter()
    choices = game.search_actions(state, legal)
    if len(choices) == 1:  # (else the root would collect the next seat's actions)
        return SearchResult(choices[0], 0, 0, 0.0, {})
    root = _Node(None, None)
    deadline = None if budget.time_ms is None else started + budget.time_ms / 1000
    horizon = game.search_horizon(state)
    steps = 0
    done = 0
    legal_of, perform, playout = game.legal, game.perform, game.playout_action
    twins = game.search_actions
    at_horizon, reward_of = game.search_done, game.search_reward
    log = math.log
    while done < budget.iterations:
        if deadline is not None and done and done % 4 == 0 and time.perf_counter() > deadline:
            break
        world = sample(state, seat, rng)
        node = root
        path = []
        # Selection and expansion.
        while not at_horizon(world, horizon):
            actions = twins(world, legal_of(world))
            if len(actions) == 1:  # forced: no decision, no node
                perform(world, actions[0])
                steps += 1
                continue
            actor = world.turn
            untried = []
            best, best_score = None, -1.0
            children = node.children
            for action in actions:
                key = action_key(action)
                child = children.get(key)
                if child is None:
                    untried.append((key, action))
                    continue
                child.available += 1
                if not untried:
                    score = child.reward / child.visits + exploration * math.sqrt(
                        log(child.available) / child.visits)
                    if score > best_score:
                        best, best_score = child, score
            if untried:
                key, action = untried[rng.randrange(len(untried))]
                child = _Node(actor, action)
                child.available = 1
                children[key] = child
                perform(world, action)
                steps += 1
                path.append(child)
                break
            perform(world, best.action)
            steps += 1
            path.append(best)
            node = best
        # Playout.
        while not at_horizon(world, horizon):
            perform(world, playout(world, rng))
            steps += 1
        rewards = reward_of(world, state)
        for child in path:
            child.visits += 1
            child.reward += rewards[child.actor]
        done += 1
    elapsed = (time.perf_counter() - started) * 1000
    stats = {k: (c.visits, c.reward / c.visits if c.visits else 0.0) for k, c in root.children.items()}
    if not root.children:
        return SearchResult(rng.choice(legal), done, steps, elapsed, stats)
    best = max(root.children.values(), key=lambda c: (c.visits, c.reward))
    # A root child must be legal in the true position (the seat's own options are known).
    legal_keys = {action_key(a) for a in legal}
    if action_key(best.action) not in legal_keys:
        raise AssertionError("the search chose an action the seat does not have")
    return SearchResult(best.action, done, steps, elapsed, stats)


def rollouts(game, state, seat: int, budget: Budget, rng: random.Random, *,
             sample=None, candidates: list | None = None, weigh=None) -> SearchResult:
    """The best of `candidates` (default: the seat's legal actions, one per class of
    equivalent actions, `Game.search_actions`) by determinized rollouts.

    Every candidate is tried on the same sampled worlds, each followed by a playout
    with the same random numbers (paired: the luck of the deal and of the playout
    cancels between candidates), and sequential halving (Karnin et al. 2013) spends
    the budget of playouts on the better half, round by round. With a heuristic
    playout policy this is a one-step policy improvement of that policy. Anytime:
    `budget.time_ms` stops it between worlds.

    `weigh(world, state, seat)`, if given, is how likely the world is given what the
    others did (their bids, say) under the bot's own model: each world's results count
    with that weight (importance weighting; the worlds themselves stay the sampler's)."""
    sample = sample or game.sample
    started = time.perf_counter()
    if candidates is None:
        candidates = game.search_actions(state, game.legal(state))
    if len(candidates) == 1:
        return SearchResult(candidates[0], 0, 0, 0.0, {})
    deadline = None if budget.time_ms is None else started + budget.time_ms / 1000
    horizon = game.search_horizon(state)
    perform, playout, at_horizon, reward_of = game.perform, game.playout_action, game.search_done, game.search_reward
    keys = [action_key(a) for a in candidates]
    totals = [0.0] * len(candidates)
    weights = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    alive = list(range(len(candidates)))
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    per_round = budget.iterations / rounds
    done = steps = 0
    out_of_time = False
    while len(alive) > 1 and done < budget.iterations and not out_of_time:
        worlds = max(1, int(per_round // len(alive)))
        for _ in range(worlds):
            if deadline is not None and done and time.perf_counter() > deadline:
                out_of_time = True
                break
            world = sample(state, seat, rng)
            weight = 1.0 if weigh is None else weigh(world, state, seat)
            luck = rng.getrandbits(48)
            for index in alive:
                sim = world.clone()
                perform(sim, candidates[index])
                playout_rng = random.Random(luck)
                while not at_horizon(sim, horizon):
                    perform(sim, playout(sim, playout_rng))
                    steps += 1
                totals[index] += weight * reward_of(sim, state)[seat]
                weights[index] += weight
                counts[index] += 1
                done += 1

        def mean(i):
            return totals[i] / weights[i] if weights[i] > 0 else 0.0

        alive.sort(key=mean, reverse=True)
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
    best = max(alive, key=lambda i: (mean(i), counts[i]))
    elapsed = (time.perf_counter() - started) * 1000
    stats = {keys[i]: (counts[i], mean(i)) for i in range(len(candidates))}
    return SearchResult(candidates[best], done, steps, elapsed, stats)
