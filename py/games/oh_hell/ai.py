"""Oh Hell's computer players: the bid search, the playout policy with its exact endgame,
the reward, the levels. The rules of thumb are baseline.py; the sampler is sampler.py."""

from ..engine.ai import endgame, search
from ..engine.ai.player import Decision
from ..engine.ai.tricks import TrickAI
from . import baseline, playout, sampler
from .baseline import trick_estimate


class OhHellAI(TrickAI):
    # Hard's 800 iterations: doubling gained +0.36 points a deal at 200 -> 400 (1,000 deals) and
    # about +0.18 at 400 -> 800 (1,200 deals, not significant; docs/benchmarks.md); the 1.5x
    # faster hot loop pays for it. The 700 ms cap bounds a 13-card deal in Pyodide.
    # A bid is searched apart, with its own budget, among the bids from 2 below to 3 above
    # the rule-of-thumb estimate (BID_WINDOW; the estimate runs about half a trick below
    # what the search bids): a bid far from it never won a search, and spreading the budget
    # over 14 bids made the answer noisy.
    # Hard's playouts play the last 2 tricks exactly ("endgame": 2, engine/ai/endgame.py):
    # +0.42 points a deal against hard without (600 deals); 3 tricks cost 3.5 times the time.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 25, "time_ms": 400, "error": 0.12, "bid_iterations": 120},
        "hard": {"iterations": 800, "time_ms": 700, "error": 0.0, "bid_iterations": 480, "endgame": 2},
    }
    BID_WINDOW = (2, 3)  # tricks below and above the estimate

    def baseline(self, view, rng):
        return baseline.choose(view, rng)

    def determinize(self, state, seat, rng):
        return sampler.determinize(self.rules, state, seat, rng)

    def decide(self, state, seat, view, settings, rng, budget_ms, sample):
        """A bid is searched apart, with its own budget, among the bids near the estimate."""
        if not settings.get("bid_iterations") or state.phase != "bid":
            return super().decide(state, seat, view, settings, rng, budget_ms, sample)
        estimate = round(trick_estimate(state.hands[seat], state.trump, state.players))
        below, above = self.BID_WINDOW
        window = [a for a in view["legal"] if -below <= a["n"] - estimate <= above] or view["legal"]
        if len(window) == 1:
            return Decision(window[0])
        result = search.rollouts(self, state, seat, self.budget(settings, budget_ms, "bid_iterations"), rng,
                                 sample=sample, playout=self.playout_for(settings), candidates=window)
        return Decision(result.action, result)

    def search_reward(self, world, root):
        """This deal's points, scaled from the worst to the best a hand of this size scores."""
        points = world.sheet["rows"][root.deal_index]["cells"]
        size = root.hand_size
        low = {"exact": 0, "per_trick": 0, "minus_difference": -size, "minus_ten": -10 * size}[
            root.options["scoring"]]
        high = size + 10
        return [(c["points"] - low) / (high - low) for c in points]

    # ---- the playouts ----------------------------------------------------------------------
    def playout_action(self, world, rng, endgame=None):
        seat = world.turn
        if world.phase == "bid":
            legal = self.rules.legal(world)
            target = round(trick_estimate(world.hands[seat], world.trump, world.players))
            return min(legal, key=lambda a: (abs(a["n"] - target), a["n"]))
        if endgame is not None and len(world.hands[seat]) <= endgame.cards:
            return {"type": "play", "cards": [endgame.card(world)]}
        card = playout.policy_card(world.hands[seat], [(p["seat"], p["card"]) for p in world.trick], world.trump,
                                   world.options["must_trump"], world.bids[seat] > world.tricks_won[seat], rng)
        return {"type": "play", "cards": [card]}

    def finish_own_playout(self, world, rng, endgame_cards):
        """`playout.finish` from the trick phase on (the engine's `fast_finish`)."""
        return playout.finish(self.rules, world, rng, endgame_cards) if world.phase == "play" else None

    def solve_endgame(self, world):
        """Each seat's points and the cards to the end of the deal, under max^n play, through
        the rules' own legal cards (the reference for `playout.solve`)."""
        points, ceiling = playout.endgame_scoring(world.bids, world.tricks_won, world.hands,
                                                  world.options["scoring"])
        return endgame.solve(self.rules, world, points, ceiling)


AI = OhHellAI
