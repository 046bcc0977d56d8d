// A whole Oh Hell match for 4 bots through games.bridge in real Pyodide.
// usage: node play_match.mjs <dist dir>
import { bootGames, report } from "./pyodide_games.mjs";

const { call, timings } = await bootGames(process.argv[2]);

const games = call({ op: "games" });
const { record: first } = call({ op: "new", game: "oh_hell", players: 4, seed: 2024 });
const illegal = call({ op: "act", record: first, action: { type: "bid", n: 99 } });
// The same refusal and the game list in Russian: the catalogs ship inside the wheel.
const illegalRu = call({ op: "act", record: first, action: { type: "bid", n: 99 }, lang: "ru" });
const titlesRu = call({ op: "games", lang: "ru" }).games.map((game) => game.title);

const started = performance.now();
let record = first;
let view;
let actions = 0;
for (;;) {
  ({ view } = call({ op: "view", record, seat: 0 }));
  if (view.over) break;
  const bot = call({ op: "bot", record, level: "easy" });
  if (bot.error) throw new Error(JSON.stringify(bot.error));
  const acted = call({ op: "act", record, action: bot.action, seat: bot.seat });
  if (acted.error) throw new Error(JSON.stringify(acted.error));
  record = acted.record;
  actions += 1;
}
const matchMs = performance.now() - started;

report({
  timings: { ...timings, matchMs },
  gameIds: games.games.map((game) => game.id),
  illegal,
  illegalRu,
  titlesRu,
  actions,
  final: { over: view.over, to_act: view.to_act, legal: view.legal,
           winner: view.winner, scores: view.scores },
});
