"""Python from a snapshot (web/js/worker.js, web/js/python-snapshot.js): a normal start leaves a
snapshot of the interpreter's memory and the next start restores it. A snapshot may make the app
faster, never broken: a damaged one, another build's or another browser's, one that fails to
restore, each means a normal start and a fresh snapshot; and the games play the same from one."""

import json
from pathlib import Path

import pytest

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE
from test_offline import wait_until_cached

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CACHE = "cardtable.python-snapshot"

# The stored entry, changed in place: headers replaced, the stored bytes flipped or cut, or the
# interpreter's memory inside changed and packed again with a checksum that matches (so only the
# restore itself can notice). Runs in the page, with the worker's own packing code.
DOCTOR = """async ({headers = {}, flip = false, cut = 0, memory = null}) => {
  const cache = await caches.open(%s);
  const [key] = await cache.keys();
  const stored = await cache.match(key);
  const changed = new Headers(stored.headers);
  for (const [name, value] of Object.entries(headers)) changed.set(name, value);
  let body = new Uint8Array(await stored.arrayBuffer());
  if (flip) body[body.length >> 1] ^= 0xff;
  if (cut) body = body.slice(0, body.length - cut);
  if (memory) {
    const { pack, unpack } = await import(new URL("js/python-snapshot.js", key.url).href);
    let snapshot = unpack(body);
    if (memory.grow) {
      const grown = new Uint8Array(snapshot.length + memory.grow);
      grown.set(snapshot);
      snapshot = grown;
    }
    if (memory.zero) snapshot.fill(0, memory.zero[0], memory.zero[1]);
    if (memory.replace) {
      const [from, to] = memory.replace.map((text) => new TextEncoder().encode(text));
      for (let at = snapshot.indexOf(from[0]); at >= 0; at = snapshot.indexOf(from[0], at + 1)) {
        if (from.every((byte, i) => snapshot[at + i] === byte)) snapshot.set(to, at);
      }
    }
    body = pack(snapshot);
    const digest = await crypto.subtle.digest("SHA-256", body);
    changed.set("x-sha256", Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
  }
  await cache.put(key, new Response(body, { headers: changed }));
}""" % json.dumps(CACHE)

STORED = """async () => {
  const cache = await caches.open(%s);
  const keys = await cache.keys();
  if (!keys.length) return null;
  const stored = await cache.match(keys[0]);
  return { headers: Object.fromEntries(stored.headers), bytes: (await stored.arrayBuffer()).byteLength };
}""" % json.dumps(CACHE)


def python_started(page) -> dict:
    """How the page's Python started, once its snapshot is settled (saved, or none made)."""
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("window.cardtable.python() && window.cardtable.python().snapshot", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("window.cardtable.python()")


def restart(page) -> dict:
    page.reload()
    return python_started(page)


@pytest.fixture
def snapshot_page(new_page, open_app):
    """A page whose first start left a snapshot, and whose next starts come from the service
    worker (only then is a snapshot looked for: worker.js)."""
    page = new_page(PHONE)
    open_app(page, FAST)
    first = python_started(page)
    assert first["from"] == "boot" and first["fallback"] is None, first
    assert first["snapshot"]["saved"], first
    wait_until_cached(page)
    return page


def test_the_second_start_restores_python_from_the_first_starts_snapshot(snapshot_page):
    page = snapshot_page
    stored = page.evaluate(STORED)
    assert stored["headers"]["x-kind"] == "snapshot"
    assert stored["headers"]["x-build-id"] == json.loads(page.evaluate("fetch('build.json').then(r => r.text())"))["build_id"]
    assert stored["bytes"] == page.evaluate("window.cardtable.python().snapshot.bytes")
    second = restart(page)
    assert second["from"] == "snapshot" and second["fallback"] is None, second
    assert not second["snapshot"]["saved"]  # nothing to make: it came from one
    # Each start from the same snapshot draws its own seeds (os.urandom is not in the snapshot).
    seeds = {page.evaluate("window.cardtable.ask({op: 'new', game: 'oh_hell', players: 4}).then(a => a.record.seed)")}
    assert restart(page)["from"] == "snapshot"
    seeds.add(page.evaluate("window.cardtable.ask({op: 'new', game: 'oh_hell', players: 4}).then(a => a.record.seed)"))
    assert len(seeds) == 2


PLAY_GOLDEN = """async (golden) => {
  const { game, players, options, seed, actions } = golden.record;
  let { record } = await window.cardtable.ask({ op: "new", game, players, options, seed });
  for (const action of actions) {
    const answer = await window.cardtable.ask({ op: "act", record, action });
    if (answer.error) return answer;
    record = answer.record;
  }
  return { record, view: (await window.cardtable.ask({ op: "view", record, seat: 0 })).view };
}"""


def test_a_snapshot_of_a_memory_grown_past_the_runtimes_first_size_restores(snapshot_page):
    # A long session's memory outgrows the runtime's first 30 MB; Pyodide 314 alone cannot
    # restore that (tests/test_pyodide.py shows it), the worker grows the memory first.
    page = snapshot_page
    page.evaluate(DOCTOR, {"memory": {"grow": 16 << 20}})
    started = restart(page)
    assert started["from"] == "snapshot", started
    assert "record" in page.evaluate("window.cardtable.ask({op: 'new', game: 'kozel', players: 4, seed: 1})")


def test_the_golden_playthroughs_play_the_same_from_a_snapshot(snapshot_page):
    page = snapshot_page
    assert restart(page)["from"] == "snapshot"
    goldens = sorted(GOLDEN.glob("*.json"))
    assert len(goldens) >= 8
    for path in goldens:
        golden = json.loads(path.read_text())
        played = page.evaluate(PLAY_GOLDEN, golden)
        assert "error" not in played, (path.name, played)
        assert played["record"] == golden["record"], path.name
        view = played["view"]
        assert (view["scores"], view["winner"], view["sheet"]) == (golden["scores"], golden["winner"], golden["sheet"]), path.name
    assert page.evaluate("window.cardtable.python().from") == "snapshot"  # no restart on the way


def assert_normal_start_then_fresh_snapshot(page, fallback: str) -> None:
    """The next start is a normal one, says why, and leaves a fresh snapshot that restores."""
    started = restart(page)
    assert started["from"] == "boot", started
    assert fallback in started["fallback"], started
    assert started["snapshot"]["saved"], started
    assert restart(page)["from"] == "snapshot"


@pytest.mark.parametrize("damage", [{"flip": True}, {"cut": 4096}, {"cut": 1}], ids=["a flipped byte", "cut short", "a byte short"])
def test_a_damaged_snapshot_means_a_normal_start_and_a_fresh_snapshot(snapshot_page, damage):
    page = snapshot_page
    page.evaluate(DOCTOR, damage)
    assert_normal_start_then_fresh_snapshot(page, "damaged")


@pytest.mark.parametrize("header,reason", [("x-build-id", "another build's snapshot"),
                                           ("x-browser", "another browser's snapshot")])
def test_another_builds_or_browsers_snapshot_is_not_restored(snapshot_page, header, reason):
    page = snapshot_page
    page.evaluate(DOCTOR, {"headers": {header: "0123456789abcdef"}})
    assert_normal_start_then_fresh_snapshot(page, reason)


def test_a_snapshot_of_another_pyodide_build_fails_to_restore_and_is_replaced(snapshot_page):
    # Pyodide's own build id sits in bytes 16-47 of the snapshot: another runtime's is refused.
    page = snapshot_page
    page.evaluate(DOCTOR, {"memory": {"zero": [16, 48]}})
    assert_normal_start_then_fresh_snapshot(page, "the snapshot did not restore")
    assert page.evaluate(STORED)["headers"]["x-failures"] == "1"  # the fresh one remembers the failure


def test_a_snapshot_whose_memory_is_broken_fails_to_restore_and_is_replaced(snapshot_page):
    page = snapshot_page
    page.evaluate(DOCTOR, {"memory": {"zero": [1 << 20, 20 << 20]}})
    assert_normal_start_then_fresh_snapshot(page, "the snapshot did not restore")


def test_a_snapshot_whose_interpreter_names_another_build_is_not_used(snapshot_page):
    # Headers and checksum say this build, the interpreter inside says another: not used.
    page = snapshot_page
    build_id = page.evaluate("window.cardtable.python() && fetch('build.json').then(r => r.json()).then(m => m.build_id)")
    page.evaluate(DOCTOR, {"memory": {"replace": [build_id, "f" * len(build_id)]}})
    assert_normal_start_then_fresh_snapshot(page, "not this build's")


def test_snapshots_stop_after_two_failed_restores_of_one_build_in_one_browser(snapshot_page):
    page = snapshot_page
    page.evaluate(DOCTOR, {"memory": {"zero": [16, 48]}})
    started = restart(page)
    assert started["from"] == "boot" and "did not restore" in started["fallback"], started
    assert started["snapshot"]["saved"]
    assert page.evaluate(STORED)["headers"]["x-failures"] == "1"
    page.evaluate(DOCTOR, {"memory": {"zero": [16, 48]}})
    started = restart(page)
    assert started["from"] == "boot" and "did not restore" in started["fallback"], started
    assert not started["snapshot"]["saved"] and "2 restores" in started["snapshot"]["reason"], started
    for _ in range(2):  # and so it stays, for this build in this browser
        stored = page.evaluate(STORED)["headers"]
        assert (stored["x-kind"], stored["x-failures"]) == ("failed", "2")
        started = restart(page)
        assert started["from"] == "boot" and not started["snapshot"]["saved"], started


def test_a_start_that_never_finishes_forgets_the_snapshot(new_page, site_url):
    """A restore that hangs (or crashes the worker) cannot report itself: the page, once it gives
    up on Python, deletes the snapshot, so the next start is a normal one. Here the runtime never
    arrives: no service worker, so the test's route sees the worker's requests (and the start
    is a normal one: the worker looks for a snapshot only in a page the service worker serves;
    the page cannot tell one start that never ends from another)."""
    page = new_page(PHONE, service_workers="block")
    page.goto(f"{site_url}?{FAST}")
    assert python_started(page)["snapshot"]["saved"]
    stuck = []
    page.context.route("**/pyodide.asm.wasm", lambda route: stuck.append(route))  # never answered
    page.goto(f"{site_url}?{FAST}&bootTimeout=5000")
    page.wait_for_selector("[data-testid=error-screen]", timeout=BOOT_TIMEOUT_MS)
    assert stuck
    deadline = 50
    while page.evaluate(STORED) is not None:
        deadline -= 1
        assert deadline, "the snapshot was kept"
        page.wait_for_timeout(100)
    page.context.unroute("**/pyodide.asm.wasm")
    page.goto(f"{site_url}?{FAST}")  # without the short deadline: a loaded machine may need more
    started = python_started(page)
    assert started["from"] == "boot" and started["fallback"] is None, started
    assert started["snapshot"]["saved"]


def test_after_an_update_the_old_builds_snapshot_is_replaced(new_page, site_copy, build_module):
    """A new version deployed and taken: its first start is a normal one (the snapshot is the old
    build's), and it leaves its own."""
    site, url = site_copy
    page = new_page(PHONE)
    page.goto(f"{url}?{FAST}")
    assert python_started(page)["snapshot"]["saved"]
    wait_until_cached(page)
    old = json.loads((site / "build.json").read_text())
    with (site / "css" / "app.css").open("a") as css:
        css.write("\n/* new version */\n")
    new = build_module.write_manifest(site, {k: v for k, v in old.items() if k not in {"files", "build_id"}})
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        page.click("[data-testid=update-reload]")
    started = python_started(page)
    assert started["from"] == "boot" and "another build's snapshot" in started["fallback"], started
    assert started["snapshot"]["saved"]
    assert page.evaluate(STORED)["headers"]["x-build-id"] == new["build_id"] != old["build_id"]
    assert restart(page)["from"] == "snapshot"


def test_two_tabs_starting_together_leave_one_snapshot_that_restores(new_page, site_url):
    first = new_page(PHONE)
    second = first.context.new_page()
    for page in (first, second):
        page.goto(f"{site_url}?{FAST}")
    for page in (first, second):
        started = python_started(page)
        assert started["from"] == "boot" and started["snapshot"]["saved"], started
        wait_until_cached(page)
    assert first.evaluate("caches.open('cardtable.python-snapshot').then(c => c.keys()).then(k => k.length)") == 1
    assert restart(second)["from"] == "snapshot"
    assert restart(first)["from"] == "snapshot"


def test_the_app_starts_when_the_snapshot_code_does_not_load(new_page, site_url):
    """python-snapshot.js missing (a deploy half done, a blocked request): Python starts normally
    and makes no snapshot; the games are there."""
    page = new_page(PHONE, service_workers="block")
    page.context.route("**/js/python-snapshot.js", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site_url}?{FAST}")
    started = python_started(page)
    assert started["from"] == "boot", started
    assert started["snapshot"] == {"saved": False, "reason": "python-snapshot.js did not load"}, started
    assert "record" in page.evaluate("window.cardtable.ask({op: 'new', game: 'zevaka', players: 3, seed: 2})")


CONTAINS = """async (text) => {
  const cache = await caches.open(%s);
  const [key] = await cache.keys();
  const { unpack } = await import(new URL("js/python-snapshot.js", key.url).href);
  const memory = unpack(new Uint8Array(await (await cache.match(key)).arrayBuffer()));
  const needle = new TextEncoder().encode(text);
  for (let at = memory.indexOf(needle[0]); at >= 0; at = memory.indexOf(needle[0], at + 1)) {
    if (needle.every((byte, i) => memory[at + i] === byte)) return true;
  }
  return false;
}""" % json.dumps(CACHE)


def test_a_snapshot_holds_no_match_even_when_one_starts_at_once(new_page, site_url):
    """The snapshot is Python as the games list left it: a match asked for at once (before the
    snapshot's moment) reaches Python only after the copy, so no hand is stored with it."""
    page = new_page(PHONE)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    record = page.evaluate("window.cardtable.ask({op: 'new', game: 'oh_hell', players: 4, seed: 987654321})")["record"]
    started = python_started(page)
    assert started["snapshot"]["saved"], started
    assert page.evaluate(CONTAINS, "games.eight_five_three")  # the imported games are there
    assert not page.evaluate(CONTAINS, "987654321")
    deal = next(entry["cards"] for entry in record["chance"] if entry["kind"] == "deal")
    assert not page.evaluate(CONTAINS, json.dumps(deal[:6], separators=(",", ":"))[1:-1])  # as the bridge writes it
