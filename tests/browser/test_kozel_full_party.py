"""A whole Kozel party to 12 defeat points in the browser against three bots: every deal
played by clicks (the shared `play_deal` of test_kozel checks the offered cards and
buttons against Python at each step), the series sheet after every deal, the goat at the end."""

from conftest import PHONE, python_view, start_match
from test_kozel import play_deal

FAST_NORMAL_BOTS = "botDelay=0&trickDelay=0&level=normal"


def test_a_whole_party_to_12(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST_NORMAL_BOTS}&seed=3")
    start_match(page, players=4, game="kozel")
    deals = 0
    for _ in range(100):
        state, _ = play_deal(page)
        view = python_view(page.evaluate("window.cardtable.currentRecord()"))
        rows = view["sheet"]["rows"]
        deals += 1
        assert len(rows) == deals
        assert page.locator(f"[data-testid={state}] [data-testid=sheet-row]").count() == deals
        if state == "final-sheet":
            break
        page.click("[data-testid=continue]")
        page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
    else:
        raise AssertionError("the party did not end")
    assert view["over"] and max(view["scores"]) >= 12
    goat_team = view["scores"].index(max(view["scores"]))
    winners = sorted(view["winner"])
    assert winners == ([1, 3] if goat_team == 0 else [0, 2])
    assert "goat" in page.inner_text("[data-testid=final-sheet] [data-testid=winner]").lower()
