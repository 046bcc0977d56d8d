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

from .engine import cards as C
from .engine import chance, endgame
from .engine.bidding import allowed_bids, bidding_order, hook_forbidden
from .engine.i18n import N_, _
from .engine.options import Option
from .engine.sampling import deal_constrained
from .engine.trick_play import pick_card
from .engine.scoresheet import add_row, new_sheet, top_seats
from .engine.tricks import FollowRules, TrickGame, deal_round_robin, next_seat

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
    bot_module = "games.oh_hell_bot"
    claims = True
    title = N_("Oh Hell (Planowanie)")
    min_players, max_players, default_players = 2, 7, 4
    options_schema = (
        Option("hook", N_("Hook rule (the dealer's bid may not make the total equal the tricks)"),
               (("on", N_("On")), ("off", N_("Off")), ("off_one_card", N_("Off in 1-card deals"))), "on"),
        Option("trump", N_("Trump"), (("random_suit", N_("Random suit each deal")),
                                      ("turn_up", N_("Turn up the first undealt card"))), "random_suit"),
        Option("no_trump_largest", N_("No trump in the largest deal"), ((False, N_("No")), (True, N_("Yes"))), False),
        Option("sequence", N_("Deal sequence"), (("down", N_("Down: 13 → 1")), ("down_up", N_("Down and up")),
                                                 ("up", N_("Up: 1 → 13"))), "down"),
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
        return _MUST_TRUMP if state.options["must_trump"] else self.follow

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
            if self.search_stops_here(state):
                state.deal_index, state.turn = state.deal_index + 1, None
                return
            self.start_deal(state)
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
            "hand": C.sort_for_display(state.hands[seat], _STRENGTH, state.trump),
            "bids": list(state.bids),
            "sheet": {"rows": [dict(r, cells=[dict(c) for c in r["cells"]]) for r in state.sheet["rows"]]},
        }
        view.update(self.trick_view(state))
        return view

    # ---- for the conformance harness -------------------------------------------------
    def card_zones(self, state):
        zones = self.trick_zones(state)
        zones["stock"] = list(state.stock)
        return zones

    # ---- for the search bot ---------------------------------------------------------
    # Hard's 800 iterations: doubling gained +0.36 points a deal at 200 -> 400 (1,000 deals) and
    # about +0.18 at 400 -> 800 (1,200 deals, not significant; docs/benchmarks.md); the 1.5x
    # faster hot loop pays for it. The 700 ms cap bounds a 13-card deal in Pyodide.
    # A bid is searched apart, with its own budget, among the bids from 2 below to 3 above
    # the rule-of-thumb estimate (BID_WINDOW; the estimate runs about half a trick below
    # what the search bids): a bid far from it never won a search, and spreading the budget
    # over 14 bids made the answer noisy.
    # Hard's playouts play the last 2 tricks exactly ("endgame": 2, engine/endgame.py):
    # +0.42 points a deal against hard without (600 deals); 3 tricks cost 3.5 times the time.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 25, "time_ms": 400, "error": 0.12, "bid_iterations": 120},
        "hard": {"iterations": 800, "time_ms": 700, "error": 0.0, "bid_iterations": 480, "endgame": 2},
    }
    BID_WINDOW = (2, 3)  # tricks below and above the estimate

    def bot(self, state, seat, level, rng, budget_ms=None, *, trace=None, sample=None):
        settings = self.bot_levels.get(level)
        if not settings or not settings.get("bid_iterations") or state.phase != "bid" or state.over:
            return super().bot(state, seat, level, rng, budget_ms, trace=trace, sample=sample)
        from .engine import search

        view = self.view(state, seat)
        legal = view["legal"]
        slips = self.slips(settings, rng)
        estimate = round(trick_estimate(state.hands[seat], state.trump, state.players))
        below, above = self.BID_WINDOW
        window = [a for a in legal if -below <= a["n"] - estimate <= above] or legal
        if len(window) == 1:
            action = window[0]
        else:
            time_ms = settings.get("time_ms") if budget_ms is None else budget_ms
            result = search.rollouts(self, state, seat, search.Budget(settings["bid_iterations"], time_ms), rng,
                                     sample=self.sampler_for(settings, sample), candidates=window,
                                     weigh=self.weigh_for(settings))
            if trace is not None:
                trace.append(result)
            action = result.action
        return self.slip(state, seat, view, action, None, rng, sample) if slips else action

    def determinize(self, state, seat, rng):
        """The other hands and the stock dealt again from the cards `seat` has not seen
        (the turn-up is public), no hand getting a card its plays have ruled out."""
        world = state.clone()
        others = [s for s in range(state.players) if s != seat]
        hidden_stock = world.stock[1:] if world.turn_up else world.stock
        pool = [c for s in others for c in world.hands[s]] + hidden_stock
        excluded = self.play_exclusions(state, pool)
        parts = deal_constrained(pool, [(len(world.hands[s]), excluded[s]) for s in others]
                                 + [(len(hidden_stock), ())], rng)
        for s, part in zip(others, parts):
            world.hands[s] = part
        world.stock = ([world.turn_up] if world.turn_up else []) + parts[-1]
        return world

    def deal_index(self, state):
        return state.deal_index

    BID_SPREAD = 1.0  # how far (in tricks) a player's bid strays from the estimate of its hand

    def world_weight(self, world, state, seat):
        """How well the world's hands explain the others' bids: each bid against the
        rule-of-thumb estimate of the hand that seat held when it bid (its cards now plus
        those it has played this deal)."""
        played = self.played_this_deal(state)
        gaps = [trick_estimate(world.hands[other] + played.get(other, []), world.trump, world.players) - bid
                for other, bid in enumerate(state.bids) if other != seat and bid is not None]
        return self.bid_likelihood(gaps, self.BID_SPREAD) if gaps else 1.0

    def search_reward(self, world, root):
        """This deal's points, scaled from the worst to the best a hand of this size scores."""
        points = world.sheet["rows"][root.deal_index]["cells"]
        size = root.hand_size
        low = {"exact": 0, "per_trick": 0, "minus_difference": -size, "minus_ten": -10 * size}[
            root.options["scoring"]]
        high = size + 10
        return [(c["points"] - low) / (high - low) for c in points]

    def bench_setup(self, rng):
        """Benchmark deals: 4 players, the first deal of a short game (3 to 10 cards)."""
        return {"players": 4, "options": {"largest": rng.choice([3, 5, 7, 10])}}

    def deal_result(self, world, root):
        return [c["points"] for c in world.sheet["rows"][root.deal_index]["cells"]]

    def playout_action(self, world, rng):
        seat = world.turn
        if world.phase == "bid":
            legal = self.legal(world)
            target = round(trick_estimate(world.hands[seat], world.trump, world.players))
            return min(legal, key=lambda a: (abs(a["n"] - target), a["n"]))
        if len(world.hands[seat]) <= world.__dict__.get("endgame_cards", 0):
            return {"type": "play", "cards": [self.endgame_card(world)]}
        cards = self.playable_cards(world, seat)
        if len(cards) > 1 and rng.random() < 0.15:  # some noise keeps the playouts honest
            return {"type": "play", "cards": [cards[rng.randrange(len(cards))]]}
        want = world.bids[seat] > world.tricks_won[seat]
        card = pick_card(cards, world.trick, world.trump, self.suit_of, self.strength, want)
        return {"type": "play", "cards": [card]}

    def endgame_card(self, world):
        """The card max^n play gives the seat to act (engine/endgame.py); the line is solved
        once a playout and read on from the world while the playout follows it."""
        left = sum(len(hand) for hand in world.hands)
        solved = world.__dict__.get("endgame_line")
        if solved is not None:
            at_solve, line = solved
            index = at_solve - left
            if 0 <= index < len(line) and line[index] in world.hands[world.turn]:
                return line[index]
        _, line = self.solve_endgame(world)
        world.endgame_line = (left, line)
        return line[0]

    def solve_endgame(self, world):
        """Each seat's points and the cards to the end of the deal, under max^n play."""
        scoring, bids, won = world.options["scoring"], world.bids, world.tricks_won
        tricks_left = max(len(hand) for hand in world.hands)
        ceiling = [max(deal_points(bids[s], won[s] + extra, scoring) for extra in range(tricks_left + 1))
                   for s in range(world.players)]
        return endgame.solve(self, world, lambda final: [
            deal_points(bid, tricks, scoring) for bid, tricks in zip(bids, final)], ceiling)

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



from .oh_hell_bot import trick_estimate  # noqa: E402  (the bot module imports engine only)

_STRENGTH = {r: i for i, r in enumerate(C.RANKS)}
_MUST_TRUMP = FollowRules(must_trump=True)

GAME = OhHell()
new_match = GAME.new_match
to_act = GAME.to_act
legal_actions = GAME.legal_actions
apply = GAME.apply
view = GAME.view
options = GAME.options_schema
