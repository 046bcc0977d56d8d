// Boots the built site's Pyodide and game wheel under node, the way web/js/worker.js
// does in the browser: build.json, loadPyodide with the minimal lock, unpackArchive.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function bootGames(distDir, { stdLibPath } = {}) {
  const started = performance.now();
  const manifest = JSON.parse(readFileSync(path.join(distDir, "build.json"), "utf8"));
  const indexURL = path.resolve(distDir, manifest.pyodide) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
  const pyodide = await loadPyodide({
    indexURL,
    lockFileContents: manifest.pyodide_lock,
    ...(stdLibPath ? { stdLibURL: path.resolve(stdLibPath) } : {}),
  });
  const runtimeMs = performance.now() - started;

  const wheel = new Uint8Array(readFileSync(path.join(distDir, manifest.wheel)));
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  const handle = pyodide.pyimport("games.bridge").handle;
  const bootMs = performance.now() - started;

  // Strings in, strings out, as across the worker boundary.
  const call = (request) => JSON.parse(handle(JSON.stringify(request)));
  return { pyodide, manifest, call, timings: { runtimeMs, bootMs } };
}

export function report(result) {
  console.log("RESULT " + JSON.stringify(result));
}
