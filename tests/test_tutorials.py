"""The guided first deals (games/tutorials.py): every scripted step is legal in the engine,
each lesson the tutorial promises really happens, and the bridge serves it in every language.
A rules or bot change that breaks a lesson fails here, not silently in the page."""

import json

import pytest

from games import bridge, registry, tutorials
from games.engine.i18n import language

GAMES = ["kozel", "oh_hell", "spades", "eight_five_three", "zevaka"]


def test_every_game_has_a_tutorial():
    assert sorted(tutorials.games()) == sorted(GAMES) == sorted(g.id for g in registry.all_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_each_scripted_step_is_legal_and_each_lesson_happens(game_id):
    lesson = tutorials.script(game_id)
    game = registry.get(game_id)
    state = game.new_match(lesson["players"], lesson["options"], lesson["seed"], lesson.get("deck"))
    assert lesson["deck"], "a tutorial deals a stacked deck"
    for index, step in enumerate(lesson["steps"]):
        assert game.to_act(state) == step["seat"], index
        assert step["action"] in game.legal_actions(state), (index, step)
        state = game.apply(state, step["action"])  # apply checks legality again
    seen = {step["lesson"] for step in lesson["steps"]}
    assert set(tutorials.LESSONS[game_id]) <= seen
    human = [step for step in lesson["steps"] if step["seat"] == 0]
    assert human and all(step["coach"] for step in human), "every move of yours has a coach line"
    assert not state.over
    assert len(lesson["steps"]) < 80, "a lesson stays a few minutes long"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lesson_ends_where_promised(game_id):
    lesson = tutorials.script(game_id)
    game = registry.get(game_id)
    state = game.new_match(lesson["players"], lesson["options"], lesson["seed"], lesson.get("deck"))
    for step in lesson["steps"]:
        state = game.apply(state, step["action"])
    view = game.view(state, 0)
    if game_id == "zevaka":
        assert not view["over"]
    else:
        assert len(view["sheet"]["rows"]) == 1, "a trick game's lesson is its whole first deal"


def test_the_hook_lesson_strikes_out_a_bid():
    lesson = tutorials.script("oh_hell")
    hook = next(step for step in lesson["steps"] if step["lesson"] == "hook")
    assert hook["seat"] == 0 and hook["action"]["type"] == "bid"


@pytest.mark.parametrize("lang", ["en", "ru", "pl", "bg", "de", "nl"])
def test_the_bridge_serves_the_lesson_in_the_asked_language(lang):
    answer = json.loads(bridge.handle(json.dumps({"op": "tutorial", "game": "kozel", "lang": lang})))
    steps = answer["tutorial"]["steps"]
    with language(lang):
        assert steps == tutorials.script("kozel")["steps"]
    lines = [step["coach"] for step in steps if step["coach"]]
    if lang != "en":
        english = [step["coach"] for step in tutorials.script("kozel")["steps"] if step["coach"]]
        assert all(a != b for a, b in zip(lines, english)), "every coach line is translated"
    new = {key: answer["tutorial"][key] for key in ("game", "players", "options", "seed", "deck")}
    created = json.loads(bridge.handle(json.dumps({"op": "new", **new})))
    assert "record" in created


def test_an_unknown_game_has_no_tutorial():
    answer = json.loads(bridge.handle(json.dumps({"op": "tutorial", "game": "poker"})))
    assert answer["error"]["code"] == "unknown_game"
