"""Option schemas: each game's variants, their labels and defaults, and validation."""

from dataclasses import dataclass

from .errors import BadOptions
from .i18n import _, translate


@dataclass(frozen=True)
class Option:
    name: str
    label: str  # labels are N_()-marked: shown in the request's language
    choices: tuple  # ((value, label), ...)
    default: object

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "label": translate(self.label),
            "choices": [{"value": v, "label": translate(lab)} for v, lab in self.choices],
            "default": self.default,
        }


def resolve_options(schema: tuple[Option, ...], given) -> dict:
    """Every option of the schema, given values checked, the rest defaulted."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadOptions(_("Options must be an object of name: value."))
    known = {o.name: o for o in schema}
    for name in given:
        if name not in known:
            raise BadOptions(_("Unknown option {name}; this game has: {known}.",
                               name=repr(name), known=", ".join(known) or _("none")))
    resolved = {}
    for option in schema:
        value = given.get(option.name, option.default)
        allowed = [v for v, _ in option.choices]
        # `True == 1` in Python: compare types too, so 1 is not taken for true.
        if not any(value == v and type(value) is type(v) for v in allowed):
            shown = ", ".join(repr(v) for v in allowed)
            raise BadOptions(_("Option {name} cannot be {value}; choose one of {allowed}.",
                               name=repr(option.name), value=repr(value), allowed=shown))
        resolved[option.name] = value
    return resolved
