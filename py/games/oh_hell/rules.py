"""Oh Hell, Polish «Planowanie»: bid the exact number of tricks you will take.

Seed: shared/seeds/001_ec6fea1d921b5de1.txt. Implements RULES.md section 2, O1-O10:
2-4 players (5-7 start at ⌊52/n⌋, ⌊51/n⌋ with a turn-up), deals 13→2 then one
1-card deal per player (17→ for 2-3 players), a random trump suit each deal, bids
0..hand size with the hook on the dealer (1-card deals included), follow suit else
any card, exact bid scores bid + 10, else 0; equal totals share first place.
Options: hook on/off/off in 1-card deals, trump by random suit or turn-up card
(no trump when no card is left over), no trump in the largest deal, deal sequence
down / down-and-up / up, a smaller largest hand, scoring exact / per trick / two penalty variants, must trump.
"""

from ..engine import cards as C
from ..engine import chance
from ..engine.bidding import allowed_bids, bidding_order, hook_forbidden
from ..engine.i18n import N_, _
from ..engine.options import Option
from ..engine.scoresheet import add_row, new_sheet, top_seats
from ..engine.tricks import FollowRules, TrickGame, deal_round_robin, next_seat

STRENGTH = {r: i for i, r in enumerate(C.RANKS)}  # 2 low ... A high
MUST_TRUMP = FollowRules(must_trump=True)
SCORING = {
    "exact": N_("Exact bid: bid + 10, else 0"),
    "per_trick": N_("1 per trick, + 10 for an exact bid"),
    "minus_difference": N_("Exact: bid + 10; miss: minus the difference"),
    "minus_ten": N_("Exact: bid + 10; miss: minus 10 per trick off"),
}


def deal_sizes(players: int, sequence: str, turn_up: bool, limit="standard") -> list[int]:
    """Hand sizes of every deal in order (O1, O2); `limit` caps the largest hand."""
    if players <= 3:
        largest = 17
    elif players == 4:
        largest = 13
    else:
        largest = (51 if turn_up else 52) // players
    if limit != "standard":
        largest = min(largest, limit)
    down = list(range(largest, 1, -1))
    ones = [1] * players
    up = list(range(2, largest + 1))
    return {"down": down + ones, "down_up": down + ones + up, "up": ones + up}[sequence]


def deal_points(bid: int, tricks: int, scoring: str) -> int:
    exact = bid == tricks
    if scoring == "exact":
        return bid + 10 if exact else 0
    if scoring == "per_trick":
        return tricks + (10 if exact else 0)
    miss = abs(tricks - bid)
    if scoring == "minus_difference":
        return bid + 10 if exact else -miss
    return bid + 10 if exact else -10 * miss  # minus_ten


class OhHell(TrickGame):
    id = "oh_hell"
    claims = True
    title = N_("Oh Hell (Planowanie)")
    min_players, max_players, default_players = 2, 7, 4
    options_schema = (
        Option("hook", N_("Hook rule (the dealer's bid may not make the total equal the tricks)"),
               (("on", N_("On")), ("off", N_("Off")), ("off_one_card", N_("Off in 1-card deals"))), "on"),
        Option("trump", N_("Trump"), (("random_suit", N_("Random suit each deal")),
                                      ("turn_up", N_("Turn up the first undealt card"))), "random_suit"),
        Option("no_trump_largest", N_("No trump in the largest deal"), ((False, N_("No")), (True, N_("Yes"))), False),
        Option("sequence", N_("Deal sequence"), (("down", N_("Down: largest → 1")), ("down_up", N_("Down and up")),
                                                 ("up", N_("Up: 1 → largest"))), "down"),
        Option("largest", N_("Largest hand"), (("standard", N_("Standard (17 / 13 / ⌊52/n⌋)")),
                                               (10, N_("10 cards")), (7, N_("7 cards")),
                                               (5, N_("5 cards")), (3, N_("3 cards"))), "standard"),
        Option("scoring", N_("Scoring"), tuple(SCORING.items()), "exact"),
        Option("must_trump", N_("Must trump when void"), ((False, N_("No")), (True, N_("Yes"))), False),
    )

    # ---- set-up and deals ---------------------------------------------------------
    def full_deck(self, state):
        return C.deck_52()

    def setup(self, state):
        state.sizes = deal_sizes(state.players, state.options["sequence"], state.options["trump"] == "turn_up",
                                 state.options["largest"])
        state.sheet = new_sheet(state.players)
        state.deal_index = -1
        state.last_trick = None
        state.dealer = chance.choice(state, "dealer", list(range(state.players)))  # O10
        self.start_deal(state)

    def start_deal(self, state):
        state.deal_index += 1
        if state.deal_index > 0:
            state.dealer = next_seat(state.dealer, state.players)
        size = state.sizes[state.deal_index]
        state.hand_size = size
        deck = chance.shuffled(state, self.full_deck(state), state.stacked_deck)
        state.stacked_deck = None  # only the first deal is stacked
        first = next_seat(state.dealer, state.players)
        state.hands, state.stock = deal_round_robin(deck, state.players, first, size)
        state.turn_up = None
        if state.options["no_trump_largest"] and size == max(state.sizes):
            state.trump = None
        elif state.options["trump"] == "turn_up":
            state.turn_up = state.stock[0] if state.stock else None
            state.trump = C.suit(state.turn_up) if state.turn_up else None
        else:
            state.trump = chance.choice(state, "trump", list(C.SUITS))  # O3
        state.bids = [None] * state.players
        state.bid_order = bidding_order(first, state.players)
        state.phase = "bid"
        self.start_tricks(state, first)  # the bidding also starts left of the dealer

    def next_deal(self, state, *how):
        self.close_deal(state)
        self.start_deal(state)

    def hook_applies(self, state) -> bool:
        hook = state.options["hook"]
        return hook == "on" or (hook == "off_one_card" and state.hand_size > 1)

    # ---- actions ------------------------------------------------------------------
    def legal(self, state):
        if state.phase == "bid":
            made = [b for b in state.bids if b is not None]
            is_last = len(made) == state.players - 1
            bids = allowed_bids(state.hand_size, made, is_last, hook=self.hook_applies(state))
            return [{"type": "bid", "n": n} for n in bids]
        return self.play_actions(state)

    def follow_rules(self, state):
        return MUST_TRUMP if state.options["must_trump"] else self.follow

    def perform(self, state, action):
        if action["type"] == "bid":
            state.bids[state.turn] = action["n"]
            position = state.bid_order.index(state.turn)
            if position + 1 < state.players:
                state.turn = state.bid_order[position + 1]
            else:
                state.phase = "play"
                state.turn = state.leader  # O6: left of the dealer leads first
        else:
            self.play_card(state, action["cards"][0])

    def on_trick_complete(self, state, trick):
        if state.hands[0]:
            return
        self.score_deal(state)
        if state.deal_index + 1 < len(state.sizes):
            self.next_deal(state)
        else:
            state.over, state.turn, state.phase = True, None, "over"
            state.winners = top_seats(state.sheet["totals"])  # O9: ties share first place

    def score_deal(self, state):
        scoring = state.options["scoring"]
        points = [deal_points(b, t, scoring) for b, t in zip(state.bids, state.tricks_won)]
        row = {
            "deal": state.deal_index + 1,
            "hand_size": state.hand_size,
            "trump": state.trump,
            "dealer": state.dealer,
            "cells": [{"bid": b, "tricks": t, "points": p} for b, t, p in zip(state.bids, state.tricks_won, points)],
        }
        add_row(state.sheet, row, points)

    def explain_illegal(self, state, action):
        kind = action.get("type")
        if state.phase == "bid":
            if kind != "bid":
                return _("Bid first: how many tricks will you take?")
            n = action.get("n")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= state.hand_size:
                return _("Bid a whole number from {low} to {high}.", low=0, high=state.hand_size)
            others = [b for b in state.bids if b is not None]
            if self.hook_applies(state) and hook_forbidden(state.hand_size, others) == n:
                return _("You bid last: {bid} would make the bids add up to {tricks}, "
                         "the number of tricks, which the hook rule forbids.", bid=n, tricks=state.hand_size)
            return _("That bid is not allowed.")
        if kind != "play":
            return _("Bidding is over: play a card.")
        return self.explain_play(state, action)

    # ---- views ----------------------------------------------------------------------
    def game_view(self, state, seat):
        view = {
            "phase": "over" if state.over else state.phase,
            "scores": list(state.sheet["totals"]),
            "deal": {
                "number": state.deal_index + 1,
                "count": len(state.sizes),
                "dealer": state.dealer,
                "hand_size": state.hand_size,
                "trump": state.trump,
                "turn_up": state.turn_up,
            },
            "hand": C.sort_for_display(state.hands[seat], STRENGTH, state.trump),
            "bids": list(state.bids),
            "sheet": {"rows": [dict(r, cells=[dict(c) for c in r["cells"]]) for r in state.sheet["rows"]]},
        }
        view.update(self.trick_view(state))
        return view

    # ---- deals ----------------------------------------------------------------------------
    def deal_number(self, state) -> int:
        return state.deal_index + 1

    def deal_scores(self, state, number: int) -> list:
        """Each seat's points in deal `number` (finished)."""
        return [c["points"] for c in state.sheet["rows"][number - 1]["cells"]]

    # ---- for the conformance harness -------------------------------------------------
    def card_zones(self, state):
        zones = self.trick_zones(state)
        zones["stock"] = list(state.stock)
        return zones

    def self_check(self, state):
        sheet = state.sheet
        for column in range(state.players):
            assert sheet["totals"][column] == sum(r["points"][column] for r in sheet["rows"])
        for row in sheet["rows"]:
            assert sum(c["tricks"] for c in row["cells"]) == row["hand_size"]
            assert [c["points"] for c in row["cells"]] == [
                deal_points(c["bid"], c["tricks"], state.options["scoring"]) for c in row["cells"]
            ]
        if not state.over:
            assert sum(state.tricks_won) == len(state.history)
            assert len(state.history) + max(len(h) for h in state.hands) == state.hand_size
            assert len({len(h) for h in state.hands}) <= 2
