"""The honesty of bench/ismcts_adapter.py, the adapter through which OpenSpiel's ISMCTS plays
our games (bench/vs_ismcts.py). Runs without open_spiel.

The information-state string is the one thing the outside search knows a seat by: if it held
a card the seat cannot see, every determinization would give another string (and the search
would be told the hidden cards through its tree); if it missed the seat's own cards, the
search would mix up positions that differ. Checked on positions of random playthroughs of
every game, at several player counts.
"""

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from ismcts_adapter import SCORES, ActionIds, Resampler, SpielGame, SpielState, information_state  # noqa: E402

from games import registry  # noqa: E402

TABLES = [  # (game, players, options)
    ("oh_hell", 3, {}), ("oh_hell", 4, {"largest": 5}), ("oh_hell", 5, {"trump": "turn_up"}),
    ("spades", 2, {}), ("spades", 3, {}), ("spades", 4, {"partnership": True, "nil": "nil", "nil_exchange": True}),
    ("kozel", 2, {}), ("kozel", 3, {}), ("kozel", 4, {}),
    ("eight_five_three", 3, {}),
    ("zevaka", 2, {}), ("zevaka", 4, {}),
]
MATCHES = 2  # random playthroughs of the first deal per table
POSITIONS = 6  # positions taken from each


def positions(game_id, players, options, seed=5):
    """Adapter states at random points of random playthroughs of a first deal."""
    game = registry.get(game_id)
    rng = random.Random(f"{seed}:{game_id}:{players}")
    found = []
    for _ in range(MATCHES):
        spiel_game = SpielGame(game, players)
        state = spiel_game.start(game.new_match(players, options, rng.randrange(2**53)))
        trail = []
        while not state.is_terminal():
            trail.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        found += rng.sample(trail, min(POSITIONS, len(trail)))
    return found


def leaky_string(state: SpielState, seat: int) -> str:
    """A dishonest string (the control): the honest one plus where every card lies."""
    return state.information_state_string(seat) + json.dumps(state.spiel_game.game.card_zones(state.state))


def same_for_every_determinization(state: SpielState, seat: int, string_of, seeds=(1, 2)) -> bool:
    true = string_of(state, seat)
    return all(string_of(Resampler(random.Random(s))(state, seat), seat) == true for s in seeds)


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_two_determinizations_of_one_information_set_give_one_string(game_id, players, options):
    caught = 0
    for state in positions(game_id, players, options):
        for seat in range(players):
            honest = same_for_every_determinization(state, seat, SpielState.information_state_string)
            assert honest, f"{game_id} move {len(state.state.actions)}, seat {seat}: the string depends on hidden cards"
            caught += not same_for_every_determinization(state, seat, leaky_string)
    # The control: a string holding the hidden cards is caught (so the check above can fail).
    assert caught > 0


@pytest.mark.parametrize("game_id,players,options", [t for t in TABLES if t[0] != "zevaka"])
def test_the_string_changes_with_the_seats_own_cards(game_id, players, options):
    """A world sampled for another seat deals this seat's cards again: where its hand came
    out different, its string must differ (Zevaka has no private cards: not checked)."""
    game = registry.get(game_id)
    rng = random.Random(9)
    changed = 0
    for state in positions(game_id, players, options):
        for seat in range(players):
            other = (seat + 1) % players
            world = Resampler(rng)(state, other)
            if game.view(world.state, seat)["hand"] != game.view(state.state, seat)["hand"]:
                assert world.information_state_string(seat) != state.information_state_string(seat)
                changed += 1
    assert changed > 0  # the case was met


def test_the_trail_shows_others_the_kind_of_action_only():
    """Kozel: a face-down pass is seen by the others as a pass, its cards by the passer."""
    game = registry.get("kozel")
    rng = random.Random(3)
    for _ in range(40):
        state = SpielGame(game, 4).start(game.new_match(4, {}, rng.randrange(2**53)))
        while not state.is_terminal():
            legal = game.legal(state.state)
            passes = [a for a in legal if a["type"] == "pass"]
            if passes:
                passer = state.current_player()
                state.apply_action(state.spiel_game.ids.id_of(passes[0]))
                cards = json.dumps(passes[0]["cards"])[1:-1]
                for seat in range(4):
                    trail = json.loads(state.information_state_string(seat))["trail"]
                    assert trail[-1] == ([passer, passes[0]] if seat == passer else [passer, "pass"])
                    if seat != passer and not any(c in game.view(state.state, seat)["hand"] for c in passes[0]["cards"]):
                        assert cards not in state.information_state_string(seat)
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no pass met")


@pytest.mark.parametrize("game_id", list(SCORES))
def test_a_deal_played_through_the_adapter_is_the_game_played_with_apply(game_id):
    """apply_action is Game.apply without the check; the state ends with the deal, and the
    returns are the game's unit for each seat."""
    game = registry.get(game_id)
    rng = random.Random(11)
    players = game.default_players
    match = game.new_match(players, {}, 12345)
    state = SpielGame(game, players).start(match.clone())
    applied = match
    while not state.is_terminal():
        assert state.current_player() == applied.turn
        action = rng.choice(game.legal(applied))
        state.apply_action(state.spiel_game.ids.id_of(action))
        applied = game.apply(applied, action)
        assert state.state == applied
    assert state.current_player() < 0 and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == players
    if game_id == "zevaka":
        assert applied.over and sorted(returns) == [0.0] + [1.0] * (players - 1)
    else:
        assert applied.over or game.deal_number(applied) != game.deal_number(match)
        assert state.deal_row() == SCORES[game_id].rows(applied)[0]  # the deal just played
    if game_id == "kozel":
        assert returns[0] + returns[1] == 120  # the teams' card points
    if game_id == "eight_five_three":
        assert sum(returns) == 0  # tricks minus duty


def test_action_ids_are_stable_and_canonical():
    ids, fresh = ActionIds(), ActionIds()
    a = {"type": "play", "cards": ["QS", "TH"]}
    b = {"cards": ["TH", "QS"], "type": "play"}
    assert ids.id_of(a) == fresh.id_of(b) == 1121341993988868757  # a function of the JSON: every process, every run
    assert 0 < ids.id_of({"type": "bid", "n": 3}) < 2**62
    assert ids.action(ids.id_of(a)) == a


def test_information_state_is_the_view_and_the_trail():
    game = registry.get("oh_hell")
    state = SpielGame(game, 4).start(game.new_match(4, {}, 1))
    state.apply_action(state.legal_actions()[0])
    text = state.information_state_string(1)
    assert text == information_state(game, state.state, 1, state.actors)
    assert json.loads(text)["view"]["hand"] == game.view(state.state, 1)["hand"]
