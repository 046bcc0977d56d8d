"""How much the last card to a trick tells: for each reading (engine/ai/reading.py, with
bench/experiments/last-card-readings.patch applied), how often it is true in the real deal,
against how often a plain sample of the sampler makes it true anyway (the prior). A reading
informs the search only as far as the first beats the second.

    git apply bench/experiments/last-card-readings.patch
    python bench/experiments/reading_calibration.py --game spades --deals 30 --level hard
"""

import argparse
import random
import sys
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

from games import registry  # noqa: E402
from games.engine.ai import reading  # noqa: E402
import bots  # noqa: E402


def readings_for(game, state, seat):
    ai = game.ai
    sampler = import_module(f"games.{game.id}.sampler")
    if game.id == "spades":
        unseen, wants = sampler.unseen_cards(ai.rules, state, seat), ai.wants_trick(state)
    else:
        stock = state.stock[1:] if state.turn_up else state.stock
        unseen = [c for s in range(state.players) if s != seat for c in state.hands[s]] + stock
        wants = lambda s, won, prefix, bids=state.bids: bids[s] > won[s]  # noqa: E731
    return sampler, reading._follow_readings(ai.rules, state, seat, sorted(unseen), wants)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spades")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    game = registry.get(args.game)
    rng = random.Random(7)
    tally = {}  # (small set?) -> [readings, true, prior sum]
    for deal in range(args.deals):
        setup = bots.bench_setup(game, random.Random(deal))
        state = game.new_match(setup["players"], setup["options"], 2000 + deal)
        number = game.deal_number(state)
        while not state.over and game.deal_number(state) == number:
            if state.phase == "play" and (state.history or state.trick) and state.turn == 0:
                sampler, found = readings_for(game, state, 0)
                worlds = [sampler.determinize(game.ai.rules, state, 0, rng) for _ in range(args.samples)] if found else []
                for seat, cards in found:
                    row = tally.setdefault("1-2 cards" if len(cards) <= 2 else "3+ cards", [0, 0, 0.0])
                    row[0] += 1
                    row[1] += not (cards & set(state.hands[seat]))
                    row[2] += sum(not (cards & set(w.hands[seat])) for w in worlds) / len(worlds)
            state = game.apply(state, bots.choose(game, state, args.level, rng))
    for kind, (count, true, prior) in sorted(tally.items()):
        print(f"{args.game} {args.level} readings of {kind}: {count}, true {true / count:.2f}, prior {prior / count:.2f}")


if __name__ == "__main__":
    main()
