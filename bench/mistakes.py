"""A mistake audit: a level's choices against a search ten times as large, on the same positions.

    python bench/mistakes.py --game kozel --positions 300 --jobs 2 --resume
    python bench/mistakes.py --game kozel --records bench/positions/kozel_giveaway.jsonl --json /tmp/m.jsonl
    python bench/mistakes.py --report bench/results/mistakes.jsonl [--margin 0.02]

Positions come from real playthroughs (the first deal of seeded matches, --level at every
seat), --per-deal of them a deal, drawn among the decisions with a real choice (more than one
legal action that are not all twins, cards that win and lose the same tricks), or from
--records (a JSON match record a line, each played to its end). On each, --level and --compare
choose as they do in the app (no time cap), and the big search (the level's own search with
--factor times its iterations and its other budgets: Oh Hell's bid_iterations, 8-5-3's
declare_worlds, Spades' draw_worlds) values the actions.

How each decision is scored, said in the output as its method:
  search     the big search is the level's own (the play in every game): its per-action values
             (`SearchResult.stats`, mean reward in [0, 1]); an action the search counts as the
             twin of another (touching cards) takes its twin's value.
  twins      (--records only) every legal action is a twin of the others: no loss possible.
  all_legal  the level decides without its search, or searches only some of the actions (Oh
             Hell bids: a window around an estimate; Spades bids: sure tricks; 8-5-3 trump,
             gives and talon swaps; Zevaka's draws), or the big search's values do not cover
             every legal action: determinized rollouts over every legal action (the engine's
             `rollouts`, sequential halving, the game's playout policy) with --factor times the
             level's iterations score them all.
A choice's loss: the value of the big search's choice minus the value of the level's choice
(0 when they are the same action or twins). A mistake: a loss above --margin (reward units).
Losses are in reward units, and in points where the game's reward is linear in them
(`POINTS_PER_REWARD`): Oh Hell deal points, Spades points (side minus the others' mean),
8-5-3 tricks minus duty, Zevaka the chance of not being the loser. Kozel's reward mixes defeat
points, card points and the party's end, so it stays in reward units (0.1 = 60 card points,
0.35 = 6 defeat points). Kozel's point passes (a pass of card points while a pass of fewer
points was legal: the issue's give-away) are listed apart with the big search's verdict on each,
since the big search shares the level's playout policy and may approve of them (it approves of
the issue's own position, bench/positions/kozel_giveaway.jsonl).

Each finished deal (or record) appends one JSON line a position to --json; --resume skips the
deals of the same settings already there; --report summarises a file: each level's mistake
rate with its 95% interval, mean loss, the counts by method and kind, the ten worst positions.
"""

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bots import NO_TIME_CAP, choose, register_level  # noqa: E402  (bench/bots.py puts py/ on the path)
from ismcts_adapter import SpielGame  # noqa: E402
from runs import add_run_arguments, by_settings, lines_of, run_tasks, todo  # noqa: E402
from vs_openspiel import code_version  # noqa: E402

from games import registry  # noqa: E402

SCRIPT = "mistakes"
SETTINGS = ("game", "players", "options", "level", "compare", "factor", "per_deal", "seed", "source")
DEFAULT_MARGIN = 0.02  # reward: 0.46 Oh Hell points (13 cards), 2 Spades points (13), 0.42 tricks in 8-5-3

# Points per unit of reward where a game's search reward is linear in its points (read from
# the seat's view); Kozel (defeat and card points mixed) has none.
POINTS_PER_REWARD = {
    "oh_hell": lambda view: view["deal"]["hand_size"] + 10 - {
        "exact": 0, "per_trick": 0, "minus_difference": -view["deal"]["hand_size"],
        "minus_ten": -10 * view["deal"]["hand_size"]}[view["options"]["scoring"]],
    "spades": lambda view: 8 * view["deal"]["hand_size"],
    "eight_five_three": lambda view: 21,
    "zevaka": lambda view: 1,
}
KOZEL_CARD_POINTS = {"J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def engine_search():
    """The engine's search module."""
    from games.engine.ai import search

    return search


def passed_points(game_id: str, action: dict) -> int | None:
    """The card points of a Kozel pass (None: not a Kozel pass)."""
    if game_id != "kozel" or action.get("type") != "pass":
        return None
    return sum(KOZEL_CARD_POINTS.get(card[0], 0) for card in action["cards"])


def point_pass(game_id: str, action: dict, legal: list[dict]) -> bool:
    """A Kozel pass of card points while a pass of fewer points was legal: the give-away the
    audit is to find, flagged whatever the big search thinks of it."""
    points = passed_points(game_id, action)
    return bool(points) and points > min(passed_points(game_id, a) for a in legal if a["type"] == "pass")


# ---- positions ---------------------------------------------------------------------------
def playthrough(game, settings: dict, index: int):
    """The first deal of a seeded match, the level at every seat; --per-deal of its decisions
    with a real choice, drawn at random."""
    seed = random.Random(f"{settings['seed']}:{settings['game']}:{settings['players']}:{index}").randrange(2**53)
    deal = SpielGame(game, settings["players"]).start(game.new_match(settings["players"], settings["options"], seed))
    rng = random.Random(f"{seed}:play")
    decisions = []
    while not deal.is_terminal():  # (the adapter knows where a deal ends)
        state = deal.state
        if len(game.ai.search_actions(state, game.legal(state))) > 1:  # a real choice: not only twins
            decisions.append(state.clone())
        deal.apply_action(deal.spiel_game.ids.id_of(choose(game, state, settings["level"], rng)))
    picked = random.Random(f"{seed}:pick").sample(range(len(decisions)), min(settings["per_deal"], len(decisions)))
    return [decisions[i] for i in sorted(picked)]


# ---- scoring one position ------------------------------------------------------------------
def values_by_search(game, state, result, legal) -> dict | None:
    """The big search's value of every legal action (twins take their twin's), or None when
    its values do not cover them all."""
    search = engine_search()
    counted = {key: value for key, (visits, value) in result.stats.items() if visits}
    reps = {key: next(a for a in legal if search.action_key(a) == key) for key in counted
            if any(search.action_key(a) == key for a in legal)}
    values = {}
    for action in legal:
        key = search.action_key(action)
        if key in counted:
            values[key] = counted[key]
            continue
        twin = next((k for k, rep in reps.items() if len(game.ai.search_actions(state, [rep, action])) == 1), None)
        if twin is None:
            return None
        values[key] = counted[twin]
    return values


def values_by_rollouts(game, state, settings: dict, iterations: int, rng) -> tuple[dict, dict]:
    """Every legal action valued by determinized rollouts with the level's sampler."""
    search = engine_search()
    legal = game.legal(state)
    result = search.rollouts(game.ai, state, state.turn, search.Budget(iterations, None), rng,
                             playout=game.ai.playout_for(settings), candidates=legal)
    return {k: v for k, (n, v) in result.stats.items()}, result.action


def big_search_level(game, level: str, factor) -> str:
    """`level` with every budget times `factor` (its iterations, and the budgets of the
    decisions searched apart: Oh Hell's bid_iterations, 8-5-3's declare_worlds, Spades'
    draw_worlds), no time cap; added to the game's levels in this process."""
    name = f"{level}-big-x{factor}"
    if name not in game.bot_levels:
        settings = dict(game.bot_levels[register_level(game, level)])
        for key, value in settings.items():
            if (key.endswith("iterations") or key.endswith("_worlds")) and type(value) is int and value:
                settings[key] = max(1, round(value * factor))
        game.bot_levels[name] = settings
    return name


def score_position(game, settings: dict, state, where: dict) -> dict:
    search = engine_search()
    seat = state.turn
    legal = game.legal(state)
    view = game.view(state, seat)
    started = time.perf_counter()
    tag = f"{settings['seed']}:{where}"
    chosen = {}
    for level in dict.fromkeys([settings["level"], settings["compare"]]):
        if level:
            chosen[level] = choose(game, state, level, random.Random(f"{tag}:{level}"))
    big_level = big_search_level(game, settings["level"], settings["factor"])
    level_settings = game.bot_levels[big_level]
    trace = []
    big_choice = game.bot(state, seat, big_level, random.Random(f"{tag}:big"), NO_TIME_CAP, trace=trace)
    values = values_by_search(game, state, trace[-1], legal) if trace else None
    method = "search"
    if len(game.ai.search_actions(state, legal)) == 1:  # twins only (a --records position): nothing to lose
        method, values = "twins", {search.action_key(a): 0.0 for a in legal}
    elif values is None or len(values) < 2:
        method = "all_legal"
        values, big_choice = values_by_rollouts(game, state, level_settings, level_settings["iterations"],
                                                random.Random(f"{tag}:all"))
    best = values[search.action_key(big_choice)]
    scale = POINTS_PER_REWARD.get(game.id)
    per_point = scale(view) if scale else None
    choices = {}
    for level, action in chosen.items():
        loss = best - values[search.action_key(action)]
        choices[level] = {"action": action, "loss": loss, "points": loss * per_point if per_point else None}
    return dict(where, seat=seat, kind=f"{view.get('phase')}:{'+'.join(sorted({a['type'] for a in legal}))}", method=method, legal=len(legal),
                choices=choices, big={"action": big_choice, "value": best}, values=values,
                points_per_reward=per_point, hand=view.get("hand"), record=game.record(state),
                seconds=time.perf_counter() - started)


def audit_task(task) -> list[dict]:
    settings, index, record = task
    game = registry.get(settings["game"])
    if record is not None:
        positions = [game.replay(record)]
    else:
        positions = playthrough(game, settings, index)
    lines = []
    for state in positions:
        where = {"deal": index, "move": len(state.actions)}
        lines.append(dict(settings, script=SCRIPT, **score_position(game, settings, state, where)))
    return lines or [dict(settings, script=SCRIPT, deal=index, move=None, empty=True)]


# ---- the report ---------------------------------------------------------------------------------
def rate_ci(hits: int, n: int):
    rate = hits / n
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-12) / n)
    return rate, max(0.0, rate - half), min(1.0, rate + half)


def describe(settings: dict, lines: list[dict], margin: float) -> str:
    rows = [line for line in lines if not line.get("empty")]
    if not rows:
        return f"{settings['game']}: no positions"
    out = [f"{settings['game']}, {settings['players']} players, options {json.dumps(settings['options'])}: "
           f"{len(rows)} positions ({settings['source']}, seed {settings['seed']!r}); big search: "
           f"{settings['level']} x {settings['factor']}; a mistake: a loss above {margin} (reward)"]
    for level in dict.fromkeys([settings["level"], settings["compare"]]):
        if not level:
            continue
        losses = [line["choices"][level]["loss"] for line in rows]
        points = [line["choices"][level]["points"] for line in rows if line["choices"][level]["points"] is not None]
        rate, lo, hi = rate_ci(sum(loss > margin for loss in losses), len(losses))
        same = sum(abs(loss) < 1e-12 for loss in losses) / len(losses)
        text = (f"  {level:8} mistakes {rate:.1%} ({lo:.1%} – {hi:.1%}), mean loss {statistics.fmean(losses):+.4f} "
                f"reward")
        if points:
            text += f" = {statistics.fmean(points):+.3f} points"
        text += f"; the big search's choice or its twin {same:.0%}"
        out.append(text)
        if settings["game"] == "kozel":
            gifts = [line for line in rows if point_pass("kozel", line["choices"][level]["action"], legal_of(line))]
            out.append(f"    point passes (card points passed while a cheaper pass was legal): {len(gifts)} "
                       f"of {len(rows)}, {sum(g['choices'][level]['loss'] > margin for g in gifts)} of them mistakes "
                       f"by the big search; the big search passed points itself in "
                       f"{sum(point_pass('kozel', g['big']['action'], legal_of(g)) for g in rows)} positions")
    counts = {}
    for line in rows:
        counts[(line["method"], line["kind"])] = counts.get((line["method"], line["kind"]), 0) + 1
    out.append("  scored: " + ", ".join(f"{kind} by {method} {n}" for (method, kind), n in sorted(counts.items())))
    level = settings["level"]
    worst = sorted(rows, key=lambda line: -line["choices"][level]["loss"])[:10]
    out.append(f"  the ten worst positions for {level} (loss in reward; points where linear):")
    out += worst_lines(worst, level)
    gifts = [line for line in rows if point_pass("kozel", line["choices"][level]["action"], legal_of(line))]
    if gifts:
        out.append(f"  {level}'s point passes, the most points first (up to ten):")
        for line in sorted(gifts, key=lambda g: -passed_points("kozel", g["choices"][level]["action"]))[:10]:
            mine = line["choices"][level]["action"]
            cheaper = max((a for a in legal_of(line) if a["type"] == "pass"
                           and passed_points("kozel", a) < passed_points("kozel", mine)),
                          key=lambda a: line["values"][action_key(a)])
            out += worst_lines([line], level)
            out.append(f"      the big search's values: this pass {line['values'][action_key(mine)]:.4f}, the best "
                       f"cheaper pass {json.dumps(cheaper)} {line['values'][action_key(cheaper)]:.4f}")
    return "\n".join(out)


def action_key(action: dict) -> str:
    return engine_search().action_key(action)


def legal_of(line: dict) -> list[dict]:
    return [json.loads(key) for key in line["values"]]


def worst_lines(rows: list[dict], level: str) -> list[str]:
    out = []
    for line in rows:
        mine = line["choices"][level]
        pts = f" ({mine['points']:+.2f} points)" if mine["points"] is not None else ""
        out.append(f"    deal {line['deal']} move {line['move']} seat {line['seat']} hand {line.get('hand')}: "
                   f"{level} {json.dumps(mine['action'])}, big {json.dumps(line['big']['action'])}, "
                   f"loss {mine['loss']:.4f}{pts} [{line['method']}]")
        out.append(f"      record {json.dumps(line['record'], separators=(',', ':'))}")
    return out


def report(path: Path, margin: float) -> None:
    groups = by_settings(path, SCRIPT, SETTINGS)
    if not groups:
        print(f"no mistake audits in {path}")
    for key, lines in groups.items():
        print(describe(json.loads(key), lines, margin))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(registry.MODULES))
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--per-deal", type=int, default=4, help="positions drawn from each deal played")
    parser.add_argument("--factor", type=float, default=10, help="the big search's iterations, times the level's")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--compare", default="normal", help="a second level scored on the same positions ('' for none)")
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN, help="a mistake: a loss above this (reward)")
    parser.add_argument("--records", type=Path, help="audit these positions (a match record a line) instead")
    add_run_arguments(parser, ROOT / "bench" / "results" / "mistakes.jsonl", "mistakes", "deal")
    args = parser.parse_args()
    if args.report:
        return report(args.report, args.margin)
    records = None
    if args.records:
        records = [json.loads(text) for text in args.records.read_text().splitlines() if text.strip()]
        args.game = args.game or records[0]["game"]
    if not args.game:
        parser.error("--game is needed (or --records FILE, or --report FILE)")
    game = registry.get(args.game)
    factor = int(args.factor) if args.factor == int(args.factor) else args.factor
    settings = {"game": args.game, "players": args.players or game.default_players,
                "options": json.loads(args.options), "level": args.level, "compare": args.compare or None,
                "factor": factor, "per_deal": args.per_deal, "seed": args.seed,
                "source": str(args.records) if records else "playthroughs"}
    if records:
        settings.update(players=records[0]["players"], options=records[0]["options"], per_deal=1)
        indices = range(len(records))
    else:
        game.new_match(settings["players"], settings["options"], 0)  # fail early on bad options
        indices = range(math.ceil(args.positions / args.per_deal))
    tasks = [(settings, i, records[i] if records else None)
             for i in todo(args.json, SCRIPT, settings, SETTINGS, "deal", indices, args.resume)]
    run_tasks(audit_task, tasks, args.jobs, args.json, f"{args.game} mistakes, deals", code_version(ROOT / "py"))
    lines = [line for line in lines_of(args.json, SCRIPT, SETTINGS, settings) if line["deal"] in indices]
    print(describe(settings, lines, args.margin))


if __name__ == "__main__":
    main()
