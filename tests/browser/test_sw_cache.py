"""Issue 17, failure 8: the service worker's cache. A failed install (one missing file, or a
build.json of another build) leaves no half-filled cache; a cached file whose bytes no longer
match its sha256 is fetched again."""

import json
import time

import pytest

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE

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
