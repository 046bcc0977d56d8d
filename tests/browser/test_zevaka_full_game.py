"""Whole games of Zevaka in the browser against 1 to 5 bots: every human decision is a
tap on the pile (or Draw) Python allows, the table is checked against Python's view at
each step, and the game ends on the final table with Python's loser and ranking."""

import pytest

from conftest import PHONE, python_view, saved_record, start_match
from test_zevaka import check_table, tap, wait_for_human

FAST_NORMAL_BOTS = "botDelay=0&trickDelay=0&level=normal"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_game(new_page, open_app, players):
    page = new_page(PHONE)
    open_app(page, f"{FAST_NORMAL_BOTS}&seed={players}")
    start_match(page, players=players, game="zevaka")
    for _ in range(3000):
        if wait_for_human(page) == "over":
            break
        view = python_view(saved_record(page))
        assert view["to_act"] == 0
        check_table(page, view, hints=False)
        # Move before drawing when a move exists (never «прозевал»), else take the first action.
        moves = [a for a in view["legal"] if a["type"] in ("move", "place")]
        tap(page, view, moves[0] if moves else view["legal"][0])
    else:
        raise AssertionError("the game did not end")
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert view["over"] and sorted(view["winner"] + ([view["loser"]] if view["loser"] is not None else [])) \
        == list(range(players))
    assert page.locator("[data-testid=final-sheet]").count() == 1
