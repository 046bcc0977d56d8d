"""Issue 16, "say what is possible, and why": the status names only actions that exist (Kozel
with no beat, Zevaka with no move), Kozel's gold dots have a legend and its table keeps its
place between turns, Zevaka's strict mode and «Прозевал!» are explained, 8-5-3 explains each
exchange and keeps its log scrollable. Positions come from CPython's bots (positions.py)."""

from __future__ import annotations

import json

from axe import run_axe, serious
from conftest import FAST, screenshot
from positions import human_to_act, record_until, show_position, view_of

PHONE = {"width": 360, "height": 740}
YOUR_TURN = "[data-testid=table-screen][data-to-act='0'][data-busy='false']"
NOT_YOUR_TURN = "[data-testid=table-screen]:not([data-to-act='0'])"
BOXES = """() => [document.querySelector('.felt'), document.querySelector('.me')].map((n) => {
  const r = n.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map(Math.round);
})"""


def kozel_cannot_beat(view):
    """Your answer to a lead of one card, no beat possible, with cards left after the pass."""
    return (human_to_act("play")(view) and len(view["trick"]["plays"]) >= 1 and len(view["hand"]) >= 3
            and not any(a["type"] == "play" for a in view["legal"]))


def kozel_can_beat(view):
    return (human_to_act("play")(view) and bool(view["trick"]["plays"])
            and any(a["type"] == "play" for a in view["legal"]))


def test_kozel_says_pass_when_no_beat_and_the_table_stays_put(new_page, open_app):
    page = new_page(PHONE)
    # The bots think for a while: the table is measured while they do.
    open_app(page, "botDelay=1500&trickDelay=0&seed=9")
    record = record_until("kozel", 4, kozel_cannot_beat, seed=5)
    show_position(page, record)
    status = page.inner_text("[data-testid=status]")
    size = len(view_of(record)["trick"]["plays"][0]["cards"])
    assert status.startswith("You cannot beat: pass") and "face down" in status and str(size) in status, status
    assert "Beat or" not in status
    assert page.locator("[data-testid=action-button][data-type=play]:enabled").count() == 0
    assert not page.locator("[data-testid=beat-legend]").is_visible()  # no gold dot to explain
    before = page.evaluate(BOXES)
    view = view_of(record)
    passing = next(a for a in view["legal"] if a["type"] == "pass")
    for card in passing["cards"]:
        page.click(f"[data-testid=hand-card][data-card='{card}']")
    # A selected card is marked apart from the playable ones: a tick, not only a lift.
    tick = page.evaluate("""() => getComputedStyle(document.querySelector('.hand .card.selected'), '::before').content""")
    assert "✓" in tick
    screenshot(page, "say-kozel-pass-selected")
    assert not serious(run_axe(page))
    page.click("[data-testid=action-button][data-type=pass]")
    page.wait_for_selector(NOT_YOUR_TURN)
    after = page.evaluate(BOXES)
    screenshot(page, "say-kozel-after-your-turn")
    assert after == before, (before, after)

    record = record_until("kozel", 4, kozel_can_beat, seed=5)
    show_position(page, record)
    legend = page.locator("[data-testid=beat-legend]")
    assert legend.is_visible() and "can beat" in legend.inner_text()
    assert page.locator("[data-testid=hand-card].can-beat").count() > 0
    assert "Beat or Pass" in page.inner_text("[data-testid=status]")


def zevaka_no_move(view):
    """Your turn with a top card that fits nowhere (a draw is all there is)."""
    return (human_to_act()(view) and view["pending"] is None and bool(view["piles"][0]["top"])
            and not any(a["type"] == "move" for a in view["legal"]) and any(a["type"] == "draw" for a in view["legal"]))


def test_zevaka_never_offers_a_missing_move_and_explains_its_words(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=9")
    # Strict (the default): the status cannot say whether a move exists, so it never claims one.
    show_position(page, record_until("zevaka", 3, zevaka_no_move, seed=5))
    status = page.inner_text("[data-testid=status]")
    assert "tap it, then a pile), or draw" not in status and "if it fits" in status and "draw" in status, status
    page.click("[data-testid=phase]")  # "Strict" explains itself
    dialog = page.locator("[data-testid=mode-help]")
    assert "one rank lower" in dialog.inner_text() and "Missed it!" in dialog.inner_text()
    assert not serious(run_axe(page))
    screenshot(page, "say-zevaka-strict-help")
    page.click("[data-testid=close-mode-help]")
    # Hints on: nothing fits, so the status says draw, and only draw.
    show_position(page, record_until("zevaka", 3, zevaka_no_move, options={"hints": True}, seed=5))
    assert page.inner_text("[data-testid=status]") == "Your top card fits nowhere: draw"
    # «Прозевал!» comes with its meaning in English.
    show_position(page, record_until("zevaka", 3, lambda v: v["last_missed"] is not None and human_to_act()(v), seed=5))
    note = page.inner_text("[data-testid=missed-note]")
    assert "«Прозевал!»" in note and "Missed it!" in note, note


def exchange_log_position(view):
    return human_to_act()(view) and len(view["exchange"]["log"]) >= 4 and view["phase"] in ("exchange", "talon")


def test_853_explains_each_exchange_and_its_log_scrolls(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=9")
    record = record_until("eight_five_three", 3, exchange_log_position, seed=1, level="normal")
    show_position(page, record)
    view = view_of(record)
    pulls = page.locator("[data-testid=pull]").all_inner_texts()
    assert len(pulls) == len(view["exchange"]["pulls"]) and all("beat" in p and "fell short" in p for p in pulls), pulls
    assert "the rule makes the receiver return" in page.inner_text("[data-testid=return-rule]")
    mine = [e for e in view["exchange"]["log"] if 0 in (e["giver"], e["receiver"])]
    assert mine and all("by the rule" in text or "the rule made you" in text
                        for text in page.locator("[data-testid=exchange][data-given]:not([data-given=''])").all_inner_texts())
    # The log scrolls inside the table (focusable for the keyboard) and shows its newest entry.
    log = page.locator("[data-testid=exchange-log]")
    assert log.get_attribute("tabindex") == "0"
    sizes = log.evaluate("n => [n.scrollHeight, n.clientHeight, getComputedStyle(n).overflowY]")
    assert sizes[0] > sizes[1] and sizes[2] == "auto", sizes
    page.wait_for_function("""() => {
      const log = document.querySelector('[data-testid=exchange-log]');
      const last = log.lastElementChild.getBoundingClientRect(), box = log.getBoundingClientRect();
      return last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
    }""")
    felt = page.locator(".felt").bounding_box()
    box = log.bounding_box()
    assert box["y"] + box["height"] <= felt["y"] + felt["height"]
    assert not serious(run_axe(page))
    screenshot(page, "say-853-exchange-log")
