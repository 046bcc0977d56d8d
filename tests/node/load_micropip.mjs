// Loads the shipped micropip wheel by path (not by name: the PyPI wheel's checksum
// differs from the one in Pyodide's lock file) and imports it.
// usage: node load_micropip.mjs <dist dir>
import path from "node:path";
import { bootGames, report } from "./pyodide_games.mjs";

const distDir = process.argv[2];
const { pyodide, manifest } = await bootGames(distDir);
const started = performance.now();
const messages = [];
await pyodide.loadPackage(path.resolve(distDir, manifest.micropip), {
  messageCallback: (message) => messages.push(message),
  errorCallback: (message) => messages.push("error: " + message),
});
const version = pyodide.runPython("import micropip; micropip.__version__");
report({ version, loadMs: performance.now() - started, messages });
