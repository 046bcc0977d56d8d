"""Saves (docs/persistence.md): one per game, resumed after a reload, schema-1 saves
upgraded, unreadable saves kept aside with a message and an export, a full storage
reported without a crash."""

import json

from conftest import (FAST, PHONE, SAVE_KEY, STEP_TIMEOUT_MS, act_as_human, python_view, saved_record, start_match,
                      wait_for_human)
from games import bridge

SET_ASIDE = """Object.keys(localStorage).filter(k => k.startsWith('cardtable.v2.set-aside.')).sort()
               .map(k => JSON.parse(localStorage.getItem(k)))"""


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def table_snapshot(page):
    return {
        "info": page.inner_text("[data-testid=deal-info]"),
        "hand": page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.dataset.card)"),
        "status": page.inner_text("[data-testid=status]"),
    }


def test_reload_resumes_the_same_table_and_each_game_keeps_its_own_save(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3)
    act_as_human(page, wait_for_human(page))
    wait_for_human(page)
    record, before = saved_record(page), table_snapshot(page)
    page.reload()
    page.wait_for_selector("[data-testid=table-screen]", timeout=60_000)
    wait_for_human(page)
    assert saved_record(page) == record
    assert table_snapshot(page) == before
    assert page.evaluate("window.cardtable.currentRecord()") == record

    # A second game in progress beside the first: both can be resumed.
    page.click("[data-testid=leave]")
    start_match(page, players=4, game="spades")
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    assert sorted(page.eval_on_selector_all("[data-testid=resume]", "ns => ns.map(n => n.dataset.game)")) \
        == ["oh_hell", "spades"]
    page.click("[data-testid=resume][data-game=oh_hell]")
    page.wait_for_selector("[data-testid=table-screen]")
    assert page.evaluate("window.cardtable.currentRecord()") == record


def test_a_schema_1_save_is_upgraded_and_resumed(new_page, open_app):
    record = ask({"op": "new", "game": "oh_hell", "players": 4, "seed": 5})["record"]
    page = new_page(PHONE)
    # The first release's one-slot save, exactly as it wrote it.
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps({'savedAt': 1700000000000, 'record': record}))});
    }}""")
    open_app(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    upgraded = json.loads(page.evaluate("localStorage.getItem('cardtable.v2.save.oh_hell')"))
    assert upgraded == {"schema": 2, "game": "oh_hell", "savedAt": 1700000000000, "undos": 0, "hints": 0,
                        "record": record}
    page.click("[data-testid=resume][data-game=oh_hell]")
    page.wait_for_selector("[data-testid=table-screen]")
    resumed = page.evaluate("window.cardtable.currentRecord()")  # bots may have moved already
    assert {**resumed, "actions": []} == record
    assert python_view(resumed)["move"] == len(resumed["actions"])


def test_a_corrupt_save_is_kept_aside_reported_exported_and_the_app_still_works(new_page, open_app):
    page = new_page(PHONE)
    broken = '{"schema": 2, "game": "spades", "record": {"game": "spades", "acti'
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('cardtable.v2.save.spades', {json.dumps(broken)});
    }}""")
    open_app(page)
    notice = page.locator("[data-testid=set-aside-notice]")
    assert "could not be used" in notice.inner_text()
    kept = page.evaluate(SET_ASIDE)
    assert [entry["raw"] for entry in kept] == [broken]
    assert kept[0]["from"] == "cardtable.v2.save.spades"
    assert page.locator("[data-testid=resume]").count() == 0

    with page.expect_download() as download:
        page.click("[data-testid=export-set-aside]")
    exported = json.loads(open(download.value.path()).read())
    assert exported["setAside"][0]["raw"] == broken

    # A second bad save later never replaces the first one.
    page.evaluate("localStorage.setItem('cardtable.v2.save.kozel', 'not json at all')")
    page.click("[data-testid=dismiss-set-aside]")
    assert sorted(entry["raw"] for entry in page.evaluate(SET_ASIDE)) == sorted([broken, "not json at all"])

    start_match(page, players=3)
    act_as_human(page, wait_for_human(page))
    assert python_view(saved_record(page))["move"] >= 1


def test_a_full_storage_is_reported_and_the_game_goes_on(new_page, open_app):
    page = new_page(PHONE)
    page.add_init_script("""
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith('cardtable.v2.save.')) {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            }
            return setItem.call(this, key, value);
        };""")
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3)
    page.wait_for_selector("[data-testid=error-banner]:visible", timeout=STEP_TIMEOUT_MS)
    assert "Storage is full" in page.inner_text("[data-testid=error-message]")
    state = wait_for_human(page)
    assert state == "bid"
    page.click("[data-testid=bid-button]:enabled >> nth=0")
    wait_for_human(page)
    assert page.evaluate("window.cardtable.currentRecord().actions.length") >= 1
    assert page.locator("[data-testid=table-screen]").is_visible()


def test_the_opponents_level_is_chosen_kept_with_the_save_and_remembered(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    # Normal until the player picks another level.
    assert page.locator("[data-testid=option-level] input[value=normal]").is_checked()
    start_match(page, players=3, options={"level": "hard"})
    act_as_human(page, wait_for_human(page))
    wait_for_human(page)
    slot = "localStorage.getItem('cardtable.v2.save.oh_hell')"
    assert json.loads(page.evaluate(slot))["level"] == "hard"
    page.reload()
    page.wait_for_selector("[data-testid=table-screen]", timeout=60_000)
    wait_for_human(page)
    assert json.loads(page.evaluate(slot))["level"] == "hard"
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.locator("[data-testid=option-level] input[value=hard]").is_checked()
