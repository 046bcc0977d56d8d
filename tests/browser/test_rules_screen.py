"""The rules screens: open from the start screen (every game) and from the table tools mid-game,
close by the button, Escape or the browser's Back, and find the page as it was; offline; no
sideways scroll on a 360×640 phone; a file that cannot be loaded says so and can be retried."""

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, FAST, act_as_human, screenshot, start_match, wait_for_human
from games import bridge, registry

SMALL_PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1440, "height": 900}
GAMES = tuple(registry.MODULES)
TITLES = {game["id"]: game["title"] for game in json.loads(bridge.handle('{"op": "games"}'))["games"]}


def open_rules_from_start(page, game):
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
    page.click(f"[data-testid=open-rules][data-game='{game}']")
    return wait_for_rules(page, game)


def wait_for_rules(page, game):
    page.wait_for_selector(f"[data-testid=rules-screen][data-game='{game}'][data-state=ready]", timeout=BOOT_TIMEOUT_MS)
    return page.locator("[data-testid=rules-screen]")


def assert_fits(page, width):
    """Nothing scrolls sideways: not the page, not the rules screen; wide tables stay in their box."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    sizes = page.eval_on_selector("[data-testid=rules-screen]", "n => [n.scrollWidth, n.clientWidth]")
    assert sizes[0] <= sizes[1], sizes
    rights = page.eval_on_selector_all(
        "[data-testid=rules-body] *", "ns => ns.filter(n => !n.closest('.rules-table-scroll'))"
        ".map(n => n.getBoundingClientRect().right)")
    assert max(rights) <= width + 0.5
    boxes = page.eval_on_selector_all(".rules-table-scroll", "ns => ns.map(n => n.getBoundingClientRect().right)")
    assert all(right <= width + 0.5 for right in boxes), boxes


def focused(page):
    return page.evaluate("[document.activeElement.dataset.testid ?? null, document.activeElement.id ?? null,"
                         " document.activeElement.dataset.game ?? null]")


@pytest.mark.parametrize("closing", ["button", "escape", "back"])
def test_rules_of_every_game_from_the_start_screen(new_page, open_app, closing):
    page = new_page(SMALL_PHONE)
    open_app(page, FAST)
    for game in GAMES:
        rules = open_rules_from_start(page, game)
        assert page.inner_text("#rules-title") == f"Rules: {TITLES[game]}"
        assert focused(page)[1] == "rules-title"
        assert rules.get_attribute("data-lang") == "en"
        assert page.locator("[data-testid=rules-body] h2").count() >= 8
        assert page.locator("[data-testid=rules-contents] button").count() == page.locator("[data-testid=rules-body] h2").count()
        assert page.evaluate("document.getElementById('app').inert") is True
        assert_fits(page, SMALL_PHONE["width"])
        if game == GAMES[0]:
            screenshot(page, f"rules-{game}-phone")
        if closing == "button":
            page.click("[data-testid=rules-close]")
        elif closing == "escape":
            page.keyboard.press("Escape")
        else:
            page.go_back()
        page.wait_for_selector("[data-testid=rules-screen]", state="detached")
        # Back where the player was: the same game chosen, the focus on its Rules button.
        assert page.locator("[data-testid=start-screen]").is_visible()
        assert page.get_attribute(f"[data-testid=game-choice][data-game='{game}']", "aria-pressed") == "true"
        assert focused(page) == ["open-rules", "", game]
        assert page.evaluate("document.getElementById('app').inert") is False
    assert page.url.endswith(FAST)  # Back closed the rules, it did not leave the page


def test_rules_from_the_table_mid_game_keep_the_game(new_page, open_app):
    page = new_page(SMALL_PHONE)
    open_app(page, f"{FAST}&seed=5")
    start_match(page, players=3, options={"largest": 3}, game="oh_hell")
    act_as_human(page, wait_for_human(page))
    wait_for_human(page)
    record = page.evaluate("window.cardtable.currentRecord()")

    for closing in ("done", "back"):
        page.click("[data-testid=open-tools]")
        page.click("[data-testid=tool-rules]")
        wait_for_rules(page, "oh_hell")
        assert page.locator("[data-testid=table-tools]").count() == 0  # the tools dialog closed first
        assert page.locator("[data-testid=table-screen]").count() == 1  # the table stays underneath
        assert focused(page)[1] == "rules-title"
        assert_fits(page, SMALL_PHONE["width"])
        if closing == "done":
            page.locator("[data-testid=rules-done]").scroll_into_view_if_needed()
            page.click("[data-testid=rules-done]")
        else:
            page.go_back()
        page.wait_for_selector("[data-testid=rules-screen]", state="detached")
        assert page.locator("[data-testid=table-screen]").is_visible()
        assert page.evaluate("window.cardtable.currentRecord()") == record
        assert focused(page)[0] == "open-tools"

    # The game goes on from where it was.
    act_as_human(page, wait_for_human(page))
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {len(record['actions'])}")


def test_rules_on_a_desktop_read_in_one_column(new_page, open_app):
    page = new_page(DESKTOP)
    open_app(page, FAST)
    open_rules_from_start(page, "kozel")
    width = page.eval_on_selector("[data-testid=rules-body]", "n => n.getBoundingClientRect().width")
    assert 400 < width <= 800
    assert_fits(page, DESKTOP["width"])
    screenshot(page, "rules-kozel-desktop")
    page.click("[data-testid=rules-contents] button >> nth=5")
    assert page.evaluate("document.activeElement.tagName") == "H2"
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=rules-screen]", state="detached")


def test_rules_render_offline(new_page, open_app):
    page = new_page(SMALL_PHONE)
    open_app(page, FAST)
    page.wait_for_function("window.cardtable && window.cardtable.offline", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.cardtable.offline") is True
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    for game in ("zevaka", "eight_five_three"):
        open_rules_from_start(page, game)
        assert page.locator("[data-testid=rules-error]").count() == 0
        assert page.locator("[data-testid=rules-body] h2").count() >= 8
        page.keyboard.press("Escape")
        page.wait_for_selector("[data-testid=rules-screen]", state="detached")


def test_a_rules_file_that_cannot_load_says_so_and_can_be_retried(browser, open_app, page_errors):
    # No service worker here: it would answer from its cache, out of page.route's reach.
    context = browser.new_context(viewport=SMALL_PHONE, service_workers="block")
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_app(page, FAST)
    page.route("**/rules/en/spades.html", lambda route: route.fulfill(status=404, body="missing"))
    page.click("[data-testid=game-choice][data-game='spades']")
    page.click("[data-testid=open-rules][data-game='spades']")
    page.wait_for_selector("[data-testid=rules-error]")
    assert "HTTP 404" in page.inner_text("[data-testid=rules-error]")
    page.unroute("**/rules/en/spades.html")
    page.click("[data-testid=rules-retry]")
    wait_for_rules(page, "spades")
    page.click("[data-testid=rules-close]")
    page.wait_for_selector("[data-testid=rules-screen]", state="detached")
    context.close()
    assert not page_errors, page_errors


def test_every_language_fits_a_small_phone(browser, open_app, page_errors, dist_dir):
    """Each of the 30 documents, served in place of the English one (the page's language is
    English until the catalogs come), reads on a 360×640 phone with no sideways scroll."""
    context = browser.new_context(viewport=SMALL_PHONE, service_workers="block")
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_app(page, FAST)
    served = {"language": "en"}

    def serve(route):
        game = route.request.url.rsplit("/", 1)[1].split("?")[0]
        path = dist_dir / "rules" / served["language"] / game
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=path.read_bytes())

    page.route("**/rules/en/*.html", serve)
    for language in ("ru", "pl", "bg", "de", "nl"):
        served["language"] = language
        for game in GAMES:
            open_rules_from_start(page, game)
            first = (dist_dir / "rules" / language / f"{game}.html").read_text(encoding="utf-8")
            heading = page.inner_text("[data-testid=rules-body] h2 >> nth=0")
            assert f"<h2>{heading}</h2>" in first
            assert_fits(page, SMALL_PHONE["width"])
            page.keyboard.press("Escape")
            page.wait_for_selector("[data-testid=rules-screen]", state="detached")
    context.close()
    assert not page_errors, page_errors
