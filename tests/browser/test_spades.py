"""Spades in the browser: a whole hand by clicks to its sheet row, the two-player draw
(keep or discard the card you drew), 18 cards on a phone, and blind nil. At every human
step the enabled controls are checked against CPython's bridge for the saved record."""

import json
import time

from conftest import (DESKTOP, FAST, PHONE, SAVE_KEY, STEP_TIMEOUT_MS, act_as_human, enabled_values,
                      no_horizontal_scroll, python_view, saved_record, screenshot, start_match, wait_for_human)
from games import bridge


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def play_hand(page, on_state=None):
    while (state := wait_for_human(page)) not in ("deal-sheet", "final-sheet"):
        if on_state:
            on_state(state)
        act_as_human(page, state)
    return state


def check_sheet_row(page):
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    row = view["sheet"]["rows"][-1]
    assert page.locator("[data-testid=deal-sheet] [data-testid=sheet-row]").count() == len(view["sheet"]["rows"])
    cells = page.eval_on_selector_all(
        "[data-testid=deal-sheet] [data-testid=sheet-row]:last-child td",
        "nodes => nodes.map(n => [n.querySelector('.points').textContent, n.querySelector('.bid-tricks').textContent,"
        " n.querySelector('.running').textContent])")
    expected = [[f"+{c['points']}" if c["points"] > 0 else str(c["points"]),
                 f"{c['bid']}{'+nil' if c['nil'] else ''}/{c['tricks']}", f"Σ {total}"]
                for c, total in zip(row["cells"], row["totals"])]
    assert cells == expected
    totals = page.eval_on_selector_all("[data-testid=deal-sheet] [data-testid=sheet-totals] td",
                                       "nodes => nodes.map(n => n.textContent)")
    assert totals == [str(t) for t in view["scores"]]


def test_spades_hand_on_a_phone(new_page, open_app):
    page = new_page(PHONE)
    started = time.perf_counter()
    open_app(page, f"{FAST}&seed=5")
    start_match(page, players=4, game="spades")
    assert page.locator("[data-testid=hand-card]").count() == 13
    assert page.get_attribute("[data-testid=trump]", "data-trump") == "S"
    assert page.get_attribute("[data-testid=spades-broken]", "data-broken") == "false"
    shots = set()

    def look(state):
        view = python_view(saved_record(page))
        assert page.get_attribute("[data-testid=spades-broken]", "data-broken") == str(view["broken"]).lower()
        if state == "bid" and "bid" not in shots:
            shots.add("bid")
            no_horizontal_scroll(page, PHONE["width"])
            screenshot(page, "spades-phone-bid")
        if state == "play" and view["trick"]["plays"] and "play" not in shots:
            shots.add("play")
            screenshot(page, "spades-phone-play")

    assert play_hand(page, look) == "deal-sheet"
    check_sheet_row(page)
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "spades-phone-sheet")
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
    assert page.inner_text("[data-testid=deal-info]").startswith("Hand 2")
    print(f"spades hand ran {time.perf_counter() - started:.1f} s")


def test_spades_eighteen_cards_fit_a_phone(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=4")
    start_match(page, players=3, game="spades")
    assert wait_for_human(page) == "bid"
    assert page.locator("[data-testid=hand-card]").count() == 18
    no_horizontal_scroll(page, PHONE["width"])
    boxes = page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.getBoundingClientRect().toJSON())")
    assert all(0 <= box["left"] and box["right"] <= PHONE["width"] for box in boxes)
    screenshot(page, "spades-phone-18-cards")
    act_as_human(page, "bid")
    assert wait_for_human(page) == "play"
    screenshot(page, "spades-phone-18-play")


def test_spades_two_player_draw_on_a_desktop(new_page, open_app):
    page = new_page(DESKTOP)
    open_app(page, f"{FAST}&seed=1")  # seed 1: you draw first
    start_match(page, players=2, game="spades")
    keep = "[data-testid=action-button][data-type=keep]:enabled"
    draws = 0
    while True:
        page.wait_for_selector(f"{keep}, [data-testid=bid-button]:enabled", timeout=STEP_TIMEOUT_MS)
        view = python_view(saved_record(page))
        if view["phase"] != "draw":
            break
        assert view["to_act"] == 0
        assert {a["type"] for a in view["legal"]} == set(enabled_values(page, "[data-testid=action-button]", "data-type"))
        assert page.get_attribute("[data-testid=drawn-card]", "data-card") == view["draw"]["card"]
        assert page.locator("[data-testid=hand-card]").count() == len(view["hand"])
        if draws == 3:
            screenshot(page, "spades-desktop-draw")
        page.click(f"[data-testid=action-button][data-type={'keep' if draws % 2 == 0 else 'discard'}]")
        draws += 1
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
    assert draws == 13
    assert page.locator("[data-testid=hand-card]").count() == 13
    screenshot(page, "spades-desktop-bid")
    act_as_human(page, "bid")
    while True:
        state = wait_for_human(page)
        assert state == "play"
        view = python_view(saved_record(page))
        if view["trick"]["plays"] and view["history"]:
            break
        act_as_human(page, state)
    no_horizontal_scroll(page, DESKTOP["width"])
    screenshot(page, "spades-desktop-play")
    page.click("[data-testid=open-sheet]")
    page.wait_for_selector("[data-testid=score-sheet-view]")
    page.click("[data-testid=close-sheet]")


def blind_nil_record():
    """A 3-player match with blind nil played by bots until you are 100 behind and must decide."""
    record = ask({"op": "new", "game": "spades", "players": 3, "seed": 2, "options": {"nil": "blind"}})["record"]
    while True:
        view = ask({"op": "view", "record": record, "seat": 0})["view"]
        assert not view["over"]
        if view["phase"] == "blind" and view["to_act"] == 0:
            return record
        choice = ask({"op": "bot", "record": record, "level": "normal"})
        record = ask({"op": "act", "record": record, "action": choice["action"], "seat": choice["seat"]})["record"]


def test_spades_blind_nil(new_page, open_app):
    record = blind_nil_record()
    page = new_page(PHONE)
    page.add_init_script(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps({'record': record}))})")
    open_app(page)
    page.click("[data-testid=resume]")
    page.wait_for_selector("[data-testid=action-button][data-type=look]:enabled", timeout=STEP_TIMEOUT_MS)
    view = python_view(record)
    assert view["hand"] == [] and page.locator("[data-testid=hand-card]").count() == 0
    assert page.locator("[data-testid=hand] .card.back").count() == view["hand_counts"][0]
    assert set(enabled_values(page, "[data-testid=action-button]", "data-type")) == {"blind", "look"}
    screenshot(page, "spades-phone-blind")
    page.click("[data-testid=action-button][data-type=look]")
    assert wait_for_human(page) == "bid"
    assert page.locator("[data-testid=hand-card]").count() == 18
    after = python_view(saved_record(page))
    assert after["looked"]
    act_as_human(page, "bid")  # the offered bids (nil among them) are Python's
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {after['move']}")
