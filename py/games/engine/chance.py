"""Random outcomes of a match: read back from the record, or drawn from the seed.

Every random event (a shuffle, a first dealer, a random trump) is appended to
`state.chance`. A replay reads the stored outcomes and never shuffles again, so a
record replays identically whatever Python's shuffle algorithm does; outcomes past
the end of the stored list are drawn from `Random(f"{seed}:{index}")`, a string
seed that every Python version hashes the same way.
"""

import random

from .errors import BadRecord, GameError
from .i18n import _


def _next_entry(state, kind: str):
    """The stored outcome at the current position, checked for kind, or None."""
    pos = state.chance_pos
    if pos < len(state.chance):
        entry = state.chance[pos]
        if not isinstance(entry, dict) or entry.get("kind") != kind:
            raise BadRecord(_("Chance entry #{number} should be a {kind} outcome.", number=pos, kind=repr(kind)))
        state.chance_pos = pos + 1
        return entry
    return None


def _record(state, entry: dict) -> dict:
    state.chance.append(entry)
    state.chance_pos += 1
    return entry


def _rng(state) -> random.Random:
    return random.Random(f"{state.seed}:{state.chance_pos}")


def shuffled(state, deck: list[str], stacked: list[str] | None = None) -> list[str]:
    """A permutation of `deck`: stored, stacked (tests, tutorials) or freshly shuffled."""
    entry = _next_entry(state, "deal")
    if entry is not None:
        cards = entry.get("cards")
        if not isinstance(cards, list) or sorted(map(str, cards)) != sorted(deck):
            raise BadRecord(_("Chance entry #{number} is not a shuffle of this game's deck.", number=state.chance_pos - 1))
        return list(cards)
    if stacked is not None:
        cards = list(stacked)
    else:
        cards = list(deck)
        _rng(state).shuffle(cards)
    return list(_record(state, {"kind": "deal", "cards": cards})["cards"])


def choice(state, kind: str, values: list):
    """One of `values`, stored or drawn uniformly."""
    entry = _next_entry(state, kind)
    if entry is not None:
        value = entry.get("value")
        if not any(value == v and type(value) is type(v) for v in values):
            raise BadRecord(_("Chance entry #{number} ({kind}) has an impossible value.",
                                number=state.chance_pos - 1, kind=kind))
        return value
    value = _rng(state).choice(values)
    return _record(state, {"kind": kind, "value": value})["value"]


def validate_deck(deck, expected: list[str]) -> list[str]:
    """A stacked deck given by a caller must be a permutation of the game's deck."""
    if not isinstance(deck, list) or sorted(map(str, deck)) != sorted(expected) or len(deck) != len(expected):
        raise GameError(_("A stacked deck must hold each of the {count} cards of this game exactly once.",
                          count=len(expected)))
    return list(deck)
