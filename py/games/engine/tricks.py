"""The one trick-taking core: dealing, following suit, trumps, trick winners, leaders.

A game built on `TrickGame` keeps these attributes on its state:
hands (list per seat), trick (plays of the current trick: {"seat", "card"}),
leader, tricks_won (per seat, this deal), history (completed tricks of this deal),
last_trick (the most recent completed trick of the match), trump (suit or None).
Games change behaviour through the small hooks (suit_of, strength, follow_rules,
lead_allowed, on_trick_complete), never by copying the loop.
"""

from dataclasses import dataclass

from . import cards as C
from .errors import IllegalAction
from .i18n import _
from .game import Game

STANDARD_STRENGTH = C.strength_table(C.RANKS)  # 2 low ... A high


@dataclass(frozen=True)
class FollowRules:
    """How a player must answer a lead (all off: follow suit, else any card)."""

    must_trump: bool = False  # void in the led suit: play a trump if you hold one
    must_overtrump: bool = False  # a trump is on the trick: beat it if you can (else any card)
    must_head_trumps: bool = False  # trumps led: beat the highest trump so far if you can
    must_head_suits: bool = False  # a plain suit led and not trumped: beat its highest card so far if you can


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    return (seat + direction) % players


def deal_round_robin(deck: list[str], players: int, first_seat: int, per_hand: int, direction: int = 1):
    """One card at a time from `first_seat` around the table; the rest is the stock."""
    hands = [[] for _ in range(players)]
    seat = first_seat
    for card in deck[: per_hand * players]:
        hands[seat].append(card)
        seat = next_seat(seat, players, direction)
    return hands, list(deck[per_hand * players:])


class _CardMemo(dict):
    """card -> a hook's answer, computed on first use; after that a lookup in C."""

    def __init__(self, compute):
        super().__init__()
        self.compute = compute

    def __missing__(self, card):
        value = self[card] = self.compute(card)
        return value


class TrickGame(Game):
    follow = FollowRules()
    claims = False  # a player on lead may claim the rest of the deal's tricks (Oh Hell, Spades, 8-5-3)

    def __init__(self):
        # suit_of and strength read the card only: memoized, as the search calls them millions of
        # times (a Python call each was an eighth of a playout's time).
        for hook in ("suit_of", "strength"):
            setattr(self, hook, _CardMemo(getattr(type(self), hook).__get__(self)).__getitem__)

    # ---- hooks ------------------------------------------------------------------
    def suit_of(self, card: str) -> str:
        return C.suit(card)

    def strength(self, card: str) -> int:
        return STANDARD_STRENGTH[C.rank(card)]

    def follow_rules(self, state) -> FollowRules:
        return self.follow

    def direction(self, state) -> int:
        return 1

    def lead_allowed(self, state, hand: list[str]) -> list[str]:
        """Cards that may open a trick (all, unless a game restricts leads)."""
        return list(hand)

    def on_trick_complete(self, state, trick: dict) -> None:
        """Called after a trick is taken; the winner already leads the next one."""

    # ---- the core -----------------------------------------------------------------
    def start_tricks(self, state, leader: int) -> None:
        state.trick = []
        state.leader = leader
        state.tricks_won = [0] * state.players
        state.history = []
        state.turn = leader

    def trick_winner(self, plays: list[dict], trump: str | None) -> int:
        best = plays[0]
        for play in plays[1:]:
            card, top = play["card"], best["card"]
            same_suit = self.suit_of(card) == self.suit_of(top)
            if (same_suit and self.strength(card) > self.strength(top)) or (
                trump is not None and self.suit_of(card) == trump and self.suit_of(top) != trump
            ):
                best = play
        return best["seat"]

    def playable_cards(self, state, seat: int) -> list[str]:
        hand = state.hands[seat]
        if not state.trick:
            return self.lead_allowed(state, hand)
        rules = self.follow_rules(state)
        trump = state.trump
        suit_of, strength = self.suit_of, self.strength
        led = suit_of(state.trick[0]["card"])
        trumps_on_trick = [strength(p["card"]) for p in state.trick if suit_of(p["card"]) == trump]
        same = [c for c in hand if suit_of(c) == led]
        if same:
            if rules.must_head_trumps and led == trump:
                higher = [c for c in same if strength(c) > max(trumps_on_trick)]
                return higher or same
            if rules.must_head_suits and led != trump and not trumps_on_trick:
                top = max(strength(p["card"]) for p in state.trick if suit_of(p["card"]) == led)
                return [c for c in same if strength(c) > top] or same
            return same
        trumps = [c for c in hand if trump is not None and suit_of(c) == trump]
        if rules.must_trump and trumps:
            if rules.must_overtrump and trumps_on_trick:
                higher = [c for c in trumps if strength(c) > max(trumps_on_trick)]
                return higher or list(hand)
            return trumps
        return list(hand)

    def play_actions(self, state) -> list[dict]:
        return [{"type": "play", "cards": [c]} for c in self.playable_cards(state, state.turn)]

    def explain_play(self, state, action: dict) -> str:
        cards = action.get("cards") or []
        if len(cards) != 1:
            return _("Play exactly one card.")
        card = cards[0]
        hand = state.hands[state.turn]
        if card not in hand:
            return not_held(card)
        if not state.trick:
            return _("You may not lead that card now.")
        led = self.suit_of(state.trick[0]["card"])
        if any(self.suit_of(c) == led for c in hand):
            if self.suit_of(card) == led:
                return _("Trumps were led: you must beat the highest trump on the trick.")
            return must_follow(led)
        if self.suit_of(card) == state.trump:
            return _("You must beat the highest trump on the trick, since you can.")
        return must_trump(led, state.trump)

    def play_card(self, state, card: str) -> None:
        seat = state.turn
        state.hands[seat].remove(card)
        state.trick.append({"seat": seat, "card": card})
        if len(state.trick) < state.players:
            state.turn = next_seat(seat, state.players, self.direction(state))
            return
        winner = self.trick_winner(state.trick, state.trump)
        trick = {"leader": state.leader, "plays": state.trick, "winner": winner}
        state.tricks_won[winner] += 1
        state.history.append(trick)
        state.last_trick = trick
        state.trick = []
        state.leader = winner
        state.turn = winner
        self.on_trick_complete(state, trick)

    def trick_view(self, state) -> dict:
        return {
            "trick": {"leader": state.leader, "plays": _copy_plays(state.trick)},
            "history": [dict(t, plays=_copy_plays(t["plays"])) for t in state.history],
            "last_trick": (
                dict(state.last_trick, plays=_copy_plays(state.last_trick["plays"])) if state.last_trick else None
            ),
            "tricks_won": list(state.tricks_won),
            "hand_counts": [len(h) for h in state.hands],
        }

    def view(self, state, seat: int) -> dict:
        view = super().view(state, seat)
        if self.claims:
            view["can_claim"] = self.to_act(state) == seat and self.claim_plan(state, seat) is not None
        return view

    # ---- claiming the rest -------------------------------------------------------------
    def claim_plan(self, state, seat: int) -> list[str] | None:
        """The order in which `seat`, on lead, can lead its cards to take every remaining
        trick of the deal however the unseen cards lie, or None. Read from what `seat` sees
        only (its hand, the cards played, the hand sizes), so offering a claim gives nothing
        away: every card must top each unseen card of its suit, and while any trump is
        unseen, its trumps go first and must outnumber what one other hand may hold."""
        hand = state.hands[seat]
        if state.over or state.turn != seat or state.trick or len(hand) < 2:  # one card: just play it
            return None
        if any(a["type"] != "play" for a in self.legal(state)):
            return None
        suit_of, strength, trump = self.suit_of, self.strength, state.trump
        seen = set(hand) | {p["card"] for t in state.history for p in t["plays"]}
        unseen = [c for c in self.full_deck(state) if c not in seen]
        top_unseen: dict[str, int] = {}
        for card in unseen:
            top_unseen[suit_of(card)] = max(top_unseen.get(suit_of(card), -1), strength(card))
        if any(strength(c) < top_unseen.get(suit_of(c), -1) for c in hand):
            return None
        by_strength = sorted(hand, key=strength, reverse=True)
        trumps = [c for c in by_strength if trump is not None and suit_of(c) == trump]
        side = [c for c in by_strength if c not in trumps]
        unseen_trumps = sum(1 for c in unseen if trump is not None and suit_of(c) == trump)
        if unseen_trumps and side:
            most_one_hand = max(min(len(h), unseen_trumps) for s, h in enumerate(state.hands) if s != seat)
            if len(trumps) < most_one_hand:
                return None
            plan = trumps + side
        else:  # nobody else can ruff: side suits first (a trump may not be led yet, Spades S8)
            plan = side + trumps
        return plan if plan[0] in self.lead_allowed(state, hand) else None

    def claim(self, state, seat: int):
        """The state after `seat` claims: the rest of the deal played out, `seat` leading by
        its plan and the others playing their lowest legal card (which cannot change the
        result). Raises IllegalAction, changing nothing, when the claim is not sure."""
        plan = self.claim_plan(state, seat) if self.claims else None
        if plan is None:
            raise IllegalAction(_("You cannot claim now: claim on your lead, when every remaining trick "
                                  "is sure to be yours."))
        while plan or state.trick:
            if state.turn == seat:
                action = {"type": "play", "cards": [plan.pop(0)]}
            else:
                playable = self.playable_cards(state, state.turn)
                low = min(playable, key=lambda c: (self.suit_of(c) == state.trump, self.strength(c)))
                action = {"type": "play", "cards": [low]}
            state = self.apply(state, action)
            if not state.trick and state.last_trick["winner"] != seat:
                raise AssertionError(f"a claim by seat {seat} lost a trick")  # a bug in claim_plan
        return state

    # ---- what play has shown (the bots' samplers probe it, engine/ai/sampling.py) ---------------------------------
    def rewind_for_probe(self, probe, earlier_cards: list[str]) -> None:
        """Set the flags `playable_cards` reads to how they stood before `earlier_cards`
        of this deal were played (Spades: broken spades). The default has none."""

    def trick_zones(self, state) -> dict[str, list[str]]:
        zones = {f"hand{seat}": list(hand) for seat, hand in enumerate(state.hands)}
        zones["trick"] = [p["card"] for p in state.trick]
        zones["taken"] = [p["card"] for t in state.history for p in t["plays"]]
        return zones




def _copy_plays(plays):
    return [dict(p) for p in plays]


def not_held(card) -> str:
    return _("You do not hold {card}.", card=C.card_name(card))


def must_follow(led: str) -> str:
    return _("You must follow suit: {suit} were led and you hold {suit}.", suit=C.suit_name(led))


def must_trump(led: str, trump: str) -> str:
    return _("You have no {suit}, so you must play a trump ({trump}).", suit=C.suit_name(led),
             trump=C.suit_name(trump))


def require(condition: bool, message: str) -> None:
    if not condition:
        raise IllegalAction(message)
