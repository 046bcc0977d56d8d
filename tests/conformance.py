"""The conformance harness every game's tests call (in the spirit of OpenSpiel's
random_sim_test): random matches, checked at every step against the contract.

Cheap checks run at every step; the costly ones (replay, JSON round trip, hidden
card leak, copy-unchanged, illegal probe) at a random sample of steps and at the
end, so thousands of whole matches stay affordable.
"""

import json
import random
from collections import Counter

from games.engine.errors import IllegalAction

MAX_STEPS = 20_000


def option_sets(game, rng: random.Random, count: int) -> list[dict]:
    """The defaults, each single non-default choice, then random mixes."""
    sets = [{}]
    for option in game.options_schema:
        for value, _ in option.choices:
            if value != option.default:
                sets.append({option.name: value})
    while len(sets) < count:
        sets.append({o.name: rng.choice(o.choices)[0] for o in game.options_schema})
    return sets


def play_random_match(game, players: int, options: dict, seed: int, *, check_rate: float = 0.05,
                      policy=None, max_deep_checks: int = 12) -> object:
    """Play one match with random legal actions (or `policy`), checking the contract.

    A deep check replays the whole record, so long matches get at most
    `max_deep_checks` of them (besides the first and the last step)."""
    rng = random.Random(seed)
    deep_left = max_deep_checks
    state = game.new_match(players, options, seed)
    check_deep(game, state, rng)
    for _ in range(MAX_STEPS):
        check_step(game, state)
        if game.to_act(state) is None:
            break
        legal = game.legal_actions(state)
        action = policy(game, state, legal, rng) if policy else rng.choice(legal)
        if deep_left and rng.random() < check_rate:
            deep_left -= 1
            check_deep(game, state, rng)
            before = state.clone()
            state_after = game.apply(state, action)
            assert state == before, "apply changed its input state"
            state = state_after
        else:
            state = game.apply(state, action)
    else:
        raise AssertionError(f"match did not end within {MAX_STEPS} steps")
    check_step(game, state)
    check_deep(game, state, rng)
    assert state.over and state.winners, "a finished match names its winner(s)"
    return state


def check_step(game, state) -> None:
    seat = game.to_act(state)
    legal = game.legal_actions(state)
    if seat is None:
        assert state.over and legal == [], "no one acts only when the match is over"
    else:
        assert 0 <= seat < state.players
        assert legal, f"seat {seat} is to act but has no legal action"
        assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal), "duplicate legal actions"
    held = sorted(c for cards in game.card_zones(state).values() for c in cards)
    if held != sorted(game.full_deck(state)):
        extra, lost = Counter(held) - Counter(game.full_deck(state)), Counter(game.full_deck(state)) - Counter(held)
        raise AssertionError(f"cards not conserved: extra {dict(extra)}, lost {dict(lost)}")
    game.self_check(state)


def check_deep(game, state, rng: random.Random) -> None:
    seat = game.to_act(state)
    # Only the seat to act sees actions.
    for s in range(state.players):
        view = game.view(state, s)
        assert view["to_act"] == seat and view["over"] == state.over
        assert (view["legal"] != []) == (s == seat), f"seat {s} sees legal actions out of turn"
        assert "scores" in view and "winner" in view
        assert json.loads(json.dumps(view)) == view, "a view must survive JSON unchanged"
    # The record survives JSON and replays to the same state.
    record = game.record(state)
    text = json.dumps(record)
    assert json.loads(text) == record, "the record must survive JSON unchanged"
    assert game.replay(json.loads(text)) == state, "replaying the record must give the same state"
    # Views leak no hidden card: dealing the unseen cards again changes no view.
    for s in range(state.players):
        redealt = game.redeal_hidden(state, s, rng)
        assert game.view(redealt, s) == game.view(state, s), f"seat {s}'s view depends on cards it cannot see"
    # An illegal action is refused and changes nothing.
    if seat is not None:
        before = state.clone()
        probe = {"type": "play", "cards": ["XX"]}
        try:
            game.apply(state, probe)
        except IllegalAction as error:
            assert error.message and "Traceback" not in error.message
        else:
            raise AssertionError("an action with an impossible card was accepted")
        assert state == before
