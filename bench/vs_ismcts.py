"""OpenSpiel's own Python ISMCTS against our bots, in all five games, on duplicate deals.

    /work/venv-openspiel/bin/python bench/vs_ismcts.py --game kozel --deals 200 --sims 1000 --jobs 2 --resume
    python bench/vs_ismcts.py --report bench/results/ismcts.jsonl     # the summary (no open_spiel needed)

The search is `open_spiel.python.algorithms.ismcts.ISMCTSBot` with `mcts.RandomRolloutEvaluator`
(one random rollout a simulation, the most visited action), unchanged; it plays our rules
through bench/ismcts_adapter.py, with our sampler as its resampler (every simulation deals
again what the acting seat cannot see). Our level plays through `game.bot` with no time cap
(iterations only: a rerun with the same --seed plays the same games).

A deal set: one deal (the first of a fresh match, from its seed) played once per seating,
with the same cards: with 4 players ours sit in seats 0 and 2 (Kozel: a team) and ISMCTS in
1 and 3, then they swap; with 3, one of ours sits in each seat in turn (bench/bots.py
`seatings`). Its score: ours' mean result minus ISMCTS's, averaged over the seatings, in the
game's unit (bench/ismcts_adapter.py `SCORES`): Oh Hell deal points, Spades the points of the
seat's side this hand, 8-5-3 tricks minus duty, Kozel the team's card points this deal (the
defeat points given minus taken are reported too), Zevaka 1 for not being the loser, 0 for
the loser (one whole game; the final card counts are reported too). ISMCTS is given the same
unit as its returns.

Each finished deal set is one JSON line in --json (with the options, sims, uct_c, seed and the
games package's commit), so a long run can be stopped and resumed (--resume skips the deal
sets of the same settings already there); --report summarises a results file: the mean
difference with its 95% interval, deal sets won (ties half), the median time a decision of
each side, and the per-seat details' means (bids, tricks...).
"""

import argparse
import json
import random
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bots import choose, seatings, summarize  # noqa: E402  (bench/bots.py puts py/ on the path)
from ismcts_adapter import SCORES, Resampler, SpielGame  # noqa: E402
from runs import add_run_arguments, by_settings, lines_of, run_tasks, todo  # noqa: E402
from vs_openspiel import code_version  # noqa: E402

from games import registry  # noqa: E402

# ISMCTS's exploration constant, in the unit of each game's returns. Oh Hell's 5 was tuned
# against hard (bench/vs_openspiel.py); the others are untuned: about 0.7 of the spread of
# a deal's result in that unit, as 5 is for Oh Hell's points (pass --uct-c to try others).
DEFAULT_UCT_C = {"oh_hell": 5.0, "spades": 15.0, "kozel": 18.0, "eight_five_three": 2.5, "zevaka": 0.35}
SCRIPT = "vs_ismcts"
# Zevaka's whole game is one deal of hundreds of actions: random rollouts to its end cost about a
# minute a decision at 1,000 simulations, so ISMCTS's simulations stop 12 actions ahead and score
# the position with the evaluation our own search uses there (bench/ismcts_adapter.py `horizon`).
DEFAULT_HORIZON = {"zevaka": 12}
SETTINGS = ("game", "players", "options", "sims", "uct_c", "horizon", "level", "seed")  # a run's identity


def deal_seed(settings: dict, index: int) -> int:
    """The same deals for every level, budget and uct_c (so runs pair deal by deal)."""
    return random.Random(f"{settings['seed']}:{settings['game']}:{settings['players']}:{index}").randrange(2**53)


def ismcts_bot(spiel_game, settings: dict, seed: int):
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed % 2**32)
    bot = ismcts.ISMCTSBot(spiel_game, mcts.RandomRolloutEvaluator(1, random_state), settings["uct_c"],
                           settings["sims"], random_state=random_state,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(Resampler(random.Random(seed)))
    return bot


def play_seating(game, settings: dict, seed: int, kinds: list[str], times: dict):
    """One deal with ours ("A") and ISMCTS ("B") seated as `kinds`: each seat's result and details."""
    spiel_game = SpielGame(game, settings["players"], settings.get("horizon"))
    state = spiel_game.start(game.new_match(settings["players"], settings["options"], seed))
    label = "".join(kinds)
    ours_rng = random.Random(f"{seed}:{label}")
    opponent = ismcts_bot(spiel_game, settings, random.Random(f"{seed}:{label}:ismcts").randrange(2**53))
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:  # forced: neither side has a decision (ISMCTS would search it anyway)
            state.apply_action(legal[0])
            continue
        started = time.perf_counter()
        if kinds[seat] == "A":
            action_id = spiel_game.ids.id_of(choose(game, state.state, settings["level"], ours_rng))
        else:
            action_id = int(opponent.step(state))
        elapsed = (time.perf_counter() - started) * 1000
        if action_id not in legal:
            raise RuntimeError(f"{game.id}: seat {seat} chose an illegal action {state.action(action_id)}")
        times[kinds[seat]].append(round(elapsed, 1))
        state.apply_action(action_id)
    return state.returns(), state.details()


def play_set(task) -> list[dict]:
    settings, index = task
    game = registry.get(settings["game"])
    seed = deal_seed(settings, index)
    started = time.perf_counter()
    times = {"A": [], "B": []}
    rows, diff = [], 0.0
    arrangements = seatings(settings["players"])
    for kinds in arrangements:
        returns, details = play_seating(game, settings, seed, kinds, times)
        ours = [r for r, k in zip(returns, kinds) if k == "A"]
        theirs = [r for r, k in zip(returns, kinds) if k == "B"]
        diff += statistics.fmean(ours) - statistics.fmean(theirs)
        rows.append({"kinds": "".join(kinds), "returns": returns, "details": details})
    return [dict(settings, script=SCRIPT, set=index, deal_seed=seed, unit=SCORES[settings["game"]].unit,
                diff=diff / len(arrangements), seatings=rows, ms=times, seconds=time.perf_counter() - started)]


# ---- results -------------------------------------------------------------------------------
def summary(lines: list[dict]) -> dict:
    """One run's figures from its deal sets (each counted once, the last line of a set kept)."""
    by_set = {line["set"]: line for line in lines}
    sets = [by_set[i] for i in sorted(by_set)]
    s = summarize([line["diff"] for line in sets])
    times = {k: [t for line in sets for t in line["ms"][k]] for k in "AB"}
    details = {"A": {}, "B": {}}
    for line in sets:
        for row in line["seatings"]:
            for kind, seat_details in zip(row["kinds"], row["details"]):
                for key, value in seat_details.items():
                    if isinstance(value, (int, float)) and value is not None:
                        details[kind].setdefault(key, []).append(value)
    s.update(deals=len(sets) * len(sets[0]["seatings"]), unit=sets[0]["unit"],
             ms_ours=statistics.median(times["A"]) if times["A"] else None,
             ms_ismcts=statistics.median(times["B"]) if times["B"] else None,
             details={k: {key: statistics.fmean(v) for key, v in d.items()} for k, d in details.items()},
             commits=sorted({(line.get("games_commit") or "?")[:7] for line in sets}),
             hours=sum(line["seconds"] for line in sets) / 3600)
    return s


def describe(settings: dict, s: dict) -> str:
    lo, hi = s["diff_ci"]
    wlo, whi = s["win_ci"]
    ms = lambda v: "-" if v is None else f"{v:.0f}"  # noqa: E731
    lines = [f"{settings['game']}, {settings['players']} players, options {json.dumps(settings['options'])}: "
             f"{settings['level']} vs ISMCTS {settings['sims']} sims (uct_c {settings['uct_c']}"
             + (f", horizon {settings['horizon']} actions" if settings.get("horizon") else "")
             + f"), seed {settings['seed']!r}",
             f"  unit: {s['unit']}",
             f"  {s['sets']} deal sets ({s['deals']} deals played): ours - ISMCTS {s['mean_diff']:+.2f} a deal "
             f"({lo:+.2f} … {hi:+.2f}); deal sets won {s['win_rate']:.1%} ({wlo:.1%} – {whi:.1%})",
             f"  median ms a decision: ours {ms(s['ms_ours'])}, ISMCTS {ms(s['ms_ismcts'])}; "
             f"{s['hours']:.2f} h of play; games commit {', '.join(s['commits'])}"]
    keys = sorted(set(s["details"]["A"]) | set(s["details"]["B"]))
    if keys:
        lines.append("  per seat, ours / ISMCTS: " + ", ".join(
            f"{key} {s['details']['A'].get(key, float('nan')):.2f} / {s['details']['B'].get(key, float('nan')):.2f}"
            for key in keys))
    return "\n".join(lines)


def report(path: Path, paired: Path | None = None) -> None:
    """Each run in `path`; with `paired`, also each run against the run of the same settings in
    that file (another version of our bot, on the same deals and against the same ISMCTS), set
    by set: the change in ours − ISMCTS, with its 95% interval."""
    groups = by_settings(path, SCRIPT, SETTINGS)
    if not groups:
        print(f"no vs_ismcts results in {path}")
    others = by_settings(paired, SCRIPT, SETTINGS) if paired else {}
    for key, lines in groups.items():
        print(describe(json.loads(key), summary(lines)))
        if key in others:
            mine = {line["set"]: line["diff"] for line in lines}
            theirs = {line["set"]: line["diff"] for line in others[key]}
            common = sorted(set(mine) & set(theirs))
            s = summarize([mine[i] - theirs[i] for i in common])
            lo, hi = s["diff_ci"]
            print(f"  against {paired} on the same {len(common)} deal sets: {s['mean_diff']:+.2f} a deal "
                  f"({lo:+.2f} … {hi:+.2f}); better in {s['win_rate']:.1%} of them")


# ---- the run --------------------------------------------------------------------------------
def run(settings: dict, args, version: dict) -> None:
    tasks = [(settings, i) for i in todo(args.json, SCRIPT, settings, SETTINGS, "set", range(args.deals), args.resume)]
    label = f"{settings['game']} {settings['level']} vs ISMCTS {settings['sims']}, deal sets"
    run_tasks(play_set, tasks, args.jobs, args.json, label, version)
    lines = [line for line in lines_of(args.json, SCRIPT, SETTINGS, settings) if line["set"] < args.deals]
    if lines:
        print(describe(settings, summary(lines)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(SCORES))
    parser.add_argument("--deals", type=int, default=100, help="deal sets (each deal played once per seating)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations a decision")
    parser.add_argument("--levels", default="hard", help="our levels, comma-separated (bench/bots.py specs: hardx2...)")
    parser.add_argument("--uct-c", type=float, help="ISMCTS's exploration constant (default: per game, %s)"
                        % ", ".join(f"{g} {c}" for g, c in DEFAULT_UCT_C.items()))
    parser.add_argument("--horizon", type=int, help="end ISMCTS's simulations this many actions ahead, scored by "
                        "our evaluation (default: zevaka 12, else none; 0 for none)")
    add_run_arguments(parser, ROOT / "bench" / "results" / "ismcts.jsonl", "ismcts", "deal set")
    parser.add_argument("--paired", type=Path, metavar="FILE", help="with --report: each run against the run of "
                        "the same settings in FILE, deal set by deal set (another version of our bot)")
    args = parser.parse_args()
    if args.report:
        return report(args.report, args.paired)
    if not args.game:
        parser.error("--game is needed (or --report FILE)")
    game = registry.get(args.game)
    players = args.players or game.default_players
    options = json.loads(args.options)
    game.new_match(players, options, 0)  # fail early on bad options
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the finished sets are saved
    version = code_version(ROOT / "py")
    for level in args.levels.split(","):
        settings = {"game": args.game, "players": players, "options": options, "sims": args.sims,
                    "uct_c": args.uct_c if args.uct_c is not None else DEFAULT_UCT_C[args.game],
                    "horizon": (args.horizon if args.horizon is not None else DEFAULT_HORIZON.get(args.game)) or None,
                    "level": level, "seed": args.seed}
        run(settings, args, version)


if __name__ == "__main__":
    main()
