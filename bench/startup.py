"""Start-up in Debian's Chromium, side by side in one run: the app (navigation to the
first playable screen: the start screen with its game buttons) against a bare page
that only calls loadPyodide() on the same vendored Pyodide, on the main thread and in a
module Web Worker (where the app boots it). Cold: a new browser profile (empty HTTP
cache, no service worker); warm: a reload in that profile (the app then loads from its
service worker's cache). Variants alternate within each run, so load on this shared
machine hits them alike.

    python bench/startup.py [--runs 5] [--json results.json]

Times come from the page itself (performance.now() at ready, from navigation start).
Builds dist/ first. Compare figures only within one run.
"""

import argparse
import gzip
import importlib.util
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
TIMEOUT_MS = 120_000

# The bare pages: nothing but loadPyodide(), with the same minimal lock the app passes.
BARE_MAIN = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide (main thread)</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("pyodide/", location.href).href, lockFileContents: LOCK });
window.readyAt = performance.now();
</script>"""
BARE_WORKER_PAGE = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide (worker)</title>
<script type="module">
const worker = new Worker("./bare-worker.mjs", { type: "module" });
worker.onmessage = () => { window.readyAt = performance.now(); };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href, lockFileContents: LOCK });
postMessage("ready");
"""
APP_READY = "[data-testid=game-choice]"


def load_build():
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dist_sizes(dist: Path) -> tuple[int, int, int]:
    files = [p for p in dist.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return len(files), raw, packed


def bench_site(dist: Path, folder: Path) -> Path:
    """dist/ (linked, not copied) plus the bare pages."""
    site = folder / "site"
    site.mkdir()
    for entry in dist.iterdir():
        (site / entry.name).symlink_to(entry)
    lock = json.dumps(json.dumps(json.loads((dist / "build.json").read_text())["pyodide_lock"]))
    (site / "bare-main.html").write_text(BARE_MAIN.replace("LOCK", lock))
    (site / "bare-worker.html").write_text(BARE_WORKER_PAGE)
    (site / "bare-worker.mjs").write_text(BARE_WORKER.replace("LOCK", lock))
    return site


def ready_ms(page, variant: str) -> float:
    if variant == "app":
        page.wait_for_selector(APP_READY, timeout=TIMEOUT_MS)
        return page.evaluate("performance.getEntriesByName('start-screen')[0].startTime")
    page.wait_for_function("window.readyAt !== undefined", timeout=TIMEOUT_MS)
    return page.evaluate("window.readyAt")


PAGES = {"app": "", "bare-worker": "bare-worker.html", "bare-main": "bare-main.html"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the samples here")
    args = parser.parse_args()
    build = load_build()
    dist = build.build()
    samples = {(variant, kind): [] for variant in PAGES for kind in ("cold", "warm")}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        site = bench_site(dist, Path(folder))
        server = build.make_server(site, port=0, prefix="/sub/cardtable/", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/sub/cardtable/"
        for run in range(args.runs):
            order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
            for variant in order:
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
                    page = context.new_page()
                    page.goto(base + PAGES[variant])
                    samples[(variant, "cold")].append(ready_ms(page, variant))
                    if variant == "app":  # warm means: from the service worker's cache
                        page.wait_for_function("window.cardtable.offline", timeout=TIMEOUT_MS)
                    page.reload()
                    samples[(variant, "warm")].append(ready_ms(page, variant))
                    context.close()
        server.shutdown()
    count, raw, packed = dist_sizes(dist)
    print(f"dist/: {count} files, {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip")
    medians = {key: statistics.median(values) for key, values in samples.items()}
    for (variant, kind), values in samples.items():
        print(f"{kind:4} {variant:12} median {medians[(variant, kind)]:6.0f} ms  samples {[round(v) for v in values]}")
    for kind in ("cold", "warm"):
        app = medians[("app", kind)]
        print(f"{kind}: app / bare worker = {app / medians[('bare-worker', kind)]:.2f}, "
              f"app / bare main thread = {app / medians[('bare-main', kind)]:.2f}")
    if args.json:
        args.json.write_text(json.dumps({f"{v}:{k}": s for (v, k), s in samples.items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
