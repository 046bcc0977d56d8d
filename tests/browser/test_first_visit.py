"""A first visit downloads each file once: the service worker's precache revalidates what the
page has just loaded (a 304, no body) instead of fetching it again. What the start screen does
not need (the rules documents, the other languages' catalogs) is asked for only after it shows.
The loading screen's bar counts bytes. A lost visitor reaches the app, installed or not."""

import functools
import http.server
import json
import threading
import time
from collections import Counter

import pytest

from conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, FAST, PHONE
from test_offline import wait_until_cached

PREFIX = "/first/visit/"


@pytest.fixture
def counted_site(dist_dir, build_module):
    """dist/ on its own server that notes (path, status, time) of every request."""
    requests = []

    def log_request(handler, code="-", size="-"):
        requests.append((handler.path.split("?", 1)[0].removeprefix(PREFIX), int(code), time.time()))

    handler = type("Counting", (build_module.SiteHandler,), {"prefix": PREFIX, "quiet": True, "log_request": log_request})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(dist_dir)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}{PREFIX}", requests
    server.shutdown()
    server.server_close()


@pytest.fixture
def browser_profile(browser, tmp_path):
    """A page in a browser with a profile on disk, as a player's is: an in-memory (incognito)
    HTTP cache keeps no file as large as Pyodide's 9.6 MB wasm, so the service worker would
    download it again there."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, viewport=PHONE,
        bypass_csp=True)  # like new_page (conftest): the CSP itself is test_csp.py's
    yield context.new_page()
    context.close()


def test_a_first_visit_downloads_each_file_once_and_the_extras_after_the_start_screen(browser_profile, counted_site, dist_dir):
    url, requests = counted_site
    page = browser_profile
    page.goto(f"{url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    started = page.evaluate("performance.timeOrigin + performance.getEntriesByName('start-screen')[0].startTime") / 1000
    wait_until_cached(page)

    downloads = Counter(path for path, status, _ in requests if status == 200)
    twice = {path: count for path, count in downloads.items() if count > 1}
    assert not twice, f"downloaded more than once: {twice}"
    manifest = json.loads((dist_dir / "build.json").read_text())
    asked = {path or "index.html" for path, _, _ in requests}
    # micropip (its wheel and the stdlib only it imports) ships, but only a use of it fetches it.
    on_demand = set(manifest["on_demand"])
    assert {manifest["micropip"], manifest["micropip_stdlib"]} == on_demand
    assert not on_demand & asked, on_demand & asked
    files = set(manifest["files"]) - on_demand
    assert files - {"sw-precache.js"} <= asked | {"sw-precache.js"}, files - asked  # all precached
    early = sorted({path for path, _, at in requests if at < started - 0.05})
    assert not [path for path in early if path.startswith(("rules/", "locales/"))], early
    assert "pyodide/python_stdlib.zip" in early and any(path.startswith("wheels/games-") for path in early)


def test_the_loading_bar_counts_the_bytes_of_the_boot(new_page, site_url, dist_dir):
    boot_files = json.loads((dist_dir / "build.json").read_text())["boot_files"]
    assert set(boot_files) >= {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"}
    assert boot_files["pyodide/python_stdlib.zip"] == (dist_dir / "pyodide" / "python_stdlib.zip").stat().st_size
    page = new_page(PHONE)
    # Every progress message the page gets from the worker, as the loading screen sees it.
    page.add_init_script("""
      window.progressSeen = [];
      const observe = () => {
        const early = window.cardtableEarlyWorker;
        if (!early) return setTimeout(observe, 0);
        early.worker.addEventListener("message", ({ data }) => {
          if (data.type === "progress") window.progressSeen.push([data.stage, data.done, data.total]);
        });
      };
      observe();
    """)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    seen = page.evaluate("window.progressSeen")
    total = sum(boot_files.values())
    totals = {entry[2] for entry in seen if entry[2]}
    assert totals == {total}, seen
    done = [entry[1] for entry in seen if entry[2]]
    assert done == sorted(done) and done[-1] == total, seen
    # Counted as they arrive, not per stage (here they arrive within a few updates).
    assert any(0 < bytes_done < total for bytes_done in done), seen


def test_a_lost_visitor_reaches_the_app_from_any_depth(new_page, site_url, dist_dir):
    """The test server answers a missing file with 404.html, as GitHub Pages does; its script
    finds the app's folder and goes there."""
    assert (dist_dir / "404.html").is_file()
    page = new_page(PHONE)
    for lost in ("no-such-page", "a/b/c/deep.html", "js/missing.js"):
        response = page.goto(site_url + lost)
        assert response.status == 404
        page.wait_for_url(site_url, timeout=15_000)
        page.wait_for_selector("[data-testid=loading-screen], [data-testid=start-screen]")


def test_a_lost_visitor_reaches_the_installed_app_from_a_deep_address_even_offline(new_page, open_app, site_url):
    page = new_page(PHONE)
    open_app(page)
    wait_until_cached(page)
    for offline in (False, True):
        page.context.set_offline(offline)
        page.goto(site_url + "a/b/lost.html")
        page.wait_for_url(site_url, timeout=15_000)
        page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
