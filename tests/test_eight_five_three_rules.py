"""8-5-3 (Blato) rules on stacked decks, one test (or more) per RULES.md decision G1-G17.

Deals are stacked through the `_chance` list: the first dealer, then each deal's card
order. With dealer 0 and the counter-clockwise default, seat 2 is the 8 (it receives
first and leads), seat 1 the 5 and seat 0 the 3; the next deal has dealer 2
(duties [5, 8, 3]), then dealer 1 (duties [8, 3, 5]).
"""

import pytest

from games.eight_five_three import GAME
from games.eight_five_three.rules import is_four_four_four_four, plan_pulls, returned_card
from games.engine import cards as C
from games.engine.errors import GameError, IllegalAction
from stacking import applier, dealing_order, play

DECK = C.deck_52()
# Fillers: low ranks first, three ranks of a suit at a time (so filled hands are uneven,
# never an accidental 4-4-4-4).
FILLERS = sorted(DECK, key=lambda c: (C.RANKS.index(C.rank(c)) // 3, C.SUITS.index(C.suit(c)), c))
RANKS_HIGH = "AKQJT98765432"


# ---- stacking helpers ------------------------------------------------------------------
def complete(partial, talon=(), exclude=None):
    """Hands {seat: cards} filled to 16 with low spare cards (`exclude` {seat: suits} keeps
    suits out of a seat's fillers), and the talon filled to 4 with what is left. No hand
    is filled to 4-4-4-4 by accident (the peek would change what is legal)."""
    exclude = exclude or {}
    used = {c for cards in partial.values() for c in cards} | set(talon)
    assert len(used) == sum(len(v) for v in partial.values()) + len(talon), "a card is dealt twice"
    pool = [c for c in FILLERS if c not in used]
    for shift in range(len(pool)):
        spare = pool[shift:] + pool[:shift]
        hands = {s: list(partial.get(s, [])) for s in range(3)}
        for seat in sorted(range(3), key=lambda s: s not in exclude):
            banned = exclude.get(seat, "")
            while len(hands[seat]) < 16:
                card = next(c for c in spare if C.suit(c) not in banned)
                spare.remove(card)
                hands[seat].append(card)
        if all(len(partial.get(s, [])) == 16 or not is_four_four_four_four(h) for s, h in hands.items()):
            break
    full_talon = list(talon) + spare
    assert len(full_talon) == 4 and sorted(sum(hands.values(), []) + full_talon) == sorted(DECK)
    return [hands[0], hands[1], hands[2]], full_talon


def deal_entry(hands, talon, dealer, direction=-1):
    deck = list(talon) + [c for c in DECK if c not in talon]
    cards = dealing_order(hands, dealer, deck, direction)
    assert cards[48:] == list(talon)
    return {"kind": "deal", "cards": cards}


def match(deals, dealer=0, options=None):
    """A match whose deals are stacked: `deals` is a list of (hands, talon)."""
    direction = 1 if (options or {}).get("direction") == "clockwise" else -1
    chance = [{"kind": "dealer", "value": dealer}]
    for hands, talon in deals:
        chance.append(deal_entry(hands, talon, dealer, direction))
        dealer = (dealer + direction) % 3
    return GAME.new_match(3, options, seed=1, _chance=chance)


act = applier(GAME)


def trump(suit):
    return {"type": "trump", "suit": suit}


def give(card):
    return {"type": "give", "cards": [card]}


def take(card):
    return {"type": "take", "cards": [card]}


def discard(card):
    return {"type": "discard", "cards": [card]}


STOP, DONE, PEEK = {"type": "stop"}, {"type": "done"}, {"type": "peek"}


def to_play(state, contract="S"):
    """Name `contract`, make no passes, keep the talon: the 8 is then to lead."""
    state = act(state, trump(contract))
    while state.phase in ("exchange", "talon"):
        state = act(state, STOP if state.phase == "exchange" else DONE)
    assert state.phase == "play" and state.turn == state.eight
    return state


def legal_cards(state):
    return sorted(a["cards"][0] for a in GAME.legal_actions(state))


# ---- split deals: every seat takes a chosen number of tricks -------------------------
class Split:
    """A no-trump deal in which seat s takes tricks[s] tricks whatever the fillers.

    The leader (the 8) runs its top cards, then leads the 2 of the next runner's suit;
    that runner wins it with its top card and runs the rest of its tops, and so on."""

    def __init__(self, leader, tricks):
        assert sum(tricks) == 16
        self.tricks = list(tricks)
        runners = [leader] + [s for s in range(3) if s != leader and tricks[s] > 0]
        free = list("HDCS")
        self.tops, self.handover = {}, {}  # card -> owner; seat -> card it leads to hand over
        hands = {s: [] for s in range(3)}
        suits_of = {}
        for seat in runners:
            need, suits_of[seat] = tricks[seat], []
            while need:
                suit = free.pop(0)
                n = min(need, 12)  # keep the 2 of each suit for a handover
                for card in (r + suit for r in RANKS_HIGH[:n]):
                    hands[seat].append(card)
                    self.tops[card] = seat
                suits_of[seat].append(suit)
                need -= n
        for before, after in zip(runners, runners[1:]):
            card = "2" + suits_of[after][-1]
            hands[before].append(card)
            self.handover[before] = card
        self.hands, self.talon = complete(hands)

    def reserved(self):
        return set(self.tops) | set(self.handover.values())

    def play(self, state):
        """Name no trump, make no passes, keep the talon, play the 16 tricks as planned."""
        state = act(state, trump("NT"))
        while state.phase in ("exchange", "talon"):
            state = act(state, STOP if state.phase == "exchange" else DONE)
        deal = len(state.sheet["rows"])
        while len(state.sheet["rows"]) == deal:
            leader = state.turn
            hand = state.hands[leader]
            tops = sorted((c for c in hand if self.tops.get(c) == leader), key=_power, reverse=True)
            lead = tops[0] if tops else self.handover[leader]
            winner = leader if tops else next(self.tops[c] for c in self.tops if C.suit(c) == C.suit(lead))
            state = act(state, play(lead))
            for _ in range(2):
                cards = legal_cards(state)
                if state.turn == winner:
                    card = max(cards, key=_power)
                else:
                    spare = [c for c in cards if c not in self.reserved()] or cards
                    card = min(spare, key=_power)
                state = act(state, play(card))
            assert state.last_trick["winner"] == winner
        assert [c["tricks"] for c in state.sheet["rows"][-1]["cells"]] == self.tricks
        return state


def _power(card):
    return RANKS_HIGH[::-1].index(C.rank(card))


def splits_match(leaders_and_tricks, dealer=0, later=(), options=None):
    splits = [Split(leader, tricks) for leader, tricks in leaders_and_tricks]
    return match([(s.hands, s.talon) for s in splits] + list(later), dealer, options), splits


# ---- G1, G2, G3: seats, direction, duties, the deal ------------------------------------
def test_g1_counter_clockwise_the_8_sits_right_of_the_dealer_receives_first_and_leads():
    hands, talon = complete({})
    state = match([(hands, talon)], dealer=0)
    assert state.duties == [3, 5, 8] and state.eight == 2 and state.dealer == 0
    cards = state.chance[1]["cards"]
    assert cards[0] in state.hands[2] and cards[1] in state.hands[1] and cards[2] in state.hands[0]
    state = to_play(state, "S")
    assert state.turn == 2
    state = act(state, play(GAME.legal_actions(state)[0]["cards"][0]))
    assert state.turn == 1
    state = act(state, play(GAME.legal_actions(state)[0]["cards"][0]))
    assert state.turn == 0


def test_g1_option_clockwise():
    hands, talon = complete({})
    state = match([(hands, talon)], dealer=0, options={"direction": "clockwise"})
    assert state.duties == [3, 8, 5] and state.eight == 1
    assert state.chance[1]["cards"][0] in state.hands[1]
    state = to_play(state, "S")
    state = act(state, play(GAME.legal_actions(state)[0]["cards"][0]))
    assert state.turn == 2


def test_g2_duties_by_lot_then_5_becomes_8_3_becomes_5_8_becomes_3_and_deals():
    assert {GAME.new_match(3, seed=s).dealer for s in range(30)} == {0, 1, 2}
    state, _ = splits_match([(2, [5, 5, 6])])
    assert state.chance[0] == {"kind": "dealer", "value": 0}
    first = list(state.duties)
    state = Split(2, [5, 5, 6]).play(state)
    assert first == [3, 5, 8] and state.duties == [5, 8, 3]  # old 5 (seat 1) is the 8 ...
    assert state.dealer == 2 and state.eight == 1 and state.turn == 1  # ... old 8 (seat 2) deals
    assert GAME.view(state, 0)["deal"] == {"number": 2, "dealer": 2, "eight": 1, "duties": [5, 8, 3],
                                           "contract": None, "trump": None, "limits": None}


def test_g3_sixteen_cards_each_and_a_four_card_talon():
    hands, talon = complete({}, talon=["AS", "KH", "QD", "JC"])
    state = match([(hands, talon)])
    assert [len(h) for h in state.hands] == [16, 16, 16] and state.talon == ["AS", "KH", "QD", "JC"]
    assert GAME.view(state, 0)["talon_count"] == 4 and GAME.view(state, 0)["talon"] is None


def test_g3_a_whole_random_match_deals_the_52_cards_every_time():
    state = GAME.new_match(3, seed=4)
    assert sorted(state.chance[1]["cards"]) == sorted(DECK) and len(state.talon) == 4


# ---- G4: the declaration ---------------------------------------------------------------
def test_g4_the_8_names_a_suit_or_no_trump():
    state = match([complete({})])
    assert state.turn == 2 and state.phase == "declare"
    assert GAME.legal_actions(state) == [trump(s) for s in ("S", "H", "D", "C", "NT")]
    state = act(state, trump("NT"))
    assert state.trump is None and state.contract == "NT"
    assert GAME.view(state, 0)["deal"]["contract"] == "NT"


def test_g4_option_no_trump_not_allowed():
    state = match([complete({})], options={"no_trump": False})
    assert GAME.legal_actions(state) == [trump(s) for s in ("S", "H", "D", "C")]
    with pytest.raises(IllegalAction, match="No trump may not be named"):
        GAME.apply(state, trump("NT"))
    with pytest.raises(IllegalAction, match="names the trump first"):
        GAME.apply(state, play(state.hands[2][0]))


# ---- G5, G6: the 4-4-4-4 peek ----------------------------------------------------------
FOURS = ["AS", "KS", "3S", "4S", "AH", "KH", "3H", "4H", "AD", "KD", "3D", "4D", "AC", "KC", "3C", "4C"]


def test_g5_a_4444_hand_may_peek_in_the_first_deal_privately():
    state = match([complete({2: FOURS}, talon=["QS", "QH", "QD", "QC"])])
    assert GAME.legal_actions(state)[0] == PEEK
    state = act(state, PEEK)
    assert state.phase == "declare" and state.turn == 2 and not state.forfeited
    assert GAME.view(state, 2)["talon"] == ["QS", "QH", "QC", "QD"]
    for seat in (0, 1):
        assert GAME.view(state, seat)["talon"] is None and GAME.view(state, seat)["peeked"] is True
    assert PEEK not in GAME.legal_actions(state)  # once
    with pytest.raises(IllegalAction, match="already looked"):
        GAME.apply(state, PEEK)
    state = act(state, trump("H"))
    assert state.phase == "talon"  # G14: first deal, no pulls


def test_g6_no_peek_without_exactly_four_cards_in_each_suit():
    five_four_four_three = FOURS[:-1] + ["5S"]
    state = match([complete({2: five_four_four_three})])
    assert PEEK not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="exactly four cards in each suit"):
        GAME.apply(state, PEEK)


def second_deal_with_pulls_for_the_8(options=None):
    """Deal 1: seat 1 (the 5) takes 7 (+2), seat 0 (the 3) 4 (+1), seat 2 (the 8) 5 (-3).
    Deal 2 (dealer 2): seat 1 is the 8 with a 4-4-4-4 hand and pulls due; seat 0 too."""
    deal2 = complete({1: FOURS}, talon=["QS", "QH", "QD", "QC"])
    state, splits = splits_match([(2, [4, 7, 5])], later=[deal2], options=options)
    state = splits[0].play(state)
    assert state.previous == [1, 2, -3] and state.eight == 1
    return state


def test_g5_peeking_with_pulls_due_forfeits_the_8s_own_pulls_only():
    state = second_deal_with_pulls_for_the_8()
    assert state.pulls == [{"giver": 1, "receiver": 2, "count": 2}, {"giver": 0, "receiver": 2, "count": 1}]
    assert GAME.legal_actions(state)[0] == PEEK
    state = act(state, PEEK, trump("S"))
    assert state.forfeited and GAME.view(state, 0)["exchange"]["forfeited"] is True
    assert state.phase == "exchange" and state.turn == 0  # only seat 0's pull is left
    assert GAME.view(state, 0)["exchange"]["current"] == {"giver": 0, "receiver": 2, "count": 1, "passed": 0}
    state = act(state, STOP)
    assert state.phase == "talon" and state.turn == 1


def test_g5_keeping_the_pulls_means_naming_without_peeking():
    state = act(second_deal_with_pulls_for_the_8(), trump("S"))
    assert not state.forfeited and state.phase == "exchange" and state.turn == 1
    assert GAME.view(state, 1)["talon"] is None  # the 8 did not see the talon yet


def test_g5_option_no_peek_when_pulls_are_due():
    state = second_deal_with_pulls_for_the_8({"peek": "no_pulls"})
    assert PEEK not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="pulls due"):
        GAME.apply(state, PEEK)
    state = match([complete({2: FOURS})], options={"peek": "no_pulls"})
    assert PEEK in GAME.legal_actions(state)  # first deal: no pulls, so the peek stays


def test_g5_option_peek_rule_off():
    state = match([complete({2: FOURS})], options={"peek": "off"})
    assert PEEK not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="off in this match"):
        GAME.apply(state, PEEK)


# ---- G7: the talon ---------------------------------------------------------------------
TALON = ["AS", "KS", "QS", "JS"]


def test_g7_the_8_swaps_up_to_four_cards_privately_and_the_discards_are_dead():
    state = match([complete({2: ["2H", "3H", "4H"]}, talon=TALON)])
    state = act(state, trump("S"))
    assert state.phase == "talon" and state.turn == 2
    assert GAME.view(state, 2)["talon"] == ["AS", "KS", "QS", "JS"]
    assert GAME.legal_actions(state) == [take(c) for c in TALON] + [DONE]
    state = act(state, take("AS"))
    assert len(state.hands[2]) == 17 and "AS" in state.hands[2]
    assert discard("AS") not in GAME.legal_actions(state) and len(GAME.legal_actions(state)) == 16
    with pytest.raises(IllegalAction, match="stays in your hand"):
        GAME.apply(state, discard("AS"))
    state = act(state, discard("2H"), take("KS"), discard("3H"))
    assert take("2H") not in GAME.legal_actions(state)  # a discard is dead
    with pytest.raises(IllegalAction, match="discards are dead"):
        GAME.apply(state, take("2H"))
    state = act(state, DONE)
    assert state.phase == "play" and state.turn == 2
    assert sorted(state.talon) == sorted(["QS", "JS", "2H", "3H"])
    assert {"AS", "KS"} <= set(state.hands[2]) and len(state.hands[2]) == 16
    eight = GAME.view(state, 2)
    assert eight["taken"] == ["AS", "KS"] and eight["discarded"] == ["2H", "3H"]
    for seat in (0, 1):
        other = GAME.view(state, seat)
        assert other["talon"] is None and other["taken"] is None and other["discarded"] is None
        assert other["swaps"] == 2 and "2H" not in str(other)


def test_g7_the_discards_never_reach_a_trick():
    state = act(match([complete({2: ["2H"]}, talon=TALON)]), trump("S"), take("AS"), discard("2H"), DONE)
    seen = set()
    while state.deal_index == 0:
        before = len(state.history)
        state = act(state, GAME.legal_actions(state)[0])
        if state.deal_index == 0 and len(state.history) > before:
            seen |= {p["card"] for p in state.history[-1]["plays"]}
    seen |= {p["card"] for p in state.last_trick["plays"]}
    assert len(seen) == 48 and "2H" not in seen and "AS" in seen


def test_g7_four_swaps_end_the_talon_exchange():
    state = act(match([complete({2: ["2H", "3H", "4H", "5H"]}, talon=TALON)]), trump("S"))
    for old, new in zip(["2H", "3H", "4H", "5H"], TALON):
        state = act(state, take(new), discard(old))
    assert state.phase == "play" and sorted(state.talon) == ["2H", "3H", "4H", "5H"]


def test_g7_option_the_talon_must_be_swapped_fully():
    state = act(match([complete({}, talon=TALON)], options={"talon": "all"}), trump("S"))
    assert DONE not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="must take all four"):
        GAME.apply(state, DONE)
    for card in TALON:
        state = act(state, take(card))
        state = act(state, GAME.legal_actions(state)[-1])
        assert DONE not in GAME.legal_actions(state)
    assert state.phase == "play" and set(TALON) <= set(state.hands[2])


def test_g7_the_talon_exchange_comes_after_the_player_exchanges():
    state = act(second_deal_with_pulls_for_the_8(), trump("S"))
    assert state.phase == "exchange" and GAME.view(state, 1)["talon"] is None
    state = act(state, STOP, STOP)
    assert state.phase == "talon" and state.turn == 1 and GAME.view(state, 1)["talon"] is not None


# ---- G8: following -------------------------------------------------------------------
def test_g8_must_follow_suit_but_need_not_beat_a_plain_lead():
    state = to_play(match([complete({2: ["5H"], 1: ["KH", "2H"]}, exclude={1: "H"})]))
    state = act(state, play("5H"))
    assert legal_cards(state) == ["2H", "KH"]
    with pytest.raises(IllegalAction, match="must follow suit: hearts were led"):
        GAME.apply(state, play(next(c for c in state.hands[1] if C.suit(c) != "H")))


def test_g8_void_in_the_led_suit_must_trump():
    state = to_play(match([complete({2: ["5H"], 1: ["9S", "3S"]}, exclude={1: "HS"})]))
    state = act(state, play("5H"))
    assert legal_cards(state) == ["3S", "9S"]
    with pytest.raises(IllegalAction, match="must play a trump"):
        GAME.apply(state, play(next(c for c in state.hands[1] if C.suit(c) == "D")))


def test_g8_must_overtrump_a_trump_on_the_trick_if_able():
    state = to_play(match([complete({2: ["5H"], 1: ["9S"], 0: ["JS", "5S"]}, exclude={1: "H", 0: "HS"})]))
    state = act(state, play("5H"), play("9S"))
    assert legal_cards(state) == ["JS"]
    with pytest.raises(IllegalAction, match="beat the nine of spades with a higher trump"):
        GAME.apply(state, play("5S"))
    state = act(state, play("JS"))
    assert state.last_trick["winner"] == 0 and state.turn == 0


def test_g8_unable_to_overtrump_any_card_may_be_played():
    state = to_play(match([complete({2: ["5H"], 1: ["9S"], 0: ["4S", "5S"]}, exclude={1: "H", 0: "HS"})]))
    state = act(state, play("5H"), play("9S"))
    assert legal_cards(state) == sorted(state.hands[0])  # a lower trump or a discard
    club = next(c for c in state.hands[0] if C.suit(c) == "C")
    state = act(state, play(club))
    assert state.last_trick["winner"] == 1


def test_g8_trumps_led_must_beat_the_highest_trump_if_able():
    state = to_play(match([complete({2: ["9S"], 1: ["QS", "3S"], 0: ["8S", "2S"]}, exclude={1: "S", 0: "S"})]))
    state = act(state, play("9S"))
    assert legal_cards(state) == ["QS"]
    with pytest.raises(IllegalAction, match="Trumps were led"):
        GAME.apply(state, play("3S"))
    state = act(state, play("QS"))
    assert legal_cards(state) == ["2S", "8S"]  # cannot beat the queen: any spade


def test_g8_no_trump_only_following_suit_applies_and_the_highest_of_the_led_suit_wins():
    state = to_play(match([complete({2: ["5H"], 1: ["AS"], 0: ["7H"]}, exclude={1: "H", 0: "H"})]), "NT")
    state = act(state, play("5H"))
    assert legal_cards(state) == sorted(state.hands[1])  # void: any card, no trumping duty
    state = act(state, play("AS"))
    assert legal_cards(state) == ["7H"]
    state = act(state, play("7H"))
    assert state.last_trick["winner"] == 0


# ---- G9, G10: who pulls, how many, in what order -----------------------------------------
def test_g9_plus_and_minus_are_last_deals_tricks_minus_duty_and_zero_takes_no_part():
    assert plan_pulls([2, 0, -2], [5, 8, 3], -1) == [{"giver": 0, "receiver": 2, "count": 2}]
    assert plan_pulls([0, 0, 0], [5, 8, 3], -1) == []
    state, splits = splits_match([(2, [5, 5, 6]), (1, [8, 3, 5])])
    state = splits[0].play(state)  # deviations +2, 0, -2
    assert state.pulls == [{"giver": 0, "receiver": 2, "count": 2}]
    state = splits[1].play(state)  # deal 2, duties [5, 8, 3]: +3, -5, +2 (totals +5, -5, 0)
    assert state.sheet["totals"] == [5, -5, 0] and state.previous == [3, -5, 2]
    # Deal 3 (duties [8, 3, 5]): from deal 2 only; two "+", the bigger duty (seat 0, the 8) first.
    assert state.pulls == [{"giver": 0, "receiver": 1, "count": 3}, {"giver": 2, "receiver": 1, "count": 2}]


def exchange_match(previous, deal2, options=None, dealer=0):
    """Deal 1 played as a split giving `previous` tricks; deal 2 stacked as `deal2`."""
    state, splits = splits_match([(2, previous)], later=[deal2], options=options, dealer=dealer)
    return splits[0].play(state)


def test_g10_one_plus_passes_up_to_the_surplus_to_the_one_minus():
    state = exchange_match([5, 5, 6], complete({0: ["2C", "3C", "4C"], 2: ["KC"]}, exclude={2: "C"}))
    state = act(state, trump("H"))
    assert state.phase == "exchange" and state.turn == 0
    assert len(GAME.legal_actions(state)) == 17 and GAME.legal_actions(state)[-1] == STOP
    state = act(state, give("2C"))
    assert state.turn == 0 and state.passed == 1 and "KC" in state.hands[0]
    state = act(state, give("3C"))
    assert state.phase == "talon"  # the surplus (2) is used up: no third card
    assert [len(h) for h in state.hands] == [16, 16, 16]


def test_g10_passing_is_optional_stop_ends_the_passes():
    state = exchange_match([5, 5, 6], complete({}))
    state = act(state, trump("H"), STOP)
    assert state.phase == "talon" and state.exchanges == []


def test_g10_two_minus_players_each_get_their_deficit_the_nearest_first():
    # Deal 1: +4 for seat 0, -1 for seat 1, -3 for seat 2. Counter-clockwise from seat 0
    # the next seat is 2, so seat 2 gets its 3 cards first, then seat 1 its one.
    state = exchange_match([7, 4, 5], complete({}))
    assert state.previous == [4, -1, -3]
    assert state.pulls == [{"giver": 0, "receiver": 2, "count": 3}, {"giver": 0, "receiver": 1, "count": 1}]
    state = act(state, trump("H"))
    low = sorted(state.hands[0], key=_power)
    state = act(state, give(low[0]), give(low[1]))
    assert GAME.view(state, 0)["exchange"]["current"]["receiver"] == 2
    state = act(state, STOP)  # stop ends the passes to seat 2 only
    assert GAME.view(state, 0)["exchange"]["current"] == {"giver": 0, "receiver": 1, "count": 1, "passed": 0}
    state = act(state, give(sorted(state.hands[0], key=_power)[0]))
    assert state.phase == "talon"
    assert [(e["giver"], e["receiver"]) for e in state.exchanges] == [(0, 2), (0, 2), (0, 1)]


def test_g10_two_minus_players_clockwise_nearest_is_the_other_way():
    state, splits = splits_match([(1, [7, 5, 4])], options={"direction": "clockwise"},
                                 later=[complete({})])
    state = splits[0].play(state)  # clockwise, dealer 0: duties [3, 8, 5]; +4, -3, -1
    assert state.pulls == [{"giver": 0, "receiver": 1, "count": 3}, {"giver": 0, "receiver": 2, "count": 1}]


def test_g10_two_plus_players_pass_in_order_of_the_bigger_duty():
    # Deal 1: seat 2 +1, seat 1 +1, seat 0 -2. Deal 2 duties [5, 8, 3]: seat 1 (the 8)
    # passes before seat 2 (the 3), although seat 2 sits next to the receiver.
    state = exchange_match([1, 6, 9], complete({}))
    assert state.pulls == [{"giver": 1, "receiver": 0, "count": 1}, {"giver": 2, "receiver": 0, "count": 1}]
    state = act(state, trump("D"))
    assert state.turn == 1
    state = act(state, give(state.hands[1][0]))
    assert state.turn == 2 and state.phase == "exchange"
    state = act(state, give(state.hands[2][0]))
    assert state.phase == "talon" and state.turn == 1


# ---- G11, G12, G17: what comes back ----------------------------------------------------
def test_g11_seed_rule_the_receivers_highest_when_it_beats_the_card_passed():
    # Seat 0 passes to seat 2 (+2 / -2). Seat 2 holds K, T, 3 of hearts.
    state = exchange_match([5, 5, 6], complete({0: ["9H", "2H"], 2: ["KH", "TH", "3H"]}, exclude={2: "H"}))
    state = act(state, trump("S"), give("9H"))
    assert state.exchanges[-1] == {"giver": 0, "receiver": 2, "given": "9H", "returned": "KH"}
    assert "KH" in state.hands[0] and "9H" in state.hands[2]


def test_g11_seed_rule_the_receivers_lowest_of_the_suit_when_nothing_beats_it():
    deal2 = complete({0: ["JH", "5C"], 2: ["9H", "4H", "3H"]}, exclude={2: "HC"})
    state = act(exchange_match([5, 5, 6], deal2), trump("S"), give("JH"))
    assert state.exchanges[-1]["returned"] == "3H"  # lower hearts held: the lowest goes back
    state = act(state, give("5C"))
    assert state.exchanges[-1]["returned"] == "5C"  # no other club: the same card comes back
    assert "JH" in state.hands[2] and "3H" in state.hands[0] and "5C" in state.hands[0]


def test_g11_option_standard_return_highest_counting_the_card_received():
    deal2 = complete({0: ["JH", "7H"], 2: ["9H", "4H", "3H"]}, exclude={2: "H"})
    state = exchange_match([5, 5, 6], deal2, options={"return_rule": "standard"})
    state = act(state, trump("S"), give("JH"))
    assert state.exchanges[-1]["returned"] == "JH"  # nothing higher: the same card back
    state = act(state, give("7H"))
    assert state.exchanges[-1]["returned"] == "9H"
    assert returned_card(["9H", "4H", "JH"], "JH", "standard") == "JH"
    assert returned_card(["9H", "4H", "JH"], "JH", "seed") == "4H"
    assert returned_card(["KH", "9H", "4H", "2H"], "2H", "standard") == "KH"


def test_g12_one_card_at_a_time_each_return_is_resolved_before_the_next_pass():
    # Seat 2 holds the ace and no other heart. Pass 2H: the ace comes back. Pass 3H:
    # now seat 2 holds 2H and 3H only, nothing beats 3H, so its lowest (2H) comes back.
    deal2 = complete({0: ["2H", "3H"], 2: ["AH"]}, exclude={2: "H"})
    state = act(exchange_match([5, 5, 6], deal2), trump("S"), give("2H"))
    assert state.exchanges == [{"giver": 0, "receiver": 2, "given": "2H", "returned": "AH"}]
    assert GAME.view(state, 0)["exchange"]["log"] == state.exchanges == GAME.view(state, 2)["exchange"]["log"]
    assert GAME.view(state, 1)["exchange"]["log"] == [{"giver": 0, "receiver": 2}]  # the third sees no card
    assert "AH" not in str(GAME.view(state, 1)) and "2H" not in str(GAME.view(state, 1))
    state = act(state, give("3H"))
    assert state.exchanges[-1] == {"giver": 0, "receiver": 2, "given": "3H", "returned": "2H"}
    assert {"AH", "2H"} <= set(state.hands[0]) and "3H" in state.hands[2]


def test_g17_the_return_is_automatic_the_receiver_never_acts():
    state = act(exchange_match([5, 5, 6], complete({})), trump("S"))
    for _ in range(2):
        assert state.turn == 0 and GAME.view(state, 2)["legal"] == []
        state = act(state, give(state.hands[0][0]))
    assert state.turn == state.eight == 1


# ---- G13, G14, G15 ----------------------------------------------------------------------
def test_g13_exchanges_are_kept_after_no_trump():
    state = act(exchange_match([5, 5, 6], complete({})), trump("NT"))
    assert state.phase == "exchange" and state.turn == 0


def test_g13_option_no_exchanges_after_no_trump():
    options = {"exchanges_in_no_trump": False}
    state = act(exchange_match([5, 5, 6], complete({}), options=options), trump("NT"))
    assert state.phase == "talon" and state.turn == 1
    assert GAME.view(state, 0)["exchange"]["cancelled"] is True
    state = act(exchange_match([5, 5, 6], complete({}), options=options), trump("C"))
    assert state.phase == "exchange"  # a suit contract keeps them


def test_g14_no_exchanges_in_the_first_deal():
    state = match([complete({})])
    assert state.pulls == [] and state.previous is None
    state = act(state, trump("S"))
    assert state.phase == "talon" and state.turn == 2


def test_g15_the_8_leads_the_first_trick_then_the_winner_leads():
    state = to_play(match([complete({2: ["2H"], 1: ["AH"], 0: ["3H"]}, exclude={1: "H", 0: "H"})]))
    assert state.turn == 2 and state.leader == 2
    state = act(state, play("2H"), play("AH"), play("3H"))
    assert state.last_trick["winner"] == 1 and state.turn == 1 and state.leader == 1


# ---- G16: the end ----------------------------------------------------------------------
def test_g16_deviations_accumulate_and_the_first_to_21_wins():
    state, splits = splits_match([(2, [16, 0, 0]), (1, [13, 3, 0])])
    state = splits[0].play(state)
    assert state.sheet["totals"] == [13, -5, -8] and not state.over
    row = state.sheet["rows"][0]
    assert row["cells"][0] == {"duty": 3, "tricks": 16, "deviation": 13} and row["contract"] == "NT"
    state = splits[1].play(state)  # deal 2, duties [5, 8, 3]: +8, -5, -3
    assert state.sheet["totals"] == [21, -10, -11]  # exactly +21 is enough
    assert state.over and state.winners == [0] and state.turn is None
    view = GAME.view(state, 1)
    assert view["over"] and view["winner"] == [0] and view["phase"] == "over" and view["scores"] == [21, -10, -11]
    assert view["legal"] == [] and view["to_act"] is None
    with pytest.raises(IllegalAction, match="match is over"):
        GAME.apply(state, trump("S"))


def test_g16_below_21_the_match_goes_on():
    state, splits = splits_match([(2, [16, 0, 0]), (1, [12, 4, 0])])
    state = splits[1].play(splits[0].play(state))
    assert state.sheet["totals"] == [20, -9, -11] and not state.over and state.deal_index == 2


# Seven deals that leave seats 0 and 1 at +20 each (seat 2 takes nothing), found by search.
ROAD_TO_20 = [(0, 16, 0), (0, 16, 0), (12, 4, 0), (11, 5, 0), (8, 8, 0), (13, 3, 0), (11, 5, 0)]
EIGHTS = [2, 1, 0]  # the 8 of deals 1, 2, 3, ... (dealer 0, counter-clockwise)


def road(last):
    deals = ROAD_TO_20 + last
    return splits_match([(EIGHTS[i % 3], list(t)) for i, t in enumerate(deals)])


def test_g16_two_players_reach_21_in_one_deal_the_higher_wins():
    state, splits = road([(6, 10, 0)])
    for split in splits[:7]:
        state = split.play(state)
        assert not state.over
    assert state.sheet["totals"] == [20, 20, -40]
    state = splits[7].play(state)  # duties [5, 8, 3]: +1 and +2
    assert state.sheet["totals"] == [21, 22, -43]
    assert state.over and state.winners == [1]


def test_g16_two_players_equal_at_21_or_more_play_on_until_one_is_ahead():
    state, splits = road([(6, 9, 1), (9, 3, 4)])
    for split in splits[:8]:
        state = split.play(state)
    assert state.sheet["totals"] == [21, 21, -42]
    assert not state.over and state.phase == "declare" and state.deal_index == 8
    state = splits[8].play(state)  # duties [8, 3, 5]: +1, 0, -1
    assert state.sheet["totals"] == [22, 21, -43]
    assert state.over and state.winners == [0]


# ---- views and messages -------------------------------------------------------------------
def test_view_shows_the_score_sheet_and_hides_the_other_hands():
    state, splits = splits_match([(2, [5, 5, 6])], later=[complete({})])
    state = splits[0].play(state)
    view = GAME.view(state, 0)
    assert view["scores"] == [2, 0, -2] and view["target"] == 21
    assert view["sheet"]["rows"][0]["cells"] == [{"duty": 3, "tricks": 5, "deviation": 2},
                                                 {"duty": 5, "tricks": 5, "deviation": 0},
                                                 {"duty": 8, "tricks": 6, "deviation": -2}]
    assert view["sheet"]["rows"][0]["totals"] == [2, 0, -2]
    assert view["hand_counts"] == [16, 16, 16] and view["exchange"]["pulls"] == state.pulls
    # The finished deal as it ended: its tricks (public), no hand; the new deal's cards nowhere.
    closing = view["closing"]
    assert closing["deal"]["number"] == 1 and view["deal"]["number"] == 2 and closing["hand"] == []
    assert closing["tricks_won"] == [5, 5, 6] and closing["to_act"] is None and closing["legal"] == []
    assert closing["last_trick"] == view["last_trick"] and len(closing["history"]) == 16
    # The first deal has no pulls because none came before it (G14): said for the deal shown.
    assert closing["exchange"]["first_deal"] and not view["exchange"]["first_deal"]
    rest = str({k: v for k, v in view.items() if k not in ("hand", "last_trick", "sheet", "closing")})
    for seat in (1, 2):
        for card in state.hands[seat]:
            assert f"'{card}'" not in rest


def test_bad_actions_are_refused_with_a_message_and_change_nothing():
    state = match([complete({})])
    before = state.clone()
    for action in ({"type": "trump", "suit": "X"}, {"type": "bid", "n": 1}, play("XX"), {"type": "trump"}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)
    assert state == before
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, trump("S"), seat=0)
    with pytest.raises(GameError):
        GAME.new_match(4, seed=1)


# ---- the options of G8, G11, G16 (issue 19) ----------------------------------------------
def test_g8_option_must_head_in_every_suit():
    hands = complete({2: ["5H"], 1: ["KH", "2H"], 0: ["AH", "3H"]}, exclude={1: "H", 0: "H"})
    state = to_play(match([hands], options={"head": "all"}))
    state = act(state, play("5H"))
    assert legal_cards(state) == ["KH"]
    with pytest.raises(IllegalAction, match=r"must head the trick: beat the highest card of the suit led \(hearts\)"):
        GAME.apply(state, play("2H"))
    state = act(state, play("KH"))
    assert legal_cards(state) == ["AH"]
    default = act(to_play(match([hands])), play("5H"))
    assert legal_cards(default) == ["2H", "KH"]


def test_g8_option_must_head_not_once_the_trick_is_trumped():
    hands = complete({2: ["5H"], 1: ["9S"], 0: ["AH", "3H"]}, exclude={1: "HS", 0: "H"})
    state = act(to_play(match([hands], options={"head": "all"})), play("5H"), play("9S"))
    assert legal_cards(state) == ["3H", "AH"]


def test_g11_option_polish_a_trump_received_is_answered_with_the_lowest_other_trump():
    deal2 = complete({0: ["9S", "5C", "JH"], 2: ["KS", "TS", "3S", "9H", "4H"]}, exclude={2: "SCH"})
    state = exchange_match([5, 5, 6], deal2, options={"trump_return": "lowest"})
    state = act(state, trump("S"), give("9S"))
    assert state.exchanges[-1]["returned"] == "3S"  # the seed rule would send the king back
    state = act(state, give("JH"))
    assert state.exchanges[-1]["returned"] == "4H"  # other suits keep the return rule
    seed_rule = act(exchange_match([5, 5, 6], deal2), trump("S"), give("9S"))
    assert seed_rule.exchanges[-1]["returned"] == "KS"
    assert returned_card(["9S", "KS"], "9S", "seed", "S", polish=True) == "KS"
    assert returned_card(["9S"], "9S", "seed", "S", polish=True) == "9S"  # no other trump: itself


def test_g16_option_12_tricks_in_one_deal_win_at_once():
    state, splits = splits_match([(2, [12, 4, 0])], later=[complete({})], options={"sweep": True})
    state = splits[0].play(state)
    assert state.sheet["totals"] == [9, -1, -8] and state.over and state.winners == [0]
    state, splits = splits_match([(2, [12, 4, 0])], later=[complete({})])
    assert not splits[0].play(state).over


def finished_deal(state, deal_index, totals, tricks):
    """`state` at the end of deal `deal_index + 1` (0-based index) with the totals before it."""
    state = state.clone()
    state.deal_index = deal_index
    state.sheet["totals"] = list(totals)
    state.hands = [[], [], []]
    state.tricks_won = list(tricks)
    GAME.on_trick_complete(state, None)
    return state


def test_g16_option_a_fixed_18_deals_the_highest_total_wins():
    start = GAME.new_match(3, {"end": "deals"}, seed=2)
    duties = start.duties
    even = [d for d in duties]
    assert not finished_deal(start, 4, [25, -10, -15], even).over  # +21 does not end it
    assert not finished_deal(start, 16, [5, -2, -3], even).over
    done = finished_deal(start, 17, [5, -2, -3], even)
    assert done.over and done.winners == [0]
    tied = finished_deal(start, 17, [4, 4, -8], even)
    assert not tied.over and tied.deal_index == 18  # a shared top plays on
    assert finished_deal(GAME.new_match(3, seed=2), 4, [25, -10, -15], even).over  # the default: +21


# ---- the options of G4 (issue 19) ---------------------------------------------------------
def test_g4_option_pass_once_per_game_redeals_with_the_same_duties():
    state = match([complete({})], options={"redeal": True})
    eight, dealer, duties = state.eight, state.dealer, list(state.duties)
    assert {"type": "pass"} in GAME.legal_actions(state)
    passed = act(state, {"type": "pass"})
    assert passed.phase == "declare" and passed.turn == eight and passed.deal_index == 0
    assert passed.dealer == dealer and passed.duties == duties and passed.pass_used[eight]
    assert passed.hands != state.hands and sorted(sum(passed.hands, []) + passed.talon) == sorted(DECK)
    assert {"type": "pass"} not in GAME.legal_actions(passed)
    with pytest.raises(IllegalAction, match="already passed"):
        GAME.apply(passed, {"type": "pass"})
    assert {"type": "pass"} not in GAME.legal_actions(match([complete({})]))


def test_g4_option_each_declaration_once_per_player():
    state = match([complete({})], options={"once": True, "minimum": True}).clone()
    eight = state.eight
    assert [a["suit"] for a in GAME.legal_actions(state)] == ["S", "H", "D", "C", "NT", "MIN"]
    state.named[eight] = ["S", "NT"]
    assert [a["suit"] for a in GAME.legal_actions(state)] == ["H", "D", "C", "MIN"]
    with pytest.raises(IllegalAction, match="already named that game"):
        GAME.apply(state, trump("S"))
    assert act(state, trump("H")).named[eight] == ["S", "NT", "H"]
    state.named[eight] = ["S", "NT", "H", "D", "C", "MIN"]  # all named: all open again
    assert len(GAME.legal_actions(state)) == 6
    state.named[eight] = ["S", "NT", "H", "D", "C", "MIN", "C"]
    assert "C" not in [a["suit"] for a in GAME.legal_actions(state)]
    default = match([complete({})]).clone()
    default.named[default.eight] = ["S"]
    assert "S" in [a.get("suit") for a in GAME.legal_actions(default)]


def test_g4_option_minimum_tricks_deal_scores_under_the_limits():
    state = match([complete({})], options={"minimum": True})
    assert "MIN" in [a["suit"] for a in GAME.legal_actions(state)]
    assert "MIN" not in [a.get("suit") for a in GAME.legal_actions(match([complete({})]))]
    state = act(state, trump("MIN"))
    assert state.trump is None and state.phase == "talon"
    tricks = [0] * 3
    tricks[state.eight] = 2  # at most 3: +1
    tricks[state.duties.index(5)] = 5  # at most 5: 0
    tricks[state.duties.index(3)] = 9  # at most 8: -1
    done = finished_deal(state, 0, [0, 0, 0], tricks)
    points = done.sheet["rows"][0]["points"]
    assert points[state.eight] == 1 and points[state.duties.index(5)] == 0 and points[state.duties.index(3)] == -1
    assert done.previous == points  # and the next deal's pulls follow from them


def test_g4_option_no_exchanges_in_a_minimum_deal():
    deal2 = complete({0: ["JH", "5C"], 2: ["9H", "4H", "3H"]}, exclude={2: "HC"})
    state = exchange_match([5, 5, 6], deal2, options={"minimum": True})
    assert state.pulls
    state = act(state, trump("MIN"))
    assert state.phase == "talon" and state.exchanges == [] and GAME.view(state, 0)["exchange"]["cancelled"]
    assert act(exchange_match([5, 5, 6], deal2, options={"minimum": True}), trump("S")).phase == "exchange"
