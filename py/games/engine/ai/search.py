"""The search every game's bots use: flat Monte Carlo over sampled worlds, with sequential
halving (`rollouts`) or without (`flat`, for a choice among a few actions).

Every candidate action is tried on the same sampled worlds (the game's sampler deals every
card the seat cannot see again, consistently with what it knows), each followed by a
playout of the game's policy to the search's horizon (the end of the deal), with the same
random numbers for every candidate (common random numbers: the luck of the deal and of the
playout cancels between candidates); with halving, the better half survives each round.

The root state is never read for hidden cards: only through the sampler. The hot loop
copies a world once per candidate (`State.clone`) and then changes it in place with the
search's rules (`GameAI.rules.perform`); no `deepcopy`, no `apply` validation.
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


def action_key(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


@dataclass
class SearchResult:
    action: dict
    iterations: int
    playout_steps: int
    elapsed_ms: float
    stats: dict  # action key -> (visits, mean reward for the seat)


def rollouts(ai, state, seat: int, budget: Budget, rng: random.Random, *,
             sample=None, playout=None, candidates: list | None = None) -> SearchResult:
    """The best of `candidates` (default: the seat's legal actions, one per class of
    equivalent actions, `GameAI.search_actions`) by determinized rollouts.

    Every candidate is tried on the same sampled worlds, each followed by a playout
    with the same random numbers (paired: the luck of the deal and of the playout
    cancels between candidates), and sequential halving (Karnin et al. 2013) spends
    the budget of playouts on the better half, round by round. With a heuristic
    playout policy this is a one-step policy improvement of that policy. Anytime:
    `budget.time_ms` stops it between worlds.

    `sample(state, seat, rng)` defaults to `ai.sample` (the benchmark's cheating bot passes
    one that returns the true state); `playout(world, rng)` to `ai.playout_action`."""
    sample = sample or ai.sample
    playout = playout or ai.playout_action
    started = time.perf_counter()
    if candidates is None:
        candidates = ai.search_actions(state, ai.rules.legal(state))
    if len(candidates) == 1:
        return SearchResult(candidates[0], 0, 0, 0.0, {})
    deadline = None if budget.time_ms is None else started + budget.time_ms / 1000
    horizon = ai.search_horizon(state)
    perform, play_out, reward_of = ai.rules.perform, ai.play_out, ai.search_reward
    keys = [action_key(a) for a in candidates]
    totals = [0.0] * len(candidates)
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
            luck = rng.getrandbits(48)
            for index in alive:
                sim = world.clone()
                perform(sim, candidates[index])
                steps += play_out(sim, horizon, playout, random.Random(luck))
                totals[index] += reward_of(sim, state)[seat]
                counts[index] += 1
                done += 1

        def mean(i):
            return totals[i] / counts[i] if counts[i] else 0.0

        alive.sort(key=mean, reverse=True)
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
    best = max(alive, key=lambda i: (mean(i), counts[i]))
    elapsed = (time.perf_counter() - started) * 1000
    stats = {keys[i]: (counts[i], mean(i)) for i in range(len(candidates))}
    return SearchResult(candidates[best], done, steps, elapsed, stats)


def flat(ai, state, seat: int, candidates: list, worlds: int, rng: random.Random, *, time_ms=None,
         sample=None, playout=None) -> SearchResult:
    """The best of `candidates` by their mean reward over `worlds` sampled worlds, every one
    played out on each world with the same random numbers (ties: the earlier candidate).
    Anytime: `time_ms` stops it between worlds, after the first. Its `stats` rank every
    candidate (a slip's runner-up)."""
    sample = sample or ai.sample
    playout = playout or ai.playout_action
    started = time.perf_counter()
    deadline = None if time_ms is None else started + time_ms / 1000
    horizon = ai.search_horizon(state)
    perform, play_out, reward_of = ai.rules.perform, ai.play_out, ai.search_reward
    totals = [0.0] * len(candidates)
    played = steps = 0
    while played < worlds:
        if deadline is not None and played and time.perf_counter() > deadline:
            break
        world = sample(state, seat, rng)
        luck = rng.getrandbits(48)
        for index, candidate in enumerate(candidates):
            sim = world.clone()
            perform(sim, candidate)
            steps += play_out(sim, horizon, playout, random.Random(luck))
            totals[index] += reward_of(sim, state)[seat]
        played += 1
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    stats = {action_key(c): (played, totals[i] / played) for i, c in enumerate(candidates)}
    return SearchResult(candidates[best], played * len(candidates), steps, (time.perf_counter() - started) * 1000,
                        stats)
