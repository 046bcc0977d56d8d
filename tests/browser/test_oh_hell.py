"""Oh Hell in the browser: boot, setup, bidding, a whole deal by clicks, the score sheet,
the final sheet, save and resume, and the error paths. Every action the page offers is
checked against CPython's bridge for the same record."""

import json
import time

from conftest import (DESKTOP, FAST, PHONE, RESULTS, SAVE_KEY, STEP_TIMEOUT_MS, act_as_human, bots_at_level,
                      python_view, saved_record, screenshot, start_match, start_screen_ms, wait_for_human)


def no_horizontal_scroll(page, width):
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


def play_until(page, stop_states, on_state=None):
    """Acts for the human (first legal choice) until one of stop_states; returns it."""
    while (state := wait_for_human(page)) not in stop_states:
        if on_state:
            on_state(state)
        act_as_human(page, state)
    return state


def test_first_deal_on_a_phone(new_page, open_app):
    page = new_page(PHONE)
    started = time.perf_counter()
    cold_ms = open_app(page)
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]")
    warm_ms = start_screen_ms(page)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "startup.json").write_text(json.dumps({"cold_ms": cold_ms, "warm_ms": warm_ms}))
    print(f"start screen after {cold_ms:.0f} ms cold, {warm_ms:.0f} ms warm")
    screenshot(page, "phone-start")

    start_match(page, players=4)
    assert page.inner_text("[data-testid=deal-info]") == "Deal 1 of 16, 13 cards"
    assert page.locator("[data-testid=seat]").count() == 4
    assert page.locator("[data-testid=hand-card]").count() == 13
    names = page.eval_on_selector_all(".seat .seat-name", "nodes => nodes.map(n => n.firstChild.textContent)")
    assert names == ["West", "North", "East"]

    assert wait_for_human(page) == "bid"
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "phone-bid")

    def look_at_play(state):
        if state == "play" and page.locator("[data-testid=hand-card]").count() == 10:
            no_horizontal_scroll(page, PHONE["width"])
            screenshot(page, "phone-play")

    assert play_until(page, {"deal-sheet"}, look_at_play) == "deal-sheet"
    assert page.locator("[data-testid=sheet-row]").count() == 1
    view = python_view(saved_record(page))
    totals = page.eval_on_selector_all("[data-testid=sheet-totals] td", "nodes => nodes.map(n => n.textContent)")
    assert totals == [str(score) for score in view["sheet"]["rows"][0]["totals"]]
    cells = page.eval_on_selector_all("[data-testid=sheet-row] .bid-tricks", "nodes => nodes.map(n => n.textContent)")
    assert cells == [f"{c['bid']}/{c['tricks']}" for c in view["sheet"]["rows"][0]["cells"]]
    no_horizontal_scroll(page, PHONE["width"])
    screenshot(page, "phone-deal-sheet")

    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
    assert page.inner_text("[data-testid=deal-info]") == "Deal 2 of 16, 12 cards"
    print(f"test ran {time.perf_counter() - started:.1f} s")


def test_desktop_table_and_trick_pause(new_page, open_app):
    page = new_page(DESKTOP)
    open_app(page, "botDelay=0&trickDelay=400&seed=11")
    screenshot(page, "desktop-start")
    start_match(page, players=4)
    assert wait_for_human(page) == "bid"
    screenshot(page, "desktop-bid")
    # The completed trick stays on the table with its winner marked, then clears.
    act_as_human(page, "bid")
    while page.locator(".trick-card.winner").count() == 0:
        state = wait_for_human(page)
        assert state == "play"
        act_as_human(page, state)
        page.wait_for_timeout(50)
    assert page.locator(".trick-card").count() == 4
    assert "won the trick" in page.inner_text("[data-testid=status]")
    page.wait_for_timeout(200)  # let the last card finish sliding in
    screenshot(page, "desktop-trick")
    page.wait_for_selector(".trick-card.winner", state="detached", timeout=STEP_TIMEOUT_MS)
    no_horizontal_scroll(page, DESKTOP["width"])

    page.click("[data-testid=open-sheet]")
    page.wait_for_selector("[data-testid=score-sheet-view]")
    assert page.locator("[data-testid=score-sheet-view] [data-testid=sheet-row]").count() == 0
    page.click("[data-testid=close-sheet]")
    page.wait_for_selector("[data-testid=score-sheet-view]", state="detached")


def test_short_match_to_the_final_sheet(new_page, open_app):
    page = new_page(PHONE)
    # Seed 13: the human deals first, so bids last, and meets the hook.
    open_app(page, f"{FAST}&seed=13")
    # Largest hand 3 cards: deals of 3, 2 and four of 1 card.
    start_match(page, players=4, options={"largest": 3})
    assert page.inner_text("[data-testid=deal-info]") == "Deal 1 of 6, 3 cards"
    forbidden_seen = []

    def check_hook(state):
        if state == "bid" and page.locator(".bid-button.forbidden").count():
            if not forbidden_seen:
                screenshot(page, "phone-hook")
            forbidden_seen.append(page.get_attribute(".bid-button.forbidden", "data-bid"))
            assert page.locator(".bid-button.forbidden:disabled").count() == 1
            # The hook (O5): the bid that would make the bids add up to the hand size.
            view = python_view(page.evaluate("window.cardtable.currentRecord()"))
            hook = view["deal"]["hand_size"] - sum(b for b in view["bids"] if b is not None)
            assert forbidden_seen[-1] == str(hook)
            assert "may not bid" in page.inner_text("[data-testid=bid-hint]")

    while (state := play_until(page, {"deal-sheet", "final-sheet"}, check_hook)) == "deal-sheet":
        page.click("[data-testid=continue]")
    view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    assert view["over"]
    assert page.locator("[data-testid=final-sheet] [data-testid=sheet-row]").count() == 6
    winner = page.inner_text("[data-testid=winner]")
    assert winner and ("win" in winner or "share first place" in winner)
    screenshot(page, "phone-final-sheet")
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None  # a finished match is no resume
    page.click("[data-testid=new-game]")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.locator("[data-testid=resume]").count() == 0
    assert forbidden_seen, "the human, dealing first, met the hook"


def test_resume_after_reload(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3)
    assert wait_for_human(page) == "bid"
    act_as_human(page, "bid")
    wait_for_human(page)
    record = saved_record(page)
    page.reload()  # the table that was open comes back by itself (docs/persistence.md)
    page.wait_for_selector("[data-testid=table-screen]", timeout=60_000)
    screenshot(page, "phone-resume")
    assert saved_record(page) == record
    bid = python_view(record)["bids"][0]
    assert page.inner_text("[data-testid=seat][data-seat='0'] [data-testid=seat-bid]") == f"Bid {bid}"


def with_save(page, text):
    """Puts text under the save key before the page's own scripts run."""
    page.add_init_script(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(text)})")


def test_corrupt_save_keeps_the_start_screen(new_page, open_app):
    page = new_page(PHONE)
    with_save(page, "{not json")
    open_app(page)
    assert page.locator("[data-testid=game-choice]").count() >= 1
    assert page.locator("[data-testid=resume]").count() == 0


def test_save_that_does_not_replay_is_set_aside(new_page, open_app):
    page = new_page(PHONE)
    stale = {"record": {"game": "oh_hell", "version": 1, "players": 4, "options": {}, "seed": 1,
                        "chance": [], "actions": [{"type": "bid", "n": 99}]}}
    with_save(page, json.dumps(stale))
    open_app(page)
    page.click("[data-testid=resume]")
    page.wait_for_selector("[data-testid=start-notice]")
    assert "could not be resumed" in page.inner_text("[data-testid=start-notice]")
    assert page.locator("[data-testid=resume]").count() == 0
    kept = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('cardtable.v2.set-aside.'))
                            .map(k => JSON.parse(localStorage.getItem(k)))""")
    assert len(kept) == 1 and json.loads(kept[0]["raw"])["record"] == stale["record"]


def test_boot_failure_shows_the_error_screen(new_page, site_url):
    page = new_page(PHONE)
    page.context.route("**/build.json", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=error-screen]", timeout=30_000)
    assert "build.json" in page.inner_text("[data-testid=boot-error]")


def test_bridge_error_shows_a_banner_not_a_crash(new_page, open_app):
    page = new_page(PHONE, service_workers="block")
    bots_at_level(page, "grandmaster")
    open_app(page, f"{FAST}&seed=7")  # seed 7: a bot bids first
    start_match(page, players=4)
    page.wait_for_selector("[data-testid=error-banner]:visible", timeout=STEP_TIMEOUT_MS)
    assert "Unknown bot level" in page.inner_text("[data-testid=error-message]")
    assert page.locator("[data-testid=table-screen]").is_visible()
    screenshot(page, "phone-error-banner")
    page.click("[data-testid=error-banner] [aria-label=Dismiss]")
    assert page.locator("[data-testid=error-banner]").is_hidden()
