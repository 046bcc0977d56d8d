// Time to boot Pyodide and import games.bridge, with the given stdlib zip.
// usage: node boot_time.mjs <dist dir> [python_stdlib.zip]
import { bootGames, report } from "./pyodide_games.mjs";

const [distDir, stdLibPath] = process.argv.slice(2);
const { pyodide, timings } = await bootGames(distDir, { stdLibPath });
const jsonFile = pyodide.runPython("import json; json.__file__");
report({ ...timings, jsonFile });
