"""Does anything but attentiveness matter in Zevaka? Whole 3-player games between simple
policies, side by side in one run, the odd one out rotated through every seat of the same
deals: how often it is the loser (fair: 1/3), with a 95% interval.

    python bench/zevaka_policies.py [--games 300]

Policies: where a fitting card goes (`fewest`: the opponent with the fewest cards, the
baseline bot's rule; `most`: the one with the most; `common`: the common pile first;
`random`), and `careless`: the baseline that draws half the time while a move exists
(«прозевал»). Every policy but `careless` never misses a move.
"""

import argparse
import itertools
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from games.zevaka import ATTENTIVE, GAME  # noqa: E402

COMMON = "common"
DRAW = {"type": "draw"}


def load(state, target):
    return len(state.open[target]) + len(state.down[target])


def placing(rule):
    def choose(state, rng):
        legal = ATTENTIVE.legal(state)  # never a draw while a move exists
        placements = [a for a in legal if a["type"] in ("move", "place")]
        if not placements:
            return legal[0]
        if rule == "random":
            return rng.choice(placements)
        sign = {"fewest": 1, "most": -1, "common": 0}[rule]

        def key(action):
            target = action["target"]
            if target == COMMON:
                return (rule != "common", 0)
            return (rule == "common", sign * load(state, target))

        return min(placements, key=key)
    return choose


def careless(state, rng):
    if DRAW in GAME.legal(state) and rng.random() < 0.5:
        return DRAW
    return POLICIES["fewest"](state, rng)


POLICIES = {name: placing(name) for name in ("fewest", "most", "common", "random")}
POLICIES["careless"] = careless


def loser(policies, seed):
    state, rng = GAME.new_match(len(policies), {}, seed), random.Random(seed)
    while not state.over:
        state = GAME.apply(state, policies[state.turn](state, rng))
    return state.loser


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="deals per pair (each played 3 times)")
    args = parser.parse_args()
    print(f"{'A vs B':22} {'games':>6} {'A loses (95% CI)':>24}")
    for a, b in itertools.combinations(POLICIES, 2):
        losses = played = 0
        for seed in range(args.games):
            for odd in range(3):
                seats = [POLICIES[a] if s == odd else POLICIES[b] for s in range(3)]
                losses += loser(seats, seed) == odd
                played += 1
        rate = losses / played
        half = 1.96 * math.sqrt(rate * (1 - rate) / played)
        print(f"{a + ' vs ' + b:22} {played:6} {rate:8.1%} ({rate - half:6.1%} – {rate + half:6.1%})", flush=True)


if __name__ == "__main__":
    main()
