"""Spades with jokers on stacked decks: one or more tests per RULES.md decision S1-S16."""

import pytest

from games.engine import cards as C
from games.engine.errors import BadOptions, IllegalAction
from games.spades import GAME
from games.spades.rules import hand_size, side_score, spades_deck
from stacking import applier, bid, dealing_order, fill_hands, play

LOW_FIRST = [r + s for r in C.RANKS for s in "HDCS"] + ["LJ", "BJ"]  # fillers: low, non-spade first


def stacked(partial, dealer=3, options=None):
    """A match whose first hand is `partial` (seat -> some cards) filled up with low cards."""
    players = len(partial)
    options = dict(options or {})
    deck = spades_deck(players, options.get("jokers", True))
    size = hand_size(players, options.get("jokers", True))
    fillers = [c for c in LOW_FIRST if c in deck]
    hands = fill_hands(partial, size, fillers)
    chance = [{"kind": "dealer", "value": dealer}, {"kind": "deal", "cards": dealing_order(hands, dealer, deck)}]
    return GAME.new_match(players, options, seed=1, _chance=chance)


act = applier(GAME)


def bid_all(state, n=1):
    while state.phase == "bid":
        state = GAME.apply(state, bid(n))
    return state


def playable(state):
    return sorted(a["cards"][0] for a in GAME.legal_actions(state))


OPTS = {"sandbags": False, "failed": "zero"}


# ---- S1-S4: jokers, decks, hand sizes ------------------------------------------------
def test_s1_jokers_are_on_by_default_and_can_be_turned_off():
    assert {"BJ", "LJ"} <= set(GAME.full_deck(GAME.new_match(4, seed=1)))
    assert not {"BJ", "LJ"} & set(GAME.full_deck(GAME.new_match(4, {"jokers": False}, seed=1)))


@pytest.mark.parametrize("players,size,removed", [
    (2, 13, {"2C", "2D"}), (3, 18, set()), (4, 13, {"2C", "2D"}), (5, 10, {"2S", "2H", "2D", "2C"})])
def test_s2_decks_with_jokers(players, size, removed):
    deck = spades_deck(players, True)
    assert set(C.deck_54()) - set(deck) == removed and len(deck) == 54 - len(removed)
    state = GAME.new_match(players, {"two_player_deal": "deal"}, seed=2)
    assert [len(h) for h in state.hands] == [size] * players


@pytest.mark.parametrize("players,size,removed", [(2, 13, set()), (3, 17, {"2C"}), (4, 13, set()),
                                                  (5, 10, {"2C", "2D"})])
def test_s3_decks_without_jokers(players, size, removed):
    assert set(C.deck_52()) - set(spades_deck(players, False)) == removed
    assert hand_size(players, False) == size


def test_s4_a_hand_has_as_many_tricks_as_cards_five_players_ten():
    state = bid_all(GAME.new_match(5, seed=4))
    while len(state.rows) == 0:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert sum(state.rows[0]["tricks"]) == 10 and state.hand_size == 10


# ---- S5: two players draw their hands ---------------------------------------------------
def test_s5_draw_keep_discards_the_next_card_unseen_and_discard_takes_the_next():
    state = GAME.new_match(2, seed=3)
    assert state.phase == "draw" and state.hands == [[], []]
    first = state.turn
    top, following = state.stock[0], state.stock[1]
    assert GAME.view(state, first)["draw"]["card"] == top
    assert GAME.view(state, 1 - first)["draw"]["card"] is None  # only the drawer sees it
    state = act(state, {"type": "keep"})
    assert state.hands[first] == [top] and state.dead == [following]
    assert GAME.view(state, first)["draw"]["seen_discards"] == []  # the discard was unseen
    second = state.turn
    assert second == 1 - first
    top, following = state.stock[0], state.stock[1]
    state = act(state, {"type": "discard"})
    assert state.hands[second] == [following] and state.dead[-1] == top
    assert GAME.view(state, second)["draw"]["seen_discards"] == [top]


def test_s5_after_the_draw_each_holds_13_and_bidding_starts_left_of_the_dealer():
    state = GAME.new_match(2, seed=3)
    while state.phase == "draw":
        state = GAME.apply(state, {"type": "keep"})
    assert [len(h) for h in state.hands] == [13, 13] and len(state.dead) == 26
    assert state.phase == "bid" and state.turn == (state.dealer + 1) % 2


def test_s5_option_deal_13_each():
    state = GAME.new_match(2, {"two_player_deal": "deal"}, seed=3)
    assert state.phase == "bid" and [len(h) for h in state.hands] == [13, 13] and len(state.dead) == 26


# ---- S6: partnerships ---------------------------------------------------------------
def test_s6_individual_by_default_partnerships_for_four_as_an_option():
    assert GAME.new_match(4, seed=1).sides == [[0], [1], [2], [3]]
    state = GAME.new_match(4, {"partnership": True}, seed=1)
    assert state.sides == [[0, 2], [1, 3]] and GAME.view(state, 0)["scores"] == [0, 0]
    with pytest.raises(BadOptions):
        GAME.new_match(3, {"partnership": True}, seed=1)


def test_s6_partners_bids_are_summed():
    points, bags, _ = side_score([3, 2], [1, 4], [False, False], OPTS, 0)
    assert (points, bags) == (50, 0)
    points, bags, _ = side_score([3, 2], [1, 3], [False, False], OPTS, 0)
    assert (points, bags) == (0, 0)


# ---- S7, S8: jokers are spades; leading spades --------------------------------------
SPADES = ["BJ", "LJ"] + [r + "S" for r in "AKQJT98765432"]
HEARTS = [r + "H" for r in "AKQJT98765432"]
DIAMONDS = [r + "D" for r in "AKQJT9876543"]
CLUBS = [r + "C" for r in "AKQJT9876543"]


def dealt(hands, dealer=3, options=None):
    """A 4-player match with the four full 13-card hands given."""
    deck = spades_deck(4, True)
    chance = [{"kind": "dealer", "value": dealer}, {"kind": "deal", "cards": dealing_order(hands, dealer, deck)}]
    return GAME.new_match(4, options, seed=1, _chance=chance)


def test_s7_jokers_follow_a_spade_lead():
    state = bid_all(dealt([SPADES[2:], ["LJ"] + HEARTS[:12], ["BJ", HEARTS[12]] + DIAMONDS[:11],
                           DIAMONDS[11:] + CLUBS]))
    state = act(state, play("2S"))  # only spades in hand: may lead them unbroken (S8)
    assert playable(state) == ["LJ"]
    state = act(state, play("LJ"))
    assert playable(state) == ["BJ"]
    state = act(state, play("BJ"))
    assert len(playable(state)) == 13  # void: any card
    state = act(state, play("3C"))
    assert state.last_trick["winner"] == 2


def test_s7_a_joker_on_another_suit_is_a_trump_wins_and_breaks_spades():
    state = bid_all(dealt([HEARTS, ["BJ"] + DIAMONDS, ["LJ"] + CLUBS, SPADES[2:]]))
    state = act(state, play("AH"))
    assert playable(state) == sorted(["BJ"] + DIAMONDS)
    state = act(state, play("BJ"), play("3C"), play("2S"))
    assert state.last_trick["winner"] == 1 and state.broken and state.turn == 1
    assert "LJ" not in str(GAME.view(state, 0)["hand"])


def test_s7_big_joker_beats_little_joker_beats_the_ace_of_spades():
    core = GAME
    plays = [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "LJ"}, {"seat": 2, "card": "KS"}]
    assert core.trick_winner(plays, "S") == 1
    assert core.trick_winner(plays + [{"seat": 3, "card": "BJ"}], "S") == 3


def test_s8_spades_and_jokers_may_not_be_led_before_they_are_broken():
    state = bid_all(stacked([["AS", "BJ", "3H"], ["4H"], ["5H"], ["6H"]], dealer=3))
    assert state.turn == 0 and not state.broken
    legal = playable(state)
    assert "AS" not in legal and "BJ" not in legal and "3H" in legal
    with pytest.raises(IllegalAction, match="Spades are not broken"):
        GAME.apply(state, play("AS"))


def test_s8_a_leader_with_only_spades_and_jokers_may_lead_them():
    only_spades = ["BJ", "LJ"] + [r + "S" for r in "AKQJT98765"] + ["4S"]
    state = bid_all(stacked([only_spades, [], [], []], dealer=3))
    assert playable(state) == sorted(only_spades)


def test_s8_spades_are_broken_by_a_spade_in_an_earlier_trick():
    state = bid_all(dealt([HEARTS[:12] + ["3S"], DIAMONDS + ["2S"], CLUBS + ["2H"], SPADES[:2] + SPADES[2:13]]))
    assert "3S" not in playable(state) and "3S" not in GAME.lead_allowed(state, state.hands[0])
    state = act(state, play("AH"), play("2S"), play("2H"))
    assert not state.broken  # a spade in the current trick does not count yet
    state = act(state, play("4S"))
    assert state.last_trick["winner"] == 3 and state.broken
    assert "3S" in GAME.lead_allowed(state, state.hands[0]) and GAME.view(state, 0)["broken"] is True


# ---- S9-S11: bids and scoring -----------------------------------------------------------
def test_s9_bids_run_from_one_to_the_hand_size_nil_only_as_an_option():
    assert [a["n"] for a in GAME.legal_actions(GAME.new_match(4, seed=1))] == list(range(1, 14))
    assert [a["n"] for a in GAME.legal_actions(GAME.new_match(4, {"nil": "nil"}, seed=1))] == list(range(14))
    with pytest.raises(IllegalAction, match="minimum bid is 1"):
        GAME.apply(GAME.new_match(4, seed=1), bid(0))


def test_s10_made_contract_scores_ten_per_bid_trick_plus_one_per_overtrick():
    assert side_score([7], [7], [False], OPTS, 0)[:2] == (70, 0)
    assert side_score([5], [8], [False], OPTS, 0)[:2] == (53, 3)


def test_s10_a_failed_contract_scores_zero_or_minus_ten_per_trick_bid():
    assert side_score([4], [3], [False], OPTS, 0)[0] == 0
    assert side_score([4], [3], [False], dict(OPTS, failed="minus"), 0)[0] == -40


def test_s11_sandbags_ten_bags_cost_one_hundred_and_the_rest_carries():
    bagged = dict(OPTS, sandbags=True)
    assert side_score([5], [8], [False], bagged, 8) == (53 - 100, 3, 1)
    assert side_score([5], [7], [False], bagged, 3) == (52, 2, 5)
    assert side_score([5], [8], [False], OPTS, 8) == (53, 3, 8)  # off: bags are not counted


def test_nil_and_blind_nil_scoring_and_nil_tricks_are_bags():
    assert side_score([0], [0], [False], OPTS, 0)[0] == 100
    assert side_score([0], [2], [False], OPTS, 0)[:2] == (-100, 2)
    assert side_score([0], [0], [True], OPTS, 0)[0] == 200
    assert side_score([0], [1], [True], OPTS, 0)[0] == -200
    # partner bid 3 and took 2; the nil partner took 1: the contract fails, the nil fails
    assert side_score([3, 0], [2, 1], [False, False], OPTS, 0)[:2] == (-100, 1)


def test_blind_nil_is_offered_only_when_behind_by_100_before_looking():
    state = GAME.new_match(4, {"nil": "blind"}, seed=5)
    assert state.phase == "bid"  # nobody behind at the start
    later = state.clone()
    later.totals = [150, 40, 60, 149]
    GAME.start_bidding(later)
    assert later.phase == "blind" and later.looked == [True, False, True, True]
    assert later.turn == 1 and GAME.legal_actions(later) == [{"type": "bid", "n": 0, "blind": True}, {"type": "look"}]
    assert GAME.view(later, 1)["hand"] == [] and GAME.view(later, 1)["hand_counts"][1] == 13
    looked = GAME.apply(later, {"type": "look"})
    assert GAME.view(looked, 1)["hand"] and looked.phase == "bid"
    blind = GAME.apply(later, {"type": "bid", "n": 0, "blind": True})
    assert blind.bids[1] == 0 and blind.blind[1] and blind.phase == "bid"


# ---- S12, S13: target and the end -----------------------------------------------------
def test_s12_target_500_by_default_200_and_others_as_options():
    assert GAME.new_match(4, seed=1).options["target"] == 500
    assert GAME.new_match(4, {"target": 200}, seed=1).options["target"] == 200


def test_s13_the_single_highest_at_or_above_the_target_wins():
    state = GAME.new_match(4, {"target": 200}, seed=1).clone()
    state.totals = [210, 190, 205, 0]
    GAME.end_or_next(state)
    assert state.over and state.winners == [0] and GAME.view(state, 3)["winner"] == [0]


def test_s13_a_tie_at_the_top_means_everyone_plays_another_hand():
    state = GAME.new_match(4, {"target": 200}, seed=1).clone()
    state.totals = [210, 210, 205, 0]
    GAME.end_or_next(state)
    assert not state.over and state.hand_no == 2 and state.phase == "bid"
    below = GAME.new_match(4, {"target": 200}, seed=1).clone()
    below.totals = [199, 199, 0, 0]
    GAME.end_or_next(below)
    assert not below.over


def test_s13_partnership_winners_are_both_partners():
    state = GAME.new_match(4, {"target": 200, "partnership": True}, seed=1).clone()
    state.totals = [230, 190]
    GAME.end_or_next(state)
    assert state.winners == [0, 2]


# ---- S14-S16 ------------------------------------------------------------------------
def test_s14_random_first_dealer_rotating_left_of_the_dealer_bids_and_leads():
    assert {GAME.new_match(4, seed=s).dealer for s in range(40)} == {0, 1, 2, 3}
    state = stacked([["AH"], ["KH"], ["QH"], ["JH"]], dealer=1)
    assert state.turn == 2 and state.bid_order == [2, 3, 0, 1]
    state = bid_all(state)
    assert state.phase == "play" and state.turn == 2
    while not state.rows:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.dealer == 2 and state.turn == 3


def test_s15_a_void_player_may_discard_instead_of_trumping():
    diamonds = [c for c in C.deck_52() if c[1] == "D" and c != "2D"]
    state = bid_all(stacked([["AH"], diamonds[:12] + ["3S"], ["KH"], ["QH"]], dealer=3))
    state = act(state, play("AH"))
    assert "3S" in playable(state) and "AD" in playable(state)


def test_s16_bids_and_totals_are_visible_to_everyone():
    state = act(GAME.new_match(4, seed=2), bid(3), bid(4))
    for seat in range(4):
        view = GAME.view(state, seat)
        assert [b for b in view["bids"] if b is not None] == [3, 4] and view["scores"] == [0, 0, 0, 0]


def test_a_played_hand_is_scored_on_the_sheet():
    state = bid_all(GAME.new_match(4, seed=6), 2)
    while not state.rows:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    row = state.rows[0]
    assert row["bids"] == [2, 2, 2, 2] and sum(row["tricks"]) == 13
    expected = [side_score([2], [t], [False], state.options, 0)[0] for t in row["tricks"]]
    assert row["points"] == expected == state.totals


# ---- the options of RULES 3.5 (issue 19) ------------------------------------------------
DEALT = [  # a full 4-player deal (2C and 2D out): the lowest club, 3C, is seat 3's
    ["AH", "KH", "2H", "3H", "AS", "KS", "QS", "JS", "BJ", "9D", "TD", "9C", "TC"],
    ["QH", "JH", "TH", "4H", "LJ", "TS", "9S", "8S", "JD", "QD", "JC", "QC", "KC"],
    ["9H", "8H", "7H", "6H", "5H", "7S", "6S", "5S", "4S", "3S", "KD", "AD", "AC"],
    ["2S", "3D", "4D", "5D", "6D", "7D", "8D", "3C", "4C", "5C", "6C", "7C", "8C"],
]


def bids_of(state):
    return [(a["n"], bool(a.get("double"))) for a in GAME.legal_actions(state)]


def test_double_nil_is_offered_only_with_its_option_after_looking():
    assert (0, True) not in bids_of(dealt(DEALT, options={"nil": "nil"}))
    state = dealt(DEALT, options={"nil": "nil", "double_nil": True})
    assert bids_of(state)[:2] == [(0, False), (0, True)] and state.looked == [True] * 4
    alone = dealt(DEALT, options={"double_nil": True})  # without nil bids: double nil only
    assert bids_of(alone)[0] == (0, True) and (0, False) not in bids_of(alone)


def test_double_nil_scores_plus_or_minus_200():
    state = act(dealt(DEALT, options={"double_nil": True}), bid(4), bid(3), bid(3),
                {"type": "bid", "n": 0, "double": True})
    assert state.double == [False, False, False, True] and state.bids[3] == 0
    made, failed = state.clone(), state.clone()
    made.tricks_won, failed.tricks_won = [5, 4, 4, 0], [5, 3, 4, 1]
    GAME.score_hand(made)
    GAME.score_hand(failed)
    assert made.rows[0]["points"][3] == 200 and made.rows[0]["cells"][3]["double"] == [3]
    assert failed.rows[0]["points"][3] == -200
    assert GAME.view(state, 0)["double"] == [False, False, False, True]


EXCHANGE = {"partnership": True, "nil": "nil", "nil_exchange": True}


def test_nil_exchange_the_nil_bidder_and_partner_each_pass_three_cards():
    state = act(dealt(DEALT, options=EXCHANGE), bid(0), bid(4), bid(5), bid(3))
    assert state.phase == "exchange" and state.turn == 0  # seats 0 and 2, in bidding order
    state = act(state, {"type": "give", "cards": ["BJ"]}, {"type": "give", "cards": ["AS"]})
    assert state.turn == 0 and GAME.view(state, 0)["exchange"] == {"count": 3, "passed": ["BJ", "AS"], "received": []}
    state = act(state, {"type": "give", "cards": ["KS"]})
    assert state.turn == 2 and len(state.hands[0]) == 10
    assert GAME.view(state, 2)["exchange"] == {"count": 3, "passed": [], "received": []}  # nothing received yet
    assert "BJ" not in GAME.view(state, 2)["hand"] and "exchange" not in GAME.view(state, 1)  # seat 1 passes none
    with pytest.raises(IllegalAction, match="Pass a card"):
        GAME.apply(state, bid(3))
    state = act(state, *({"type": "give", "cards": [c]} for c in ("3S", "5H", "6H")))
    assert state.phase == "play" and state.turn == 0
    assert {"BJ", "AS", "KS"} <= set(state.hands[2]) and {"3S", "5H", "6H"} <= set(state.hands[0])
    assert [len(h) for h in state.hands] == [13] * 4
    assert GAME.view(state, 0)["exchange"] == {"count": 3, "passed": ["BJ", "AS", "KS"], "received": ["3S", "5H", "6H"]}
    assert GAME.view(state, 2)["exchange"] == {"count": 3, "passed": ["3S", "5H", "6H"], "received": ["BJ", "AS", "KS"]}
    assert "exchange" not in GAME.view(state, 1)


def test_nil_exchange_only_for_a_side_with_a_nil_and_only_with_partnerships():
    state = act(dealt(DEALT, options=EXCHANGE), bid(2), bid(4), bid(5), bid(3))
    assert state.phase == "play"
    off = act(dealt(DEALT, options=dict(EXCHANGE, nil_exchange=False)), bid(0), bid(4), bid(5), bid(3))
    assert off.phase == "play"
    with pytest.raises(BadOptions, match="partnerships"):
        GAME.new_match(4, {"nil": "nil", "nil_exchange": True}, seed=1)


def test_lose_at_minus_200_ends_the_game_and_the_highest_wins():
    state = GAME.new_match(4, {"lose_at": True}, seed=1).clone()
    state.totals = [-200, 90, 120, 40]
    GAME.end_or_next(state)
    assert state.over and state.winners == [2]
    off = GAME.new_match(4, seed=1).clone()
    off.totals = [-200, 90, 120, 40]
    GAME.end_or_next(off)
    assert not off.over
    above = GAME.new_match(4, {"lose_at": True}, seed=1).clone()
    above.totals = [-190, 90, 120, 40]
    GAME.end_or_next(above)
    assert not above.over


def test_first_lead_the_holder_of_the_lowest_club_leads_it():
    state = bid_all(dealt(DEALT, options={"first_lead": "club"}))
    assert state.phase == "play" and state.turn == 3 and playable(state) == ["3C"]
    with pytest.raises(IllegalAction, match="lowest club"):
        GAME.apply(state, play("8D"))
    state = act(state, play("3C"))
    assert state.turn == 0  # then the usual order
    default = bid_all(dealt(DEALT))
    assert default.turn == 0 and len(playable(default)) > 1
    three = GAME.new_match(3, {"first_lead": "club"}, seed=4)  # nothing removed: the 2C
    three = bid_all(three)
    assert playable(three) == ["2C"] and "2C" in three.hands[three.turn]


def test_first_lead_with_two_players_left_of_the_dealer_when_the_club_is_out():
    for seed in range(30):
        state = bid_all(GAME.new_match(2, {"first_lead": "club", "two_player_deal": "deal"}, seed=seed))
        holder = [s for s in range(2) if "3C" in state.hands[s]]
        expected = holder[0] if holder else (state.dealer + 1) % 2
        assert state.turn == expected
        assert (playable(state) == ["3C"]) == bool(holder)


def test_hook_the_last_bid_may_not_make_the_bids_add_up_to_the_tricks():
    state = act(dealt(DEALT, options={"hook": True}), bid(4), bid(3), bid(2))
    assert 4 not in [a["n"] for a in GAME.legal_actions(state)]  # 4 + 3 + 2 + 4 = 13
    with pytest.raises(IllegalAction, match="Hook rule"):
        GAME.apply(state, bid(4))
    assert GAME.apply(state, bid(5)).phase == "play"
    early = act(dealt(DEALT, options={"hook": True}), bid(4))
    assert len(GAME.legal_actions(early)) == 13  # only the last bidder is hooked
    off = act(dealt(DEALT), bid(4), bid(3), bid(2))
    assert 4 in [a["n"] for a in GAME.legal_actions(off)]


def test_minimum_team_bid_the_second_partner_brings_the_side_to_four():
    options = {"partnership": True, "nil": "nil", "min_team_bid": True}
    state = act(dealt(DEALT, options=options), bid(1), bid(0))
    assert state.turn == 2 and [a["n"] for a in GAME.legal_actions(state)] == list(range(3, 14))
    with pytest.raises(IllegalAction, match="at least 4"):
        GAME.apply(state, bid(2))
    state = act(state, bid(3))
    assert [a["n"] for a in GAME.legal_actions(state)] == list(range(4, 14))  # partner nil: 4 or more
    first = dealt(DEALT, options=options)
    assert [a["n"] for a in GAME.legal_actions(first)] == list(range(14))  # the first partner is free
    with pytest.raises(BadOptions, match="partnerships"):
        GAME.new_match(4, {"min_team_bid": True}, seed=1)


def test_two_players_may_be_dealt_the_whole_pack_26_tricks():
    state = GAME.new_match(2, {"two_player_deal": "whole"}, seed=3)
    assert state.phase == "bid" and [len(h) for h in state.hands] == [26, 26] and state.dead == []
    assert [a["n"] for a in GAME.legal_actions(state)] == list(range(1, 27))
    state = bid_all(state)
    while not state.rows:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert sum(state.rows[0]["tricks"]) == 26
    assert GAME.new_match(2, seed=3).phase == "draw"  # the draw stays the default
