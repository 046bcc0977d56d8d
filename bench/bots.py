"""Bot strength and speed, side by side in one run.

    python bench/bots.py --game oh_hell --pair hard:normal --deals 200 [--jobs 2]
    python bench/bots.py --deals 1000 --jobs 2           # every game, the standard pairs
    python bench/bots.py --timing --pyodide               # decision times, CPython and Pyodide
    python bench/bots.py --all --deals 1000 --json r.jsonl  # everything in docs/benchmarks.md

Strength: duplicate deals. Each deal (a fresh match's first deal, from its seed) is
played once per seating, with the two levels' seats swapped or rotated, so both
sides hold the same cards. Per deal set, A's score is the mean deal result of A's
seats minus B's, summed over the seatings; A wins the set when that is positive
(a tie counts half). Reported: A's win rate over sets and the mean difference, each
with a 95% interval (normal approximation).

Levels: easy, normal, hard (the game's `bot_levels`, iterations only: no time cap,
so a run is reproducible), baseline (the rule-of-thumb player), random, and cheat
(hard's search handed the true state instead of samples: the upper bound).
"""

import argparse
import json
import math
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from games import registry  # noqa: E402

STANDARD_PAIRS = ("hard:normal", "normal:easy", "hard:baseline", "cheat:hard")
# With cheat:hard, the price of honesty by budget; hardx2:hard, what doubling buys the honest bot.
BUDGET_PAIRS = ("cheatx0.25:hardx0.25", "cheatx2:hardx2", "hardx2:hard")
NO_TIME_CAP = 1e12


def _true_state(state, seat, rng):
    world = state.clone()
    world.chance = []
    world.seed = rng.randrange(2**53)
    world.stacked_deck = None
    return world


LEVEL_SPEC = re.compile(r"(cheat)?(easy|normal|hard|baseline|random)?(?:x(\d+(?:\.\d+)?))?")


def register_level(game, spec: str) -> str:
    """A level spec `[cheat][level][xN]`: `hard`, `normalx4` (4 times the iterations),
    `cheat` (hard given the true state), `cheatx2`. A variant is added to the game's
    `bot_levels` (in this process only) under a name of its own; the name is returned."""
    if spec in game.bot_levels:  # a level of the game's, or a --variant
        return spec
    match = LEVEL_SPEC.fullmatch(spec)
    if not match:
        raise SystemExit(f"bad level {spec!r}: use e.g. hard, hardx4, cheat")
    _, level, factor = match.groups()
    level = level or "hard"
    if level in ("baseline", "random") or not factor:
        return level
    name = f"{level}x{factor}"
    if name not in game.bot_levels:
        settings = dict(game.bot_levels[level])
        if factor:
            settings["iterations"] = max(1, round(settings["iterations"] * float(factor)))
        game.bot_levels[name] = settings
    return name


def choose(game, state, level, rng, trace=None):
    """The action of `level` for the seat to act (`cheat...`: that level's search given
    the true state instead of samples)."""
    seat = state.turn
    name = register_level(game, level)
    if level.startswith("cheat"):
        return game.bot(state, seat, name, rng, NO_TIME_CAP, trace=trace, sample=_true_state)
    return game.bot(state, seat, name, rng, NO_TIME_CAP, trace=trace)


# Benchmark deals per game (each a function of the setup's random numbers): Oh Hell, 4 players
# and the first deal of a short game (3 to 10 cards); Spades, 4 players cut-throat or partners,
# nil on or off; Zevaka, 3 players; the others, their default players and options.
BENCH_SETUPS = {
    "oh_hell": lambda rng: {"players": 4, "options": {"largest": rng.choice([3, 5, 7, 10])}},
    "spades": lambda rng: rng.choice([{"players": 4, "options": {}},
                                      {"players": 4, "options": {"nil": "nil"}},
                                      {"players": 4, "options": {"partnership": True, "nil": "nil"}}]),
    "zevaka": lambda rng: {"players": 3, "options": {}},
}


def bench_setup(game, rng) -> dict:
    setup = BENCH_SETUPS.get(game.id)
    return setup(rng) if setup else {"players": game.default_players, "options": {}}




def seatings(players: int) -> list[list[str]]:
    """Which level sits where: A/B alternating (teams sit opposite) and swapped; with an
    odd number of seats, one A rotated through every seat."""
    if players % 2 == 0:
        first = ["A" if s % 2 == 0 else "B" for s in range(players)]
        return [first, ["B" if x == "A" else "A" for x in first]]
    return [["A" if s == r else "B" for s in range(players)] for r in range(players)]


def play_deal(game, setup, seed, levels_by_seat, rng, timings=None):
    """Play the first deal of a fresh match; the result per seat."""
    root = game.new_match(setup["players"], setup["options"], seed)
    deal = game.deal_number(root)
    state = root
    while not state.over and game.deal_number(state) == deal:
        level = levels_by_seat[state.turn]
        started = time.perf_counter()
        action = choose(game, state, level, rng)
        if timings is not None:
            timings.setdefault(level, []).append((time.perf_counter() - started) * 1000)
        state = game.apply(state, action)
    return game.deal_scores(state, deal)


def deal_set(args):
    game_id, pair, index, base_seed = args
    game = registry.get(game_id)
    a, b = pair.split(":")
    rng = random.Random(f"{base_seed}:{game_id}:{index}")
    setup = bench_setup(game, random.Random(f"{base_seed}:{game_id}:{index}:setup"))
    seed = rng.randrange(2**53)
    diff = 0.0
    arrangements = seatings(setup["players"])
    for seating in arrangements:
        levels = [a if x == "A" else b for x in seating]
        bot_rng = random.Random(f"{seed}:{'-'.join(levels)}")
        result = play_deal(game, setup, seed, levels, bot_rng)
        mine = [r for r, x in zip(result, seating) if x == "A"]
        theirs = [r for r, x in zip(result, seating) if x == "B"]
        diff += sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return diff / len(arrangements)  # per deal, so sets of 2 and of 3 seatings compare


def summarize(diffs: list[float]) -> dict:
    n = len(diffs)
    wins = [1.0 if d > 1e-9 else 0.0 if d < -1e-9 else 0.5 for d in diffs]
    rate = sum(wins) / n
    rate_half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-12) / n)
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    return {"sets": n, "win_rate": rate, "win_ci": (max(0.0, rate - rate_half), min(1.0, rate + rate_half)),
            "mean_diff": mean, "diff_ci": (mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n))}


def strength(game_id, pair, deals, jobs, base_seed, progress=True):
    game = registry.get(game_id)
    players = bench_setup(game, random.Random(0))["players"]
    sets = max(1, math.ceil(deals / len(seatings(players))))
    tasks = [(game_id, pair, i, base_seed) for i in range(sets)]
    started = time.perf_counter()
    diffs = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for diff in pool.imap(deal_set, tasks, chunksize=2):
                diffs.append(diff)
                _progress(progress, game_id, pair, len(diffs), sets, started)
    else:
        for task in tasks:
            diffs.append(deal_set(task))
            _progress(progress, game_id, pair, len(diffs), sets, started)
    if progress:
        print(file=sys.stderr)
    summary = summarize(diffs)
    summary["deals"] = sets * len(seatings(players))
    summary["seconds"] = time.perf_counter() - started
    return summary


def _progress(on, game_id, pair, done, total, started):
    if on and (done % 5 == 0 or done == total):
        print(f"\r{game_id} {pair}: {done}/{total} deal sets, {time.perf_counter() - started:.0f} s",
              end="", file=sys.stderr, flush=True)


# ---- speed -----------------------------------------------------------------------------
def timing_positions(game_id, count, seed=1):
    """Positions where a bot has a real choice, from normal-level playthroughs."""
    game = registry.get(game_id)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        setup = bench_setup(game, rng)
        state = game.new_match(setup["players"], setup["options"], rng.randrange(2**53))
        deal = game.deal_number(state)
        while not state.over and game.deal_number(state) == deal and len(positions) < count:
            if len(game.legal(state)) > 1 and rng.random() < 0.5:
                positions.append(game.record(state))
            state = game.apply(state, game.bot(state, state.turn, "baseline", rng))
    return positions


def decision_times(game_id, level, count, seed=1, time_cap=True) -> dict:
    """Median and p95 decision time (ms) of `level` over `count` positions, and the
    search's playouts per second. Runs the same in CPython and in Pyodide."""
    game = registry.get(game_id)
    times, iterations, search_ms = [], 0, 0.0
    for index, record in enumerate(timing_positions(game_id, count, seed)):
        state = game.replay(record)
        trace = []
        rng = random.Random(index)
        started = time.perf_counter()
        game.bot(state, state.turn, level, rng, None if time_cap else NO_TIME_CAP, trace=trace)
        times.append((time.perf_counter() - started) * 1000)
        for result in trace:
            iterations += result.iterations
            search_ms += result.elapsed_ms
    times.sort()
    return {"game": game_id, "level": level, "n": len(times), "median_ms": statistics.median(times),
            "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
            "playouts_per_s": iterations / (search_ms / 1000) if search_ms else None}


def pyodide_times(games, levels, count) -> list[dict]:
    """The same decision_times inside Pyodide under node (needs a built dist/)."""
    script = ROOT / "bench" / "bot_times.mjs"
    request = json.dumps({"games": games, "levels": levels, "count": count})
    out = subprocess.run(["node", str(script), str(ROOT / "dist"), str(Path(__file__)), request],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line.removeprefix("RESULT ")) for line in out.splitlines() if line.startswith("RESULT ")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: all)")
    parser.add_argument("--pair", action="append", help="A:B levels (repeatable; default: %s)" % ", ".join(STANDARD_PAIRS))
    parser.add_argument("--deals", type=int, default=100, help="deals per pair (rounded up to whole sets)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--timing", action="store_true", help="decision times instead of strength")
    parser.add_argument("--pyodide", action="store_true", help="with --timing: also in Pyodide under node")
    parser.add_argument("--positions", type=int, default=60, help="with --timing: positions per game")
    parser.add_argument("--json", type=Path, help="append each result as a JSON line to this file")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=LEVEL:JSON",
                        help='a level of one\'s own for a side-by-side run, e.g. '
                             '\'hardold=hard:{"infer": false}\' (LEVEL\'s settings with JSON\'s changes)')
    parser.add_argument("--all", action="store_true",
                        help="the standard and budget pairs, then --timing --pyodide (needs a built dist/)")
    args = parser.parse_args()
    games = args.game or list(registry.MODULES)
    for variant in args.variant:
        name, _, rest = variant.partition("=")
        base, _, changes = rest.partition(":")
        for game_id in games:
            game = registry.get(game_id)
            game.bot_levels[name] = dict(game.bot_levels[base], **json.loads(changes or "{}"))
    if args.all:
        args.pair = list(STANDARD_PAIRS + BUDGET_PAIRS)
        strength_table(games, args)
        args.timing = args.pyodide = True
    if args.timing:
        levels = ["easy", "normal", "hard"]
        rows = [decision_times(g, level, args.positions) for g in games for level in levels]
        if args.pyodide:
            rows += [dict(r, runtime="pyodide") for r in pyodide_times(games, levels, args.positions)]
        print(f"{'game':18} {'level':7} {'runtime':8} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'playouts/s':>11}")
        if args.json:
            with args.json.open("a") as out:
                out.writelines(json.dumps(dict(r, runtime=r.get("runtime", "cpython"))) + "\n" for r in rows)
        for r in rows:
            pps = f"{r['playouts_per_s']:.0f}" if r.get("playouts_per_s") else "-"
            print(f"{r['game']:18} {r['level']:7} {r.get('runtime', 'cpython'):8} {r['n']:4} "
                  f"{r['median_ms']:10.1f} {r['p95_ms']:8.1f} {pps:>11}")
        return
    strength_table(games, args)


def strength_table(games, args):
    print(f"{'game':18} {'A:B':15} {'deals':>6} {'A win rate (95% CI)':>24} {'A-B per deal (95% CI)':>28} {'time':>7}")
    for game_id in games:
        for pair in args.pair or STANDARD_PAIRS:
            s = strength(game_id, pair, args.deals, args.jobs, args.seed)
            lo, hi = s["win_ci"]
            dlo, dhi = s["diff_ci"]
            print(f"{game_id:18} {pair:15} {s['deals']:6} {s['win_rate']:8.1%} ({lo:6.1%}–{hi:6.1%}) "
                  f"{s['mean_diff']:+9.3f} ({dlo:+8.3f} – {dhi:+8.3f}) {s['seconds']:6.0f}s", flush=True)
            if args.json:
                with args.json.open("a") as out:
                    out.write(json.dumps(dict(s, game=game_id, pair=pair, seed=args.seed)) + "\n")


if __name__ == "__main__":
    main()
