"""Start-up in Debian's Chromium, side by side in one run: the app (navigation to the
first playable screen: the start screen with its game buttons) against pages that only call
loadPyodide(): the stock one (the unmodified npm package, `loadPyodide()` with no options: the
yardstick) on the main thread and in a module Web Worker, and the bare ones (the same vendored
Pyodide, precompiled stdlib and minimal lock as the app) likewise. Cold: a new browser profile
(empty HTTP cache, no service worker); warm: a reload in that profile (the app then loads from
its service worker's cache, and its Python from the snapshot the first start left: worker.js).
The app is also measured warm without its snapshot ("warm-boot": the snapshot deleted before
the reload, so Python boots as on a first start), alternating with the warm start from it.
Variants alternate within each run, so load on this shared machine hits them alike. The
snapshot's size (stored, and the interpreter's memory it holds) and the time to make it (the
part that holds up Python, and the whole, with packing, hashing and storing) are printed too.

Profiles: `fast` is this machine as it is; `phone` is Chromium's emulation of a phone on mobile
data: the network at 10 Mbit/s down, 5 up, 40 ms latency (DevTools' network emulation, which
also slows a page's workers' downloads), and the CPU 4x slower (DevTools' CPU throttling, which
Chromium applies to the page's main thread only: not to a dedicated worker, where the app's
Python runs). Both serve files as GitHub Pages does: gzip for all but zips and images, and
`Cache-Control: max-age=600`.

    python bench/startup.py [--runs 5] [--profile fast|phone|both] [--variants app,stock-main,...]
                            [--before OTHER_DIST] [--json results.json]

--before adds the variant "before": the app from another build's dist/ (say, of the commit
before a change), served the same way from its own address, measured in the same runs.

Times come from the page itself (performance.now() at ready, from navigation start).
Builds dist/ first. Compare figures only within one run.
"""

import argparse
import email.utils
import functools
import gzip
import http.server
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
TIMEOUT_MS = 180_000
PREFIX = "/sub/cardtable/"

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
# The yardstick: the npm package as published, loadPyodide() as its README shows it.
STOCK_MAIN = """<!doctype html><meta charset="utf-8"><title>stock loadPyodide (main thread)</title>
<script type="module">
import { loadPyodide } from "./stock/pyodide.mjs";
await loadPyodide();
window.readyAt = performance.now();
</script>"""
STOCK_WORKER_PAGE = BARE_WORKER_PAGE.replace("bare-worker.mjs", "stock-worker.mjs").replace("bare", "stock")
STOCK_WORKER = """import { loadPyodide } from "./stock/pyodide.mjs";
await loadPyodide();
postMessage("ready");
"""
APP_READY = "[data-testid=game-choice]"
SNAPSHOT_CACHE = "cardtable.python-snapshot"  # web/js/python-snapshot.js
KINDS = ("cold", "warm", "warm-boot")
PAGES = {"app": "", "stock-main": "stock-main.html", "stock-worker": "stock-worker.html",
         "bare-worker": "bare-worker.html", "bare-main": "bare-main.html"}
PROFILES = {
    "fast": None,
    "phone": {"network": {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8,
                          "uploadThroughput": 5e6 / 8}, "cpu": 4},
}
UNCOMPRESSED = {".zip", ".whl", ".png"}


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


def bench_site(dist: Path, stock: Path, folder: Path) -> Path:
    """dist/ (linked, not copied), the stock npm package in stock/, and the bare pages."""
    site = folder / "site"
    site.mkdir()
    for entry in dist.iterdir():
        (site / entry.name).symlink_to(entry)
    (site / "stock").symlink_to(stock)
    lock = json.dumps(json.dumps(json.loads((dist / "build.json").read_text())["pyodide_lock"]))
    (site / "bare-main.html").write_text(BARE_MAIN.replace("LOCK", lock))
    (site / "bare-worker.html").write_text(BARE_WORKER_PAGE)
    (site / "bare-worker.mjs").write_text(BARE_WORKER.replace("LOCK", lock))
    (site / "stock-main.html").write_text(STOCK_MAIN)
    (site / "stock-worker.html").write_text(STOCK_WORKER_PAGE)
    (site / "stock-worker.mjs").write_text(STOCK_WORKER)
    return site


def pages_like_server(build, site: Path):
    """build.py's server, answering as GitHub Pages does: gzip, max-age=600, Last-Modified."""
    gzipped = {}

    class Handler(build.SiteHandler):
        prefix = PREFIX
        quiet = True

        def end_headers(self):
            self.send_header("Cache-Control", "max-age=600")
            http.server.SimpleHTTPRequestHandler.end_headers(self)

        def do_GET(self):
            if not self._route():
                return
            path = Path(self.translate_path(self.path.split("?", 1)[0]))
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file() or path.suffix in UNCOMPRESSED or "gzip" not in self.headers.get("Accept-Encoding", ""):
                return super().do_GET()
            stamp = email.utils.formatdate(int(path.stat().st_mtime), usegmt=True)
            if self.headers.get("If-Modified-Since") == stamp:
                self.send_response(304)
                self.end_headers()
                return
            body = gzipped.get(path) or gzipped.setdefault(path, gzip.compress(path.read_bytes(), 6))
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", stamp)
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    server.daemon_threads = True
    return server


def python_start(page) -> dict:
    """How the app's Python started (window.cardtable.python()), once its snapshot is settled."""
    page.wait_for_function("window.cardtable.python() && (window.cardtable.python().from === 'snapshot' "
                           "|| window.cardtable.python().snapshot)", timeout=TIMEOUT_MS)
    return page.evaluate("window.cardtable.python()")


def ready_ms(page, variant: str) -> float:
    if variant in ("app", "before"):
        page.wait_for_selector(APP_READY, timeout=TIMEOUT_MS)
        return page.evaluate("performance.getEntriesByName('start-screen')[0].startTime")
    page.wait_for_function("window.readyAt !== undefined", timeout=TIMEOUT_MS)
    return page.evaluate("window.readyAt")


def emulate(page, profile):
    if profile is None:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", profile["network"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", choices=["fast", "phone", "both"], default="fast")
    parser.add_argument("--variants", default=",".join(PAGES), help=f"comma-separated, of {', '.join(PAGES)}")
    parser.add_argument("--before", type=Path, help="another build's dist/: adds the variant \"before\"")
    parser.add_argument("--json", type=Path, help="also write the samples here")
    args = parser.parse_args()
    variants = args.variants.split(",")
    if unknown := set(variants) - set(PAGES):
        parser.error(f"unknown variants {sorted(unknown)}")
    if args.before:
        if not (args.before / "build.json").is_file():
            parser.error(f"{args.before} is not a built dist/ (no build.json)")
        variants.insert(1, "before")
    profiles = ["fast", "phone"] if args.profile == "both" else [args.profile]
    build = load_build()
    dist = build.build()
    stock = build.fetch_pyodide()  # the npm package's files, as published (its own stdlib zip and lock)
    samples = {(profile, variant, kind): [] for profile in profiles for variant in variants for kind in KINDS
               if kind != "warm-boot" or variant == "app"}
    made = []  # the app's snapshot as each cold start left it
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        site = bench_site(dist, stock, Path(folder))
        server = pages_like_server(build, site)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}{PREFIX}"
        before_server = pages_like_server(build, args.before.resolve()) if args.before else None
        if before_server:
            threading.Thread(target=before_server.serve_forever, daemon=True).start()
        urls = {variant: base + page for variant, page in PAGES.items()}
        if before_server:
            urls["before"] = f"http://127.0.0.1:{before_server.server_port}{PREFIX}"
        for run in range(args.runs):
            for profile in profiles:
                order = variants if run % 2 == 0 else list(reversed(variants))
                for variant in order:
                    with tempfile.TemporaryDirectory() as user_data:
                        context = playwright.chromium.launch_persistent_context(
                            user_data, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS,
                            bypass_csp=True)  # wait_for_function evaluates strings, which the app's CSP forbids
                        page = context.new_page()
                        emulate(page, PROFILES[profile])
                        page.goto(urls[variant])
                        samples[(profile, variant, "cold")].append(ready_ms(page, variant))
                        if variant in ("app", "before"):  # warm means: from the service worker's cache
                            page.wait_for_function("window.cardtable.offline", timeout=TIMEOUT_MS)
                        if variant == "app":
                            made.append(python_start(page)["snapshot"])
                        warm = ["warm", "warm-boot"] if variant == "app" else ["warm"]
                        for kind in (warm if run % 2 == 0 else reversed(warm)):
                            if kind == "warm-boot":
                                page.evaluate(f"caches.delete({SNAPSHOT_CACHE!r})")
                            page.reload()
                            samples[(profile, variant, kind)].append(ready_ms(page, variant))
                            if variant == "app":  # and the next reload has its snapshot again
                                started = python_start(page)
                                expected = "snapshot" if kind == "warm" else "boot"
                                if started["from"] != expected:
                                    print(f"warning: a {kind} start was from {started['from']} ({started['fallback']})",
                                          file=sys.stderr)
                        context.close()
            print(f"run {run + 1} of {args.runs} done", file=sys.stderr, flush=True)
        server.shutdown()
        if before_server:
            before_server.shutdown()
    count, raw, packed = dist_sizes(dist)
    print(f"dist/: {count} files, {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip")
    if args.before:
        count, raw, packed = dist_sizes(args.before)
        print(f"before: {count} files, {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip")
    medians = {key: statistics.median(values) for key, values in samples.items()}
    for (profile, variant, kind), values in samples.items():
        print(f"{profile:5} {kind:4} {variant:13} median {medians[(profile, variant, kind)]:6.0f} ms  "
              f"samples {[round(v) for v in values]}")
    for profile in profiles:
        for kind in KINDS:
            app = medians.get((profile, "app", kind))
            if app is None:
                continue
            ratios = [f"app / {variant} = {app / medians[(profile, variant, 'cold' if kind == 'cold' else 'warm')]:.2f}"
                      for variant in variants if variant != "app"]
            if kind == "warm":
                ratios.insert(0, f"app / app warm-boot = {app / medians[(profile, 'app', 'warm-boot')]:.2f}")
            print(f"{profile} {kind}: " + ", ".join(ratios))
    saved = [entry for entry in made if entry and entry.get("saved")]
    if saved:
        print(f"snapshot: {statistics.median(e['bytes'] for e in saved) / 1e6:.2f} MB stored "
              f"({statistics.median(e['memoryBytes'] for e in saved) / 1e6:.2f} MB of memory), made in "
              f"median {statistics.median(e['ms'] for e in saved):.0f} ms {[round(e['ms']) for e in saved]}, of which "
              f"Python was held {statistics.median(e['heldMs'] for e in saved):.0f} ms {[round(e['heldMs']) for e in saved]}")
    if len(saved) < len(made):
        print(f"snapshot not made in {len(made) - len(saved)} of {len(made)} cold starts: {[e for e in made if e not in saved]}")
    if args.json:
        # The fast profile keeps the keys of earlier runs ("app:cold"); the phone's are prefixed.
        args.json.write_text(json.dumps(
            {**{(f"{v}:{k}" if p == "fast" else f"{p}:{v}:{k}"): s for (p, v, k), s in samples.items()},
             "snapshot": made}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
