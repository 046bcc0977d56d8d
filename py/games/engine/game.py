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
from .records import RECORD_KEYS, refuse_unknown_fields
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
        self.closing = None  # the last finished deal as it ended (Game.close_deal), never changed

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
    better_score = "higher"  # of two final scores, which is the better: "higher", "lower", or None (no score to rank)

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
        legal = self.legal(state)
        if key not in {json.dumps(canonical_action(a), sort_keys=True) for a in legal}:
            refuse_unknown_fields(action, legal)  # a game's explanation may rely on the fields it knows
            raise IllegalAction(self.explain_illegal(state, action))
        return action

    def view(self, state, seat: int) -> dict:
        """What `seat` may see; common fields first, the game's own after (docs/bridge.md)."""
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
            "sides": self.sides(state),
            "closing": self.closing_view(state, seat),
        }
        base.update(self.game_view(state, seat))
        return base

    def sides(self, state) -> list[list[int]]:
        """The seats that score together; `scores[i]` is side i's. One side per seat unless
        the game has partnerships."""
        return [[seat] for seat in range(state.players)]

    # ---- the end of a deal ------------------------------------------------------------
    def close_deal(self, state) -> None:
        """Keep the finished deal as it ended, before the next one is dealt: the page shows it
        behind the deal's score sheet (`closing` in the next deal's first views). A game calls
        it from its `next_deal`, which the search never reaches."""
        closing = state.clone()
        closing.closing = None
        closing.turn = None  # the deal is over: no one acts in it
        closing.chance, closing.chance_pos = [], 0  # it draws nothing (a replay holds the whole list)
        state.closing = closing

    def closing_view(self, state, seat: int) -> dict | None:
        """The view of `seat` as the last deal ended, until the first action of the next one."""
        closing = state.closing
        if closing is None or len(closing.actions) != len(state.actions):
            return None
        return self.view(closing, seat)

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

    # ---- the players (engine/ai/, loaded when first asked for) --------------------------------
    # The game's package (`games/<id>/__init__.py`), which alone knows every layer, names the
    # module of its computer players: `AI`, an `engine.ai.player.GameAI` subclass. The page's
    # start-up imports no search: the module is imported on the first bot decision.
    ai_module: str | None = None

    @property
    def ai(self):
        player = self.__dict__.get("_ai")
        if player is None:
            player = self._ai = importlib.import_module(self.ai_module).AI(self)
        return player

    def bot(self, state, seat: int, level: str, rng: random.Random, budget_ms=None, *,
            trace: list | None = None, sample=None) -> dict:
        """The action of `level` for `seat` (the seat to act), from what that seat knows
        (engine/ai/player.py `GameAI.bot`)."""
        return self.ai.bot(state, seat, level, rng, budget_ms, trace=trace, sample=sample)

    @property
    def bot_levels(self) -> dict:
        return self.ai.bot_levels

    def sample(self, state, seat: int, rng: random.Random) -> State:
        """A world for `seat`'s search: every card it cannot see dealt again (its sampler)."""
        return self.ai.sample(state, seat, rng)

    # ---- for tests: the conformance harness --------------------------------------
    def card_zones(self, state) -> dict[str, list[str]]:
        """Every card of the current deal, by where it lies (hands, table, stock...)."""
        raise NotImplementedError

    def redeal_hidden(self, state, seat: int, rng: random.Random) -> State:
        """A copy in which the cards `seat` cannot see are dealt again at random (every game
        here: its sampler's determinization, which the honesty tests thereby check too)."""
        return self.ai.determinize(state, seat, rng)

    def self_check(self, state) -> None:
        """Game-specific invariants (scores, counts); raise AssertionError if broken."""

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "title": translate(self.title),
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [o.to_json() for o in self.options_schema],
            "better_score": self.better_score,
        }
