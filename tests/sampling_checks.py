"""Checks every game's bot sampler passes: a determinization must not contradict
what the seat knows. Used by tests/test_<game>_bot.py."""

import random
from collections import Counter

from games.engine.tricks import TrickGame


def check_sample(game, state, seat, world, expected_view=None, expected_cards=None):
    """`world` (from game.sample / determinize) against the true `state`, for `seat`.
    `expected_view` / `expected_cards` save recomputing the true state's side."""
    if expected_view is None:
        expected_view = game.view(state, seat)
    assert game.view(world, seat) == expected_view, "the sample changes what the seat sees"
    if expected_cards is None:
        expected_cards = all_cards(game, state)
    assert all_cards(game, world) == expected_cards, "the sample does not hold the same cards"
    if isinstance(game, TrickGame) and getattr(state, "phase", "play") == "play":
        check_plays_legal(game, state, world)


def all_cards(game, state) -> Counter:
    return Counter(c for zone in game.card_zones(state).values() for c in zone)


def check_plays_legal(game, state, world):
    """Every card played this deal would have been legal with the sampled hands.

    Rewinds the deal: a seat's hand before a play is its sampled hand now plus the
    cards it played from then on (trick phases draw no cards)."""
    tricks = [t["plays"] for t in state.history] + [state.trick]
    plays = [(i, p) for i, trick in enumerate(tricks) for p in trick]
    probe = world.clone()
    earlier = []
    for position, (trick_index, play) in enumerate(plays):
        seat = play["seat"]
        later_own = [p["card"] for _, p in plays[position:] if p["seat"] == seat]
        probe.hands[seat] = list(world.hands[seat]) + later_own
        trick = tricks[trick_index]
        probe.trick = trick[: trick.index(play)]
        game.rewind_for_probe(probe, earlier)
        assert play["card"] in game.playable_cards(probe, seat), (
            f"seat {seat} could not have played {play['card']} with the sampled hand {probe.hands[seat]}")
        earlier.append(play["card"])


def positions(game, players, options, seed, policy="mixed", every=1):
    """States of one playthrough (random and rule-of-thumb actions mixed)."""
    rng = random.Random(seed)
    state = game.new_match(players, options, seed)
    step = 0
    while game.to_act(state) is not None:
        if step % every == 0:
            yield state
        step += 1
        legal = game.legal_actions(state)
        if policy == "random" or (policy == "mixed" and rng.random() < 0.4):
            action = rng.choice(legal)
        else:
            action = game.bot(state, state.turn, "baseline", rng)
        state = game.apply(state, action)


def check_sampling_after_advancing_in_place(game, players, options, seeds, steps=6):
    """A state sampled, then advanced in place with `perform` (as an outside search does,
    without recording the action), then sampled again: the second world must be a world of
    the advanced position, not of the first (a sampler's cache keyed on what `perform` does
    not change would hand back the first position's plan)."""
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_match(players, options, seed)
        for step in range(60):
            if game.to_act(state) is None:
                break
            seat = state.turn
            game.sample(state, seat, rng)  # fills any cache for this state object
            advanced = state.clone()
            for _ in range(rng.randrange(1, steps)):
                if game.to_act(advanced) is None:
                    break
                game.perform(advanced, rng.choice(game.legal(advanced)))
            if game.to_act(advanced) is None:
                break
            viewer = advanced.turn
            game.sample(advanced, viewer, rng)  # this object's first sample: fills the cache
            game.perform(advanced, rng.choice(game.legal(advanced)))
            if game.to_act(advanced) is None:
                break
            viewer = advanced.turn
            check_sample(game, advanced, viewer, game.sample(advanced, viewer, rng))
            checked += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return checked


def play_out_through_the_rules(ai, world, policy, rng) -> int:
    """The reference for a game's fast playout (`GameAI.fast_finish`): `policy`'s actions
    performed one by one through the search's rules to the search's stop; the actions played."""
    steps = 0
    while not ai.search_done(world, None):
        ai.rules.perform(world, policy(world, rng))
        steps += 1
    return steps
