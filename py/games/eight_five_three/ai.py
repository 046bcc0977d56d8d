"""8-5-3's computer players: the search plays the cards, naming trump is a flat Monte Carlo over
the contracts on shared samples, gives and talon swaps use a hand evaluation; the playout
policy, the reward, the levels. The rules of thumb are baseline.py; the sampler sampler.py."""

from ..engine import cards as C
from ..engine.ai import endgame, search
from ..engine.ai.player import Decision
from ..engine.ai.tricks import TrickAI
from . import baseline, sampler
from .baseline import (_RANK, _SUIT, _by_suit, _s, _unseen, choose, declare_value, duck_card, hand_value,
                       keep_value, minimum_action, minimum_talon, plain_if_polish, should_pass)
from .rules import HAND_SIZE, MINIMUM, MINIMUM_LIMITS, SEATS


class EightFiveThreeAI(TrickAI):
    # Normal and hard: the search plays the cards; naming trump is a flat Monte Carlo
    # over the contracts on shared samples; gives and talon swaps use a hand evaluation.
    # Hard's playouts play the last 3 tricks exactly ("endgame": 3, engine/ai/endgame.py).
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 25, "time_ms": 500, "error": 0.12, "declare_worlds": 12},
        "hard": {"iterations": 400, "time_ms": 900, "error": 0.0, "declare_worlds": 40, "endgame": 3},
    }

    def baseline(self, view, rng):
        return baseline.choose(view, rng)

    def determinize(self, state, seat, rng):
        return sampler.determinize(self.rules, state, seat, rng)

    def search_reward(self, world, root):
        """Tricks minus duty this deal (-8 to +13), scaled to [0, 1]: the match is a race
        to +21 and a surplus also earns pulls next deal."""
        points = world.sheet["rows"][root.deal_index]["points"]
        return [(p + 8) / 21 for p in points]

    def playout_action(self, world, rng, endgame=None):
        phase = world.phase
        if phase == "play":
            seat = world.turn
            if endgame is not None and len(world.hands[seat]) <= endgame.cards:
                return {"type": "play", "cards": [endgame.card(world)]}
            step = self.rules.direction(world)
            later = [(seat + step) % SEATS, (seat + 2 * step) % SEATS][: SEATS - 1 - len(world.trick)]
            if world.contract == MINIMUM:
                return {"type": "play", "cards": [duck_card(world.hands[seat], world.trick, rng)]}
            card = playout_card(world.hands, world.trick, world.trump, seat, later, rng,
                                head_all=world.options["head"] == "all")
            return {"type": "play", "cards": [card]}
        if phase == "exchange":
            pull = world.queue[world.pull_index]
            giver_hand = plain_if_polish(world.hands[pull["giver"]], world.trump, world.options)
            card = best_give(giver_hand, world.hands[pull["receiver"]], world.trump)
            return {"type": "give", "cards": [card]} if card else {"type": "stop"}
        if phase == "talon" and world.contract == MINIMUM:
            talon = [c for c in world.talon if c not in world.swapped_out]
            return minimum_talon(world.hands[world.eight], talon, world.swapped_in, world.options["talon"] == "all")
        if phase == "talon":
            hand = world.hands[world.eight]
            trump = world.trump
            own = [c for c in hand if c not in world.swapped_in]
            if len(hand) > HAND_SIZE:
                return {"type": "discard", "cards": [min(own, key=lambda c: keep_value(c, hand, trump))]}
            talon = [c for c in world.talon if c not in world.swapped_out]
            take = max(talon, key=lambda c: keep_value(c, hand, trump), default=None)
            if take is not None and own and (world.options["talon"] == "all" or keep_value(take, hand, trump)
                                             > min(keep_value(c, hand, trump) for c in own)):
                return {"type": "take", "cards": [take]}
            return {"type": "done"}
        # declare (only when a search starts before trump is named)
        options = self.rules.contracts(world)
        hand = world.hands[world.eight]
        suit = max(options, key=lambda s: declare_value(hand, s))
        return {"type": "trump", "suit": suit}

    def solve_endgame(self, world):
        """Each seat's tricks minus duty (a minimum deal: its limit minus its tricks) and the
        cards to the end of the deal, under max^n play. The ceiling (every trick left taken;
        a minimum deal: none) and the fast `playable` / `trick_winner` give the rules' answer
        sooner (hard's median decision was over 300 ms in Pyodide)."""
        duties, won = world.duties, world.tricks_won
        if world.contract == MINIMUM:
            limits = [MINIMUM_LIMITS[d] for d in duties]
            points = lambda tricks: [limit - t for limit, t in zip(limits, tricks)]  # noqa: E731
            ceiling = points(won)  # no more tricks
        else:
            points = lambda tricks: [t - d for t, d in zip(tricks, duties)]  # noqa: E731
            left = (sum(len(hand) for hand in world.hands) + len(world.trick)) // SEATS
            ceiling = points([t + left for t in won])  # every trick left
        head_all = world.options["head"] == "all"
        hands, trump = world.hands, world.trump
        return endgame.solve_lines(
            hands, [(p["seat"], p["card"]) for p in world.trick], won, world.turn, SEATS,
            lambda seat, trick: list(playable(hands[seat], [card for _, card in trick], trump, head_all)),
            lambda trick: trick_winner(trick, trump), points, ceiling, self.rules.direction(world))

    def decide(self, state, seat, view, settings, rng, budget_ms, sample):
        """The search plays the cards; trump is named by flat Monte Carlo over the contracts;
        gives and talon swaps by a hand evaluation; a hopeless hand passes (the redeal option)."""
        if not settings["iterations"] or state.phase == "play":
            return super().decide(state, seat, view, settings, rng, budget_ms, sample)
        if state.phase == "declare" and should_pass(view):
            return Decision({"type": "pass"}, may_slip=False)  # deliberate, never a slip
        if state.phase == "declare" and {"type": "peek"} not in view["legal"] and settings["declare_worlds"]:
            contracts = [{"type": "trump", "suit": c} for c in self.rules.contracts(state)]
            result = search.flat(self, state, seat, contracts, settings["declare_worlds"], rng,
                                 time_ms=self.budget(settings, budget_ms).time_ms, sample=sample)
            return Decision(result.action, result)
        return Decision(phase_action(view, rng))

# ---- the search's heuristics -----------------------------------------------------------
def playable(hand, played, trump, head_all=False):
    """G8's legal cards, fast: follow suit (beat the top trump when trumps are led; with
    `head_all` beat the top card of any suit led while no trump is on the trick), else
    trump, overtrumping a trump on the trick if able, else any card. `played`: the trick's
    cards in order."""
    if not played:
        return hand
    led = _SUIT[played[0]]
    top = -1
    if trump is not None:
        for c in played:
            if _SUIT[c] == trump and _RANK[c] > top:
                top = _RANK[c]
    same = [c for c in hand if _SUIT[c] == led]
    if same:
        if led == trump:
            return [c for c in same if _RANK[c] > top] or same
        if head_all and top < 0:
            high = max(_RANK[c] for c in played if _SUIT[c] == led)
            return [c for c in same if _RANK[c] > high] or same
        return same
    if trump is None:
        return hand
    trumps = [c for c in hand if _SUIT[c] == trump]
    if not trumps:
        return hand
    if top >= 0:
        return [c for c in trumps if _RANK[c] > top] or hand
    return trumps


def trick_winner(plays, trump):
    """The rules' `trick_winner` on (seat, card) pairs, fast (the exact endgame asks it
    millions of times)."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if _beats(card, best, trump):
            best_seat, best = seat, card
    return best_seat


def _power(card, trump):
    return _RANK[card] + (13 if _SUIT[card] == trump else 0)


def _beats(card, best, trump):
    if _SUIT[card] == _SUIT[best]:
        return _RANK[card] > _RANK[best]
    return _SUIT[card] == trump


def _tops(hand):
    """suit -> the highest rank held in it (suits held only)."""
    tops = {}
    for c in hand:
        s, r = _SUIT[c], _RANK[c]
        if tops.get(s, -1) < r:
            tops[s] = r
    return tops


def _can_beat(tops, best, trump, led):
    """Whether a player with `tops` (see `_tops`), answering a trick led in `led` whose
    winning card is `best`, could beat it (G8 makes them trump and overtrump when void)."""
    if led in tops:
        return _SUIT[best] == led and tops[led] > _RANK[best]
    if trump is None or trump not in tops:
        return False
    return _SUIT[best] != trump or tops[trump] > _RANK[best]


def playout_card(hands, trick, trump, seat, later, rng, noise=0.1, head_all=False):
    """A double-dummy greedy card for `seat` (every hand visible in a sampled world):
    win the trick as cheaply as the players still to come allow, else shed the lowest
    card; lead a card no one can beat, else a low card of the longest plain suit."""
    cards = playable(hands[seat], [p["card"] for p in trick], trump, head_all)
    if len(cards) == 1:
        return cards[0]
    if rng.random() < noise:
        return cards[rng.randrange(len(cards))]
    tops = [_tops(hands[o]) for o in later]
    if not trick:
        sure = [c for c in cards if not any(_can_beat(t, c, trump, _SUIT[c]) for t in tops)]
        if sure:
            trumps_out = trump is not None and any(trump in t for t in tops)
            drawing = [c for c in sure if _SUIT[c] == trump] if trumps_out else []
            return max(drawing or sure, key=lambda c: _power(c, trump))
        counts = {}
        for c in cards:
            s = _SUIT[c]
            counts[s] = counts.get(s, 0) + 1
        plain = [c for c in cards if _SUIT[c] != trump] or cards
        return min(plain, key=lambda c: (-counts[_SUIT[c]], _RANK[c]))
    led = _SUIT[trick[0]["card"]]
    best = trick[0]["card"]
    for p in trick[1:]:
        if _beats(p["card"], best, trump):
            best = p["card"]
    winners = sorted((c for c in cards if _beats(c, best, trump)), key=lambda c: _power(c, trump))
    for c in winners:
        if not any(_can_beat(t, c, trump, led) for t in tops):
            return c
    return min(cards, key=lambda c: (_SUIT[c] == trump, _RANK[c]))


def best_give(hand, receiver_hand, trump):
    """The card to pass in an exchange, seeing the receiver's hand (a sampled world):
    the lowest card of the suit whose return gains most, or None (stop)."""
    best, gain = None, 0
    mine = _by_suit(hand)
    theirs = _by_suit(receiver_hand)
    for s in C.SUITS:
        if not mine[s] or not theirs[s]:
            continue
        low, top = mine[s][-1], theirs[s][0]
        g = _s(top) - _s(low) + (6 if s == trump else 0)
        if _s(top) > _s(low) and g > gain:
            best, gain = low, g
    return best


def expected_give(hand, unseen, trump):
    """The card to pass, from the giver's view: the lowest card of the suit in which the
    receiver most likely holds high cards (many unseen higher cards), trumps first."""
    suits = _by_suit(hand)
    best, best_score = None, 0.0
    for s, cards in suits.items():
        if not cards:
            continue
        low = cards[-1]
        higher = [c for c in unseen if C.suit(c) == s and _s(c) > _s(low)]
        if not higher:
            continue
        # The receiver's best in the suit is likely among the top unseen cards.
        top = max(_s(c) for c in higher)
        score = len(higher) * 0.5 + top - _s(low) + (8 if s == trump else 0)
        if score > best_score:
            best, best_score = low, score
    return best


def swap_plan(hand, talon, taken, trump):
    """G7: the best (take, discard) pair by `hand_value`, or None when no swap helps.
    A card taken from the talon may not be put back."""
    base = hand_value(hand, trump)
    best, best_gain = None, 0.05
    own = [c for c in hand if c not in taken]
    for t in talon:
        with_t = hand + [t]
        for d in own:
            rest = [c for c in with_t if c != d]
            gain = hand_value(rest, trump) - base
            if gain > best_gain:
                best, best_gain = (t, d), gain
    return best


def best_discard(hand, taken, trump):
    """The own card whose loss costs least (the hand holds one talon card too many)."""
    own = [c for c in hand if c not in taken]
    return max(own, key=lambda d: hand_value([c for c in hand if c != d], trump))


def phase_action(view, rng):
    """The normal and hard levels outside trick play (and where the search does not decide)."""
    legal = view["legal"]
    phase = view["phase"]
    trump = view["deal"]["trump"]
    hand = view["hand"]
    if view["deal"]["contract"] == "MIN" and phase in ("talon", "play"):
        return minimum_action(view, rng)
    if phase == "exchange":
        card = expected_give(plain_if_polish(hand, trump, view["options"]), _unseen(view), trump)
        return {"type": "give", "cards": [card]} if card else {"type": "stop"}
    if phase == "talon":
        taken = view["taken"] or []
        if legal[0]["type"] == "discard":
            return {"type": "discard", "cards": [best_discard(hand, taken, trump)]}
        talon = [a["cards"][0] for a in legal if a["type"] == "take"]
        plan = swap_plan(hand, talon, taken, trump)
        if plan is None and {"type": "done"} in legal:
            return {"type": "done"}
        if plan is None:  # must swap all 4: take the best card
            return max((a for a in legal if a["type"] == "take"),
                       key=lambda a: hand_value(hand + a["cards"], trump))
        return {"type": "take", "cards": [plan[0]]}
    return choose(view, rng)


AI = EightFiveThreeAI
