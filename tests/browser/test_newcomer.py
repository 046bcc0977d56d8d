"""Help in reach and an ending that feels like one (issue 16): Hint and Undo on the table
itself on a phone, the place line and Play again at the end of a match."""

import json

from axe import run_axe
from conftest import FAST, PHONE, act_as_human, python_view, saved_record, screenshot, start_match, wait_for_human


def box(page, selector):
    return page.locator(selector).bounding_box()


def test_hint_and_undo_on_the_phone_table(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3, options={"largest": 3})
    assert wait_for_human(page) == "bid"
    hint, undo = page.locator("[data-testid=table-hint]"), page.locator("[data-testid=table-undo]")
    # Both on the table, inside the phone's screen, without opening "⋯".
    for button in (hint, undo):
        assert button.is_visible()
        area = button.bounding_box()
        assert area["x"] >= 0 and area["x"] + area["width"] <= PHONE["width"]
        assert area["y"] + area["height"] <= PHONE["height"]
    assert hint.is_enabled()
    places = box(page, "[data-testid=table-hint]"), box(page, "[data-testid=table-undo]")

    hint.click()
    notice = page.locator("[data-testid=table-notice]")
    notice.wait_for()
    legal = python_view(saved_record(page))["legal"]
    assert notice.inner_text() in {f"Hint: bid {a['n']}" for a in legal}
    # Advice, not an error: the hint's own style.
    assert "advice" in notice.get_attribute("class").split()

    record = saved_record(page)
    act_as_human(page, "bid")
    wait_for_human(page)
    undo.wait_for(state="visible")
    page.wait_for_function("!document.querySelector('[data-testid=table-undo]').disabled")
    undo.click()
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length === {len(record['actions'])}")
    assert page.evaluate("window.cardtable.currentRecord()")["actions"] == record["actions"]
    assert wait_for_human(page) == "bid"
    saved = json.loads(page.evaluate("localStorage.getItem('cardtable.v2.save.oh_hell')"))
    assert saved["undos"] == 1
    # The buttons are disabled while they cannot act, never removed: your seat keeps its place.
    assert (box(page, "[data-testid=table-hint]"), box(page, "[data-testid=table-undo]")) == places
    screenshot(page, "newcomer-phone-help")
