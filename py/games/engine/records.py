"""A match record's fields checked as it is read, before anything replays (docs/bridge.md).

Replay refuses a bad action or chance outcome only when play reaches it; these checks refuse
at once what no record of this app can hold: a field of the wrong type, a field too many, a
chance entry of the wrong shape (500 junk ones were accepted until play reached them), an action
that is not a small flat object. Well-formed outcomes past the moves are allowed: undo keeps the
deals it went back from, and a record cut at a move keeps the deals that followed.
"""

import re

from .errors import BadRecord, IllegalAction
from .i18n import _

RECORD_KEYS = ("game", "version", "players", "options", "seed", "chance", "actions")
MAX_TEXT = 64
MAX_CARDS = 64
_KIND = re.compile(r"[a-z][a-z_]{0,31}\Z")


def _is_int(value) -> bool:
    return type(value) is int


def _is_scalar(value) -> bool:
    return value is None or type(value) in (bool, int) or (type(value) is str and len(value) <= MAX_TEXT)


def _is_cards(value) -> bool:
    return type(value) is list and len(value) <= MAX_CARDS and all(type(c) is str and len(c) <= 4 for c in value)


def check_record(record) -> None:
    """BadRecord unless every field of `record` has the shape a record of this app has."""
    if not isinstance(record, dict):
        raise BadRecord(_("A match record must be a JSON object."))
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise BadRecord(_("The match record lacks {fields}.", fields=", ".join(missing)))
    extra = sorted(str(k) for k in record if k not in RECORD_KEYS)
    if extra:
        raise BadRecord(_("The match record has fields no record has: {fields}.", fields=", ".join(extra)))
    if type(record["game"]) is not str:
        raise BadRecord(_("The record's game must be a game id."))
    for field in ("version", "players", "seed"):
        if not _is_int(record[field]):
            raise BadRecord(_("The record's {field} must be a whole number.", field=field))
    if not isinstance(record["options"], dict):
        raise BadRecord(_("The record's options must be an object."))
    if type(record["chance"]) is not list or type(record["actions"]) is not list:
        raise BadRecord(_("The record's chance and actions must be lists."))
    _check_chance(record["chance"])
    for index, action in enumerate(record["actions"]):
        if not (isinstance(action, dict) and type(action.get("type")) is str
                and all(_is_scalar(v) or _is_cards(v) for v in action.values())):
            raise BadRecord(_("Action #{number} of the record is not an action.", number=index + 1))


def _check_chance(entries):
    """Every entry a well-formed outcome; every shuffle of the same cards (replay checks the
    first, which the match's setup draws, against the game's deck)."""
    deck = None
    for index, entry in enumerate(entries):
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if type(kind) is not str or not _KIND.match(kind):
            raise BadRecord(_("Chance entry #{number} is not a chance outcome.", number=index))
        if kind == "deal":
            shaped = set(entry) == {"kind", "cards"} and _is_cards(entry["cards"])
            deck = deck or (sorted(entry["cards"]) if shaped else None)
            if not shaped or sorted(entry["cards"]) != deck:
                raise BadRecord(_("Chance entry #{number} is not a shuffle of this game's deck.", number=index))
        elif set(entry) != {"kind", "value"} or not (_is_int(entry["value"]) or (
                type(entry["value"]) is str and len(entry["value"]) <= MAX_TEXT)):
            raise BadRecord(_("Chance entry #{number} ({kind}) has an impossible value.", number=index, kind=kind))


def unknown_fields(action: dict, legal: list[dict]) -> list[str]:
    """The fields of `action` that no legal action of its type has (none if its type has no
    legal action: that is refused as an illegal move)."""
    known = [set(a) for a in legal if a.get("type") == action.get("type")]
    if not known:
        return []
    return sorted(str(k) for k in action if not any(k in fields for fields in known))


def refuse_unknown_fields(action: dict, legal: list[dict]) -> None:
    unknown = unknown_fields(action, legal)
    if unknown:
        raise IllegalAction(_("A {type} action has no field {fields}.", type=repr(action.get("type")),
                              fields=", ".join(repr(k) for k in unknown)))
