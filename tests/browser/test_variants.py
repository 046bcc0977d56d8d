"""The variants of issue 19 in the browser: Kozel for three players each for themselves (K23),
the Spades nil card exchange and double nil, and 8-5-3's pass and fewest-tricks buttons. At
every human step the page's controls are checked against CPython's bridge for the saved record."""

import json

from conftest import (FAST, PHONE, SAVE_KEY, STEP_TIMEOUT_MS, enabled_values, no_horizontal_scroll, python_view,
                      saved_record, screenshot, start_match)
from games import bridge
from test_kozel import play_deal


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def resume(page, open_app, record):
    page.add_init_script(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps({'record': record}))})")
    open_app(page)
    page.click("[data-testid=resume]")


def test_kozel_three_players_each_for_themselves(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=2")
    start_match(page, players=3, game="kozel")
    assert page.locator("[data-testid=seat]").count() == 3
    assert page.get_attribute("[data-testid=stock]", "data-count") == "24"
    view = python_view(saved_record(page))
    assert view["sides"] == [[0], [1], [2]]
    assert page.locator("[data-testid=team-line]").count() == 3  # one line per player
    assert page.locator(".partner-badge").count() == 0
    state, _ = play_deal(page)
    assert state == "deal-sheet"
    final = python_view(page.evaluate("window.cardtable.currentRecord()"))
    row = final["sheet"]["rows"][-1]
    result = page.inner_text("[data-testid=deal-result]")
    assert all(str(points) in result for points in row["card_points"])
    totals = page.eval_on_selector_all("[data-testid=deal-sheet] [data-testid=sheet-totals] td",
                                       "nodes => nodes.map(n => n.textContent)")
    assert totals == [f"{t} / 12" for t in final["scores"]]
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "kozel-three-players-deal-sheet")


def exchange_record():
    """Partnerships with nil and the exchange: bots play until you (seat 0) are to bid, you
    bid nil, then bots bid until you are to pass your first card."""
    options = {"partnership": True, "nil": "nil", "nil_exchange": True, "double_nil": True}
    record = ask({"op": "new", "game": "spades", "players": 4, "seed": 5, "options": options})["record"]
    while True:
        view = ask({"op": "view", "record": record, "seat": 0})["view"]
        if view["to_act"] == 0 and view["phase"] == "bid":
            record = ask({"op": "act", "record": record, "action": {"type": "bid", "n": 0}, "seat": 0})["record"]
            continue
        if view["to_act"] == 0 and view["phase"] == "exchange":
            return record
        assert view["phase"] in ("bid", "exchange"), view["phase"]
        choice = ask({"op": "bot", "record": record, "level": "normal"})
        record = ask({"op": "act", "record": record, "action": choice["action"], "seat": choice["seat"]})["record"]


def test_spades_double_nil_button_and_the_nil_exchange(new_page, open_app):
    options = {"partnership": True, "nil": "nil", "nil_exchange": True, "double_nil": True}
    first = ask({"op": "new", "game": "spades", "players": 4, "seed": 5, "options": options})["record"]
    while ask({"op": "view", "record": first, "seat": 0})["view"]["to_act"] != 0:
        choice = ask({"op": "bot", "record": first, "level": "normal"})
        first = ask({"op": "act", "record": first, "action": choice["action"], "seat": choice["seat"]})["record"]
    page = new_page(PHONE)
    resume(page, open_app, first)
    page.wait_for_selector("[data-testid=bid-button]:enabled", timeout=STEP_TIMEOUT_MS)
    offered = enabled_values(page, "[data-testid=bid-button]", "data-bid")
    assert offered[:2] == ["0", "double"]  # plain nil and double nil are two buttons

    page = new_page(PHONE)
    record = exchange_record()
    resume(page, open_app, record)
    page.wait_for_selector("[data-testid=hand-card]:enabled", timeout=STEP_TIMEOUT_MS)
    for step in range(3):
        view = python_view(saved_record(page))
        assert view["phase"] == "exchange" and view["to_act"] == 0
        gives = {a["cards"][0] for a in view["legal"] if a["type"] == "give"}
        assert set(enabled_values(page, "[data-testid=hand-card]", "data-card")) == gives
        if step == 0:
            assert "Nil exchange" in page.inner_text("[data-testid=status]")
            screenshot(page, "spades-phone-nil-exchange")
        card = view["hand"][-1]
        page.click(f"[data-testid=hand-card][data-card='{card}']")
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
        record = page.evaluate("window.cardtable.currentRecord()")
        assert record["actions"][view["move"]] == {"type": "give", "cards": [card]}
    page.wait_for_function("window.cardtable.currentRecord().actions.some(a => a.type === 'play')",
                           timeout=STEP_TIMEOUT_MS)
    after = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert len(after["exchange"]["received"]) == 3


def test_eight_five_three_pass_and_fewest_tricks(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=2")  # seed 2: you are the 8 of the first deal
    start_match(page, players=3, options={"minimum": "true", "redeal": "true"}, game="eight_five_three")
    page.wait_for_selector("[data-testid=action-button][data-type=pass]:enabled", timeout=STEP_TIMEOUT_MS)
    view = python_view(saved_record(page))
    assert view["phase"] == "declare" and view["to_act"] == 0
    suits = set(page.eval_on_selector_all("[data-testid=action-button][data-type=trump]:enabled",
                                          "nodes => nodes.map(n => n.dataset.suit)"))
    assert suits == {a["suit"] for a in view["legal"] if a["type"] == "trump"} and "MIN" in suits
    page.click("[data-testid=action-button][data-type=pass]")
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
    assert page.evaluate("window.cardtable.currentRecord()")["actions"][-1] == {"type": "pass"}
    page.wait_for_selector("[data-testid=action-button][data-type=trump][data-suit=MIN]:enabled",
                           timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=action-button][data-type=pass]").count() == 0  # once per game
    page.click("[data-testid=action-button][data-type=trump][data-suit=MIN]")
    page.wait_for_selector("[data-testid=trump][data-trump=MIN]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, "eight-five-three-phone-fewest-tricks")
