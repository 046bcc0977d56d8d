"""What a player reads, in their language (gettext style; docs/i18n.md).

    _("You do not hold {card}.", card=name)       a message, its {placeholders} filled
    ngettext("{n} card", "{n} cards", n)          the plural form of the language for n
    pgettext("tie", "Draw")                       one English word with two meanings
    N_("Trump")                                   marks a msgid to translate later (option
                                                  labels, titles: defined at import time)

The msgid is the English text; English needs no catalog. The language is set per bridge
request (`with language("ru"): ...`), so the bridge stays stateless and CPython tests
read English. A language's catalog (games/locales/<lang>.json, compiled by the build from
locales/<lang>.po) is read the first time a message of that language is asked for.
"""

import json
import re
from contextlib import contextmanager
from pathlib import Path

SOURCE_LANGUAGE = "en"
CONTEXT_SEPARATOR = "\x04"
_CATALOG_DIR = Path(__file__).resolve().parent.parent / "locales"
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

_language = SOURCE_LANGUAGE
_catalogs: dict = {}  # language -> (messages, plural function); None: no such catalog


def languages() -> list[str]:
    """English and every language with a compiled catalog."""
    return [SOURCE_LANGUAGE] + sorted(path.stem for path in _CATALOG_DIR.glob("*.json"))


def current_language() -> str:
    return _language


@contextmanager
def language(code):
    """Messages made inside the block are in `code` (English when it has no catalog)."""
    global _language
    previous = _language
    _language = code if isinstance(code, str) and _catalog(code) is not None else SOURCE_LANGUAGE
    try:
        yield _language
    finally:
        _language = previous


def _catalog(code):
    if code == SOURCE_LANGUAGE:
        return ({}, lambda n: 0 if n == 1 else 1)
    if code not in _catalogs:
        found = None
        if re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]+)?", code):
            try:
                data = json.loads((_CATALOG_DIR / f"{code}.json").read_text(encoding="utf-8"))
                found = (data["messages"], plural_rule(_plural_expression(data["plural_forms"])))
            except (OSError, ValueError, KeyError):
                found = None
        _catalogs[code] = found
    return _catalogs[code]


def _format(text: str, params: dict) -> str:
    if not params:
        return text
    return _PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)


def _lookup(key: str):
    messages, _rule = _catalog(_language)
    found = messages.get(key)
    return found or None


def _(msgid: str, **params) -> str:
    """`msgid` in the current language, its {placeholders} filled from params."""
    found = _lookup(msgid)
    return _format(found if isinstance(found, str) else msgid, params)


def pgettext(context: str, msgid: str, **params) -> str:
    """Like _, for an English text that needs two translations (told apart by context)."""
    found = _lookup(f"{context}{CONTEXT_SEPARATOR}{msgid}")
    return _format(found if isinstance(found, str) else msgid, params)


def ngettext(singular: str, plural: str, n: int, **params) -> str:
    """The form of the current language for n; {n} is filled with n unless params say otherwise."""
    params.setdefault("n", n)
    messages, rule = _catalog(_language)
    forms = messages.get(singular)
    if isinstance(forms, list) and forms:
        text = forms[min(max(rule(n), 0), len(forms) - 1)] or (singular if n == 1 else plural)
    else:
        text = singular if n == 1 else plural
    return _format(text, params)


class Lazy:
    """A message translated when it is shown (`str(lazy)`), not when it is defined."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, params: dict):
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return translate(self)

    def __repr__(self) -> str:
        return f"N_({self.msgid!r})"

    def __eq__(self, other):
        return isinstance(other, Lazy) and (self.msgid, self.params) == (other.msgid, other.params)

    def __hash__(self):
        return hash((self.msgid, tuple(sorted(self.params.items()))))


def N_(msgid: str, **params):
    """Marks a message for the catalogs without translating it now: the msgid itself, or a
    Lazy one when it has params. `translate()` gives the text in the request's language."""
    return Lazy(msgid, params) if params else msgid


def translate(marked, **params) -> str:
    """The text of an N_()-marked value (a msgid, a Lazy message) in the current language,
    with `params` filling its placeholders."""
    if isinstance(marked, Lazy):
        return _format(_lookup(marked.msgid) or marked.msgid, {**marked.params, **params})
    if isinstance(marked, str):
        found = _lookup(marked)
        return _format(found if isinstance(found, str) else marked, params)
    return str(marked)


def join_or(items: list[str]) -> str:
    """"a", "a or b", "a, b or c" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{list} or {last}", list=", ".join(items[:-1]), last=items[-1])


def capitalized(text: str) -> str:
    """The first letter upper-cased (a card name at the start of a sentence)."""
    return text[:1].upper() + text[1:]


# ---- plural rules: the C subset of gettext's Plural-Forms, without eval --------------------------
def _plural_expression(plural_forms: str) -> str:
    match = re.search(r"plural\s*=\s*(.+?);?\s*$", plural_forms)
    if not match:
        raise ValueError(f"no plural expression in {plural_forms!r}")
    return match.group(1)


_TOKEN = re.compile(r"\s*(\d+|n|==|!=|>=|<=|&&|\|\||[-+*/%()<>?:!])")
_BINARY = [  # loosest first
    {"||": lambda a, b: int(bool(a) or bool(b))},
    {"&&": lambda a, b: int(bool(a) and bool(b))},
    {"==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b)},
    {"<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
     "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b)},
    {"+": lambda a, b: a + b, "-": lambda a, b: a - b},
    {"*": lambda a, b: a * b, "/": lambda a, b: a // b if b else 0, "%": lambda a, b: a % b if b else 0},
]


def plural_rule(expression: str):
    """A function n -> plural form index for a gettext plural expression such as
    `(n%10==1 && n%100!=11 ? 0 : 1)`. ValueError if it is not one."""
    tokens, pos = [], 0
    expression = expression.strip()
    while pos < len(expression):
        match = _TOKEN.match(expression, pos)
        if not match:
            raise ValueError(f"cannot read the plural expression at {expression[pos:]!r}")
        tokens.append(match.group(1))
        pos = match.end()
        if expression[pos:].strip() == "":
            break
    tree, rest = _ternary(tokens, 0)
    if rest != len(tokens):
        raise ValueError(f"unexpected {tokens[rest]!r} in the plural expression")
    return lambda n: int(tree(n))


def _ternary(tokens, i):
    condition, i = _binary(tokens, i, 0)
    if i < len(tokens) and tokens[i] == "?":
        yes, i = _ternary(tokens, i + 1)
        if i >= len(tokens) or tokens[i] != ":":
            raise ValueError("a ? without its :")
        no, i = _ternary(tokens, i + 1)
        return (lambda n: yes(n) if condition(n) else no(n)), i
    return condition, i


def _binary(tokens, i, level):
    if level == len(_BINARY):
        return _unary(tokens, i)
    left, i = _binary(tokens, i, level + 1)
    while i < len(tokens) and tokens[i] in _BINARY[level]:
        operate = _BINARY[level][tokens[i]]
        right, i = _binary(tokens, i + 1, level + 1)
        left = (lambda op, a, b: lambda n: op(a(n), b(n)))(operate, left, right)
    return left, i


def _unary(tokens, i):
    if i >= len(tokens):
        raise ValueError("the plural expression ends too early")
    token = tokens[i]
    if token == "!":
        inner, i = _unary(tokens, i + 1)
        return (lambda n: int(not inner(n))), i
    if token == "(":
        inner, i = _ternary(tokens, i + 1)
        if i >= len(tokens) or tokens[i] != ")":
            raise ValueError("a ( without its )")
        return inner, i + 1
    if token == "n":
        return (lambda n: n), i + 1
    if token.isdigit():
        value = int(token)
        return (lambda n: value), i + 1
    raise ValueError(f"unexpected {token!r} in the plural expression")
