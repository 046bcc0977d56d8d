"""Spades' computer players: bids by counting sure tricks, the two-player draw by flat Monte
Carlo, the play by the search; the playout policy, the reward, the levels. The rules of thumb
are baseline.py; the sampler is sampler.py."""


from ..engine import cards as C
from ..engine.ai import endgame, search
from ..engine.ai.player import Decision
from ..engine.ai.tricks import TrickAI
from ..engine.tricks import next_seat
from . import baseline, playout, sampler
from .baseline import POWER, SUIT, exchange_card, keep_drawn
from .rules import side_score


class SpadesAI(TrickAI):
    # Hard's 800 iterations (and 800 for a bid): 400 → 800 gained +1.18 points a deal against
    # ISMCTS at 3,000 simulations on the same 100 deals, and 200 → 400 +2.3 against itself
    # (docs/benchmarks.md); the fast playout (playout.py) makes 800 cost what 400 did. The
    # 900 ms cap bounds a decision in the browser.
    # Hard bids by the search too: each bid near the count of sure tricks played out on the
    # same sampled hands ("bid_iterations"), and its playouts play the last 2 tricks exactly
    # ("endgame": 2, engine/ai/endgame.py). Measured side by side: docs/benchmarks.md.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 30, "time_ms": 500, "error": 0.06, "draw_worlds": 16},
        "hard": {"iterations": 800, "time_ms": 900, "error": 0.0, "draw_worlds": 50, "bid_iterations": 800,
                 "endgame": 2},
    }
    BID_WINDOW = (2, 1)  # plain bids from 2 below to 1 above the count of sure tricks

    def baseline(self, view, rng):
        return baseline.choose(view, rng)

    def determinize(self, state, seat, rng):
        return sampler.determinize(self.rules, state, seat, rng)

    def search_done(self, world, horizon):
        # Stop when every hand holds one card: the last trick is forced, and scoring it
        # here spares the playouts the scoring.
        return (world.turn is None
                or (world.phase == "play" and not world.trick and len(world.hands[world.turn]) == 1))

    def hand_points(self, world, root, bag_cost: bool):
        """Each side's points for the hand `root` is in, from `world` (the hand finished,
        or stopped before its forced last trick). With `bag_cost` and sandbags on, every
        bag costs its 10 (the 100 per 10 bags spread over the bags that make them)."""
        if len(world.rows) >= root.hand_no:
            row = world.rows[root.hand_no - 1]
            points = list(row["points"])
            bags = [cell["bags"] for cell in row["cells"]]
        else:
            tricks = list(world.tricks_won)
            plays, seat = [], world.leader
            for _ in range(world.players):
                plays.append({"seat": seat, "card": world.hands[seat][0]})
                seat = next_seat(seat, world.players)
            tricks[self.rules.trick_winner(plays, "S")] += 1
            points, bags = [], []
            for index, side in enumerate(world.sides):
                p, b, _ = side_score([world.bids[s] for s in side], [tricks[s] for s in side],
                                     [world.blind[s] or world.double[s] for s in side], world.options,
                                     world.bags[index])
                points.append(p)
                bags.append(b)
        if bag_cost and root.options["sandbags"]:
            points = [p + 100 * ((root.bags[i] + b) // 10) - 10 * b for i, (p, b) in enumerate(zip(points, bags))]
        return points

    def search_reward(self, world, root):
        """A side's points minus the others' mean (cut-throat: what others score hurts),
        scaled to [0, 1]; partners share their side's reward."""
        values = self.hand_points(world, root, bag_cost=True)
        sides = len(values)
        # Tight enough that a trick's 10 points moves the reward by about 0.1 (a looser
        # scale drowns the differences between cards in UCB's exploration); nil and
        # blind nil swings are clipped.
        scale = 8 * root.hand_size
        total = sum(values)
        by_side = [min(1.0, max(0.0, 0.5 + (v - (total - v) / (sides - 1)) / scale)) for v in values]
        return [by_side[self.rules.side_of(root, s)] for s in range(root.players)]

    def playout_action(self, world, rng, endgame=None):
        seat = world.turn
        phase = world.phase
        if phase == "play":
            if endgame is not None and len(world.hands[seat]) <= endgame.cards:
                return {"type": "play", "cards": [endgame.card(world)]}
            hand = world.hands[seat]
            trick = [(play["seat"], play["card"]) for play in world.trick]
            card = playout.policy_card(seat, hand, trick, world.broken, world.bids, world.tricks_won,
                                       next(side for side in world.sides if seat in side), world.options["sandbags"],
                                       playout.first_lead(world.first_card, hand, trick, not world.history), rng)
            return {"type": "play", "cards": [card]}
        if phase == "bid":
            n = bid_for(world.hands[seat], world.players, world.options)
            allowed = self.rules.allowed_bids(world)
            if world.options["nil"] == "off":
                allowed = [b for b in allowed if b > 0] or [0]  # double nil only: bid_for never says 0
            return {"type": "bid", "n": min(allowed, key=lambda b: (abs(b - n), b))}
        if phase == "exchange":
            nil = world.bids[seat] == 0
            return {"type": "give", "cards": [exchange_card(world.hands[seat], nil)]}
        if phase == "blind":
            return {"type": "look"}
        return {"type": "keep" if keep_drawn(world.stock[0], world.hands[seat]) else "discard"}

    def solve_endgame(self, world):
        """Each seat's value and the cards to the end of the hand under max^n play: its side's
        points for the hand (bags at their cost with sandbags on) minus the others' mean, as
        the reward counts them."""
        return endgame.solve(self.rules, world, self.endgame_points(world), trick_done=_break_spades)

    def endgame_points(self, world):
        """`points(tricks_won)` for the endgame solvers: each seat's side's points for the hand
        in `world` minus the others' mean (remembered: a solve reaches the same tricks won by
        many lines)."""
        sides = [[world.bids[s] for s in side] for side in world.sides]
        nils = [[world.blind[s] or world.double[s] for s in side] for side in world.sides]
        side_of = [self.rules.side_of(world, s) for s in range(world.players)]
        options, bags, sandbags = world.options, world.bags, world.options["sandbags"]
        count = len(world.sides)
        seen = {}

        def points(won):
            key = tuple(won)
            if key in seen:
                return seen[key]
            values = []
            for index, side in enumerate(world.sides):
                value, taken, _ = side_score(sides[index], [won[s] for s in side], nils[index], options, bags[index])
                if sandbags:
                    value += 100 * ((bags[index] + taken) // 10) - 10 * taken
                values.append(value)
            total = sum(values)
            relative = [v - (total - v) / (count - 1) for v in values]
            seen[key] = result = [relative[side_of[s]] for s in range(world.players)]
            return result

        return points

    def finish_own_playout(self, world, rng, endgame_cards):
        """`playout.finish` from the trick phase on (the engine's `fast_finish`)."""
        if world.phase != "play" or not all(world.hands):
            return None
        return playout.finish(world, rng, endgame_cards, self.endgame_points(world) if endgame_cards else None)

    def decide(self, state, seat, view, settings, rng, budget_ms, sample):
        """Normal bids by counting sure tricks and hard by the search over the bids near that
        count; both decide the two-player draw by flat Monte Carlo over keep and discard, and
        the nil exchange by the rules of thumb; they search the play."""
        if not settings["iterations"] or state.phase == "play":
            return super().decide(state, seat, view, settings, rng, budget_ms, sample)
        if state.phase == "bid" and settings.get("bid_iterations") and not double_nil_bid(view):
            candidates = self.bid_candidates(view)
            if len(candidates) == 1:
                return Decision(candidates[0])
            result = search.rollouts(self, state, seat, self.budget(settings, budget_ms, "bid_iterations"), rng,
                                     sample=sample, playout=self.playout_for(settings), candidates=candidates)
            return Decision(result.action, result)
        if state.phase in ("bid", "blind"):
            return Decision(bid_decision(view))
        if state.phase == "exchange":
            return Decision(baseline.choose(view, rng))
        result = search.flat(self, state, seat, [{"type": "keep"}, {"type": "discard"}], settings["draw_worlds"], rng,
                             time_ms=self.budget(settings, budget_ms).time_ms, sample=sample)
        return Decision(result.action, result)

    def bid_candidates(self, view) -> list[dict]:
        """The bids the search weighs: plain bids around the count of sure tricks, and nil
        where it is offered and the hand is safe for it."""
        legal = view["legal"]
        hand, players, options = view["hand"], view["players"], view["options"]
        estimate = max(1, bid_for(hand, players, dict(options, nil="off")))
        below, above = self.BID_WINDOW
        plain = [a for a in legal if a["n"] > 0 and -below <= a["n"] - estimate <= above and len(a) == 2]
        if not plain:
            plain = [nearest_bid(legal, estimate)]
        nil = [a for a in legal if a["n"] == 0 and len(a) == 2]
        if nil and nil_safe(hand, players):  # the playouts do not set a nil as people do: nil only where safe
            plain = nil + plain
        return plain

    def bid_slips(self, view, chosen, near):
        """Nobody bids nil by a slip: a bid one off from 1 is 2."""
        return [a for a in near if a["n"] > 0] if chosen["n"] > 0 else near


def _break_spades(world, plays):
    """A spade (or joker) in a finished trick of (seat, card) pairs breaks spades for the next
    lead (S8)."""
    if world.broken or not playout.breaks_spades(plays):
        return None

    def undo():
        world.broken = False

    world.broken = True
    return undo


_SPADE_ORDER = ["BJ", "LJ"] + [r + "S" for r in reversed(C.RANKS)]  # strongest first


def _by_suit(hand):
    suits = {"S": [], "H": [], "D": [], "C": []}
    for card in hand:
        suits[SUIT[card]].append(card)
    for cards in suits.values():
        cards.sort(key=POWER.__getitem__, reverse=True)
    return suits


def sure_tricks(hand, players: int, jokers: bool = True) -> float:
    """Tricks the hand should take: spades that survive the higher ones outside,
    long spades, side winners that are not ruffed first, and ruffs of short suits."""
    suits = _by_suit(hand)
    spades = suits["S"]
    mine = set(spades)
    order = [c for c in _SPADE_ORDER if jokers or c not in C.JOKERS]
    per_suit = 54 / players  # cards per seat, roughly: long side suits get ruffed sooner
    total = 0.0
    counted = 0  # spades already counted as winners (not free to ruff)
    for i, card in enumerate(spades):
        missing = sum(1 for c in order[: order.index(card)] if c not in mine)
        if missing <= i:
            total += 1.0
            counted += 1
        elif missing == i + 1:
            total += 0.5
            counted += 1
        elif missing == i + 2 and len(spades) >= 3:
            total += 0.25
    long_spades = len(spades) - max(counted, 3)
    if long_spades > 0:
        total += 0.7 * long_spades
    spare = max(0, len(spades) - counted)
    for s in "HDC":
        cards = suits[s]
        length = len(cards)
        rounds = 3 if length <= per_suit / 4 + 1 else 2  # safe rounds before a ruff
        ranks = [POWER[c] for c in cards]
        side = 0.0
        for i, r in enumerate(ranks[:rounds]):
            missing_above = 12 - r - sum(1 for x in ranks if x > r)
            if missing_above <= 0:
                side += 1.0 if i == 0 else 0.85
            elif missing_above == 1 and length >= 2:
                side += 0.55
            elif missing_above == 2 and length >= 3:
                side += 0.2
        total += side * (0.9 if players >= 5 else 1.0)
        if spare and length <= 1:  # a void or singleton lets a spare spade ruff
            ruffs = min(spare, 2 - length)
            total += 0.8 * ruffs
            spare -= ruffs
    return total


def nil_safe(hand, players: int) -> bool:
    """No card that is likely to be forced to win: no joker or high spade, few spades,
    and side honours only with enough low cards to duck under them."""
    suits = _by_suit(hand)
    spades = suits["S"]
    if any(c in C.JOKERS for c in spades) or len(spades) > 3:
        return False
    if spades and POWER[spades[0]] > POWER["9S"] - (len(spades) - 1) * 2:
        return False
    return _side_suits_duck(suits, lambda top, low: top >= POWER["AS"] or (top >= POWER["KS"] and low < 3)
                            or (top >= POWER["QS"] and low < 2) or (top >= POWER["TS"] and low < 1))


def _side_suits_duck(suits, too_high) -> bool:
    """Every side suit can duck: `too_high(top, low)` is true of a suit whose top card (its
    power) the low cards held under it (six or lower) do not cover."""
    for s in "HDC":
        cards = suits[s]
        if cards and too_high(POWER[cards[0]], sum(1 for c in cards if POWER[c] <= POWER["6S"])):
            return False
    return True


def bid_for(hand, players, options, partner_bid=None) -> int:
    """The number to bid: nil when the hand is safe and nil is on, else the sure tricks
    shaded down a little (a failed contract costs far more than an overtrick earns)."""
    estimate = sure_tricks(hand, players, options["jokers"])
    if options["nil"] != "off" and estimate < 1.6 and nil_safe(hand, players):
        return 0
    size = len(hand)
    shade = 0.35 if options["failed"] == "minus" else 0.2
    return max(1, min(size, int(estimate - shade + 0.5)))


def bid_decision(view) -> dict:
    """The bid (or blind-nil choice) of the normal and hard levels, from the view."""
    legal = view["legal"]
    if legal[0].get("blind"):
        seat = view["seat"]
        sides = view["sides"]
        mine = next(i for i, side in enumerate(sides) if seat in side)
        behind = max(t for i, t in enumerate(view["scores"]) if i != mine) - view["scores"][mine]
        # A partner covers a blind nil; alone, it fails too often to be worth 200.
        if len(sides[mine]) > 1 and behind >= 200:
            return {"type": "bid", "n": 0, "blind": True}
        return {"type": "look"}
    double = double_nil_bid(view)
    if double:
        return double
    n = bid_for(view["hand"], view["players"], view["options"])
    return nearest_bid(legal, n)


def nearest_bid(legal, n) -> dict:
    """The legal plain bid nearest `n` (the hook or the minimum team bid may forbid `n`)."""
    plain = [a for a in legal if not a.get("double") and not a.get("blind")] or legal
    return min(plain, key=lambda a: (abs(a["n"] - n), a["n"]))


def double_nil_safe(hand, players: int) -> bool:
    """A hand that makes nil more than half the time (64 % measured): at most two spades, none above the
    seven (no joker), and in every side suit nothing above the ten, with two cards of six
    or lower under a nine or ten (measured: docs/rules/spades.md)."""
    suits = _by_suit(hand)
    spades = suits["S"]
    if len(spades) > 2 or any(POWER[c] > POWER["7S"] for c in spades):
        return False
    return _side_suits_duck(suits, lambda top, low: top > POWER["TS"] or (top >= POWER["9S"] and low < 2))


def double_nil_bid(view):
    """The double nil action when it is offered and the hand is safe enough (at ±200 it
    pays only if it is made more than half the time), else None."""
    action = next((a for a in view["legal"] if a.get("double")), None)
    if action and double_nil_safe(view["hand"], view["players"]):
        return action
    return None


AI = SpadesAI
