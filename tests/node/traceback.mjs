// A Python error raised in the games' own code, as it reaches JS: the wheel ships bytecode
// without sources (build_tools/compile_wheel.mjs), and the traceback must still name the file,
// the line and the function.
// usage: node traceback.mjs <dist dir>
import { bootGames, report } from "./pyodide_games.mjs";

const { pyodide } = await bootGames(process.argv[2]);
let message = null;
try {
  pyodide.runPython("from games import registry\nregistry.get('no_such_game')");
} catch (error) {
  message = String(error?.message ?? error);
}
const files = pyodide.runPython(`
import games, games.bridge, os
sorted(os.listdir(os.path.dirname(games.__file__)))
`).toJs();
report({ message, bridgeFile: pyodide.runPython("import games.bridge; games.bridge.__file__"), files });
