// Hostile requests through games.bridge in real Pyodide (CPython raises RecursionError where
// Pyodide's interpreter dies of "Maximum call stack size exceeded"): each answer as the worker
// passes it on (a non-string answer shows as its type), then whether Python still answers.
// usage: node hostile_bridge.mjs <dist dir>
import { bootGames, report } from "./pyodide_games.mjs";

const { pyodide, manifest } = await bootGames(process.argv[2]);
const handle = pyodide.pyimport("games.bridge").handle;

function raw(text) {
  try {
    const answer = handle(text);
    return typeof answer === "string" ? JSON.parse(answer) : { notString: typeof answer };
  } catch (error) {
    return { threw: String(error?.message ?? error).slice(0, 200) };
  }
}

const record = JSON.parse(handle(JSON.stringify({ op: "new", game: "oh_hell", players: 4, seed: 7 }))).record;
const recordText = JSON.stringify(record);
const answers = {
  deep: raw(`{"op": "view", "seat": 0, "record": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`),
  deepObject: raw(`{"op": "view", "seat": 0, "record": ${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`),
  // Issue 27: never closed, or closed by the wrong bracket (json.loads recursed as it opened),
  // and a run of escaped quotes that made the nesting check quadratic (26 s for these 64,000).
  unclosed: raw(`{"op": "view", "seat": 0, "record": ${"[".repeat(3_000)}`),
  unclosedObject: raw(`{"op": "view", "seat": 0, "record": ${'{"a":'.repeat(20_000)}`),
  mismatched: raw(`{"op": "view", "seat": 0, "record": ${"[".repeat(3_000)}${"}".repeat(3_000)}}`),
  quotes: raw(`"${'\\"'.repeat(32_000)}`),
  huge: raw(JSON.stringify({ op: "games", padding: "x".repeat(20_000_000) })),
  budgetOverflow: raw(`{"op": "bot", "record": ${recordText}, "budget_ms": 1e400}`),
  budgetHugeInt: raw(`{"op": "bot", "record": ${recordText}, "budget_ms": 1${"0".repeat(400)}}`),
};
// Python must still answer after all of that.
answers.after = raw(JSON.stringify({ op: "view", record, seat: 0 }));
report({ version: manifest.version, answers: Object.fromEntries(Object.entries(answers).map(([name, answer]) =>
  [name, answer.error ? { code: answer.error.code, message: answer.error.message } : answer.view ? { view: true } : answer])) });
