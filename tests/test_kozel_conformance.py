"""Kozel through the shared conformance harness: 4 players (and the individual modes of
K23, 2 and 3 players), every option value."""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import option_sets, play_random_match
from games.engine import cards as C
from games.kozel import GAME
from games.kozel.rules import Kozel

# CONFORMANCE_SCALE multiplies the number of random matches (1 = the CI default).
SCALE = float(os.environ.get("CONFORMANCE_SCALE", "1"))
OPTION_SETS = option_sets(GAME, random.Random(2), 16)


@settings(max_examples=int(400 * SCALE), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**53 - 1), players=st.sampled_from([4, 4, 3, 2]))
def test_random_matches_keep_the_contract(options, seed, players):
    play_random_match(GAME, players, options, seed, check_rate=0.03)


def test_every_option_value_plays_to_the_end():
    for index, options in enumerate(OPTION_SETS):
        play_random_match(GAME, 4, options, seed=400 + index, check_rate=0.02)


def test_every_option_value_plays_to_the_end_with_two_and_three_players():
    for index, options in enumerate(OPTION_SETS):
        play_random_match(GAME, 2 + index % 2, options, seed=700 + index, check_rate=0.02)


def _molodka_hungry(game, state, legal, rng):
    """Random play that calls every molodka it is offered (they are rare at random)."""
    calls = [a for a in legal if a["type"] == "molodka"]
    if state.phase == "molodka":  # an interrupt window: call or decline, half and half
        return rng.choice(legal)
    return calls[0] if calls and rng.random() < 0.8 else rng.choice(legal)


def clumpy_deck(rng: random.Random, players: int = 4) -> list[str]:
    """A deal order in which about half the seats get four cards of one suit."""
    by_suit = {s: [c for c in C.deck_36() if c[1] == s] for s in C.SUITS}
    for cards in by_suit.values():
        rng.shuffle(cards)
    hands = []
    for _ in range(players):
        suits = [s for s in C.SUITS if len(by_suit[s]) >= 4]
        if rng.random() < 0.55 and suits:
            suit = rng.choice(suits)
            hands.append([by_suit[suit].pop() for _ in range(4)])
        else:
            hands.append(None)
    rest = [c for cards in by_suit.values() for c in cards]
    rng.shuffle(rest)
    hands = [h if h is not None else [rest.pop() for _ in range(4)] for h in hands]
    return [hands[i % players][i // players] for i in range(4 * players)] + rest


class ClumpyKozel(Kozel):
    """Kozel whose fresh deals are clumpy (test only). The deal is recorded as usual,
    so records replay; only the drawing of new deals differs."""

    def start_deal(self, state, leader):
        state.stacked_deck = clumpy_deck(random.Random(f"{state.seed}:clumpy:{state.deal_number}"), state.players)
        super().start_deal(state, leader)


CLUMPY = ClumpyKozel()
CLUMPY.ai_module = "games.kozel.ai"  # its sampler is Kozel's (the conformance harness deals hidden cards again)


def test_molodka_heavy_matches_keep_the_contract():
    calls = windows = 0
    for index in range(max(4, int(48 * SCALE))):
        options = dict(OPTION_SETS[index % len(OPTION_SETS)], molodka=["own_turn", "interrupt"][index % 2])
        players = 4 if index % 3 else 3  # K23: three players too
        state = play_random_match(CLUMPY, players, options, seed=900 + index, check_rate=0.15, policy=_molodka_hungry)
        calls += sum(a["type"] == "molodka" for a in state.actions)
        windows += sum(a["type"] == "decline" for a in state.actions)
    assert calls > 0 and windows > 0, "the clumpy deals exercise molodkas and windows"


def test_bots_play_whole_parties_from_their_views():
    for seed, level, players in [(1, "normal", 4), (2, "hard", 4), (3, "easy", 4), (4, "hard", 3), (5, "normal", 2)]:
        state = GAME.new_match(players, {"molodka": "interrupt"} if seed in (2, 4) else {}, seed)
        while not state.over:
            seat = GAME.to_act(state)
            # A short search budget: this checks legality over whole parties, not strength.
            action = GAME.bot(state, seat, level, random.Random(f"{seed}:{len(state.actions)}"), budget_ms=15)
            assert action in GAME.view(state, seat)["legal"]
            state = GAME.apply(state, action)
