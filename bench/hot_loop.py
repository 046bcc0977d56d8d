"""The search's speed in two checkouts, side by side: the same hard decisions, timed.

    python bench/hot_loop.py --old /path/to/old/py --new py --game oh_hell --game spades

Each checkout runs in its own process (a `games` package cannot be imported twice), on the
same positions (bench/bots.py's timing positions) with the same random numbers, iterations only.
The processes alternate, `--rounds` times each, and each round reports the CPU time of its best
of `--repeats` passes: the machine is shared and noisy, so the minimum is the figure. Both
checkouts must make exactly the same decisions (a speed-up that changes play is a bot change,
measured by bench/bots.py instead); a difference is reported and fails the run.
"""

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKER = r"""
import hashlib, json, random, sys, time
py, game_id, records, repeats = sys.argv[1], sys.argv[2], json.loads(sys.stdin.read()), int(sys.argv[3])
sys.path.insert(0, py)
from games import registry
assert registry.__file__.startswith(py), registry.__file__
game = registry.get(game_id)
states = [game.replay(r) for r in records]
best, actions = None, None
for _ in range(repeats):
    started = time.process_time()
    actions = [game.bot(s, s.turn, "hard", random.Random(i), 1e12) for i, s in enumerate(states)]
    elapsed = time.process_time() - started
    best = elapsed if best is None else min(best, elapsed)
print(json.dumps({"seconds": best, "decisions": hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()}))
"""


def positions(game_id, count):
    sys.path.insert(0, str(ROOT / "bench"))
    import bots  # the timing positions (imports this checkout's games only to build records)

    return bots.timing_positions(game_id, count)


def run(py: Path, game_id: str, records, repeats: int) -> dict:
    out = subprocess.run([sys.executable, "-c", WORKER, str(py), game_id, str(repeats)],
                         input=json.dumps(records), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the directory holding the old games package")
    parser.add_argument("--new", type=Path, default=ROOT / "py")
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: the trick games)")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    old, new = args.old.resolve(), args.new.resolve()
    same = True
    print(f"{'game':18} {'old s':>7} {'new s':>7} {'old/new':>8}  decisions")
    for game_id in args.game or ["oh_hell", "spades", "eight_five_three"]:
        records = positions(game_id, args.positions)
        times = {"old": [], "new": []}
        digests = set()
        for _ in range(args.rounds):
            for name, py in (("old", old), ("new", new)):
                result = run(py, game_id, records, args.repeats)
                times[name].append(result["seconds"])
                digests.add(result["decisions"])
        best_old, best_new = min(times["old"]), min(times["new"])
        agree = len(digests) == 1
        same &= agree
        print(f"{game_id:18} {best_old:7.3f} {best_new:7.3f} {best_old / best_new:8.2f}  "
              f"{'the same' if agree else 'DIFFERENT'}  (medians {statistics.median(times['old']):.3f} / "
              f"{statistics.median(times['new']):.3f})", flush=True)
    if not same:
        raise SystemExit("the checkouts decided differently: not a pure speed-up")


if __name__ == "__main__":
    main()
