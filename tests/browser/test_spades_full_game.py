"""A whole game of Spades to 200 in the browser against bots, for 2, 3, 4 and 5 players:
every human decision is a click (bids, the 2-player draw, cards), every hand ends on its
sheet row, and the match ends on the final sheet naming the winner Python names."""

import pytest

from conftest import PHONE, STEP_TIMEOUT_MS, python_view, saved_record, start_match

FAST_NORMAL_BOTS = "botDelay=0&trickDelay=0&level=normal"
HUMAN_CONTROLS = ("[data-testid=bid-button]:enabled, [data-testid=hand-card]:enabled, "
                  "[data-testid=action-button]:enabled, [data-testid=deal-sheet], [data-testid=final-sheet]")


def take_turn(page) -> str:
    """Clicks the first control Python allows and returns what kind it was."""
    page.wait_for_selector(HUMAN_CONTROLS, timeout=STEP_TIMEOUT_MS)
    if page.locator("[data-testid=final-sheet]").count():
        return "over"
    if page.locator("[data-testid=deal-sheet]").count():
        page.click("[data-testid=continue]")
        page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
        return "sheet"
    view = python_view(saved_record(page))
    assert view["to_act"] == 0, "the page waits for the human when Python says a bot is to act"
    action = view["legal"][0]
    kind = action["type"]
    if kind == "bid":
        page.click(f"[data-testid=bid-button][data-bid='{action['n']}']")
    elif kind == "play":
        page.click(f"[data-testid=hand-card][data-card='{action['cards'][0]}']")
    else:
        page.click(f"[data-testid=action-button][data-type={kind}]")
    page.wait_for_function(f"window.cardtable.currentRecord() && "
                           f"window.cardtable.currentRecord().actions.length > {view['move']}",
                           timeout=STEP_TIMEOUT_MS)
    return kind


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_game_to_200(new_page, open_app, players):
    page = new_page(PHONE)
    open_app(page, f"{FAST_NORMAL_BOTS}&seed={players}")
    start_match(page, players=players, options={"target": 200}, game="spades")
    sheets = 0
    for _ in range(3000):
        kind = take_turn(page)
        if kind == "sheet":
            sheets += 1
        if kind == "over":
            break
    else:
        raise AssertionError("the game did not end")
    record = page.evaluate("window.cardtable.currentRecord()") or saved_record(page)
    view = python_view(record)
    assert view["over"] and max(view["scores"]) >= 200 and view["winner"]
    assert len(view["sheet"]["rows"]) == sheets + 1  # the last hand's row is on the final sheet
    winner_text = page.inner_text("[data-testid=final-sheet] [data-testid=winner]")
    assert ("You" in winner_text) == (0 in view["winner"]), winner_text
