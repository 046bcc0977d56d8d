"""Issue 17, failure 8: the service worker's cache. A failed install (one missing file, or a
build.json of another build) leaves no half-filled cache; a cached file whose bytes no longer
match its sha256 is fetched again."""

import json
import time

import pytest

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE, STEP_TIMEOUT_MS, start_match

CACHE_NAMES = "caches.keys().then(keys => keys.filter(k => k.startsWith('cardtable-')))"
# window.swStates: the states the page's first installing service worker went through.
WATCH_INSTALL = """
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = async function (...args) {
        const registration = await register.apply(this, args);
        const worker = registration.installing;
        window.swStates = [worker?.state];
        worker?.addEventListener('statechange', () => window.swStates.push(worker.state));
        return registration;
    };"""




def eventually(page, script, arg=None, timeout_s=BOOT_TIMEOUT_MS / 1000):
    """Polls an async page function until it gives a true value (wait_for_function would take
    the pending Promise itself as true)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"never true: {script}"
        page.wait_for_timeout(250)


def damage_missing_file(site):
    (site / "rules" / "en" / "kozel.html").unlink()


def damage_build_json(site):
    path = site / "build.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps({**manifest, "build_id": "0000another0000"}))  # a deploy half done


@pytest.mark.parametrize("damage", [damage_missing_file, damage_build_json])
def test_a_failed_install_leaves_no_cache(new_page, site_copy, damage):
    site, url = site_copy
    damage(site)
    page = new_page(PHONE)
    page.add_init_script(WATCH_INSTALL)
    page.goto(f"{url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    # The install ran and failed.
    page.wait_for_function("window.swStates && window.swStates.includes('redundant')", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(CACHE_NAMES) == []


def test_a_damaged_cached_file_is_fetched_again(new_page, open_app, dist_dir):
    page = new_page(PHONE)
    open_app(page, FAST)
    page.wait_for_function("window.cardtable && window.cardtable.offline", timeout=BOOT_TIMEOUT_MS)
    [name] = page.evaluate(CACHE_NAMES)
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        await cache.put(new URL('css/app.css', location.href).href, new Response('/* damaged */'));
    }""", name)
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    expected = (dist_dir / "css" / "app.css").read_text()
    eventually(page, """async ([name, expected]) => {
        const cached = await (await caches.open(name)).match(new URL('css/app.css', location.href).href);
        return Boolean(cached) && (await cached.text()) === expected;
    }""", [name, expected])


# ---- issue 27: a damaged file never runs, offline start survives it, one build per page --------
RAN = "sessionStorage.setItem('damagedCodeRan', '1');"  # what a damaged copy adds (kept over a reload)


def damage_cached(page, name, path, extra):
    page.evaluate("""async ([name, path, extra]) => {
        const cache = await caches.open(name);
        const url = new URL(path, location.href).href;
        const cached = await cache.match(url);
        await cache.put(url, new Response((await cached.text()) + extra, { headers: cached.headers }));
    }""", [name, path, f"\n{extra}\n"])


def damaged_code_ran(page):
    return page.evaluate("sessionStorage.getItem('damagedCodeRan')") is not None


def boot_cached(page, url):
    page.goto(url)
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("window.cardtable && window.cardtable.offline", timeout=BOOT_TIMEOUT_MS)
    [name] = page.evaluate(CACHE_NAMES)
    return name


def test_a_damaged_file_never_runs_and_one_online_visit_repairs_offline_start(new_page, site_copy, dist_dir):
    """Item 2. Before: the damaged js/start-screen.js ran offline; the integrity check deleted it
    seconds later; the next offline reload stayed on "Starting the card table…"; an online visit
    did not put the file back, so offline start stayed broken."""
    site, url = site_copy
    page = new_page(PHONE)
    name = boot_cached(page, f"{url}?{FAST}")
    damage_cached(page, name, "js/start-screen.js", RAN)
    # Offline: the page cannot reach the server (and the server's copy would not match either).
    original = (site / "js" / "start-screen.js").read_text()
    (site / "js" / "start-screen.js").write_text(original + "\n// not this build's\n")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-testid=cannot-start]", timeout=BOOT_TIMEOUT_MS)
    assert not damaged_code_ran(page)
    assert "offline" in page.inner_text("body")

    # One online visit starts the app and puts the file back...
    (site / "js" / "start-screen.js").write_text(original)
    page.context.set_offline(False)
    page.goto(f"{url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    eventually(page, """async ([name, expected]) => {
        const cached = await (await caches.open(name)).match(new URL('js/start-screen.js', location.href).href);
        return Boolean(cached) && (await cached.text()) === expected;
    }""", [name, (dist_dir / "js" / "start-screen.js").read_text()])
    # ...so the app starts offline again, and the damaged code never ran.
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    assert not damaged_code_ran(page)


def publish(site, build_module, changes):
    """A new deploy in the copy: each {path: text appended}, then a new build.json and precache list."""
    old_build = json.loads((site / "build.json").read_text())
    for path, extra in changes.items():
        with (site / path).open("a") as file:
            file.write(extra)
    new_build = build_module.write_manifest(site, {k: v for k, v in old_build.items() if k not in {"files", "build_id"}})
    assert new_build["build_id"] != old_build["build_id"]
    return new_build


MARK = "\n(globalThis.newBuild ??= []).push('{}');\n"


def test_a_damaged_file_and_a_new_deploy_never_mix_two_builds(new_page, site_copy, build_module):
    """Item 6. Before: a damaged cached js/table.js and a new deploy made the page run the old
    start-screen.js with the new table.js."""
    site, url = site_copy
    page = new_page(PHONE)
    name = boot_cached(page, f"{url}?{FAST}&seed=3")
    damage_cached(page, name, "js/table.js", RAN)
    publish(site, build_module, {"js/start-screen.js": MARK.format("start-screen"), "js/table.js": MARK.format("table")})
    page.reload()
    # The table's module is needed: loaded until it loads (the page may start again once, from one whole build).
    for _ in range(4):
        try:
            page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
            if page.evaluate("import('./js/table.js').then(() => true, () => false)"):
                break
        except Exception:  # the page started again while asked
            pass
        page.wait_for_timeout(1000)
    else:
        raise AssertionError("js/table.js never loaded")
    start_match(page, players=3)
    assert sorted(page.evaluate("globalThis.newBuild ?? []")) in ([], ["start-screen", "table"])
    assert not damaged_code_ran(page)


def test_a_page_keeps_its_build_after_another_tab_takes_an_update(new_page, site_copy, build_module):
    """Item 6. Before: after one tab accepted an update, a second tab still on the old build
    opened the rules and got the new build's file."""
    site, url = site_copy
    first = new_page(PHONE)
    boot_cached(first, f"{url}?{FAST}")
    second = first.context.new_page()
    second.goto(f"{url}?{FAST}")
    second.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    rules = "fetch('rules/en/kozel.html').then(r => r.text())"
    old_rules = second.evaluate(rules)
    publish(site, build_module, {"rules/en/kozel.html": "\n<p>The new build's rules.</p>\n"})
    first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    first.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    with first.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        first.click("[data-testid=update-reload]")
    first.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    assert "The new build's rules." in first.evaluate(rules)
    second.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    # The second tab, now under the new version's worker, still gets its own build's files.
    assert second.evaluate(rules) == old_rules
    second.click("[data-testid=game-choice][data-game=kozel]")
    second.click("[data-testid=setup][data-game=kozel] [data-testid=open-rules]")
    second.wait_for_selector("[data-testid=rules-body]", timeout=STEP_TIMEOUT_MS)
    assert "The new build's rules." not in second.inner_text("[data-testid=rules-body]")
