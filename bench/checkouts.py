"""Two checkouts' bots side by side on duplicate deals: a bot change measured against the code
before it, whatever it touched (settings, playouts, samplers).

    python bench/checkouts.py --old /path/to/old/py --game kozel --deals 200 [--level hard] [--jobs 2]
        [--options '{"show_points": true}']   (the game's bench set-up, these options on top)

Each checkout's games package runs in a process of its own (one interpreter cannot import two
`games` packages) and answers as the bridge does: given a match record and a level, the action
of the seat to act (iterations only, no time cap: reproducible). The deals, the seatings (A/B
alternating and swapped; with an odd count one A rotated through the seats) and the summary are
bench/bots.py's. A is the new checkout, B the old one.
"""

import argparse
import json
import multiprocessing
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bots import bench_setup, seatings, summarize  # noqa: E402  (bench/bots.py puts py/ on the path)

from games import registry  # noqa: E402

NO_TIME_CAP = 1e12

WORKER = r"""
import json, random, sys
sys.path.insert(0, sys.argv[1])
from games import registry
assert registry.__file__.startswith(sys.argv[1]), registry.__file__
for line in sys.stdin:
    ask = json.loads(line)
    game = registry.get(ask["record"]["game"])
    state = game.replay(ask["record"])
    action = game.bot(state, state.turn, ask["level"], random.Random(ask["seed"]), 1e12)
    print(json.dumps(action), flush=True)
"""


class Checkout:
    """A process holding one checkout's games package, asked for decisions a line at a time."""

    def __init__(self, py: Path):
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(py)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def decide(self, record, level, seed) -> dict:
        self.process.stdin.write(json.dumps({"record": record, "level": level, "seed": seed}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


_CHECKOUTS = {}


def _worker_init(old, new):
    _CHECKOUTS["A"], _CHECKOUTS["B"] = Checkout(Path(new)), Checkout(Path(old))


def deal_set(task):
    """One deal played once per seating; A's mean deal score minus B's, per deal."""
    game_id, level, index, base_seed, options = task
    game = registry.get(game_id)
    rng = random.Random(f"{base_seed}:{game_id}:{index}")
    setup = bench_setup(game, random.Random(f"{base_seed}:{game_id}:{index}:setup"))
    setup = dict(setup, options=dict(setup["options"], **options))
    seed = rng.randrange(2**53)
    diff = 0.0
    arrangements = seatings(setup["players"])
    for seating in arrangements:
        state = game.new_match(setup["players"], setup["options"], seed)
        deal = game.deal_number(state)
        while not state.over and game.deal_number(state) == deal:
            side = seating[state.turn]
            action = _CHECKOUTS[side].decide(game.record(state), level, f"{seed}:{len(state.actions)}")
            state = game.apply(state, action)
        result = game.deal_scores(state, deal)
        mine = [r for r, x in zip(result, seating) if x == "A"]
        theirs = [r for r, x in zip(result, seating) if x == "B"]
        diff += sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return diff / len(arrangements)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the directory holding the old games package")
    parser.add_argument("--new", type=Path, default=ROOT / "py")
    parser.add_argument("--game", required=True)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="checkouts")
    parser.add_argument("--options", default="{}", help="options (JSON) over the game's bench set-up")
    parser.add_argument("--json", type=Path, help="append the result as a JSON line to this file")
    args = parser.parse_args()
    options = json.loads(args.options)
    game = registry.get(args.game)
    players = bench_setup(game, random.Random(0))["players"]
    sets = max(1, -(-args.deals // len(seatings(players))))
    tasks = [(args.game, args.level, i, args.seed, options) for i in range(sets)]
    started = time.perf_counter()
    diffs = []
    with multiprocessing.get_context("fork").Pool(args.jobs, _worker_init, (str(args.old.resolve()),
                                                                            str(args.new.resolve()))) as pool:
        for diff in pool.imap(deal_set, tasks):
            diffs.append(diff)
            print(f"\r{len(diffs)}/{sets} deal sets, {time.perf_counter() - started:.0f} s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    s = summarize(diffs)
    s.update(deals=sets * len(seatings(players)), seconds=time.perf_counter() - started, game=args.game,
             level=args.level, old=str(args.old), new=str(args.new), seed=args.seed, options=options)
    lo, hi = s["win_ci"]
    dlo, dhi = s["diff_ci"]
    print(f"{args.game} {args.level} new:old over {s['deals']} deals: new wins {s['win_rate']:.1%} of deal sets "
          f"({lo:.1%}–{hi:.1%}), new − old {s['mean_diff']:+.3f} a deal ({dlo:+.3f} … {dhi:+.3f}), "
          f"{s['seconds']:.0f} s")
    if args.json:
        with args.json.open("a") as out:
            out.write(json.dumps(dict(s, script="checkouts")) + "\n")


if __name__ == "__main__":
    main()
