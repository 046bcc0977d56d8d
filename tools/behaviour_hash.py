"""Behaviour hashes: what every seat sees at every step, and what the bots decide, as digests.

    python tools/behaviour_hash.py --py py --out before.json [--deals 200] [--hard-deals 40] [--jobs 2]
    python tools/behaviour_hash.py --py py --compare before.json
    python tools/behaviour_hash.py --py /tmp/old/py --normalize --out before.json   (views renamed since)
    python tools/behaviour_hash.py --normalize --compare before.json

A move of code that must change nothing for a player (issue 24) is checked by running this
before and after and comparing: the golden playthroughs step by step (every seat's view at
every step), and seeded bot-vs-bot deals per game at every level (views and decisions), with
players and options drawn per deal so the variants are covered. Bots run on iterations only
(no time cap), so the run is reproducible. Only the public contract is used: `registry.get`,
`new_match`, `apply`, `view`, `bot`, `replay`.

`--normalize` hashes every view in the field names of today (`normalize`): a tree from before a
rename of view fields hashes like today's. Run both sides with it.
"""

import argparse
import hashlib
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_TIME_CAP = 1e12
LEVELS = ("easy", "normal", "hard")
GAMES = ("kozel", "oh_hell", "spades", "eight_five_three", "zevaka")
# A deal ends when one of these counters (whichever the state has) moves on, or the match ends.
DEAL_COUNTERS = ("deal_index", "hand_no", "deal_number", "deal")
MAX_STEPS = 3000  # Zevaka's whole game is one deal; a guard, never reached in practice


def _games(py):
    sys.path.insert(0, str(Path(py).resolve()))
    from games import registry

    return registry


def _counter(state):
    for name in DEAL_COUNTERS:
        value = state.__dict__.get(name)
        if isinstance(value, int):
            return value
    return None


def normalize(view: dict) -> dict:
    """A view in today's field names (issue 24's renames, docs/bridge.md), for trees before it.
    A field added since is derived from the old view where it follows from it (so the new
    tree's value is checked too), else dropped on both sides."""
    view = dict(view)
    game = view["game"]
    if game == "kozel" and "teams" in view:  # teams/team → sides (the seat's side is derived)
        view["sides"] = view.pop("teams")
        view.pop("team")
        view["side_tricks"] = view.pop("team_tricks")
        if view["goat"] is not None:
            view["goat"] = {"side" if k == "team" else k: v for k, v in view["goat"].items()}
    if game == "spades" and "hand_number" in view:  # the deal's facts under `deal`, as every game's
        view["deal"] = {"number": view.pop("hand_number"), "dealer": view.pop("dealer"),
                        "hand_size": view.pop("hand_size"), "trump": view.pop("trump")}
    if "sides" not in view:  # no partnerships: one side per seat
        view["sides"] = [[seat] for seat in range(view["players"])]
    if game == "zevaka":
        view.setdefault("deal", {"number": 1, "count": 1})  # the whole game is one deal
    if game == "eight_five_three" and "first_deal" not in view["exchange"]:
        view["exchange"] = dict(view["exchange"], first_deal=view["deal"]["number"] == 1)
    exchange = view.get("exchange")
    if game == "spades" and exchange is not None:  # the nil exchange's size (3), now also before passing
        exchange = view["exchange"] = dict(exchange, count=3)
        if not exchange["passed"] and not exchange["received"]:
            del view["exchange"]
    view.pop("closing", None)  # the finished deal as it ended: no old view has it (tests check it)
    return view


NORMALIZE = False


def _digest_views(h, game, state):
    for seat in range(state.players):
        view = game.view(state, seat)
        h.update(json.dumps(normalize(view) if NORMALIZE else view, sort_keys=True).encode())


def setup_for(game, index):
    """Players and options drawn for deal `index` (every option at random, falling back to the
    defaults where a combination is refused)."""
    rng = random.Random(f"behaviour:{game.id}:{index}")
    players = rng.randint(game.min_players, game.max_players)
    options = {o.name: rng.choice(o.choices)[0] for o in game.options_schema}
    if game.id == "oh_hell" and rng.random() < 0.7:
        options["largest"] = rng.choice([3, 5, 7])  # long deals at hard would take hours
    return players, options


def bot_deal(task):
    py, game_id, level, index = task
    registry = _games(py)
    game = registry.get(game_id)
    players, options = setup_for(game, index)
    seed = random.Random(f"seed:{game_id}:{index}").randrange(2**53)
    try:
        state = game.new_match(players, options, seed)
    except Exception:  # an option combination this player count refuses
        players, options = game.default_players, {}
        state = game.new_match(players, options, seed)
    h = hashlib.sha256()
    start = _counter(state)
    steps = 0
    while not state.over and _counter(state) == start and steps < MAX_STEPS:
        _digest_views(h, game, state)
        rng = random.Random(f"{seed}:{level}:{len(state.actions)}")
        action = game.bot(state, state.turn, level, rng, NO_TIME_CAP)
        h.update(json.dumps(action, sort_keys=True).encode())
        state = game.apply(state, action)
        steps += 1
    _digest_views(h, game, state)
    return game_id, level, index, h.hexdigest(), steps


def golden(py):
    """Every seat's view at every step of the stored golden records, and the baseline's choice."""
    registry = _games(py)
    out = {}
    for path in sorted((ROOT / "tests" / "golden").glob("*.json")):
        record = json.loads(path.read_text())["record"]
        game = registry.get(record["game"])
        state = game.replay(dict(record, actions=[]))
        h = hashlib.sha256()
        for index, action in enumerate(record["actions"]):
            _digest_views(h, game, state)
            rng = random.Random(f"golden:{index}")
            h.update(json.dumps(game.bot(state, state.turn, "baseline", rng), sort_keys=True).encode())
            state = game.apply(state, action)
        _digest_views(h, game, state)
        out[path.name] = h.hexdigest()
    return out


def run(py, deals, hard_deals, jobs, games, normalized=False):
    global NORMALIZE
    NORMALIZE = normalized  # set before the pool forks, so the workers hash the same way
    tasks = [(py, g, level, i) for g in games for level in LEVELS
             for i in range(hard_deals if level == "hard" else deals)]
    tasks.sort(key=lambda t: t[2] != "hard")  # the slow ones first, so both cores stay busy
    result = {"golden": golden(py), "bots": {}}
    started = time.time()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for done, (g, level, i, digest, steps) in enumerate(pool.imap_unordered(bot_deal, tasks), 1):
            result["bots"].setdefault(g, {}).setdefault(level, {})[str(i)] = [digest, steps]
            if done % 20 == 0 or done == len(tasks):
                print(f"\r{done}/{len(tasks)} deals, {time.time() - started:.0f} s", end="", file=sys.stderr,
                      flush=True)
    print(file=sys.stderr)
    return result


def compare(before, after) -> list[str]:
    problems = [f"golden {name}: differs" for name, digest in before["golden"].items()
                if after["golden"].get(name) != digest]
    for g, levels in before["bots"].items():
        for level, deals in levels.items():
            for i, value in deals.items():
                other = after["bots"].get(g, {}).get(level, {}).get(i)
                if other is None:
                    problems.append(f"{g} {level} deal {i}: not run")
                elif other != value:
                    problems.append(f"{g} {level} deal {i}: differs")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py", default=str(ROOT / "py"), help="the directory holding the games package")
    parser.add_argument("--deals", type=int, default=200, help="bot deals per game at easy and normal")
    parser.add_argument("--hard-deals", type=int, default=40, help="bot deals per game at hard")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: all)")
    parser.add_argument("--out", type=Path, help="write the hashes here")
    parser.add_argument("--compare", type=Path, help="compare with hashes written before (same counts)")
    parser.add_argument("--normalize", action="store_true",
                        help="hash views in today's field names (a tree from before a rename; use on both sides)")
    args = parser.parse_args()
    before = json.loads(args.compare.read_text()) if args.compare else None
    if before is not None and before.get("normalized", False) != args.normalize:
        sys.exit("one side was hashed with --normalize and the other without: run both the same way")
    if before is not None:  # the same deals as the file holds
        counts = {level: max((len(d) for g in before["bots"].values() for lv, d in g.items() if lv == level),
                             default=0)  # a level hashed with no deals (--hard-deals 0) has none
                  for level in LEVELS}
        args.deals, args.hard_deals = counts["easy"], counts["hard"]
        args.game = args.game or list(before["bots"])
    result = run(args.py, args.deals, args.hard_deals, args.jobs, args.game or GAMES, args.normalize)
    result["normalized"] = args.normalize
    steps = sum(s for g in result["bots"].values() for d in g.values() for _, s in d.values())
    print(f"golden records: {len(result['golden'])}; bot deals: "
          f"{sum(len(d) for g in result['bots'].values() for d in g.values())}; decisions: {steps}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    if before is not None:
        problems = compare(before, result)
        print("\n".join(problems) if problems else "identical: every view and every decision")
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
