"""Zevaka («Зевака») rules on stacked decks and set positions, one or more tests per
RULES.md decision (Z1-Z17).

Two ways to set a position:
- `stacked(cards, players, first)`: a real match through the `_chance` list: the first
  player, then the deck in drawing order: cards[0] is turned up as the common pile, the
  rest is the stock, drawn from the front; unnamed cards follow in deck order.
- `position(...)`: a match whose piles are set directly (piles bottom first, face-down piles
  in drawing order); every card not named is buried under the common pile, so cards are
  conserved. Used for phase-2 situations that would take a whole stock to reach.
"""

import json
import random
from collections import Counter

import pytest

from games.engine import cards as C
from games.engine.errors import IllegalAction
from games.zevaka import GAME
from games.zevaka.rules import acts_as, fits
from games.zevaka.baseline import choose

DRAW = {"type": "draw"}


def move(target):
    return {"type": "move", "target": target}


def place(target):
    return {"type": "place", "target": target}


def deck_for(players, options=None):
    return GAME.full_deck(GAME.new_match(players, options, seed=0))


def stacked(cards, players=2, first=0, options=None):
    deck = deck_for(players, options)
    order = list(cards) + [c for c in deck if c not in cards]
    chance = [{"kind": "first", "value": first}, {"kind": "deal", "cards": order}]
    return GAME.new_match(players, options, seed=1, _chance=chance)


def position(open_piles, down=None, common=("6S",), stock=(), turn=0, out=(), options=None):
    players = len(open_piles)
    state = stacked([], players, turn, options)
    down = down or [[] for _ in open_piles]
    named = [c for p in open_piles for c in p] + [c for p in down for c in p] + list(common) + list(stock)
    assert len(set(named)) == len(named), "a card is named twice"
    deck = deck_for(players, options)
    state.common = [c for c in deck if c not in named] + list(common)
    state.stock = list(stock)
    state.open = [list(p) for p in open_piles]
    state.down = [list(p) for p in down]
    state.phase = "stock" if stock else "piles"
    state.out = list(out)
    state.turn = turn
    state.events = []
    check(state)
    return state


def check(state):
    zones = GAME.card_zones(state)
    assert Counter(c for cards in zones.values() for c in cards) == Counter(GAME.full_deck(state))
    GAME.self_check(state)


def act(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
        check(state)
    return state


def legal(state):
    return GAME.legal_actions(state)


def events(state, kind):
    return [e for e in state.events if e["type"] == kind]


# ---- Z1: the deck ------------------------------------------------------------------------
def test_z1_auto_deck_is_36_for_two_or_three_players_and_52_for_four_or_more():
    for players, size in [(2, 36), (3, 36), (4, 52), (5, 52), (6, 52)]:
        state = GAME.new_match(players, seed=3)
        assert len(GAME.full_deck(state)) == size
        assert len(state.stock) == size - 1 and len(state.common) == 1
        assert GAME.view(state, 0)["deck"] == size


def test_z1_deck_option_overrides_the_player_count():
    assert GAME.full_deck(GAME.new_match(2, {"deck": 52}, seed=1)) == C.deck_52()
    assert GAME.full_deck(GAME.new_match(6, {"deck": 36}, seed=1)) == C.deck_36()
    assert len(GAME.new_match(5, {"deck": 36}, seed=1).stock) == 35


def test_z1_suits_are_ignored():
    assert fits("7H", ["6S"], "6789TJQKA") and fits("7S", ["6S"], "6789TJQKA")
    state = act(stacked(["8S", "9D"]), DRAW)  # the nine of diamonds goes on the eight of spades
    assert legal(state) == [place("common")]


# ---- Z2: succession and the ace wrap -------------------------------------------------------
def test_z2_exactly_one_step_higher():
    r36 = "6789TJQKA"
    assert fits("8C", ["7D"], r36) and fits("KC", ["QD"], r36) and fits("AC", ["KD"], r36)
    assert not fits("9C", ["7D"], r36)  # two steps
    assert not fits("6C", ["7D"], r36) and not fits("7C", ["7D"], r36)  # lower, equal
    assert not fits("7C", [], r36)  # nothing to put it on


def test_z2_ace_wraps_to_the_six_with_36_cards():
    assert fits("6H", ["AS"], "6789TJQKA")
    state = act(stacked(["AS", "6H"]), DRAW)
    assert state.pending == "6H" and legal(state) == [place("common")]
    state = act(state, place("common"))
    assert state.common[-1] == "6H"


def test_z2_ace_wraps_to_the_two_with_52_cards():
    r52 = "23456789TJQKA"
    assert fits("2H", ["AS"], r52) and not fits("6H", ["AS"], r52)
    state = stacked(["AS", "6H", "2H"], options={"deck": 52})
    state = act(state, DRAW)  # the six does not go on the ace: it is kept
    assert state.open[0] == ["6H"] and state.turn == 1
    state = act(state, DRAW)  # the two does
    assert state.pending == "2H" and legal(state) == [place("common")]


def test_z2_king_takes_the_ace_and_a_two_step_card_is_kept():
    state = act(stacked(["KS", "AH"]), DRAW)
    assert legal(state) == [place("common")]
    state = act(stacked(["8S", "TS"]), DRAW)
    assert state.pending is None and state.open[0] == ["TS"] and state.common == ["8S"]


# ---- Z3: legal targets ------------------------------------------------------------------
THREE = ["6S", "9S", "9H", "TS", "7H", "KD", "8H", "JH"]  # common 6S; then the stock


def test_z3_targets_are_the_common_pile_and_opponents_top_cards():
    state = act(stacked(THREE, players=3), DRAW, DRAW)  # seat 0 keeps 9S, seat 1 keeps 9H
    assert state.open == [["9S"], ["9H"], []] and state.turn == 2
    state = act(state, DRAW)  # seat 2 draws the ten: it fits both nines, not the common six
    assert state.pending == "TS"
    assert legal(state) == [place(0), place(1)]


def test_z3_never_on_a_face_down_pile_or_an_out_player():
    # Phase 2: seat 1's cards are all face down, seat 2 is out; the ten fits nothing.
    state = position([["8C"], [], []], down=[["TS", "7C"], ["9H", "9D"], []], common=("QS",), out=[2])
    state = act(state, DRAW)
    assert state.events[:2] == [{"type": "draw", "seat": 0, "card": "TS", "from": "pile"},
                                {"type": "keep", "seat": 0, "card": "TS"}]
    assert state.open[0] == ["8C", "TS"] and state.turn == 1


# ---- Z4: a fitting drawn card must be placed ----------------------------------------------
def test_z4_a_drawn_card_that_fits_must_be_placed():
    state = act(stacked(THREE, players=3), DRAW, DRAW, DRAW)
    assert [a["type"] for a in legal(state)] == ["place", "place"]
    with pytest.raises(IllegalAction, match="fits, so you must place it"):
        GAME.apply(state, DRAW)
    with pytest.raises(IllegalAction, match="does not go there"):
        GAME.apply(state, place("common"))
    view = GAME.view(state, 0)  # the drawn card is shown to everyone
    assert view["pending"] == {"seat": 2, "card": "TS"} and view["legal"] == []


def test_z4_a_card_that_fits_nowhere_goes_on_the_own_pile_and_the_turn_passes():
    state = act(stacked(["6S", "9S"], players=3), DRAW)
    assert state.open[0] == ["9S"] and state.pending is None and state.turn == 1
    assert [e["type"] for e in state.events] == ["draw", "keep", "turn"]


# ---- Z5: the turn goes on after a placement --------------------------------------------------
def test_z5_the_turn_goes_on_after_a_placement_and_ends_on_a_kept_card():
    state = act(stacked(THREE, players=3), DRAW, DRAW, DRAW, place(1))
    assert state.open[1] == ["9H", "TS"] and state.turn == 2 and legal(state) == [DRAW]
    state = act(state, DRAW)  # the seven goes on the common six
    assert legal(state) == [place("common")]
    state = act(state, place("common"), DRAW)  # the king fits nowhere: kept, the turn passes
    assert state.common[-1] == "7H" and state.open[2] == ["KD"] and state.turn == 0


def test_z5_option_one_draw_per_turn():
    state = act(stacked(THREE, players=3, options={"one_draw": True}), DRAW, DRAW, DRAW, place(1))
    assert state.open[1] == ["9H", "TS"] and state.turn == 0 and state.open[2] == []


# ---- Z6: moving the own top card, again and again ----------------------------------------------
def test_z6_the_own_top_card_may_be_moved_repeatedly_before_drawing():
    state = position([["8C", "9C"], ["8D"]], common=("7S",), stock=("KH", "KS"))
    assert legal(state) == [move(1), DRAW]  # moving is optional: drawing is legal too
    state = act(state, move(1))
    assert state.open == [["8C"], ["8D", "9C"]] and state.turn == 0
    assert legal(state) == [move("common"), DRAW]  # the new top card may go too
    state = act(state, move("common"))
    assert state.open[0] == [] and state.common[-1] == "8C" and legal(state) == [DRAW]
    assert state.missed == [0, 0]


def test_z6_moves_are_locked_while_a_drawn_card_waits():
    state = position([["9C"], ["8D"]], common=("7S",), stock=("8H", "KS"))
    assert legal(state) == [move(1), DRAW]
    state = act(state, DRAW)  # (a missed move) the eight fits on the common seven
    assert legal(state) == [place("common")]
    with pytest.raises(IllegalAction, match="must place it first"):
        GAME.apply(state, move(1))


# ---- Z7: «Прозевал!» --------------------------------------------------------------------
def test_z7_drawing_while_a_move_existed_is_a_missed_move():
    state = act(stacked(THREE, players=3), DRAW, DRAW, DRAW, place(1), DRAW, place("common"), DRAW)
    assert state.turn == 0 and legal(state) == [DRAW]
    state = act(state, DRAW)  # the eight goes on the common seven ...
    state = act(state, place("common"))
    assert legal(state) == [move("common"), DRAW]  # ... so the nine of spades could follow
    state = act(state, DRAW)  # it draws instead: «прозевал»
    assert state.missed == [1, 0, 0]
    missed = {"type": "missed", "seat": 0, "card": "9S", "targets": ["common"], "move": 10}
    assert state.events[0] == missed
    assert state.open[0] == ["9S"] and state.pending == "JH"  # the nine stays: the lost chance
    for seat in range(3):  # everyone is told
        view = GAME.view(state, seat)
        assert view["last_missed"] == {k: v for k, v in missed.items() if k != "type"}
        assert view["missed"] == [1, 0, 0] and view["piles"][0]["missed"] == 1
        assert view["events"][0] == missed
    # The lost chance is the only penalty: once the drawn card is placed, the nine may move again.
    state = act(state, place(1))
    assert legal(state) == [move("common"), DRAW]
    state = act(state, move("common"))
    assert state.missed == [1, 0, 0] and state.last_missed["seat"] == 0


def test_z7_drawing_with_no_possible_move_is_not_missed():
    state = act(stacked(THREE, players=3), DRAW, DRAW, DRAW)
    assert state.missed == [0, 0, 0] and state.last_missed is None
    assert not events(state, "missed")


def test_z7_hints_option_lists_the_possible_moves_strict_mode_does_not():
    setup = dict(open_piles=[["9C"], ["8D"]], common=("8S",), stock=("KH", "KS"))
    hinted = GAME.view(position(**setup, options={"hints": True}), 0)
    assert hinted["hints"] == [move("common"), move(1)]
    assert GAME.view(position(**setup, options={"hints": True}), 1)["hints"] == []  # not your turn
    strict = GAME.view(position(**setup), 0)
    assert strict["hints"] is None
    assert strict["legal"] == [move("common"), move(1), DRAW]  # legal is the contract, hints are not


# ---- Z8: the own pile is only the fallback ----------------------------------------------------
def test_z8_a_card_that_fits_only_on_the_own_top_card_is_kept():
    state = act(stacked(["6S", "9S", "QS", "TS"]), DRAW, DRAW)
    assert state.open == [["9S"], ["QS"]] and state.turn == 0
    state = act(state, DRAW)  # the ten fits the own nine only
    assert state.pending is None and state.open[0] == ["9S", "TS"] and state.turn == 1


# ---- Z9: the stock runs out ------------------------------------------------------------------
def test_z9_when_the_stock_ends_every_open_pile_turns_face_down_bottom_card_first():
    state = position([["9S", "QS"], ["7D", "TD", "8D"]], common=("6S",), stock=("KH",))
    common = list(state.common)
    state = act(state, DRAW)  # the last stock card fits nowhere and is kept ...
    assert state.phase == "piles" and state.stock == []
    assert state.down == [["9S", "QS", "KH"], ["7D", "TD", "8D"]] and state.open == [[], []]
    assert state.common == common  # the common pile stays as it is
    assert {"type": "flip", "seats": [0, 1]} in state.events and state.turn == 1
    state = act(state, DRAW)  # seat 1 draws its former bottom card first: the seven, onto the six
    assert state.events[0] == {"type": "draw", "seat": 1, "card": "7D", "from": "pile"}
    assert legal(state) == [place("common")]


def test_z9_a_placed_last_card_flips_the_piles_and_the_turn_goes_on_from_the_own_pile():
    state = position([["9S", "JS"], ["TD", "QD"]], common=("6S",), stock=("7H",))
    state = act(state, DRAW, place("common"))
    assert state.phase == "piles" and state.down == [["9S", "JS"], ["TD", "QD"]]
    assert state.turn == 0 and legal(state) == [DRAW]
    state = act(state, DRAW)  # the nine: the common needs an eight, no open pile is left
    assert state.open[0] == ["9S"] and state.down[0] == ["JS"] and state.turn == 1


def test_z9_the_flip_in_a_real_match_keeps_every_pile_in_order():
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_match(3, seed=seed)
        while not (len(state.stock) == 1 and state.pending is None):
            state = act(state, rng.choice(legal(state)))
        before = [list(p) for p in state.open]
        drawer = state.turn
        state = act(state, DRAW)
        card = events(state, "draw")[0]["card"]
        if state.pending:
            target = legal(state)[0]["target"]
            state = act(state, place(target))
        else:
            target = drawer
        if target != "common":
            before[target].append(card)
        assert state.phase in ("piles", "over") and state.stock == []
        assert {"type": "flip", "seats": [0, 1, 2]} in state.events
        for seat, pile in enumerate(before):
            if len(pile) == 0:
                assert seat in state.out  # Z13
            elif len(pile) == 1:
                assert state.open[seat] == pile and state.down[seat] == []  # Z12
            else:
                assert state.down[seat] == pile and state.open[seat] == []


# ---- Z10: the personal pile runs out ---------------------------------------------------------------
def test_z10_an_empty_face_down_pile_is_flipped_again_when_drawing():
    state = position([["8C", "QC", "TC"], ["KD", "KH"]], common=("KS",))
    state = act(state, DRAW)
    assert state.events[:2] == [{"type": "flip", "seats": [0]},
                                {"type": "draw", "seat": 0, "card": "8C", "from": "pile"}]
    assert state.down[0] == ["QC", "TC"] and state.open[0] == ["8C"]


# ---- Z11: phase-2 targets -----------------------------------------------------------------
def test_z11_in_phase_two_the_common_pile_is_a_target_too():
    state = position([["KC"], ["JD", "9H"]], down=[["7H", "QC"], []], common=("6S",))
    state = act(state, DRAW)  # the seven: onto the common six
    assert legal(state) == [place("common")]
    state = act(state, place("common"), DRAW)  # the queen fits nowhere (seat 1 shows the nine)
    assert state.open[0] == ["KC", "QC"] and state.turn == 1


# ---- Z12: the one-card rule -----------------------------------------------------------------
def test_z12_a_single_card_is_kept_face_up():
    state = position([["9S", "QS"], ["KD"]], common=("6S",), stock=("KH",))
    state = act(state, DRAW)  # the stock ends: seat 1's only card stays face up
    assert state.down[1] == [] and state.open[1] == ["KD"] and state.down[0] == ["9S", "QS", "KH"]
    assert {"type": "face_up", "seat": 1, "card": "KD"} in state.events
    assert GAME.view(state, 0)["piles"][1]["top"] == "KD"


def test_z12_a_one_card_player_whose_card_fits_nowhere_is_skipped():
    state = position([["9S", "QS"], ["KD"]], common=("6S",))
    state = act(state, DRAW)  # seat 0 flips, draws the nine and keeps it
    assert state.turn == 0  # seat 1 was skipped: no flip, no redraw
    assert [e["type"] for e in state.events] == ["flip", "draw", "keep", "skip", "turn"]
    assert state.events[3] == {"type": "skip", "seat": 1}
    assert state.open[1] == ["KD"] and state.down[1] == [] and state.idle[1] == 1


def test_z12_a_one_card_player_must_play_a_fitting_card_and_is_out():
    state = position([["9S", "QS"], ["7D"]], common=("6S",), turn=1)
    assert legal(state) == [move("common")]
    with pytest.raises(IllegalAction, match="one card left"):
        GAME.apply(state, DRAW)
    state = act(state, move("common"))
    assert state.over and state.out == [1] and state.loser == 0


def test_z12_a_card_put_on_a_one_card_player_makes_them_play_normally():
    state = position([["9S"], ["JD"]], down=[["QH", "8C"], []], common=("6S",))
    state = act(state, DRAW, place(1))  # the queen goes on seat 1's jack
    assert state.open[1] == ["JD", "QH"]
    state = act(state, DRAW)  # seat 0 keeps the eight
    assert state.turn == 1 and legal(state) == [DRAW]


def test_z12_only_in_phase_two():
    state = position([["9S"], ["JD"]], common=("6S",), stock=("KH", "KS"), turn=1)
    assert legal(state) == [DRAW]


def test_z12_option_off_a_one_card_player_draws_it_again():
    state = position([["9S", "QS"], ["KD"]], common=("6S",), options={"one_card_rule": False})
    state = act(state, DRAW)
    assert state.turn == 1 and legal(state) == [DRAW]
    state = act(state, DRAW)
    assert state.events[:3] == [{"type": "flip", "seats": [1]},
                                {"type": "draw", "seat": 1, "card": "KD", "from": "pile"},
                                {"type": "keep", "seat": 1, "card": "KD"}]


# ---- Z13: out --------------------------------------------------------------------------------
def test_z13_an_empty_pile_in_phase_one_is_not_out():
    state = position([["7H"], ["QC"]], common=("6S",), stock=("9D", "KH", "KS"))
    state = act(state, move("common"))
    assert state.open[0] == [] and state.out == [] and state.turn == 0 and legal(state) == [DRAW]
    state = act(state, DRAW)  # kept: the turn passes, and comes back to seat 0 later
    assert state.turn == 1 and state.out == []


def test_z13_out_in_phase_two_and_then_no_target_and_no_turn():
    state = position([["KC", "8C", "9C"], ["8D"], ["TH", "JS"]], down=[[], [], ["QD"]], common=("7S",), turn=1)
    state = act(state, move("common"))  # seat 1's last card: out
    assert state.out == [1] and state.turn == 2 and GAME.view(state, 0)["piles"][1]["out"]
    state = act(state, DRAW)  # the queen fits seat 2's own jack only ... and nobody else's pile
    assert state.open[2] == ["TH", "JS", "QD"] and state.turn == 0  # seat 1 is passed over
    assert 1 not in GAME.targets(state, "9H", 0)  # out seat 1 is never a target
    state = act(state, move("common"))  # the nine on the eight
    assert state.open[0] == ["KC", "8C"] and legal(state) == [DRAW]


def test_z13_players_with_no_cards_at_the_flip_are_out():
    state = position([["9S", "QS"], [], ["JD", "KD"]], common=("6S",), stock=("8H",))
    state = act(state, DRAW)  # seat 0 keeps the eight; the flip leaves seat 1 empty-handed
    assert state.out == [1] and state.turn == 2
    assert {"type": "out", "seat": 1, "place": 1} in state.events


def test_z13_every_card_on_the_common_pile_at_the_flip_ends_with_no_loser():
    state = position([[], []], common=("6S",), stock=("7H",))
    state = act(state, DRAW, place("common"))
    assert state.over and state.end == "empty" and state.loser is None and state.winners == [0, 1]


# ---- Z14: the end and the ranking ---------------------------------------------------------------
def test_z14_the_last_player_with_cards_loses_the_others_rank_by_going_out():
    state = position([["TC", "9C"], ["7D"], ["JH", "8S"]], common=("6S",), turn=1)
    state = act(state, move("common"))  # seat 1's seven on the six: out first
    assert state.out == [1] and state.turn == 2 and not state.over
    state = act(state, move("common"))  # seat 2's eight; its jack then fits nowhere: turn over
    assert state.open[2] == ["JH"] and state.turn == 0 and events(state, "skip") == [{"type": "skip", "seat": 2}]
    state = act(state, move("common"), move("common"))  # seat 0's nine, then its ten: out second
    assert state.over and state.end == "last" and state.out == [1, 0] and state.loser == 2
    assert state.winners == [0, 1]
    view = GAME.view(state, 2)
    assert view["ranking"] == [1, 0, 2] and view["loser"] == 2 and view["winner"] == [0, 1]
    assert view["phase"] == "over" and view["to_act"] is None and view["legal"] == []
    assert view["scores"] == [0, 0, 1]


# ---- Z15: first player and turn order -------------------------------------------------------
def test_z15_the_first_player_is_drawn_by_lot_then_clockwise():
    assert {GAME.new_match(4, seed=s).turn for s in range(40)} == {0, 1, 2, 3}
    state = GAME.new_match(3, seed=5)
    assert state.chance[0]["kind"] == "first" and state.turn == state.chance[0]["value"]
    state = act(stacked(["6S", "9S", "QS", "JD", "8H"], players=4, first=2, options={"deck": 36}), DRAW)
    assert state.turn == 3
    state = act(state, DRAW)
    assert state.turn == 0


# ---- Z16: the deadlock guard ----------------------------------------------------------------
def test_z16_nothing_placed_for_two_passes_ends_the_game_most_cards_loses():
    # Seat 1's ten waits for a nine (one-card rule); seat 0's 6-7-8 fit nowhere.
    state = position([[], ["TC"]], down=[["6S", "7C", "8H"], []], common=("JC",))
    for n in range(5):
        state = act(state, DRAW)
        assert not state.over and state.turn == 0 and state.idle[0] == n + 1
    state = act(state, DRAW)  # the sixth draw: seat 0 went through its 3 cards twice
    assert state.over and state.end == "deadlock" and state.loser == 0
    assert state.winners == [1] and GAME.view(state, 1)["ranking"] == [1, 0]


def test_z16_equal_counts_the_next_to_move_loses():
    state = position([[], []], down=[["8S", "8H"], ["8D", "8C"]], common=("JC",))
    for _ in range(7):
        state = act(state, DRAW)
        assert not state.over
    state = act(state, DRAW)  # seat 1's fourth draw; seat 0 is next to move
    assert state.over and state.loser == 0 and state.winners == [1]


def test_z16_option_declares_a_draw():
    state = position([[], []], down=[["8S", "8H"], ["8D", "8C"]], common=("JC",), options={"deadlock": "draw"})
    for _ in range(8):
        state = act(state, DRAW)
    assert state.over and state.end == "draw" and state.loser is None and state.winners == [0, 1]
    assert GAME.view(state, 0)["winner"] == [0, 1]


def test_z16_cards_passed_back_and_forth_without_reaching_the_common_pile_end_too():
    # The common king is dead (every ace is buried in the common pile). Seat 0's eight goes on
    # seat 1's seven, seat 1 puts it back, and so on, each one-card player's turn ending at once.
    state = position([["7S", "8S"], ["7H"]], common=("KS",))
    assert all(c in state.common for c in ("AS", "AH", "AD", "AC"))
    count = 0
    while not state.over:
        state = act(state, legal(state)[0])
        count += 1
        assert count <= 24
    assert count == 24 and state.end == "deadlock" and state.loser == 0 and state.winners == [1]


def test_z16_random_matches_end_well_within_the_harness_limit():
    longest = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_match(2 + seed % 5, {"aces_wild": seed % 2 == 0}, seed)
        steps = 0
        while not state.over:
            state = GAME.apply(state, rng.choice(legal(state)))
            steps += 1
            assert steps < 2000
        longest = max(longest, steps)
    assert longest < 2000


# ---- Z17: choices at placement ------------------------------------------------------------
def test_z17_the_player_chooses_among_several_fitting_piles():
    state = act(stacked(THREE, players=3), DRAW, DRAW, DRAW)
    assert legal(state) == [place(0), place(1)]
    assert act(state, place(0)).open[0] == ["9S", "TS"]
    assert act(state, place(1)).open[1] == ["9H", "TS"]


def test_z17_the_bot_prefers_the_opponent_with_fewer_cards_then_the_common_pile():
    state = position([["TD"], ["9S", "QC", "9C"], ["9H"]], down=[[], [], []], common=("9D",), stock=("KH",))
    view = GAME.view(state, 0)
    assert view["legal"] == [move("common"), move(1), move(2), DRAW]
    assert choose(view, random.Random(1)) == move(2)  # seat 2 holds 1 card, seat 1 three
    state = position([["TD"], ["KS"]], common=("9D",), stock=("KH",))
    assert choose(GAME.view(state, 0), random.Random(1)) == move("common")


# ---- aces wild (option) -------------------------------------------------------------------
def test_aces_wild_an_ace_goes_on_any_card_and_counts_as_the_next_rank():
    r = "6789TJQKA"
    assert fits("AH", ["9S"], r, True) and fits("AH", ["AS"], r, True)
    assert acts_as(["9S", "AH"], r, True) == "T" and acts_as(["9S", "AH", "AD"], r, True) == "J"
    assert fits("JC", ["9S", "AH"], r, True) and not fits("TC", ["9S", "AH"], r, True)
    assert fits("8C", ["AH"], r, True)  # anything goes on a lone ace
    assert fits("6C", ["KS"], r, True) and not fits("6C", ["KS"], r, False)  # K wraps to 6
    assert fits("2C", ["KS"], "23456789TJQKA", True)
    state = act(stacked(["9S", "AH"], options={"aces_wild": True}), DRAW)
    assert legal(state) == [place("common")]
    state = act(state, place("common"))
    assert GAME.view(state, 1)["common"] == {"top": "AH", "count": 2, "acts_as": "T"}


# ---- views and messages ---------------------------------------------------------------------
def test_the_view_hides_the_stock_and_face_down_piles_but_shows_counts():
    state = position([["9S"], []], down=[["KC", "QC"], ["8D", "JD"]], common=("6S",))
    for seat in (0, 1):
        view = GAME.view(state, seat)
        assert view["piles"][0] == {"top": "9S", "acts_as": "9", "open": 1, "down": 2, "cards": 3,
                                    "out": False, "missed": 0}
        assert view["scores"] == [3, 2] and view["phase"] == "piles" and view["stock_count"] == 0
        text = json.dumps(view)
        for hidden in ("KC", "QC", "8D", "JD"):
            assert hidden not in text


def test_illegal_actions_are_explained():
    state = position([["9C"], ["KD"]], common=("7S",), stock=("JH", "KS"))
    with pytest.raises(IllegalAction, match="does not fit on the king: it goes on an eight"):
        GAME.apply(state, move(1))
    with pytest.raises(IllegalAction, match="own pile is not a target"):
        GAME.apply(state, move(0))
    with pytest.raises(IllegalAction, match="no drawn card"):
        GAME.apply(state, place("common"))
    with pytest.raises(IllegalAction, match="move your top card"):
        GAME.apply(state, {"type": "play", "cards": ["9C"]})
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, DRAW, seat=1)
