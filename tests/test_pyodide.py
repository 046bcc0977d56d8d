"""The built wheel in real Pyodide, under node: boot as the worker does, play a match.

The node scripts live in tests/node/; each prints one `RESULT <json>` line.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

NODE_SCRIPTS = Path(__file__).resolve().parent / "node"


def run_node(script: str, *args: str | Path, timeout: float = 300) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("`node` (20+) is not on PATH; these tests run Pyodide under node.",
                    pytrace=False)
    completed = subprocess.run(
        [node, str(NODE_SCRIPTS / script), *map(str, args)],
        capture_output=True, text=True, timeout=timeout, check=False,
    )
    results = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    if completed.returncode != 0 or len(results) != 1:
        pytest.fail(f"node {script} failed (exit {completed.returncode}):\n"
                    f"{completed.stdout[-4000:]}\n{completed.stderr[-4000:]}", pytrace=False)
    return json.loads(results[0].removeprefix("RESULT "))


def show(capsys, text: str) -> None:
    with capsys.disabled():
        print(f"\n  [pyodide/node] {text}", end="")


@pytest.fixture(scope="module")
def match_run(dist_dir):
    return run_node("play_match.mjs", dist_dir)


def test_a_whole_oh_hell_match_plays_to_the_end(match_run, capsys):
    timings = match_run["timings"]
    show(capsys, f"boot {timings['bootMs']:.0f} ms (runtime {timings['runtimeMs']:.0f} ms), "
                 f"match of {match_run['actions']} bot actions {timings['matchMs']:.0f} ms")
    assert "oh_hell" in match_run["gameIds"]
    final = match_run["final"]
    assert final["over"] is True
    assert final["to_act"] is None and final["legal"] == []
    assert len(final["scores"]) == 4
    assert final["winner"], "a finished match names its winners"
    top = max(final["scores"])
    assert final["winner"] == [seat for seat, score in enumerate(final["scores"]) if score == top]


def test_an_illegal_action_answers_an_error_json(match_run):
    error = match_run["illegal"]["error"]
    assert error["code"] == "illegal_action"
    assert error["message"]


def test_python_answers_in_the_asked_language_inside_pyodide(match_run):
    """The wheel's catalogs load in Pyodide: the same Russian as CPython's bridge."""
    from games import bridge

    record = json.loads(bridge.handle(json.dumps({"op": "new", "game": "oh_hell", "players": 4, "seed": 2024})))["record"]
    expected = json.loads(bridge.handle(json.dumps(
        {"op": "act", "record": record, "action": {"type": "bid", "n": 99}, "lang": "ru"})))
    assert match_run["illegalRu"] == expected
    assert match_run["illegalRu"]["error"]["message"] != match_run["illegal"]["error"]["message"]
    assert "Козёл" in match_run["titlesRu"] and "Зевака" in match_run["titlesRu"]


def test_the_shipped_micropip_loads_with_the_stdlib_only_it_imports(dist_dir, capsys):
    """micropip is out of the first visit (build.json's on_demand): its wheel, and the stdlib
    modules only it imports in their own zip, which web/js/micropip.js mounts beside the main one
    (a package Pyodide's start imported, importlib, is told of its part there)."""
    import zipfile

    result = run_node("load_micropip.mjs", dist_dir)
    show(capsys, f"micropip {result['version']} loaded in {result['loadMs']:.0f} ms")
    assert result["version"] == "0.11.1"
    assert result["origins"]["tarfile"] == "/lib/micropip_stdlib.zip/tarfile.pyc"
    assert result["origins"]["importlib.metadata"] == "/lib/micropip_stdlib.zip/importlib/metadata/__init__.pyc"
    manifest = json.loads((dist_dir / "build.json").read_text())
    assert set(manifest["on_demand"]) == {manifest["micropip"], manifest["micropip_stdlib"]}
    with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as stdlib:
        main = set(stdlib.namelist())
    with zipfile.ZipFile(dist_dir / manifest["micropip_stdlib"]) as stdlib:
        extra = set(stdlib.namelist())
    assert {"tarfile.pyc", "ipaddress.pyc", "html/parser.pyc", "importlib/metadata/__init__.pyc"} <= extra
    assert not {name for name in extra if name.endswith(".pyc")} & main


def test_a_python_error_in_the_games_names_its_file_and_line_without_the_sources(dist_dir):
    """The wheel ships bytecode only: no .py reaches the page, and a traceback still says where."""
    from games import registry

    result = run_node("traceback.mjs", dist_dir)
    assert "games/bridge.pyc" in result["bridgeFile"]
    assert not [name for name in result["files"] if name.endswith(".py")], result["files"]
    line = next(number for number, text in enumerate(Path(registry.__file__).read_text().splitlines(), 1)
                if "raise UnknownGame" in text)
    assert f'games/registry.py", line {line}, in get' in result["message"], result["message"]
    assert "UnknownGame: Unknown game 'no_such_game'" in result["message"], result["message"]


def test_the_shipped_stdlib_is_bytecode_and_boots(dist_dir, capsys):
    # Timings are compared in bench/pyodide_boot.py, never asserted here.
    precompiled = run_node("boot_time.mjs", dist_dir)
    show(capsys, f"boot with the precompiled stdlib {precompiled['bootMs']:.0f} ms")
    assert precompiled["jsonFile"].endswith(".pyc")


# Short options keep the matches whole: Oh Hell's largest hand 3, Kozel to 6 points, Spades to
# 100, Zevaka (one deal). 8-5-3 has no option that shortens its 16 deals (about 90 s here with
# hard bots): it plays its first 4.
MATCHES = [
    {"game": "oh_hell", "options": {"largest": 3}},
    {"game": "kozel", "options": {"limit": 6}},
    {"game": "spades", "options": {"target": 100}},
    {"game": "eight_five_three", "options": {}, "maxDeals": 4},
    {"game": "zevaka", "options": {}},
]


def test_every_game_plays_with_every_bot_level_on_the_trimmed_stdlib(dist_dir, capsys):
    """The shipped stdlib is cut to what a run imports (build.py, trimmed_stdlib): every module
    of the wheel imports and every game plays there (to its end, 8-5-3 four deals), bots of all
    three levels at one table."""
    result = run_node("play_all_games.mjs", dist_dir, json.dumps(MATCHES), timeout=600)
    show(capsys, ", ".join(f"{m['game']} {m['actions']} actions {m['ms'] / 1000:.1f} s" for m in result["matches"]))
    import games

    package = Path(games.__file__).parent
    expected = {"games"} | {
        "games." + ".".join(path.relative_to(package).with_suffix("").parts).removesuffix(".__init__")
        for path in package.rglob("*.py") if path.name != "__init__.py" or path.parent != package}
    assert set(result["modules"]) == expected
    assert [m["game"] for m in result["matches"]] == [m["game"] for m in MATCHES]
    for match, asked in zip(result["matches"], MATCHES):
        if "maxDeals" in asked:
            assert match["deals"] == asked["maxDeals"] and not match["over"], match
        else:
            assert match["over"] is True and match["winner"], match
        assert sorted(match["levelsUsed"]) == ["easy", "hard", "normal"], match


def test_the_shipped_stdlib_lacks_what_the_app_does_not_import(dist_dir):
    import zipfile

    with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "random.pyc", "dataclasses.pyc"} <= names
    assert not {"unittest/__init__.pyc", "xml/__init__.pyc", "pdb.pyc", "sqlite3/__init__.pyc"} & names
    assert not [name for name in names if name.endswith(".py")]


def test_a_module_the_games_import_but_the_trimmed_stdlib_lacks_fails_the_trace(dist_dir, build_module, tmp_path):
    """What the build's check sees when a new import of py/games/ is not in the zip: the
    module is named."""
    build = build_module
    manifest = json.loads((dist_dir / "build.json").read_text())
    imports = tmp_path / "imports.json"
    imports.write_text(json.dumps({"modules": ["json", "statistics"], "maybe": []}))
    package = build.fetch_pyodide()
    completed = subprocess.run(
        ["node", str(build.TRACE_STDLIB_SCRIPTS[0]), str(package), str(dist_dir / "pyodide" / "python_stdlib.zip"),
         str(dist_dir / manifest["wheel"]), str(dist_dir / manifest["micropip"]), str(imports)],
        capture_output=True, text=True, timeout=300, check=False)
    assert completed.returncode == 1
    assert "FAILED No module named 'statistics'; the games import it" in completed.stdout


def test_the_build_keeps_what_any_import_statement_of_the_games_names(build_module, tmp_path, monkeypatch):
    """An import inside a function counts although no run may reach it (build.wheel_imports)."""
    source = tmp_path / "bot.py"
    source.write_text("from . import cards\nfrom games.engine import search\nimport json\n\n"
                      "def think():\n    import heapq\n    from itertools import combinations\n")
    monkeypatch.setattr(build_module, "wheel_sources", lambda: [tmp_path / "pyproject.toml", source])
    monkeypatch.setattr(build_module, "STDLIB_ALSO_KEEP", ("statistics",))
    imports = build_module.wheel_imports()
    assert imports == {"modules": ["heapq", "itertools", "json", "statistics"], "maybe": ["itertools.combinations"]}


def test_hostile_requests_are_refused_and_pyodide_keeps_answering(dist_dir):
    """Issue 17: a request nested a few thousand levels deep killed Pyodide in Chromium (100,000 under node) (every later call answered
    `internal`, then nothing); a 20 MB request was parsed; budget_ms 1e400 was taken as
    infinite and 10^400 answered `internal`."""
    answers = run_node("hostile_bridge.mjs", dist_dir)["answers"]
    # Before: the first threw "Maximum call stack size exceeded", the next gave undefined.
    assert answers["deep"].get("code") == "bad_json", answers
    assert answers["deepObject"].get("code") == "bad_json", answers
    # Issue 27: unclosed or mismatched nesting killed Pyodide too; escaped quotes took 26 s.
    for name in ("unclosed", "unclosedObject", "mismatched"):
        assert answers[name].get("code") == "bad_json" and "64" in answers[name]["message"], (name, answers)
    assert answers["quotes"].get("code") == "bad_json", answers
    assert answers["huge"].get("code") == "bad_json" and "too large" in answers["huge"]["message"], answers
    assert answers["budgetOverflow"].get("code") == "bad_request", answers
    assert answers["budgetHugeInt"].get("code") == "bad_request", answers
    assert answers["after"] == {"view": True}, answers


def test_a_snapshot_of_a_grown_memory_restores_as_the_worker_restores_it(dist_dir):
    """web/js/python-snapshot.js: packing keeps every byte, and growingRuntime restores a memory
    grown past the runtime's first 30 MB, which Pyodide 314 alone cannot (pyodide issue 6254:
    if this assertion on `plainError` fails, Pyodide fixed it and growingRuntime may go)."""
    result = run_node("snapshot.mjs", dist_dir)
    assert result["snapshotBytes"] > result["firstHeap"] > 0, result
    assert result["roundTrip"], result
    assert result["packedBytes"] < result["snapshotBytes"] / 2, result  # the grown part is zeros
    assert result["plainError"] == "offset is out of bounds", result
    assert result["gamesSame"] and result["newSame"], result
