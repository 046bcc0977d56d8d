"""The table tools: deal number and match id, undo to before your last decision, the hard
bot's hint, the last trick, the deal review of a finished deal (solo: every hand), bot speed."""

import json

from conftest import FAST, PHONE, act_as_human, python_view, saved_record, start_match, wait_for_human
from games import bridge


def before_last_decision(record, seat=0):
    """CPython's answer: the actions before `seat`'s last decision."""
    last = None
    for index in range(len(record["actions"])):
        prefix = {**record, "actions": record["actions"][:index]}
        if python_view(prefix)["to_act"] == seat:
            last = index
    return record["actions"][:last]


def far_bid(record, seat):
    """A legal bid as far as can be from hard's own (CPython's hint, iterations only): one the
    play checker has to call clearly worse."""
    hint = json.loads(bridge.handle(json.dumps({"op": "hint", "record": record, "budget_ms": 60_000})))
    assert hint["seat"] == seat, hint
    bids = [action["n"] for action in python_view(record, seat)["legal"]]
    return max(bids, key=lambda n: abs(n - hint["action"]["n"]))


def turn_on_play_checker(page):
    """Settings → Check my moves, from the start screen (off by default)."""
    page.click("[data-testid=open-settings]")
    page.check("[data-testid=setting-play-checker]")
    page.click("[data-testid=close-settings]")


def check_the_far_bid(page, bid, host, before):
    """Taps `bid` on `page`: the checker's dialog says what it costs; Take it back plays nothing,
    then Play it anyway plays it. `host`: the page whose match it is (`page` itself, or the host's
    phone for a guest)."""
    page.click(f"[data-testid=bid-button][data-bid='{bid}']")
    page.wait_for_selector("[data-testid=move-check]", timeout=60_000)
    cost = page.inner_text("[data-testid=check-cost]")
    assert "points less" in cost and f"Bidding {bid} " in cost, cost
    page.click("[data-testid=check-back]")
    page.wait_for_selector("[data-testid=move-check]", state="detached")
    page.wait_for_selector(f"[data-testid=bid-button][data-bid='{bid}']:enabled")
    assert host.evaluate("window.cardtable.currentRecord()") == before
    page.click(f"[data-testid=bid-button][data-bid='{bid}']")
    page.wait_for_selector("[data-testid=move-check]", timeout=60_000)
    page.click("[data-testid=check-play]")
    count = len(before["actions"])
    host.wait_for_function("n => window.cardtable.currentRecord().actions.length > n", arg=count)
    after = host.evaluate("window.cardtable.currentRecord()")
    assert after["actions"][:count + 1] == before["actions"] + [{"type": "bid", "n": bid}]


def open_tool(page, tool):
    page.click("[data-testid=open-tools]")
    page.wait_for_selector("[data-testid=table-tools]")
    page.click(f"[data-testid={tool}]")


def test_undo_hint_last_trick_and_review(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3, options={"largest": 3})
    act_as_human(page, wait_for_human(page))
    wait_for_human(page)
    record = saved_record(page)

    page.click("[data-testid=open-tools]")
    assert "Deal 1" in page.inner_text("[data-testid=deal-number]")
    assert f"match #{record['seed']}" in page.inner_text("[data-testid=deal-number]")
    page.click("[data-testid=tool-undo]")
    expected = before_last_decision(record)
    page.wait_for_function(f"window.cardtable.currentRecord().actions.length === {len(expected)}")
    assert page.evaluate("window.cardtable.currentRecord()")["actions"] == expected
    assert wait_for_human(page) == "bid"
    saved = json.loads(page.evaluate("localStorage.getItem('cardtable.v2.save.oh_hell')"))
    assert saved["undos"] == 1 and saved["record"]["chance"] == record["chance"]  # the same cards

    open_tool(page, "tool-hint")
    page.wait_for_selector("[data-testid=table-notice]")
    legal = python_view(saved_record(page))["legal"]
    assert page.inner_text("[data-testid=table-notice] .notice-main") in {f"Hint: bid {a['n']}" for a in legal}
    assert page.inner_text("[data-testid=hint-reason]")  # and why

    # Play on until a trick is complete, then look at it.
    while not python_view(saved_record(page)).get("last_trick"):
        act_as_human(page, wait_for_human(page))
    state = wait_for_human(page)
    last = python_view(page.evaluate("window.cardtable.currentRecord()"))["last_trick"]
    if state != "deal-sheet":
        open_tool(page, "tool-last-trick")
        shown = page.eval_on_selector_all("[data-testid=trick-review] li .card", "ns => ns.map(n => n.dataset.card)")
        assert shown == [play["card"] for play in last["plays"]]
        page.click("[data-testid=close-tools]")

    # Finish the first deal, then review it trick by trick.
    while (state := wait_for_human(page)) != "deal-sheet":
        act_as_human(page, state)
    page.click("[data-testid=continue]")
    wait_for_human(page)
    # Solo: the tools open the deal review (every hand), the last finished deal first.
    open_tool(page, "tool-review")
    page.wait_for_selector("[data-testid=deal-review][data-deal='1'][data-step='1']")
    review = json.loads(bridge.handle(json.dumps({"op": "deal_review", "record": saved_record(page), "seat": 0, "deal": 1})))
    steps = review["steps"]
    assert page.inner_text("[data-testid=review-step]") == f"Deal 1 · step 1 of {len(steps)}"
    page.click("[data-testid=review-step-next]")
    page.wait_for_selector("[data-testid=deal-review][data-step='2']")
    shown = page.eval_on_selector_all("[data-testid=review-plays] li .card", "ns => ns.map(n => n.dataset.card)")
    assert shown == [card for move in steps[1]["actions"] for card in move["action"].get("cards", [])]


def test_the_play_checker_says_a_clearly_worse_bid_before_it_is_made(new_page, open_app):
    """Settings → Check my moves: a bid far from hard's opens the dialog with its cost; Take it
    back leaves the match as it was, Play it anyway plays it."""
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5")
    turn_on_play_checker(page)
    start_match(page, players=4)
    assert wait_for_human(page) == "bid"
    record = page.evaluate("window.cardtable.currentRecord()")
    check_the_far_bid(page, far_bid(record, 0), page, record)


def test_bot_speed_is_kept(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, "")
    page.select_option("[data-testid=bot-speed]", "fast")
    assert json.loads(page.evaluate("localStorage.getItem('cardtable.v2.prefs')"))["botSpeed"] == "fast"
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)
    assert page.input_value("[data-testid=bot-speed]") == "fast"
