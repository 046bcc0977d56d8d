"""Zevaka through the shared conformance harness: 2-6 players, every option value."""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import option_sets, play_random_match
from games.zevaka import GAME

# CONFORMANCE_SCALE multiplies the number of random matches (1 = the CI default).
SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))
OPTION_SETS = option_sets(GAME, random.Random(5), 16)


@settings(max_examples=int(600 * SCALE), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**53 - 1))
def test_random_matches_keep_the_contract(players, options, seed):
    play_random_match(GAME, players, options, seed, check_rate=0.03)


def test_every_option_value_and_player_count_plays_to_the_end():
    for players in range(2, 7):
        for index, options in enumerate(OPTION_SETS):
            play_random_match(GAME, players, options, seed=players * 100 + index, check_rate=0.02)
