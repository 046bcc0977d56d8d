// Python's memory snapshot under node, with the worker's own code (web/js/python-snapshot.js):
// a normal start as worker.js makes it (the games imported, the games list asked), its memory
// grown past the runtime's first 30 MB (as a long session would), packed and unpacked, then
// restored as Pyodide alone does it and as the worker does it (growingRuntime).
// usage: node snapshot.mjs <dist dir>
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { growingRuntime, pack, unpack } from "../../web/js/python-snapshot.js";
import { report } from "./pyodide_games.mjs";

const distDir = process.argv[2];
const manifest = JSON.parse(readFileSync(path.join(distDir, "build.json"), "utf8"));
const indexURL = path.resolve(distDir, manifest.pyodide) + path.sep;
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const wheel = new Uint8Array(readFileSync(path.join(distDir, manifest.wheel)));
const options = { indexURL, lockFileContents: manifest.pyodide_lock };

async function startGames(pyodide) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  const handle = pyodide.pyimport("games.bridge").handle;
  return (request) => JSON.parse(handle(JSON.stringify(request)));
}

const made = await loadPyodide({ ...options, _makeSnapshot: true });
const firstHeap = made._module.HEAP8.length;
const call = await startGames(made);
const games = call({ op: "games" });
made.runPython("grown = bytearray(40_000_000); del grown");
const snapshot = made.makeMemorySnapshot();
const packed = pack(snapshot);
const unpacked = unpack(packed);
const roundTrip = unpacked.length === snapshot.length && unpacked.every((byte, i) => byte === snapshot[i]);
const expected = call({ op: "new", game: "spades", players: 4, seed: 5 });

let plainError = null;
try {
  await loadPyodide({ ...options, _loadSnapshot: unpacked });
} catch (error) {
  plainError = String(error?.message ?? error);
}

const asm = import(pathToFileURL(indexURL + "pyodide.asm.mjs").href);
const restored = await loadPyodide({ ...options, _loadSnapshot: unpacked, createPyodideModule: growingRuntime(asm, Promise.resolve(unpacked)) });
const again = await startGames(restored);
report({
  firstHeap, snapshotBytes: snapshot.length, packedBytes: packed.length, roundTrip, plainError,
  gamesSame: JSON.stringify(again({ op: "games" })) === JSON.stringify(games),
  newSame: JSON.stringify(again({ op: "new", game: "spades", players: 4, seed: 5 })) === JSON.stringify(expected),
});
