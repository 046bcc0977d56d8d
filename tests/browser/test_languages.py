"""Languages in the browser: the page follows the browser's language; a choice made on the
start screen or in the table tools re-renders the screen in place (the game goes on) and
survives a reload; Python's option labels and refusals arrive in the chosen language; Cyrillic
is drawn by a real font."""

from __future__ import annotations

import json

from conftest import FAST, PHONE, STEP_TIMEOUT_MS, bots_at_level, screenshot, start_match

from games import bridge

# Zevaka, seed 5 on a stacked deck (as in test_zevaka.py): you begin, and Python refuses a
# move your top card cannot make.
DECK = ("6S,9H,8D,QC,JS,AH,7C,7S,8S,9S,TS,QS,KS,AS,6H,7H,8H,TH,JH,QH,KH,6D,7D,9D,TD,JD,QD,KD,AD,"
        "6C,8C,9C,TC,JC,KC,AC")
HUMAN_TURN = "[data-testid=target]:enabled, [data-testid=action-button][data-type=draw]:enabled"


def ask(request: dict) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def current_record(page) -> dict:
    return page.evaluate("window.cardtable.currentRecord()")


def target_selector(target) -> str:
    if target == "common":
        return "[data-testid=common] [data-testid=target]"
    return f"[data-testid=seat][data-seat='{target}'] [data-testid=target]"


def refused_try(view: dict):
    """A move of your top card onto a pile with a card that Python does not allow, or None."""
    if not view["piles"][0]["top"] or view["pending"]:
        return None
    legal = {a["target"] for a in view["legal"] if a["type"] == "move"}
    piles = ["common"] + [s for s in range(1, view["players"]) if view["piles"][s]["top"]]
    return next((p for p in piles if p not in legal and (p != "common" or view["common"]["top"])), None)


def choose_language(page, selector: str, code: str, heading: str | None = None) -> None:
    page.select_option(selector, code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    if heading:
        page.wait_for_function(f"document.querySelector('h1')?.textContent === {json.dumps(heading)}")


def test_russian_then_german_mid_game_and_after_a_reload(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5&deck={DECK}")
    assert page.inner_text("h1") == "Card Table"
    assert page.evaluate("document.documentElement.lang") == "en"

    # The start screen in Russian: the page's texts and Python's titles and option labels.
    choose_language(page, "[data-testid=language]", "ru", "Карточный стол")
    assert page.title() == "Карточный стол"
    page.click("[data-testid=game-choice][data-game='zevaka']")
    page.wait_for_selector("[data-testid=setup][data-game='zevaka']")
    assert page.inner_text("[data-testid=setup] h2") == "Зевака"
    assert page.text_content("[data-testid=option-hints] legend") == "Подсказки (показывать возможные ходы)"
    assert page.text_content("[data-testid=option-deadlock]").count("Ничья") == 1
    assert page.inner_text("[data-testid=start]") == "Начать"
    screenshot(page, "i18n-ru-start")

    start_match(page, players=3, game="zevaka")
    assert page.get_attribute("[data-testid=leave]", "aria-label") == "Игры"  # a phone shows only ‹
    # Play until Python refuses a try; its explanation shows in Russian, the table unchanged.
    for _ in range(40):
        page.wait_for_selector(HUMAN_TURN, timeout=STEP_TIMEOUT_MS)
        record = current_record(page)
        view = ask({"op": "view", "record": record, "seat": 0})["view"]
        target = refused_try(view)
        if target is not None:
            break
        move = next((a for a in view["legal"] if a["type"] in ("move", "place")), None)
        if move and move["type"] == "move":
            page.click("[data-testid=own-top]")
        if move:
            page.click(target_selector(move["target"]))
        else:
            page.click("[data-testid=action-button][data-type=draw]")
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {len(record['actions'])}")
    else:
        raise AssertionError("no refused try came up")
    action = {"type": "move", "target": target}
    russian = ask({"op": "act", "record": record, "action": action, "seat": 0, "lang": "ru"})["error"]
    english = ask({"op": "act", "record": record, "action": action, "seat": 0})["error"]
    assert russian["code"] == "illegal_action" and russian["message"] != english["message"]
    assert page.get_attribute("[data-testid=own-top]", "aria-label").startswith("Ваша верхняя карта: ")
    page.click("[data-testid=own-top]")
    assert page.inner_text("[data-testid=status]") == "Теперь нажмите на стопку, куда ляжет ваша верхняя карта"
    page.click(target_selector(target))
    page.wait_for_selector("[data-testid=table-notice]", timeout=STEP_TIMEOUT_MS)
    assert page.inner_text("[data-testid=table-notice]") == russian["message"]
    assert current_record(page)["actions"] == record["actions"]
    screenshot(page, "i18n-ru-refused")

    # German from the table tools: the same table, the same game, re-rendered.
    page.click("[data-testid=open-tools]")
    assert page.inner_text("[data-testid=table-tools] h2") == "Стол"
    choose_language(page, "[data-testid=tool-language]", "de")
    page.wait_for_selector("[data-testid=table-tools] h2:text-is('Tisch')")
    page.click("[data-testid=close-tools]")
    assert page.get_attribute("[data-testid=leave]", "aria-label") == "Spiele"  # a phone shows only ‹
    assert page.inner_text("[data-testid=status]").startswith("Du bist dran")
    assert page.inner_text("[data-testid=common] .pile-label") == "Gemeinsamer Stapel"
    assert current_record(page)["actions"] == record["actions"]
    screenshot(page, "i18n-de-table")

    # The choice is remembered: after a reload the table comes back in German.
    page.reload()
    page.wait_for_selector("[data-testid=table-screen]", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.get_attribute("[data-testid=leave]", "aria-label") == "Spiele"  # a phone shows only ‹
    assert current_record(page)["actions"] == record["actions"]
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.inner_text("h1") == "Kartentisch"
    assert page.input_value("[data-testid=language]") == "de"


def test_an_oh_hell_table_and_a_bridge_error_in_german(new_page, open_app):
    page = new_page(PHONE, service_workers="block")
    bots_at_level(page, "bogus")
    open_app(page, f"{FAST}&seed=7")  # seed 7: a bot bids first
    choose_language(page, "[data-testid=language]", "de", "Kartentisch")
    hook = page.text_content("[data-testid=option-hook] legend")  # folded under "Rule options"
    assert hook == "Hakenregel (die Ansage des Gebers darf die Summe nicht gleich der Stichzahl machen)"
    start_match(page, players=4, game="oh_hell")
    # The bots cannot move at the unknown level: Python's refusal, in German, in the banner.
    page.wait_for_selector("[data-testid=error-message]", timeout=STEP_TIMEOUT_MS)
    assert page.inner_text("[data-testid=error-message]").startswith("Unbekannte Bot-Stufe 'bogus'")
    assert page.inner_text("[data-testid=deal-info]") == "Runde 1 von 16, 13 Karten"
    assert page.inner_text("[data-testid=open-sheet]") == "Punkte"
    labels = page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert labels and all("-" in label or "Joker" in label for label in labels), labels  # "Herz-Dame"


def test_the_language_follows_the_browser(new_page, open_app):
    page = new_page(PHONE, locale="pl-PL")
    open_app(page)
    assert page.inner_text("h1") == "Stół karciany"
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.input_value("[data-testid=language]") == "pl"
    other = new_page(PHONE, locale="fr-FR")  # not offered: English
    open_app(other)
    assert other.inner_text("h1") == "Card Table"
    assert other.evaluate("document.documentElement.lang") == "en"


def test_the_loading_and_error_screens_speak_before_python_does(new_page, site_url):
    page = new_page(PHONE, locale="ru-RU")
    held = []
    page.context.route("**/build.json", lambda route: held.append(route))  # answered below
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_function("document.querySelector('[data-testid=loading-text]')?.textContent"
                           " === 'Чтение описания сборки…'", timeout=30_000)
    assert page.inner_text("[data-testid=loading-screen] h1") == "Карточный стол"
    while not held:
        page.wait_for_timeout(50)
    held[0].fulfill(status=404, body="missing")
    page.wait_for_selector("[data-testid=error-screen]", timeout=30_000)
    assert page.inner_text("[data-testid=error-screen] h1") == "Карточный стол не удалось запустить"
    assert page.inner_text("[data-testid=boot-error]").startswith("Python не запустился: ")
    assert page.inner_text("[data-testid=error-screen] button") == "Перезагрузить"


def test_cyrillic_is_drawn_by_the_pages_own_font(new_page, open_app):
    """The font that draws Latin text draws Cyrillic too (no per-glyph fallback to another
    font, no empty boxes): Chrome says which platform fonts drew each node."""
    for locale, sample in (("ru-RU", "Карточный стол"), ("bg-BG", "Маса за карти")):
        page = new_page(PHONE, locale=locale)
        open_app(page)
        assert page.inner_text("h1") == sample
        page.evaluate("""() => {
          const probe = document.createElement('p');
          probe.id = 'font-probe';
          probe.textContent = 'Card Table Карточный стол Козёл Зевака';
          document.querySelector('.tagline').after(probe);
        }""")
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        for selector in ("h1", "#font-probe", ".tagline"):
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            text = page.inner_text(selector)
            assert len(fonts) == 1, (selector, fonts)  # one font for Latin and Cyrillic alike
            # Every letter was drawn by it (a space where a line wraps is not drawn at all).
            assert not fonts[0]["isCustomFont"] and fonts[0]["glyphCount"] >= len("".join(text.split())), \
                (selector, fonts, text)
        widths = page.evaluate("""() => {
          const context = document.createElement('canvas').getContext('2d');
          context.font = getComputedStyle(document.querySelector('h1')).font;
          const box = context.measureText('\\u0378').width;  // an unassigned code point: the empty box
          return [...'ЖжЁёЩщЪъЫыЭэЮюЯяЙй'].map((ch) => [ch, context.measureText(ch).width, box]);
        }""")
        for char, width, box in widths:
            assert width > 0 and width != box, (char, width, box)
