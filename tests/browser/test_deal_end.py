"""The table behind a deal's score sheet is the finished deal as it ended: Python's `closing`
view (docs/bridge.md), not one the page rebuilds. Every hand empty, the tricks as taken, the
scores with the deal counted, the finished deal's number and dealer; no card of the next deal
in sight. The last card of a deal is played by a click, on a record made with CPython's bots
and resumed."""

from conftest import FAST, PHONE, STEP_TIMEOUT_MS, python_view, saved_record, screenshot
from positions import human_to_act, record_until, show_position


def last_card(view):
    return human_to_act("play")(view) and len(view["hand"]) == 1


def last_kozel_trick(view):
    """Kozel: seat 0 plays its whole hand, the stock is empty, and the trick is the deal's last."""
    plays = [a for a in view["legal"] if a["type"] in ("play", "pass")]
    return (human_to_act("play")(view) and view["stock_count"] == 0 and plays
            and all(len(a["cards"]) == len(view["hand"]) for a in plays)
            and all(count == len(view["hand"]) for seat, count in enumerate(view["hand_counts"])
                    if seat not in {p["seat"] for p in view["trick"]["plays"]}))


def won(page, seat):
    return int(page.inner_text(f"[data-testid=seat][data-seat='{seat}'] [data-testid=seat-won] b"))


def finish_the_deal(page, game, record):
    view = python_view(record)
    if game == "kozel":
        action = next(a for a in view["legal"] if a["type"] in ("play", "pass"))
        for card in action["cards"]:
            page.click(f"[data-testid=hand-card][data-card='{card}']")
        page.click(f"[data-testid=action-button][data-type={action['type']}]:enabled")
    else:
        page.click("[data-testid=hand-card]:enabled")
    page.wait_for_selector("[data-testid=deal-sheet]", timeout=STEP_TIMEOUT_MS)


CASES = [("oh_hell", 4, last_card), ("spades", 4, last_card), ("eight_five_three", 3, last_card),
         ("kozel", 4, last_kozel_trick)]


def test_the_table_behind_the_deal_sheet_is_the_finished_deal(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, FAST)
    for game, players, find in CASES:  # one booted page for every game
        check_deal_end(page, game, players, find)


def check_deal_end(page, game, players, find):
    record = record_until(game, players, find, seed=4)
    show_position(page, record, timeout=STEP_TIMEOUT_MS)
    finish_the_deal(page, game, record)
    after = python_view(saved_record(page))
    closing = after["closing"]
    assert closing is not None and closing["deal"]["number"] == after["deal"]["number"] - 1 == python_view(record)["deal"]["number"]
    screenshot(page, f"deal-end-{game}")

    assert page.locator("[data-testid=hand-card]").count() == 0  # not the next deal's hand
    assert str(closing["deal"]["number"]) in page.inner_text("[data-testid=deal-info]")
    assert page.get_attribute("[data-testid=table-screen]", "data-to-act") == "null"
    counts = page.eval_on_selector_all("[data-testid=seat-cards] > span[aria-hidden=true]:not(.mini-back)",
                                       "nodes => nodes.map(n => n.textContent)")
    assert counts and set(counts) == {"0"}
    if game == "kozel":
        for side, tricks in enumerate(closing["side_tricks"]):
            line = page.inner_text(f"[data-testid=team-line][data-team='{side}'] [data-testid=team-tricks]")
            assert line.startswith(f"{tricks} trick"), line
        assert sum(closing["side_tricks"]) > 0
    else:
        assert [won(page, seat) for seat in range(players)] == closing["tricks_won"]
        assert sum(closing["tricks_won"]) == closing["deal"].get("hand_size", 16)
    if game != "eight_five_three":  # its seats show duties, not the dealer
        dealer = closing["deal"]["dealer"]
        assert page.eval_on_selector_all("[data-testid=seat]:has([data-testid=dealer])",
                                         "nodes => nodes.map(n => n.dataset.seat)") == [str(dealer)]
    # The sheet's Continue brings the next deal's table and hand.
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=hand] .card", timeout=STEP_TIMEOUT_MS)
    assert str(after["deal"]["number"]) in page.inner_text("[data-testid=deal-info]")
