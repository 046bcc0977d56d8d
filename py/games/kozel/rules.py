"""Kozel (Козёл, the 4-card "yard" Burkozel): two teams of partners opposite, 36 cards,
lead 1-4 cards of one suit, beat them card for card or pass as many face down; 61 wins.

Seed: shared/seeds/000_ca53be0d00c3a3e1.txt. Implements RULES.md section 1, K1-K22:
K1 36 cards, rank 6 7 8 9 J Q K 10 A, points J2 Q3 K4 10=10 A11 (120); K2 the first lead
left of the dealer, later deals the last trick's winner; K3 the deal rotates clockwise;
K4 the trump card is a random stock card (not the top or bottom one) shown and left in
place (option: turned up and put under the stock, drawn last); K5 refill one card each
clockwise from the trick winner; K6 leads of 1..hand size cards of one suit; K7 replies of
as many cards; K8 a beat is a one-to-one matching (every pairing is tried); K9 the
target is the current winning set; K10 a reply is a full beat or a pass; K11 beating is
optional; K12 partners may beat each other; K13 the last beater takes every card;
K14 passes face down to everyone (the passer still sees its own), card points hidden until
the deal ends (option: shown); K15-K18 molodka; K19 no bonus; K20 2/4/6 defeat points,
60:60 "eggs" 0 (option: the next deal's doubled); K21 the party ends at 12 (option 16, 8, 6); K22 "goat with eggs".

Molodka, and one deviation said plainly. K16 asks for an interrupt window before every
action of a trick. With one seat to act, a window is a question put to a holder, and
`to_act` is public: the table would learn who holds four cards of a suit, which silence
never tells in the real game. Every seat that can hold a molodka has not played to the
trick yet, so its own turn comes before the trick completes, and turns run clockwise from
the leader, which is K17's priority order. So by default (`molodka: own_turn`) a holder
calls it as one of its actions in its own turn ({"type": "molodka", "cards": hand}), once
cards are on the table: they go back to their owners and the caller leads all four.
The leader's molodka is simply a 4-card lead, and it counts as the trick's molodka (K17:
the leader has priority). At most one per trick (K18). Option `molodka: interrupt` is K16
to the letter: before each action, holders other than the seat about to act are asked in
priority order ({"type": "molodka", ...} or {"type": "decline"}), then the normal player;
it tells the table who holds one. Option `off`: no molodka (a 4-card lead is a lead).
K23: 2 or 3 players play the individual mode of Burkozel (bkozel.igrafan.ru; the
Bura-Burkozel app's scoring): each for themselves, the same 36 cards, 4 in hand, the
stock of 28 or 24 cards. Two players score as the two teams do (K20, eggs included).
Three players: the highest card-point total gives nothing (shared, all of them), every
other player scores 2 with 31 or more, 4 with at least one trick, 6 with none. Whoever
reaches the limit is the goat (two at once: the higher total); the fewest defeat points win.
"""

from itertools import combinations, product

from ..engine import cards as C
from ..engine import chance
from ..engine.game import Game
from ..engine.i18n import N_, _, ngettext
from ..engine.options import Option
from ..engine.scoresheet import add_row, new_sheet
from ..engine.tricks import deal_round_robin, next_seat, not_held

RANK_ORDER = "6789JQKTA"  # K1: 6 low ... 10 below the ace
STRENGTH = C.strength_table(RANK_ORDER)
POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
HAND = 4
TEAMS = [[0, 2], [1, 3]]


def card_points(cards) -> int:
    return sum(POINTS[C.rank(c)] for c in cards)


def beats(card: str, other: str, trump: str) -> bool:
    """K8: same suit and higher, or a trump against a non-trump."""
    if C.suit(card) == C.suit(other):
        return STRENGTH[C.rank(card)] > STRENGTH[C.rank(other)]
    return C.suit(card) == trump


def beats_set(reply, target, trump: str) -> bool:
    """K8: the reply can be paired one-to-one with the target so that each card beats
    its partner (every permutation is tried: at most 4! = 24; a greedy pairing fails)."""
    if len(reply) != len(target):
        return False
    if len(reply) == 1:
        return beats(reply[0], target[0], trump)
    # For each reply card, the target cards it beats; then every pairing is tried.
    options = [[i for i, t in enumerate(target) if beats(r, t, trump)] for r in reply]
    if not all(options):
        return False
    return any(len(set(pairing)) == len(target) for pairing in product(*options))


def defeat_points(loser_points: int, loser_tricks: int) -> int:
    """K20: what the losing team (under 61) scores."""
    if loser_tricks == 0:
        return 6
    return 4 if loser_points <= 30 else 2


def deal_result(points: list[int], tricks: list[int], multiplier: int = 1) -> list[int]:
    """Defeat points of both teams for one deal (K20); 60:60 gives nothing."""
    if points[0] == points[1]:
        return [0, 0]
    loser = 0 if points[0] < points[1] else 1
    result = [0, 0]
    result[loser] = defeat_points(points[loser], tricks[loser]) * multiplier
    return result


def team_of(seat: int) -> int:
    return seat % 2


def sides_for(players: int) -> list[list[int]]:
    """The scoring sides: two teams of partners opposite with 4 players, else one per seat (K23)."""
    return [list(t) for t in TEAMS] if players == 4 else [[s] for s in range(players)]


def individual_result(points: list[int], tricks: list[int]) -> list[int]:
    """K23, three players: the top card-point total (shared: all of them) scores nothing;
    the others 2 with 31 or more, 4 with at least one trick, 6 with none."""
    best = max(points)
    return [0 if p == best else (6 if t == 0 else 2 if p >= 31 else 4) for p, t in zip(points, tricks)]


class Kozel(Game):
    id = "kozel"
    title = N_("Kozel (Козёл)")
    better_score = "lower"  # defeat points: the goat is the side that reaches the limit
    min_players, max_players, default_players = 2, 4, 4
    options_schema = (
        Option("limit", N_("The party ends at (defeat points)"),
               ((12, "12"), (16, "16"), (8, "8"), (6, "6")), 12),
        Option("passes", N_("Passed cards"), (("face_down", N_("Face down: no one sees them")),
                                              ("face_up", N_("Face up"))), "face_down"),
        Option("trump_card", N_("Trump card"),
               (("middle", N_("A random card of the stock, shown and left in place")),
                ("bottom", N_("Turned up, put under the stock, drawn last"))), "middle"),
        Option("eggs", N_("Eggs (60:60)"), (("no_effect", N_("No effect")),
                                             ("double_next", N_("Next deal's defeat points doubled"))), "no_effect"),
        Option("show_points", N_("Show the card points during a deal"), ((False, N_("No")), (True, N_("Yes"))), False),
        Option("molodka", N_("Molodka (4 cards of one suit)"),
               (("own_turn", N_("Called in the holder's turn, before the trick completes")),
                ("interrupt", N_("Interrupt window before every action (asks holders: the table sees who)")),
                ("off", N_("Off"))), "own_turn"),
    )

    # ---- set-up and deals ---------------------------------------------------------
    def full_deck(self, state):
        return C.deck_36()

    def setup(self, state):
        state.deal_number = 0
        state.multiplier = 1
        state.eggs_seen = False
        state.goat = None
        state.last_trick = None
        state.sides = sides_for(state.players)  # K23
        state.sheet = new_sheet(len(state.sides))
        state.dealer = chance.choice(state, "dealer", list(range(state.players)))
        self.start_deal(state, next_seat(state.dealer, state.players))  # K2

    def start_deal(self, state, leader: int):
        state.deal_number += 1
        if state.deal_number > 1:
            state.dealer = next_seat(state.dealer, state.players)  # K3
        deck = chance.shuffled(state, self.full_deck(state), state.stacked_deck)
        state.stacked_deck = None  # only the first deal is stacked
        n = state.players
        state.hands, stock = deal_round_robin(deck, n, next_seat(state.dealer, n), HAND)
        if state.options["trump_card"] == "middle":  # K4: shown, left in its place
            position = chance.choice(state, "trump_position", list(range(1, len(stock) - 1)))
            state.trump_card = stock[position]
        else:  # Bura style: the first stock card, turned up under the stock
            state.trump_card = stock[0]
            stock = stock[1:] + stock[:1]
        state.stock = stock
        state.trump = C.suit(state.trump_card)
        state.trump_drawn_by = None
        state.piles = [[] for _ in state.sides]
        state.team_tricks = [0] * len(state.sides)
        state.history = []
        self.start_trick(state, leader)

    def start_trick(self, state, leader: int):
        state.trick = []  # plays: {"seat", "kind": "lead" | "beat" | "pass", "cards"}
        state.leader = leader  # who led the cards now on the table
        state.origin = leader  # who was to lead first (K17 priority)
        state.molodka = None  # the seat that called this trick's molodka
        state.cancelled = []  # plays taken back by the molodka
        state.declined = []  # seats that declined the current interrupt window
        self.offer(state, leader)

    # ---- molodka -------------------------------------------------------------------
    def holds_molodka(self, state, seat: int) -> bool:
        """K15: four cards of one suit in hand, none called yet this trick (K18)."""
        hand = state.hands[seat]
        return (state.options["molodka"] != "off" and state.molodka is None and len(hand) == HAND
                and len({C.suit(c) for c in hand}) == 1)

    def offer(self, state, actor: int):
        """Give the turn to `actor`, the next normal player; with the interrupt option,
        holders are asked first, in priority order (K16, K17). A holder about to act has
        priority over every other holder (they all sit after it), so it is not preceded."""
        state.pending = actor
        if state.options["molodka"] == "interrupt" and not self.holds_molodka(state, actor):
            seat = actor
            for _other in range(state.players - 1):
                seat = next_seat(seat, state.players)
                if seat not in state.declined and self.holds_molodka(state, seat):
                    state.phase, state.turn = "molodka", seat
                    return
        state.phase, state.turn = "play", actor

    def call_molodka(self, state, seat: int):
        """K16: the table cards go back to their owners; the caller leads all four."""
        for play in state.trick:
            state.hands[play["seat"]].extend(play["cards"])
        state.cancelled = state.trick
        state.trick = [{"seat": seat, "kind": "lead", "cards": sorted(state.hands[seat])}]
        state.hands[seat] = []
        state.leader = state.molodka = seat
        state.declined = []
        self.offer(state, next_seat(seat, state.players))

    # ---- actions ------------------------------------------------------------------
    def target(self, state) -> dict | None:
        """K9: the current winning set: the last beat, else the lead."""
        for play in reversed(state.trick):
            if play["kind"] != "pass":
                return play
        return None

    def legal(self, state):
        seat = state.turn
        hand = sorted(state.hands[seat])
        if state.phase == "molodka":
            return [{"type": "molodka", "cards": hand}, {"type": "decline"}]
        if not state.trick:  # K6: 1..hand size cards of one suit
            actions = []
            for suit in C.SUITS:
                same = [c for c in hand if C.suit(c) == suit]
                for size in range(1, len(same) + 1):
                    actions += [{"type": "play", "cards": list(combo)} for combo in combinations(same, size)]
            return actions
        target = self.target(state)["cards"]
        sets = [list(combo) for combo in combinations(hand, len(target))]  # K7
        actions = [{"type": "play", "cards": s} for s in sets if beats_set(s, target, state.trump)]  # K8, K9
        actions += [{"type": "pass", "cards": s} for s in sets]  # K10, K11
        if self.holds_molodka(state, seat):
            actions.append({"type": "molodka", "cards": hand})
        return actions

    def perform(self, state, action):
        seat, kind = state.turn, action["type"]
        if kind == "decline":
            state.declined = state.declined + [seat]
            self.offer(state, state.pending)
            return
        if kind == "molodka":
            self.call_molodka(state, seat)
            return
        cards = action["cards"]
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
        if not state.trick:
            play_kind = "lead"
            if len(cards) == HAND and state.options["molodka"] != "off":
                state.molodka = seat  # K17: the leader's molodka is its 4-card lead
        else:
            play_kind = "beat" if kind == "play" else "pass"
        state.trick.append({"seat": seat, "kind": play_kind, "cards": list(cards)})
        state.declined = []  # K16: a new window opens before the next action
        if len(state.trick) < state.players:
            self.offer(state, next_seat(seat, state.players))
        else:
            self.complete_trick(state)

    def complete_trick(self, state):
        winner = self.target(state)["seat"]  # K13: the last beater, else the leader
        taken = [c for p in state.trick for c in p["cards"]]
        team = self.side_of(state, winner)
        state.piles[team] = state.piles[team] + taken
        state.team_tricks[team] += 1
        trick = {"deal": state.deal_number, "leader": state.leader, "origin": state.origin,
                 "plays": state.trick, "cancelled": state.cancelled, "molodka": state.molodka,
                 "winner": winner}
        state.history.append(trick)
        state.last_trick = trick
        self.refill(state, winner)
        if any(state.hands):
            self.start_trick(state, winner)
        else:
            self.end_deal(state, winner)

    def refill(self, state, first: int):
        """K5: one card each, clockwise from the trick winner, until 4 or no stock."""
        seat = first
        while state.stock and any(len(h) < HAND for h in state.hands):
            if len(state.hands[seat]) < HAND:
                card = state.stock.pop(0)
                if card == state.trump_card:
                    state.trump_drawn_by = seat  # public: everyone saw where it went
                state.hands[seat].append(card)
            seat = next_seat(seat, state.players)

    def sides(self, state):
        return [list(side) for side in state.sides]

    def side_of(self, state, seat: int) -> int:
        """The scoring side of `seat`: its team with 4 players, itself with 2 or 3 (K23)."""
        return seat % len(state.sides)

    def end_deal(self, state, last_winner: int):
        points = [card_points(p) for p in state.piles]
        eggs = points == [60, 60]
        multiplier = state.multiplier
        if len(points) == 2:
            result = deal_result(points, state.team_tricks, multiplier)
        else:
            result = individual_result(points, state.team_tricks)
        row = {"deal": state.deal_number, "dealer": state.dealer, "trump": state.trump,
               "trump_card": state.trump_card, "card_points": points, "tricks": list(state.team_tricks),
               "eggs": eggs, "multiplier": multiplier}
        add_row(state.sheet, row, result)
        if eggs:
            state.eggs_seen = True  # K22
            if state.options["eggs"] == "double_next":
                state.multiplier = multiplier * 2
        else:
            state.multiplier = 1
        totals = state.sheet["totals"]
        losers = [t for t in range(len(totals)) if totals[t] >= state.options["limit"]]  # K21
        if losers:
            state.goat = max(losers, key=lambda t: (totals[t], -t))  # K23: two at once, the higher
            state.trick, state.cancelled, state.declined = [], [], []  # it lies in the piles now
            state.over, state.turn, state.phase = True, None, "over"
            fewest = min(totals)
            state.winners = [s for t, side in enumerate(state.sides) if totals[t] == fewest for s in side]
            return
        self.next_deal(state, last_winner)  # K2: the last trick's winner leads

    def next_deal(self, state, leader):
        self.close_deal(state)
        self.start_deal(state, leader)

    def explain_illegal(self, state, action):
        kind = action.get("type")
        seat = state.turn
        hand = state.hands[seat]
        if state.phase == "molodka":
            return _("Call your molodka now, or decline and let play go on.")
        if kind == "decline":
            return _("There is nothing to decline: it is your turn to play.")
        cards = action.get("cards")
        if kind not in ("play", "pass", "molodka") or cards is None:
            return _('Play cards ({"type": "play", "cards": [...]}) or pass them ({"type": "pass", ...}).')
        for card in cards:
            if card not in hand:
                return not_held(card)
        if len(set(cards)) != len(cards):
            return _("Each card can be played only once.")
        if kind == "molodka":
            if state.options["molodka"] == "off":
                return _("Molodka is off in this party.")
            if not state.trick:
                return _("You lead: to use your molodka, simply lead all four cards.")
            if state.molodka is not None:
                return _("A molodka has already been called in this trick: only one per trick.")
            return _("A molodka is four cards of one suit in your hand, and you must call it with all four.")
        if not state.trick:
            if kind == "pass":
                return _("You lead this trick: you cannot pass.")
            if not cards:
                return _("Lead at least one card.")
            if len({C.suit(c) for c in cards}) > 1:
                return _("A lead must be cards of one suit.")
            return _("You may not lead those cards.")
        count = len(self.target(state)["cards"])
        if len(cards) != count:
            return ngettext("Answer with exactly {n} card, as many as were led.",
                            "Answer with exactly {n} cards, as many as were led.", count)
        if kind == "pass":
            return _("You may not pass those cards.")
        return _("Those cards do not beat the winning cards on the table: each card must beat one of them "
                 "(higher in the same suit, or a trump against a non-trump). You may pass them instead.")

    # ---- views ----------------------------------------------------------------------
    def shown_play(self, state, play, seat):
        """A play as `seat` sees it: face-down passes are backs (null), except one's own."""
        out = {"seat": play["seat"], "kind": play["kind"], "cards": list(play["cards"])}
        if play["kind"] == "pass":
            face_down = state.options["passes"] == "face_down"
            out["face_down"] = face_down
            if face_down and play["seat"] != seat:
                out["cards"] = [None] * len(play["cards"])
        return out

    def shown_trick(self, state, trick, seat):
        return dict(trick, plays=[self.shown_play(state, p, seat) for p in trick["plays"]],
                    cancelled=[self.shown_play(state, p, seat) for p in trick["cancelled"]])

    def game_view(self, state, seat):
        over = state.over
        target = self.target(state) if not over else None
        depth = state.stock.index(state.trump_card) if state.trump_card in state.stock else None
        view = {
            "phase": "over" if over else state.phase,
            "scores": list(state.sheet["totals"]),
            "deal": {"number": state.deal_number, "dealer": state.dealer, "trump": state.trump,
                     "trump_card": state.trump_card, "trump_card_depth": depth,
                     "trump_card_drawn_by": state.trump_drawn_by},
            "stock_count": len(state.stock),
            "hand": C.sort_for_display(state.hands[seat], STRENGTH, state.trump),
            "hand_counts": [len(h) for h in state.hands],
            "trick": {
                "leader": state.leader, "origin": state.origin, "molodka": state.molodka,
                "winning": target["seat"] if target else None,
                "plays": [self.shown_play(state, p, seat) for p in state.trick],
                "cancelled": [self.shown_play(state, p, seat) for p in state.cancelled],
            },
            "window": {"before": state.pending} if state.phase == "molodka" and not over else None,
            "history": [self.shown_trick(state, t, seat) for t in state.history],
            "last_trick": self.shown_trick(state, state.last_trick, seat) if state.last_trick else None,
            "side_tricks": list(state.team_tricks),
            "card_points": [card_points(p) for p in state.piles] if state.options["show_points"] else None,
            "multiplier": state.multiplier,
            "eggs_seen": state.eggs_seen,
            "limit": state.options["limit"],
            "goat": ({"side": state.goat, "seats": list(state.sides[state.goat]), "eggs": state.eggs_seen}
                     if state.goat is not None else None),
            "sheet": {"rows": [dict(r, card_points=list(r["card_points"]), tricks=list(r["tricks"]),
                                    points=list(r["points"]), totals=list(r["totals"]))
                               for r in state.sheet["rows"]]},
        }
        return view

    # ---- deals ----------------------------------------------------------------------------
    def deal_number(self, state) -> int:
        return state.deal_number

    def deal_scores(self, state, number: int) -> list:
        """Each seat's defeat points given minus taken in deal `number` (finished): with two
        sides what one side takes the other gives; with three, against the others' mean."""
        defeat = state.sheet["rows"][number - 1]["points"]
        sides = len(defeat)
        return [sum(defeat) / (sides - 1) - defeat[s % sides] * sides / (sides - 1) for s in range(state.players)]

    # ---- for the conformance harness -------------------------------------------------
    def card_zones(self, state):
        zones = {f"hand{seat}": list(hand) for seat, hand in enumerate(state.hands)}
        zones["stock"] = list(state.stock)
        zones["trick"] = [c for p in state.trick for c in p["cards"]]
        for index, pile in enumerate(state.piles):
            zones[f"pile{index}"] = list(pile)
        return zones

    def self_check(self, state):
        sheet = state.sheet
        sides = len(state.sides)
        for team in range(sides):
            assert sheet["totals"][team] == sum(r["points"][team] for r in sheet["rows"])
        for row in sheet["rows"]:
            assert sum(row["card_points"]) == 120
            if sides == 2:
                assert row["points"] == deal_result(row["card_points"], row["tricks"], row["multiplier"])
            else:
                assert row["points"] == individual_result(row["card_points"], row["tricks"])
            assert row["eggs"] == (row["card_points"] == [60, 60])
        limit = state.options["limit"]
        if state.over:
            totals = sheet["totals"]
            assert totals[state.goat] == max(totals) >= limit
            assert state.winners == [s for t, side in enumerate(state.sides) if totals[t] == min(totals) for s in side]
            return
        assert max(sheet["totals"]) < limit
        assert len(state.stock) % state.players == 0
        played = {p["seat"]: len(p["cards"]) for p in state.trick}
        sizes = {len(h) + played.get(s, 0) for s, h in enumerate(state.hands)}
        assert len(sizes) == 1 and 0 < sizes.pop() <= HAND, "hands are equal at the start of a trick (K5)"
        assert sum(state.team_tricks) == len(state.history)
        if state.trick:
            count = len(state.trick[0]["cards"])
            assert all(len(p["cards"]) == count for p in state.trick)
            assert len({C.suit(c) for c in state.trick[0]["cards"]}) == 1
        if state.trump_card in state.stock:
            assert state.trump_drawn_by is None
