"""Oh Hell (Planowanie) rules on stacked decks, one test per RULES.md decision (O1-O10)."""

import pytest

from games.engine.errors import GameError, IllegalAction
from games.oh_hell import GAME
from games.oh_hell.rules import deal_points, deal_sizes
from stacking import applier, bid, dealing_order, deck_52_low_first, play

DECK = deck_52_low_first()


def stacked(hands, dealer=3, trump="S", options=None, later=()):
    """A match whose first deal gives `hands` (seat -> cards), with the chosen dealer
    and trump. The first deal has len(hands[0]) cards: 1 through the sequence "up",
    3 through the largest-hand option."""
    size = len(hands[0])
    options = dict(options or {})
    if size == 1:
        options.setdefault("sequence", "up")
    elif size == 3:
        options.setdefault("largest", 3)
    chance = [{"kind": "dealer", "value": dealer}, {"kind": "deal", "cards": dealing_order(hands, dealer, DECK)}]
    if options.get("trump", "random_suit") == "random_suit" and not options.get("no_trump_largest"):
        chance.append({"kind": "trump", "value": trump})
    return GAME.new_match(len(hands), options, seed=1, _chance=chance + list(later))


act = applier(GAME)


def without(*cards):
    return [c for c in DECK if c not in cards]


# ---- O1, O2: players and the deal list -------------------------------------------------
def test_o2_deal_list_for_four_players_is_13_down_to_2_then_four_ones():
    assert deal_sizes(4, "down", False) == [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    assert GAME.new_match(4, seed=1).sizes == deal_sizes(4, "down", False)


def test_o2_deal_list_for_three_players_starts_at_17_and_has_19_deals():
    assert deal_sizes(3, "down", False) == list(range(17, 1, -1)) + [1, 1, 1]
    assert len(deal_sizes(3, "down", False)) == 19


def test_o2_deal_list_for_two_players_starts_at_17_and_has_18_deals():
    assert deal_sizes(2, "down", False) == list(range(17, 1, -1)) + [1, 1]
    assert len(deal_sizes(2, "down", False)) == 18


@pytest.mark.parametrize("players,largest", [(5, 10), (6, 8), (7, 7)])
def test_o1_five_to_seven_players_start_at_floor_52_over_n(players, largest):
    assert deal_sizes(players, "down", False)[0] == largest
    assert deal_sizes(players, "down", True)[0] == 51 // players
    assert deal_sizes(players, "down", False)[-players:] == [1] * players
    assert GAME.new_match(players, seed=4).hand_size == largest


def test_deal_sequence_and_largest_hand_options():
    assert deal_sizes(4, "up", False) == [1, 1, 1, 1] + list(range(2, 14))
    assert deal_sizes(4, "down_up", False) == list(range(13, 1, -1)) + [1] * 4 + list(range(2, 14))
    assert deal_sizes(4, "down", False, 5) == [5, 4, 3, 2, 1, 1, 1, 1]
    assert deal_sizes(7, "down", False, 10) == deal_sizes(7, "down", False)  # a cap never raises the start


def test_o1_player_count_bounds():
    for players in (2, 4, 7):
        GAME.new_match(players, seed=3)
    for players in (1, 8, "4", True):
        with pytest.raises(GameError):
            GAME.new_match(players, seed=3)


def test_o2_two_players_get_17_cards_each_and_the_rest_stays_out():
    state = GAME.new_match(2, seed=5)
    assert [len(h) for h in state.hands] == [17, 17] and len(state.stock) == 18


def test_o2_a_whole_match_plays_every_deal_of_the_list():
    state = GAME.new_match(3, seed=8)
    while not state.over:
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert [row["hand_size"] for row in state.sheet["rows"]] == deal_sizes(3, "down", False)


# ---- O3: trump -----------------------------------------------------------------------
def test_o3_a_random_trump_suit_is_drawn_each_deal_and_shown_before_bidding():
    state = GAME.new_match(4, seed=11)
    trumps = []
    while not state.over:
        view = GAME.view(state, 0)
        if view["phase"] == "bid" and all(b is None for b in view["bids"]):
            assert view["deal"]["trump"] in ("S", "H", "D", "C")
            trumps.append(view["deal"]["trump"])
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    kinds = [e["kind"] for e in state.chance]
    assert kinds.count("trump") == 16 and kinds.count("deal") == 16 and len(trumps) == 16
    assert [row["trump"] for row in state.sheet["rows"]] == trumps
    assert len(set(trumps)) > 1, "one suit in 16 deals: the trump is not drawn per deal"


def test_o3_option_turn_up_takes_the_first_undealt_card():
    hands = [["AS", "KS", "QS"], ["AH", "KH", "QH"], ["AD", "KD", "QD"]]
    state = stacked(hands, dealer=0, options={"trump": "turn_up"})
    turn_up = dealing_order(hands, 0, DECK)[9]
    assert state.turn_up == turn_up and state.trump == turn_up[1]
    assert GAME.view(state, 1)["deal"]["turn_up"] == turn_up


def test_o3_turn_up_with_no_card_left_is_a_no_trump_deal():
    state = GAME.new_match(4, {"trump": "turn_up"}, seed=2)
    assert state.hand_size == 13 and state.stock == [] and state.trump is None


def test_option_no_trump_in_the_largest_deal():
    state = GAME.new_match(3, {"no_trump_largest": True}, seed=2)
    assert state.hand_size == 17 and state.trump is None
    assert not any(e["kind"] == "trump" for e in state.chance)


def test_no_trump_deal_highest_card_of_the_led_suit_wins():
    hands = [["2S", "3H", "4H"], ["AH", "5H", "6H"], ["3S", "7H", "8H"], ["KS", "9H", "TH"]]
    state = stacked(hands, dealer=3, options={"no_trump_largest": True})
    assert state.trump is None
    state = act(state, bid(0), bid(0), bid(0), bid(0), play("2S"), play("AH"), play("3S"), play("KS"))
    assert state.last_trick["winner"] == 3


# ---- O4, O5: bids and the hook ---------------------------------------------------------
def test_o4_bids_run_from_zero_to_the_hand_size():
    assert [a["n"] for a in GAME.legal_actions(GAME.new_match(4, seed=9))] == list(range(14))


def test_o5_hook_forbids_the_dealer_the_bid_that_makes_the_total_equal_the_tricks():
    state = act(GAME.new_match(4, seed=9), bid(3), bid(4), bid(2))
    assert state.turn == state.dealer
    assert [a["n"] for a in GAME.legal_actions(state)] == [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    with pytest.raises(IllegalAction, match="hook rule"):
        GAME.apply(state, bid(4))


def test_o5_hook_leaves_every_bid_when_the_others_already_exceed_the_tricks():
    state = act(GAME.new_match(4, seed=9), bid(5), bid(5), bid(4))
    assert [a["n"] for a in GAME.legal_actions(state)] == list(range(14))


def test_o5_only_the_last_bidder_is_restricted():
    state = act(GAME.new_match(4, seed=9), bid(13), bid(0))
    assert [a["n"] for a in GAME.legal_actions(state)] == list(range(14))


def test_o5_hook_applies_in_one_card_deals_too():
    state = act(stacked([["AS"], ["KS"], ["QS"], ["JS"]]), bid(0), bid(0), bid(0))
    assert [a["n"] for a in GAME.legal_actions(state)] == [0]


def test_hook_option_off_allows_the_total():
    state = act(stacked([["AS"], ["KS"], ["QS"], ["JS"]], options={"hook": "off"}), bid(0), bid(0), bid(0))
    assert [a["n"] for a in GAME.legal_actions(state)] == [0, 1]


def test_hook_option_off_in_one_card_deals_only():
    state = stacked([["AS"], ["KS"], ["QS"], ["JS"]], options={"hook": "off_one_card"})
    assert [a["n"] for a in GAME.legal_actions(act(state, bid(0), bid(0), bid(0)))] == [0, 1]
    state = act(GAME.new_match(4, {"hook": "off_one_card"}, seed=9), bid(3), bid(4), bid(2))
    assert 4 not in [a["n"] for a in GAME.legal_actions(state)]


def test_bids_out_of_range_are_refused_with_the_range():
    state = GAME.new_match(4, seed=9)
    for wrong in (14, -1, 2.5, "3", True):
        with pytest.raises(IllegalAction, match="0 to 13"):
            GAME.apply(state, bid(wrong))


# ---- play: the trick core ---------------------------------------------------------------
HANDS = [["AH", "2S", "3C"], ["KH", "4H", "5D"], ["9C", "8C", "2D"], ["QH", "3S", "7D"]]


def test_o10_bidding_and_the_first_lead_start_left_of_the_dealer():
    state = stacked(HANDS, dealer=2)
    assert state.turn == 3 and state.bid_order == [3, 0, 1, 2]
    state = act(state, bid(1), bid(0), bid(0), bid(1))
    assert state.phase == "play" and state.turn == 3


def test_highest_card_of_the_led_suit_wins():
    state = act(stacked([["AH"], ["KH"], ["QH"], ["2H"]]), bid(1), bid(0), bid(0), bid(1),
                play("AH"), play("KH"), play("QH"), play("2H"))
    assert state.last_trick["winner"] == 0
    assert state.sheet["rows"][0]["cells"][0] == {"bid": 1, "tricks": 1, "points": 11}


def test_a_trump_beats_the_led_suit_and_the_highest_trump_wins():
    state = act(stacked([["AH"], ["2S"], ["KH"], ["3S"]]), bid(0), bid(0), bid(0), bid(0),
                play("AH"), play("2S"), play("KH"), play("3S"))
    assert state.last_trick["winner"] == 3
    assert [c["points"] for c in state.sheet["rows"][0]["cells"]] == [10, 10, 10, 0]


def test_an_off_suit_discard_never_wins():
    state = act(stacked([["2H"], ["AD"], ["AC"], ["3H"]]), bid(0), bid(0), bid(0), bid(0),
                play("2H"), play("AD"), play("AC"), play("3H"))
    assert state.last_trick["winner"] == 3


def test_must_follow_suit_with_a_clear_message():
    state = act(stacked(HANDS), bid(0), bid(0), bid(0), bid(1), play("AH"))
    assert GAME.legal_actions(state) == [play("KH"), play("4H")]
    with pytest.raises(IllegalAction, match="follow suit: hearts were led"):
        GAME.apply(state, play("5D"))
    assert sorted(a["cards"][0] for a in GAME.view(state, 1)["legal"]) == ["4H", "KH"]


def test_o7_a_void_player_may_play_any_card():
    hands = [["AH", "2S", "3C"], ["KD", "4S", "5D"], ["9C", "8C", "2D"], ["QH", "3S", "7D"]]
    state = act(stacked(hands), bid(0), bid(0), bid(0), bid(1), play("AH"))
    assert sorted(a["cards"][0] for a in GAME.legal_actions(state)) == ["4S", "5D", "KD"]


def test_option_must_trump_when_void():
    hands = [["AH", "2S", "3C"], ["KD", "4S", "5D"], ["9C", "8C", "2D"], ["QH", "3S", "7D"]]
    state = act(stacked(hands, options={"must_trump": True}), bid(0), bid(0), bid(0), bid(1), play("AH"))
    assert GAME.legal_actions(state) == [play("4S")]
    with pytest.raises(IllegalAction, match="must play a trump"):
        GAME.apply(state, play("KD"))


def test_o6_the_trick_winner_leads_the_next_trick():
    state = act(stacked(HANDS), bid(0), bid(0), bid(0), bid(1), play("AH"), play("4H"), play("2D"), play("QH"))
    assert state.leader == 0 and state.turn == 0 and state.tricks_won == [1, 0, 0, 0]
    state = act(state, play("3C"))
    assert state.turn == 1 and [p["card"] for p in state.trick] == ["3C"]


def test_cards_you_do_not_hold_and_acts_out_of_turn_are_refused():
    state = act(stacked(HANDS), bid(0), bid(0), bid(0), bid(1))
    with pytest.raises(IllegalAction, match="do not hold the king of hearts"):
        GAME.apply(state, play("KH"))
    with pytest.raises(IllegalAction, match="Bidding is over"):
        GAME.apply(state, bid(1))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, play("AH"), seat=1)


# ---- scoring -------------------------------------------------------------------------
def test_exact_bid_scores_bid_plus_ten_else_zero():
    assert deal_points(3, 3, "exact") == 13
    assert deal_points(0, 0, "exact") == 10  # O4: a made zero scores 10
    assert deal_points(3, 2, "exact") == 0 and deal_points(3, 4, "exact") == 0


def test_scoring_variants():
    assert deal_points(2, 2, "per_trick") == 12 and deal_points(2, 4, "per_trick") == 4
    assert deal_points(2, 2, "minus_difference") == 12 and deal_points(2, 5, "minus_difference") == -3
    assert deal_points(2, 2, "minus_ten") == 12 and deal_points(2, 0, "minus_ten") == -20


def test_a_deal_is_scored_on_the_sheet_and_the_next_deal_starts():
    hands = [["2H", "5C", "9D"], ["AH", "6C", "TD"], ["3H", "7C", "JD"], ["4H", "8C", "QD"]]
    state = act(stacked(hands, dealer=3, options={"scoring": "minus_ten"}),
                bid(0), bid(2), bid(0), bid(2),
                play("2H"), play("AH"), play("3H"), play("4H"),  # seat 1 wins, leads clubs
                play("6C"), play("7C"), play("8C"), play("5C"),  # seat 3 wins, leads diamonds
                play("QD"), play("9D"), play("TD"), play("JD"))  # seat 3 wins
    row = state.sheet["rows"][0]
    assert [c["tricks"] for c in row["cells"]] == [0, 1, 0, 2]
    assert [c["points"] for c in row["cells"]] == [10, -10, 10, 12]
    assert row["totals"] == [10, -10, 10, 12] == state.sheet["totals"]
    # O10: the deal passes clockwise; the next deal ("down" from 3) has 2 cards.
    assert state.dealer == 0 and state.hand_size == 2 and state.phase == "bid" and state.turn == 1
    view = GAME.view(state, 0)
    assert view["last_trick"]["winner"] == 3 and view["history"] == [] and view["scores"] == [10, -10, 10, 12]


# ---- O9, O10: the end, ties, the dealer -------------------------------------------------
def test_o10_the_first_dealer_is_drawn_by_lot():
    assert {GAME.new_match(4, seed=s).dealer for s in range(40)} == {0, 1, 2, 3}


def finish(state):
    while not state.over:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_o9_a_tie_at_the_end_is_shared():
    # With "largest": 3 and sequence "up": sizes 1, 1, 2, 3. Stack all four deals.
    deals = [["AS", "KS"], ["AH", "KH"], ["AD", "2C", "KD", "3C"], ["AC", "AH", "KC", "4C", "3H", "5C"]]
    chance = [{"kind": "dealer", "value": 1}]
    for cards in deals:
        chance += [{"kind": "deal", "cards": cards + without(*cards)}, {"kind": "trump", "value": "S"}]
    state = GAME.new_match(2, {"sequence": "up", "largest": 3}, seed=1, _chance=chance)
    assert state.sizes == [1, 1, 2, 3]
    state = act(state, bid(1), bid(1), play("AS"), play("KS"))  # deal 1 (dealer 1): seat 0 11, seat 1 0
    state = act(state, bid(1), bid(1), play("AH"), play("KH"))  # deal 2 (dealer 0): seat 1 11, seat 0 0
    # deal 3 (dealer 1): seat 0 holds AD KD, seat 1 holds 2C 3C; seat 0 bids 2 and takes both: 12.
    state = act(state, bid(2), bid(1), play("AD"), play("2C"), play("KD"), play("3C"))
    # deal 4 (dealer 0): seat 1 holds AC KC 3H and bids 2, seat 0 holds AH 4C 5C and bids 0.
    state = act(state, bid(2), bid(0), play("AC"), play("4C"), play("KC"), play("5C"), play("3H"), play("AH"))
    assert [row["points"] for row in state.sheet["rows"]] == [[11, 0], [0, 11], [12, 0], [0, 12]]
    assert state.sheet["totals"] == [23, 23]
    assert state.over and state.winners == [0, 1]
    view = GAME.view(state, 1)
    assert view["winner"] == [0, 1] and view["phase"] == "over" and view["scores"] == [23, 23]


def test_o9_the_match_ends_after_the_last_deal_with_shared_first_place():
    deals = [["AS", "KS"], ["AH", "KH"]]
    chance = [{"kind": "dealer", "value": 1}]
    for cards in deals:
        chance += [{"kind": "deal", "cards": cards + without(*cards)}, {"kind": "trump", "value": "S"}]
    state = GAME.new_match(2, {"sequence": "down", "largest": 3}, seed=1, _chance=chance)
    assert state.sizes == [3, 2, 1, 1]
    state = finish(state)
    totals = state.sheet["totals"]
    assert state.winners == [s for s in (0, 1) if totals[s] == max(totals)]
    view = GAME.view(state, 0)
    assert view["over"] and view["to_act"] is None and view["legal"] == [] and view["winner"] == state.winners


# ---- views ---------------------------------------------------------------------------
def test_o8_the_view_shows_bids_and_tricks_but_no_other_hand():
    state = act(stacked(HANDS), bid(0), bid(2))
    view = GAME.view(state, 0)
    assert view["bids"] == [0, 2, None, None] and view["tricks_won"] == [0, 0, 0, 0]
    assert sorted(view["hand"]) == sorted(HANDS[0]) and view["hand_counts"] == [3, 3, 3, 3]
    assert view["deal"] == {"number": 1, "count": 6, "dealer": 3, "hand_size": 3, "trump": "S", "turn_up": None}
    rest = {k: v for k, v in view.items() if k != "hand"}
    for seat in (1, 2, 3):
        for card in HANDS[seat]:
            assert card not in str(rest)


def test_the_hand_is_sorted_trump_first_high_to_low():
    state = stacked([["2H", "AS", "KH"], ["3C", "4C", "5C"], ["6C", "7C", "8C"], ["9C", "TC", "JC"]], trump="H")
    assert GAME.view(state, 0)["hand"] == ["KH", "2H", "AS"]
