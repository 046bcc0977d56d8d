"""Zevaka in the browser, on a stacked deck: tap your top card and an opponent's pile to
move it there, draw while a move existed («Прозевал!»), a refused try explained by Python,
and with hints on a whole game to the final table. At every human step the piles, the
Draw button and (with hints) the highlighted moves are checked against CPython's bridge."""

from conftest import (DESKTOP, FAST, PHONE, STEP_TIMEOUT_MS, no_horizontal_scroll, python_view, saved_record,
                      screenshot, start_match)

# Seed 5: you begin. 6♠ is turned up; you draw 9♥, Bot 1 draws 8♦, Bot 2 Q♣, so on your
# second turn your 9♥ goes on Bot 1's 8♦ (and not on the common 6♠).
DECK = ("6S,9H,8D,QC,JS,AH,7C,7S,8S,9S,TS,QS,KS,AS,6H,7H,8H,TH,JH,QH,KH,6D,7D,9D,TD,JD,QD,KD,AD,"
        "6C,8C,9C,TC,JC,KC,AC")
HUMAN_TURN = ("[data-testid=target]:enabled, [data-testid=action-button][data-type=draw]:enabled, "
              "[data-testid=final-sheet]")


def wait_for_human(page):
    page.wait_for_selector(HUMAN_TURN, timeout=STEP_TIMEOUT_MS)
    return "over" if page.locator("[data-testid=final-sheet]").count() else "act"


def target_selector(target):
    if target == "common":
        return "[data-testid=common] [data-testid=target]"
    return f"[data-testid=seat][data-seat='{target}'] [data-testid=target]"


def check_table(page, view, hints):
    """The piles and controls on the page are Python's view."""
    piles = view["piles"]
    own = page.locator("[data-testid=own-top]")
    assert (own.get_attribute("data-card") if own.count() else None) == (piles[0]["top"] if not piles[0]["out"] else None)
    for seat in range(1, view["players"]):
        shown = page.locator(target_selector(seat))
        expected = piles[seat]["top"] if not piles[seat]["out"] else None
        assert (shown.get_attribute("data-card") if shown.count() else None) == expected
        assert page.get_attribute(f"[data-testid=seat][data-seat='{seat}']", "data-cards") == str(piles[seat]["cards"])
    assert page.get_attribute(target_selector("common"), "data-card") == view["common"]["top"]
    assert page.get_attribute("[data-testid=stock]", "data-count") == str(view["stock_count"])
    mine = view["pending"] if view["pending"] and view["pending"]["seat"] == 0 else None
    pending = page.locator("[data-testid=pending-card]")
    assert (pending.get_attribute("data-card") if pending.count() else None) == (mine["card"] if mine else None)
    can_draw = any(a["type"] == "draw" for a in view["legal"])
    assert page.locator("[data-testid=action-button][data-type=draw]:enabled").count() == int(can_draw)
    hinted = set(page.eval_on_selector_all(
        "[data-testid=target].hint", "nodes => nodes.map(n => n.closest('[data-testid=common]') ? 'common'"
        " : Number(n.closest('[data-testid=seat]').dataset.seat))"))
    if hints:
        assert hinted == {a["target"] for a in view["hints"]}
        assert page.locator("[data-testid=own-top].hint").count() == int(bool(view["hints"]))
    else:  # strict: the page shows no move
        assert not hinted and page.locator(".hint").count() == 0


def tap(page, view, action):
    if action["type"] == "draw":
        page.click("[data-testid=action-button][data-type=draw]")
    else:
        if action["type"] == "move":
            page.click("[data-testid=own-top]")
            assert page.get_attribute("[data-testid=own-top]", "aria-pressed") == "true"
        page.click(target_selector(action["target"]))
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}")
    record = page.evaluate("window.cardtable.currentRecord()")
    assert record["actions"][view["move"]] == action


def test_move_onto_an_opponent_and_miss_one_on_a_phone(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5&deck={DECK}")
    start_match(page, players=3, game="zevaka")
    moved = missed = tried = False
    for _ in range(80):
        assert wait_for_human(page) == "act"
        view = python_view(saved_record(page))
        assert view["to_act"] == 0
        check_table(page, view, hints=False)
        legal = view["legal"]
        moves = [a for a in legal if a["type"] == "move"]
        onto = [a for a in moves if a["target"] != "common"]
        if not moved and onto:
            if not tried and {"type": "move", "target": "common"} not in legal:
                # A try the rules refuse: Python says why, nothing changes.
                page.click("[data-testid=own-top]")
                page.click(target_selector("common"))
                page.wait_for_selector("[data-testid=table-notice]", timeout=STEP_TIMEOUT_MS)
                assert "does not fit" in page.inner_text("[data-testid=table-notice]")
                assert saved_record(page)["actions"] == page.evaluate("window.cardtable.currentRecord()")["actions"]
                assert len(saved_record(page)["actions"]) == view["move"]
                no_horizontal_scroll(page, PHONE["width"])
                screenshot(page, "zevaka-phone-refused")
                tried = True
            page.click("[data-testid=own-top]")  # select, then screenshot the choice
            screenshot(page, "zevaka-phone-selected")
            page.click("[data-testid=own-top]")
            tap(page, view, onto[0])
            moved = True
        elif moved and not missed and moves and not view["pending"]:
            tap(page, view, {"type": "draw"})  # «Прозевал!»
            missed = True
            # Bots move at once (botDelay=0) and may miss too: read the state just after the
            # draw, and accept the newest note, whoever missed last.
            record = page.evaluate("window.cardtable.currentRecord()")
            after = python_view({**record, "actions": record["actions"][:view["move"] + 1]})
            assert after["last_missed"]["seat"] == 0 and after["missed"][0] == 1
            page.wait_for_selector("[data-testid=missed-note]", timeout=STEP_TIMEOUT_MS)
            assert "Прозевал" in page.inner_text("[data-testid=missed-note]")
            assert page.inner_text("[data-testid=seat][data-seat='0'] [data-testid=seat-missed]") == "×1"
            no_horizontal_scroll(page, PHONE["width"])
            screenshot(page, "zevaka-phone-missed")
            break
        else:
            action = legal[0] if view["pending"] else (
                {"type": "draw"} if {"type": "draw"} in legal else legal[0])
            if action["type"] == "draw" and moves:
                action = moves[0]
            tap(page, view, action)
    assert moved and missed and tried


def test_hints_and_a_whole_game_on_a_desktop(new_page, open_app):
    page = new_page(DESKTOP)
    open_app(page, f"botDelay=0&trickDelay=600&seed=5&deck={DECK}")
    start_match(page, players=3, game="zevaka", options={"hints": "true"})
    steps = 0
    shots = set()
    while wait_for_human(page) == "act":
        view = python_view(saved_record(page))
        check_table(page, view, hints=True)
        if view["hints"] and not view["pending"] and "hint" not in shots:
            shots.add("hint")
            page.click("[data-testid=own-top]")
            screenshot(page, "zevaka-desktop-hint")
            page.click("[data-testid=own-top]")
            # Ignore the hint and draw: «Прозевал!» flashes on the table for everyone.
            tap(page, view, {"type": "draw"})
            page.wait_for_selector("[data-testid=miss-flash]", timeout=STEP_TIMEOUT_MS)
            assert "Прозевал!" in page.inner_text("[data-testid=miss-flash]")
            page.wait_for_timeout(300)  # the pop-in animation
            screenshot(page, "zevaka-desktop-missed")
            continue
        if view["phase"] == "piles" and "piles" not in shots:
            shots.add("piles")
            screenshot(page, "zevaka-desktop-piles")
        legal = view["legal"]
        moves = [a for a in legal if a["type"] in ("move", "place")]
        tap(page, view, moves[0] if moves else legal[0])
        steps += 1
        assert steps < 400
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert view["over"]
    assert page.locator("[data-testid=final-sheet] [data-testid=sheet-row]").count() == 3
    assert page.inner_text("[data-testid=winner]")
    no_horizontal_scroll(page, DESKTOP["width"])
    screenshot(page, "zevaka-desktop-final")
