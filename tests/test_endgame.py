"""The exact endgame (engine/ai/endgame.py): each seat plays for its own score (max^n), as a
plain search through the game's public `legal`/`perform` finds it, and the world is left
as it was."""

import random

from games.engine.ai import endgame
from games.eight_five_three import GAME as EIGHT_FIVE_THREE
from games.eight_five_three.rules import MINIMUM, MINIMUM_LIMITS
from games.oh_hell import GAME
from games.oh_hell.rules import deal_points
from sampling_checks import positions


def points_of(world):
    scoring = world.options["scoring"]
    return lambda won: [deal_points(bid, tricks, scoring) for bid, tricks in zip(world.bids, won)]


SEARCH_RULES = GAME.ai.rules  # the rules as the search plays its worlds: the next deal left undealt


def reference(world, points, rules=SEARCH_RULES):
    """max^n by cloning and `perform` through the game's rules (ties: the first legal card)."""
    if world.turn is None or not any(world.hands):
        return points(world.tricks_won), []
    top = None
    for action in rules.legal(world):
        after = world.clone()
        rules.perform(after, action)
        values, line = reference(after, points, rules)
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


def test_eight_five_three_solves_as_a_plain_search_over_its_rules():
    """8-5-3's solver (its fast legal cards and trick winner, and a ceiling of every trick
    left taken, or none in a minimum deal) gives a plain search's scores and line from 600
    positions of its last three tricks, in every follow rule, both directions and minimum
    deals, and leaves the world as it was."""
    rng = random.Random(11)
    rules = EIGHT_FIVE_THREE.ai.rules
    option_sets = [{}, {"head": "all"}, {"direction": "clockwise"}, {"minimum": True}, {"no_trump": False}]
    checked, seed, minimum = 0, 0, 0
    while checked < 600:
        seed += 1
        options = option_sets[seed % len(option_sets)]
        taken = 0
        for state in positions(EIGHT_FIVE_THREE, 3, options, seed):
            if state.deal_index > 1 or taken >= 6:
                break
            if state.phase != "play" or len(state.hands[state.turn]) > 3:
                continue
            world = EIGHT_FIVE_THREE.sample(state, state.turn, rng)
            before = world.clone()
            if world.contract == MINIMUM:
                limits = [MINIMUM_LIMITS[d] for d in world.duties]
                points = lambda won, limits=limits: [limit - t for limit, t in zip(limits, won)]  # noqa: E731
                minimum += 1
            else:
                points = lambda won, duties=world.duties: [t - d for t, d in zip(won, duties)]  # noqa: E731
            expected = reference(world.clone(), points, rules)
            assert endgame.solve(rules, world, points) == expected
            assert EIGHT_FIVE_THREE.ai.solve_endgame(world) == expected
            assert world == before
            checked += 1
            taken += 1
    assert minimum, "no minimum deal was checked"
