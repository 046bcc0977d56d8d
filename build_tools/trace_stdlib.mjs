// Finds the standard library the app imports, by running it: boots Pyodide under node as
// web/js/worker.js does (the minimal lock, unpackArchive of the wheel, games.bridge), imports
// every module of the wheel and every module its sources name in an import statement, plays
// every op, game, bot level and language through the bridge (build_tools/play_bridge.mjs),
// lets a Python error cross into JS once: what then sits in sys.modules from the stdlib zip is
// what the app needs. Then it loads the shipped micropip as web/js/micropip.js does: what that
// adds is what micropip needs (shipped apart, fetched only by a use of micropip).
//
// Run on the whole stdlib it lists the modules; run on the trimmed one (and the zip of what only
// micropip imports) it checks them (build.py compares the lists and fails the build on any
// difference or error).
//
// usage: node trace_stdlib.mjs <pyodide dir> <stdlib zip> <games wheel> <micropip wheel> <imports json> [<micropip stdlib zip>]
// prints one line `RESULT {"modules": [...], "entries": [...], "micropip_modules": [...],
// "micropip_entries": [...], "boot_entries": [...], "played": [...]}` (micropip's: those beyond
// the app's; boot: what Pyodide's own start imports) or
// `FAILED <message>` (exit 1).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { exercise, wheelModules } from "./play_bridge.mjs";
import { loadMicropip, MICROPIP_STDLIB_PATH } from "../web/js/micropip.js";

const [pyodideDir, stdlibZip, wheelPath, micropipPath, importsPath, micropipStdlib] = process.argv.slice(2);
if (!importsPath) {
  console.error("usage: node trace_stdlib.mjs <pyodide dir> <stdlib zip> <games wheel> <micropip wheel> <imports json>");
  process.exit(2);
}

function fail(message) {
  console.log("FAILED " + message.replaceAll("\n", "\n       "));
  process.exit(1);
}

const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const lock = JSON.parse(readFileSync(indexURL + "pyodide-lock.json", "utf8"));
let pyodide;
try {
  pyodide = await loadPyodide({
    indexURL, stdLibURL: path.resolve(stdlibZip), lockFileContents: { info: lock.info, packages: {} },
  });
} catch (error) {
  fail(`Pyodide does not start on this stdlib: ${error?.message ?? error}`);
}

const zipPrefix = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]") + "/";
// {module: its file inside the zip} for the modules imported from the zips at these paths.
function zipModules(prefixes) {
  const found = pyodide.runPython(`
import sys
def _zip_modules(prefixes):
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        for prefix in prefixes:
            if origin.startswith(prefix):
                found[name] = origin[len(prefix):]
    return found
_zip_modules(${JSON.stringify(prefixes)})
`);
  const modules = found.toJs({ dict_converter: Object.fromEntries });
  found.destroy();
  return modules;
}
// What Pyodide's own start imports, before any of the app's: the floor of every page booting it.
const boot = zipModules([zipPrefix]);

// Everything below goes through the same Pyodide calls as the worker: runPython, pyimport,
// unpackArchive, loadPackage. Nothing here imports a Python module for its own use, so
// sys.modules ends up holding only what Pyodide and the games import.
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });

const importable = (name) => {
  try {
    pyodide.pyimport(name);
    return true;
  } catch (error) {
    if (String(error?.message).includes(`No module named '${name}'`)) return false;
    fail(`importing ${name} failed:\n${error?.message ?? error}`);
  }
};

for (const name of wheelModules(pyodide, sitePackages)) {
  if (!importable(name)) fail(`No module named '${name}' (a module of the wheel)`);
}
// The modules the wheel's sources name in import statements (also those inside functions a
// run might not reach). "from a import b" names a.b, which may be a module or not.
const { modules: named, maybe } = JSON.parse(readFileSync(importsPath, "utf8"));
for (const name of named) {
  if (!importable(name)) {
    fail(`No module named '${name}'; the games import it (an import statement in py/games/).`);
  }
}
for (const name of maybe) importable(name);

const handle = pyodide.pyimport("games.bridge").handle;
const call = (request) => JSON.parse(handle(JSON.stringify(request)));
call.raw = (text) => JSON.parse(handle(text));
let played;
try {
  played = exercise(call);
} catch (error) {
  fail(`playing through the bridge failed: ${error?.message ?? error}`);
}

// A Python exception crossing into JS is formatted by Pyodide (the worker reports it).
try {
  pyodide.runPython("raise ValueError('a test error')");
  fail("a Python error did not reach JS");
} catch (error) {
  if (!String(error?.message).includes("ValueError: a test error")) fail(`a Python error reads: ${error?.message}`);
}

const app = zipModules([zipPrefix]);

// micropip ships beside the games (docs/build.md): it must load by path and import.
try {
  await loadMicropip(pyodide, {
    stdlib: micropipStdlib ? new Uint8Array(readFileSync(micropipStdlib)) : null, wheel: path.resolve(micropipPath),
  });
} catch (error) {
  fail(`loading micropip failed: ${error?.message ?? error}`);
}
const withMicropip = zipModules([zipPrefix, MICROPIP_STDLIB_PATH + "/"]);
const added = Object.keys(withMicropip).filter((name) => !(name in app));
const modules = Object.keys(app).sort();
const micropipModules = added.sort();
console.log("RESULT " + JSON.stringify({
  modules, entries: modules.map((name) => app[name]).sort(),
  micropip_modules: micropipModules, micropip_entries: micropipModules.map((name) => withMicropip[name]).sort(),
  boot_entries: Object.values(boot).sort(), played,
}));
