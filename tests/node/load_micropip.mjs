// Loads the shipped micropip as the page would (web/js/micropip.js): the stdlib modules only it
// imports from their own zip, then its wheel by path (not by name: the PyPI wheel's checksum
// differs from the one in Pyodide's lock file), and imports it.
// usage: node load_micropip.mjs <dist dir>
import { readFileSync } from "node:fs";
import path from "node:path";
import { bootGames, report } from "./pyodide_games.mjs";
import { loadMicropip } from "../../web/js/micropip.js";

const distDir = process.argv[2];
const { pyodide, manifest } = await bootGames(distDir);
const started = performance.now();
const micropip = await loadMicropip(pyodide, {
  stdlib: new Uint8Array(readFileSync(path.resolve(distDir, manifest.micropip_stdlib))),
  wheel: path.resolve(distDir, manifest.micropip),
});
const version = micropip.__version__;
// Where its stdlib came from: the modules only micropip imports, from their own zip.
const origins = pyodide.runPython(`
import sys
{name: sys.modules[name].__spec__.origin for name in ("tarfile", "importlib.metadata", "micropip")}
`).toJs({ dict_converter: Object.fromEntries });
report({ version, loadMs: performance.now() - started, origins });
