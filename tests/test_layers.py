"""The packages' one-way layers, read from the source's imports (issue 24, docs/architecture.md).

A game is a package: rules.py (the game) ← sampler.py (hidden cards dealt again) ← ai.py (the
search's players), and baseline.py (the rules of thumb), assembled by its __init__.py; hints.py
words a hint from what the search found (loaded by engine/ai/hints.py when a hint is asked for). The
engine's contract (engine/*.py) sits below its players (engine/ai/). Nothing below imports
what stands above it, no game imports another, and no import circle exists anywhere, in the
Python package or among the page's ES modules.
"""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "games"
GAMES = ("kozel", "oh_hell", "spades", "eight_five_three", "zevaka")
LAYERS = ("rules", "sampler", "ai", "baseline", "hints")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The `games.*` modules a file imports (relative imports resolved; `from X import y`
    counts as X.y when X.y is a module of the package, else X)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in MODULES else target)
    return {name for name in found if name == "games" or name.startswith("games.")}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def graph(modules: dict) -> dict[str, set[str]]:
    return {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one node (Tarjan), as a sorted list."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def layer_of(name: str):
    """(game, layer) for a module of a game's package; (None, 'engine'|'engine.ai'|None) else."""
    parts = name.split(".")
    if len(parts) >= 2 and parts[1] in GAMES:
        return parts[1], parts[2] if len(parts) > 2 else "__init__"
    if len(parts) >= 3 and parts[1] == "engine" and parts[2] == "ai":
        return None, "engine.ai"
    if len(parts) >= 2 and parts[1] == "engine":
        return None, "engine"
    return None, None


# What each layer may import within its own game's package (the engine is always allowed,
# except that the rules, the sampler's callers aside, never reach the engine's players).
ALLOWED = {
    "rules": set(),
    "sampler": {"rules"},
    "baseline": {"rules"},
    "playout": {"rules", "baseline"},  # a game's fast playout, beneath its ai (Spades)
    "ai": {"rules", "sampler", "baseline", "playout"},
    "hints": {"rules", "ai"},
    "__init__": set(LAYERS) - {"hints"},
}
# A fast playout is the search's own part, beneath its ai: it may use the engine's endgame solver.
ENGINE_AI_ALLOWED = {"rules": False, "baseline": False, "sampler": True, "playout": True, "ai": True, "hints": True,
                     "__init__": False}


def violations(edges) -> list[str]:
    found = []
    for name, targets in edges.items():
        game, layer = layer_of(name)
        for target in targets:
            other_game, other_layer = layer_of(target)
            if game is not None:
                if other_game is not None and other_game != game:
                    found.append(f"{name} imports another game's {target}")
                elif other_game == game and other_layer not in ALLOWED.get(layer, set()):
                    found.append(f"{name} ({layer}) imports {target} ({other_layer}), a layer above or beside it")
                elif other_layer == "engine.ai" and not ENGINE_AI_ALLOWED.get(layer, True):
                    found.append(f"{name} ({layer}) imports the engine's players {target}")
            elif layer == "engine" and other_layer == "engine.ai":
                found.append(f"{name} (the contract) imports the engine's players {target}")
            elif layer in ("engine", "engine.ai") and other_game is not None:
                found.append(f"{name} (the engine) imports the game {target}")
    return sorted(found)


def test_every_game_is_a_package_of_the_four_layers():
    for game in GAMES:
        for layer in LAYERS + ("__init__",):
            assert (PACKAGE / game / f"{layer}.py").is_file(), f"games/{game}/{layer}.py is missing"


def test_no_layer_imports_one_above_it_and_no_game_another():
    assert violations(graph(MODULES)) == []


def test_no_import_circle_in_the_python_package():
    assert cycles(graph(MODULES)) == []


def test_the_checks_catch_what_they_guard():
    """The old layout (a game module importing its bot, which imports it back) is caught."""
    edges = {"games.kozel.rules": {"games.kozel.ai", "games.engine.ai.search"},
             "games.kozel.ai": {"games.kozel.rules", "games.spades.rules"},
             "games.engine.game": {"games.engine.ai.player"}}
    assert cycles(edges) == [["games.kozel.ai", "games.kozel.rules"]]
    assert violations(edges) == sorted([
        "games.kozel.rules (rules) imports games.kozel.ai (ai), a layer above or beside it",
        "games.kozel.rules (rules) imports the engine's players games.engine.ai.search",
        "games.kozel.ai imports another game's games.spades.rules",
        "games.engine.game (the contract) imports the engine's players games.engine.ai.player"])


def test_the_page_start_up_imports_no_player():
    """Listing the games, starting a match and showing views import no search, sampler or
    baseline module: the players load on the first bot decision."""
    script = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from games import bridge
for game in ["kozel", "oh_hell", "spades", "eight_five_three", "zevaka"]:
    record = json.loads(bridge.handle(json.dumps({"op": "new", "game": game, "seed": 1})))["record"]
    assert "view" in json.loads(bridge.handle(json.dumps({"op": "view", "record": record, "seat": 0})))
print(json.dumps(sorted(m for m in sys.modules if m.startswith("games."))))
"""
    out = subprocess.run([sys.executable, "-c", script, str(PACKAGE.parent)], capture_output=True, text=True,
                         check=True).stdout
    loaded = json.loads(out)
    players = [m for m in loaded if m.startswith("games.engine.ai") or m.rsplit(".", 1)[-1] in
               ("ai", "sampler", "baseline", "hints")]
    assert players == [], players
    assert "games.kozel.rules" in loaded


# ---- the page's ES modules ----------------------------------------------------------------------
JS = ROOT / "web" / "js"
_JS_IMPORT = re.compile(r"""(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*["'](\.[^"']+)["']|"""
                        r"""(?:^|\n)\s*import\s*["'](\.[^"']+)["']""")


def js_graph() -> dict[str, set[str]]:
    """Static imports only: a dynamic `import()` loads on demand and makes no circle at load."""
    edges = {}
    for path in sorted(JS.glob("*.js")):
        targets = set()
        for match in _JS_IMPORT.finditer(path.read_text()):
            spec = match.group(1) or match.group(2)
            targets.add((path.parent / spec).resolve().name)
        edges[path.name] = targets
    return edges


def test_the_js_import_reader_sees_imports():
    edges = js_graph()
    assert edges["app.js"], "app.js imports modules: the reader misses them"


def test_no_import_circle_among_the_pages_modules():
    assert cycles(js_graph()) == []


# A game's table module (app.js imports each one on demand); every other module is shared.
GAME_TABLES = {f"{game.replace('_', '-')}-table.js" for game in GAMES}
# The shared modules every table uses, which must know no game (a game's module says its own).
SHARED_TABLE_MODULES = ("table.js", "trick-table.js", "narrate.js", "history.js", "table-tools.js")


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    """The modules loading `start` loads (its static imports, and theirs), without itself."""
    seen, todo = set(), [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen - {start}


def tables_loaded(edges) -> dict[str, list[str]]:
    """Per module, the game tables its static imports load that it should not: none for a
    shared module, none but its own for a game's table."""
    return {name: sorted(reached(edges, name) & GAME_TABLES) for name in edges
            if reached(edges, name) & GAME_TABLES}


def test_every_game_has_its_table_module():
    assert {name for name in js_graph() if name in GAME_TABLES} == GAME_TABLES


def test_loading_a_shared_module_or_a_table_loads_no_games_table():
    """table.js (and every shared module) loads no game's table, and no table another game's:
    app.js's lazy import of one game's table fetches that table only."""
    assert tables_loaded(js_graph()) == {}


_GAME_ID = re.compile(r"\b(?:" + "|".join(GAMES) + r")\b")


def game_ids_in_code(path: Path) -> list[str]:
    """The game ids a module's code names (comments left out)."""
    code = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    code = re.sub(r"//[^\n]*", "", code)
    return sorted(set(_GAME_ID.findall(code)))


def test_shared_table_modules_switch_on_no_game():
    """A game's words, closing state and facts live in its own module or come from Python."""
    assert {name: game_ids_in_code(JS / name) for name in SHARED_TABLE_MODULES
            if game_ids_in_code(JS / name)} == {}


def test_the_js_checks_catch_what_they_guard():
    """The old layout: narrate.js switched over the games and imported zevaka-table.js, whose
    shared pieces came from oh-hell-table.js, which imported table.js."""
    edges = {"table.js": {"narrate.js", "seats.js"}, "narrate.js": {"zevaka-table.js", "seats.js"},
             "zevaka-table.js": {"table.js", "oh-hell-table.js"}, "oh-hell-table.js": {"table.js"},
             "kozel-table.js": {"oh-hell-table.js", "table.js"}, "seats.js": set()}
    assert cycles(edges) == [["narrate.js", "oh-hell-table.js", "table.js", "zevaka-table.js"]]
    assert tables_loaded(edges) == {
        "table.js": ["oh-hell-table.js", "zevaka-table.js"], "narrate.js": ["oh-hell-table.js", "zevaka-table.js"],
        "zevaka-table.js": ["oh-hell-table.js"], "oh-hell-table.js": ["zevaka-table.js"],
        "kozel-table.js": ["oh-hell-table.js", "zevaka-table.js"]}
    assert _GAME_ID.findall('const NARRATORS = { oh_hell: ohHell, spades, kozel };\nif (game === "zevaka") x();') \
        == ["oh_hell", "spades", "kozel", "zevaka"]
