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

from .engine import cards as C
from .engine import chance
from .engine.i18n import N_, _, capitalized
from .engine.options import Option
from .engine.sampling import deal_constrained
from .engine.scoresheet import add_row, new_sheet
from .engine.tricks import FollowRules, TrickGame, deal_round_robin, must_follow, must_trump, next_seat, not_held

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
_STRENGTH = {r: i for i, r in enumerate(C.RANKS)}


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
    same = sorted((c for c in hand if C.suit(c) == suit), key=lambda c: _STRENGTH[C.rank(c)])
    if polish and suit == trump:
        return next((c for c in same if c != passed), passed)
    if rule == "standard" or _STRENGTH[C.rank(same[-1])] > _STRENGTH[C.rank(passed)]:
        return same[-1]
    return same[0]


def is_four_four_four_four(hand: list[str]) -> bool:
    """G6: exactly four cards of each suit."""
    return len(hand) == HAND_SIZE and all(sum(C.suit(c) == s for c in hand) == 4 for s in C.SUITS)


class EightFiveThree(TrickGame):
    id = "eight_five_three"
    bot_module = "games.eight_five_three_bot"
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
            hand = C.sort_for_display(state.hands[state.turn], _STRENGTH, state.trump)
            return [{"type": "give", "cards": [c]} for c in hand] + [{"type": "stop"}]
        if phase == "talon":  # G7: take a talon card, then discard a dealt card; repeat
            hand = state.hands[state.eight]
            if len(hand) > HAND_SIZE:
                return [{"type": "discard", "cards": [c]}
                        for c in C.sort_for_display(hand, _STRENGTH, state.trump) if c not in state.swapped_in]
            talon = [c for c in C.sort_for_display(state.talon, _STRENGTH, state.trump) if c not in state.swapped_out]
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
        elif self.search_stops_here(state):
            state.deal_index, state.turn = state.deal_index + 1, None
        else:
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
                  key=lambda c: _STRENGTH[C.rank(c)], default=None)
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
            "hand": C.sort_for_display(state.hands[seat], _STRENGTH, state.trump),
            "talon": (C.sort_for_display(state.talon, _STRENGTH, state.trump)
                      if is_eight and state.talon_seen else None),
            "talon_count": len(state.talon),
            "peeked": state.peeked,
            "swaps": len(state.swapped_in),
            "taken": list(state.swapped_in) if is_eight else None,
            "discarded": list(state.swapped_out) if is_eight else None,
            "named": [list(n) for n in state.named],
            "pass_used": list(state.pass_used),
            "exchange": {
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

    # ---- for the conformance harness -------------------------------------------------
    def card_zones(self, state):
        zones = self.trick_zones(state)
        zones["talon"] = list(state.talon)
        return zones

    # ---- for the search bot ---------------------------------------------------------
    def knowledge(self, state, seat):
        """What `seat` knows of the cards it cannot see, as slots for `deal_constrained`:
        ([(holder, count, excluded), ...], pool). Holders are the other seats and the
        talon (unless `seat` is the 8 and has seen it). Read from the view's facts only:
        the exchanges it took part in (where its passed card went, what came back, and
        what the return rule (G11) says the receiver did not hold), the plays of this
        deal (G8 voids, no higher trump) and the number of talon swaps. Memoized for the
        state the search is deciding from (it samples that state hundreds of times)."""
        cached = self._knowledge_cache
        if cached is not None and cached[0] is state and cached[1] == seat and cached[2] == len(state.actions):
            return cached[3]
        others = [s for s in range(SEATS) if s != seat]
        talon_hidden = not (seat == state.eight and state.talon_seen)
        holders = others + (["talon"] if talon_hidden else [])
        pool = [c for s in others for c in state.hands[s]] + (list(state.talon) if talon_hidden else [])
        where = {}  # card -> the holders it may be with
        no_hold = {s: set() for s in range(SEATS)}
        rule = state.options["return_rule"]
        polish = state.options["trump_return"] == "lowest"
        for e in state.exchanges:
            g, r, given, back = e["giver"], e["receiver"], e["given"], e["returned"]
            if seat == g:
                where.pop(back, None)
                if given != back:
                    where[given] = {r}
                no_hold[r].discard(given)  # it is there now
                suit, low, high = C.suit(given), _STRENGTH[C.rank(given)], _STRENGTH[C.rank(back)]
                ranks = range(len(C.RANKS))
                if polish and suit == state.trump:  # their lowest other trump, or none at all
                    gone = [i for i in ranks if i != low and (given == back or i < high)]
                elif rule == "standard" or high > low:
                    gone = [i for i in ranks if i > high]  # the return was their highest
                else:
                    gone = [i for i in ranks if i > low or i < high]  # nothing higher; the lowest
                no_hold[r] |= {C.RANKS[i] + suit for i in gone}
            elif seat == r:
                where.pop(given, None)
                if given != back:
                    where[back] = {g}
            else:  # unseen by `seat`: what it placed with either party may have moved
                for card, places in where.items():
                    if places & {g, r}:
                        places |= {g, r}
                no_hold[g], no_hold[r] = set(), set()
        if seat != state.eight and state.swapped_in:  # the 8 may have discarded or taken any card
            for card, places in where.items():
                if state.eight in places:
                    places.add("talon")
            no_hold[state.eight] = set()
        plays = self.play_exclusions(state, pool)
        slots = []
        for h in holders:
            if h == "talon":
                excluded = {c for c, places in where.items() if "talon" not in places}
                slots.append((h, len(state.talon), excluded))
            else:
                excluded = plays[h] | no_hold[h] | {c for c, places in where.items() if h not in places}
                slots.append((h, len(state.hands[h]), excluded))
        result = (slots, sorted(pool))
        self._knowledge_cache = (state, seat, len(state.actions), result)
        return result

    _knowledge_cache = None

    def play_exclusions(self, state, unseen):
        """TrickGame's generic probe, worked out for G8 directly (it is much faster, and a
        test checks that both agree): a discard or a ruff shows a void in the led suit; a
        card that is not a trump played when void without a trump on the trick shows no
        trumps; a card that does not beat the top trump on the trick shows no higher trump
        (trumps led, or void in the led suit)."""
        trump = state.trump
        head_all = state.options["head"] == "all"
        out = [set() for _ in range(SEATS)]
        for plays in [t["plays"] for t in state.history] + [state.trick]:
            for index in range(1, len(plays)):
                seat, card = plays[index]["seat"], plays[index]["card"]
                led = C.suit(plays[0]["card"])
                suit = C.suit(card)
                tops = [_STRENGTH[C.rank(p["card"])] for p in plays[:index] if C.suit(p["card"]) == trump]
                top = max(tops) if tops else -1
                void = suit != led
                if void:
                    out[seat].add(led)
                elif head_all and led != trump and top < 0:  # did not head: nothing higher in the suit
                    high = max(_STRENGTH[C.rank(p["card"])] for p in plays[:index] if C.suit(p["card"]) == led)
                    if _STRENGTH[C.rank(card)] < high:
                        out[seat].add((led, high))
                if trump is None or not (void or led == trump):
                    continue
                if void and suit != trump and top < 0:
                    out[seat].add(trump)  # no trump at all
                elif (suit != trump or _STRENGTH[C.rank(card)] < top) and top >= 0:
                    out[seat].add((trump, top))  # no trump above the top one
        result = []
        for marks in out:
            gone = set()
            for c in unseen:
                s = C.suit(c)
                if s in marks or any(type(m) is tuple and m[0] == s and _STRENGTH[C.rank(c)] > m[1]
                                     for m in marks):
                    gone.add(c)
            result.append(gone)
        return result

    def determinize(self, state, seat, rng):
        """The cards `seat` cannot place dealt again within what it knows (`knowledge`);
        the private records of exchanges and swaps it did not see are scrubbed."""
        slots, pool = self.knowledge(state, seat)
        parts = _deal(pool, [(count, excluded) for _, count, excluded in slots], rng)
        world = state.clone()
        for (holder, _, _), part in zip(slots, parts):
            if holder == "talon":
                world.talon = part
            else:
                world.hands[holder] = part
        if any(h == "talon" for h, _, _ in slots):
            eight = state.eight
            if seat != eight:  # which cards the 8 swapped is private (G7)
                mine = sorted(world.hands[eight] + [p["card"] for t in state.history for p in t["plays"]
                                                    if p["seat"] == eight]
                              + [p["card"] for p in state.trick if p["seat"] == eight])
                world.swapped_in = rng.sample(mine, len(state.swapped_in))
                world.swapped_out = rng.sample(sorted(world.talon), len(state.swapped_out))
                world.swapped_in = [c for c in world.swapped_in if c not in world.swapped_out]
        world.exchanges = [e if seat in (e["giver"], e["receiver"])
                           else {"giver": e["giver"], "receiver": e["receiver"], "given": None, "returned": None}
                           for e in state.exchanges]
        return world

    def deal_index(self, state):
        return state.deal_index

    def search_reward(self, world, root):
        """Tricks minus duty this deal (-8 to +13), scaled to [0, 1]: the match is a race
        to +21 and a surplus also earns pulls next deal."""
        points = world.sheet["rows"][root.deal_index]["points"]
        return [(p + 8) / 21 for p in points]

    def deal_result(self, world, root):
        return list(world.sheet["rows"][root.deal_index]["points"])

    def playout_action(self, world, rng):
        phase = world.phase
        if phase == "play":
            seat = world.turn
            step = self.direction(world)
            later = [(seat + step) % SEATS, (seat + 2 * step) % SEATS][: SEATS - 1 - len(world.trick)]
            if world.contract == MINIMUM:
                return {"type": "play", "cards": [bot.duck_card(world.hands[seat], world.trick, rng)]}
            card = bot.playout_card(world.hands, world.trick, world.trump, seat, later, rng,
                                    head_all=world.options["head"] == "all")
            return {"type": "play", "cards": [card]}
        if phase == "exchange":
            pull = world.queue[world.pull_index]
            giver_hand = bot.plain_if_polish(world.hands[pull["giver"]], world.trump, world.options)
            card = bot.best_give(giver_hand, world.hands[pull["receiver"]], world.trump)
            return {"type": "give", "cards": [card]} if card else {"type": "stop"}
        if phase == "talon" and world.contract == MINIMUM:
            talon = [c for c in world.talon if c not in world.swapped_out]
            return bot.minimum_talon(world.hands[world.eight], talon, world.swapped_in, world.options["talon"] == "all")
        if phase == "talon":
            hand = world.hands[world.eight]
            trump = world.trump
            own = [c for c in hand if c not in world.swapped_in]
            if len(hand) > HAND_SIZE:
                return {"type": "discard", "cards": [min(own, key=lambda c: bot.keep_value(c, hand, trump))]}
            talon = [c for c in world.talon if c not in world.swapped_out]
            take = max(talon, key=lambda c: bot.keep_value(c, hand, trump), default=None)
            if take is not None and own and (world.options["talon"] == "all" or bot.keep_value(take, hand, trump)
                                             > min(bot.keep_value(c, hand, trump) for c in own)):
                return {"type": "take", "cards": [take]}
            return {"type": "done"}
        # declare (only when a search starts before trump is named)
        options = self.contracts(world)
        hand = world.hands[world.eight]
        suit = max(options, key=lambda s: bot.declare_value(hand, s))
        return {"type": "trump", "suit": suit}

    # Normal and hard: the search plays the cards; naming trump is a flat Monte Carlo
    # over the contracts on shared samples; gives and talon swaps use a hand evaluation.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 25, "time_ms": 500, "error": 0.12, "declare_worlds": 12},
        "hard": {"iterations": 400, "time_ms": 900, "error": 0.0, "declare_worlds": 40},
    }

    def bot(self, state, seat, level, rng, budget_ms=None, *, trace=None, sample=None):
        if not self.bot_levels.get(level, {}).get("iterations") or state.phase == "play" or state.over:
            return super().bot(state, seat, level, rng, budget_ms, trace=trace, sample=sample)
        view = self.view(state, seat)
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        settings = self.bot_levels[level]
        slips = self.slips(settings, rng)
        values = None
        if state.phase == "declare" and bot.should_pass(view):
            return {"type": "pass"}  # a deliberate pass (redeal option), never a slip
        if state.phase == "declare" and {"type": "peek"} not in legal and settings["declare_worlds"]:
            time_ms = settings.get("time_ms") if budget_ms is None else budget_ms
            values = self.choose_contract(state, seat, settings["declare_worlds"], time_ms, rng, sample)
            action = values.action
        else:
            action = bot.decide(view, rng)
        return self.slip(state, seat, view, action, values, rng, sample) if slips else action

    def choose_contract(self, state, seat, worlds, time_ms, rng, sample=None):
        """Each contract played out on the same sampled worlds (paired, so the noise of the
        deal cancels); the best mean reward wins. Anytime: stops after `time_ms`. Returns
        the search result (its `stats` rank the contracts for a slip)."""
        import time

        from .engine import search

        sample = sample or self.sample
        started = time.perf_counter()
        contracts = list(self.contracts(state))
        totals = [0.0] * len(contracts)
        horizon = self.search_horizon(state)
        played = 0
        while played < worlds:
            if time_ms is not None and played and (time.perf_counter() - started) * 1000 > time_ms:
                break
            world = sample(state, seat, rng)
            for i, contract in enumerate(contracts):
                w = world.clone()
                self.perform(w, {"type": "trump", "suit": contract})
                while not self.search_done(w, horizon):
                    self.perform(w, self.playout_action(w, rng))
                totals[i] += self.search_reward(w, state)[seat]
            played += 1
        best = max(range(len(contracts)), key=lambda i: totals[i])
        stats = {search.action_key({"type": "trump", "suit": c}): (played, totals[i] / played)
                 for i, c in enumerate(contracts)}
        return search.SearchResult({"type": "trump", "suit": contracts[best]}, played, 0,
                                   (time.perf_counter() - started) * 1000, stats)

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


def _deal(pool, slots, rng):
    """`deal_constrained`, faster where most cards are free: the cards some slot may not
    hold are placed first (fewest choices first, weighted by free space), the free ones
    then fill what is left in shuffled order. A dead end falls back to the engine's
    matching, which always finds a deal when one exists."""
    cards = sorted(pool)
    rng.shuffle(cards)
    free = [count for count, _ in slots]
    everywhere = list(range(len(slots)))
    tied, loose = [], []
    for card in cards:
        allowed = [h for h, (_, excluded) in enumerate(slots) if card not in excluded]
        if len(allowed) == len(slots):
            loose.append(card)
        else:
            tied.append((len(allowed), card, allowed))
    tied.sort(key=lambda t: t[0])  # stable: ties keep the shuffled order
    parts = [[] for _ in everywhere]
    for _, card, allowed in tied:
        open_ = [h for h in allowed if free[h]]
        if not open_:
            return deal_constrained(pool, slots, rng)
        pick = open_[0] if len(open_) == 1 else rng.choices(open_, weights=[free[h] for h in open_])[0]
        parts[pick].append(card)
        free[pick] -= 1
    start = 0
    for h in everywhere:
        parts[h] += loose[start:start + free[h]]
        start += free[h]
    return parts


from . import eight_five_three_bot as bot  # noqa: E402  (the bot module imports engine only)

GAME = EightFiveThree()
new_match = GAME.new_match
to_act = GAME.to_act
legal_actions = GAME.legal_actions
apply = GAME.apply
view = GAME.view
options = GAME.options_schema
