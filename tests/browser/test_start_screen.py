"""Issue 16, "a start screen that invites": a line and a typical length per game, the rule
options folded under one line that shows the current choices (players and level always in
view), the language at the top, and nothing under the sticky Start button (360x740)."""

from __future__ import annotations

from axe import run_axe, serious
from conftest import FAST, screenshot

PHONE = {"width": 360, "height": 740}

COVERED = """() => {
  const start = document.querySelector('[data-testid=start]');
  const covered = [];
  for (const node of document.querySelectorAll('[data-testid=setup] .setup-label, [data-testid=setup] legend, [data-testid=setup] .hint, [data-testid=setup] .segment')) {
    const r = node.getBoundingClientRect();
    if (!r.width || r.bottom <= 0 || r.top >= innerHeight) continue;
    for (const [x, y] of [[r.left + 4, r.top + r.height / 2], [r.left + r.width / 2, r.top + r.height / 2], [r.right - 4, r.top + r.height / 2]]) {
      if (y < 0 || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && start.contains(hit)) { covered.push(node.textContent.trim().slice(0, 30)); break; }
    }
  }
  return covered;
}"""


def test_the_start_screen_invites(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, FAST)
    tiles = page.locator("[data-testid=game-choice]")
    assert tiles.count() == 5
    for index in range(5):
        text = tiles.nth(index).inner_text()
        assert tiles.nth(index).locator("[data-testid=game-blurb]").inner_text().strip(), text
        assert "min" in text, text
    # The language is the first control, above the games.
    language = page.locator("[data-testid=language]").bounding_box()
    assert language["y"] < tiles.first.bounding_box()["y"]
    assert language["y"] + language["height"] <= PHONE["height"]

    page.click("[data-testid=game-choice][data-game='oh_hell']")
    setup = page.locator("[data-testid=setup][data-game='oh_hell']")
    folded = setup.locator("[data-testid=rule-options]")
    assert folded.get_attribute("open") is None
    assert setup.locator("[data-testid=option-players]").is_visible()
    assert setup.locator("[data-testid=option-level]").is_visible()
    summary = folded.locator(".options-summary")
    before = summary.inner_text()
    assert before == "the usual rules", before  # the line names only what differs from the usual
    assert not page.evaluate(COVERED)
    assert not serious(run_axe(page))
    screenshot(page, "start-screen-folded")
    # Unfolded, a change shows in the line at once.
    folded.locator("summary").click()
    radios = folded.locator("[data-testid=option-hook] input")
    unchecked = next(i for i in range(radios.count()) if not radios.nth(i).is_checked())
    radios.nth(unchecked).evaluate("input => input.click()")
    assert summary.inner_text() != before and "Hook" in summary.inner_text(), summary.inner_text()
    assert not serious(run_axe(page))
