"""Kozel in the browser: multi-card leads, beats and passes chosen by selecting cards, the
molodka button, and a whole deal to its score sheet. At every human step the page's
enabled cards and buttons are checked against CPython's bridge for the saved record."""

import time

from conftest import (DESKTOP, FAST, PHONE, STEP_TIMEOUT_MS, no_horizontal_scroll, python_view, saved_record,
                      screenshot, start_match)

HUMAN_TURN = ("[data-testid=hand-card]:enabled, [data-testid=action-button][data-type=decline]:enabled, "
              "[data-testid=deal-sheet], [data-testid=final-sheet]")
# Seed 3 deals first from seat 0, so West leads; this stacked deck gives you 6-9 of spades.
MOLODKA_DECK = ("TS,JS,QS,6S,KS,AS,6H,7S,7H,8H,9H,8S,TH,JH,QH,9S,KH,AH,6D,7D,8D,9D,TD,JD,QD,KD,AD,"
                "6C,7C,8C,9C,TC,JC,QC,KC,AC")


def wait_for_human(page):
    page.wait_for_selector(HUMAN_TURN, timeout=STEP_TIMEOUT_MS)
    for state in ("deal-sheet", "final-sheet"):
        if page.locator(f"[data-testid={state}]").count():
            return state
    return "act"


def hand_cards(page, enabled_only=False):
    selector = "[data-testid=hand-card]" + (":enabled" if enabled_only else "")
    return page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.dataset.card)")


def button_states(page):
    """{type: enabled} of the action buttons on the page."""
    return dict(page.eval_on_selector_all(
        "[data-testid=action-button]", "nodes => nodes.map(n => [n.dataset.type, !n.disabled])"))


def selected_cards(page):
    return set(page.eval_on_selector_all("[data-testid=hand-card][aria-pressed=true]",
                                         "nodes => nodes.map(n => n.dataset.card)"))


def check_offer(page, view):
    """The hand, the selectable cards and the buttons match Python's legal actions."""
    assert hand_cards(page) == view["hand"]
    legal = view["legal"]
    usable = {card for action in legal if action["type"] in ("play", "pass") for card in action["cards"]}
    assert set(hand_cards(page, enabled_only=True)) == usable
    buttons = button_states(page)
    has_molodka = any(action["type"] == "molodka" for action in legal)
    assert ("molodka" in buttons) == has_molodka
    if has_molodka:
        assert buttons["molodka"]
    assert ("decline" in buttons) == any(action["type"] == "decline" for action in legal)
    for kind in ("play", "pass"):  # nothing selected yet: nothing to send
        if kind in buttons:
            assert not buttons[kind]


def select(page, cards):
    for card in sorted(selected_cards(page)):
        page.click(f"[data-testid=hand-card][data-card='{card}']")
    for card in cards:
        page.click(f"[data-testid=hand-card][data-card='{card}']")
    assert selected_cards(page) == set(cards)


def check_buttons_for_selection(page, view):
    picked = selected_cards(page)
    buttons = button_states(page)
    for kind in ("play", "pass"):
        if kind in buttons:
            expected = any(a["type"] == kind and set(a["cards"]) == picked for a in view["legal"])
            assert buttons[kind] == expected, (kind, picked)


def choose(view, done):
    """Leads two cards once, beats whenever a beat exists, else passes or leads one card."""
    legal = view["legal"]
    plays = [a for a in legal if a["type"] == "play"]
    if not view["trick"]["plays"]:
        pairs = [a for a in plays if len(a["cards"]) == 2]
        if pairs and "lead2" not in done:
            return pairs[0], "lead2"
        return min(plays, key=lambda a: len(a["cards"])), "lead"
    if plays:
        return plays[0], "beat"
    return next(a for a in legal if a["type"] == "pass"), "pass"


def play_deal(page, shots=None):
    done = set()
    while (state := wait_for_human(page)) == "act":
        view = python_view(saved_record(page))
        assert view["to_act"] == 0
        check_offer(page, view)
        if view["phase"] == "molodka":
            page.click("[data-testid=action-button][data-type=decline]")
            continue
        action, what = choose(view, done)
        # A wrong selection first: one card too many (or a card of the wrong kind) sends nothing.
        spare = [c for c in view["hand"] if c not in action["cards"]]
        if spare:
            select(page, action["cards"] + spare[:1])
            check_buttons_for_selection(page, view)
        select(page, action["cards"])
        check_buttons_for_selection(page, view)
        if shots and what in shots and what not in done:
            no_horizontal_scroll(page, page.viewport_size["width"])
            screenshot(page, shots[what])
        assert button_states(page)[action["type"]]
        page.click(f"[data-testid=action-button][data-type={action['type']}]")
        done.add(what)
        # The move went to Python: the record grew by exactly this action.
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
        record = page.evaluate("window.cardtable.currentRecord()")
        assert record["actions"][view["move"]]["type"] == action["type"]
        assert set(record["actions"][view["move"]]["cards"]) == set(action["cards"])
    return state, done


def check_sheet(page, limit=12):
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    rows = view["sheet"]["rows"]
    assert page.locator("[data-testid=deal-sheet] [data-testid=sheet-row]").count() == len(rows)
    row = rows[-1]
    assert page.inner_text("[data-testid=deal-result]").startswith(f"Us {row['card_points'][0]} : {row['card_points'][1]} Them")
    cells = page.eval_on_selector_all("[data-testid=deal-sheet] [data-testid=sheet-row]:last-child td",
                                      "nodes => nodes.map(n => n.textContent)")
    assert cells[0] == str(row["card_points"][0]) and cells[3] == str(row["card_points"][1])
    assert cells[2] == str(row["totals"][0]) and cells[5] == str(row["totals"][1])
    totals = page.eval_on_selector_all("[data-testid=deal-sheet] [data-testid=sheet-totals] td",
                                       "nodes => nodes.map(n => n.textContent)")
    assert totals == [f"{view['scores'][0]} / {limit}", f"{view['scores'][1]} / {limit}"]


def test_kozel_deal_on_a_phone(new_page, open_app):
    page = new_page(PHONE)
    started = time.perf_counter()
    open_app(page, f"{FAST}&seed=2")  # seed 2: you lead first, holding three diamonds
    start_match(page, players=4, game="kozel")
    assert page.locator("[data-testid=seat]").count() == 4
    view = python_view(saved_record(page))
    assert page.get_attribute("[data-testid=trump]", "data-trump") == view["deal"]["trump"]
    assert page.get_attribute("[data-testid=trump-card]", "data-card") == view["deal"]["trump_card"]
    assert page.get_attribute("[data-testid=stock]", "data-count") == "20"
    assert page.get_attribute("[data-testid=trump-card]", "data-depth") == str(view["deal"]["trump_card_depth"])
    # Tapping a card toggles it.
    assert wait_for_human(page) == "act"
    first = view["hand"][0]
    page.click(f"[data-testid=hand-card][data-card='{first}']")
    assert selected_cards(page) == {first}
    page.click(f"[data-testid=hand-card][data-card='{first}']")
    assert selected_cards(page) == set()

    state, done = play_deal(page, shots={"lead2": "kozel-phone-lead", "beat": "kozel-phone-beat",
                                         "pass": "kozel-phone-pass"})
    assert state == "deal-sheet"
    assert {"lead2", "beat"} <= done, done
    check_sheet(page)
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "kozel-phone-deal-sheet")
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
    assert page.inner_text("[data-testid=deal-info]").startswith("Deal 2")
    print(f"kozel deal ran {time.perf_counter() - started:.1f} s")


def test_kozel_molodka_on_a_desktop(new_page, open_app):
    page = new_page(DESKTOP)
    open_app(page, f"botDelay=250&trickDelay=0&seed=3&deck={MOLODKA_DECK}")
    start_match(page, players=4, game="kozel")
    assert wait_for_human(page) == "act"
    view = python_view(saved_record(page))
    assert sorted(view["hand"]) == ["6S", "7S", "8S", "9S"]
    assert view["trick"]["plays"], "West leads first"
    check_offer(page, view)
    no_horizontal_scroll(page, DESKTOP["width"])
    screenshot(page, "kozel-desktop-reply")
    page.click("[data-testid=action-button][data-type=molodka]")
    page.wait_for_selector("[data-testid=molodka-note]", timeout=STEP_TIMEOUT_MS)
    record = page.evaluate("window.cardtable.currentRecord()")
    assert record["actions"][view["move"]]["type"] == "molodka"
    after = python_view(record)
    assert after["trick"]["molodka"] == 0 and after["trick"]["leader"] == 0
    rows = page.eval_on_selector_all("[data-testid=trick-play]", "nodes => nodes.map(n => n.dataset.seat)")
    assert rows[0] == "0"
    screenshot(page, "kozel-desktop-molodka")
    state, _ = play_deal(page)
    assert state == "deal-sheet"
    check_sheet(page)
    screenshot(page, "kozel-desktop-deal-sheet")


def test_kozel_interrupt_window_decline(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3&deck={MOLODKA_DECK}")
    start_match(page, players=4, options={"molodka": "interrupt"}, game="kozel")
    assert wait_for_human(page) == "act"
    view = python_view(saved_record(page))
    # Before West leads, you (holding four spades) are asked first.
    assert view["phase"] == "molodka" and view["window"]["before"] == 1
    check_offer(page, view)
    assert button_states(page) == {"molodka": True, "decline": True}
    assert "molodka" in page.inner_text("[data-testid=status]")
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "kozel-phone-window")
    page.click("[data-testid=action-button][data-type=decline]")
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
    assert page.evaluate("window.cardtable.currentRecord()")["actions"][view["move"]] == {"type": "decline"}


def test_kozel_party_to_the_goat(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=4")
    start_match(page, players=4, options={"limit": "6"}, game="kozel")
    for _ in range(12):  # deals
        state, _ = play_deal(page)
        if state == "final-sheet":
            break
        check_sheet(page, limit=6)
        page.click("[data-testid=continue]")
    else:
        raise AssertionError("the party did not end")
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert view["over"] and view["goat"]
    names = {0: "You", 1: "West", 2: "North", 3: "East"}
    seats = " and ".join(names[s] for s in view["goat"]["seats"])
    assert page.inner_text("[data-testid=winner]").startswith(
        f"{seats} are the goat{' with eggs' if view['goat']['eggs'] else ''}!")
    assert page.locator("[data-testid=final-sheet] [data-testid=sheet-row]").count() == len(view["sheet"]["rows"])
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "kozel-phone-goat")
