"""Six languages (docs/i18n.md): every message the sources mark is translated in every
catalog, with the same placeholders; no catalog keeps stale entries; the compiled JSON is
the PO sources; Python and the page pick the same plural forms; the bridge answers in the
language a request asks for and in English otherwise."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games import bridge
from games.engine import i18n

REPO = Path(__file__).resolve().parent.parent


def load_catalogs():
    name = "cardtable_catalogs"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "build_tools" / "catalogs.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


catalogs = load_catalogs()
LANGUAGES = sorted(path.stem for path in (REPO / "locales").glob("*.po"))


@pytest.fixture(scope="module")
def template():
    entries, problems = catalogs.extract()
    return entries, problems


def ask(request: dict) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


# ---- the sources ------------------------------------------------------------------------


def test_the_six_languages_are_there():
    assert LANGUAGES == ["bg", "de", "nl", "pl", "ru"]
    source = (REPO / "web" / "js" / "i18n.js").read_text()
    offered = re.findall(r'\{ code: "([a-z]+)", name: "[^"]+" \}', source)
    assert offered == ["en", "ru", "pl", "bg", "de", "nl"]
    assert sorted(offered) == sorted(["en", *LANGUAGES])


def test_every_message_call_uses_literals_with_matching_params(template):
    entries, problems = template
    assert not problems, "\n".join(problems)
    assert len(entries) > 500  # both sides are extracted
    sides = {ref.split("/")[0] for entry in entries.values() for ref in entry.references}
    assert sides == {"py", "web"}


def test_the_extractor_refuses_calls_it_cannot_read(tmp_path):
    js = tmp_path / "bad.js"
    js.write_text('t(`Deal ${n}`);\nt(message);\ntn("{n} card", plural, n);\nt("Fine {x}", { x });\n'
                  't("Missing {x}", { y });\n// t(`in a comment ${x}`)\n')
    found, problems = catalogs.extract_js([js])
    assert [f.msgid for f in found] == ["Fine {x}", "Missing {x}"]
    assert [p.split(":")[1] for p in problems] == ["1", "2", "3"]
    assert found[1].params == {"y"}  # extract() reports it against the placeholders
    py = tmp_path / "bad.py"
    py.write_text('def f(name, _):\n    return _("ok")\n\n\ndef g(text):\n    return _(text) + _("Hi {who}", who=1)\n')
    py_found, py_problems = catalogs.extract_python([py])
    assert [f.msgid for f in py_found] == ["ok", "Hi {who}"]
    assert any("binds `_`" in p for p in py_problems) and any("string literals" in p for p in py_problems)


def test_no_english_text_is_left_in_the_tables():
    """Outside t()/tn()/tp()/tc()/N_(), a string literal of the page is a class name, an id or a
    code, never a sentence (a capitalized word and two more)."""
    def sentence(text):
        return " " in text and re.search(r"\b[A-Z][a-z]+\b", text) and len(re.findall(r"[A-Za-z]{2,}", text)) >= 3

    for path in sorted((REPO / "web" / "js").glob("*.js")):
        if path.name in ("worker.js", "micropip.js"):  # no page text: the worker's boot errors, Python code
            continue
        code = catalogs._blank_js_comments(path.read_text())
        code = re.sub(r"(?<![\w.$])(t|tn|tp|tc|N_)\(\s*(\"[^\"]*\"\s*,\s*)*\"[^\"]*\"", "", code)
        for match in re.finditer(r'"([^"\\]*)"|`([^`]*)`', code):
            text = match.group(1) if match.group(1) is not None else re.sub(r"\$\{[^}]*\}", " ", match.group(2))
            assert not sentence(text), f"{path.name}: untranslated text {text!r}"


# ---- the catalogs -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(lang, template):
    entries, _ = template
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    problems = [p for p in catalogs.problems_of(catalog, entries) if "stale entry" not in p]
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_keeps_stale_entries(lang, template):
    entries, _ = template
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    assert set(catalog.entries) == set(entries), sorted(set(catalog.entries) ^ set(entries))[:20]


def test_the_template_is_up_to_date(template):
    entries, _ = template
    pot = catalogs.read_po(REPO / "locales" / "messages.pot")
    assert set(pot.entries) == set(entries), "run `python build_tools/catalogs.py update`"


def test_a_missing_translation_or_placeholder_is_reported(template):
    entries, _ = template
    catalog = catalogs.read_po(REPO / "locales" / "de.po")
    catalog.entries.pop("Deal {deal} done")
    catalog.entries["You do not hold {card}."].msgstr = ["Du hast {karte} nicht."]
    catalog.entries["old"] = catalogs.Entry("old", msgstr=["alt"])
    problems = catalogs.problems_of(catalog, entries)
    assert any("missing 'Deal {deal} done'" in p for p in problems)
    assert any("placeholders ['karte']" in p for p in problems)
    assert any("stale entry 'old'" in p for p in problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_python_catalog_is_the_po_source(lang):
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    shipped = REPO / "py" / "games" / "locales" / f"{lang}.json"
    assert shipped.read_text(encoding="utf-8") == catalogs.dump(catalogs.compiled(catalog, "py/")), \
        "run `python build_tools/catalogs.py compile` (or build.py)"
    data = json.loads(shipped.read_text(encoding="utf-8"))
    assert "You do not hold {card}." in data["messages"] and "Card Table" not in data["messages"]


def test_the_built_site_and_wheel_carry_the_compiled_catalogs(dist_dir):
    manifest = json.loads((dist_dir / "build.json").read_text())
    for lang in LANGUAGES:
        catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
        shipped = dist_dir / "locales" / f"{lang}.json"
        assert json.loads(shipped.read_text(encoding="utf-8")) == catalogs.compiled(catalog, "web/")
        assert f"locales/{lang}.json" in manifest["files"]  # the service worker precaches it
    assert not (dist_dir / "locales" / "en.json").exists()  # English is the msgids
    # Python's catalogs travel in the wheel (package data), as committed.
    import zipfile
    with zipfile.ZipFile(dist_dir / manifest["wheel"]) as wheel:
        for lang in LANGUAGES:
            shipped = wheel.read(f"games/locales/{lang}.json").decode("utf-8")
            assert shipped == (REPO / "py" / "games" / "locales" / f"{lang}.json").read_text(encoding="utf-8")


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_gnu_gettext_reads_the_catalogs_as_we_do(lang, tmp_path):
    """msgfmt --check accepts the PO file, and Python's own gettext, reading msgfmt's output,
    finds every text our compiler put into the JSON catalogs (an independent PO reader)."""
    import gettext

    mo = tmp_path / f"{lang}.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(REPO / "locales" / f"{lang}.po")],
                   check=True, capture_output=True)
    with mo.open("rb") as file:
        gnu = gettext.GNUTranslations(file)
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    rule = i18n.plural_rule(catalog.plural_expression)
    for side in ("py/", "web/"):
        for key, text in catalogs.compiled(catalog, side)["messages"].items():
            entry = catalog.entries[key]
            if entry.plural is not None:
                for n in range(30):
                    assert gnu.ngettext(entry.msgid, entry.plural, n) == text[rule(n)], (key, n)
            elif entry.context is not None:
                assert gnu.pgettext(entry.context, entry.msgid) == text, key
            else:
                assert gnu.gettext(entry.msgid) == text, key


# ---- plural forms ------------------------------------------------------------------------


EXPECTED_FORMS = {  # n: index of the plural form, from the languages' grammar
    "ru": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2},
    "pl": {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 21: 2, 22: 1, 25: 2, 102: 1, 112: 2},
    "bg": {0: 1, 1: 0, 2: 1}, "de": {0: 1, 1: 0, 2: 1}, "nl": {0: 1, 1: 0, 2: 1},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_the_grammar(lang):
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    rule = i18n.plural_rule(catalog.plural_expression)
    assert {n: rule(n) for n in EXPECTED_FORMS[lang]} == EXPECTED_FORMS[lang]
    assert {rule(n) for n in range(1000)} == set(range(catalog.nplurals))


@pytest.mark.skipif(not shutil.which("node"), reason="node is not installed")
def test_the_page_and_python_choose_the_same_plural_form():
    """The page asks Intl.PluralRules for a category; the catalog maps categories to forms.
    For n up to 300 that must be Python's form from the Plural-Forms header."""
    script = ("const [lang, cats] = process.argv.slice(1); const rules = new Intl.PluralRules(lang);"
              "const order = cats.split(',');"
              "console.log(JSON.stringify(Array.from({length: 301}, (_, n) => order.indexOf(rules.select(n)))));")
    for lang in LANGUAGES:
        catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
        out = subprocess.run(["node", "-e", script, lang, ",".join(catalog.plural_categories)],
                             capture_output=True, text=True, check=True).stdout
        rule = i18n.plural_rule(catalog.plural_expression)
        assert json.loads(out) == [rule(n) for n in range(301)], lang


def test_the_plural_evaluator_reads_c_expressions():
    rule = i18n.plural_rule("(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    assert [rule(n) for n in (1, 3, 7, 11, 21, 23)] == [0, 1, 2, 2, 0, 1]
    assert i18n.plural_rule("n != 1")(0) == 1 and i18n.plural_rule("!(n > 1)")(1) == 1
    with pytest.raises(ValueError):
        i18n.plural_rule("n; import os")


# ---- Python in each language ----------------------------------------------------------------


def stacked_oh_hell():
    return ask({"op": "new", "game": "oh_hell", "players": 4, "seed": 3})["record"]


def test_python_speaks_english_by_default_and_when_asked_for_an_unknown_language():
    record = stacked_oh_hell()
    for extra in ({}, {"lang": "en"}, {"lang": "fr"}, {"lang": "../../etc"}):
        answer = ask({"op": "act", "record": record, "action": {"type": "play", "cards": ["2S"]}, **extra})
        assert answer["error"] == {"code": "illegal_action", "message": "Bid first: how many tricks will you take?"}
    assert i18n.current_language() == "en"


def test_lang_must_be_a_string():
    assert ask({"op": "games", "lang": 7})["error"]["code"] == "bad_request"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_python_messages_titles_and_labels_come_in_the_asked_language(lang):
    catalog = catalogs.read_po(REPO / "locales" / f"{lang}.po")
    record = stacked_oh_hell()
    answer = ask({"op": "act", "record": record, "action": {"type": "play", "cards": ["2S"]}, "lang": lang})
    assert answer["error"]["message"] == catalog.entries["Bid first: how many tricks will you take?"].msgstr[0]
    games = {game["id"]: game for game in ask({"op": "games", "lang": lang})["games"]}
    assert games["spades"]["title"] == catalog.entries["Spades with jokers"].msgstr[0]
    hook = games["oh_hell"]["options"][0]
    assert hook["label"] == catalog.entries["Hook rule (the dealer's bid may not make the total equal the tricks)"].msgstr[0]
    assert hook["choices"][0]["label"] == catalog.entries["On"].msgstr[0]
    kozel = ask({"op": "new", "game": "kozel", "players": 4, "seed": 1})["record"]
    held = ask({"op": "view", "record": kozel, "seat": kozel_turn(kozel)})["view"]["hand"]
    missing = next(card for card in ("AH", "AS", "AD", "AC") if card not in held)
    message = ask({"op": "act", "record": kozel, "action": {"type": "play", "cards": [missing]}, "lang": lang})
    english = ask({"op": "act", "record": kozel, "action": {"type": "play", "cards": [missing]}})
    assert message["error"]["code"] == english["error"]["code"] == "illegal_action"
    assert message["error"]["message"] != english["error"]["message"]
    assert "{" not in message["error"]["message"]
    bad = ask({"op": "new", "game": "oh_hell", "players": 9, "lang": lang})["error"]
    assert bad["code"] == "bad_request" and "Oh Hell" in bad["message"] and "{" not in bad["message"]


def kozel_turn(record):
    return ask({"op": "view", "record": record, "seat": 0})["view"]["to_act"]


def test_a_language_is_read_only_when_asked_for():
    code = ("import json, games.bridge as b, games.engine.i18n as i;"
            "b.handle(json.dumps({'op': 'games'})); print(sorted(i._catalogs));"
            "b.handle(json.dumps({'op': 'games', 'lang': 'ru'})); print(sorted(i._catalogs))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=REPO / "py").stdout.split("\n")
    assert out[:2] == ["[]", "['ru']"]


def test_python_card_names_read_in_every_language():
    from games.engine.cards import card_name
    with i18n.language("ru"):
        assert card_name("QH") == "дама червей" and card_name("BJ") == "большой джокер"
    with i18n.language("de"):
        assert card_name("TC") == "Kreuz-Zehn"
    with i18n.language("nl"):
        assert card_name("AS") == "schoppenaas"
    assert card_name("QH") == "the queen of hearts"


def test_every_card_corner_letter_is_drawn_and_every_language_has_its_letters():
    """docs/i18n.md, "Card corners": a letter card-art.js has no glyph for would silently fall
    back to the English one."""
    web = REPO / "web" / "js"
    cards = (web / "cards.js").read_text(encoding="utf-8")
    art = (web / "card-art.js").read_text(encoding="utf-8")
    table = cards[cards.index("export const CORNERS = {"):]
    table = table[:table.index("};")]
    corners = {lang: dict(re.findall(r'([JQKA]): "(.)"', letters))
               for lang, letters in re.findall(r"^\s*(\w\w): \{([^}]*)\}", table, re.M)}
    glyphs = set(re.findall(r'^\s*"?(\w)"?: \{ w:', art, re.M)) | set(re.findall(r'GLYPHS\["(.)"\] =', art))
    assert set(corners) == {"en", "ru", "pl", "bg", "de", "nl"}
    assert corners["de"] == {"J": "B", "Q": "D", "K": "K", "A": "A"}
    assert corners["nl"] == {"J": "B", "Q": "V", "K": "H", "A": "A"}
    for lang, letters in corners.items():
        assert set(letters) == {"J", "Q", "K", "A"}, lang
        assert set(letters.values()) <= glyphs, (lang, set(letters.values()) - glyphs)
