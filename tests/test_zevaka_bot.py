"""The Zevaka bot: its sampler never contradicts the seat's view, it is honest (the same
view gives the same action), hard never misses a move («прозевал») and easy sometimes does,
and every level returns a legal action."""

import random

import pytest

from games.zevaka import GAME

ATTENTIVE = GAME.ai.rules  # the game as the levels' search plays it
from sampling_checks import all_cards, check_sample, positions

DRAW = {"type": "draw"}
NO_CAP = 1e12  # budget_ms: iterations only, so the answer does not depend on the clock
OPTION_SETS = [{}, {"deck": 52}, {"aces_wild": True}, {"one_draw": True}, {"one_card_rule": False},
               {"hints": True, "deadlock": "draw"}, {"deck": 36, "aces_wild": True, "one_draw": True}]


def move(target):
    return {"type": "move", "target": target}


def can_move(state):
    return state.pending is None and bool(GAME.move_actions(state, state.turn))


# ---- the sampler ----------------------------------------------------------------------------
def test_samples_never_contradict_the_view():
    """Over 100,000 samples from positions of real playthroughs, 2-6 players, the main options:
    the view is unchanged, the cards are the same, every face-up card stays where it lies and
    only the stock and the face-down piles change."""
    rng = random.Random(5)
    samples = 0
    seed = 0
    while samples < 100_000:
        seed += 1
        players = 2 + seed % 5
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        policy = "random" if seed % 3 == 0 else "mixed"
        for state in positions(GAME, players, options, seed, policy=policy, every=2):
            cards = all_cards(GAME, state)
            hidden = sorted(state.stock + [c for pile in state.down for c in pile])
            for seat in range(players):
                view = GAME.view(state, seat)
                for _ in range(4 if seat == state.turn else 1):
                    world = GAME.sample(state, seat, rng)
                    check_sample(GAME, state, seat, world, view, cards)
                    assert world.open == state.open and world.common == state.common
                    assert world.pending == state.pending
                    assert [len(p) for p in world.down] == [len(p) for p in state.down]
                    assert sorted(world.stock + [c for p in world.down for c in p]) == hidden
                    samples += 1
    assert samples >= 100_000


def test_the_sample_depends_only_on_the_unseen_cards_as_a_set():
    state = next(s for i, s in enumerate(positions(GAME, 3, {}, 7)) if i == 30)
    other = GAME.redeal_hidden(state, state.turn, random.Random(99))
    assert other.stock != state.stock
    for k in range(5):
        a = GAME.ai.determinize(state, 0, random.Random(k))
        b = GAME.ai.determinize(other, 0, random.Random(k))
        assert a.stock == b.stock and a.down == b.down


# ---- honest: the same view gives the same action --------------------------------------------
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bot_decides_from_its_view_only(level, monkeypatch):
    """Re-dealing every card the seat cannot see never changes the bot's action."""
    monkeypatch.setattr(type(GAME.ai), "bot_levels", {k: {x: v for x, v in s.items() if x != "time_ms"}
                                                      for k, s in GAME.bot_levels.items()})
    checked = 0
    for seed in range(1, 30):
        players = 2 + seed % 4
        for index, state in enumerate(positions(GAME, players, OPTION_SETS[seed % 4], seed, every=3)):
            seat = state.turn
            if len(ATTENTIVE.legal(state)) < 2:
                continue  # no search: nothing hidden is read at all
            other = GAME.redeal_hidden(state, seat, random.Random(index + 1000))
            first = GAME.bot(state, seat, level, random.Random(index))
            assert GAME.bot(other, seat, level, random.Random(index)) == first
            checked += 1
        if checked >= 25:
            break
    assert checked >= 25


# ---- «прозевал» -------------------------------------------------------------------------------
def _positions_with_a_move(count):
    found = []
    for seed in range(1, 200):
        for state in positions(GAME, 2 + seed % 3, OPTION_SETS[seed % len(OPTION_SETS)], seed, every=1):
            if can_move(state) and DRAW in GAME.legal(state):
                found.append(state)
                if len(found) >= count:
                    return found
    return found


def test_hard_never_misses_a_move():
    """Structural: as the hard bot sees the game, a draw while a move exists is no action."""
    for state in _positions_with_a_move(150):
        assert DRAW not in ATTENTIVE.legal(state)
        for k in range(2):
            action = GAME.bot(state, state.turn, "hard", random.Random(k), 30)
            assert action["type"] == "move", action


def test_hard_plays_whole_games_without_a_miss():
    for seed in (1, 2):
        state = GAME.new_match(3, {}, seed)
        rng = random.Random(seed)
        while not state.over:
            state = GAME.apply(state, GAME.bot(state, state.turn, "hard", rng, 20))
        assert state.missed == [0, 0, 0]


def test_easy_sometimes_misses_and_normal_rarely():
    states = _positions_with_a_move(300)
    misses = {level: sum(GAME.bot(s, s.turn, level, random.Random(i), 20) == DRAW for i, s in enumerate(states))
              for level in ("easy", "normal")}
    assert 0.2 * len(states) < misses["easy"] < 0.6 * len(states)
    assert 0 < misses["normal"] < misses["easy"]


def test_the_bot_moves_its_top_card_before_drawing():
    from test_zevaka_rules import position

    state = position([["TD"], ["QC", "9S"], ["KH"]], down=[[], [], []], common=("8D",), stock=("7H",))
    # TD fits on seat 1's top card 9S only (not on the common 8D): hard moves it there.
    assert GAME.bot(state, 0, "hard", random.Random(1)) == move(1)
    assert GAME.bot(state, 0, "baseline", random.Random(1)) == move(1)


def test_the_search_burdens_an_opponent_rather_than_the_common_pile():
    from test_zevaka_rules import position

    # TD fits on the common 9D and on seat 1's 9S; on seat 1 it stays (nothing there takes a
    # ten from seat 1), on the common pile it only goes away.
    state = position([["TD"], ["9S", "QC", "9C"], ["KH", "AS"]], down=[[], [], []], common=("9D",),
                     stock=("7H", "8C", "6D", "JS"))
    assert GAME.bot(state, 0, "hard", random.Random(3), NO_CAP) == move(1)


# ---- always legal --------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "baseline", "random"])
def test_every_level_returns_a_legal_action(level):
    for index, state in enumerate(positions(GAME, 2 + index_players(level), {"aces_wild": level == "hard"}, 11,
                                            every=5)):
        action = GAME.bot(state, state.turn, level, random.Random(index), 20)
        assert action in GAME.legal_actions(state)


def index_players(level):
    return ["easy", "normal", "hard", "baseline", "random"].index(level) % 5


def test_a_bot_game_ends_at_every_level_mix():
    rng = random.Random(4)
    levels = ["easy", "normal", "hard", "baseline"]
    state = GAME.new_match(4, {}, 3)
    while not state.over:
        state = GAME.apply(state, GAME.bot(state, state.turn, levels[state.turn], rng, 20))
    assert state.loser is not None or state.end in ("draw", "empty")
