// Bot decision times inside Pyodide under node: bench/bots.py's decision_times, run
// by the same Python code as in CPython. usage: node bot_times.mjs <dist> <bots.py> <json>
import { readFileSync } from "node:fs";
import { bootGames, report } from "../tests/node/pyodide_games.mjs";

const [distDir, botsPy, requestText] = process.argv.slice(2);
const request = JSON.parse(requestText);
const { pyodide } = await bootGames(distDir);
pyodide.FS.writeFile("/tmp/bench_bots.py", readFileSync(botsPy, "utf8"));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import bench_bots");
const times = pyodide.runPython("bench_bots.decision_times");
for (const game of request.games) {
  for (const level of request.levels) {
    const result = times(game, level, request.count);
    report(result.toJs({ dict_converter: Object.fromEntries }));
    result.destroy();
  }
}
