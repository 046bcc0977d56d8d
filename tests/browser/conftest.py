"""Playwright fixtures for the page tests: one Debian Chromium per session, a fresh
context (empty storage and cache) per test, and helpers that drive the page.

The site comes from tests/conftest.py (`site_url`: dist/ served under a sub-path).
Bots and trick pauses run at delay 0 via the page's query string.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from games import bridge

REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "test-results"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BOOT_TIMEOUT_MS = 60_000
STEP_TIMEOUT_MS = 15_000
FAST = "botDelay=0&trickDelay=0"
SAVE_KEY = "cardtable.v1.current"  # the schema-1 save: tests put records there, the app migrates them

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1440, "height": 900}


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page_errors():
    return []


@pytest.fixture
def new_page(browser, page_errors):
    """new_page(viewport, **context_options) -> a page in its own fresh context (options such as
    locale="ru-RU" go to browser.new_context); uncaught page errors fail the test."""
    contexts = []

    def open_page(viewport=PHONE, **context_options) -> Page:
        # The page's CSP forbids eval, which page.wait_for_function("expression") uses;
        # tests/browser/test_csp.py runs with the policy enforced.
        context_options.setdefault("bypass_csp", True)
        context = browser.new_context(viewport=viewport, **context_options)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not page_errors, page_errors


@pytest.fixture
def open_app(site_url):
    """open_app(page, query) loads the page and waits for the start screen; returns ms to it."""

    def load(page: Page, query: str = FAST) -> float:
        page.goto(f"{site_url}?{query}")
        page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
        return start_screen_ms(page)

    return load


def start_screen_ms(page: Page) -> float:
    """Navigation start to the start screen, as the page marked it."""
    return page.evaluate("performance.getEntriesByName('start-screen')[0].startTime")


def bots_at_level(page: Page, level: str) -> None:
    """Every bot request reaches Python asking for `level`: a bridge error on demand (the page
    sends only the levels it knows and ignores an unknown ?level=). The worker script is served
    doctored; open the page with service_workers="block" so the route sees its request."""
    original = 'const handle = pyodide.pyimport("games.bridge").handle;'
    replacement = json.dumps(json.dumps(level)[1:-1].join(['"level":"', '"']))
    doctored = ('const handle = ((real) => (text) => real(text.replace(/"level":"[a-z]+"/, '
                f'{replacement})))(pyodide.pyimport("games.bridge").handle);')

    def serve(route):
        body = route.fetch().text()
        assert original in body, "worker.js no longer creates `handle` as this helper expects"
        route.fulfill(body=body.replace(original, doctored), content_type="text/javascript")

    page.context.route("**/js/worker.js", serve)


def screenshot(page: Page, name: str) -> Path:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def saved_record(page: Page, game: str | None = None) -> dict:
    """The record saved for `game` (default: the game on the table); docs/persistence.md."""
    game = game or page.evaluate("localStorage.getItem('cardtable.v2.active')")
    return json.loads(page.evaluate(f"localStorage.getItem('cardtable.v2.save.{game}')"))["record"]


def python_view(record: dict, seat: int = 0) -> dict:
    """The view of a record as CPython's bridge gives it: the truth the page must show."""
    answer = json.loads(bridge.handle(json.dumps({"op": "view", "record": record, "seat": seat})))
    assert "view" in answer, answer
    return answer["view"]


def no_horizontal_scroll(page: Page, width: int) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


def start_match(page: Page, players: int, options: dict | None = None, game: str | None = None) -> None:
    """Picks the game (if given), the player count and options on the setup panel, presses
    Start, waits for the table."""
    if game is not None:
        page.click(f"[data-testid=game-choice][data-game='{game}']")
        page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
    # Clicked from script: on a short screen the sticky Start button may cover the last options.
    choices = [("players", players)] + list((options or {}).items())
    for name, value in choices:
        radio = page.locator(f"[data-testid=option-{name}] input[value='{value}']")
        radio.evaluate("input => input.click()")
        assert radio.is_checked()
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=table-screen]", timeout=STEP_TIMEOUT_MS)


def wait_for_human(page: Page) -> str:
    """Waits until the page waits for the human or shows a sheet: 'bid', 'play', 'deal-sheet', 'final-sheet'."""
    page.wait_for_selector(
        "[data-testid=bid-button]:enabled, [data-testid=hand-card]:enabled, "
        "[data-testid=deal-sheet], [data-testid=final-sheet]",
        timeout=STEP_TIMEOUT_MS)
    for state, selector in (("deal-sheet", "[data-testid=deal-sheet]"),
                            ("final-sheet", "[data-testid=final-sheet]"),
                            ("bid", "[data-testid=bid-button]:enabled"),
                            ("play", "[data-testid=hand-card]:enabled")):
        if page.locator(selector).count():
            return state
    raise AssertionError("no state reached")


def enabled_values(page: Page, selector: str, attribute: str) -> list[str]:
    return page.eval_on_selector_all(
        f"{selector}:enabled", f"nodes => nodes.map(node => node.getAttribute('{attribute}'))")


def legal_choices(view: dict) -> tuple[set[str], set[str]]:
    """The bids and cards Python allows, in the page's attribute form."""
    bids = {str(action["n"]) for action in view["legal"] if action["type"] == "bid"}
    cards = {action["cards"][0] for action in view["legal"] if action["type"] == "play"}
    return bids, cards


def act_as_human(page: Page, state: str) -> None:
    """Checks that the page offers exactly Python's legal actions, then takes the first one."""
    view = python_view(saved_record(page))
    assert view["to_act"] == 0
    bids, cards = legal_choices(view)
    if state == "bid":
        offered = enabled_values(page, "[data-testid=bid-button]", "data-bid")
        assert set(offered) == bids
        page.click(f"[data-testid=bid-button][data-bid='{offered[0]}']")
    else:
        offered = enabled_values(page, "[data-testid=hand-card]", "data-card")
        assert set(offered) == cards
        hand = page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.dataset.card)")
        assert hand == view["hand"]
        page.click(f"[data-testid=hand-card][data-card='{offered[0]}']")


@pytest.fixture
def site_copy(dist_dir, build_module, tmp_path):
    """A copy of dist/ on its own server, for a test to damage or to publish a 'new version'
    into: (folder, URL)."""
    import shutil
    import threading

    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    server = build_module.make_server(site, port=0, prefix="/app/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site, f"http://127.0.0.1:{server.server_port}/app/"
    server.shutdown()
    server.server_close()
