"""Issue 16, "feel": Oh Hell's running bids beside the trump, and sound effects made with
WebAudio that a switch in the settings mutes, remembered over a reload."""

from __future__ import annotations

import json

from axe import run_axe, serious
from conftest import FAST, PHONE, screenshot
from positions import human_to_act, record_until, show_position, view_of

PREFS = "cardtable.v2.prefs"


def test_oh_hell_shows_the_bids_against_the_tricks(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=9")
    record = record_until("oh_hell", 4, lambda v: human_to_act("play")(v) and v["deal"]["hand_size"] >= 5, seed=3)
    show_position(page, record)
    view = view_of(record)
    total = sum(view["bids"])
    chip = page.locator("[data-testid=bid-total]")
    assert chip.get_attribute("data-bids") == str(total)
    assert page.locator("[data-testid=bid-total] [aria-hidden=true]").inner_text() == \
        f"bids {total} of {view['deal']['hand_size']}"
    # Beside the trump, inside the bar, on a phone.
    bar = page.locator(".table-bar").bounding_box()
    box = chip.bounding_box()
    assert bar["x"] <= box["x"] and box["x"] + box["width"] <= bar["x"] + bar["width"]
    assert not serious(run_axe(page, ".table-bar"))
    screenshot(page, "feel-oh-hell-bids")


def test_sounds_play_and_stay_muted_after_a_reload(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=9")
    record = record_until("oh_hell", 3, human_to_act("play"), seed=2)
    show_position(page, record)
    assert "turn" in page.evaluate("window.cardtable.sounds()")  # on by default
    page.click("[data-testid=hand-card]:enabled")
    for _ in range(100):  # the sound module comes with the table: sounds() is a promise
        if "card" in page.evaluate("window.cardtable.sounds()"):
            break
        page.wait_for_timeout(50)
    assert "card" in page.evaluate("window.cardtable.sounds()")

    page.click("[data-testid=leave]")
    page.click("[data-testid=open-settings]")
    switch = page.locator("[data-testid=setting-sound]")
    assert switch.is_checked()
    assert not serious(run_axe(page, "[data-testid=settings]"))
    switch.uncheck()
    page.click("[data-testid=close-settings]")
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS}')"))["sound"] is False

    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)
    page.click("[data-testid=open-settings]")
    assert not page.locator("[data-testid=setting-sound]").is_checked()
    page.click("[data-testid=close-settings]")
    show_position(page, record)
    page.click("[data-testid=hand-card]:enabled")
    page.wait_for_selector("[data-testid=table-screen][data-to-act='0'][data-busy='false']")
    assert page.evaluate("window.cardtable.sounds()") == []


def last_card_closes_the_deal(view):
    """Your last card, and it completes the last trick of the deal."""
    return (human_to_act("play")(view) and len(view["hand"]) == 1
            and len(view["trick"]["plays"]) == view["players"] - 1)


WATCH_GATHER = """() => {
  window.gathered = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target.classList?.contains('gathering')) window.gathered.push(change.target.style.transform);
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
}"""


def play_the_last_card(page):
    page.evaluate(WATCH_GATHER)
    page.click("[data-testid=hand-card]:enabled")
    page.wait_for_selector("[data-testid=deal-sheet]", timeout=15_000)
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=hand] .card")
    return page.evaluate("""() => ({
      gathered: window.gathered,
      dealt: [...document.querySelectorAll('[data-testid=hand] .card')].map((c) => [c.classList.contains('dealt'),
        getComputedStyle(c).animationName]),
    })""")


def test_the_trick_gathers_and_the_next_deal_is_dealt_unless_motion_is_reduced(new_page, open_app):
    record = record_until("oh_hell", 3, last_card_closes_the_deal, seed=2)
    page = new_page(PHONE)
    open_app(page, "botDelay=0&trickDelay=600&seed=9")
    show_position(page, record)
    seen = play_the_last_card(page)
    assert seen["gathered"] and all(move.startswith("translate(") for move in seen["gathered"]), seen
    assert seen["dealt"] and all(dealt and name == "deal-in" for dealt, name in seen["dealt"]), seen

    page = new_page(PHONE, reduced_motion="reduce")
    open_app(page, "botDelay=0&trickDelay=600&seed=9")
    show_position(page, record)
    seen = play_the_last_card(page)
    assert seen["gathered"] == [], seen
    assert all(name == "none" for _, name in seen["dealt"]), seen
