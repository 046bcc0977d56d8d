// micropip ships with the app, but neither its start nor a first visit loads it (docs/build.md):
// a use of it fetches its wheel and the standard-library modules that only it imports
// (build.json's "micropip" and "micropip_stdlib", both left out of the service worker's
// precache), then loads it by its wheel's URL. Not by name: the wheel's checksum differs from
// the one in Pyodide's lock file. build_tools/trace_stdlib.mjs and tests/node load it this way.
//
// stdlib: the bytes of micropip_stdlib.zip (null: the whole stdlib is there already);
// wheel: the wheel's URL (a file path under node). Resolves to the micropip module.

export const MICROPIP_STDLIB_PATH = "/lib/micropip_stdlib.zip";

export async function loadMicropip(pyodide, { stdlib, wheel }) {
  if (stdlib) {
    pyodide.FS.writeFile(MICROPIP_STDLIB_PATH, stdlib);
    // A package imported from the main zip looks for its submodules there only: those imported
    // at Pyodide's start (importlib, pyodide) are told of their part in this zip; build.py
    // keeps every other package the app imports whole in the main zip.
    pyodide.runPython(`import sys, zipfile
def _extend(path):
    if path not in sys.path:
        sys.path.append(path)
    with zipfile.ZipFile(path) as archive:
        packages = {name.split("/")[0] for name in archive.namelist() if "/" in name}
    for name in packages:
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "__path__") and f"{path}/{name}" not in module.__path__:
            module.__path__.append(f"{path}/{name}")
_extend(${JSON.stringify(MICROPIP_STDLIB_PATH)})
del _extend`);
  }
  const errors = [];
  await pyodide.loadPackage(wheel, { messageCallback: () => {}, errorCallback: (message) => errors.push(message) });
  // loadPackage resolves even when it failed (a checksum, say): the import says so.
  if (errors.length) throw new Error(`micropip did not load: ${errors.join("; ")}`);
  return pyodide.pyimport("micropip");
}
