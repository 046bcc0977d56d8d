#!/usr/bin/env python3
"""Message catalogs (docs/i18n.md): gettext PO sources in locales/, JSON for the page and Python.

    python build_tools/catalogs.py update    extract every msgid from py/ and web/js/, merge into
                                             each locales/<lang>.po (new entries empty, stale ones
                                             dropped, references refreshed), write locales/messages.pot
    python build_tools/catalogs.py compile   write py/games/locales/<lang>.json (the wheel's catalogs)
    python build_tools/catalogs.py check     list missing, stale or mismatched translations (exit 1)

build.py calls `compile_python` and `compile_web` on every build. This module is the one PO
reader, extractor and compiler: the build and tests/test_i18n.py both use it.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
PY_SOURCES = ROOT / "py" / "games"
JS_SOURCES = ROOT / "web" / "js"
PY_CATALOGS = PY_SOURCES / "locales"
CONTEXT_SEPARATOR = "\x04"  # gettext's: a key with a context is "context\x04msgid"

# ---- what marks a message in the sources ------------------------------------------------
# Python: name -> the roles of its leading positional arguments (all string literals).
PY_FUNCTIONS = {
    "_": ("msgid",),
    "N_": ("msgid",),
    "ngettext": ("msgid", "plural"),
    "pgettext": ("context", "msgid"),
}
# JavaScript (web/js/i18n.js): the same roles.
JS_FUNCTIONS = {
    "t": ("msgid",),
    "tp": ("msgid",),
    "tn": ("msgid", "plural"),
    "tc": ("context", "msgid"),
    "N_": ("msgid",),  # marked where chosen, translated later by translate() (its params are not known here)
}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
JS_CALL = re.compile(r"(?<![\w.$])(" + "|".join(sorted(JS_FUNCTIONS, key=len, reverse=True)) + r")\(")
JS_STRING = re.compile(r"""\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\$]|\\.)*)`)""")
JS_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "`": "`"}
COMMENT_MARK = "i18n:"  # `# i18n: ...` / `// i18n: ...` on a call's line or the line above: a note to translators


class CatalogError(Exception):
    """A source or catalog problem; the message says where."""


@dataclass
class Entry:
    msgid: str
    context: str | None = None
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return f"{self.context}{CONTEXT_SEPARATOR}{self.msgid}" if self.context is not None else self.msgid

    def placeholders(self) -> set[str]:
        names = set(PLACEHOLDER.findall(self.msgid))
        if self.plural is not None:
            names |= set(PLACEHOLDER.findall(self.plural))
        return names

    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr)


# ---- extraction ---------------------------------------------------------------------------


@dataclass
class Found:
    """One marked call in a source file."""

    path: str
    line: int
    context: str | None
    msgid: str
    plural: str | None
    params: set[str] | None  # keyword names (Python) or object keys (JS) when readable
    note: str | None


def _relative(path: Path) -> str:
    """A source's name as the catalogs' references give it: relative to the repository."""
    path = Path(path).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def _note(lines: list[str], line: int, mark: str) -> str | None:
    for number in (line, line - 1):
        if 1 <= number <= len(lines):
            text = lines[number - 1]
            at = text.find(mark + " " + COMMENT_MARK)
            if at >= 0:
                return text[at + len(mark) + 1 + len(COMMENT_MARK):].strip()
    return None


def extract_python(paths=None) -> tuple[list[Found], list[str]]:
    """Every `_`/`N_`/`ngettext`/`pgettext` call in py/games; problems (non-literal msgids,
    a function that calls `_()` but also binds `_`) as the second list."""
    found, problems = [], []
    for path in paths or sorted(PY_SOURCES.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        rel = _relative(path)
        tree = ast.parse(source, str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                problems += _shadowing(node, rel)
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PY_FUNCTIONS):
                continue
            roles = PY_FUNCTIONS[node.func.id]
            values = {}
            for role, arg in zip(roles, node.args):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    values[role] = arg.value
            if len(values) < len(roles):
                problems.append(f"{rel}:{node.lineno}: {node.func.id}() needs string literals as its "
                                f"first {len(roles)} argument(s)")
                continue
            if any(k.arg is None for k in node.keywords) or (node.func.id == "N_" and not node.keywords):
                params = None  # **kwargs, or a msgid marked now and filled later by translate()
            else:
                params = {k.arg for k in node.keywords}
            if node.func.id == "ngettext":
                params = None if params is None else params | {"n"}
            found.append(Found(rel, node.lineno, values.get("context"), values["msgid"], values.get("plural"),
                               params, _note(lines, node.lineno, "#")))
    return found, problems


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _shadowing(function, rel) -> list[str]:
    """`_` bound in a function's own scope while the function calls `_()`: the call would fail."""
    binds = any(a.arg == "_" for a in function.args.args)
    calls = False
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
            calls = True
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            binds = True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue  # checked on their own
        if isinstance(node, _SCOPES):  # a comprehension: its targets are its own
            todo += [n for n in ast.walk(node) if isinstance(n, ast.Call)]
            continue
        todo += list(ast.iter_child_nodes(node))
    return [f"{rel}:{function.lineno}: this function binds `_` and calls `_()`"] if binds and calls else []


def _js_literal(text: str, pos: int):
    """The string literal at `pos` (after spaces): (value, end) or None."""
    match = JS_STRING.match(text, pos)
    if not match:
        return None
    raw = next(group for group in match.groups() if group is not None)
    value = re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|.)", _unescape_js, raw)
    return value, match.end()


def _unescape_js(match) -> str:
    code = match.group(1)
    if code.startswith("u{"):
        return chr(int(code[2:-1], 16))
    if code.startswith("u") and len(code) == 5:
        return chr(int(code[1:], 16))
    return JS_ESCAPES.get(code, code)


def _js_params(text: str, pos: int) -> set[str] | None:
    """The keys of an object literal `{a, b: x}` right after `, ` at pos, if it is a simple one."""
    match = re.compile(r"\s*,\s*\{").match(text, pos)
    if not match:
        return set() if re.compile(r"\s*\)").match(text, pos) else None
    depth, end = 1, match.end()
    while end < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    body = text[match.end():end - 1]
    keys = set()
    level, start = 0, 0
    parts = []
    for i, char in enumerate(body):
        if char in "([{":
            level += 1
        elif char in ")]}":
            level -= 1
        elif char == "," and level == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    for part in parts:
        part = part.strip()
        if not part:
            continue
        key = re.match(r"([A-Za-z_$][\w$]*)\s*(?::|$)", part)
        if not key or part.startswith("..."):
            return None
        keys.add(key.group(1))
    return keys


def extract_js(paths=None) -> tuple[list[Found], list[str]]:
    """Every `t`/`tp`/`tn`/`tc` call in web/js; problems (non-literal msgids) as the second list."""
    found, problems = [], []
    for path in paths or sorted(JS_SOURCES.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        rel = _relative(path)
        code = _blank_js_comments(text)
        for match in JS_CALL.finditer(code):
            if _in_js_string(code, match.start()):
                continue
            name = match.group(1)
            line = code.count("\n", 0, match.start()) + 1
            prefix = code[max(0, match.start() - 9):match.start()]
            if re.search(r"function\s*$", prefix):
                continue  # the definition in i18n.js
            values, pos = {}, match.end()
            for index, role in enumerate(JS_FUNCTIONS[name]):
                literal = _js_literal(code, pos)
                if literal is None:
                    break
                values[role], pos = literal
                if index < len(JS_FUNCTIONS[name]) - 1:
                    comma = re.compile(r"\s*,").match(code, pos)
                    if not comma:
                        break
                    pos = comma.end()
            if len(values) < len(JS_FUNCTIONS[name]):
                problems.append(f"{rel}:{line}: {name}() needs string literals (no template "
                                f"substitutions) as its first {len(JS_FUNCTIONS[name])} argument(s)")
                continue
            if name == "tn":  # tn(singular, plural, n, params): skip the count
                count = re.compile(r"\s*,\s*([^,()]+|[^,]*\([^()]*\)[^,()]*)").match(code, pos)
                params = _js_params(code, count.end()) if count else None
                params = None if params is None else params | {"n"}
            elif name == "N_":
                params = None
            else:
                params = _js_params(code, pos)
            found.append(Found(rel, line, values.get("context"), values["msgid"], values.get("plural"),
                               params, _note(lines, line, "//")))
    return found, problems


def _blank_js_comments(text: str) -> str:
    """The text with // and /* */ comments replaced by spaces (line numbers kept), strings intact."""
    out, i, n = [], 0, len(text)
    quote = None
    while i < n:
        char = text[i]
        if quote:
            out.append(char)
            if char == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if char == quote:
                quote = None
            i += 1
            continue
        if char in "\"'`":
            quote = char
            out.append(char)
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif char == "/" and re.search(r"[(,=:!&|?{};]\s*$", "".join(out[-20:])):
            end = i + 1  # a regex literal: copied as it is
            while end < n and text[end] != "/" and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            out.append(text[i:end + 1])
            i = end + 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _in_js_string(code: str, pos: int) -> bool:
    """Whether pos lies inside a quoted string of its line (a cheap check for calls in text)."""
    line_start = code.rfind("\n", 0, pos) + 1
    quote = None
    i = line_start
    while i < pos:
        char = code[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = None
            elif quote == "`" and code.startswith("${", i):
                return False  # inside a substitution: code again (good enough)
        elif char in "\"'`":
            quote = char
        i += 1
    return quote is not None


def extract() -> tuple[dict[str, Entry], list[str]]:
    """The template: every message of both sides, keyed like the catalogs; and the problems found
    (non-literal calls, one msgid with two plural forms, params not matching placeholders)."""
    py_found, py_problems = extract_python()
    js_found, js_problems = extract_js()
    problems = py_problems + js_problems
    entries: dict[str, Entry] = {}
    for item in py_found + js_found:
        entry = Entry(item.msgid, item.context, item.plural)
        entry = entries.setdefault(entry.key, entry)
        if entry.plural != item.plural:
            problems.append(f"{item.path}:{item.line}: {item.msgid!r} is used with two plural forms")
        entry.references.add(item.path)
        if item.note and item.note not in entry.notes:
            entry.notes.append(item.note)
        if item.params is not None and item.params != entry.placeholders():
            problems.append(f"{item.path}:{item.line}: {item.msgid!r} has placeholders "
                            f"{sorted(entry.placeholders())} but is given {sorted(item.params)}")
    return entries, problems


# ---- PO files -----------------------------------------------------------------------------------


@dataclass
class Catalog:
    language: str
    headers: dict[str, str]
    entries: dict[str, Entry]

    @property
    def plural_forms(self) -> str:
        return self.headers.get("Plural-Forms", "nplurals=2; plural=(n != 1);")

    @property
    def nplurals(self) -> int:
        match = re.search(r"nplurals\s*=\s*(\d+)", self.plural_forms)
        if not match:
            raise CatalogError(f"{self.language}.po: Plural-Forms has no nplurals")
        return int(match.group(1))

    @property
    def plural_expression(self) -> str:
        match = re.search(r"plural\s*=\s*(.+?);?\s*$", self.plural_forms)
        if not match:
            raise CatalogError(f"{self.language}.po: Plural-Forms has no plural expression")
        return match.group(1)

    @property
    def plural_categories(self) -> list[str]:
        """The Intl.PluralRules category of each plural form (header X-Plural-Categories)."""
        categories = self.headers.get("X-Plural-Categories", "").split()
        if len(categories) != self.nplurals:
            raise CatalogError(f"{self.language}.po: X-Plural-Categories must name {self.nplurals} "
                               "Intl.PluralRules categories, one per plural form")
        return categories


def _po_unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text!r}")
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(m.group(1), m.group(1)),
                  text[1:-1])


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def parse_po(text: str, language: str = "?") -> Catalog:
    entries: dict[str, Entry] = {}
    headers: dict[str, str] = {}
    current: dict = {}
    comments = {"references": set(), "notes": [], "flags": set()}
    last = None

    def finish():
        nonlocal current, comments, last
        if "msgid" in current:
            msgstr = [current["msgstr"][i] for i in sorted(current["msgstr"])] if current.get("msgstr") else [""]
            entry = Entry(current["msgid"], current.get("msgctxt"), current.get("msgid_plural"), msgstr,
                          comments["references"], comments["notes"], comments["flags"])
            if entry.msgid == "" and entry.context is None:
                for line in entry.msgstr[0].split("\n"):
                    name, sep, value = line.partition(":")
                    if sep:
                        headers[name.strip()] = value.strip()
            else:
                if entry.key in entries:
                    raise CatalogError(f"{language}.po: {entry.msgid!r} appears twice")
                entries[entry.key] = entry
        current, last = {}, None
        comments = {"references": set(), "notes": [], "flags": set()}

    for number, line in enumerate(text.splitlines(), 1):
        where = f"{language}.po:{number}"
        stripped = line.strip()
        if not stripped:
            finish()
            continue
        if stripped.startswith("#"):
            if "msgid" in current:
                finish()
            if stripped.startswith("#~"):
                raise CatalogError(f"{where}: obsolete entries (#~) are not kept: delete them")
            if stripped.startswith("#:"):
                comments["references"].update(stripped[2:].split())
            elif stripped.startswith("#."):
                comments["notes"].append(stripped[2:].strip())
            elif stripped.startswith("#,"):
                comments["flags"].update(flag.strip() for flag in stripped[2:].split(","))
            continue
        keyword, _, rest = stripped.partition(" ")
        if keyword.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a continuation line without a keyword")
            name, index = last
            if index is None:
                current[name] += _po_unquote(stripped, where)
            else:
                current["msgstr"][index] += _po_unquote(stripped, where)
            continue
        plural_index = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        if keyword in ("msgctxt", "msgid") and ("msgstr" in current):
            finish()
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            current[keyword] = _po_unquote(rest, where)
            last = (keyword, None)
        elif keyword == "msgstr" or plural_index:
            index = int(plural_index.group(1)) if plural_index else 0
            current.setdefault("msgstr", {})[index] = _po_unquote(rest, where)
            last = ("msgstr", index)
        else:
            raise CatalogError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return Catalog(language, headers, entries)


def read_po(path: Path) -> Catalog:
    return parse_po(path.read_text(encoding="utf-8"), path.stem)


HEADER_ORDER = ("Project-Id-Version", "Language", "Language-Team", "MIME-Version", "Content-Type",
                "Content-Transfer-Encoding", "Plural-Forms", "X-Plural-Categories")


def write_po(catalog: Catalog, *, template: bool = False) -> str:
    """PO text: the header, then the entries in the order of their first reference and msgid."""
    lines = ['msgid ""', 'msgstr ""']
    names = [n for n in HEADER_ORDER if n in catalog.headers] + sorted(set(catalog.headers) - set(HEADER_ORDER))
    lines += [_po_quote(f"{name}: {catalog.headers[name]}\n") for name in names]
    for entry in sorted(catalog.entries.values(), key=_entry_order):
        lines.append("")
        lines += [f"#. {note}" for note in entry.notes]
        if entry.references:
            lines.append("#: " + " ".join(sorted(entry.references)))
        if entry.flags:
            lines.append("#, " + ", ".join(sorted(entry.flags)))
        if entry.context is not None:
            lines.append(f"msgctxt {_po_quote(entry.context)}")
        lines.append(f"msgid {_po_quote(entry.msgid)}")
        if entry.plural is not None:
            lines.append(f"msgid_plural {_po_quote(entry.plural)}")
            forms = 2 if template else catalog.nplurals
            msgstr = (entry.msgstr + [""] * forms)[:forms] if not template else [""] * forms
            lines += [f"msgstr[{i}] {_po_quote(text)}" for i, text in enumerate(msgstr)]
        else:
            lines.append(f"msgstr {_po_quote('' if template else entry.msgstr[0])}")
    return "\n".join(lines) + "\n"


def _entry_order(entry: Entry):
    return (min(entry.references) if entry.references else "~", entry.msgid, entry.context or "")


def po_paths() -> list[Path]:
    return sorted(LOCALES.glob("*.po"))


def catalogs() -> dict[str, Catalog]:
    return {path.stem: read_po(path) for path in po_paths()}


# ---- checks ----------------------------------------------------------------------------------------


def problems_of(catalog: Catalog, template: dict[str, Entry]) -> list[str]:
    """What is wrong with one language's catalog against the extracted template."""
    out = []
    lang = catalog.language
    try:
        nplurals = catalog.nplurals
        catalog.plural_categories
        plural_function(catalog.plural_expression)
    except (CatalogError, ValueError) as error:
        return [f"{lang}.po: {error}"]
    if catalog.headers.get("Language") != lang:
        out.append(f"{lang}.po: the Language header must be {lang!r}")
    for key, wanted in template.items():
        entry = catalog.entries.get(key)
        if entry is None:
            out.append(f"{lang}.po: missing {wanted.msgid!r}" + (f" (context {wanted.context!r})" if wanted.context else ""))
            continue
        if entry.plural != wanted.plural:
            out.append(f"{lang}.po: {wanted.msgid!r} has msgid_plural {entry.plural!r}, the source {wanted.plural!r}")
            continue
        if not entry.translated():
            out.append(f"{lang}.po: no translation (or fuzzy) for {wanted.msgid!r}")
            continue
        if entry.plural is not None and len(entry.msgstr) != nplurals:
            out.append(f"{lang}.po: {wanted.msgid!r} needs {nplurals} plural forms, has {len(entry.msgstr)}")
        for text in entry.msgstr:
            found = set(PLACEHOLDER.findall(text))
            expected = wanted.placeholders()
            # A plural form may leave out {n} (e.g. Russian "одна карта"), never add or drop others.
            if found != expected and not (entry.plural is not None and found | {"n"} == expected | {"n"}
                                          and found <= expected):
                out.append(f"{lang}.po: {wanted.msgid!r} -> {text!r}: placeholders {sorted(found)}, "
                           f"expected {sorted(expected)}")
        if entry.references != wanted.references:
            out.append(f"{lang}.po: references of {wanted.msgid!r} are out of date (run `python "
                       "build_tools/catalogs.py update`)")
    for key, entry in catalog.entries.items():
        if key not in template:
            out.append(f"{lang}.po: stale entry {entry.msgid!r} (no source uses it)")
    return out


# ---- plural expressions (the C subset of gettext's Plural-Forms) ------------------------------------


def plural_function(expression: str):
    """The PO header's plural expression as a function n -> form index (Python's own evaluator)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from games.engine.i18n import plural_rule
    finally:
        sys.path.pop(0)
    return plural_rule(expression)


# ---- compiling ----------------------------------------------------------------------------------------


def compiled(catalog: Catalog, side: str) -> dict:
    """The JSON of one language for one side ("py/" or "web/"): the messages that side uses."""
    messages = {}
    for key, entry in sorted(catalog.entries.items()):
        if not any(ref.startswith(side) for ref in entry.references) or not entry.translated():
            continue
        messages[key] = entry.msgstr if entry.plural is not None else entry.msgstr[0]
    return {
        "language": catalog.language,
        "plural_forms": catalog.plural_forms,
        "plural_categories": catalog.plural_categories,
        "messages": messages,
    }


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def compile_python(target: Path = PY_CATALOGS) -> list[Path]:
    """py/games/locales/<lang>.json, written only when its text changes (so the wheel is not
    rebuilt for nothing); stale languages removed."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    wanted = set()
    for lang, catalog in catalogs().items():
        path = target / f"{lang}.json"
        wanted.add(path.name)
        text = dump(compiled(catalog, "py/"))
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    for path in target.glob("*.json"):
        if path.name not in wanted:
            path.unlink()
    return written


def compile_web(site: Path) -> list[Path]:
    """<site>/locales/<lang>.json: the page's catalogs."""
    target = site / "locales"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for lang, catalog in catalogs().items():
        path = target / f"{lang}.json"
        path.write_text(dump(compiled(catalog, "web/")), encoding="utf-8")
        written.append(path)
    return written


# ---- update (msgmerge) ------------------------------------------------------------------------------


def update() -> list[str]:
    template, problems = extract()
    pot = Catalog("messages", {"Project-Id-Version": "cardtable", "MIME-Version": "1.0",
                               "Content-Type": "text/plain; charset=UTF-8",
                               "Content-Transfer-Encoding": "8bit"}, template)
    LOCALES.mkdir(exist_ok=True)
    (LOCALES / "messages.pot").write_text(write_po(pot, template=True), encoding="utf-8")
    for path in po_paths():
        catalog = read_po(path)
        merged = {}
        for key, wanted in template.items():
            old = catalog.entries.get(key)
            entry = Entry(wanted.msgid, wanted.context, wanted.plural, references=set(wanted.references),
                          notes=list(wanted.notes))
            if old is not None and old.plural == wanted.plural:
                entry.msgstr, entry.flags = old.msgstr, old.flags
            elif wanted.plural is not None:
                entry.msgstr = [""] * catalog.nplurals
            merged[key] = entry
        path.write_text(write_po(Catalog(catalog.language, catalog.headers, merged)), encoding="utf-8")
    return problems


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        problems = update()
        print(f"{len(extract()[0])} messages; updated {', '.join(p.name for p in po_paths())}")
    elif command == "compile":
        problems = []
        for path in compile_python():
            print(path.relative_to(ROOT))
    elif command == "check":
        template, problems = extract()
        for catalog in catalogs().values():
            problems += problems_of(catalog, template)
    else:
        print(__doc__)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
