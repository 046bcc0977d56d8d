"""The contract every game implements, and the record/replay machinery they share.

A match is event-sourced: {game, version, players, options, seed, chance, actions}
replays to the same state on every machine. `apply` never mutates its input: it
checks the action against `legal_actions`, then changes a copy.
"""

import importlib
import json
import random

from . import chance
from .errors import BadRecord, GameError, IllegalAction, MatchOver, NotYourTurn
from .i18n import _, translate
from .options import Option, resolve_options

RECORD_KEYS = ("game", "version", "players", "options", "seed", "chance", "actions")
MAX_SEED = 2**53  # stays an exact integer in JavaScript


def _copy(value):
    """Copy the containers a game mutates. Dicts inside lists (plays, tricks, rows,
    actions, chance outcomes) are immutable once appended, so they are shared."""
    if type(value) is list:
        return [_copy(v) for v in value] if value and type(value[0]) is list else value[:]
    if type(value) is dict:
        return {k: (_copy(v) if type(v) in (list, dict) else v) for k, v in value.items()}
    return value


def _deep(value):
    """An independent copy of JSON-like data (records handed to callers)."""
    if type(value) is list:
        return [_deep(v) for v in value]
    if type(value) is dict:
        return {k: _deep(v) for k, v in value.items()}
    return value


class State:
    """A match in progress. Games add their own attributes in `setup`.

    All attributes are JSON-like values, so cloning and comparing are generic.
    Convention: a dict stored inside a list is never changed after it is stored.
    """

    def __init__(self, players: int, options: dict, seed: int):
        self.players = players
        self.options = options
        self.seed = seed
        self.chance: list = []
        self.chance_pos = 0
        self.actions: list = []
        self.turn: int | None = None  # the seat to act, None when the match is over
        self.over = False
        self.winners: list | None = None

    def clone(self):
        new = object.__new__(type(self))
        new.__dict__ = {k: _copy(v) for k, v in self.__dict__.items()}
        return new

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None


def canonical_action(action) -> dict:
    """Actions compare as dicts; card lists are compared as sets in a fixed order."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(_('An action must be an object with a "type", e.g. {"type": "play", "cards": ["QS"]}.'))
    if "cards" in action:
        cards = action["cards"]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction(_('"cards" must be a list of card codes such as ["QS", "TH"].'))
        action = dict(action, cards=sorted(cards))
    return action


class Game:
    """Base of every game. Subclasses set the class attributes and the hooks below."""

    id: str = ""
    title: str = ""  # N_()-marked: shown in the request's language
    min_players = 2
    max_players = 4
    default_players = 4
    version = 1
    options_schema: tuple[Option, ...] = ()
    state_class = State

    # ---- the contract -------------------------------------------------------------
    def new_match(self, players, options=None, seed=None, deck=None, *, _chance=None) -> State:
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise GameError(_("{game} is for {low} to {high} players.", game=translate(self.title),
                              low=self.min_players, high=self.max_players))
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED)
        if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < MAX_SEED):
            raise GameError(_("The seed must be a whole number from 0 to 2^53 - 1."))
        state = self.state_class(players, resolve_options(self.options_schema, options), seed)
        if _chance is not None:
            state.chance = list(_chance)
        self.check_options(state)
        state.stacked_deck = chance.validate_deck(deck, self.full_deck(state)) if deck is not None else None
        self.setup(state)
        return state

    def to_act(self, state) -> int | None:
        return None if state.over else state.turn

    def legal_actions(self, state) -> list[dict]:
        return [] if state.over else self.legal(state)

    def apply(self, state, action, seat: int | None = None) -> State:
        """The next state. An illegal action raises IllegalAction; `state` never changes."""
        action = self._checked(state, action, seat)
        new = state.clone()
        new.actions.append(action)
        self.perform(new, action)
        return new

    def _checked(self, state, action, seat=None) -> dict:
        if state.over:
            raise MatchOver(_("The match is over; start a new one."))
        if seat is not None and seat != state.turn:
            raise NotYourTurn(_("It is not your turn: seat {seat} is to act.", seat=state.turn))
        action = canonical_action(action)
        # Compared as JSON text: in Python True == 1 and 1.0 == 1, in a record they differ.
        key = json.dumps(action, sort_keys=True)
        if key not in {json.dumps(canonical_action(a), sort_keys=True) for a in self.legal(state)}:
            raise IllegalAction(self.explain_illegal(state, action))
        return action

    def view(self, state, seat: int) -> dict:
        """What `seat` may see; common fields first, the game's own after."""
        base = {
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "options": dict(state.options),
            "to_act": self.to_act(state),
            "legal": self.legal_actions(state) if self.to_act(state) == seat else [],
            "over": state.over,
            "winner": list(state.winners) if state.winners is not None else None,
            "move": len(state.actions),
        }
        base.update(self.game_view(state, seat))
        return base

    # ---- records --------------------------------------------------------------------
    def record(self, state) -> dict:
        return {
            "game": self.id,
            "version": self.version,
            "players": state.players,
            "options": dict(state.options),
            "seed": state.seed,
            "chance": _deep(state.chance),
            "actions": _deep(state.actions),
        }

    def replay(self, record) -> State:
        """The state a record describes; BadRecord if it is malformed or does not replay."""
        if not isinstance(record, dict):
            raise BadRecord(_("A match record must be a JSON object."))
        missing = [k for k in RECORD_KEYS if k not in record]
        if missing:
            raise BadRecord(_("The match record lacks {fields}.", fields=", ".join(missing)))
        if record["game"] != self.id:
            raise BadRecord(_("This record is of {found}, not {wanted}.", found=repr(record["game"]),
                              wanted=repr(self.id)))
        if record["version"] != self.version:
            raise BadRecord(_("Record version {found} is not known (this app reads {known}).",
                              found=repr(record["version"]), known=self.version))
        if not isinstance(record["chance"], list) or not isinstance(record["actions"], list):
            raise BadRecord(_("The record's chance and actions must be lists."))
        try:
            state = self.new_match(record["players"], record["options"], record["seed"], _chance=record["chance"])
        except BadRecord:
            raise
        except GameError as error:
            raise BadRecord(_("The record cannot start a match: {reason}", reason=error.message)) from None
        for index, action in enumerate(record["actions"]):
            try:  # in place: the state is ours until it is returned
                action = self._checked(state, action)
                state.actions.append(action)
                self.perform(state, action)
            except GameError as error:
                raise BadRecord(_("Action #{number} of the record does not replay: {reason}",
                                  number=index + 1, reason=error.message)) from None
        return state

    # ---- hooks ------------------------------------------------------------------
    def full_deck(self, state) -> list[str]:
        """The cards of one deal in a fixed order (what a stacked deck must permute)."""
        raise NotImplementedError

    def check_options(self, state) -> None:
        """Reject option combinations that cannot be played with this player count."""

    def setup(self, state) -> None:
        raise NotImplementedError

    def legal(self, state) -> list[dict]:
        raise NotImplementedError

    def perform(self, state, action: dict) -> None:
        """Carry out a legal action on `state` in place."""
        raise NotImplementedError

    def explain_illegal(self, state, action: dict) -> str:
        return _("That move is not allowed now.")

    def game_view(self, state, seat: int) -> dict:
        raise NotImplementedError

    # ---- bots -------------------------------------------------------------------------
    # The module of the game's rule-of-thumb player, `choose(view, rng) -> action`:
    # the `baseline` level, the fast `easy` player, and the benchmark's yardstick.
    bot_module: str | None = None

    # Levels differ in search budget and in how often they slip, never in what they see.
    # iterations 0: rules of thumb only. time_ms caps a search (anytime). "error": the
    # rate of a plausible slip (`slip`: a bid one off, or a runner-up action by value),
    # never a random action. "search": "rollouts" (the default) or "ismcts"
    # (engine/search.py; measured side by side in bench/bots.py).
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 40, "time_ms": 500, "error": 0.12},
        "hard": {"iterations": 300, "time_ms": 900, "error": 0.0},
    }

    def baseline(self, view: dict, rng: random.Random) -> dict:
        if self.bot_module is None:
            return rng.choice(view["legal"])
        return importlib.import_module(self.bot_module).choose(view, rng)

    def bot(self, state, seat: int, level: str, rng: random.Random, budget_ms=None, *,
            trace: list | None = None, sample=None) -> dict:
        """The action of `level` for `seat` (the seat to act), from what that seat knows:
        its view, and worlds drawn by `sample`, which re-deals every card it cannot see.
        `trace` collects the search's results (the benchmark); `sample` replaces the
        sampler (only the benchmark's cheating bot, which is given the true state)."""
        view = self.view(state, seat)
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if level == "random":
            return rng.choice(legal)
        if level == "baseline":
            return self.baseline(view, rng)
        settings = self.bot_levels[level]
        slips = self.slips(settings, rng)
        if not settings["iterations"] or not self.search_decides(view):
            action = self.baseline(view, rng)
            return self.slip(state, seat, view, action, None, rng, sample) if slips else action
        from . import search  # lazy: the page's start-up imports no search
        sample = self.sampler_for(settings, sample)
        time_ms = settings.get("time_ms") if budget_ms is None else budget_ms
        method = settings.get("search", "rollouts")
        budget = search.Budget(settings["iterations"], time_ms)
        if method == "rollouts":
            result = search.rollouts(self, state, seat, budget, rng, sample=sample, weigh=self.weigh_for(settings))
        else:
            result = getattr(search, method)(self, state, seat, budget, rng, sample=sample)
        if trace is not None:
            trace.append(result)
        return self.slip(state, seat, view, result.action, result, rng, sample) if slips else result.action

    # ---- plausible mistakes (the weaker levels) ------------------------------------------
    SLIP_PLAYOUTS = 12  # the quick look that ranks the alternatives when nothing was searched
    SLIP_MARGIN = 0.3  # a slip never picks an action this much worse (reward in [0, 1]) than the best

    @staticmethod
    def slips(settings: dict, rng: random.Random) -> bool:
        """Whether this decision is one of the level's mistakes (drawn before deciding)."""
        return bool(settings.get("error")) and rng.random() < settings["error"]

    def slip(self, state, seat, view, chosen: dict, result, rng: random.Random, sample=None) -> dict:
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
        from . import search

        candidates = self.search_actions(state, legal)
        if len(candidates) < 2:
            return chosen
        if result is None or len(result.stats) < 2:
            result = search.rollouts(self, state, seat, search.Budget(self.SLIP_PLAYOUTS, None), rng,
                                     sample=sample, candidates=candidates)
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

    def search_decides(self, view: dict) -> bool:
        """False where the game's rules of thumb decide better than the search (if anywhere)."""
        return True

    # How likely a sampled world is, given what the other seats did, under the bot's own
    # model of them: `world_weight(world, state, seat) -> float` (None: all alike). It may
    # read the world's hidden cards (it is a sample) and only the seat's view of `state`.
    world_weight = None

    def weigh_for(self, settings: dict):
        """The world weighting a level uses: only with `"infer": True` in its settings (no
        level has it: measured side by side, it did not pay; docs/bots.md)."""
        return self.world_weight if settings.get("infer", False) else None

    def search_actions(self, state, actions: list[dict]) -> list[dict]:
        """`actions` of the seat to act with one representative per class of actions that
        lead to the same outcome (touching cards in a trick game), so the search spends
        nothing on telling twins apart. Default: all of them."""
        return actions

    def sample(self, state, seat: int, rng: random.Random) -> State:
        """A determinization for `seat`: every card it cannot see dealt again (`determinize`),
        and the future's chance (the seed, stored shuffles, a stacked deck) replaced."""
        world = self.determinize(state, seat, rng)
        world.chance = []
        world.seed = rng.randrange(MAX_SEED)
        world.stacked_deck = None
        world.stop_at_deal_end = True  # the search never looks past this deal (see `search_stops_here`)
        return world

    def sampler_for(self, settings: dict, sample=None):
        """The sampler a level searches with: `sample` (default `Game.sample`), its worlds
        carrying the level's playout settings (`"endgame"`: how many last tricks a playout
        plays exactly, engine/endgame.py; read by the game's `playout_action`)."""
        sample = sample or self.sample
        cards = settings.get("endgame", 0)
        if not cards:
            return sample

        def with_endgame(state, seat, rng):
            world = sample(state, seat, rng)
            world.endgame_cards = cards
            return world
        return with_endgame

    @staticmethod
    def search_stops_here(world) -> bool:
        """True in a sampled world at the end of a deal: the search's horizon, so a game
        leaves the next deal undealt (its shuffle was a tenth of a playout's time)."""
        return world.__dict__.get("stop_at_deal_end", False)

    def determinize(self, state, seat: int, rng: random.Random) -> State:
        """A clone in which the cards `seat` cannot see are dealt again, consistently with
        everything `seat` knows (voids shown by play, cards it passed...). It must read the
        hidden cards only as a set (sort before shuffling): where they lie is not known."""
        raise NotImplementedError

    def deal_index(self, state) -> int:
        """Which deal of the match is being played (the search looks no further)."""
        raise NotImplementedError

    def search_horizon(self, state):
        return self.deal_index(state)

    def search_done(self, world, horizon) -> bool:
        return world.over or self.deal_index(world) != horizon

    def search_reward(self, world, root) -> list[float]:
        """Each seat's reward in [0, 1] for how the deal went, from `root` to `world`."""
        raise NotImplementedError

    def playout_action(self, world, rng: random.Random) -> dict:
        """The playout policy (inside a determinization, so it may read every hand)."""
        actions = self.legal(world)
        return actions[rng.randrange(len(actions))]

    # ---- for tests: the conformance harness --------------------------------------
    def card_zones(self, state) -> dict[str, list[str]]:
        """Every card of the current deal, by where it lies (hands, table, stock...)."""
        raise NotImplementedError

    def redeal_hidden(self, state, seat: int, rng: random.Random) -> State:
        """A copy in which the cards `seat` cannot see are dealt again at random (every game
        here: its determinization, which the honesty tests thereby check too)."""
        return self.determinize(state, seat, rng)

    def self_check(self, state) -> None:
        """Game-specific invariants (scores, counts); raise AssertionError if broken."""

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": translate(self.title),
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [o.to_json() for o in self.options_schema],
        }
