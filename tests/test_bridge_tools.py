"""The bridge's table-tool ops: undo (the record before a seat's last decision, chance kept)
and review (the tricks of every finished deal)."""

import json

import pytest

from games import bridge


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def played(game="oh_hell", players=3, moves=40, seed=4, options=None):
    record = ask({"op": "new", "game": game, "players": players, "seed": seed, "options": options or {}})["record"]
    for _ in range(moves):
        choice = ask({"op": "bot", "record": record, "level": "easy"})
        record = ask({"op": "act", "record": record, "action": choice["action"]})["record"]
    return record


def seats_to_act(record):
    return [ask({"op": "view", "record": {**record, "actions": record["actions"][:i]}, "seat": 0})["view"]["to_act"]
            for i in range(len(record["actions"]))]


@pytest.mark.parametrize("game,players", [("oh_hell", 3), ("kozel", 4), ("spades", 4), ("eight_five_three", 3),
                                          ("zevaka", 3)])
def test_undo_goes_back_to_before_the_seats_last_decision(game, players):
    record = played(game, players, moves=30)
    seats = seats_to_act(record)
    last = max(i for i, seat in enumerate(seats) if seat == 0)
    answer = ask({"op": "undo", "record": record, "seat": 0, "view_seat": 0})
    assert answer["record"]["actions"] == record["actions"][:last]
    assert answer["record"]["chance"] == record["chance"]
    assert answer["view"]["to_act"] == 0 and answer["view"]["move"] == last


def test_undo_with_no_decision_yet_is_an_error_and_bad_input_is_refused():
    record = ask({"op": "new", "game": "oh_hell", "players": 3, "seed": 1})["record"]
    assert "error" in ask({"op": "undo", "record": record, "seat": 0})
    assert ask({"op": "undo", "record": record, "seat": 7})["error"]["code"] == "bad_request"
    assert ask({"op": "undo", "record": {"game": "oh_hell"}, "seat": 0})["error"]["code"] == "bad_record"
    assert ask({"op": "review", "record": "x", "seat": 0})["error"]["code"] == "bad_record"


def test_review_lists_each_finished_deal_trick_by_trick():
    record = played("oh_hell", 3, moves=24, options={"largest": 3})
    deals = ask({"op": "review", "record": record, "seat": 0})["deals"]
    rows = ask({"op": "view", "record": record, "seat": 0})["view"]["sheet"]["rows"]
    assert len(deals) == len(rows)
    for deal, row in zip(deals, rows):
        assert len(deal["tricks"]) == row["hand_size"]
        assert all(len(trick["plays"]) == 3 for trick in deal["tricks"])


@pytest.mark.parametrize("game,players", [("kozel", 4), ("zevaka", 3)])
def test_turn_names_who_is_to_act_and_who_made_each_decision_without_any_card(game, players):
    record = played(game, players, moves=25)
    answer = ask({"op": "turn", "record": record})
    assert set(answer) == {"to_act", "actors"}
    assert answer["actors"] == seats_to_act(record)
    assert answer["to_act"] == ask({"op": "view", "record": record, "seat": 0})["view"]["to_act"]
    assert ask({"op": "turn", "record": {"game": "kozel"}})["error"]["code"] == "bad_record"
