"""Zevaka (Russian «Зевака» / «Зеваки»): a children's stock-and-pile shedding game. A card
goes on a top card one step lower (suits ignored, ranks cyclic); the last player with cards loses.

Seed: shared/seeds/004_d6d2d88f1d4bfd74.txt. Implements RULES.md section 5, Z1-Z17:
Z1 deck 36 (6-A) or 52 (2-A), "auto" = 36 for 2-3 players, 52 for 4+; Z2 cyclic ranks, A -> 6 / 2;
Z3 targets are the common pile and opponents' open top cards; Z4 a drawn card that fits must be
placed (the player picks the target), one that fits nowhere goes on the own pile by itself; Z5 the
turn goes on after a placement (option: one draw per turn); Z6 own top cards may be moved, again
and again, before each draw; Z7 drawing while such a move existed is «Прозевал!» (counted per seat,
announced in the view; the lost chance is the only penalty); Z8 own pile is only the fallback;
Z9 the stock's end flips every open pile face down; Z10 an empty personal pile is flipped again;
Z11 phase-2 targets include the common pile; Z12 one-card rule (phase 2, option); Z13 out only in
phase 2; Z14 the last player with cards is the loser, the others ranked by going out; Z15 random
first player, then clockwise; Z16 deadlock guard (most cards loses, or a draw); Z17 ties at
placement are the player's choice.
Options beyond the decisions: aces wild (an ace goes on any card and counts as the rank above
it; K wraps to the lowest), hints (the view lists the possible own-pile moves).
Deviations, said plainly: Z16 has a second limit RULES.md lacks: no card reached the common
pile and no one went out while every remaining player drew six times their card count (cards
passed back and forth between players can otherwise go on forever). A one-card player's skipped
turn counts as a pass for Z16. Players left with no cards at the Z9 flip go out together, in turn
order from the player to act. RULES.md 5.5 variants not offered: ace wrap off, the «прозевал»
penalty, «дома». See docs/rules/zevaka.md.
"""

from ..engine import cards as C
from ..engine import chance
from ..engine.game import Game
from ..engine.i18n import N_, _, capitalized, join_or, translate
from ..engine.options import Option

RANKS_36 = "6789TJQKA"
RANKS_52 = "23456789TJQKA"
COMMON = "common"
GUARD_PASSES = 2  # Z16: each remaining player goes through their whole pile twice
STALE_PASSES = 6  # Z16, second limit: no card reached the common pile and no one went out


def ranks_for(deck_size: int) -> str:
    return RANKS_36 if deck_size == 36 else RANKS_52


def cycle(ranks: str, aces_wild: bool) -> str:
    """The succession of ranks: with aces wild the ace is a joker and K wraps to the lowest."""
    return ranks.replace("A", "") if aces_wild else ranks


def acts_as(pile: list, ranks: str, aces_wild: bool = False):
    """The rank the top card of `pile` counts as: its own, except that a wild ace counts as the
    rank one step above the card under it (None: a lone ace, on which anything goes)."""
    if not pile:
        return None
    aces = 0
    for card in reversed(pile):
        if card[0] == "A" and aces_wild:
            aces += 1
            continue
        order = cycle(ranks, aces_wild)
        return order[(order.index(card[0]) + aces) % len(order)]
    return None


def fits(card: str, pile: list, ranks: str, aces_wild: bool = False) -> bool:
    """Z2: `card` goes on the top card of `pile` iff its rank is the next one, cyclically
    (A -> lowest). Aces wild: an ace goes on any card, and on an ace goes the card after the
    rank the ace counts as (anything on a lone ace)."""
    if not pile:
        return False
    if not aces_wild:
        return ranks.index(card[0]) == (ranks.index(pile[-1][0]) + 1) % len(ranks)
    if card[0] == "A":
        return True
    under = acts_as(pile, ranks, True)
    if under is None:
        return True
    order = cycle(ranks, True)
    return order.index(card[0]) == (order.index(under) + 1) % len(order)


# "It goes on an eight": a rank with its article (where a language has one).
RANKS_WITH_ARTICLE = {
    "2": N_("a two"), "3": N_("a three"), "4": N_("a four"), "5": N_("a five"), "6": N_("a six"),
    "7": N_("a seven"), "8": N_("an eight"), "9": N_("a nine"), "T": N_("a ten"), "J": N_("a jack"),
    "Q": N_("a queen"), "K": N_("a king"), "A": N_("an ace"),
}


class ZevakaGame(Game):
    id = "zevaka"
    title = N_("Zevaka (Зевака)")
    better_score = None  # the cards left: who loses is the whole result
    min_players, max_players, default_players = 2, 6, 3
    options_schema = (
        Option("deck", N_("Deck"), (("auto", N_("Auto: 36 cards for 2–3 players, 52 for 4+")),
                                    (36, N_("36 cards (6 to ace)")), (52, N_("52 cards (2 to ace)"))), "auto"),
        Option("one_draw", N_("One draw per turn"), ((False, N_("No: after a placement you draw again")),
                                                     (True, N_("Yes: the turn ends after one draw"))), False),
        Option("aces_wild", N_("Aces wild (an ace goes on any card, any card on an ace)"),
               ((False, N_("No")), (True, N_("Yes"))), False),
        Option("one_card_rule", N_("One-card rule (a last card waits until it fits)"),
               ((True, N_("On")), (False, N_("Off"))), True),
        Option("hints", N_("Hints (show the moves you could make)"), ((False, N_("Off (strict)")), (True, N_("On"))),
               False),
        Option("deadlock", N_("If the game is stuck"), (("loser", N_("Most cards loses")),
                                                        ("draw", N_("A draw"))), "loser"),
    )

    # ---- set-up -------------------------------------------------------------------
    def deck_size(self, state) -> int:
        size = state.options["deck"]
        if size == "auto":
            return 36 if state.players <= 3 else 52
        return size

    def full_deck(self, state):
        return C.deck_36() if self.deck_size(state) == 36 else C.deck_52()

    def setup(self, state):
        n = state.players
        state.ranks = ranks_for(self.deck_size(state))
        first = chance.choice(state, "first", list(range(n)))  # Z15
        deck = chance.shuffled(state, self.full_deck(state), state.stacked_deck)
        state.stacked_deck = None
        state.common = [deck[0]]  # the stock's top card, turned up
        state.stock = deck[1:]  # in drawing order
        state.open = [[] for _ in range(n)]  # face-up own piles, bottom..top
        state.down = [[] for _ in range(n)]  # face-down personal piles (phase 2), drawing order
        state.pending = None  # the drawn card waiting to be placed
        state.phase = "stock"
        state.out = []  # seats in the order they went out
        state.loser = None
        state.end = None  # "last" | "deadlock" | "draw" | "empty"
        state.missed = [0] * n
        state.last_missed = None
        state.idle = [0] * n  # Z16: draws (or skips) since the last card went to another pile
        state.stale = [0] * n  # Z16: draws (or skips) since a card last reached the common pile or a player went out
        state.events = []
        state.turn = first
        state.events.append({"type": "start", "seat": first, "card": deck[0]})

    # ---- helpers --------------------------------------------------------------------
    def total(self, state, seat) -> int:
        return len(state.open[seat]) + len(state.down[seat]) + (1 if state.pending and seat == state.turn else 0)

    def top(self, state, seat):
        pile = state.open[seat]
        return pile[-1] if pile else None

    def targets(self, state, card, seat) -> list:
        """Z3/Z11: where `card` of `seat` may go: the common pile, opponents' open top cards."""
        ranks, wild = state.ranks, state.options["aces_wild"]
        found = [COMMON] if fits(card, state.common, ranks, wild) else []
        n = state.players
        for k in range(1, n):
            other = (seat + k) % n
            if other not in state.out and fits(card, state.open[other], ranks, wild):
                found.append(other)
        return found

    def one_card(self, state, seat) -> bool:
        """Z12: phase 2, the option on, exactly one card in both piles."""
        return (state.phase == "piles" and state.options["one_card_rule"]
                and len(state.open[seat]) + len(state.down[seat]) == 1)

    def move_actions(self, state, seat) -> list[dict]:
        top = self.top(state, seat)
        if top is None:
            return []
        return [{"type": "move", "target": t} for t in self.targets(state, top, seat)]

    # ---- actions ------------------------------------------------------------------------
    def legal(self, state):
        seat = state.turn
        if state.pending is not None:
            return [{"type": "place", "target": t} for t in self.targets(state, state.pending, seat)]
        moves = self.move_actions(state, seat)
        if self.one_card(state, seat):
            return moves  # never empty: a stuck one-card player is skipped (Z12)
        return moves + [{"type": "draw"}]

    def perform(self, state, action):
        state.events = []
        seat = state.turn
        kind = action["type"]
        if kind == "move":  # Z6
            card = state.open[seat].pop()
            self.put(state, seat, card, action["target"], "move")
            self.after_card_left(state, seat)
        elif kind == "draw":
            self.draw(state, seat)
        else:  # place (Z4)
            card, state.pending = state.pending, None
            self.put(state, seat, card, action["target"], "place")
            self.after_drawn_card(state, seat, kept=False)

    def put(self, state, seat, card, target, how):
        if target == COMMON:
            state.common.append(card)
            state.stale = [0] * state.players
        else:
            state.open[target].append(card)
        state.idle = [0] * state.players  # Z16: a card went elsewhere
        state.events.append({"type": how, "seat": seat, "card": card, "target": target})

    def draw(self, state, seat):
        moves = self.move_actions(state, seat)
        if moves:  # Z7: touching the stock while a move existed
            state.missed[seat] += 1
            state.last_missed = {"seat": seat, "card": self.top(state, seat),
                                 "targets": [m["target"] for m in moves], "move": len(state.actions)}
            state.events.append(dict(state.last_missed, type="missed"))
        if state.phase == "stock":
            card = state.stock.pop(0)
            source = "stock"
        else:
            if not state.down[seat]:  # Z10: flip the open pile again
                state.down[seat], state.open[seat] = state.open[seat], []
                state.events.append({"type": "flip", "seats": [seat]})
            card = state.down[seat].pop(0)
            state.idle[seat] += 1
            state.stale[seat] += 1
            source = "pile"
        state.events.append({"type": "draw", "seat": seat, "card": card, "from": source})
        if self.targets(state, card, seat):
            state.pending = card  # Z4: must be placed, the player picks where (Z17)
            return
        state.open[seat].append(card)  # Z8: fits nowhere, so on the own pile
        state.events.append({"type": "keep", "seat": seat, "card": card})
        self.after_drawn_card(state, seat, kept=True)

    def after_drawn_card(self, state, seat, kept):
        if state.phase == "stock" and not state.stock:
            self.flip_all(state)
            if state.over:
                return
        if state.phase == "piles" and self.total(state, seat) == 0:
            if seat not in state.out:  # (the Z9 flip may have put them out already)
                self.go_out(state, seat)
                if state.over:
                    return
            self.next_turn(state, seat)
            return
        if kept or state.options["one_draw"]:  # Z5
            self.face_up_single(state, seat)
            self.end_turn(state, seat)
        else:
            self.continue_turn(state, seat)

    def after_card_left(self, state, seat):
        """A move of the own top card: out (phase 2, Z13) or the turn goes on."""
        if state.phase == "piles" and self.total(state, seat) == 0:
            self.go_out(state, seat)
            if not state.over:
                self.next_turn(state, seat)
            return
        self.continue_turn(state, seat)

    def continue_turn(self, state, seat):
        self.face_up_single(state, seat)
        if self.one_card(state, seat) and not self.move_actions(state, seat):
            self.skip(state, seat)  # Z12: the last card waits
            self.end_turn(state, seat)

    def flip_all(self, state):
        """Z9: the stock is used up: every open pile turns face down, bottom card on top."""
        state.phase = "piles"
        for s in range(state.players):
            state.down[s], state.open[s] = state.open[s], []
        state.idle = [0] * state.players
        state.stale = [0] * state.players
        state.events.append({"type": "flip", "seats": list(range(state.players))})
        n = state.players
        empty = [(state.turn + k) % n for k in range(n) if self.total(state, (state.turn + k) % n) == 0]
        for s in empty:  # Z13: empty-handed players are out, in turn order from the player to act
            self.go_out(state, s, check_end=False)
        self.check_end(state)
        if state.over:
            return
        for s in range(n):
            self.face_up_single(state, s)

    def face_up_single(self, state, seat):
        """Z12: a player's single card is kept face up as their top card."""
        if self.one_card(state, seat) and state.down[seat]:
            state.open[seat], state.down[seat] = state.down[seat], []
            state.events.append({"type": "face_up", "seat": seat, "card": state.open[seat][-1]})

    def go_out(self, state, seat, check_end=True):
        state.out.append(seat)
        state.stale = [0] * state.players
        state.events.append({"type": "out", "seat": seat, "place": len(state.out)})
        if check_end:
            self.check_end(state)

    def check_end(self, state):
        holders = [s for s in range(state.players) if s not in state.out]
        if len(holders) == 1:  # Z14
            self.finish(state, "last", holders[0])
        elif not holders:  # every card reached the common pile at the flip
            self.finish(state, "empty", None)

    def end_turn(self, state, seat):
        if self.stuck(state):
            return
        self.next_turn(state, seat)

    def next_turn(self, state, seat):
        n = state.players
        while True:
            seat = (seat + 1) % n
            if seat in state.out:
                continue
            state.turn = seat
            self.face_up_single(state, seat)
            if self.one_card(state, seat) and not self.move_actions(state, seat):
                self.skip(state, seat)  # Z12
                if self.stuck(state):
                    return
                continue
            state.events.append({"type": "turn", "seat": seat})
            return

    def skip(self, state, seat):
        """Z12: a one-card player's turn ends (or is skipped); Z16 counts it as a pass."""
        state.events.append({"type": "skip", "seat": seat})
        state.idle[seat] += 1
        state.stale[seat] += 1

    def stuck(self, state) -> bool:
        """Z16: (a) no card went to another pile while every remaining player went through
        their whole pile twice, or (b) no card reached the common pile and no one went out
        while they went through it six times. The most cards loses; equal counts: the next
        to move (or a draw, by option)."""
        if state.phase != "piles":
            return False
        holders = [s for s in range(state.players) if s not in state.out]
        if any(state.idle[s] < GUARD_PASSES * self.total(state, s) for s in holders) and any(
                state.stale[s] < STALE_PASSES * self.total(state, s) for s in holders):
            return False
        n = state.players
        order = [(state.turn + k) % n for k in range(1, n + 1)]
        order = [s for s in order if s in holders]
        most = max(self.total(state, s) for s in holders)
        loser = next(s for s in order if self.total(state, s) == most)
        if state.options["deadlock"] == "draw":
            self.finish(state, "draw", None)
        else:
            self.finish(state, "deadlock", loser)
        return True

    def finish(self, state, reason, loser):
        state.over, state.turn, state.phase = True, None, "over"
        state.end, state.loser = reason, loser
        state.pending = None
        state.winners = [s for s in range(state.players) if s != loser]
        state.events.append({"type": "end", "reason": reason, "loser": loser})

    def ranking(self, state) -> list[int]:
        """Z14: out order first; still holding (a deadlock): fewer cards first, then by seat; the loser last."""
        if not state.over:
            return list(state.out)
        rest = [s for s in range(state.players) if s not in state.out and s != state.loser]
        rest.sort(key=lambda s: self.total(state, s))
        return list(state.out) + rest + ([state.loser] if state.loser is not None else [])

    # ---- messages -----------------------------------------------------------------------
    def explain_illegal(self, state, action):
        kind = action.get("type")
        seat = state.turn
        target = action.get("target")
        if kind not in ("move", "draw", "place"):
            return _('In Zevaka you move your top card ("move"), draw ("draw") or place the drawn card ("place").')
        if state.pending is not None:
            where = self.where(self.targets(state, state.pending, seat))
            if kind != "place":
                return _("You drew {card}: it fits, so you must place it first ({where}).",
                         card=C.card_name(state.pending), where=where)
            return capitalized(_("{card} does not go there; it fits {where}.", card=C.card_name(state.pending),
                                 where=where))
        if kind == "place":
            return _("You have no drawn card to place: move your top card or draw.")
        if self.one_card(state, seat):
            if kind == "draw":
                return _("You have one card left: you cannot draw; play it where it fits.")
        if kind == "draw":
            return _("You cannot draw now.")
        top = self.top(state, seat)
        if top is None:
            return _("You have no open card to move.")
        if target == seat:
            return _("Your own pile is not a target: move your top card to the common pile or an opponent.")
        if target != COMMON and not (isinstance(target, int) and not isinstance(target, bool)
                                     and 0 <= target < state.players):
            return _('The target is "common" or an opponent\'s seat number.')
        pile = state.common if target == COMMON else state.open[target]
        if not pile:
            return _("Seat {seat} has no open card to put yours on.", seat=target)
        wild = state.options["aces_wild"]
        order = cycle(state.ranks, wild)
        needed = translate(RANKS_WITH_ARTICLE[order[(order.index(top[0]) - 1) % len(order)]])
        on = C.rank_name(pile[-1][0])
        if wild and pile[-1][0] == "A":
            on = _("{rank} (counting as {other})", rank=on,
                   other=translate(RANKS_WITH_ARTICLE[acts_as(pile, state.ranks, True)]))
        return _("Your {rank} does not fit on the {on}: it goes on {needed}, one step lower.",
                 rank=C.rank_name(top[0]), on=on, needed=needed)

    def where(self, targets) -> str:
        words = [_("on the common pile") if t == COMMON else _("on seat {seat}'s pile", seat=t) for t in targets]
        return join_or(words) if words else _("nowhere")

    # ---- views ------------------------------------------------------------------------------
    def game_view(self, state, seat):
        n = state.players
        wild = state.options["aces_wild"]
        events = [dict(e, seats=list(e["seats"])) if "seats" in e else
                  (dict(e, targets=list(e["targets"])) if "targets" in e else dict(e)) for e in state.events]
        hints = None
        if state.options["hints"]:
            hints = (self.move_actions(state, seat)
                     if not state.over and state.turn == seat and state.pending is None else [])
        return {
            "phase": state.phase,
            "scores": [self.total(state, s) for s in range(n)],
            "deal": {"number": self.deal_number(state), "count": 1},  # the whole game is one deal
            "deck": self.deck_size(state),
            "ranks": state.ranks,
            "cycle": cycle(state.ranks, wild),
            "stock_count": len(state.stock),
            "common": {"top": state.common[-1], "count": len(state.common),
                       "acts_as": acts_as(state.common, state.ranks, wild)},
            "piles": [
                {"top": self.top(state, s), "acts_as": acts_as(state.open[s], state.ranks, wild),
                 "open": len(state.open[s]), "down": len(state.down[s]),
                 "cards": self.total(state, s), "out": s in state.out, "missed": state.missed[s]}
                for s in range(n)
            ],
            "pending": None if state.pending is None else {"seat": state.turn, "card": state.pending},
            "missed": list(state.missed),
            "last_missed": dict(state.last_missed, targets=list(state.last_missed["targets"]))
            if state.last_missed else None,
            "events": events,
            "last_event": dict(events[-1]) if events else None,
            "hints": hints,
            "ranking": self.ranking(state),
            "loser": state.loser,
            "end": state.end,
            "sheet": {"rows": [{"end": state.end, "loser": state.loser, "ranking": self.ranking(state),
                                "cards": [self.total(state, s) for s in range(n)], "missed": list(state.missed)}]
                      if state.over else []},
            "guard": {"idle": list(state.idle), "stale": list(state.stale),
                      "idle_needed": [GUARD_PASSES * self.total(state, s) for s in range(n)],
                      "stale_needed": [STALE_PASSES * self.total(state, s) for s in range(n)]}
            if state.phase == "piles" else None,
        }

    # ---- deals ----------------------------------------------------------------------------
    def deal_number(self, state) -> int:
        return 1  # the whole game is one deal

    def deal_scores(self, state, number: int) -> list:
        """Each seat's result of the game (finished): 1 for a seat that is not the loser, 0 for
        the loser, 0.5 each in a drawn game (Z16)."""
        if state.end == "draw":
            return [0.5] * state.players
        return [0.0 if s == state.loser else 1.0 for s in range(state.players)]

    # ---- for the conformance harness --------------------------------------------------------
    def card_zones(self, state):
        zones = {"stock": list(state.stock), "common": list(state.common),
                 "pending": [state.pending] if state.pending else []}
        for s in range(state.players):
            zones[f"open{s}"] = list(state.open[s])
            zones[f"down{s}"] = list(state.down[s])
        return zones

    def self_check(self, state):
        n = state.players
        for s in state.out:
            assert not state.open[s] and not state.down[s], "an out player holds cards"
        assert len(set(state.out)) == len(state.out)
        if state.phase == "stock":
            assert not any(state.down) and not state.out and (state.stock or state.pending)
        else:
            assert not state.stock
        if state.over:
            assert state.turn is None and state.pending is None
            assert sorted(self.ranking(state)) == list(range(n))
            holders = [s for s in range(n) if s not in state.out]
            if state.end == "last":
                assert holders == [state.loser]
            assert state.winners == [s for s in range(n) if s != state.loser]
        else:
            assert state.turn not in state.out
            assert len(state.out) <= n - 2
            if state.pending is not None:
                assert self.targets(state, state.pending, state.turn), "a pending card that fits nowhere"
            if self.one_card(state, state.turn) and state.pending is None:
                assert state.open[state.turn] and self.move_actions(state, state.turn)
        for s in range(n):
            if state.options["one_card_rule"] and state.phase == "piles" and not state.over:
                if len(state.open[s]) + len(state.down[s]) == 1 and not (s == state.turn and state.pending):
                    assert state.open[s], "Z12: a single card lies face up"
