"""axe-core on every screen: no violation of impact serious or critical on the loading and
start screens, every setup panel, each game's table at its decision points (bid, play,
molodka, exchange, talon, 2-player draw, Zevaka's pile choice), the score sheet, the deal
result, the final sheet, history, the table tools and the settings.

The counts per screen (every impact) are written to test-results/axe-report.json, the
violations themselves to test-results/axe-<screen>.txt; AXE_REPORT_ONLY=1 reports without
failing (to measure a page before fixing it).
Tables are reached by resuming records made with CPython's bots (positions.py)."""

from __future__ import annotations

import json
import os

import pytest

from axe import counts, describe, run_axe, serious
from conftest import FAST, PHONE, RESULTS, STEP_TIMEOUT_MS, screenshot, start_match
from positions import human_to_act, record_until, resume_on_load, view_of

VIEWPORT = {"width": 360, "height": 640}
KOZEL_MOLODKA_DECK = ("TS,JS,QS,6S,KS,AS,6H,7S,7H,8H,9H,8S,TH,JH,QH,9S,KH,AH,6D,7D,8D,9D,TD,JD,QD,KD,AD,"
                      "6C,7C,8C,9C,TC,JC,QC,KC,AC").split(",")
YOUR_TURN = "[data-testid=table-screen][data-to-act='0'][data-busy='false']"
REPORT: dict[str, dict[str, int]] = {}


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "axe-report.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps({**old, **REPORT}, indent=1, sort_keys=True))


def check(page, name: str) -> None:
    """axe on the page as it is: no serious or critical violation."""
    violations = run_axe(page)
    REPORT[name] = counts(violations)
    screenshot(page, f"axe-{name}")
    (RESULTS / f"axe-{name}.txt").write_text(describe(violations))
    blocking = serious(violations)
    if os.environ.get("AXE_REPORT_ONLY"):
        return
    assert not blocking, f"{name}:\n{describe(blocking)}"


def open_at(new_page, site_url, record, query=FAST):
    page = new_page(VIEWPORT)
    resume_on_load(page, record)
    page.goto(f"{site_url}?{query}")
    page.wait_for_selector(YOUR_TURN, timeout=60_000)
    return page


def test_loading_screen(new_page, site_url):
    page = new_page(VIEWPORT)
    page.route("**/*.wasm", lambda route: None)  # never answered: the page stays on its loading screen
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=loading-steps] li", timeout=STEP_TIMEOUT_MS)
    check(page, "loading")


def test_start_screen_and_every_setup_panel(new_page, open_app):
    page = new_page(VIEWPORT)
    open_app(page)
    check(page, "start")
    for game in ("oh_hell", "kozel", "spades", "eight_five_three", "zevaka"):
        page.click(f"[data-testid=game-choice][data-game='{game}']")
        page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
        check(page, f"setup-{game}")


def test_settings(new_page, open_app):
    page = new_page(VIEWPORT)
    open_app(page)
    page.click("[data-testid=open-settings]")
    page.wait_for_selector("[data-testid=settings]")
    check(page, "settings")


def test_oh_hell_bid_play_score_sheet_and_tools(new_page, open_app):
    page = new_page(VIEWPORT)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=4, options={"largest": 3}, game="oh_hell")
    page.wait_for_selector("[data-testid=bid-button]:enabled", timeout=STEP_TIMEOUT_MS)
    check(page, "oh_hell-bid")
    page.click("[data-testid=bid-button]:enabled >> nth=0")
    page.wait_for_selector("[data-testid=hand-card]:enabled", timeout=STEP_TIMEOUT_MS)
    check(page, "oh_hell-play")
    page.click("[data-testid=open-sheet]")
    page.wait_for_selector("[data-testid=score-sheet-view]")
    check(page, "score-sheet")
    page.click("[data-testid=close-sheet]")
    page.click("[data-testid=open-tools]")
    page.wait_for_selector("[data-testid=table-tools]")
    check(page, "table-tools")
    page.click("[data-testid=tool-review]")
    page.wait_for_selector("[data-testid=review-empty], [data-testid=review-position]")
    check(page, "table-tools-review")


def test_kozel_play_molodka_and_deal_result(new_page, site_url):
    record = record_until("kozel", 4, human_to_act("molodka"), options={"molodka": "interrupt"}, seed=3,
                          deck=KOZEL_MOLODKA_DECK)
    page = open_at(new_page, site_url, record)
    check(page, "kozel-molodka")
    # The last decision of the first deal: one press ends it on the deal result.
    record = record_until("kozel", 4, lambda v: v["to_act"] == 0 and v["stock_count"] == 0 and len(v["hand"]) == 1
                          and v["phase"] == "play", seed=5)
    page = open_at(new_page, site_url, record)
    view = view_of(record)
    page.click("[data-testid=hand-card]:enabled >> nth=0")
    check(page, "kozel-play-selected")
    action = next(a for a in view["legal"] if a["type"] in ("play", "pass"))
    kind = action["type"]
    page.click(f"[data-testid=action-button][data-type={kind}]")
    page.wait_for_selector("[data-testid=deal-sheet]", timeout=STEP_TIMEOUT_MS)
    check(page, "kozel-deal-result")


def test_spades_bid_and_two_player_draw(new_page, site_url):
    page = open_at(new_page, site_url, record_until("spades", 2, human_to_act("draw"), seed=2))
    check(page, "spades-draw")
    page = open_at(new_page, site_url, record_until("spades", 4, human_to_act("bid"),
                                                    options={"nil": "nil", "partnership": True}, seed=2))
    check(page, "spades-bid")


def test_eight_five_three_declare_exchange_and_talon(new_page, site_url):
    for phase in ("declare", "exchange", "talon"):
        record = record_until("eight_five_three", 3, human_to_act(phase), seed=1, level="normal")
        page = open_at(new_page, site_url, record)
        check(page, f"eight_five_three-{phase}")


def test_zevaka_pile_choice(new_page, site_url):
    record = record_until("zevaka", 3, lambda v: v["to_act"] == 0 and any(a["type"] == "move" for a in v["legal"]),
                          options={"hints": True}, seed=5)
    page = open_at(new_page, site_url, record)
    page.click("[data-testid=own-top]")
    check(page, "zevaka-target")


def test_final_sheet_and_history(new_page, site_url):
    def last_decision(view):
        return (view["to_act"] == 0 and view["phase"] == "play" and view["deal"]["number"] == view["deal"]["count"]
                and len(view["hand"]) == 1)
    record = record_until("oh_hell", 3, last_decision, options={"largest": 3}, seed=11)
    page = open_at(new_page, site_url, record)
    page.click("[data-testid=hand-card]:enabled >> nth=0")
    page.wait_for_selector("[data-testid=final-sheet]", timeout=STEP_TIMEOUT_MS)
    check(page, "final-sheet")
    page.click("[data-testid=new-game]")
    page.click("[data-testid=open-history]")
    page.wait_for_selector("[data-testid=history-list]")
    check(page, "history")


def test_four_colour_deck_is_remembered_and_motion_can_be_reduced(browser, site_url):
    context = browser.new_context(viewport=VIEWPORT, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{site_url}?{FAST}")
        page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)
        page.click("[data-testid=open-settings]")
        # The dialog opens on its checkbox; Space ticks it, Escape closes the dialog.
        assert page.evaluate("document.activeElement.dataset.testid") == "setting-four-colour"
        page.keyboard.press("Space")
        page.keyboard.press("Escape")
        assert page.locator("[data-testid=settings]").count() == 0
        assert page.evaluate("document.activeElement.dataset.testid") == "open-settings"
        page.reload()
        page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)
        assert page.evaluate("document.documentElement.classList.contains('four-colour')")
        start_match(page, players=4, game="oh_hell")
        page.wait_for_selector("[data-testid=hand-card]")
        colours = page.evaluate("""() => Object.fromEntries(["S", "H", "D", "C"].map((suit) => {
            const card = document.createElement("span");
            card.className = `card suit-${suit} ${"HD".includes(suit) ? "red" : "black"}`;
            document.querySelector("[data-testid=hand]").append(card);
            const colour = getComputedStyle(card).color;
            card.remove();
            return [suit, colour];
        }))""")
        assert len(set(colours.values())) == 4, colours
        # Reduced motion: the slide-in of a played card takes no time.
        duration = page.evaluate("""() => {
            const probe = document.createElement("div");
            probe.className = "trick-card fresh";
            document.body.append(probe);
            const value = getComputedStyle(probe).animationDuration;
            probe.remove();
            return parseFloat(value);
        }""")
        assert duration < 0.01
    finally:
        context.close()


def test_a_dialog_stays_open_and_focused_while_bots_move(new_page, open_app):
    page = new_page(VIEWPORT)
    open_app(page, "botDelay=300&trickDelay=0&seed=3")
    start_match(page, players=4, options={"largest": 3}, game="oh_hell")
    page.wait_for_selector("[data-testid=bid-button]:enabled", timeout=STEP_TIMEOUT_MS)
    page.keyboard.press("Enter")  # the focus is on your first bid
    page.wait_for_function("window.cardtable.currentRecord().actions.length > 0")
    moves = page.evaluate("window.cardtable.currentRecord().actions.length")
    page.focus("[data-testid=open-sheet]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=score-sheet-view]")
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {moves}", timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=score-sheet-view]").count() == 1, "a bot's move closed the dialog"
    assert page.evaluate("document.activeElement.dataset.testid") == "close-sheet"
    page.keyboard.press("Tab")
    assert page.evaluate("document.querySelector('[data-testid=score-sheet-view]').contains(document.activeElement)")
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=score-sheet-view]").count() == 0
    assert page.evaluate("document.activeElement.dataset.testid") == "open-sheet"


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_rules_screens_and_the_start_screen_in_two_languages(new_page, open_app, locale):
    """The rules screen of every game (long documents with tables) and the start screen, in
    English and in Russian (the page's lang follows, so a screen reader picks its voice)."""
    page = new_page(VIEWPORT, locale=locale)
    open_app(page)
    lang = locale[:2]
    assert page.evaluate("document.documentElement.lang") == lang
    check(page, f"start-{lang}")
    for game in ("kozel", "oh_hell", "spades", "eight_five_three", "zevaka"):
        page.click(f"[data-testid=game-choice][data-game='{game}']")
        page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
        page.click(f"[data-testid=open-rules][data-game='{game}']")
        page.wait_for_selector(f"[data-testid=rules-screen][data-game='{game}'][data-state=ready]", timeout=STEP_TIMEOUT_MS)
        assert page.get_attribute("[data-testid=rules-screen]", "data-lang") == lang
        check(page, f"rules-{game}-{lang}")
        page.keyboard.press("Escape")
        page.wait_for_selector("[data-testid=rules-screen]", state="detached")
