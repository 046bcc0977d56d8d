"""The exact endgame (engine/ai/endgame.py): each seat plays for its own score (max^n), as a
plain search through the game's public `legal`/`perform` finds it, and the world is left
as it was."""

import random

from games.engine.ai import endgame
from games.oh_hell import GAME
from games.oh_hell.rules import deal_points
from sampling_checks import positions


def points_of(world):
    scoring = world.options["scoring"]
    return lambda won: [deal_points(bid, tricks, scoring) for bid, tricks in zip(world.bids, won)]


SEARCH_RULES = GAME.ai.rules  # the rules as the search plays its worlds: the next deal left undealt


def reference(world, points):
    """max^n by cloning and `perform` through the game's rules (ties: the first legal card)."""
    if world.turn is None or not any(world.hands):
        return points(world.tricks_won), []
    top = None
    for action in SEARCH_RULES.legal(world):
        after = world.clone()
        SEARCH_RULES.perform(after, action)
        values, line = reference(after, points)
        if top is None or values[world.turn] > top[0][world.turn]:
            top = values, [action["cards"][0]] + line
    return top


def test_a_seat_wins_the_trick_it_needs_now_rather_than_lose_it_later():
    """Seat 2 bid 1 and has none: under the jack its queen wins now; its 2 would leave it the
    queen to play under the ace of the last trick, and no trick."""
    world = GAME.sample(GAME.new_match(3, {"largest": 3}, seed=1), 0, random.Random(1))
    world.phase, world.trump, world.options = "play", None, dict(world.options, scoring="exact")
    world.hands = [["AS"], ["4S"], ["QS", "2S"]]
    world.trick = [{"seat": 0, "card": "JS"}, {"seat": 1, "card": "3S"}]
    world.leader, world.turn, world.bids, world.tricks_won = 0, 2, [2, 0, 1], [1, 0, 0]
    before = world.clone()
    values, line = GAME.ai.solve_endgame(world)
    assert line == ["QS", "2S", "AS", "4S"]
    assert values == [12, 10, 11]  # every bid made: seat 0's jack lost, its ace won
    assert world == before


def test_the_solver_agrees_with_a_plain_search_over_the_rules():
    """200 last-two-trick positions from real playthroughs (2 to 6 players, must-trump
    and per-trick scoring too): the same scores, the same line, the world unchanged; with
    Oh Hell's ceilings (each seat's best reachable score) too."""
    rng = random.Random(7)
    checked, seed = 0, 0
    option_sets = [{}, {"must_trump": True}, {"scoring": "per_trick"}, {"trump": "turn_up"}]
    while checked < 200:
        seed += 1
        players = 2 + seed % 5
        options = dict(option_sets[seed % len(option_sets)], largest=rng.choice([3, 5, 7]))
        for state in positions(GAME, players, options, seed):
            if state.phase != "play" or len(state.hands[state.turn]) > 2 or state.deal_index:
                continue
            world = GAME.sample(state, state.turn, rng)
            before = world.clone()
            points = points_of(world)
            expected = reference(world.clone(), points)
            assert endgame.solve(GAME, world, points) == expected
            assert world == before
            assert GAME.ai.solve_endgame(world) == expected  # looking no further than each seat's best
            assert world == before
            checked += 1
