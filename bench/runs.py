"""Long benchmark runs that can be stopped and resumed (bench/vs_ismcts.py, bench/mistakes.py).

Work comes in numbered tasks (a deal set, a match's positions); each finished task appends its
JSON lines to the results file at once, written by the parent process only. A run is known by
its settings (the `keys` of a line): --resume skips the tasks of the same settings already in
the file; without it, finding them there is an error (so no task is counted twice).
"""

import json
import sys
import time
from pathlib import Path


def read_lines(path: Path, script: str) -> list[dict]:
    """The lines of `script` in a results file (other scripts' lines are left alone)."""
    if not path.exists():
        return []
    lines = [json.loads(text) for text in path.read_text().splitlines() if text.strip()]
    return [line for line in lines if line.get("script") == script]


def identity(line: dict, keys) -> str:
    return json.dumps({k: line.get(k) for k in keys}, sort_keys=True)


def todo(path: Path, script: str, settings: dict, keys, field: str, indices, resume: bool) -> list[int]:
    """The task numbers of `indices` not yet in the file for these settings."""
    me = identity(settings, keys)
    done = {line[field] for line in read_lines(path, script) if identity(line, keys) == me}
    overlap = done & set(indices)
    if overlap and not resume:
        raise SystemExit(f"{path} already holds {len(overlap)} of these tasks ({field}): "
                         "pass --resume to skip them, or another --json or --seed")
    print(f"{len(indices) - len(overlap)} {field}s to do, {len(overlap)} already in {path}", file=sys.stderr)
    return [i for i in indices if i not in done]


def run_tasks(worker, tasks: list, jobs: int, path: Path, label: str, extra: dict) -> None:
    """`worker(task)` -> a list of JSON lines, appended (with `extra`) as each task finishes;
    in `jobs` processes. A stop (Ctrl-C, SIGTERM) loses only the tasks under way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    pool = None
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs)
        stream = pool.imap_unordered(worker, tasks)
    else:
        stream = map(worker, tasks)
    try:
        for count, lines in enumerate(stream, 1):
            with path.open("a") as out:
                out.write("".join(json.dumps(dict(line, **extra)) + "\n" for line in lines))
            print(f"\r{label}: {count}/{len(tasks)} done, {time.perf_counter() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.terminate()
        print(file=sys.stderr)


def by_settings(path: Path, script: str, keys) -> dict[str, list[dict]]:
    """The file's lines of `script`, grouped by their settings (as JSON)."""
    groups: dict[str, list[dict]] = {}
    for line in read_lines(path, script):
        groups.setdefault(identity(line, keys), []).append(line)
    return groups


def lines_of(path: Path, script: str, keys, settings: dict) -> list[dict]:
    return by_settings(path, script, keys).get(identity(settings, keys), [])


def add_run_arguments(parser, results: Path, seed: str, task: str) -> None:
    """The options every resumable run has (the game's set-up, processes, the results file)."""
    parser.add_argument("--players", type=int, help="default: the game's usual count")
    parser.add_argument("--options", default="{}", help="the game's options as JSON (default: its defaults)")
    parser.add_argument("--jobs", type=int, default=1, help=f"{task}s played in this many processes")
    parser.add_argument("--seed", default=seed)
    parser.add_argument("--json", type=Path, default=results)
    parser.add_argument("--resume", action="store_true", help=f"skip the {task}s of these settings already in --json")
    parser.add_argument("--report", type=Path, metavar="FILE", help="summarise a results file, then stop")
