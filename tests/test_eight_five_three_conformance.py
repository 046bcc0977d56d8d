"""8-5-3 (Blato) through the shared conformance harness: 3 players, every option.

A random match runs to +21 (about 30 deals, 1,500-3,000 actions), so the costly checks
(replay, JSON round trip, hidden-card redeal) run at a low rate; the peek, exchange and
talon steps, the game's own additions, are also checked at every step of stacked deals.
"""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import check_deep, check_step, option_sets, play_random_match
from games.eight_five_three import GAME
from games.eight_five_three.rules import is_four_four_four_four
from games.engine import cards as C

# CONFORMANCE_SCALE multiplies the number of random matches (1 = the CI default).
SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))
OPTION_SETS = option_sets(GAME, random.Random(2), 12) + [
    {"head": "all", "trump_return": "lowest", "sweep": True, "end": "deals"},
    {"head": "all", "return_rule": "standard", "trump_return": "lowest", "direction": "clockwise"},
    {"minimum": True, "once": True, "redeal": True, "end": "deals", "no_trump": False},
]
RATE = 0.003


@settings(max_examples=max(1, int(20 * SCALE)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**53 - 1))
def test_random_matches_keep_the_contract(options, seed):
    play_random_match(GAME, 3, options, seed, check_rate=RATE)


def test_every_option_value_plays_to_the_end():
    for index, options in enumerate(OPTION_SETS):
        state = play_random_match(GAME, 3, options, seed=300 + index, check_rate=RATE)
        totals = state.sheet["totals"]
        last = [c["tricks"] for c in state.sheet["rows"][-1]["cells"]]
        if options.get("sweep") and max(last) >= 12:
            assert state.winners == [last.index(max(last))]
            continue
        if options.get("end") == "deals":
            assert len(state.sheet["rows"]) >= 18
        else:
            assert max(totals) >= 21
        assert totals.count(max(totals)) == 1 and state.winners == [totals.index(max(totals))]


def peek_deck(rng):
    """A shuffled pack in which the 8 (who receives cards 0, 3, 6, ...) is dealt 4-4-4-4."""
    deck = C.deck_52()
    rng.shuffle(deck)
    eight = [c for s in C.SUITS for c in [c for c in deck if C.suit(c) == s][:4]]
    rng.shuffle(eight)
    rest = [c for c in deck if c not in eight]
    order = []
    for i in range(48):
        order.append(eight.pop() if i % 3 == 0 else rest.pop())
    return order + rest


def test_peek_exchange_and_talon_steps_keep_the_contract():
    """Three deals of every option set from a 4-4-4-4 hand for the 8, preferring the peek;
    the deep checks run at every step outside trick play."""
    for index, options in enumerate(OPTION_SETS):
        rng = random.Random(index)
        state = GAME.new_match(3, options, seed=index, deck=peek_deck(rng))
        assert is_four_four_four_four(state.hands[state.eight])
        peeked = False
        while not state.over and state.deal_index < 3:
            check_step(GAME, state)
            if state.phase != "play" or rng.random() < 0.05:
                check_deep(GAME, state, rng)
            legal = GAME.legal_actions(state)
            action = {"type": "peek"} if {"type": "peek"} in legal else rng.choice(legal)
            peeked = peeked or action["type"] == "peek"
            state = GAME.apply(state, action)
        assert peeked == (options.get("peek", "forfeit") != "off")
