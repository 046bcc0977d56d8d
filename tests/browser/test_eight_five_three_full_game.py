"""A whole game of 8-5-3 to +21 in the browser against two bots: every human decision
(declaration, exchanges, talon, cards) is a click on the control Python allows, checked
against Python's legal actions at each step; every deal ends on its sheet; the final
sheet names the winner Python names."""

from conftest import PHONE, python_view, saved_record, start_match
from test_eight_five_three import act, ask, step, wait_for_human

FAST_NORMAL_BOTS = "botDelay=0&trickDelay=0&level=normal"


def test_a_whole_game_to_plus_21(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST_NORMAL_BOTS}&seed=4")
    start_match(page, players=3, game="eight_five_three")
    deals = 0
    for _ in range(20_000):
        state = wait_for_human(page)
        if state == "final-sheet":
            break
        if state == "deal-sheet":
            deals += 1
            page.click("[data-testid=continue]")
            page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
            continue
        view = step(page)
        # The human plays as the normal bot would, so the game is a realistic length.
        action = ask({"op": "bot", "record": saved_record(page), "level": "normal"})["action"]
        assert action in view["legal"]
        act(page, view, action)
    else:
        raise AssertionError("the game did not end")
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert view["over"] and max(view["scores"]) >= 21
    assert len(view["sheet"]["rows"]) == deals + 1
    assert view["winner"] == [view["scores"].index(max(view["scores"]))]
    winner_text = page.inner_text("[data-testid=final-sheet] [data-testid=winner]")
    assert ("You" in winner_text) == (view["winner"] == [0]), winner_text
