"""Offline: the service worker precaches the build (micropip aside), an offline reload starts
and plays a game, a new deploy is offered (never swapped in by itself), the web manifest installs."""

import json
import struct

import pytest

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE, act_as_human, start_match, wait_for_human

OFFLINE_READY = "window.cardtable.offline"


def wait_until_cached(page):
    page.wait_for_function("window.cardtable && window.cardtable.offline", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(OFFLINE_READY) is True


def test_an_offline_reload_starts_and_plays_a_game(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=3")
    wait_until_cached(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("navigator.onLine") is False
    # Every language's catalog is precached: switching works offline.
    page.select_option("[data-testid=language]", "nl")
    page.wait_for_function("document.querySelector('h1').textContent === 'Kaarttafel'")
    start_match(page, players=3)
    for _ in range(3):
        act_as_human(page, wait_for_human(page))
    assert page.evaluate("window.cardtable.currentRecord().actions.length") >= 3
    assert page.get_attribute("[data-testid=leave]", "aria-label") == "Spellen"  # a phone shows only ‹


@pytest.fixture
def deploy(site_copy):
    """A copy of dist/ on its own server, so a test can publish a 'new version' into it."""
    return site_copy


def test_a_new_version_waits_for_the_players_consent(new_page, deploy, build_module):
    site, url = deploy
    page = new_page(PHONE)
    page.goto(f"{url}?{FAST}&seed=3")
    page.wait_for_selector("[data-testid=start-screen]", timeout=BOOT_TIMEOUT_MS)
    wait_until_cached(page)
    old_build = json.loads((site / "build.json").read_text())
    start_match(page, players=3)
    act_as_human(page, wait_for_human(page))

    # Publish a new build: one changed file, a new precache list and build id.
    with (site / "css" / "app.css").open("a") as css:
        css.write("\n/* new version */\n")
    new_build = build_module.write_manifest(site, {k: v for k, v in old_build.items() if k not in {"files", "build_id"}})
    assert new_build["build_id"] != old_build["build_id"]
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("[data-testid=update-prompt]", timeout=BOOT_TIMEOUT_MS)
    # Still the old version on the table, the game untouched.
    assert page.locator("[data-testid=table-screen]").is_visible()
    served = page.evaluate("fetch('build.json').then(r => r.json()).then(m => m.build_id)")
    assert served == old_build["build_id"]

    record = page.evaluate("window.cardtable.currentRecord()")
    with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        page.click("[data-testid=update-reload]")
    page.wait_for_selector("[data-testid=table-screen]", timeout=BOOT_TIMEOUT_MS)
    served = page.evaluate("fetch('build.json').then(r => r.json()).then(m => m.build_id)")
    assert served == new_build["build_id"]
    resumed = page.evaluate("window.cardtable.currentRecord()")
    assert resumed["actions"][:len(record["actions"])] == record["actions"]


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_web_manifest_names_icons_that_ship(dist_dir, new_page, open_app):
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        path = dist_dir / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            sizes[icon["src"]] = png_size(path)
    assert (192, 192) in sizes.values() and (512, 512) in sizes.values()
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    page = new_page(PHONE)
    open_app(page)
    href = page.get_attribute("link[rel=manifest]", "href")
    assert page.evaluate(f"fetch({json.dumps(href)}).then(r => r.ok && r.headers.get('content-type'))") \
        == "application/manifest+json"
    precache = (dist_dir / "sw-precache.js").read_text()
    build = json.loads((dist_dir / "build.json").read_text())
    for name in build["files"]:
        if name not in {"sw.js", "sw-precache.js"}:
            # Every file but what only a use of micropip fetches (web/js/micropip.js).
            assert (json.dumps(name) in precache) != (name in build["on_demand"]), name

