"""The Oh Hell bot: its sampler never contradicts the seat's view, it is honest (the
same view gives the same action), and its bids and plays aim for exactly the bid."""

import random

import pytest

from games.oh_hell import GAME
from sampling_checks import all_cards, check_sample, positions

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
