"""Spades with jokers, cut-throat for 2-5 players: bid at least the tricks you will
take; spades (and the Big and Little Joker above the ace) are always trump.

Seed: shared/seeds/002_796355ad5292c901.txt. Implements RULES.md section 3, S1-S16:
jokers on (S1); decks by player count (S2, S3); tricks = hand size (S4); two players
draw their hands (S5, option: deal 13); individual play, partnerships for 4 as an
option (S6); jokers count as spades for following, leading and breaking (S7);
spades may not be led until broken unless the leader holds only spades (S8); one
bidding round, minimum 1 (S9); made = 10 x bid + 1 per overtrick, failed 0 (S10,
option -10 x bid); sandbags off by default (S11); target 500, 200 short (S12); a tie
at the top at or above the target: everyone plays another hand (S13); random first
dealer, left of the dealer bids and leads (S14); no duty to trump (S15); bids and
totals public (S16). Options: nil (+/-100) and blind nil (+/-200, only when behind
by 100 or more; decided before looking at the cards, so not with the 2-player draw).
A nil bidder's tricks never count toward a contract; they count as bags.
More options (RULES 3.5, issue 19): double nil (a nil bid after looking, +/-200; MSN Zone
Spades); the nil card exchange (partnerships: after the bids, a nil bidder and the partner
each pass 3 cards, chosen before seeing the partner's); lose at -200 (a side at or below
-200 after a hand ends the game, the single highest total wins); the first lead of each
hand by the holder of the lowest club (2C, or 3C where the 2s are out), who must lead it
(two players: if it is out of play, left of the dealer leads); the hook (the last bidder
may not make the bids add up to the tricks); a minimum team bid of 4 (partnerships); two
players may be dealt the whole pack, 26 each (the seed's own text; the draw stays default).
"""

from ..engine import cards as C
from ..engine import chance
from ..engine.bidding import bidding_order
from ..engine.errors import BadOptions
from ..engine.i18n import N_, _
from ..engine.options import Option
from ..engine.scoresheet import top_seats
from ..engine.tricks import TrickGame, deal_round_robin, next_seat

# Jokers are spades (S7) ranked above the ace.
STRENGTH = {**{r: i for i, r in enumerate(C.RANKS)}, "L": 13, "B": 14}
TARGETS = (100, 200, 250, 300, 400, 500, 1000)


def spades_deck(players: int, jokers: bool) -> list[str]:
    """S2 with jokers, S3 without."""
    if jokers:
        removed = {2: ["2C", "2D"], 3: [], 4: ["2C", "2D"], 5: ["2S", "2H", "2D", "2C"]}[players]
        return [c for c in C.deck_54() if c not in removed]
    removed = {2: [], 3: ["2C"], 4: [], 5: ["2C", "2D"]}[players]
    return [c for c in C.deck_52() if c not in removed]


def hand_size(players: int, jokers: bool, whole_pack: bool = False) -> int:
    if players == 2:
        return 26 if whole_pack else 13
    return len(spades_deck(players, jokers)) // players


def lowest_club(deck) -> str:
    """The card that leads each hand with the first-lead option: 2C, or 3C when it is out."""
    return next(r + "C" for r in C.RANKS if r + "C" in deck)


EXCHANGE_CARDS = 3
MIN_TEAM_BID = 4
LOSE_AT = -200


def side_score(bids, tricks, blind, options, bags_before):
    """One side's points for a hand, the bags it took, and its bag count after.

    A nil bidder scores alone (+/-100; blind or double nil, `blind` true, +/-200); their tricks never count toward
    the side's contract but count as bags (S9-S11 and the nil options)."""
    contract = sum(b for b in bids if b > 0)
    taken = sum(t for b, t in zip(bids, tricks) if b > 0)
    bags = sum(t for b, t in zip(bids, tricks) if b == 0)
    points = 0
    for bid, won, is_blind in zip(bids, tricks, blind):
        if bid == 0:
            value = 200 if is_blind else 100
            points += value if won == 0 else -value
    if contract:
        if taken >= contract:  # S10: made
            points += 10 * contract + (taken - contract)
            bags += taken - contract
        elif options["failed"] == "minus":
            points -= 10 * contract
    bags_after = bags_before
    if options["sandbags"]:  # S11: every 10 bags cost 100, the rest carries over
        penalties, bags_after = divmod(bags_before + bags, 10)
        points -= 100 * penalties
    return points, bags, bags_after


def card_suit(card: str) -> str:
    """A card's suit for every rule: the jokers are spades."""
    return "S" if card in C.JOKERS else card[1]


class Spades(TrickGame):
    id = "spades"
    claims = True
    title = N_("Spades with jokers")
    min_players, max_players, default_players = 2, 5, 4
    options_schema = (
        Option("jokers", N_("Big and Little Joker"), ((True, N_("On")), (False, N_("Off"))), True),
        # i18n: {n} is 100 to 1000, always ending in 0
        Option("target", N_("Play to"), tuple((t, N_("{n} points", n=t)) for t in TARGETS), 500),
        Option("sandbags", N_("Sandbags (10 overtricks cost 100)"), ((False, N_("Off")), (True, N_("On"))), False),
        Option("failed", N_("Failed contract"), (("zero", N_("Scores 0")), ("minus", N_("Costs 10 per trick bid"))),
               "zero"),
        Option("nil", N_("Nil bids"), (("off", N_("Off")), ("nil", N_("Nil (±100)")),
                                       ("blind", N_("Nil (±100) and blind nil (±200)"))), "off"),
        Option("partnership", N_("Partnerships (4 players, partners opposite)"),
               ((False, N_("No")), (True, N_("Yes"))), False),
        Option("two_player_deal", N_("Two players"), (("draw", N_("Draw the hands")), ("deal", N_("Deal 13 each")),
                                                      ("whole", N_("Deal the whole pack (26 each)"))), "draw"),
        Option("double_nil", N_("Double nil (±200, bid after looking)"), ((False, N_("Off")), (True, N_("On"))),
               False),
        Option("nil_exchange", N_("Nil card exchange: 3 cards with the partner (partnerships)"),
               ((False, N_("Off")), (True, N_("On"))), False),
        Option("lose_at", N_("Lose at −200"), ((False, N_("Off")), (True, N_("On"))), False),
        Option("first_lead", N_("First lead"), (("left", N_("Left of the dealer")),
                                                ("club", N_("The holder of the lowest club leads it"))), "left"),
        Option("hook", N_("Hook: the bids may not add up to the tricks"), ((False, N_("Off")), (True, N_("On"))),
               False),
        Option("min_team_bid", N_("Minimum team bid of 4 (partnerships)"), ((False, N_("Off")), (True, N_("On"))),
               False),
    )

    # ---- hooks of the trick core --------------------------------------------------
    def suit_of(self, card):
        return card_suit(card)

    def strength(self, card):
        return STRENGTH[card[0]]

    def lead_allowed(self, state, hand):
        if state.first_card in hand and not state.history:  # the first-lead option
            return [state.first_card]
        if state.broken or all(self.suit_of(c) == "S" for c in hand):  # S8
            return list(hand)
        return [c for c in hand if self.suit_of(c) != "S"]

    def full_deck(self, state):
        return spades_deck(state.players, state.options["jokers"])

    def check_options(self, state):
        if state.options["partnership"] and state.players != 4:
            raise BadOptions(_("Partnerships need exactly 4 players."))
        if (state.options["nil_exchange"] or state.options["min_team_bid"]) and not state.options["partnership"]:
            raise BadOptions(_("The nil card exchange and the minimum team bid need partnerships."))

    # ---- set-up and hands -----------------------------------------------------------
    def setup(self, state):
        n = state.players
        state.sides = [[0, 2], [1, 3]] if state.options["partnership"] else [[s] for s in range(n)]
        state.totals = [0] * len(state.sides)
        state.bags = [0] * len(state.sides)
        state.rows = []
        state.hand_no = 0
        state.last_trick = None
        state.trump = "S"
        state.dealer = chance.choice(state, "dealer", list(range(n)))  # S14
        self.start_hand(state)

    def sides(self, state):
        return [list(side) for side in state.sides]

    def side_of(self, state, seat):
        return next(i for i, side in enumerate(state.sides) if seat in side)

    def drawing(self, state) -> bool:
        return state.players == 2 and state.options["two_player_deal"] == "draw"

    def whole_pack(self, state) -> bool:
        return state.players == 2 and state.options["two_player_deal"] == "whole"

    def start_hand(self, state):
        n = state.players
        if state.hand_no > 0:
            state.dealer = next_seat(state.dealer, n)
        state.hand_no += 1
        deck = chance.shuffled(state, self.full_deck(state), state.stacked_deck)
        state.stacked_deck = None
        first = next_seat(state.dealer, n)
        state.hand_size = hand_size(n, state.options["jokers"], self.whole_pack(state))
        state.bids = [None] * n
        state.blind = [False] * n
        state.double = [False] * n
        state.passed = [[] for _ in range(n)]  # the nil exchange: the cards each seat passed
        state.first_card = None
        state.broken = False
        state.dead = []
        state.seen_dead = [[] for _ in range(n)]
        state.looked = [True] * n
        self.start_tricks(state, first)
        if self.drawing(state):  # S5: the whole pack is drawn, kept or discarded
            state.hands, state.stock = [[] for _ in range(n)], deck
            state.phase = "draw"
            return
        state.hands, state.stock = deal_round_robin(deck, n, first, state.hand_size)
        state.dead = state.stock
        state.stock = []
        self.start_bidding(state)

    def start_bidding(self, state):
        first = next_seat(state.dealer, state.players)
        state.bid_order = bidding_order(first, state.players)
        if state.options["nil"] == "blind" and not self.drawing(state):
            for seat in range(state.players):
                side = self.side_of(state, seat)
                best_other = max(t for i, t in enumerate(state.totals) if i != side)
                behind = state.totals[side] <= best_other - 100
                state.looked[seat] = not behind  # a blind-nil candidate decides before looking
        undecided = [s for s in state.bid_order if not state.looked[s]]
        state.phase = "blind" if undecided else "bid"
        state.turn = undecided[0] if undecided else first

    # ---- actions ------------------------------------------------------------------
    def legal(self, state):
        if state.phase == "draw":
            return [{"type": "keep"}, {"type": "discard"}]
        if state.phase == "blind":
            return [{"type": "bid", "n": 0, "blind": True}, {"type": "look"}]
        if state.phase == "bid":
            allowed = self.allowed_bids(state)
            bids = [{"type": "bid", "n": n} for n in allowed if n > 0]  # S9
            nils = [{"type": "bid", "n": 0}] if 0 in allowed and state.options["nil"] != "off" else []
            if 0 in allowed and state.options["double_nil"]:
                nils.append({"type": "bid", "n": 0, "double": True})
            return nils + bids
        if state.phase == "exchange":
            return [{"type": "give", "cards": [c]} for c in C.sort_for_display(state.hands[state.turn], STRENGTH, "S")]
        return self.play_actions(state)

    def allowed_bids(self, state):
        """0 (nil, when offered) to the hand size, less what the hook and the minimum team bid forbid."""
        seat = state.turn
        allowed = range(state.hand_size + 1)
        if state.options["min_team_bid"]:
            partner = next(s for s in state.sides[self.side_of(state, seat)] if s != seat)
            if state.bids[partner] is not None:  # the second partner to bid completes the team's 4
                allowed = [n for n in allowed if n + state.bids[partner] >= MIN_TEAM_BID]
        others = [b for s, b in enumerate(state.bids) if s != seat]
        if state.options["hook"] and None not in others:  # the last bid may not make the total fit
            allowed = [n for n in allowed if n + sum(others) != state.hand_size]
        return list(allowed)

    def perform(self, state, action):
        kind = action["type"]
        if kind in ("keep", "discard"):
            self.draw_step(state, kind == "keep")
        elif kind == "look" or action.get("blind"):
            seat = state.turn
            state.looked[seat] = True
            if action.get("blind"):
                state.bids[seat], state.blind[seat] = 0, True
            undecided = [s for s in state.bid_order if not state.looked[s]]
            if undecided:
                state.turn = undecided[0]
            else:
                state.phase = "bid"
                state.turn = self.next_bidder(state)
        elif kind == "bid":
            state.bids[state.turn] = action["n"]
            state.double[state.turn] = bool(action.get("double"))
            state.turn = self.next_bidder(state)
            if state.turn is None:
                self.after_bidding(state)
        elif kind == "give":
            self.give(state, action["cards"][0])
        else:
            self.play_card(state, action["cards"][0])

    def exchange_seats(self, state):
        """The nil exchange: both partners of every side with a nil bid, in bidding order."""
        if not state.options["nil_exchange"]:
            return []
        return [s for s in state.bid_order
                if any(state.bids[p] == 0 for p in state.sides[self.side_of(state, s)])]

    def after_bidding(self, state):
        seats = self.exchange_seats(state)
        if seats:
            state.phase, state.turn = "exchange", seats[0]
        else:
            self.start_play(state)

    def give(self, state, card):
        """One card of the nil exchange, put aside until every passer has chosen all three
        (so a partner chooses without seeing what comes); then the partners swap."""
        seat = state.turn
        state.hands[seat].remove(card)
        state.passed[seat].append(card)
        if len(state.passed[seat]) < EXCHANGE_CARDS:
            return
        waiting = [s for s in self.exchange_seats(state) if len(state.passed[s]) < EXCHANGE_CARDS]
        if waiting:
            state.turn = waiting[0]
            return
        for seat in self.exchange_seats(state):
            partner = self.partner_of(state, seat)
            state.hands[partner].extend(state.passed[seat])
        self.start_play(state)

    def partner_of(self, state, seat):
        return next(s for s in state.sides[self.side_of(state, seat)] if s != seat)

    def start_play(self, state):
        """The first lead: left of the dealer, or with the option the holder of the lowest club."""
        state.phase = "play"
        if state.options["first_lead"] == "club":
            card = lowest_club(self.full_deck(state))
            holder = next((s for s in range(state.players) if card in state.hands[s]), None)
            if holder is not None:  # two players: it may be out of play
                state.first_card = card
                state.leader = holder
        state.turn = state.leader

    def next_bidder(self, state):
        return next((s for s in state.bid_order if state.bids[s] is None), None)

    def draw_step(self, state, keep: bool):
        """S5: keep the top card and discard the next unseen, or discard it and keep the next."""
        seat = state.turn
        top, following = state.stock[0], state.stock[1]
        state.stock = state.stock[2:]
        kept, dead = (top, following) if keep else (following, top)
        state.hands[seat].append(kept)
        state.dead.append(dead)
        if not keep:
            state.seen_dead[seat].append(top)
        if all(len(h) == state.hand_size for h in state.hands):
            state.dead += state.stock
            state.stock = []
            self.start_bidding(state)
        else:
            state.turn = next_seat(seat, state.players)

    def on_trick_complete(self, state, trick):
        if any(self.suit_of(p["card"]) == "S" for p in trick["plays"]):
            state.broken = True  # S7, S8: a spade or joker in an earlier trick
        if not state.hands[state.leader]:
            self.score_hand(state)

    def score_hand(self, state):
        cells, points_by_side = [], []
        for index, side in enumerate(state.sides):
            bids = [state.bids[s] for s in side]
            points, bags, state.bags[index] = side_score(
                bids, [state.tricks_won[s] for s in side], [state.blind[s] or state.double[s] for s in side],
                state.options, state.bags[index])
            state.totals[index] += points
            points_by_side.append(points)
            cells.append({"bid": sum(bids), "tricks": sum(state.tricks_won[s] for s in side), "bags": bags,
                          "points": points, "nil": [s for s in side if state.bids[s] == 0],
                          "blind": [s for s in side if state.blind[s]],
                          "double": [s for s in side if state.double[s]]})
        state.rows.append({"hand": state.hand_no, "dealer": state.dealer, "bids": list(state.bids),
                           "tricks": list(state.tricks_won), "cells": cells, "points": points_by_side,
                           "totals": list(state.totals), "bag_count": list(state.bags)})
        self.end_or_next(state)

    def end_or_next(self, state):
        target = state.options["target"]
        lost = state.options["lose_at"] and min(state.totals) <= LOSE_AT
        if max(state.totals) >= target or lost:  # S13; lose at -200: the game ends too
            top = top_seats(state.totals)
            if len(top) == 1:
                state.over, state.turn, state.phase = True, None, "over"
                state.winners = list(state.sides[top[0]])
                return
        self.next_deal(state)

    def next_deal(self, state, *how):
        self.close_deal(state)
        self.start_hand(state)

    def explain_illegal(self, state, action):
        kind = action.get("type")
        phase = state.phase
        if phase == "draw":
            return _("Keep the card you drew, or discard it and take the next one.")
        if phase == "blind":
            return _("You are 100 or more behind: bid blind nil now, or look at your cards first.")
        if phase == "bid":
            if kind != "bid":
                return _("Bid first: how many tricks will you take?")
            if kind == "bid" and action.get("n") in range(state.hand_size + 1) and not action.get("blind") \
                    and (action.get("n") != 0 or action.get("double") or state.options["nil"] != "off"):
                if state.options["hook"] and None not in [b for s, b in enumerate(state.bids) if s != state.turn]:
                    if action["n"] + sum(b for s, b in enumerate(state.bids) if s != state.turn) == state.hand_size:
                        return _("Hook rule: the last bid may not make the bids add up to the {n} tricks.",
                                 n=state.hand_size)
                if state.options["min_team_bid"]:
                    return _("Your side must bid at least 4 tricks together (nil counts 0).")
            if state.options["nil"] != "off":
                return _("Bid a whole number from 0 to {high} (0 is nil).", high=state.hand_size)
            return _("Bid a whole number from 1 to {high}; the minimum bid is 1.", high=state.hand_size)
        if phase == "exchange":
            return _("Pass a card of your hand to your partner ({n} in all).", n=EXCHANGE_CARDS)
        if kind != "play":
            return _("Bidding is over: play a card.")
        if state.first_card in state.hands[state.turn] and not state.history and not state.trick:
            return _("The holder of the lowest club leads it: lead {card}.", card=C.card_name(state.first_card))
        cards = action.get("cards") or []
        if (len(cards) == 1 and not state.trick and cards[0] in state.hands[state.turn]
                and self.suit_of(cards[0]) == "S"):
            return _("Spades are not broken yet: lead another suit (jokers count as spades).")
        return self.explain_play(state, action)

    # ---- views ----------------------------------------------------------------------
    def game_view(self, state, seat):
        hand = state.hands[seat] if state.looked[seat] else []  # blind nil: not yet seen
        view = {
            "phase": "over" if state.over else state.phase,
            "scores": list(state.totals),
            "bags": list(state.bags),
            "deal": {"number": state.hand_no, "dealer": state.dealer, "hand_size": state.hand_size, "trump": "S"},
            "broken": state.broken,
            "hand": C.sort_for_display(hand, STRENGTH, "S"),
            "looked": state.looked[seat],
            "bids": list(state.bids),
            "blind": list(state.blind),
            "double": list(state.double),
            "target": state.options["target"],
            "sheet": {"rows": [dict(r) for r in state.rows]},
        }
        if state.passed[seat] or (state.phase == "exchange" and seat in self.exchange_seats(state)):
            # the nil exchange: how many cards each passer gives, what this seat passed and received
            partner = self.partner_of(state, seat)
            view["exchange"] = {"count": EXCHANGE_CARDS, "passed": list(state.passed[seat]),
                                "received": [] if state.phase == "exchange" else list(state.passed[partner])}
        if state.phase == "draw":
            view["draw"] = {"stock": len(state.stock), "seen_discards": list(state.seen_dead[seat]),
                            "card": state.stock[0] if state.turn == seat else None}
        view.update(self.trick_view(state))
        return view

    # ---- deals ----------------------------------------------------------------------------
    def deal_number(self, state) -> int:
        return state.hand_no

    def deal_scores(self, state, number: int) -> list:
        """Each seat's side's points in hand `number` (finished)."""
        points = state.rows[number - 1]["points"]
        return [points[self.side_of(state, s)] for s in range(state.players)]

    # ---- for the conformance harness ----------------------------------------------
    def card_zones(self, state):
        zones = self.trick_zones(state)
        zones["stock"] = list(state.stock)
        zones["dead"] = list(state.dead)
        if state.phase == "exchange":  # put aside until every passer has chosen
            zones["passing"] = [c for cards in state.passed for c in cards]
        return zones

    def rewind_for_probe(self, probe, earlier_cards):
        # Broken by a spade or joker in an earlier trick; a lead has only earlier tricks before it.
        probe.broken = any(self.suit_of(c) == "S" for c in earlier_cards)

    def self_check(self, state):
        for index in range(len(state.sides)):
            assert state.totals[index] == sum(r["points"][index] for r in state.rows)
            assert 0 <= state.bags[index] < 10
        for row in state.rows:
            assert sum(row["tricks"]) == state.hand_size
        if state.phase == "play":
            assert all(b is not None for b in state.bids)
            assert sum(state.tricks_won) == len(state.history)
