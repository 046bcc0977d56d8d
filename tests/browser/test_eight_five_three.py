"""8-5-3 in the browser: a whole first deal by clicks, the 8's declaration, the exchanges
(cards shown only to the two players involved), the talon swap and a trick of the next
deal; an exchange where you pass cards. At every human step the enabled controls are
exactly CPython's legal actions for the saved record."""

import json

from conftest import (DESKTOP, FAST, PHONE, SAVE_KEY, STEP_TIMEOUT_MS, no_horizontal_scroll, python_view,
                      saved_record, screenshot, start_match)
from games import bridge

CONTROLS = ("[data-testid=hand-card]:enabled, [data-testid=talon-card]:enabled, "
            "[data-testid=action-button]:enabled, [data-testid=deal-sheet], [data-testid=final-sheet]")


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def wait_for_human(page):
    page.wait_for_selector(CONTROLS, timeout=STEP_TIMEOUT_MS)
    for state in ("deal-sheet", "final-sheet"):
        if page.locator(f"[data-testid={state}]").count():
            return state
    return "act"


def control_of(action):
    """The control the page must offer for a legal action."""
    kind = action["type"]
    if kind in ("play", "give", "discard"):
        return f"hand:{action['cards'][0]}"
    if kind == "take":
        return f"talon:{action['cards'][0]}"
    if kind == "trump":
        return f"button:trump:{action['suit']}"
    return f"button:{kind}"


def offered(page):
    return set(page.eval_on_selector_all(
        "[data-testid=hand-card]:enabled, [data-testid=talon-card]:enabled, [data-testid=action-button]:enabled",
        """nodes => nodes.map(n => n.dataset.testid === 'hand-card' ? `hand:${n.dataset.card}`
             : n.dataset.testid === 'talon-card' ? `talon:${n.dataset.card}`
             : n.dataset.suit ? `button:${n.dataset.type}:${n.dataset.suit}` : `button:${n.dataset.type}`)"""))


def click(page, action):
    kind, _, rest = control_of(action).partition(":")
    if kind == "hand":
        page.click(f"[data-testid=hand-card][data-card='{rest}']")
    elif kind == "talon":
        page.click(f"[data-testid=talon-card][data-card='{rest}']")
    elif ":" in rest:
        page.click(f"[data-testid=action-button][data-type=trump][data-suit='{rest.split(':')[1]}']")
    else:
        page.click(f"[data-testid=action-button][data-type={rest}]")


def step(page):
    """Checks the offer against Python and returns (view, legal)."""
    view = python_view(saved_record(page))
    assert view["to_act"] == 0
    assert offered(page) == {control_of(a) for a in view["legal"]}
    hand = page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.dataset.card)")
    assert hand == view["hand"]
    return view


def act(page, view, action):
    click(page, action)
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")


def check_log(page):
    """The exchange log on the page is Python's: cards only where you were giver or receiver."""
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    if view["phase"] not in ("declare", "exchange", "talon"):
        return None  # the table shows the trick now
    shown = page.eval_on_selector_all(
        "[data-testid=exchange]", "nodes => nodes.map(n => [n.dataset.giver, n.dataset.receiver, n.dataset.given, n.dataset.returned])")
    expected = [[str(e["giver"]), str(e["receiver"]), e.get("given", ""), e.get("returned", "")] for e in view["exchange"]["log"]]
    assert shown == expected
    for entry in view["exchange"]["log"]:
        assert ("given" in entry) == (0 in (entry["giver"], entry["receiver"]))
    return view["exchange"]["log"]


def test_declare_exchange_talon_and_a_trick_on_a_phone(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=1")  # seed 1: Bot 1 is the 8 of deal 1, you are the 8 of deal 2
    start_match(page, players=3, game="eight_five_three")
    duties = page.eval_on_selector_all("[data-testid=seat-duty]", "nodes => nodes.map(n => n.textContent)")
    assert sorted(duties) == ["3", "5", "8"]
    shot = False
    while (state := wait_for_human(page)) == "act":
        view = step(page)
        assert view["phase"] == "play" and view["deal"]["number"] == 1
        if view["trick"]["plays"] and not shot:
            shot = True
            no_horizontal_scroll(page, PHONE["width"])
            screenshot(page, "853-phone-play")
        act(page, view, view["legal"][0])
    assert state == "deal-sheet"
    rows = python_view(page.evaluate("window.cardtable.currentRecord()"))["sheet"]["rows"]
    cells = page.eval_on_selector_all("[data-testid=deal-sheet] [data-testid=sheet-row] .bid-tricks",
                                      "nodes => nodes.map(n => n.textContent)")
    assert cells == [f"{c['tricks']}/{c['duty']}" for c in rows[0]["cells"]]
    screenshot(page, "853-phone-deal-sheet")
    page.click("[data-testid=continue]")

    seen, logs = [], []
    while True:
        assert wait_for_human(page) == "act"
        view = step(page)
        phase = view["phase"]
        if phase not in seen:
            seen.append(phase)
            no_horizontal_scroll(page, PHONE["width"])
            screenshot(page, f"853-phone-{phase}")
        if phase == "declare":
            assert view["deal"]["eight"] == 0
            action = next(a for a in view["legal"] if a["type"] == "trump")
        elif phase == "exchange":
            action = next(a for a in view["legal"] if a["type"] == "give")
        elif phase == "talon":
            kinds = {a["type"] for a in view["legal"]}
            if "discard" in kinds:
                action = next(a for a in view["legal"] if a["type"] == "discard")
            elif view["swaps"] == 0:
                action = next(a for a in view["legal"] if a["type"] == "take")
            else:
                action = next(a for a in view["legal"] if a["type"] == "done")
        else:
            assert phase == "play"
            if view["history"]:
                break
            action = view["legal"][0]
        if phase in ("declare", "exchange", "talon"):
            logs.append(check_log(page))
        act(page, view, action)
    assert seen[0] == "declare" and "talon" in seen and "play" in seen
    assert logs and logs[-1], "deal 2 has exchanges (deal 1 left a + and a -)"
    record = page.evaluate("window.cardtable.currentRecord()")
    kinds = [a["type"] for a in record["actions"]]
    assert "trump" in kinds and "take" in kinds and "discard" in kinds
    screenshot(page, "853-phone-deal2-trick")


def giver_record():
    """Seed 1 with normal bots: deal 3 starts with you passing a card to Bot 1."""
    record = ask({"op": "new", "game": "eight_five_three", "players": 3, "seed": 1})["record"]
    while True:
        view = ask({"op": "view", "record": record, "seat": 0})["view"]
        assert not view["over"]
        if view["phase"] == "exchange" and view["to_act"] == 0:
            return record
        choice = ask({"op": "bot", "record": record, "level": "normal"})
        record = ask({"op": "act", "record": record, "action": choice["action"], "seat": choice["seat"]})["record"]


def test_you_pass_a_card_on_a_desktop(new_page, open_app):
    record = giver_record()
    page = new_page(DESKTOP)
    page.add_init_script(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps({'record': record}))})")
    open_app(page, "botDelay=300&trickDelay=300")
    page.click("[data-testid=resume]")
    assert wait_for_human(page) == "act"
    view = step(page)
    assert view["phase"] == "exchange" and view["exchange"]["current"]["giver"] == 0
    assert page.locator("[data-testid=action-button][data-type=stop]:enabled").count() == 1
    screenshot(page, "853-desktop-exchange")
    give = next(a for a in view["legal"] if a["type"] == "give")
    act(page, view, give)
    entry = python_view(page.evaluate("window.cardtable.currentRecord()"))["exchange"]["log"][-1]
    assert entry["giver"] == 0 and entry["given"] == give["cards"][0] and entry["returned"]
    # Both cards are on the table for you (the giver) while the next seat thinks.
    page.wait_for_selector(f"[data-testid=exchange][data-giver='0'][data-given='{entry['given']}']"
                           f"[data-returned='{entry['returned']}']", timeout=STEP_TIMEOUT_MS)
    screenshot(page, "853-desktop-exchanged")
    # On to the first trick of the deal.
    while True:
        assert wait_for_human(page) == "act"
        view = step(page)
        if view["phase"] == "play" and view["trick"]["plays"]:
            break
        act(page, view, view["legal"][0])
    no_horizontal_scroll(page, DESKTOP["width"])
    screenshot(page, "853-desktop-play")
