"""Every table at the extremes of its player count, on a phone and on a desktop: the table
reaches your turn, nothing scrolls sideways, every seat is inside the screen. One page per
viewport, going back to the start screen between games (no extra boots)."""

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


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_table_fits(new_page, open_app, viewport):
    page = new_page(viewport)
    open_app(page, f"{FAST}&seed=9")
    size = "phone" if viewport is PHONE else "desktop"
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
