"""The page's one entry point: `handle(request_json) -> answer_json`.

Stateless: every request carries the whole match record (see docs/bridge.md).
Every failure comes back as {"error": {"code", "message"}}, never a traceback,
and the record that was sent is never changed. Every op takes an optional "lang"
("ru", "de"...): the language of the messages, titles and labels of its answer.
"""

import json
import random
import re
from array import array
from collections import OrderedDict
from itertools import accumulate

from . import registry
from .engine.errors import BadRecord, GameError
from .engine.game import canonical_action
from .engine.records import check_record
from .engine.i18n import _, language

LEVELS = ("easy", "normal", "hard")
_OPS = {}
_REPLAYS: OrderedDict = OrderedDict()  # record JSON -> state; states are immutable
_REPLAY_CACHE_SIZE = 8
# Limits checked on the request text before json.loads (docs/bridge.md): Pyodide's parser
# recurses in C and a record nested a few thousand levels deep kills the interpreter, and a
# huge request only costs time. A real record is far below both (8-5-3's longest: ~80 kB).
MAX_REQUEST_CHARS = 4_000_000
MAX_DEPTH = 64
MAX_BUDGET_MS = 60_000
# A string, or all the rest after an unterminated one: one match per string, so the scan is
# linear (a pattern that needed the closing quote rescanned to the end from every quote).
_STRINGS = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_INNERMOST_PAIRS = re.compile(r"\[\]|\{\}")
_QUICK_PASSES = 8  # a request carrying a record nests 5 levels
_NESTING_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # as signed bytes: +1 opens, -1 closes


class BadRequest(GameError):
    code = "bad_request"


class UnknownOp(GameError):
    code = "unknown_op"


def handle(request) -> str:
    if not isinstance(request, str):
        return _error("bad_request", _("The request must be a JSON string."))
    if len(request) > MAX_REQUEST_CHARS:
        return _error("bad_json", _("The request is too large ({n} characters; at most {limit}).",
                                    n=len(request), limit=MAX_REQUEST_CHARS))
    if _too_deep(request):
        return _error("bad_json", _("The request is nested too deeply (more than {limit} levels).", limit=MAX_DEPTH))
    try:
        message = json.loads(request, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        return _error("bad_json", _("The request is not valid JSON ({reason}).", reason=_short(error)))
    lang = message.get("lang") if isinstance(message, dict) else None
    with language(lang):
        try:
            if lang is not None and not isinstance(lang, str):
                raise BadRequest(_('"lang" must be a language code such as "ru".'))
            return _dump(_dispatch(message))
        except GameError as error:
            return _error(error.code, error.message)
        except RecursionError:
            return _error("bad_request", _("The request is nested too deeply."))
        except Exception as error:  # a bug: report it plainly, keep the page alive
            return _error("internal", _("Internal error ({kind}: {reason}). The match is unchanged.",
                                        kind=type(error).__name__, reason=_short(error)))


def _dispatch(message):
    if not isinstance(message, dict):
        raise BadRequest(_('The request must be a JSON object such as {"op": "games"}.'))
    op = message.get("op")
    if op not in _OPS:
        raise UnknownOp(_("Unknown op {op}; the ops are: {ops}.", op=repr(op), ops=", ".join(_OPS)))
    handler, allowed = _OPS[op]
    extra = sorted(set(message) - allowed - {"op", "lang"})
    if extra:
        raise BadRequest(_("Op {op} does not take {extra}; it takes {allowed}.", op=repr(op),
                           extra=", ".join(extra), allowed=", ".join(sorted(allowed | {"lang"}))))
    return handler(message)


def _op(name, *fields):
    def register(function):
        _OPS[name] = (function, set(fields))
        return function

    return register


@_op("games")
def _games(message):
    return {"games": [game.to_json() for game in registry.all_games()]}


@_op("new", "game", "players", "options", "seed", "deck")
def _new(message):
    game = registry.get(message.get("game"))
    players = message.get("players", game.default_players)
    state = game.new_match(players, message.get("options"), message.get("seed"), message.get("deck"))
    return {"record": _remember(game, state)}


@_op("tutorial", "game")
def _tutorial(message):
    """The guided first deal of a game (games/tutorials.py): its `new` request and steps."""
    from . import tutorials  # only when a lesson is asked for

    game = registry.get(message.get("game"))
    return {"tutorial": tutorials.script(game.id)}


@_op("view", "record", "seat")
def _view(message):
    game, state = _replay(message.get("record"))
    return {"view": game.view(state, _seat(message, "seat", state))}


@_op("act", "record", "action", "seat", "view_seat")
def _act(message):
    game, state = _replay(message.get("record"))
    if "action" not in message:
        raise BadRequest(_('Op "act" needs an "action".'))
    seat = _seat(message, "seat", state) if "seat" in message else None
    new_state = game.apply(state, message["action"], seat)
    answer = {"record": _remember(game, new_state)}
    if "view_seat" in message:
        answer["view"] = game.view(new_state, _seat(message, "view_seat", new_state))
    return answer


@_op("claim", "record", "seat", "view_seat")
def _claim(message):
    """The rest of the deal played out for `seat`, on its lead, when every remaining trick
    is sure to be its own (the view's `can_claim`); an error otherwise."""
    game, state = _replay(message.get("record"))
    seat = _seat(message, "seat", state)
    if not getattr(game, "claims", False):
        raise GameError(_("Claiming the rest of the tricks is not part of this game."))
    new_state = game.claim(state, seat)
    answer = {"record": _remember(game, new_state)}
    if "view_seat" in message:
        answer["view"] = game.view(new_state, _seat(message, "view_seat", new_state))
    return answer


@_op("bot", "record", "level", "budget_ms")
def _bot(message):
    game, state = _replay(message.get("record"))
    level = message.get("level", "easy")
    if level not in LEVELS:
        raise BadRequest(_("Unknown bot level {level}; choose one of {levels}.", level=repr(level),
                           levels=", ".join(LEVELS)))
    budget = _budget(message)
    seat = _to_act(game, state)
    return {"action": game.bot(state, seat, level, _bot_rng(state, level), budget), "seat": seat}


@_op("hint", "record", "budget_ms")
def _hint(message):
    """Hard's move for the seat to act, with one line of why (engine/ai/hints.py): the move is
    the one the `bot` op gives at level hard."""
    from .engine.ai import hints  # only when a hint is asked for

    game, state = _replay(message.get("record"))
    budget = _budget(message)
    seat = _to_act(game, state)
    found = hints.hint(game, state, seat, _bot_rng(state, "hard"), budget)
    return {"action": found["action"], "seat": seat, "reason": found["reason"]}


@_op("check", "record", "action", "budget_ms")
def _check(message):
    """The play checker: whether `action` (legal, of the seat to act) is clearly worse than hard's
    move, with the expected cost in the game's unit; the record is not changed."""
    from .engine.ai import hints

    game, state = _replay(message.get("record"))
    if "action" not in message:
        raise BadRequest(_('Op "check" needs an "action".'))
    budget = _budget(message)
    seat = _to_act(game, state)
    game.apply(state, message["action"])  # an illegal action is refused here, as by "act"
    action = canonical_action(message["action"])
    return hints.check(game, state, seat, action, _bot_rng(state, "hard"), budget)


@_op("undo", "record", "seat", "view_seat")
def _undo(message):
    """The record trimmed to just before `seat`'s last decision. The chance list is kept
    whole, so the deal played again is the same deal."""
    game, state = _replay(message.get("record"))
    seat = _seat(message, "seat", state)
    record = message["record"]
    replayed = game.replay({**record, "actions": []})
    last = None
    for index, action in enumerate(record["actions"]):
        if game.to_act(replayed) == seat:
            last = index
        replayed = game.apply(replayed, action)
    if last is None:
        raise GameError(_("Seat {seat} has made no decision to undo yet.", seat=seat))
    trimmed = {**record, "actions": record["actions"][:last]}
    answer = {"record": trimmed}
    if "view_seat" in message:
        answer["view"] = game.view(game.replay(trimmed), _seat(message, "view_seat", state))
    return answer


@_op("turn", "record", "since")
def _turn(message):
    """Who is to act, and who made each decision so far: public facts, no cards. Pass-and-play
    asks this while the privacy screen is up (no one's view may be requested then) and to offer
    Undo only when no other person has decided since. With `"since": S`, also what happened in
    public since S last decided (the privacy screen's "since your last turn"): each seat's
    number of moves, who took each trick, how many deals ended, who missed a move (Zevaka)."""
    game, state = _replay(message.get("record"))
    record = message["record"]
    since = _seat(message, "since", state) if "since" in message else None
    replayed = game.replay({**record, "actions": []})
    actors, states = [], []
    for action in record["actions"]:
        actors.append(game.to_act(replayed))
        if since is not None:
            states.append(replayed)
        replayed = game.apply(replayed, action)
    answer = {"to_act": game.to_act(state), "actors": actors}
    if since is not None:
        states.append(replayed)
        first = max((i for i, seat in enumerate(actors) if seat == since), default=-1) + 1
        answer["since"] = {**_public_news(game, states[first:], actors[first:], since), "first": since not in actors}
    return answer


def _public_news(game, states, actors, seat):
    """What everyone at the table saw happen over `states` (each before the next decision): no
    card, only who moved, who took a trick, deals ended and misses."""
    moves = [0] * states[0].players
    for actor in actors:
        moves[actor] += 1
    tricks, deals, missed = [], 0, []
    before = game.view(states[0], seat)
    for state in states[1:]:
        after = game.view(state, seat)
        trick = after.get("last_trick")
        if trick and trick != before.get("last_trick") and trick.get("winner") is not None:
            tricks.append(trick["winner"])
        deals += after["deal"]["number"] - before["deal"]["number"]
        if after.get("last_missed") and after["last_missed"] != before.get("last_missed"):
            missed.append(after["last_missed"]["seat"])
        before = after
    return {"moves": moves, "tricks": tricks, "deals": deals, "missed": missed}


@_op("review", "record", "seat")
def _review(message):
    """The tricks of every finished deal as `seat` saw them when each deal ended."""
    game, state = _replay(message.get("record"))
    seat = _seat(message, "seat", state)
    record = message["record"]
    replayed = game.replay({**record, "actions": []})
    deals = []
    before = game.view(replayed, seat)
    for action in record["actions"]:
        replayed = game.apply(replayed, action)
        after = game.view(replayed, seat)
        rows = len((after.get("sheet") or {}).get("rows") or [])
        if rows > len((before.get("sheet") or {}).get("rows") or []):
            tricks = list(before.get("history") or [])
            if after.get("last_trick") and after["last_trick"] not in tricks:
                tricks.append(after["last_trick"])
            deals.append({"deal": len(deals) + 1, "tricks": tricks, "row": after["sheet"]["rows"][-1]})
        before = after
    return {"deals": deals}


@_op("deal_review", "record", "seat", "deal")
def _deal_review(message):
    """A finished deal step by step with every hand (games/review.py). The page asks only where
    the person may see every hand: a solo match, or a finished one (docs/ui.md)."""
    from . import review

    game, _state = _replay(message.get("record"))
    seat = _seat(message, "seat", _state)
    return review.deal_review(game, message["record"], seat, message.get("deal"))


# ---- helpers -------------------------------------------------------------------------
def _budget(message):
    budget = message.get("budget_ms")
    if budget is not None and (not isinstance(budget, (int, float)) or isinstance(budget, bool)
                               or not 0 <= budget <= MAX_BUDGET_MS):
        raise BadRequest(_('"budget_ms" must be a number of milliseconds from 0 to {limit}.', limit=MAX_BUDGET_MS))
    return budget


def _to_act(game, state):
    seat = game.to_act(state)
    if seat is None:
        raise GameError(_("The match is over; no one is to act."))
    return seat


def _bot_rng(state, level):
    """Seeded by the match and the move number: the same position gets the same answer."""
    return random.Random(f"{state.seed}:bot:{len(state.actions)}:{level}")


def _replay(record):
    if not isinstance(record, dict):
        raise BadRecord(_('The request needs a "record" object (from the "new" or "act" op).'))
    game = registry.get(record.get("game"))
    key = _dump(record)
    state = _REPLAYS.get(key)
    if state is None:
        check_record(record)
        state = game.replay(record)
        _cache(key, state)
    else:
        _REPLAYS.move_to_end(key)
    return game, state


def _remember(game, state):
    record = game.record(state)
    _cache(_dump(record), state)
    return record


def _cache(key, state):
    _REPLAYS[key] = state
    while len(_REPLAYS) > _REPLAY_CACHE_SIZE:
        _REPLAYS.popitem(last=False)


def _seat(message, field, state):
    seat = message.get(field)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise BadRequest(_('"{field}" must be a seat number from 0 to {last}.', field=field, last=state.players - 1))
    return seat


def _too_deep(text, limit=MAX_DEPTH):
    """Whether [ and { nest over `limit` levels outside strings, closed or not, found in linear
    time at C speed without recursion (json.loads recurses as it opens, before it finds that a
    bracket is never closed): strings and all but brackets are dropped; a few passes remove the
    innermost pairs, which empties a real record; what is left is measured by its running depth."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    rest = brackets
    for _pass in range(_QUICK_PASSES):
        shorter = _INNERMOST_PAIRS.sub("", rest)
        if shorter == rest:
            break
        rest = shorter
    if len(rest) == 0 or len(brackets) <= limit:
        return False
    steps = array("b", brackets.encode("ascii").translate(_NESTING_STEPS))
    return max(accumulate(steps)) > limit


def _reject_constant(name):
    raise ValueError(f"{name} is not allowed")


def _dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def _error(code, message):
    return _dump({"error": {"code": code, "message": message}})


def _short(error, limit=200):
    text = str(error)
    return text if len(text) <= limit else text[:limit] + "…"
