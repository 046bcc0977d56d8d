"""Start-up of the page in Debian's Chromium: navigation to the first playable screen
(the start screen with its game buttons), cold (new browser profile, empty cache) and
warm (reload in the same profile), plus the sizes of what dist/ ships.

    python bench/startup.py [--runs 5]

Builds dist/ first. Prints medians and every sample; the machine is noisy, so
compare figures only within one run.
"""

import argparse
import gzip
import importlib.util
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
READY = "[data-testid=game-choice]"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


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


def time_to_ready(page, url: str, reload: bool) -> float:
    start = time.perf_counter()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, timeout=120_000)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    build = load_build()
    dist = build.build()
    server = build.make_server(dist, port=0, prefix="/sub/cardtable/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/sub/cardtable/"
    cold, warm = [], []
    with sync_playwright() as p:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                context = p.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
                page = context.new_page()
                cold.append(time_to_ready(page, url, reload=False))
                warm.append(time_to_ready(page, url, reload=True))
                context.close()
    server.shutdown()
    count, raw, packed = dist_sizes(dist)
    print(f"dist/: {count} files, {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip")
    print(f"cold start (navigation -> start screen): median {statistics.median(cold):.0f} ms  "
          f"samples {[round(x) for x in cold]}")
    print(f"warm start (reload -> start screen):     median {statistics.median(warm):.0f} ms  "
          f"samples {[round(x) for x in warm]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
