"""Every table at the extremes of its player count, on a phone and on a desktop: the table
reaches your turn, nothing scrolls sideways, every seat is inside the screen. One page per
viewport, going back to the start screen between games (no extra boots). On a phone also in Russian
and German, whose words run longest."""

import pytest

from conftest import DESKTOP, FAST, PHONE, STEP_TIMEOUT_MS, no_horizontal_scroll, screenshot, start_match

CASES = [
    ("kozel", 4, {"show_points": "true", "passes": "face_up"}),
    ("spades", 5, {"partnership": "false"}),
    ("spades", 4, {"partnership": "true", "nil": "blind"}),
    ("eight_five_three", 3, {}),
    ("zevaka", 6, {"hints": "true"}),
    ("zevaka", 2, {}),
]

YOUR_TURN = "[data-testid=table-screen][data-to-act='0'][data-busy='false']"


@pytest.mark.parametrize("viewport, locale", [(PHONE, "en-US"), (DESKTOP, "en-US"), (PHONE, "ru-RU"), (PHONE, "de-DE")],
                         ids=["phone", "desktop", "phone-ru", "phone-de"])
def test_every_table_fits(new_page, open_app, viewport, locale):
    page = new_page(viewport, locale=locale)
    open_app(page, f"{FAST}&seed=9")
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    size = ("phone" if viewport is PHONE else "desktop") + ("" if locale == "en-US" else f"-{locale[:2]}")
    for game, players, options in CASES:
        start_match(page, players=players, options=options, game=game)
        page.wait_for_selector(YOUR_TURN, timeout=STEP_TIMEOUT_MS)
        assert page.locator("[data-testid=seat]").count() == players
        no_horizontal_scroll(page, viewport["width"])
        boxes = page.eval_on_selector_all("[data-testid=seat]", "nodes => nodes.map(n => n.getBoundingClientRect().toJSON())")
        assert all(box["left"] >= 0 and box["right"] <= viewport["width"] for box in boxes), boxes
        screenshot(page, f"layout-{game}-{players}p-{size}")
        page.click("[data-testid=leave]")
        page.wait_for_selector("[data-testid=start-screen]")
