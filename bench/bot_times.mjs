// Bot decision times inside Pyodide under node: bench/bots.py's decision_times, run
// by the same Python code as in CPython. usage: node bot_times.mjs <dist> <bots.py> <json>
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { bootGames, report } from "../tests/node/pyodide_games.mjs";

const [distDir, botsPy, requestText] = process.argv.slice(2);
const request = JSON.parse(requestText);
// The shipped stdlib is trimmed to what the app imports; bots.py itself needs more
// (argparse, statistics, subprocess), so the build's untrimmed precompiled zip is used.
const cache = path.join(path.dirname(distDir), ".cache", "stdlib");
const untrimmed = readdirSync(cache).filter((name) => name.startsWith("python_stdlib-") && !name.includes("trimmed"))
  .map((name) => path.join(cache, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
const { pyodide } = await bootGames(distDir, { stdLibPath: untrimmed[0] });
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
