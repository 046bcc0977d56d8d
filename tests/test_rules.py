"""The rules screens' documents: web/rules/<lang>/<game>.html, one per game and language.

Each is a safe HTML fragment (headings, paragraphs, lists, tables; no script, style, event
handler or link), non-trivial, with the same sections as the English one, and its last
section ("Variants in this app") names every option of the game's setup panel: in English
by the schema's own labels, in the other languages by the wording in
docs/rules/translations.json (which the UI catalogs must use too, see the last test).
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from games import registry

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import sync_rules_wording  # noqa: E402  (tools/ is not a package)

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "web" / "rules"
TRANSLATIONS = json.loads((REPO / "docs" / "rules" / "translations.json").read_text(encoding="utf-8"))
LANGUAGES = ("en", "ru", "pl", "bg", "de", "nl")
GAMES = tuple(registry.MODULES)

ALLOWED_TAGS = {
    "h2", "h3", "h4", "p", "ul", "ol", "li", "dl", "dt", "dd", "table", "caption", "thead", "tbody",
    "tr", "th", "td", "strong", "em", "b", "i", "span", "br", "abbr", "kbd", "sup", "sub",
}
VOID_TAGS = {"br"}
ALLOWED_ATTRIBUTES = {"th": {"scope", "colspan", "rowspan"}, "td": {"colspan", "rowspan"}, "abbr": {"title"}}
GLOBAL_ATTRIBUTES = {"lang"}
# rules-screen.js keeps the same tags and attributes (it drops or unwraps anything else).
SCREEN = (REPO / "web" / "js" / "rules-screen.js").read_text(encoding="utf-8")


class Fragment(HTMLParser):
    """Parses one document, collecting what the tests look at and every problem found."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.h2: list[str] = []
        self.h3 = 0
        self.text_parts: list[str] = []
        self.sections: list[list[str]] = [[]]  # text before the first h2, then per h2
        self._heading: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        where = f"line {self.getpos()[0]}"
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"{where}: tag <{tag}> is not allowed")
        for name, _ in attrs:
            if name.startswith("on"):
                self.problems.append(f"{where}: event handler attribute {name} on <{tag}>")
            elif name not in ALLOWED_ATTRIBUTES.get(tag, set()) | GLOBAL_ATTRIBUTES:
                self.problems.append(f"{where}: attribute {name} on <{tag}> is not allowed")
        if tag in VOID_TAGS:
            return
        self.stack.append(tag)
        if tag == "h2":
            self._heading = []
            self.sections.append([])
        elif tag == "h3":
            self.h3 += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_TAGS:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> does not close <{self.stack[-1] if self.stack else 'nothing'}>")
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "h2" and self._heading is not None:
            self.h2.append(normalize("".join(self._heading)))
            self._heading = None

    def handle_data(self, data):
        if data.strip() and not self.stack:
            self.problems.append(f"line {self.getpos()[0]}: text outside any element: {data.strip()[:40]!r}")
        self.text_parts.append(data)
        self.sections[-1].append(data)
        if self._heading is not None:
            self._heading.append(data)

    def handle_comment(self, data):
        self.problems.append(f"line {self.getpos()[0]}: comments are not shipped in rules")

    def handle_decl(self, decl):
        self.problems.append(f"declaration <!{decl}> in a fragment")

    def handle_pi(self, data):
        self.problems.append(f"processing instruction <?{data}> in a fragment")

    @property
    def text(self) -> str:
        return normalize(" ".join(self.text_parts))

    @property
    def last_section(self) -> str:
        return normalize(" ".join(self.sections[-1]))


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def parse(language: str, game: str) -> Fragment:
    path = RULES / language / f"{game}.html"
    fragment = Fragment()
    fragment.feed(path.read_text(encoding="utf-8"))
    fragment.close()
    if fragment.stack:
        fragment.problems.append(f"unclosed elements at the end: {fragment.stack}")
    return fragment


def words(fragment: Fragment) -> int:
    return len(fragment.text.split())


def schema_labels(game: str) -> list[tuple[str, list[str]]]:
    """(option label, [choice labels]) of the setup panel, as the bridge lists them."""
    from games import bridge
    listed = json.loads(bridge.handle(json.dumps({"op": "games"})))["games"]
    options = next(entry for entry in listed if entry["id"] == game)["options"]
    return [(option["label"], [choice["label"] for choice in option["choices"]]) for option in options]


def test_every_game_has_rules_in_every_language():
    missing = [f"{language}/{game}.html" for language in LANGUAGES for game in GAMES
               if not (RULES / language / f"{game}.html").is_file()]
    assert not missing, missing
    shipped = sorted(path.relative_to(RULES).as_posix() for path in RULES.rglob("*") if path.is_file())
    expected = sorted(f"{language}/{game}.html" for language in LANGUAGES for game in GAMES)
    assert shipped == expected, "web/rules holds only the rules documents"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_are_a_safe_well_formed_fragment(language, game):
    fragment = parse(language, game)
    assert not fragment.problems, fragment.problems
    assert fragment.h2, "sections start with <h2> headings (the screen's <h1> is the title)"


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_sections_and_length_of_english(language, game):
    english, other = parse("en", game), parse(language, game)
    assert len(other.h2) == len(english.h2), (other.h2, english.h2)
    assert other.h3 == english.h3
    assert 0.5 * words(english) <= words(other) <= 1.5 * words(english), (words(other), words(english))


@pytest.mark.parametrize("game", GAMES)
def test_english_rules_name_every_option_and_choice_of_the_setup_panel(game):
    fragment = parse("en", game)
    assert words(fragment) >= 400
    assert normalize(fragment.h2[-1]) == "Variants in this app"
    for label, choices in schema_labels(game):
        assert label in fragment.last_section, f"option {label!r} is not in the variants section"
        for choice in choices:
            assert choice in fragment.last_section, f"choice {choice!r} of {label!r} is not named"


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("game", GAMES)
def test_other_languages_name_every_option_as_the_setup_panel_will(language, game):
    fragment = parse(language, game)
    assert normalize(fragment.h2[-1]) == TRANSLATIONS["ui"]["Variants in this app"][language]
    options, choices = TRANSLATIONS["options"], TRANSLATIONS["choices"]
    for label, labels in schema_labels(game):
        assert label in options, f"docs/rules/translations.json has no entry for {label!r}"
        assert options[label][language] in fragment.last_section, \
            f"{language}: option {options[label][language]!r} ({label!r}) is not in the variants section"
        for choice in labels:
            if choice.isdigit():
                continue
            assert choice in choices, f"docs/rules/translations.json has no entry for the choice {choice!r}"
            assert choices[choice][language] in fragment.last_section, \
                f"{language}: choice {choices[choice][language]!r} ({choice!r}) of {label!r} is not named"


def test_translations_cover_every_option_label_and_language():
    for game in GAMES:
        for label, _ in schema_labels(game):
            entry = TRANSLATIONS["options"].get(label)
            assert entry is not None, label
            assert set(entry) == set(LANGUAGES[1:]), label
            assert all(value.strip() for value in entry.values()), label
    for msgid, entry in {**TRANSLATIONS["choices"], **TRANSLATIONS["ui"]}.items():
        assert set(entry) == set(LANGUAGES[1:]), msgid
        assert all(value.strip() for value in entry.values()), msgid


def test_the_screen_strings_are_listed_for_translation():
    """Every t("...") of rules-screen.js has its translations in docs/rules/translations.json."""
    msgids = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', SCREEN))
    assert msgids, "rules-screen.js says its texts through t()"
    assert msgids <= set(TRANSLATIONS["ui"]), msgids - set(TRANSLATIONS["ui"])


def test_the_screen_keeps_the_tags_the_tests_allow():
    listed = set(re.search(r"const TAGS = new Set\(\[(.*?)\]\)", SCREEN, re.S).group(1).replace('"', "")
                 .replace(",", " ").split())
    assert listed == ALLOWED_TAGS


def po_messages(path: Path) -> dict[str, str]:
    return po_messages_from_text(path.read_text(encoding="utf-8"))


def po_messages_from_text(text: str) -> dict[str, str]:
    """msgid -> msgstr of a PO file: entries without context or plural (labels are such)."""
    messages = {}
    for block in re.split(r"\n\s*\n", text):
        fields, current = {}, None
        for line in block.splitlines():
            line = line.strip()
            keyword = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (\".*\")$", line)
            if keyword:
                current = keyword.group(1)
                fields[current] = json.loads(keyword.group(2))
            elif line.startswith('"') and current:
                fields[current] += json.loads(line)
            elif line.startswith("#"):
                current = None
        if "msgid" in fields and "msgstr" in fields and "msgctxt" not in fields and "msgid_plural" not in fields:
            messages[fields["msgid"]] = fields["msgstr"]
    return messages


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_ui_catalogs_word_the_options_as_the_rules_do(language):
    """Once the page's catalogs exist (locales/<lang>.po), a translated option label must be
    the wording the rules use, so the setup panel and the rules say the same thing."""
    po = REPO / "locales" / f"{language}.po"
    if not po.exists():
        pytest.skip("no UI catalogs in this tree yet")
    messages = po_messages(po)
    wanted = sync_rules_wording.wanted_wording(language)  # without the msgids said in other senses too
    differ = {msgid: (messages[msgid], text) for msgid, text in wanted.items()
              if messages.get(msgid) and messages[msgid] != text}
    assert not differ, f"run tools/sync_rules_wording.py: {differ}"


def test_the_sync_tool_sets_the_rules_wording_and_nothing_else():
    po = ('# header\nmsgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
          '#: py/games/kozel/rules.py\nmsgid "Trump card"\nmsgstr "Карта козыря"\n\n'
          'msgctxt "result"\nmsgid "Trump card"\nmsgstr "не трогать"\n\n'
          'msgid "Draw"\nmsgstr "Взять карту"\n\n'
          'msgid "Passed cards"\nmsgstr ""\n"Сброшенные "\n"карты"\n')
    text, changes = sync_rules_wording.sync(po, sync_rules_wording.wanted_wording("ru"))
    assert changes == [("Trump card", "Карта козыря", "Козырная карта")]
    assert '#: py/games/kozel/rules.py\nmsgid "Trump card"\nmsgstr "Козырная карта"\n' in text
    assert 'msgstr "не трогать"' in text and 'msgstr "Взять карту"' in text
    assert po_messages_from_text(text)["Passed cards"] == "Сброшенные карты"
    assert sync_rules_wording.sync(text, sync_rules_wording.wanted_wording("ru"))[1] == []


def test_the_build_precaches_every_rules_document(dist_dir):
    files = json.loads((dist_dir / "build.json").read_text())["files"]
    for language in LANGUAGES:
        for game in GAMES:
            assert f"rules/{language}/{game}.html" in files
    assert "css/rules.css" in files and "js/rules-screen.js" in files
