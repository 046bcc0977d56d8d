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


# ---- issue 27, item 1: a match in progress is never replaced without the person choosing ----
def leave_to_start(page):
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)


def test_start_asks_before_replacing_a_match_in_progress(new_page, open_app):
    """Before: Start (and a lesson's "Play a real match") replaced the game's save
    silently: a 22-move match was gone from every key."""
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    start_match(page, players=3)
    for _ in range(2):
        act_as_human(page, wait_for_human(page))
    wait_for_human(page)
    saved = saved_record(page, "oh_hell")
    leave_to_start(page)
    assert page.locator("[data-testid=resume][data-game=oh_hell]").count() == 1

    # Start: the question names the match; Cancel keeps everything as it was.
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=replace-match]", timeout=STEP_TIMEOUT_MS)
    assert "Oh Hell" in page.inner_text("[data-testid=replace-match]")
    assert saved_record(page, "oh_hell") == saved
    page.click("[data-testid=replace-cancel]")
    page.wait_for_selector("[data-testid=replace-match]", state="detached")
    assert page.locator("[data-testid=start-screen]").is_visible()
    assert saved_record(page, "oh_hell") == saved

    # Resume it: the same match, every move kept.
    page.click("[data-testid=start]")
    page.click("[data-testid=replace-resume]")
    page.wait_for_selector("[data-testid=table-screen]", timeout=STEP_TIMEOUT_MS)
    assert page.evaluate("window.cardtable.currentRecord()")["actions"] == saved["actions"]
    wait_for_human(page)
    leave_to_start(page)

    # The lessons' "Play a real match" starts one: it asks too.
    page.click("[data-testid=setup][data-game=oh_hell] [data-testid=open-tutorial]")
    page.wait_for_selector("[data-testid=tutorial-real-match]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=tutorial-real-match]")
    page.wait_for_selector("[data-testid=replace-match]", timeout=STEP_TIMEOUT_MS)
    assert saved_record(page, "oh_hell") == saved
    page.click("[data-testid=replace-resume]")
    page.wait_for_function(f"window.cardtable.currentRecord()?.actions.length === {len(saved['actions'])}",
                           timeout=STEP_TIMEOUT_MS)
    wait_for_human(page)
    leave_to_start(page)

    # Only the person's confirmation replaces it.
    page.click("[data-testid=start]")
    page.click("[data-testid=replace-confirm]")
    page.wait_for_selector("[data-testid=table-screen]", timeout=STEP_TIMEOUT_MS)
    wait_for_human(page)
    assert len(saved_record(page, "oh_hell")["actions"]) < len(saved["actions"])


# ---- issue 27, item 9: the browser is asked to keep the site's storage ----------------------
PERSIST_STUB = """(() => {
  const granted = sessionStorage.getItem('grant') === 'yes';
  sessionStorage.setItem('persistCalls', sessionStorage.getItem('persistCalls') ?? '0');
  StorageManager.prototype.persist = async function () {
    sessionStorage.setItem('persistCalls', String(Number(sessionStorage.getItem('persistCalls')) + 1));
    if (granted) sessionStorage.setItem('persisted', 'yes');
    return granted;
  };
  StorageManager.prototype.persisted = async function () { return sessionStorage.getItem('persisted') === 'yes'; };
})();"""


def play_to_the_end(page):
    while (state := wait_for_human(page)) != "final-sheet":
        if state == "deal-sheet":
            page.click("[data-testid=continue]")
        else:
            act_as_human(page, state)


def storage_state_in_settings(page):
    page.click("[data-testid=open-settings]")
    page.wait_for_selector("[data-testid=storage-state][data-persisted]", timeout=STEP_TIMEOUT_MS)
    text = page.inner_text("[data-testid=storage-state]")
    persisted = page.get_attribute("[data-testid=storage-state]", "data-persisted")
    page.click("[data-testid=close-settings]")
    return persisted, text


def test_persistent_storage_is_asked_for_after_the_first_finished_match(new_page, site_url):
    """Before: nothing asked the browser to keep the site's storage (Safari deletes it after
    seven days without a visit; Chrome may evict it under pressure), and nothing said so."""
    from positions import resume_on_load
    from test_history import near_the_end

    record = near_the_end(options={"largest": 3})
    for grant in ("no", "yes"):
        page = new_page(PHONE)
        page.add_init_script(f"sessionStorage.setItem('grant', '{grant}');" + PERSIST_STUB)
        resume_on_load(page, record)
        page.goto(f"{site_url}?{FAST}")
        page.wait_for_selector("[data-testid=table-screen]", timeout=60_000)
        assert page.evaluate("sessionStorage.getItem('persistCalls')") == "0"  # not at the first visit's start
        play_to_the_end(page)
        page.wait_for_function("sessionStorage.getItem('persistCalls') === '1'", timeout=STEP_TIMEOUT_MS)
        page.click("[data-testid=new-game]")
        page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
        persisted, text = storage_state_in_settings(page)
        if grant == "yes":
            assert persisted == "true"
        else:
            # Not granted: said plainly, with the reminder to export.
            assert persisted == "false" and "Export" in text
        page.reload()
        page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)
        assert page.evaluate("sessionStorage.getItem('persistCalls')") == "1"  # asked once, not at every start
