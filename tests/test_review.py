"""The deal review (games/review.py, the bridge's deal_review op): a finished deal stepped
through with every hand, in every game; a deal not finished is refused."""

import json
import random

import pytest

from games import bridge, registry

GAMES = {"oh_hell": (4, {"largest": 3}), "kozel": (4, {"limit": 6}), "spades": (4, {"target": 100}),
         "eight_five_three": (3, {}), "zevaka": (3, {})}


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def played(game_id, actions=None, seed=3):
    """A match played by the rules of thumb: to its end, or `actions` moves."""
    game = registry.get(game_id)
    players, options = GAMES[game_id]
    state = game.new_match(players, options, seed)
    rng = random.Random(seed)
    while game.to_act(state) is not None and (actions is None or len(state.actions) < actions):
        state = game.apply(state, game.bot(state, state.turn, "baseline", rng))
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_finished_deal_steps_through_all_its_moves_with_every_hand(game_id):
    game, state = played(game_id)
    record = game.record(state)
    deals = game.deal_number(state)
    seen = 0
    for number in range(1, deals + 1):
        review = ask({"op": "deal_review", "record": record, "seat": 0, "deal": number})
        assert "error" not in review, review
        assert review["deals"] == deals and review["deal"] == number
        steps = review["steps"]
        assert steps and all(step["actions"] for step in steps)
        seen += sum(len(step["actions"]) for step in steps)
        last = steps[-1]["view"]
        assert last["deal"]["number"] == number and "closing" not in last and "legal" not in last
        assert len(last["sheet"]["rows"]) == number, "the last step holds the deal's score line"
        if game_id != "zevaka":
            first = steps[0]["hands"]
            assert all(first), "every seat's hand is shown"
            assert len(set(sum(first, []))) == sum(len(hand) for hand in first)
    assert seen == len(record["actions"]), "every move of every deal is in a step"


@pytest.mark.parametrize("game_id", ["oh_hell", "kozel", "spades"])
def test_a_trick_is_one_step(game_id):
    game, state = played(game_id)
    review = ask({"op": "deal_review", "record": game.record(state), "seat": 0, "deal": 1})
    plays = [step for step in review["steps"] if all(a["action"]["type"] in ("play", "pass") for a in step["actions"])]
    assert plays and all(len(step["actions"]) == state.players for step in plays if game_id != "kozel")


def test_a_deal_not_finished_is_refused_and_the_record_is_unchanged():
    game, state = played("oh_hell", actions=30)
    record = game.record(state)
    sent = json.dumps(record)
    finished = game.deal_number(state) - 1
    answer = ask({"op": "deal_review", "record": record, "seat": 0, "deal": finished + 1})
    assert answer["error"]["code"] == "bad_request"
    for bad in (0, -1, True, "1", None):
        assert ask({"op": "deal_review", "record": record, "seat": 0, "deal": bad})["error"]["code"] == "bad_request"
    assert ask({"op": "deal_review", "record": record, "seat": 9, "deal": 1})["error"]["code"] == "bad_request"
    assert json.dumps(record) == sent
    if finished:
        assert "steps" in ask({"op": "deal_review", "record": record, "seat": 0, "deal": finished})
