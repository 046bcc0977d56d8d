"""Our games as OpenSpiel states, for OpenSpiel's own Python ISMCTS (bench/vs_ismcts.py).

`open_spiel.python.algorithms.ismcts.ISMCTSBot` needs a state that looks like a
`pyspiel.State` (docs/benchmarks.md lists what it calls). This module makes one over any
of our games, one deal long, and imports open_spiel only in `spiel_game_type` (CI tests
this module without it):

- Actions: integer ids from one table keyed by the canonical action JSON (sorted keys,
  card lists sorted). An id is a 62-bit hash of that key, so it is the same in every
  process and run whatever order the actions are met in; a collision raises.
- The information-state string of a seat: its view (`game.view`, which holds no card it
  may not see) and the public trail of the deal (who acted, and the kind of action; the
  seat's own actions in full). Two determinizations of one information set give one
  string (tests/test_ismcts_adapter.py); OpenSpiel's search asserts it on every sample.
- The resampler: our own sampler (`game.sample`), which deals again every card the
  acting seat cannot see.
- `apply_action` does what `Game.apply` does, without the legality check, in place.
- One deal: the state is terminal when the match's deal counter (`game.deal_number`, the
  same in every game) moves or the match ends. Returns are in each game's own unit, read
  from the score sheet (`SCORES`, the per-game knowledge of what to report).
"""

import hashlib
import json
from dataclasses import dataclass
from typing import Callable

TERMINAL = -4  # pyspiel.PlayerId.TERMINAL


# ---- the per-game tables ---------------------------------------------------------------
def _others_mean_minus_own(values, own):
    others = [v for i, v in enumerate(values) if i != own]
    return sum(others) / len(others) - values[own]


def _side_index(sides, seat):
    return next(i for i, side in enumerate(sides) if seat in side)


def _zevaka_details(game, state, row, seat):
    view = game.view(state, seat)
    return {"loser": int(state.loser == seat), "cards": view["piles"][seat]["cards"],
            "rank": view["ranking"].index(seat) + 1}


@dataclass(frozen=True)
class Score:
    rows: Callable  # state -> the score sheet's rows (one per deal)
    unit: str
    points: Callable  # (game, state, row, seat) -> the seat's result in `unit`
    details: Callable  # (game, state, row, seat) -> more numbers worth reporting


SCORES = {
    "oh_hell": Score(
        lambda s: s.sheet["rows"], "deal points",
        lambda g, s, row, seat: row["cells"][seat]["points"],
        lambda g, s, row, seat: {"bid": row["cells"][seat]["bid"], "tricks": row["cells"][seat]["tricks"],
                                 "exact": int(row["cells"][seat]["bid"] == row["cells"][seat]["tricks"])}),
    "spades": Score(
        lambda s: s.rows, "points of the seat's side this hand",
        lambda g, s, row, seat: row["points"][_side_index(s.sides, seat)],
        lambda g, s, row, seat: {"bid": row["bids"][seat], "tricks": row["tricks"][seat],
                                 "made": int(row["tricks"][seat] == 0 if row["bids"][seat] == 0
                                             else row["tricks"][seat] >= row["bids"][seat])}),
    "eight_five_three": Score(
        lambda s: s.sheet["rows"], "tricks minus duty",
        lambda g, s, row, seat: row["points"][seat],
        lambda g, s, row, seat: {"duty": row["cells"][seat]["duty"], "tricks": row["cells"][seat]["tricks"]}),
    "kozel": Score(
        lambda s: s.sheet["rows"], "the team's card points this deal",
        lambda g, s, row, seat: row["card_points"][seat % len(row["card_points"])],
        lambda g, s, row, seat: {"defeat_given_minus_taken":
                                 _others_mean_minus_own(row["points"], seat % len(row["points"]))}),
    "zevaka": Score(
        lambda s: [], "1 for not being the loser, 0 for the loser",
        lambda g, s, row, seat: int(s.loser != seat),
        lambda g, s, row, seat: _zevaka_details(g, s, row, seat)),
}


# ---- actions ----------------------------------------------------------------------------
def action_key(action: dict) -> str:
    if "cards" in action:
        action = dict(action, cards=sorted(action["cards"]))
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class ActionIds:
    """Integer ids of actions: a 62-bit hash of the canonical JSON (fits numpy's int64)."""

    def __init__(self):
        self.by_key: dict[str, int] = {}
        self.by_id: dict[int, tuple[str, dict]] = {}
        self.by_items: dict[tuple, int] = {}  # a cheaper key to the same id (rollouts ask millions of times)

    def id_of(self, action: dict) -> int:
        cards = action.get("cards")
        if len(action) == 2 and cards is not None and len(cards) == 1:  # a one-card play: most of them
            items = (action["type"], cards[0])
        else:
            items = tuple(sorted((k, tuple(sorted(v)) if type(v) is list else v) for k, v in action.items()))
        found = self.by_items.get(items)
        if found is None:
            found = self.by_items[items] = self._id_of(action)
        return found

    def _id_of(self, action: dict) -> int:
        key = action_key(action)
        found = self.by_key.get(key)
        if found is None:
            found = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") >> 2
            known = self.by_id.get(found)
            if known is not None and known[0] != key:
                raise ValueError(f"two actions share id {found}: {known[0]} and {key}")
            self.by_key[key] = found
            self.by_id[found] = (key, action)
        return found

    def action(self, action_id) -> dict:
        return self.by_id[int(action_id)][1]


# ---- the information-state string ----------------------------------------------------------
def trail_entry(actor: int, action: dict, seat: int):
    """One step of the public trail as `seat` knows it: who acted and the kind of action
    (the cards of a play that everyone sees are in the view); its own actions in full."""
    return [actor, action] if actor == seat else [actor, action.get("type")]


def information_state(game, state, seat: int, actors: list[int]) -> str:
    view = game.view(state, seat)
    trail = [trail_entry(actor, action, seat) for actor, action in zip(actors, state.actions)]
    return json.dumps({"view": view, "trail": trail}, sort_keys=True, separators=(",", ":"))


# ---- the OpenSpiel-shaped game and state ----------------------------------------------------
def spiel_game_type():
    """What ISMCTS checks: imperfect information, sequential moves, information-state strings."""
    import types

    import pyspiel

    return types.SimpleNamespace(
        short_name="cardtable", information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        provides_information_state_string=True, provides_observation_string=False)


class SpielGame:
    def __init__(self, game, players: int, horizon: int | None = None):
        self.game = game
        self.players = players
        # A search's worlds (the resampler's) end `horizon` actions after the position searched
        # and score it with our own evaluation (Zevaka: a whole game is hundreds of actions, too
        # long for random rollouts to the end); the real deal ends only at its end.
        self.horizon = horizon
        self.score = SCORES[game.id]
        self.ids = ActionIds()
        self._type = None

    def get_type(self):
        if self._type is None:
            self._type = spiel_game_type()
        return self._type

    def num_players(self):
        return self.players

    def deal_counter(self, state):
        return self.game.deal_number(state)

    def start(self, state) -> "SpielState":
        """The adapter over `state`, which must be at the start of a deal (the trail begins here)."""
        return SpielState(self, state, (self.deal_counter(state), len(self.score.rows(state))), [])


class SpielState:
    __slots__ = ("spiel_game", "state", "start", "actors", "_legal", "_strings", "stop")

    def __init__(self, spiel_game: SpielGame, state, start, actors, stop=None):
        self.stop = stop  # a search world's horizon: the number of actions at which it ends
        self.spiel_game = spiel_game
        self.state = state  # our State, changed in place by apply_action
        self.start = start  # (deal counter, rows on the score sheet) when the deal began
        self.actors = actors  # the seat of each action since then
        self._legal = None
        self._strings = {}

    def get_game(self):
        return self.spiel_game

    def is_terminal(self) -> bool:
        state = self.state
        return (state.over or self.spiel_game.deal_counter(state) != self.start[0]
                or (self.stop is not None and len(self.actors) >= self.stop))

    def is_chance_node(self) -> bool:
        return False  # the deal is dealt before the adapter starts; samples re-deal it

    def is_simultaneous_node(self) -> bool:
        return False

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.state.turn

    def legal_actions(self, player=None) -> list[int]:
        if self.is_terminal():
            return []
        if self._legal is None:
            ids = self.spiel_game.ids
            self._legal = [ids.id_of(a) for a in self.spiel_game.game.legal(self.state)]
        return list(self._legal)

    def action(self, action_id) -> dict:
        return self.spiel_game.ids.action(action_id)

    def apply_action(self, action_id) -> None:
        action = self.spiel_game.ids.action(action_id)
        self.actors.append(self.state.turn)
        self.state.actions.append(action)  # as Game.apply does (the samplers' caches key on it)
        self.spiel_game.game.perform(self.state, action)
        self._legal = None
        self._strings = {}

    def clone(self) -> "SpielState":
        return SpielState(self.spiel_game, self.state.clone(), self.start, list(self.actors), self.stop)

    def information_state_string(self, player=None) -> str:
        seat = self.current_player() if player is None else player
        text = self._strings.get(seat)
        if text is None:
            text = self._strings[seat] = information_state(self.spiel_game.game, self.state, seat, self.actors)
        return text

    def deal_row(self):
        rows = self.spiel_game.score.rows(self.state)
        return rows[self.start[1]] if len(rows) > self.start[1] else None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.spiel_game.players
        if self.stop is not None and not self.state.over:  # a search world cut at its horizon
            game = self.spiel_game.game
            return [float(v) for v in game.ai.search_reward(self.state, self.state)]
        g, score, row = self.spiel_game.game, self.spiel_game.score, self.deal_row()
        return [float(score.points(g, self.state, row, seat)) for seat in range(self.spiel_game.players)]

    def details(self) -> list[dict]:
        g, score, row = self.spiel_game.game, self.spiel_game.score, self.deal_row()
        return [score.details(g, self.state, row, seat) for seat in range(self.spiel_game.players)]

    def __str__(self):
        return f"{self.spiel_game.game.id} move {len(self.state.actions)}"


class Resampler:
    """ISMCTS's resampler: a world for `player` from our sampler, which deals again every
    card that seat cannot see (consistently with what it knows)."""

    def __init__(self, rng):
        self.rng = rng

    def __call__(self, spiel_state: SpielState, player: int) -> SpielState:
        world = spiel_state.spiel_game.game.sample(spiel_state.state, player, self.rng)
        horizon = spiel_state.spiel_game.horizon
        stop = None if horizon is None else len(spiel_state.actors) + horizon
        return SpielState(spiel_state.spiel_game, world, spiel_state.start, list(spiel_state.actors), stop)
