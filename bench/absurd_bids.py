"""Absurd bids per 1,000: how often a level bids 3 or more tricks away from hard's bid
in the same position (Oh Hell and Spades, where a bid is a number of tricks).

    python bench/absurd_bids.py --positions 1000 [--game oh_hell] [--json r.jsonl]

Positions: the bidding of the first deal of seeded 4-player matches (Oh Hell's 13 cards,
Spades' 13), every seat in turn, the earlier bids made by hard. In each, hard bids once
with its own random numbers (the reference) and once more with others (hard's own spread:
the floor of this figure), and every level bids once. Iterations only, no time cap, so a
run is reproducible. tests/test_bot_levels.py runs the same count on fewer positions.
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from games import registry  # noqa: E402

NO_TIME_CAP = 1e12
ABSURD = 3  # tricks away from hard's bid
LEVELS = ("hard", "normal", "easy")


def bid_positions(game_id: str, count: int, seed: int = 1, options: dict | None = None, lead_in="hard"):
    """`count` bidding positions (states), from the first deals of seeded 4-player matches,
    the earlier bids made by `lead_in`."""
    game = registry.get(game_id)
    rng = random.Random(f"absurd:{game_id}:{seed}")
    found = []
    while len(found) < count:
        state = game.new_match(4, dict(options or {}), rng.randrange(2**53))
        while len(found) < count and state.phase in ("bid", "blind"):
            legal = game.legal(state)
            bids = [a for a in legal if a["type"] == "bid"]
            if state.phase == "bid" and len(bids) > 1:
                found.append(state)
            state = game.apply(state, game.bot(state, state.turn, lead_in, random.Random(rng.random()), NO_TIME_CAP))
    return found


def bids_at(game, state, levels, seed) -> dict:
    """Each level's bid in `state` (`hard`, the reference, and every level of `levels`;
    `hard_again` is hard with other random numbers)."""
    seat = state.turn
    out = {}
    for name in ("hard",) + tuple(levels):
        level = "hard" if name == "hard_again" else name
        rng = random.Random(f"{seed}:{name}")
        out[name] = game.bot(state, seat, level, rng, NO_TIME_CAP)["n"]
    return out


def count_absurd(game_id: str, count: int, seed: int = 1, levels=("hard_again", "normal", "easy"),
                 options=None, lead_in="hard", progress=False) -> dict:
    """Per level: positions, absurd bids (≥ ABSURD away from hard's), and the largest gap."""
    game = registry.get(game_id)
    names = tuple(levels)
    tally = {name: {"positions": 0, "absurd": 0, "largest_gap": 0} for name in names}
    started = time.perf_counter()
    for index, state in enumerate(bid_positions(game_id, count, seed, options, lead_in)):
        bids = bids_at(game, state, levels, f"{seed}:{index}")
        for name in names:
            gap = abs(bids[name] - bids["hard"])
            row = tally[name]
            row["positions"] += 1
            row["absurd"] += gap >= ABSURD
            row["largest_gap"] = max(row["largest_gap"], gap)
        if progress and (index + 1) % 20 == 0:
            print(f"\r{game_id}: {index + 1}/{count} positions, {time.perf_counter() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return tally


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="oh_hell or spades (default: both)")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="append the results as JSON lines to this file")
    args = parser.parse_args()
    for game_id in args.game or ["oh_hell", "spades"]:
        tally = count_absurd(game_id, args.positions, args.seed, progress=True)
        for name, row in tally.items():
            per_mille = 1000 * row["absurd"] / row["positions"]
            print(f"{game_id:8} {name:10} absurd bids {per_mille:6.1f} per 1,000 "
                  f"({row['absurd']} of {row['positions']}; largest gap {row['largest_gap']})")
            if args.json:
                with open(args.json, "a") as out:
                    out.write(json.dumps({"kind": "absurd_bids", "game": game_id, "level": name,
                                          "seed": args.seed, **row, "per_1000": per_mille}) + "\n")


if __name__ == "__main__":
    main()
