// Every module of the wheel imported, then a match of every game played through games.bridge
// with bots of every level (seat s plays level s % 3), in Pyodide on the shipped, trimmed
// standard library. usage: node play_all_games.mjs <dist dir> <matches json>
// matches json: [{"game", "options", "maxDeals"?}]; prints RESULT {"modules", "matches"}.
import { bootGames, report } from "./pyodide_games.mjs";
import { playMatch, wheelModules } from "../../build_tools/play_bridge.mjs";

const [distDir, matchesJSON] = process.argv.slice(2);
const { pyodide, call } = await bootGames(distDir);

const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const imported = wheelModules(pyodide, sitePackages);
for (const name of imported) pyodide.pyimport(name);

const matches = [];
for (const { game, options, maxDeals } of JSON.parse(matchesJSON)) {
  const started = performance.now();
  const { actions, deals, view, levelsUsed } = playMatch(call, game, { options, maxDeals: maxDeals ?? Infinity, seed: 5 });
  matches.push({ game, actions, deals, over: view.over, winner: view.winner, scores: view.scores,
                 levelsUsed, ms: performance.now() - started });
}
report({ modules: imported, matches });
