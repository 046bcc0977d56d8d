"""Option schemas: each game's variants, their labels and defaults, and validation."""

from dataclasses import dataclass

from .errors import BadOptions


@dataclass(frozen=True)
class Option:
    name: str
    label: str
    choices: tuple  # ((value, label), ...)
    default: object

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "label": self.label,
            "choices": [{"value": v, "label": lab} for v, lab in self.choices],
            "default": self.default,
        }


def resolve_options(schema: tuple[Option, ...], given) -> dict:
    """Every option of the schema, given values checked, the rest defaulted."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadOptions("Options must be an object of name: value.")
    known = {o.name: o for o in schema}
    for name in given:
        if name not in known:
            raise BadOptions(f"Unknown option {name!r}; this game has: {', '.join(known) or 'none'}.")
    resolved = {}
    for option in schema:
        value = given.get(option.name, option.default)
        allowed = [v for v, _ in option.choices]
        # `True == 1` in Python: compare types too, so 1 is not taken for true.
        if not any(value == v and type(value) is type(v) for v in allowed):
            shown = ", ".join(repr(v) for v in allowed)
            raise BadOptions(f"Option {option.name!r} cannot be {value!r}; choose one of {shown}.")
        resolved[option.name] = value
    return resolved
