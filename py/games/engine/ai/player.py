"""A game's computer players: the levels, their plausible mistakes, and the plumbing every
game's search shares. A game's `ai.py` subclasses `GameAI` (a trick game `TrickAI`) with its
sampler, its playout policy and its reward; the contract's `Game.bot` loads it on the first
decision, so the page's start-up imports no search.

The search plays its sampled worlds with `self.rules`: the game's rules with the next deal
left undealt (`one_deal`). A world stops at the end of its deal (no one is to act) and the
rules never ask whether they are being searched.
"""

import random
from dataclasses import dataclass

from ..game import MAX_SEED
from . import search
from .endgame import Endgame


@dataclass(frozen=True)
class Decision:
    action: dict
    result: search.SearchResult | None = None  # the search's values, if a search decided
    may_slip: bool = True  # False: a deliberate choice no level gets wrong by a slip


def one_deal(rules):
    """`rules` as the search plays them: when a deal is over and the match would go on, the
    world stops instead (no one to act), and the next deal is never shuffled and dealt (that
    was a tenth of a playout's time)."""
    variant = type(f"{type(rules).__name__}OneDeal", (type(rules),), {"next_deal": _stop_world})
    return variant()


def _stop_world(self, state, *how):
    state.turn = None


class GameAI:
    # Levels differ in search budget and in how often they slip, never in what they see.
    # iterations 0: rules of thumb only. time_ms caps a search (anytime). "error": the
    # rate of a plausible slip (`slip`: a bid one off, or a runner-up action by value),
    # never a random action.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 40, "time_ms": 500, "error": 0.12},
        "hard": {"iterations": 300, "time_ms": 900, "error": 0.0},
    }
    SLIP_PLAYOUTS = 12  # the quick look that ranks the alternatives when nothing was searched
    SLIP_MARGIN = 0.3  # a slip never picks an action this much worse (reward in [0, 1]) than the best

    def __init__(self, game):
        self.game = game  # the rules, as the match plays them
        self.rules = self.search_rules(game)  # the rules, as the search plays its worlds

    def search_rules(self, game):
        return one_deal(game)

    # ---- the game's own parts ------------------------------------------------------------
    def baseline(self, view: dict, rng: random.Random) -> dict:
        """The rule-of-thumb player (the game's baseline.py): the `baseline` level, the fast
        `easy` player, and the benchmark's yardstick."""
        raise NotImplementedError

    def determinize(self, state, seat: int, rng: random.Random):
        """A clone in which the cards `seat` cannot see are dealt again, consistently with
        everything `seat` knows (the game's sampler.py). It must read the hidden cards only
        as a set (sort before shuffling): where they lie is not known."""
        raise NotImplementedError

    def search_reward(self, world, root) -> list[float]:
        """Each seat's reward in [0, 1] for how the deal went, from `root` to `world`."""
        raise NotImplementedError

    def playout_action(self, world, rng: random.Random) -> dict:
        """The playout policy (inside a determinization, so it may read every hand)."""
        actions = self.rules.legal(world)
        return actions[rng.randrange(len(actions))]

    def playout_for(self, settings: dict):
        """The playout policy a level searches with: the game's, its last `settings["endgame"]`
        tricks played exactly where the level has it (engine/ai/endgame.py; the game's
        `playout_action` takes the `endgame` and its `solve_endgame` solves the line)."""
        cards = settings.get("endgame", 0)
        return Endgame(self, cards).playout if cards else self.playout_action

    # ---- deciding ----------------------------------------------------------------------------
    def bot(self, state, seat: int, level: str, rng: random.Random, budget_ms=None, *,
            trace: list | None = None, sample=None) -> dict:
        """The action of `level` for `seat` (the seat to act), from what that seat knows:
        its view, and worlds drawn by `sample`, which re-deals every card it cannot see.
        `trace` collects the search's results (the benchmark); `sample` replaces the
        sampler (only the benchmark's cheating bot, which is given the true state)."""
        view = self.view_for(level, state, seat)
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if level == "random":
            return rng.choice(legal)
        if level == "baseline":
            return self.baseline(view, rng)
        settings = self.bot_levels[level]
        slips = self.slips(settings, rng)
        decision = self.decide(state, seat, view, settings, rng, budget_ms, sample)
        if trace is not None and decision.result is not None:
            trace.append(decision.result)
        if slips and decision.may_slip:
            return self.slip(state, seat, view, decision.action, decision.result, rng, sample,
                             self.playout_for(settings))
        return decision.action

    def decide(self, state, seat, view, settings, rng, budget_ms, sample) -> "Decision":
        """A level's choice before any slip: the rules of thumb where the level does not search
        (or the game's rules of thumb decide better), else the search over the seat's actions.
        A game decides its own phases (bids, trump, draws) here and hands the rest on."""
        if not settings["iterations"] or not self.search_decides(view):
            return Decision(self.baseline(view, rng))
        result = search.rollouts(self, state, seat, self.budget(settings, budget_ms), rng, sample=sample,
                                 playout=self.playout_for(settings))
        return Decision(result.action, result)

    def view_for(self, level: str, state, seat: int) -> dict:
        """What the player of `level` sees (Zevaka's levels play an attentive game)."""
        return self.game.view(state, seat)

    @staticmethod
    def budget(settings: dict, budget_ms=None, iterations: str = "iterations") -> search.Budget:
        """A level's budget: its iterations (or another count of its settings), capped by its
        time (`budget_ms` replaces the level's cap; the benchmark lifts it)."""
        return search.Budget(settings[iterations], settings.get("time_ms") if budget_ms is None else budget_ms)

    def search_decides(self, view: dict) -> bool:
        """False where the game's rules of thumb decide better than the search (if anywhere)."""
        return True

    # ---- plausible mistakes (the weaker levels) ------------------------------------------
    @staticmethod
    def slips(settings: dict, rng: random.Random) -> bool:
        """Whether this decision is one of the level's mistakes (drawn before deciding)."""
        return bool(settings.get("error")) and rng.random() < settings["error"]

    def slip(self, state, seat, view, chosen: dict, result, rng: random.Random, sample=None,
             playout=None) -> dict:
        """The mistake a person of this level makes instead of `chosen`: a bid one trick off,
        or a natural but weaker action (one of the two best others by the search's values,
        never one clearly worse). `result` holds the search's values; without one a quick
        look of a few playouts ranks the alternatives."""
        legal = view["legal"]
        if chosen.get("type") == "bid" and type(chosen.get("n")) is int:
            near = self.bid_slips(view, chosen, [
                a for a in legal if a.get("type") == "bid" and type(a.get("n")) is int
                and abs(a["n"] - chosen["n"]) == 1 and a.get("blind") == chosen.get("blind")])
            return near[rng.randrange(len(near))] if near else chosen
        candidates = self.search_actions(state, legal)
        if len(candidates) < 2:
            return chosen
        if result is None or len(result.stats) < 2:
            result = search.rollouts(self, state, seat, search.Budget(self.SLIP_PLAYOUTS, None), rng,
                                     sample=sample, playout=playout, candidates=candidates)
        by_key = {search.action_key(a): a for a in candidates}
        values = {key: value for key, (count, value) in result.stats.items() if count and key in by_key}
        best = max(values.values(), default=0.0)
        chosen_key = search.action_key(chosen)
        others = sorted((key for key in values if key != chosen_key and values[key] >= best - self.SLIP_MARGIN),
                        key=lambda key: -values[key])[:2]
        if not others:
            return chosen
        return by_key[others[0] if len(others) == 1 or rng.random() < 0.65 else others[1]]

    def bid_slips(self, view: dict, chosen: dict, near: list[dict]) -> list[dict]:
        """Which bids one off from `chosen` a person could slip into (a game may narrow it)."""
        return near

    # ---- the search's worlds -------------------------------------------------------------------
    def search_actions(self, state, actions: list[dict]) -> list[dict]:
        """`actions` of the seat to act with one representative per class of actions that
        lead to the same outcome (touching cards in a trick game), so the search spends
        nothing on telling twins apart. Default: all of them."""
        return actions

    def sample(self, state, seat: int, rng: random.Random):
        """A world for `seat`: every card it cannot see dealt again (`determinize`), and the
        future's chance (the seed, stored shuffles, a stacked deck) replaced."""
        world = self.determinize(state, seat, rng)
        world.chance = []
        world.seed = rng.randrange(MAX_SEED)
        world.stacked_deck = None
        return world

    def search_horizon(self, state):
        """What `search_done` compares a world with (the trick games: nothing; Zevaka: how
        many actions a search looks ahead)."""
        return None

    def play_out(self, world, horizon, playout, rng: random.Random) -> int:
        """Plays `world` on with `playout(world, rng)` until `search_done`; the number of actions
        played. Where the game has a faster path for the rest (`fast_finish`), it takes over as
        soon as it can, with the same moves and random numbers."""
        perform, done = self.rules.perform, self.search_done
        finish = self.fast_finish(playout)
        steps = 0
        while not done(world, horizon):
            if finish is not None:
                taken = finish(world, rng)
                if taken is not None:
                    return steps + taken
            perform(world, playout(world, rng))
            steps += 1
        return steps

    # A game's faster path for its own playouts: `finish_own_playout(world, rng, endgame_cards)`
    # plays `world` on to the search's stop exactly as the game's policy (its last
    # `endgame_cards` tricks exact) would through the rules: the same moves, the same random
    # numbers drawn; it returns the number of actions played, or None where it cannot take over
    # yet (Spades and Oh Hell: their trick play on plain lists, from the trick phase on).
    finish_own_playout = None

    def fast_finish(self, playout):
        """None, or `finish(world, rng)`: the game's `finish_own_playout` where `playout` is
        the game's own policy (`own_endgame`)."""
        cards = self.own_endgame(playout)
        if cards is None or self.finish_own_playout is None:
            return None
        finish = self.finish_own_playout
        return lambda world, rng: finish(world, rng, cards)

    def own_endgame(self, playout) -> int | None:
        """How many tricks `playout` plays exactly if it is this game's own policy (0: none,
        `playout_action` itself; see `playout_for`), or None for any other policy."""
        if playout == self.playout_action:
            return 0
        owner = getattr(playout, "__self__", None)
        if isinstance(owner, Endgame) and owner.ai is self and playout == owner.playout:
            return owner.cards
        return None

    def search_done(self, world, horizon) -> bool:
        """A world's search ends with its deal: the match is over, or the deal is and the
        search's rules left the next one undealt (no one to act)."""
        return world.turn is None
