"""Markdown tables from bench/bots.py and bench/vs_openspiel.py --json output
(docs/benchmarks.md is written from these).

    python bench/report.py results.jsonl [more.jsonl ...]
"""

import json
import sys
from pathlib import Path


def main(paths):
    strength, timing, external = [], [], []
    skipped = 0
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            if "opponent" in row and "diff_ci" in row:
                external.append(row)
            elif "pair" in row:
                strength.append(row)
            elif "median_ms" in row and "runtime" in row:
                timing.append(row)
            else:
                skipped += 1  # another script's lines (absurd bids, tuning, start-up)
    if external:
        print("| opponent | simulations | players × cards | deals (first) | ours − ISMCTS a deal (95% CI) "
              "| deals won | exact bids: ours / ISMCTS | ms a move: ours / ISMCTS | complete | our games/ |")
        print("| --- | ---: | --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in external:
            lo, hi = r["diff_ci"]
            print(f"| {r['opponent']} | {r['simulations']} | {r['players']} × {r['cards']} | {r['deals']} "
                  f"({r['first']}) | {r['mean_diff']:+.2f} ({lo:+.2f} … {hi:+.2f}) | {r['win_rate']:.1%} | "
                  f"{r['exact_ours']:.0%} / {r['exact_ismcts']:.0%} | {r['ms_ours']:.0f} / {r['ms_ismcts']:.0f} | "
                  f"{'yes' if r.get('complete', True) else 'partial'} | {(r.get('games_commit') or '?')[:7]} |")
    if strength:
        print("| game | A : B | deals | A's deal sets won (95% CI) | A − B per deal (95% CI) | time |")
        print("| --- | --- | ---: | --- | --- | ---: |")
        for r in strength:
            lo, hi = r["win_ci"]
            dlo, dhi = r["diff_ci"]
            print(f"| {r['game']} | {r['pair'].replace(':', ' : ')} | {r['deals']} | "
                  f"**{r['win_rate']:.1%}** ({lo:.1%} – {hi:.1%}) | {r['mean_diff']:+.3f} ({dlo:+.3f} – {dhi:+.3f}) | "
                  f"{r['seconds'] / 60:.0f} min |")
    if timing:
        print()
        print("| game | level | runtime | positions | median ms | p95 ms | playouts/s |")
        print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
        for r in timing:
            pps = f"{r['playouts_per_s']:.0f}" if r.get("playouts_per_s") else "–"
            print(f"| {r['game']} | {r['level']} | {r['runtime']} | {r['n']} | {r['median_ms']:.1f} | "
                  f"{r['p95_ms']:.1f} | {pps} |")


    if skipped:
        print(f"\n({skipped} lines of other kinds skipped)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
