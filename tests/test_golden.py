"""Golden playthroughs: seeded matches played by the rule-of-thumb bots (`baseline`: no
search, no clock), written to tests/golden/. Any change to the rules, the deal or those
bots shows up as a diff here.
Regenerate on purpose with UPDATE_GOLDEN=1 and review the diff."""

import json
import os
import random
from pathlib import Path

import pytest

from games import registry

GOLDEN = Path(__file__).parent / "golden"
CASES = [("oh_hell", 4, {}, 1), ("oh_hell", 3, {"trump": "turn_up", "scoring": "minus_ten"}, 2),
         ("oh_hell", 2, {"sequence": "down_up", "hook": "off"}, 3),
         ("zevaka", 3, {}, 1),
         ("kozel", 4, {}, 1), ("eight_five_three", 3, {}, 1),
         ("spades", 4, {"target": 200}, 1), ("spades", 2, {"target": 200, "nil": "nil"}, 2)]


def play(game_id, players, options, seed):
    game = registry.get(game_id)
    state = game.new_match(players, options, seed)
    while not state.over:
        seat = game.to_act(state)
        rng = random.Random(f"golden:{len(state.actions)}")
        state = game.apply(state, game.bot(state, seat, "baseline", rng))
    final = game.view(state, 0)
    return {"record": game.record(state), "scores": final["scores"], "winner": final["winner"],
            "sheet": final["sheet"]}


@pytest.mark.parametrize("game_id,players,options,seed", CASES)
def test_golden_playthrough(game_id, players, options, seed):
    path = GOLDEN / f"{game_id}_{players}p_seed{seed}.json"
    result = play(game_id, players, options, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    assert path.exists(), f"{path.name} is missing: run with UPDATE_GOLDEN=1 to write it"
    expected = json.loads(path.read_text())
    assert result["scores"] == expected["scores"] and result["winner"] == expected["winner"]
    assert result["sheet"] == expected["sheet"]
    assert result["record"] == expected["record"]
    # The stored record replays to the stored result on its own.
    game = registry.get(game_id)
    assert game.view(game.replay(expected["record"]), 0)["scores"] == expected["scores"]
