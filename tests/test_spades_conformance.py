"""Spades through the shared conformance harness: 2-5 players, every option.

Purely random bids almost never make a contract, so a match would last for ever
(with the minus and sandbag options totals fall); here the rule-of-thumb bot bids and
decides the draw, and card play mixes random cards (30 %) with the bot's."""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import option_sets, play_random_match
from games.spades import GAME

SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))
OPTION_SETS = [o for o in option_sets(GAME, random.Random(3), 24)] + [
    # the options that only act together: the exchange needs a nil, the hook a last bidder
    {"partnership": True, "nil": "blind", "nil_exchange": True, "double_nil": True, "min_team_bid": True},
    {"partnership": True, "nil": "nil", "nil_exchange": True, "first_lead": "club", "hook": True},
    {"first_lead": "club", "hook": True, "lose_at": True, "failed": "minus", "double_nil": True},
    {"two_player_deal": "whole", "nil": "blind", "first_lead": "club", "hook": True},
]


def mixed_policy(game, state, legal, rng):
    if legal[0]["type"] == "play" and rng.random() < 0.3:
        return rng.choice(legal)
    return game.ai.baseline(game.view(state, game.to_act(state)), rng)


def playable(players, options):
    return players == 4 or not options.get("partnership")


def with_partners_if_needed(options):
    """The nil exchange and the minimum team bid are partnership options."""
    if options.get("nil_exchange") or options.get("min_team_bid"):
        return dict(options, partnership=True)
    return options


@settings(max_examples=int(150 * SCALE), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**53 - 1),
       target=st.sampled_from([100, 200]))
def test_random_matches_keep_the_contract(players, options, seed, target):
    options = with_partners_if_needed(options)
    if not playable(players, options):
        players = 4
    play_random_match(GAME, players, dict(options, target=target), seed, check_rate=0.03, policy=mixed_policy,
                      max_deep_checks=6)


def test_every_option_and_player_count_plays_to_the_end():
    for players in range(2, 6):
        for index, options in enumerate(OPTION_SETS):
            options = with_partners_if_needed(options)
            if playable(players, options):
                options = dict(options, target=min(options.get("target", 200), 300))
                play_random_match(GAME, players, options, seed=players * 100 + index, check_rate=0.02,
                                  policy=mixed_policy, max_deep_checks=4)
