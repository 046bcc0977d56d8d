"""Issue 17, failure 6: two tabs. One tab at a time owns a game's save; another tab that opens
the same game says so and may take it over, and no move is lost either way. An update reloads
only the tab whose player chose it; the others show the prompt."""

import json

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE, STEP_TIMEOUT_MS, act_as_human, saved_record, start_match, wait_for_human


def boot(page, url):
    page.goto(url)
    page.wait_for_selector("[data-testid=start-screen], [data-testid=table-screen]", timeout=BOOT_TIMEOUT_MS)


def test_one_tab_plays_a_game_and_another_can_take_it_over(new_page, site_url):
    first = new_page(PHONE)
    boot(first, f"{site_url}?{FAST}&seed=3")
    start_match(first, players=3)
    act_as_human(first, wait_for_human(first))
    wait_for_human(first)

    second = first.context.new_page()
    boot(second, f"{site_url}?{FAST}")
    # The second tab would resume the open table: it is refused and says why.
    second.wait_for_selector("[data-testid=take-over]", timeout=STEP_TIMEOUT_MS)
    assert "open in another tab" in second.inner_text("[data-testid=error-message]")
    assert second.locator("[data-testid=table-screen]").count() == 0
    # Starting the same game anew is refused too (it would overwrite the first tab's save).
    second.click("[data-testid=start]")
    second.wait_for_selector("[data-testid=take-over]")
    assert second.locator("[data-testid=table-screen]").count() == 0

    # The first tab plays on; then the second takes over, with every move the first made.
    act_as_human(first, wait_for_human(first))
    wait_for_human(first)
    record = saved_record(first, "oh_hell")
    second.click("[data-testid=take-over]")
    second.wait_for_selector("[data-testid=table-screen]", timeout=STEP_TIMEOUT_MS)
    first.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    assert "another tab" in first.inner_text("[data-testid=error-message]")
    resumed = second.evaluate("window.cardtable.currentRecord()")
    assert resumed["actions"][:len(record["actions"])] == record["actions"]
    act_as_human(second, wait_for_human(second))
    second.wait_for_function("JSON.parse(localStorage.getItem('cardtable.v2.save.oh_hell')).record.actions.length > "
                             f"{len(record['actions'])}", timeout=STEP_TIMEOUT_MS)


def test_an_update_reloads_only_the_tab_that_chose_it(new_page, site_copy, build_module):
    site, url = site_copy
    first = new_page(PHONE)
    boot(first, f"{url}?{FAST}")
    first.wait_for_function("window.cardtable && window.cardtable.offline", timeout=BOOT_TIMEOUT_MS)
    second = first.context.new_page()
    boot(second, f"{url}?{FAST}&seed=3")
    start_match(second, players=3)
    second.evaluate("window.notReloaded = true")

    old_build = json.loads((site / "build.json").read_text())
    with (site / "css" / "app.css").open("a") as css:
        css.write("\n/* new version */\n")
    build_module.write_manifest(site, {k: v for k, v in old_build.items() if k not in {"files", "build_id"}})
    first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    first.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    with first.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        first.click("[data-testid=update-reload]")
    boot(first, f"{url}?{FAST}")
    # The second tab's game stays; it is offered the reload.
    second.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    assert second.evaluate("window.notReloaded") is True
    assert second.locator("[data-testid=table-screen]").is_visible()


def test_a_reload_comes_back_to_this_tabs_own_table(new_page, site_url):
    """Issue 27, item 8: reloading tab A (Oh Hell) while tab B plays Spades landed A on the start
    screen with "Spades … is open in another tab" instead of A's own table."""
    first = new_page(PHONE)
    boot(first, f"{site_url}?{FAST}&seed=3")
    start_match(first, players=3)
    act_as_human(first, wait_for_human(first))
    wait_for_human(first)
    second = first.context.new_page()
    boot(second, f"{site_url}?{FAST}&seed=4")
    second.wait_for_selector("[data-testid=take-over]", timeout=STEP_TIMEOUT_MS)  # Oh Hell is the first tab's
    start_match(second, players=4, game="spades")
    wait_for_human(second)
    first.reload()
    first.wait_for_selector("[data-testid=table-screen]", timeout=BOOT_TIMEOUT_MS)
    assert first.evaluate("window.cardtable.currentRecord().game") == "oh_hell"
    assert not first.locator("[data-testid=error-banner]:visible").count()
    # And the second tab's reload comes back to its Spades.
    second.reload()
    second.wait_for_selector("[data-testid=table-screen]", timeout=BOOT_TIMEOUT_MS)
    assert second.evaluate("window.cardtable.currentRecord().game") == "spades"
