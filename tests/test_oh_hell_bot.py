"""The Oh Hell bot: its sampler never contradicts the seat's view, it is honest (the
same view gives the same action), and its bids and plays aim for exactly the bid."""

import random

import pytest

from games.oh_hell import GAME
from sampling_checks import all_cards, check_sample, play_out_through_the_rules, positions

SAMPLES_PER_POSITION = 10


def test_samples_never_contradict_the_view():
    """Over 100,000 samples from positions of real playthroughs, every player count."""
    rng = random.Random(5)
    samples = 0
    option_sets = [{}, {"trump": "turn_up"}, {"must_trump": True}, {"hook": "off"}]
    seed = 0
    while samples < 100_000:
        seed += 1
        players = 2 + seed % 6
        options = dict(option_sets[seed % len(option_sets)], largest=rng.choice([3, 5, 7, 10, "standard"]))
        for state in positions(GAME, players, options, seed, every=3):
            cards = all_cards(GAME, state)
            for seat in range(players):
                view = GAME.view(state, seat)
                for _ in range(SAMPLES_PER_POSITION if seat == state.turn else 1):
                    check_sample(GAME, state, seat, GAME.sample(state, seat, rng), view, cards)
                    samples += 1
    assert samples >= 100_000


# ---- honest: the same view gives the same action ----------------------------------------
NO_CAP = 1e12  # budget_ms: iterations only, so the answer does not depend on the clock


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bot_decides_from_its_view_only(level):
    """Re-dealing every card the seat cannot see never changes the bot's action."""
    checked = 0
    for seed in range(1, 4):
        for index, state in enumerate(positions(GAME, 3 + seed % 2, {"largest": 5}, seed, every=4)):
            seat = state.turn
            if len(GAME.legal(state)) < 2:
                continue
            other = GAME.redeal_hidden(state, seat, random.Random(index))
            first = GAME.bot(state, seat, level, random.Random(index), NO_CAP)
            assert GAME.bot(other, seat, level, random.Random(index), NO_CAP) == first
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "baseline", "random"])
def test_every_level_returns_a_legal_action(level):
    for state in positions(GAME, 4, {"largest": 3}, 11, every=2):
        action = GAME.bot(state, state.turn, level, random.Random(1))
        assert action in GAME.legal_actions(state)


# ---- it plans for exactly its bid ---------------------------------------------------------
def _hard(state):
    return GAME.bot(state, state.turn, "hard", random.Random(2), NO_CAP)


def test_bids_the_three_top_trumps_as_three_tricks():
    from test_oh_hell_rules import stacked

    state = stacked([["AS", "KS", "QS"], ["2H", "3H", "4H"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]])
    assert state.turn == 0
    assert _hard(state) == {"type": "bid", "n": 3}


def test_bids_nothing_with_hopeless_cards():
    from test_oh_hell_rules import stacked

    state = stacked([["2H", "2D", "2C"], ["AS", "KS", "QS"], ["AH", "KH", "QH"], ["AD", "KD", "QD"]])
    assert _hard(state) == {"type": "bid", "n": 0}


def test_takes_the_trick_it_still_needs_and_ducks_once_the_bid_is_made():
    from test_oh_hell_rules import act, bid, play, stacked

    # Seat 3 (the dealer, last to play) holds AH and 2H; hearts are led and nobody else
    # holds another heart, so the ace now is its only sure trick (no one holds a trump).
    hands = [["KH", "2D", "9C"], ["QH", "4D", "TC"], ["JH", "6D", "JC"], ["AH", "2H", "3C"]]
    start = stacked(hands, trump="S")
    needs_one = act(start, bid(0), bid(0), bid(0), bid(1), play("KH"), play("QH"), play("JH"))
    assert _hard(needs_one) == play("AH")
    wants_none = act(start, bid(1), bid(0), bid(0), bid(0), play("KH"), play("QH"), play("JH"))
    assert _hard(wants_none) == play("2H")


FAST_OPTION_SETS = [(4, {}), (3, {"must_trump": True}), (5, {"scoring": "minus_ten", "trump": "turn_up"}),
                    (2, {"no_trump_largest": True, "largest": 5}), (4, {"sequence": "up", "largest": 3})]


def test_the_fast_playout_plays_the_same_cards_and_random_numbers_as_the_rules():
    """`OhHellAI.play_out` (oh_hell/playout.py, on plain lists) against a plain loop through the
    rules' `perform` and the playout policy, with and without the exact last two tricks, from
    worlds sampled in bids and play under several option sets (must trump, no trump, other
    scorings, 2 to 5 players, the last deal of a match): the same hands, tricks won, score
    sheet, leader, turn and phase, the same cards played and random numbers left."""
    from games.engine.ai.endgame import Endgame

    ai = GAME.ai
    checked = 0
    for index, (players, options) in enumerate(FAST_OPTION_SETS):
        for state in positions(GAME, players, options, 300 + index, every=3):
            seat = state.turn
            for cards in (0, 2):
                policy = Endgame(ai, cards).playout if cards else ai.playout_action
                world = ai.sample(state, seat, random.Random(checked))
                fast, slow = world.clone(), world.clone()
                fast_rng, slow_rng = random.Random(checked), random.Random(checked)
                fast_steps = ai.play_out(fast, None, policy, fast_rng)
                slow_steps = play_out_through_the_rules(ai, slow, policy, slow_rng)
                assert (fast_steps, fast.hands, fast.tricks_won, fast.trick, fast.sheet) == (
                    slow_steps, slow.hands, slow.tricks_won, slow.trick, slow.sheet), (players, options, state.phase)
                assert (fast.leader, fast.turn, fast.phase, fast.over) == (slow.leader, slow.turn, slow.phase,
                                                                           slow.over)
                assert fast.last_trick == slow.last_trick
                assert fast_rng.random() == slow_rng.random()
                checked += 1
    assert checked > 500, checked


def test_the_fast_playout_cards_are_the_rules_cards():
    """playout.py's legal cards, trick winner and card choice against the rules' and
    engine/trick_play.py's, and its endgame line against the solver through the rules, on
    positions from real playthroughs (must trump and no trump too)."""
    from games.engine.trick_play import pick_card
    from games.oh_hell import playout

    rules, rng = GAME.ai.rules, random.Random(5)
    checked = solved = 0
    for index, (players, options) in enumerate(FAST_OPTION_SETS):
        for state in positions(GAME, players, options, 400 + index):
            if state.phase != "play":
                continue
            seat, trump = state.turn, state.trump
            trick = [(p["seat"], p["card"]) for p in state.trick]
            cards = rules.playable_cards(state, seat)
            assert playout.playable(state.hands[seat], trick, trump, state.options["must_trump"]) == cards
            for want in (False, True):
                assert playout.pick_card(cards, trick, trump, want) == pick_card(
                    cards, state.trick, trump, rules.suit_of, rules.strength, want)
            if state.history:
                last = state.history[-1]
                assert playout.trick_winner([(p["seat"], p["card"]) for p in last["plays"]], trump) == last["winner"]
            checked += 1
            if len(state.hands[seat]) <= 2:
                world = GAME.ai.sample(state, seat, rng)
                before = world.clone()
                expected = GAME.ai.solve_endgame(world)
                assert playout.solve(world.hands, [(p["seat"], p["card"]) for p in world.trick], world.tricks_won,
                                     seat, world.bids, trump, world.options["must_trump"],
                                     world.options["scoring"]) == expected
                assert world == before
                solved += 1
    assert checked > 300 and solved > 50, (checked, solved)
