"""Claiming the rest of the tricks (issue 16, "claim the rest" in Oh Hell, Spades, 8-5-3):
offered only when the claimer's own knowledge proves every remaining trick, and then the
deal is played out to exactly that result."""

import json
import random

import pytest

from games import bridge, registry
from games.engine.errors import IllegalAction
from games.oh_hell import GAME as OH_HELL
from games.spades import GAME as SPADES
from stacking import dealing_order, deck_52_low_first
from test_spades_rules import stacked as spades_stacked

DECK = deck_52_low_first()


def oh_hell_three_cards(hands, trump="S"):
    """3 players, a 3-card first deal, dealer seat 2 (seat 0 bids first and leads)."""
    chance = [{"kind": "dealer", "value": 2}, {"kind": "deal", "cards": dealing_order(hands, 2, DECK)},
              {"kind": "trump", "value": trump}]
    return OH_HELL.new_match(3, {"largest": 3}, seed=1, _chance=chance)


def bids_done(game, state):
    """Every seat bids the first bid it may (the hook may forbid one)."""
    while state.phase == "bid":
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_three_top_trumps_claim_every_trick_and_end_the_deal():
    state = bids_done(OH_HELL, oh_hell_three_cards([["AS", "KS", "QS"], ["2H", "3H", "4H"], ["2D", "3D", "4D"]]))
    assert state.turn == 0 and OH_HELL.view(state, 0)["can_claim"]
    claimed = OH_HELL.claim(state, 0)
    row = claimed.sheet["rows"][0]
    assert [c["tricks"] for c in row["cells"]] == [3, 0, 0]
    assert claimed.actions[: len(state.actions)] == state.actions  # an ordinary record: plays appended
    assert OH_HELL.replay(OH_HELL.record(claimed)).sheet == claimed.sheet


def test_an_unseen_trump_that_could_ruff_forbids_the_claim_and_changes_nothing():
    # AS KS lead the trumps, but a third unseen trump may sit in one hand and ruff the AH.
    state = bids_done(OH_HELL, oh_hell_three_cards([["AS", "KS", "AH"], ["2H", "3H", "4H"], ["2D", "3D", "4D"]]))
    assert OH_HELL.claim_plan(state, 0) is None and not OH_HELL.view(state, 0)["can_claim"]
    before = json.dumps(OH_HELL.record(state))
    with pytest.raises(IllegalAction):
        OH_HELL.claim(state, 0)
    assert json.dumps(OH_HELL.record(state)) == before


def test_only_the_seat_on_lead_may_claim():
    state = bids_done(OH_HELL, oh_hell_three_cards([["2H", "3H", "4H"], ["AS", "KS", "QS"], ["2D", "3D", "4D"]]))
    assert state.turn == 0 and not OH_HELL.view(state, 1)["can_claim"]
    with pytest.raises(IllegalAction):
        OH_HELL.claim(state, 1)


def test_s8_a_claim_that_must_lead_unbroken_spades_is_not_offered():
    # Twelve trumps and the top heart: sure tricks, but spades are not broken and the hand
    # still holds a heart, so the trumps cannot be led first (S8).
    spades = ["BJ", "LJ", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"]
    state = bids_done(SPADES, spades_stacked([spades + ["AH"], [], [], []], dealer=3))
    assert state.turn == 0 and not state.broken
    assert SPADES.claim_plan(state, 0) is None


def test_a_hand_of_only_spades_claims_all_thirteen_tricks():
    spades = ["BJ", "LJ", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
    state = bids_done(SPADES, spades_stacked([spades, [], [], []], dealer=3))
    claimed = SPADES.claim(state, 0)
    assert claimed.rows[0]["tricks"] == [13, 0, 0, 0]
    assert SPADES.replay(SPADES.record(claimed)).rows == claimed.rows


@pytest.mark.parametrize("game_id", ["oh_hell", "spades", "eight_five_three"])
def test_every_offered_claim_holds_in_random_matches(game_id):
    """Random matches: wherever a claim is offered, playing it out gives the claimer every
    trick (claim() raises otherwise). Enough claims are found for this to mean something."""
    game = registry.get(game_id)
    offered = 0
    for match in range(12):
        rng = random.Random(match)
        players = 3 if game_id == "eight_five_three" else rng.choice([3, 4, 5])
        options = {"partnership": True} if game_id == "spades" and players == 4 and match % 2 else {}
        state = game.new_match(players, options, seed=match)
        for _ in range(2000):
            if state.over:
                break
            seat = game.to_act(state)
            if game.claim_plan(state, seat) is not None:
                offered += 1
                left = len(state.hands[seat])
                claimed = game.claim(state, seat)
                assert len(claimed.actions) - len(state.actions) == left * state.players
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert offered >= 5


def test_the_claim_op_answers_with_the_played_out_record_and_refuses_a_kozel_claim():
    state = bids_done(OH_HELL, oh_hell_three_cards([["AS", "KS", "QS"], ["2H", "3H", "4H"], ["2D", "3D", "4D"]]))
    record = OH_HELL.record(state)
    answer = json.loads(bridge.handle(json.dumps({"op": "claim", "record": record, "seat": 0, "view_seat": 0})))
    assert len(answer["record"]["actions"]) == len(record["actions"]) + 9
    assert answer["view"]["scores"] is not None
    refused = json.loads(bridge.handle(json.dumps({"op": "claim", "record": record, "seat": 1})))
    assert refused["error"]["code"] == "illegal_action"
    kozel = json.loads(bridge.handle(json.dumps({"op": "new", "game": "kozel", "seed": 1})))["record"]
    answer = json.loads(bridge.handle(json.dumps({"op": "claim", "record": kozel, "seat": 0})))
    assert "error" in answer
