"""8-5-3, Bulgarian «Блато»: three players owe 8, 5 and 3 of the 16 tricks; the 8 names
trump, last deal's "+" players pull cards from the "−" players, the 8 swaps with a talon.

Seed: shared/seeds/003_3beb3db9e82b12b4.txt. Implements RULES.md section 4, G1-G17:
G1 counter-clockwise deal, play and rotation (the 3 deals, the 8 on the dealer's right
receives first and leads); G2 duties by lot, then each label moves one seat on; G3 the
last 4 cards of the shuffled pack are the talon, 16 cards each; G4 ♠ ♥ ♦ ♣ or no trump;
G5/G6 a 4-4-4-4 hand (checked before any exchange) may peek at the talon before naming,
which forfeits the 8's own pulls this deal; G7 after the exchanges the 8 swaps 0-4 cards
with the talon in private, the discards are dead; G8 follow suit, if void trump, overtrump
a trump on the trick if able (else any card), beat the highest trump when trumps are led;
G9/G10 "+" (tricks > duty last deal) pass up to their surplus to the "−", two "−" each get
their deficit (nearest in play order first), two "+" pass in order of bigger current duty;
G11 the seed return rule (the receiver's highest card of the suit if it beats the card
passed, else their lowest of the suit); G12 one card at a time, the return resolved at
once; G13 exchanges kept in no trump; G14 none in the first deal; G15 the 8 leads;
G16 a total of +21 at the end of a deal wins, two there: the higher, equal: play on;
G17 returns are enforced, so no honesty check is needed.
Options: the "standard" return rule (highest of the suit counting the card received, so
it may come back), clockwise, no trump not allowed, no exchanges after no trump, the 8
must swap all 4 talon cards, peek only when no pulls are due / no peek.
Deviations, said plainly: "stop" ends the passes to the current receiver only (so a "+"
player facing two "−" players may skip the first and still pass to the second); how many
cards the 8 swapped is shown to all (as at a real table; which cards stays private).
Bot (issue 7): samples hidden cards from what the seat knows (its exchanges and what the
return rule told it, G8 voids and "no higher trump", the talon once seen); the search
plays the cards, trump is chosen by playing each contract out on shared samples, gives
and talon swaps by a hand evaluation (eight_five_three_bot).
More options (issue 19): must head in every suit (G8: a plain suit led and not trumped,
beat its highest card so far if you can); the Polish trump return (G11: a trump received
is answered with the receiver's lowest other trump, the card itself when they hold none);
12 or more tricks in one deal win at once (G16, at the end of that deal); a fixed 18 deals
(G16: the single highest total after 18 deals wins, a shared top plays on); G4's
minimum-tricks deals (the 8 may name "fewest tricks": no trump, the 8 may take at most 3,
the 5 at most 5, the 3 at most 8, and each trick under the limit scores +1, each over -1;
no player exchanges, as zagraj.pl has it), each declaration once per player (the 8 names
each game once; having named them all, all are open again) and the pass (once per game
each player as the 8 may throw the hand in: a redeal with the same duties and pulls).
Left out (RULES.md variants): 9-5-2.
"""

from ..engine import cards as C
from ..engine import chance
from ..engine.i18n import N_, _, capitalized
from ..engine.options import Option
from ..engine.scoresheet import add_row, new_sheet
from ..engine.tricks import FollowRules, TrickGame, deal_round_robin, must_follow, must_trump, next_seat, not_held

SEATS = 3
HAND_SIZE = 16
TALON_SIZE = 4
TARGET = 21
FIXED_DEALS = 18
SWEEP = 12  # tricks in one deal that win at once (option)
NO_TRUMP = "NT"
MINIMUM = "MIN"  # the minimum-tricks game (option): no trump, take as few tricks as you may
CONTRACTS = ("S", "H", "D", "C", NO_TRUMP)
MINIMUM_LIMITS = {8: 3, 5: 5, 3: 8}  # duty -> the most tricks allowed in a minimum deal
STRENGTH = {r: i for i, r in enumerate(C.RANKS)}


def distance(origin: int, seat: int, direction: int) -> int:
    """How many steps in the direction of play from `origin` to `seat` (0 to 2)."""
    return (seat - origin) * direction % SEATS


def duties_for(dealer: int, direction: int) -> list[int]:
    """G1, G2: the 3 deals; the next seat in the direction of play is the 8, then the 5."""
    duties = [0] * SEATS
    eight = next_seat(dealer, SEATS, direction)
    duties[eight], duties[next_seat(eight, SEATS, direction)], duties[dealer] = 8, 5, 3
    return duties


def plan_pulls(deviations: list[int], duties: list[int], direction: int) -> list[dict]:
    """G9, G10: who passes how many cards to whom this deal, in order.

    One "+" and one "−": the surplus to the "−". One "+" and two "−": each "−" its own
    deficit, the nearest in the direction of play first. Two "+": each passes its
    surplus to the "−", the bigger duty of the current deal first."""
    plus = [s for s in range(SEATS) if deviations[s] > 0]
    minus = [s for s in range(SEATS) if deviations[s] < 0]
    if len(plus) == 1:
        giver = plus[0]
        minus.sort(key=lambda r: distance(giver, r, direction))
        return [{"giver": giver, "receiver": r, "count": -deviations[r]} for r in minus]
    if len(plus) == 2:
        plus.sort(key=lambda s: -duties[s])
        return [{"giver": g, "receiver": minus[0], "count": deviations[g]} for g in plus]
    return []


def returned_card(hand: list[str], passed: str, rule: str, trump: str | None = None, polish: bool = False) -> str:
    """G11: the card a receiver holding `hand` (the passed card included) gives back.

    "seed": their highest card of the suit if one beats the passed card, else their
    lowest card of the suit (the passed card itself when they had no other).
    "standard": their highest card of the suit, the passed card counted.
    `polish`: a trump received is answered with their lowest other trump (itself if none)."""
    suit = C.suit(passed)
    same = sorted((c for c in hand if C.suit(c) == suit), key=lambda c: STRENGTH[C.rank(c)])
    if polish and suit == trump:
        return next((c for c in same if c != passed), passed)
    if rule == "standard" or STRENGTH[C.rank(same[-1])] > STRENGTH[C.rank(passed)]:
        return same[-1]
    return same[0]


def is_four_four_four_four(hand: list[str]) -> bool:
    """G6: exactly four cards of each suit."""
    return len(hand) == HAND_SIZE and all(sum(C.suit(c) == s for c in hand) == 4 for s in C.SUITS)


class EightFiveThree(TrickGame):
    id = "eight_five_three"
    claims = True
    title = N_("8-5-3 (Blato)")
    min_players = max_players = default_players = SEATS
    follow = FollowRules(must_trump=True, must_overtrump=True, must_head_trumps=True)  # G8
    follow_heading_all = FollowRules(must_trump=True, must_overtrump=True, must_head_trumps=True,
                                     must_head_suits=True)  # the "head: all" option
    options_schema = (
        Option("return_rule", N_("What a \u2212 player gives back for a card received"),
               (("seed", N_("Their highest of the suit if it beats the card, else their lowest of the suit")),
                ("standard", N_("Their highest of the suit, counting the card received (it may come back)"))),
               "seed"),
        Option("direction", N_("Direction of deal and play"),
               (("counter_clockwise", N_("Counter-clockwise (Bulgarian)")), ("clockwise", N_("Clockwise"))),
               "counter_clockwise"),
        Option("no_trump", N_("The 8 may name no trump"), ((True, N_("Yes")), (False, N_("No"))), True),
        Option("exchanges_in_no_trump", N_("Exchanges after a no-trump declaration"),
               ((True, N_("Yes")), (False, N_("No exchanges"))), True),
        Option("talon", N_("The 8's talon exchange"),
               (("any", N_("Swap 0 to 4 cards")), ("all", N_("Must swap all 4 cards"))), "any"),
        Option("peek", N_("Peek at the talon with a 4-4-4-4 hand"),
               (("forfeit", N_("Allowed; it forfeits the 8's pulls")), ("no_pulls", N_("Only when no pulls are due")),
                ("off", N_("No peeking"))), "forfeit"),
        Option("head", N_("Must head the trick"), (("trumps", N_("In trumps only")), ("all", N_("In every suit"))),
               "trumps"),
        Option("trump_return", N_("A trump received is answered with"),
               (("rule", N_("The return rule above")), ("lowest", N_("The lowest other trump (Polish)"))), "rule"),
        Option("sweep", N_("12 or more tricks in one deal win at once"), ((False, N_("Off")), (True, N_("On"))), False),
        Option("end", N_("The game ends"), (("target", N_("At +21")), ("deals", N_("After 18 deals"))), "target"),
        Option("minimum", N_("Minimum-tricks deals (the 8 may name “fewest tricks”)"),
               ((False, N_("Off")), (True, N_("On"))), False),
        Option("once", N_("Each declaration once per player"), ((False, N_("Off")), (True, N_("On"))), False),
        Option("redeal", N_("The 8 may pass once per game (redeal)"), ((False, N_("Off")), (True, N_("On"))), False),
    )

    def follow_rules(self, state):
        return self.follow_heading_all if state.options["head"] == "all" else self.follow

    # ---- set-up and deals ---------------------------------------------------------
    def full_deck(self, state):
        return C.deck_52()

    def direction(self, state):
        return 1 if state.options["direction"] == "clockwise" else -1

    def setup(self, state):
        state.sheet = new_sheet(SEATS)
        state.deal_index = -1
        state.last_trick = None
        state.previous = None  # each seat's tricks - duty in the last deal (G9)
        state.named = [[] for _ in range(SEATS)]  # the games each seat named as the 8 (option "once")
        state.pass_used = [False] * SEATS  # the pass option: each seat once per game
        state.dealer = chance.choice(state, "dealer", list(range(SEATS)))  # G2, G14: by lot
        self.start_deal(state)

    def start_deal(self, state, redeal=False):
        direction = self.direction(state)
        if not redeal:  # a pass deals the same deal again: same dealer, duties and pulls
            state.deal_index += 1
            if state.deal_index > 0:
                state.dealer = next_seat(state.dealer, SEATS, direction)  # G2: every label moves on
        state.duties = duties_for(state.dealer, direction)
        state.eight = state.duties.index(8)
        deck = chance.shuffled(state, self.full_deck(state), state.stacked_deck)
        state.stacked_deck = None  # only the first deal is stacked
        # G3: 48 cards one at a time from the 8, the last 4 are the talon.
        state.hands, state.talon = deal_round_robin(deck, SEATS, state.eight, HAND_SIZE, direction)
        state.contract = None
        state.trump = None
        state.peeked = False
        state.talon_seen = False  # the 8 has looked at the talon (peek or swap)
        state.pulls = plan_pulls(state.previous, state.duties, direction) if state.previous else []  # G14
        state.forfeited = False  # G5: the 8 peeked and gave up their pulls
        state.queue = None  # the pulls that take place, fixed when trump is named
        state.pull_index = 0
        state.passed = 0  # cards passed in the current pull
        state.exchanges = []  # {"giver", "receiver", "given", "returned"}
        state.swapped_out = []  # the 8's cards put into the talon (dead)
        state.swapped_in = []  # talon cards the 8 took
        state.phase = "declare"
        self.start_tricks(state, state.eight)  # G15: the 8 acts first and leads

    def has_pulls(self, state, seat) -> bool:
        return any(p["giver"] == seat for p in state.pulls)

    def can_peek(self, state) -> bool:
        rule = state.options["peek"]
        if rule == "off" or state.peeked or not is_four_four_four_four(state.hands[state.eight]):
            return False
        return rule == "forfeit" or not self.has_pulls(state, state.eight)

    # ---- actions ------------------------------------------------------------------
    def legal(self, state):
        phase = state.phase
        if phase == "declare":
            actions = [{"type": "peek"}] if self.can_peek(state) else []
            if state.options["redeal"] and not state.pass_used[state.eight]:
                actions.append({"type": "pass"})
            return actions + [{"type": "trump", "suit": s} for s in self.contracts(state)]
        if phase == "exchange":
            hand = C.sort_for_display(state.hands[state.turn], STRENGTH, state.trump)
            return [{"type": "give", "cards": [c]} for c in hand] + [{"type": "stop"}]
        if phase == "talon":  # G7: take a talon card, then discard a dealt card; repeat
            hand = state.hands[state.eight]
            if len(hand) > HAND_SIZE:
                return [{"type": "discard", "cards": [c]}
                        for c in C.sort_for_display(hand, STRENGTH, state.trump) if c not in state.swapped_in]
            talon = [c for c in C.sort_for_display(state.talon, STRENGTH, state.trump) if c not in state.swapped_out]
            actions = [{"type": "take", "cards": [c]} for c in talon]
            return actions + ([{"type": "done"}] if state.options["talon"] == "any" else [])
        return self.play_actions(state)

    def contracts(self, state):
        games = (CONTRACTS if state.options["no_trump"] else CONTRACTS[:-1]) + (
            (MINIMUM,) if state.options["minimum"] else ())
        if state.options["once"]:  # each once; all named: all open again
            named = state.named[state.eight]
            open_ = tuple(g for g in games if g not in named[len(named) - len(named) % len(games):])
            return open_ or games
        return games

    def perform(self, state, action):
        kind = action["type"]
        if kind == "peek":
            state.peeked = state.talon_seen = True
            state.forfeited = self.has_pulls(state, state.eight)  # G5
        elif kind == "trump":
            self.declare(state, action["suit"])
        elif kind == "pass":
            state.pass_used[state.eight] = True
            self.start_deal(state, redeal=True)
        elif kind == "give":
            self.give(state, action["cards"][0])
        elif kind == "stop":
            self.next_pull(state)
        elif kind == "take":
            card = action["cards"][0]
            state.talon.remove(card)
            state.hands[state.eight].append(card)
            state.swapped_in.append(card)
        elif kind == "discard":
            card = action["cards"][0]
            state.hands[state.eight].remove(card)
            state.talon.append(card)  # dead: it belongs to no trick
            state.swapped_out.append(card)
            if len(state.swapped_out) == TALON_SIZE:
                self.start_play(state)
        elif kind == "done":
            self.start_play(state)
        else:
            self.play_card(state, action["cards"][0])

    def declare(self, state, contract):
        state.contract = contract
        state.named[state.eight].append(contract)
        state.trump = None if contract in (NO_TRUMP, MINIMUM) else contract
        queue = [p for p in state.pulls if not (state.forfeited and p["giver"] == state.eight)]
        if (contract == NO_TRUMP and not state.options["exchanges_in_no_trump"]) or contract == MINIMUM:
            queue = []  # G13 option; no exchanges in a minimum deal
        state.queue = queue
        state.pull_index = -1
        self.next_pull(state)

    def next_pull(self, state):
        """Move to the next pull of the queue, or to the talon once all are done."""
        state.pull_index += 1
        state.passed = 0
        if state.pull_index < len(state.queue):
            state.phase = "exchange"
            state.turn = state.queue[state.pull_index]["giver"]
        else:
            state.phase = "talon"  # G7: after the exchanges the 8 takes up the talon
            state.talon_seen = True
            state.turn = state.eight

    def give(self, state, card):
        """G11, G12: one card passed, the return resolved at once."""
        pull = state.queue[state.pull_index]
        giver, receiver = pull["giver"], pull["receiver"]
        state.hands[giver].remove(card)
        state.hands[receiver].append(card)
        back = returned_card(state.hands[receiver], card, state.options["return_rule"], state.trump,
                             state.options["trump_return"] == "lowest")
        state.hands[receiver].remove(back)
        state.hands[giver].append(back)
        state.exchanges.append({"giver": giver, "receiver": receiver, "given": card, "returned": back})
        state.passed += 1
        if state.passed == pull["count"]:
            self.next_pull(state)

    def start_play(self, state):
        state.phase = "play"
        state.turn = state.leader  # G15: the 8

    def on_trick_complete(self, state, trick):
        if state.hands[0]:
            return
        self.score_deal(state)
        totals = state.sheet["totals"]
        best = max(totals)
        if state.options["sweep"] and max(state.tricks_won) >= SWEEP:  # option: 12 tricks win at once
            state.over, state.turn, state.phase = True, None, "over"
            state.winners = [state.tricks_won.index(max(state.tricks_won))]
            return
        if state.options["end"] == "deals":
            ended = state.deal_index + 1 >= FIXED_DEALS  # G16 option; a shared top plays on
        else:
            ended = best >= TARGET  # G16
        if ended and totals.count(best) == 1:
            state.over, state.turn, state.phase = True, None, "over"
            state.winners = [totals.index(best)]
        else:
            self.next_deal(state)

    def next_deal(self, state, *how):
        self.close_deal(state)
        self.start_deal(state)

    def score_deal(self, state):
        if state.contract == MINIMUM:  # under the limit is "+"
            deviations = [MINIMUM_LIMITS[d] - t for t, d in zip(state.tricks_won, state.duties)]
        else:
            deviations = [t - d for t, d in zip(state.tricks_won, state.duties)]
        row = {
            "deal": state.deal_index + 1,
            "dealer": state.dealer,
            "contract": state.contract,
            "cells": [{"duty": d, "tricks": t, "deviation": v}
                      for d, t, v in zip(state.duties, state.tricks_won, deviations)],
        }
        add_row(state.sheet, row, deviations)
        state.previous = deviations

    # ---- messages -------------------------------------------------------------------
    def explain_illegal(self, state, action):
        kind = action.get("type")
        phase = state.phase
        if phase == "declare":
            if kind == "peek":
                if state.options["peek"] == "off":
                    return _("Peeking at the talon is off in this match.")
                if state.peeked:
                    return _("You have already looked at the talon: name the trump.")
                if not is_four_four_four_four(state.hands[state.eight]):
                    return _("You may look at the talon only with exactly four cards in each suit.")
                return _("You have pulls due this deal, so you may not look at the talon first.")
            if kind == "pass":
                if not state.options["redeal"]:
                    return _("Passing is off in this match: name the trump.")
                return _("You have already passed once this game: name the trump.")
            if kind == "trump":
                suit = action.get("suit")
                if state.options["once"] and suit in (CONTRACTS + (MINIMUM,)) and state.named[state.eight]:
                    if suit in state.named[state.eight] and suit not in self.contracts(state):
                        return _("You have already named that game: each declaration once per player.")
                if suit == NO_TRUMP:
                    return _("No trump may not be named in this match: choose a suit.")
                names = ", ".join(f'"{s}"' for s in self.contracts(state))
                return _("Name the trump as one of {names}.", names=names)
            return _("The 8 names the trump first.")
        if phase == "exchange":
            pull = state.queue[state.pull_index]
            if kind == "give":
                cards = action.get("cards") or []
                if len(cards) != 1:
                    return _("Pass one card at a time.")
                if cards[0] not in state.hands[state.turn]:
                    return not_held(cards[0])
            return _("Exchange with seat {seat}: pass a card ({left} left) or stop passing.",
                     seat=pull["receiver"], left=pull["count"] - state.passed)
        if phase == "talon":
            hand = state.hands[state.eight]
            cards = action.get("cards") or []
            card = cards[0] if len(cards) == 1 else None
            if len(hand) > HAND_SIZE:
                if kind != "discard":
                    return _("You have taken a talon card: now discard one of your own cards.")
                if card is None:
                    return _("Discard one card at a time.")
                if card in state.swapped_in:
                    return _("A card taken from the talon stays in your hand: discard one of your own cards.")
                return not_held(card)
            if kind == "done":
                return _("You must take all four talon cards in this match.")
            if kind == "take":
                if card is None:
                    return _("Take one talon card at a time.")
                if card in state.swapped_out:
                    return _("Your discards are dead: take one of the talon's own cards.")
                return capitalized(_("{card} is not in the talon.", card=C.card_name(card)))
            if kind == "discard":
                return _("Take a talon card first, then discard one of your own cards.")
            return _("Take a card from the talon, or say you are done.")
        if kind != "play":
            return _("The deal is under way: play a card.")
        return self.explain_play(state, action)

    def explain_play(self, state, action):
        cards = action.get("cards") or []
        if len(cards) != 1:
            return _("Play exactly one card.")
        card, hand, trump = cards[0], state.hands[state.turn], state.trump
        if card not in hand:
            return not_held(card)
        led = C.suit(state.trick[0]["card"])
        if any(C.suit(c) == led for c in hand):
            if C.suit(card) != led:
                return must_follow(led)
            if led != trump:  # the must-head option
                return _("You must head the trick: beat the highest card of the suit led ({suit}), since you can.",
                         suit=C.suit_name(led))
            return _("Trumps were led: you must beat the highest trump on the trick, since you can.")
        top = max((p["card"] for p in state.trick if C.suit(p["card"]) == trump),
                  key=lambda c: STRENGTH[C.rank(c)], default=None)
        if trump is None:
            return _("That card may not be played now.")
        if top is not None:
            return _("You have no {suit}: you must beat {card} with a higher trump, since you can.",
                     suit=C.suit_name(led), card=C.card_name(top))
        return must_trump(led, trump)

    # ---- views ----------------------------------------------------------------------
    def game_view(self, state, seat):
        eight = state.eight
        is_eight = seat == eight
        current = None
        if state.phase == "exchange":
            pull = state.queue[state.pull_index]
            current = dict(pull, passed=state.passed)
        view = {
            "phase": "over" if state.over else state.phase,
            "scores": list(state.sheet["totals"]),
            "target": TARGET,
            "deal": {
                "number": state.deal_index + 1,
                "dealer": state.dealer,
                "eight": eight,
                "duties": list(state.duties),
                "contract": state.contract,
                "trump": state.trump,
                # a minimum deal: the most tricks each seat may take (under them is "+")
                "limits": [MINIMUM_LIMITS[d] for d in state.duties] if state.contract == MINIMUM else None,
            },
            "hand": C.sort_for_display(state.hands[seat], STRENGTH, state.trump),
            "talon": (C.sort_for_display(state.talon, STRENGTH, state.trump)
                      if is_eight and state.talon_seen else None),
            "talon_count": len(state.talon),
            "peeked": state.peeked,
            "swaps": len(state.swapped_in),
            "taken": list(state.swapped_in) if is_eight else None,
            "discarded": list(state.swapped_out) if is_eight else None,
            "named": [list(n) for n in state.named],
            "pass_used": list(state.pass_used),
            "exchange": {
                "first_deal": state.deal_index == 0,  # G14: no deal before it, so no pulls
                "pulls": [dict(p) for p in state.pulls],
                "forfeited": state.forfeited,
                "cancelled": bool(state.pulls) and (state.contract == MINIMUM or (
                    state.contract == NO_TRUMP and not state.options["exchanges_in_no_trump"])),
                "current": current,
                "log": [dict(e) if seat in (e["giver"], e["receiver"])
                        else {"giver": e["giver"], "receiver": e["receiver"]} for e in state.exchanges],
            },
            "sheet": {"rows": [dict(r, cells=[dict(c) for c in r["cells"]]) for r in state.sheet["rows"]]},
        }
        view.update(self.trick_view(state))
        return view

    # ---- deals ----------------------------------------------------------------------------
    def deal_number(self, state) -> int:
        return state.deal_index + 1

    def deal_scores(self, state, number: int) -> list:
        """Each seat's tricks minus duty in deal `number` (finished; a minimum deal: the
        limit minus the tricks)."""
        return list(state.sheet["rows"][number - 1]["points"])

    # ---- for the conformance harness -------------------------------------------------
    def card_zones(self, state):
        zones = self.trick_zones(state)
        zones["talon"] = list(state.talon)
        return zones

    def self_check(self, state):
        sheet = state.sheet
        for column in range(SEATS):
            assert sheet["totals"][column] == sum(r["points"][column] for r in sheet["rows"])
        for row in sheet["rows"]:
            cells = row["cells"]
            assert sorted(c["duty"] for c in cells) == [3, 5, 8]
            assert sum(c["tricks"] for c in cells) == HAND_SIZE
            if row["contract"] == MINIMUM:
                assert row["points"] == [MINIMUM_LIMITS[c["duty"]] - c["tricks"] for c in cells]
            else:
                assert row["points"] == [c["tricks"] - c["duty"] for c in cells]
            assert row["points"] == [c["deviation"] for c in cells]
            assert sum(row["points"]) == 0
        assert sum(sheet["totals"]) == 0
        if state.over:
            totals = sheet["totals"]
            last = sheet["rows"][-1]["cells"]
            if state.options["sweep"] and max(c["tricks"] for c in last) >= SWEEP:
                assert state.winners == [[c["tricks"] for c in last].index(max(c["tricks"] for c in last))]
                return
            assert state.winners == [totals.index(max(totals))]
            assert max(totals) >= TARGET or (state.options["end"] == "deals" and len(sheet["rows"]) >= FIXED_DEALS)
            assert totals.count(max(totals)) == 1
            return
        assert state.winners is None
        assert len(state.talon) + len(state.hands[state.eight]) == TALON_SIZE + HAND_SIZE - len(state.history) - (
            any(p["seat"] == state.eight for p in state.trick))
        assert state.duties == duties_for(state.dealer, self.direction(state))
        played = len(state.history)
        counts = sorted(len(h) for h in state.hands)
        assert sum(state.tricks_won) == played
        if state.phase != "play":
            assert played == 0 and not state.trick
            extra = len(state.swapped_in) - len(state.swapped_out)
            assert extra in (0, 1) and [len(h) for h in state.hands] == [
                HAND_SIZE + (extra if s == state.eight else 0) for s in range(SEATS)]
        else:
            assert counts[-1] == HAND_SIZE - played and counts[0] >= HAND_SIZE - played - 1
        assert len(state.swapped_out) <= len(state.swapped_in) <= TALON_SIZE
        assert not set(state.swapped_in) & set(state.swapped_out)
