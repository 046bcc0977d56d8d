"""Kozel rules on stacked decks, one or more tests per RULES.md decision (K1-K22).

A stacked first deal is given through `_chance`: the first dealer, the deal's card order
(4 cards each, round robin from the dealer's left, then the stock from the top) and the
trump card's position in the stock. Expected outcomes are worked out by hand in comments.
"""

import random

import pytest

from games.engine import cards as C
from games.engine.errors import IllegalAction
from games.kozel import GAME
from games.kozel.rules import POINTS, beats, beats_set, card_points, deal_result, defeat_points
from stacking import applier, dealing_order

LOW_FIRST = [r + s for r in "6789JQKTA" for s in "SHDC"]  # filler cards, low first


def stacked(hands, stock=(), dealer=3, trump="9H", options=None, later=()):
    """A match whose first deal gives `hands` (seat -> 4 cards) and a stock that starts
    with `stock` (top first), filled up with low cards; `trump` is the trump card, a
    stock card (left in place at its position; with `trump_card: bottom`, it must be the
    first stock card)."""
    options = dict(options or {})
    used = {c for h in hands for c in h} | set(stock)
    full_stock = list(stock) + [c for c in LOW_FIRST if c not in used]
    assert len(full_stock) == 20
    chance = [{"kind": "dealer", "value": dealer}, {"kind": "deal", "cards": dealing_order(hands, dealer, full_stock)}]
    if options.get("trump_card", "middle") == "middle":
        position = full_stock.index(trump)
        assert 1 <= position <= 18, "the trump card lies in the middle of the stock"
        chance.append({"kind": "trump_position", "value": position})
    else:
        assert full_stock[0] == trump
    return GAME.new_match(4, options, seed=7, _chance=chance + list(later))


act = applier(GAME)


def play(*cards):
    return {"type": "play", "cards": list(cards)}


def pas(*cards):
    return {"type": "pass", "cards": list(cards)}


def molodka(*cards):
    return {"type": "molodka", "cards": sorted(cards)}


DECLINE = {"type": "decline"}


def kinds(state):
    return sorted((a["type"], tuple(sorted(a.get("cards", [])))) for a in GAME.legal_actions(state))


def plays_of(state):
    return sorted(sorted(a["cards"]) for a in GAME.legal_actions(state) if a["type"] == "play")


def leader_takes_the_rest(state):
    """Play to the end of the current deal: the leader leads its first legal lead and
    everyone else passes (and declines every molodka), so the leader wins every trick."""
    deal = state.deal_number
    while not state.over and state.deal_number == deal:
        legal = GAME.legal_actions(state)
        if state.phase == "molodka":
            action = DECLINE
        elif not state.trick:
            action = legal[0]
        else:
            action = next(a for a in legal if a["type"] == "pass")
        state = GAME.apply(state, action)
    return state


# ---- K1: cards, ranks, points ------------------------------------------------------------
def test_k1_thirty_six_cards_worth_120_points():
    assert len(GAME.full_deck(None)) == 36 and card_points(GAME.full_deck(None)) == 120
    assert POINTS == {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
    state = GAME.new_match(4, seed=1)
    assert [len(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 20


def test_k1_rank_order_six_to_nine_then_jack_queen_king_ten_ace():
    order = ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "TH", "AH"]
    for low, high in zip(order, order[1:]):
        assert beats(high, low, "S") and not beats(low, high, "S")
    assert beats("TH", "KH", "S") and not beats("KH", "TH", "S")  # the ten is above the king


# ---- K2, K3: first lead, dealer rotation, the next deal's lead ---------------------------
def test_k2_the_player_left_of_the_dealer_leads_the_first_trick():
    for dealer in range(4):
        state = stacked([["6S", "7S", "8S", "9S"], ["6D", "7D", "8D", "9D"],
                         ["6C", "7C", "8C", "9C"], ["JS", "JD", "JC", "QS"]], dealer=dealer)
        assert state.dealer == dealer and state.turn == (dealer + 1) % 4 and state.leader == (dealer + 1) % 4
        # dealt round robin from the dealer's left: that player got the first card
        first = state.chance[1]["cards"][0]
        assert first in state.hands[(dealer + 1) % 4]


def test_k2_k3_next_deal_dealer_rotates_and_the_last_tricks_winner_leads():
    state = eggs_deal()  # dealer 3; seat 2 wins the last trick of the deal
    assert state.deal_number == 2
    assert state.dealer == 0  # K3: clockwise
    assert state.history == [] and state.last_trick["winner"] == 2 and state.last_trick["deal"] == 1
    assert state.turn == 2 and state.leader == 2  # K2: not the dealer's left (seat 1)


# ---- K4: the trump card --------------------------------------------------------------------
def test_k4_trump_card_is_a_random_middle_stock_card_left_in_place():
    seen = set()
    for seed in range(60):
        state = GAME.new_match(4, seed=seed)
        entry = [e for e in state.chance if e["kind"] == "trump_position"][0]
        assert 1 <= entry["value"] <= 18
        assert state.stock[entry["value"]] == state.trump_card and state.trump == state.trump_card[1]
        seen.add(entry["value"])
    assert len(seen) > 8, "the position is drawn at random"


def test_k4_the_trump_card_is_drawn_by_whoever_reaches_it_and_that_is_public():
    state = k5_deal()  # the trump card KH lies at depth 11: seat 3 draws it in the first refill
    view = GAME.view(state, 0)
    assert view["deal"] == {"number": 1, "dealer": 3, "trump": "H", "trump_card": "KH",
                            "trump_card_depth": 11, "trump_card_drawn_by": None}
    state = act(state, play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"))
    assert "KH" in state.hands[3]
    for seat in range(4):
        deal = GAME.view(state, seat)["deal"]
        assert deal["trump_card_depth"] is None and deal["trump_card_drawn_by"] == 3


def test_k4_option_bottom_turns_the_first_stock_card_and_puts_it_under_the_stock():
    hands = [["6S", "7S", "8S", "9S"], ["6D", "7D", "8D", "9D"], ["6C", "7C", "8C", "9C"], ["JS", "JD", "JC", "QS"]]
    state = stacked(hands, stock=["KC"], trump="KC", options={"trump_card": "bottom"})
    assert state.trump == "C" and state.trump_card == "KC"
    assert state.stock[-1] == "KC" and len(state.stock) == 20
    assert not any(e["kind"] == "trump_position" for e in state.chance)
    assert GAME.view(state, 1)["deal"]["trump_card_depth"] == 19  # drawn last


# ---- K5: refill ----------------------------------------------------------------------------
K5_HANDS = [["6S", "7S", "8S", "6D"], ["6C", "7D", "8D", "9D"], ["9S", "JD", "QD", "KD"], ["TD", "AD", "7C", "8C"]]
# Drawn one at a time clockwise from the trick winner (seat 0): 0,1,2,3,0,1,2,3,...
K5_STOCK = ["JS", "TS", "7H", "JH", "QS", "AS", "8H", "QH", "KS", "6H", "9H", "KH",
            "TH", "9C", "QC", "TC", "AH", "JC", "KC", "AC"]


def k5_deal(options=None):
    return stacked(K5_HANDS, stock=K5_STOCK, trump="KH", options=options)


def test_k5_refill_one_card_each_clockwise_from_the_trick_winner():
    state = act(k5_deal(), play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"))
    assert state.last_trick["winner"] == 0
    assert [sorted(h) for h in state.hands] == [sorted(["6D", "JS", "QS", "KS"]), sorted(["6C", "TS", "AS", "6H"]),
                                                sorted(["9S", "7H", "8H", "9H"]), sorted(["8C", "JH", "QH", "KH"])]
    assert state.stock == ["TH", "9C", "QC", "TC", "AH", "JC", "KC", "AC"]
    assert state.turn == 0


def test_k5_when_the_stock_runs_low_it_is_shared_equally_and_hands_shrink():
    state = act(k5_deal(), play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"),
                play("JS", "QS", "KS"), pas("6H", "AS", "TS"), pas("7H", "8H", "9H"), pas("JH", "QH", "KH"))
    # 12 cards wanted, 8 left: two each, clockwise from seat 0.
    assert state.stock == []
    assert [sorted(h) for h in state.hands] == [sorted(["6D", "TH", "AH"]), sorted(["6C", "9C", "JC"]),
                                                sorted(["9S", "QC", "KC"]), sorted(["8C", "TC", "AC"])]
    assert GAME.view(state, 2)["hand_counts"] == [3, 3, 3, 3] and GAME.view(state, 2)["stock_count"] == 0


def test_k5_the_deal_ends_when_stock_and_hands_are_empty():
    state = act(k5_deal(), play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"))
    state = leader_takes_the_rest(state)
    row = state.sheet["rows"][0]
    assert row["card_points"] == [120, 0] and row["tricks"][1] == 0
    assert state.deal_number == 2 and [len(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 20


# ---- K6, K7: leads and reply size -----------------------------------------------------------
def test_k6_every_subset_of_one_suit_may_be_led_and_nothing_else():
    state = k5_deal()  # seat 0: 6S 7S 8S 6D
    leads = plays_of(state)
    spades = [["6S"], ["7S"], ["8S"], ["6S", "7S"], ["6S", "8S"], ["7S", "8S"], ["6S", "7S", "8S"]]
    assert leads == sorted([sorted(s) for s in spades] + [["6D"]])
    assert all(a["type"] == "play" for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="one suit"):
        GAME.apply(state, play("6S", "6D"))
    with pytest.raises(IllegalAction, match="cannot pass"):
        GAME.apply(state, pas("6S"))


def test_k6_trumps_may_be_led():
    hands = [["6H", "7H", "6S", "7S"], ["6D", "7D", "8D", "9D"], ["6C", "7C", "8C", "9C"], ["JS", "JD", "JC", "QS"]]
    state = stacked(hands, trump="9H")
    assert ["6H", "7H"] in plays_of(state)
    state = act(state, play("6H", "7H"))
    assert state.trick[0]["cards"] == ["6H", "7H"]


def test_k7_the_reply_has_as_many_cards_as_the_lead():
    state = act(k5_deal(), play("6S", "7S"))
    assert {len(a["cards"]) for a in GAME.legal_actions(state)} == {2}
    assert len([a for a in GAME.legal_actions(state) if a["type"] == "pass"]) == 6  # C(4, 2)
    with pytest.raises(IllegalAction, match="exactly 2 cards"):
        GAME.apply(state, pas("7D"))


# ---- K8: multi-card beats by one-to-one matching -------------------------------------------
def test_k8_one_card_beats_same_suit_higher_or_any_trump_over_a_non_trump():
    assert beats("7H", "6H", "S") and not beats("6H", "7H", "S")
    assert beats("6S", "AH", "S")  # any trump beats any non-trump
    assert beats("7S", "6S", "S") and not beats("AH", "6S", "S")  # higher trump; a plain card never beats a trump
    assert not beats("AD", "6H", "S") and not beats("6H", "AD", "S")  # plain cards of two suits: no comparison


def test_k8_matching_where_a_greedy_check_fails():
    # Target 7H KH, trump spades. Greedy "lowest beater first" gives 6S to 7H and is
    # left with 8H against KH; the matching 8H-7H, 6S-KH beats.
    assert beats_set(["6S", "8H"], ["7H", "KH"], "S")
    assert beats_set(["8H", "6S"], ["KH", "7H"], "S")
    # In target order, pairing each target with the first reply card that beats it:
    # 7H takes AH, then 8H cannot beat KH; yet AH-KH, 8H-7H beats.
    assert beats_set(["AH", "8H"], ["7H", "KH"], "S")
    # Every card beats something, but no matching exists: AH beats both, 9H neither.
    assert not beats_set(["AH", "9H"], ["KH", "QH"], "S")
    assert not beats_set(["6S", "7S"], ["8S", "AH"], "S")  # 6S and 7S cannot both find a partner: 8S is a trump
    # Three cards, mixed suits: TD-9D, 6S-AH, 9H-7H.
    assert beats_set(["9H", "6S", "TD"], ["7H", "AH", "9D"], "S")
    assert not beats_set(["9H", "6S", "TD"], ["7H", "AH", "AD"], "S")


def test_k8_mixed_suit_beats_are_legal_in_play():
    hands = [["7H", "KH", "6D", "6C"], ["6S", "8H", "AH", "7C"], ["9H", "QH", "8C", "9C"], ["JS", "JD", "JC", "QS"]]
    state = act(stacked(hands, trump="9S"), play("7H", "KH"))
    # Seat 1 (6S 8H AH 7C): pairs that beat 7H KH: 6S+8H, 6S+AH, 8H+AH. Not 7C with anything.
    assert plays_of(state) == [["6S", "8H"], ["6S", "AH"], ["8H", "AH"]]
    state = act(state, play("8H", "6S"))
    assert state.trick[-1] == {"seat": 1, "kind": "beat", "cards": ["6S", "8H"]}


# ---- K9: the target is the current winning set ---------------------------------------------
K9_HANDS = [["7S", "8S", "6D", "6C"], ["JS", "QS", "7D", "7C"], ["9D", "8D", "8C", "9C"], ["9S", "TS", "KS", "6S"]]


def test_k9_beat_the_last_beater_not_the_lead_nor_the_pass():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"), play("JS", "QS"), pas("8D", "8C"))
    # 9S TS beat the lead 7S 8S but not JS QS (9S beats neither); TS KS beat JS QS.
    assert plays_of(state) == [["KS", "TS"]]
    with pytest.raises(IllegalAction, match="do not beat"):
        GAME.apply(state, play("9S", "TS"))
    view = GAME.view(state, 3)
    assert view["trick"]["winning"] == 1


def test_k9_after_a_pass_the_next_player_still_faces_the_lead():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"), pas("7D", "7C"), pas("8D", "8C"))
    # Nobody has beaten: seat 3 faces 7S 8S, and 9S TS (or any two of 9S TS KS) beat it.
    assert plays_of(state) == [["9S", "KS"], ["9S", "TS"], ["KS", "TS"]]


# ---- K10, K11: beat fully or pass; beating is optional -----------------------------------
def test_k10_a_partial_beat_is_not_a_beat():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"))
    # JS 7D: JS beats, 7D does not: only as a pass.
    assert ["7D", "JS"] not in plays_of(state)
    assert {"type": "pass", "cards": ["7D", "JS"]} in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="do not beat"):
        GAME.apply(state, play("JS", "7D"))


def test_k11_beating_is_optional_and_the_leader_wins_if_nobody_beats():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"))
    assert {"type": "pass", "cards": ["JS", "QS"]} in GAME.legal_actions(state)  # could beat, may pass
    state = act(state, pas("JS", "QS"), pas("8D", "8C"), pas("TS", "KS"))
    assert state.last_trick["winner"] == 0
    assert sorted(state.piles[0]) == sorted(["7S", "8S", "JS", "QS", "8D", "8C", "TS", "KS"])


# ---- K12, K13: partners, who takes the trick ------------------------------------------------
def test_k12_a_player_may_beat_the_partners_winning_set():
    hands = [["7S", "6D", "6C", "7C"], ["8D", "7D", "8C", "9C"], ["AS", "9D", "JD", "QD"], ["6H", "KD", "JC", "QC"]]
    state = act(stacked(hands, trump="9H"), play("7S"), pas("8D"))
    assert ["AS"] in plays_of(state)  # seat 2 may beat its partner's 7S
    state = act(state, play("AS"), pas("KD"))
    assert state.last_trick["winner"] == 2 and state.turn == 2


def test_k13_the_last_beater_takes_every_card_passes_included_and_leads():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"), play("JS", "QS"), pas("8D", "8C"), play("TS", "KS"))
    # 7S 8S JS(2) QS(3) 8D 8C TS(10) KS(4) = 19 points to team 1
    assert state.last_trick["winner"] == 3 and state.team_tricks == [0, 1]
    assert sorted(state.piles[1]) == sorted(["7S", "8S", "JS", "QS", "8D", "8C", "TS", "KS"]) and state.piles[0] == []
    assert card_points(state.piles[1]) == 19
    assert state.turn == 3 and state.trick == []


# ---- K14: what the views show -----------------------------------------------------------------
def test_k14_passed_cards_are_backs_to_everyone_else_partner_included():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"), play("JS", "QS"), pas("8D", "8C"))
    for seat in (0, 1, 3):  # seat 0 is the passer's partner
        shown = GAME.view(state, seat)["trick"]["plays"][2]
        assert shown == {"seat": 2, "kind": "pass", "cards": [None, None], "face_down": True}
        assert "8D" not in str(GAME.view(state, seat)) and "8C" not in str(GAME.view(state, seat))
    assert GAME.view(state, 2)["trick"]["plays"][2]["cards"] == ["8C", "8D"]  # the passer knows its cards
    state = act(state, play("TS", "KS"))
    for seat in (0, 1, 3):  # still backs once the trick is taken
        assert GAME.view(state, seat)["last_trick"]["plays"][2]["cards"] == [None, None]
        assert GAME.view(state, seat)["history"][0]["plays"][2]["cards"] == [None, None]


def test_k14_option_face_up_passes_are_seen_by_all():
    state = act(stacked(K9_HANDS, trump="9H", options={"passes": "face_up"}), play("7S", "8S"), pas("7D", "7C"))
    assert GAME.view(state, 3)["trick"]["plays"][1] == {"seat": 1, "kind": "pass", "cards": ["7C", "7D"],
                                                        "face_down": False}


def test_k14_card_points_hidden_during_the_deal_unless_the_option_shows_them():
    moves = (play("7S", "8S"), play("JS", "QS"), pas("8D", "8C"), play("TS", "KS"))
    state = act(stacked(K9_HANDS, trump="9H"), *moves)
    assert all(GAME.view(state, s)["card_points"] is None for s in range(4))
    state = act(stacked(K9_HANDS, trump="9H", options={"show_points": True}), *moves)
    assert all(GAME.view(state, s)["card_points"] == [0, 19] for s in range(4))
    # At the end of a deal both totals are on the sheet for everyone.
    state = leader_takes_the_rest(state)
    assert GAME.view(state, 0)["sheet"]["rows"][0]["card_points"] == [0, 120]


def test_k14_a_view_holds_no_card_of_another_hand_or_the_hidden_stock():
    state = k5_deal()
    for seat in range(4):
        view = GAME.view(state, seat)
        assert sorted(view["hand"]) == sorted(K5_HANDS[seat])
        rest = str({k: v for k, v in view.items() if k not in ("hand", "legal")})
        hidden = [c for s in range(4) if s != seat for c in K5_HANDS[s]] + [c for c in K5_STOCK if c != "KH"]
        assert not [c for c in hidden if f"'{c}'" in rest]
        assert view["stock_count"] == 20 and view["hand_counts"] == [4, 4, 4, 4]


def test_the_hand_is_sorted_trumps_first_high_to_low():
    state = k5_deal()  # trump hearts; seat 0 holds 6S 7S 8S 6D
    assert GAME.view(state, 0)["hand"] == ["8S", "7S", "6S", "6D"]
    state = act(state, play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"))
    assert GAME.view(state, 3)["hand"] == ["KH", "QH", "JH", "8C"]


# ---- K15-K18: molodka ----------------------------------------------------------------------
# Seat 2 holds four trumps (hearts), seat 3 four clubs; seat 0 leads.
MOLODKA_HANDS = [["6S", "7D", "8D", "9D"], ["7S", "6D", "JD", "QD"], ["6H", "7H", "8H", "9H"],
                 ["6C", "7C", "8C", "9C"]]


def molodka_deal(mode="own_turn", hands=MOLODKA_HANDS):
    return stacked(hands, trump="JH", options={"molodka": mode})


def test_k15_four_cards_of_one_suit_trumps_included_make_a_molodka():
    state = act(molodka_deal(), play("6S"), play("7S"))
    assert molodka("6H", "7H", "8H", "9H") in GAME.legal_actions(state)  # four trumps count


def test_k15_no_molodka_with_fewer_than_four_cards():
    state = act(k5_deal(), play("6S", "7S", "8S"), pas("7D", "8D", "9D"), pas("JD", "QD", "KD"), pas("TD", "AD", "7C"),
                play("JS", "QS", "KS"), pas("6H", "AS", "TS"), pas("7H", "8H", "9H"), pas("JH", "QH", "KH"),
                play("6D"))
    assert sorted(state.hands[1]) == ["6C", "9C", "JC"]  # three clubs: no molodka
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}
    state = act(k5_deal({"molodka": "interrupt"}), play("6S", "7S", "8S"), pas("7D", "8D", "9D"),
                pas("JD", "QD", "KD"), pas("TD", "AD", "7C"), play("JS", "QS", "KS"), pas("6H", "AS", "TS"),
                pas("7H", "8H", "9H"), pas("JH", "QH", "KH"), play("6D"))
    assert state.phase == "play" and state.turn == 1


def test_k16_molodka_in_turn_returns_the_table_cards_and_the_caller_leads_all_four():
    state = act(molodka_deal(), play("6S"), play("7S"))
    assert state.turn == 2
    state = act(state, molodka("6H", "7H", "8H", "9H"))
    assert sorted(state.hands[0]) == ["6S", "7D", "8D", "9D"] and sorted(state.hands[1]) == ["6D", "7S", "JD", "QD"]
    assert state.hands[2] == [] and state.trick == [{"seat": 2, "kind": "lead", "cards": ["6H", "7H", "8H", "9H"]}]
    assert state.leader == 2 and state.origin == 0 and state.molodka == 2
    assert state.turn == 3  # play goes on clockwise from the caller
    view = GAME.view(state, 1)
    assert view["trick"]["molodka"] == 2 and view["hand_counts"] == [4, 4, 0, 4]
    assert view["trick"]["cancelled"] == [{"seat": 0, "kind": "lead", "cards": ["6S"]},
                                          {"seat": 1, "kind": "beat", "cards": ["7S"]}]
    # Everyone answers with four cards; the trick completes after seats 3, 0, 1.
    assert {len(a["cards"]) for a in GAME.legal_actions(state)} == {4}
    state = act(state, pas("6C", "7C", "8C", "9C"), pas("6S", "7D", "8D", "9D"), pas("7S", "6D", "JD", "QD"))
    trick = state.last_trick
    assert trick["winner"] == 2 and trick["molodka"] == 2 and len(trick["cancelled"]) == 2
    assert len(state.piles[0]) == 16 and state.turn == 2


def test_k16_passed_cards_taken_back_stay_hidden():
    state = act(molodka_deal(), play("6S"), pas("QD"), molodka("6H", "7H", "8H", "9H"))
    assert "QD" in state.hands[1]
    for seat in (0, 2, 3):
        assert GAME.view(state, seat)["trick"]["cancelled"][1]["cards"] == [None]
    assert GAME.view(state, 1)["trick"]["cancelled"][1]["cards"] == ["QD"]


def test_k16_the_molodka_is_offered_exactly_when_legal():
    state = molodka_deal()
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}  # seat 0 holds none
    state = act(state, play("6S"))
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}  # seat 1 holds none
    state = act(state, pas("QD"))
    assert [a for a in GAME.legal_actions(state) if a["type"] == "molodka"] == [molodka("6H", "7H", "8H", "9H")]
    assert [a for a in GAME.view(state, 2)["legal"] if a["type"] == "molodka"]
    with pytest.raises(IllegalAction, match="simply lead all four"):
        GAME.apply(molodka_deal(hands=[MOLODKA_HANDS[2], MOLODKA_HANDS[1], MOLODKA_HANDS[0], MOLODKA_HANDS[3]]),
                   molodka("6H", "7H", "8H", "9H"))


def test_k17_turn_order_gives_the_holder_nearest_the_leader_the_first_chance():
    state = act(molodka_deal(), play("6S"), pas("QD"))
    # Seat 2 (nearer to the leader) may call first; it plays instead, then seat 3 may.
    state = act(state, pas("6H"))
    assert molodka("6C", "7C", "8C", "9C") in GAME.legal_actions(state)
    state = act(state, molodka("6C", "7C", "8C", "9C"))
    assert state.leader == 3 and state.turn == 0 and sorted(state.hands[2]) == ["6H", "7H", "8H", "9H"]


def test_k17_the_leader_uses_a_molodka_by_leading_it_and_no_one_else_may():
    hands = [MOLODKA_HANDS[3], MOLODKA_HANDS[1], MOLODKA_HANDS[2], MOLODKA_HANDS[0]]  # seat 0 clubs, seat 2 hearts
    state = stacked(hands, trump="JH")
    assert ["6C", "7C", "8C", "9C"] in plays_of(state)
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}
    state = act(state, play("6C", "7C", "8C", "9C"), pas("7S", "6D", "JD", "QD"))
    assert state.molodka == 0 and "molodka" not in {a["type"] for a in GAME.legal_actions(state)}


def test_k18_one_molodka_per_trick():
    state = act(molodka_deal(), play("6S"), pas("QD"), molodka("6H", "7H", "8H", "9H"))
    assert state.turn == 3 and sorted(state.hands[3]) == ["6C", "7C", "8C", "9C"]
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}
    with pytest.raises(IllegalAction, match="only one per trick"):
        GAME.apply(state, molodka("6C", "7C", "8C", "9C"))


def test_k18_molodka_is_allowed_again_in_the_next_trick():
    # The refill after the molodka trick runs from seat 2: seat 3 draws stock 1, 5, 9, 13 = four spades.
    stock = ["TS", "8S", "KS", "AS", "TD", "9S", "KD", "AD", "TC", "JS", "QC", "KC", "AC", "QS"]
    state = stacked(MOLODKA_HANDS, stock=stock, trump="JH")
    state = act(state, play("6S"), pas("QD"), molodka("6H", "7H", "8H", "9H"),
                pas("6C", "7C", "8C", "9C"), pas("6S", "7D", "8D", "9D"), pas("7S", "6D", "JD", "QD"))
    assert state.molodka is None and state.turn == 2 and sorted(state.hands[3]) == ["8S", "9S", "JS", "QS"]
    state = act(state, play("TC"))
    assert molodka("8S", "9S", "JS", "QS") in GAME.legal_actions(state)
    state = act(state, molodka("8S", "9S", "JS", "QS"))
    assert state.molodka == 3 and state.cancelled == [{"seat": 2, "kind": "lead", "cards": ["TC"]}]


def test_k16_interrupt_window_before_the_lead_asks_only_holders_in_priority_order():
    state = molodka_deal("interrupt")
    # Seat 0 is to lead and holds no molodka: seats 2 then 3 are asked first.
    assert state.phase == "molodka" and state.turn == 2
    assert GAME.legal_actions(state) == [molodka("6H", "7H", "8H", "9H"), DECLINE]
    view = GAME.view(state, 1)
    assert view["to_act"] == 2 and view["window"] == {"before": 0} and view["legal"] == []
    state = act(state, DECLINE)
    assert state.phase == "molodka" and state.turn == 3
    state = act(state, DECLINE)
    assert state.phase == "play" and state.turn == 0 and GAME.view(state, 0)["window"] is None
    # A new window opens before the next action: seat 2 first again, then seat 3.
    state = act(state, play("6S"))
    assert (state.phase, state.turn) == ("molodka", 2)
    state = act(state, DECLINE, molodka("6C", "7C", "8C", "9C"))
    assert state.molodka == 3 and state.leader == 3 and sorted(state.hands[0]) == ["6S", "7D", "8D", "9D"]
    assert (state.phase, state.turn) == ("play", 0)  # no more windows in this trick (K18)


def test_k16_interrupt_a_holder_about_to_act_is_not_preceded_by_another():
    state = act(molodka_deal("interrupt"), DECLINE, DECLINE, play("6S"), DECLINE, DECLINE, pas("QD"))
    # Seat 2 is to act and holds a molodka: it has priority, so no window for seat 3.
    assert (state.phase, state.turn) == ("play", 2)
    assert molodka("6H", "7H", "8H", "9H") in GAME.legal_actions(state)
    state = act(state, pas("6H"))
    assert (state.phase, state.turn) == ("play", 3)


def test_k17_interrupt_the_leader_holding_a_molodka_has_priority():
    hands = [MOLODKA_HANDS[3], MOLODKA_HANDS[1], MOLODKA_HANDS[2], MOLODKA_HANDS[0]]
    state = stacked(hands, trump="JH", options={"molodka": "interrupt"})
    assert (state.phase, state.turn) == ("play", 0)  # no window before the leader's own choice


def test_k16_interrupt_window_caller_takes_the_lead_before_it_is_made():
    state = act(molodka_deal("interrupt"), molodka("6H", "7H", "8H", "9H"))
    assert state.cancelled == [] and state.leader == 2 and state.origin == 0 and state.turn == 3


def test_molodka_option_off():
    state = act(molodka_deal("off"), play("6S"), pas("QD"))
    assert "molodka" not in {a["type"] for a in GAME.legal_actions(state)}
    with pytest.raises(IllegalAction, match="off"):
        GAME.apply(state, molodka("6H", "7H", "8H", "9H"))
    state = stacked([MOLODKA_HANDS[3]] + MOLODKA_HANDS[1:3] + [MOLODKA_HANDS[0]], trump="JH",
                    options={"molodka": "off"})
    state = act(state, play("6C", "7C", "8C", "9C"))
    assert state.molodka is None  # a 4-card lead is only a lead


def test_k19_a_molodka_brings_no_bonus():
    state = act(molodka_deal(), play("6S"), pas("QD"), molodka("6H", "7H", "8H", "9H"),
                pas("6C", "7C", "8C", "9C"), pas("6S", "7D", "8D", "9D"), pas("7S", "6D", "JD", "QD"))
    assert card_points(state.piles[0]) == 2 + 3  # JD + QD: only the cards' points
    state = leader_takes_the_rest(state)
    assert state.sheet["rows"][0]["card_points"] == [120, 0]


# ---- K20: defeat points -----------------------------------------------------------------------
def test_k20_defeat_point_table():
    assert defeat_points(59, 3) == 2 and defeat_points(31, 1) == 2
    assert defeat_points(30, 1) == 4 and defeat_points(0, 1) == 4
    assert defeat_points(0, 0) == 6
    assert deal_result([61, 59], [5, 4]) == [0, 2] and deal_result([29, 91], [1, 8]) == [4, 0]
    assert deal_result([120, 0], [9, 0]) == [0, 6] and deal_result([60, 60], [4, 5]) == [0, 0]
    assert deal_result([0, 120], [0, 9], multiplier=2) == [12, 0]


FILLERS = ["6D", "7D", "8D", "9D", "JD", "QD", "KD", "6S", "7S", "8S", "9S", "JS", "QS", "KS",
           "TD", "AD", "TS", "AS", "QC", "KC"]  # no hearts (trumps), no 6C 8C JC


def two_trick_deal(lead, beat, pass2, pass3, options=None):
    """Seat 0 leads `lead`, seat 1 beats with `beat`, seats 2 and 3 pass: team 1 takes
    trick 1. Seat 1 then leads 6C and seat 2 beats it with 8C (drawn first after seat 1);
    seat 2 then leads every trick and takes it. Team 1 keeps exactly trick 1's points."""
    spare = [c for c in FILLERS if c not in lead + beat + pass2 + pass3]

    def take(n):
        taken = spare[:n]
        del spare[:n]
        return taken

    size = len(lead)
    hands = [lead + take(4 - size), beat + ["6C"] + take(3 - size), pass2 + take(4 - size), pass3 + take(4 - size)]
    # After trick 1 the refill runs from seat 1: JC to seat 1, 8C to seat 2.
    state = stacked(hands, stock=["JC", "8C"], trump="9H", options=options)
    state = act(state, play(*lead), play(*beat), pas(*pass2), pas(*pass3))
    assert state.turn == 1 and state.team_tricks == [0, 1]
    state = act(state, play("6C"), play("8C"))
    for _ in range(2):
        state = act(state, next(a for a in GAME.legal_actions(state) if a["type"] == "pass"))
    assert state.last_trick["winner"] == 2
    return leader_takes_the_rest(state)


def test_k20_no_trick_six():
    state = leader_takes_the_rest(k5_deal())
    assert state.sheet["rows"][0]["card_points"] == [120, 0] and state.sheet["rows"][0]["tricks"][1] == 0
    assert state.sheet["rows"][0]["points"] == [0, 6] and state.sheet["totals"] == [0, 6]


def test_k20_a_trick_without_points_four():
    state = two_trick_deal(["6S"], ["7S"], ["8S"], ["9S"])
    row = state.sheet["rows"][0]
    assert row["card_points"] == [120, 0] and row["tricks"][1] == 1 and row["points"] == [0, 4]


def test_k20_thirty_points_four_and_thirty_one_two():
    # AS TS (21) beaten by trumps 6H 7H; passes KD QD (7) and JD 7D (2): 30 -> 4.
    state = two_trick_deal(["AS", "TS"], ["6H", "7H"], ["KD", "QD"], ["JD", "7D"])
    assert state.sheet["rows"][0]["card_points"] == [90, 30] and state.sheet["rows"][0]["points"] == [0, 4]
    # passes TD 6D (10) and 8D 9D (0): 31 -> 2.
    state = two_trick_deal(["AS", "TS"], ["6H", "7H"], ["TD", "6D"], ["8D", "9D"])
    assert state.sheet["rows"][0]["card_points"] == [89, 31] and state.sheet["rows"][0]["points"] == [0, 2]


def test_k20_fifty_nine_two():
    # AS TS (21) beaten by the trumps AH TH (21); passes AD KD (15) and JD 6D (2): 59 -> 2.
    state = two_trick_deal(["AS", "TS"], ["AH", "TH"], ["AD", "KD"], ["JD", "6D"])
    assert state.sheet["rows"][0]["card_points"] == [61, 59] and state.sheet["rows"][0]["points"] == [0, 2]


def eggs_deal(options=None):
    # AS TS (21) beaten by 6H JH (2); passes AD AC (22) and AH KD (15): 60 for team 1.
    return two_trick_deal(["AS", "TS"], ["6H", "JH"], ["AD", "AC"], ["AH", "KD"], options)


def test_k20_sixty_sixty_eggs_nobody_scores():
    state = eggs_deal()
    row = state.sheet["rows"][0]
    assert row["card_points"] == [60, 60] and row["eggs"] is True and row["points"] == [0, 0]
    assert state.eggs_seen and state.multiplier == 1 and GAME.view(state, 0)["eggs_seen"] is True


def test_option_eggs_double_the_next_deals_defeat_points():
    state = eggs_deal({"eggs": "double_next"})
    assert state.multiplier == 2 and GAME.view(state, 3)["multiplier"] == 2
    state = leader_takes_the_rest(state)  # seat 2 leads deal 2 and takes everything: 6 x 2
    row = state.sheet["rows"][1]
    assert row["multiplier"] == 2 and row["points"] == [0, 12]
    assert state.over and state.goat == 1  # 12 reached at once


def test_option_eggs_no_effect_leaves_the_next_deal_single():
    state = leader_takes_the_rest(eggs_deal())
    assert state.sheet["rows"][1]["points"] == [0, 6] and not state.over


# ---- K21, K22: the party --------------------------------------------------------------------
def test_k21_the_party_ends_when_a_team_reaches_twelve():
    state = leader_takes_the_rest(k5_deal())  # 0 : 6, seat 0 took the last trick and leads
    assert not state.over and state.turn == 0
    state = leader_takes_the_rest(state)  # 0 : 12
    assert state.over and state.sheet["totals"] == [0, 12] and state.goat == 1 and state.winners == [0, 2]
    view = GAME.view(state, 1)
    assert view["over"] and view["phase"] == "over" and view["to_act"] is None and view["legal"] == []
    assert view["winner"] == [0, 2] and view["scores"] == [0, 12]
    assert view["goat"] == {"side": 1, "seats": [1, 3], "eggs": False}
    assert sum(len(z) for z in GAME.card_zones(state).values()) == 36
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, play("6S"))


def test_option_defeat_limit_sixteen():
    state = leader_takes_the_rest(leader_takes_the_rest(k5_deal({"limit": 16})))
    assert state.sheet["totals"] == [0, 12] and not state.over
    state = leader_takes_the_rest(state)
    assert state.over and state.sheet["totals"] == [0, 18] and state.winners == [0, 2]


def test_k22_goat_with_eggs():
    state = leader_takes_the_rest(leader_takes_the_rest(eggs_deal()))  # eggs, then 6, 6
    assert state.over and state.sheet["totals"] == [0, 12]
    assert GAME.view(state, 0)["goat"] == {"side": 1, "seats": [1, 3], "eggs": True}


# ---- messages and the contract ------------------------------------------------------------
def test_illegal_actions_get_plain_messages_and_change_nothing():
    state = act(stacked(K9_HANDS, trump="9H"), play("7S", "8S"))
    before = state.clone()
    with pytest.raises(IllegalAction, match="do not hold the ace of hearts"):
        GAME.apply(state, play("AH", "JS"))
    with pytest.raises(IllegalAction, match="nothing to decline"):
        GAME.apply(state, DECLINE)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, pas("9D", "8D"), seat=2)
    assert state == before


def test_a_random_whole_party_replays_from_its_record():
    rng = random.Random(3)
    state = GAME.new_match(4, {"molodka": "interrupt", "eggs": "double_next"}, seed=11)
    while not state.over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert GAME.replay(GAME.record(state)) == state
    assert C.is_card(state.trump_card)


# ---- K23: two and three players, each for themselves -----------------------------------------
def stacked_players(hands, dealer=0, trump_position=5, options=None):
    """A 2- or 3-player match whose first deal gives `hands`, the stock filled with low cards."""
    players = len(hands)
    used = {c for h in hands for c in h}
    stock = [c for c in LOW_FIRST if c not in used]
    assert len(stock) == 36 - 4 * players
    chance = [{"kind": "dealer", "value": dealer}, {"kind": "deal", "cards": dealing_order(hands, dealer, stock)},
              {"kind": "trump_position", "value": trump_position}]
    return GAME.new_match(players, options, seed=7, _chance=chance)


def test_k23_two_and_three_players_each_for_themselves():
    for players in (2, 3):
        state = GAME.new_match(players, seed=3)
        assert state.sides == [[s] for s in range(players)]
        assert [len(h) for h in state.hands] == [4] * players and len(state.stock) == 36 - 4 * players
        view = GAME.view(state, 1)
        assert view["sides"] == [[s] for s in range(players)] and view["scores"] == [0] * players
    assert GAME.new_match(4, seed=3).sides == [[0, 2], [1, 3]]
    with pytest.raises(Exception, match="2 to 4 players"):
        GAME.new_match(5, seed=3)


def test_k23_a_trick_of_three_players_ends_after_three_plays_and_refills_three_hands():
    hands = [["AS", "TS", "6C", "7C"], ["6S", "7S", "8C", "9C"], ["8S", "9S", "JC", "QC"]]
    state = stacked_players(hands, dealer=2)  # seat 0 leads (left of the dealer)
    assert state.turn == 0
    state = act(state, play("AS"), pas("6S"), pas("8S"))
    assert state.last_trick["winner"] == 0 and state.piles[0] and len(state.piles) == 3
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.stock) == 21 and state.turn == 0


def test_k23_three_players_score_from_the_top_total():
    from games.kozel.rules import individual_result
    assert individual_result([70, 40, 10], [3, 2, 1]) == [0, 2, 4]
    assert individual_result([70, 50, 0], [5, 3, 0]) == [0, 2, 6]
    assert individual_result([50, 50, 20], [3, 3, 2]) == [0, 0, 4]  # a shared top: nothing for both
    state = leader_takes_the_rest(GAME.new_match(3, seed=4))
    row = state.sheet["rows"][0]
    winner = row["card_points"].index(120)
    assert row["points"] == [0 if s == winner else 6 for s in range(3)]


def test_k23_two_players_score_as_the_teams_do():
    state = leader_takes_the_rest(GAME.new_match(2, seed=4))
    row = state.sheet["rows"][0]
    assert sorted(row["card_points"]) == [0, 120] and sorted(row["points"]) == [0, 6]
    assert row["points"] == deal_result(row["card_points"], row["tricks"])


def test_k23_the_goat_is_whoever_reaches_the_limit_the_fewest_defeat_points_win():
    state = leader_takes_the_rest(GAME.new_match(3, {"limit": 6}, seed=4))
    assert state.over
    totals = state.sheet["totals"]
    winner = totals.index(0)
    assert state.winners == [winner] and totals[state.goat] == 6 and state.goat != winner
    view = GAME.view(state, 0)
    assert view["goat"]["seats"] == [state.goat] and view["winner"] == [winner]
