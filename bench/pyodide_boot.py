"""Pyodide boot under node, side by side in one run: the shipped (precompiled) stdlib
against the stock one, each booted --runs times, alternating.

    python bench/pyodide_boot.py [--runs 5]
"""

import argparse
import importlib.util
import json
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_build():
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def boot_ms(dist: Path, stdlib: Path | None) -> float:
    args = ["node", str(ROOT / "tests/node/boot_time.mjs"), str(dist)] + ([str(stdlib)] if stdlib else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("RESULT "))
    return json.loads(line.removeprefix("RESULT "))["bootMs"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    build = load_build()
    dist = build.build()
    stock = build.fetch_pyodide() / "python_stdlib.zip"
    shipped, plain = [], []
    for _ in range(runs):
        shipped.append(boot_ms(dist, None))
        plain.append(boot_ms(dist, stock))
    a, b = statistics.median(shipped), statistics.median(plain)
    print(f"precompiled stdlib: median {a:.0f} ms {[round(x) for x in shipped]}")
    print(f"stock stdlib:       median {b:.0f} ms {[round(x) for x in plain]}")
    print(f"stock / precompiled: {b / a:.2f}x")


if __name__ == "__main__":
    main()
