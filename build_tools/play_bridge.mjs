// Plays the game wheel through games.bridge the way the page does: every op, every game,
// every bot level, every language, and the error answers. build_tools/trace_stdlib.mjs runs
// it to find the standard library the app imports; tests/node/play_all_games.mjs runs it
// to play whole matches on the trimmed standard library.
//
// `call(request) -> answer` takes and gives objects (JSON strings cross into Python).

// The dotted names of every module of the games package unpacked in site-packages, read from
// Pyodide's file system (the trimmed stdlib has no pkgutil).
export function wheelModules(pyodide, sitePackages, dir = `${sitePackages}/games`, prefix = "games.") {
  const names = [];
  for (const entry of pyodide.FS.readdir(dir)) {
    if (entry === "." || entry === ".." || entry === "__pycache__") continue;
    const full = `${dir}/${entry}`;
    if (pyodide.FS.isDir(pyodide.FS.stat(full).mode)) {
      const isPackage = ["py", "pyc"].some((suffix) => pyodide.FS.analyzePath(`${full}/__init__.${suffix}`).exists);
      if (isPackage) names.push(...wheelModules(pyodide, sitePackages, full, `${prefix}${entry}.`));
    } else if (/\.pyc?$/.test(entry)) { // the wheel ships bytecode only (build_tools/compile_wheel.mjs)
      const module = entry.replace(/\.pyc?$/, "");
      names.push(module === "__init__" ? prefix.slice(0, -1) : prefix + module);
    }
  }
  return names.sort();
}

export const LEVELS = ["easy", "normal", "hard"];
export const LANGUAGES = ["en", "ru", "pl", "bg", "de", "nl"];

// An answer with error code "internal" is a Python exception the bridge caught: with a
// trimmed standard library, most likely a ModuleNotFoundError. Every other error answer
// is the bridge refusing bad input, which the exercise asks for on purpose.
export class InternalError extends Error {}

function checked(answer, request) {
  if (answer.error?.code === "internal") {
    throw new InternalError(`${answer.error.message} (request: ${JSON.stringify(request).slice(0, 200)})`);
  }
  return answer;
}

function succeeded(answer, request) {
  if (answer.error) throw new Error(`${JSON.stringify(answer.error)} (request: ${JSON.stringify(request).slice(0, 200)})`);
  return answer;
}

// One match of `game`, seat s played by a bot of level LEVELS[s % 3] (every level in every
// game of 3 seats or more), until it is over or `maxDeals` score sheet rows are written.
// `budgetMs` caps each bot's thinking (the bridge's budget_ms; default: the level's own).
// Returns {actions, deals, view}.
export function playMatch(ask, game, { players, options = {}, seed = 1, maxDeals = Infinity, lang = "en", budgetMs } = {}) {
  const newRequest = { op: "new", game, options, seed, ...(players ? { players } : {}) };
  let { record } = succeeded(ask(newRequest), newRequest);
  let view = succeeded(ask({ op: "view", record, seat: 0, lang }), {}).view;
  let actions = 0;
  const levelsUsed = new Set();
  while (!view.over && (view.sheet?.rows?.length ?? 0) < maxDeals) {
    const seat = view.to_act;
    const level = LEVELS[seat % LEVELS.length];
    levelsUsed.add(level);
    const botRequest = { op: "bot", record, level, lang, ...(budgetMs === undefined ? {} : { budget_ms: budgetMs }) };
    const bot = succeeded(ask(botRequest), botRequest);
    const actRequest = { op: "act", record, action: bot.action, seat: bot.seat, view_seat: 0, lang };
    ({ record, view } = succeeded(ask(actRequest), actRequest));
    actions += 1;
  }
  return { record, actions, deals: view.sheet?.rows?.length ?? 0, view, levelsUsed: [...levelsUsed] };
}

// Every op and its error answers once, with each language; each game is played to
// `maxDeals` (a few deals find what a whole match would, in a fraction of the time), its bots
// thinking at most `budgetMs` each (the same code, sooner), then one hard bot at its own budget.
export function exercise(call, { maxDeals = 1, budgetMs = 20 } = {}) {
  const ask = (request) => checked(call(request), request);
  const gameList = ask({ op: "games" }).games;
  for (const lang of LANGUAGES) ask({ op: "games", lang });
  for (const bad of ["not json", "[]", "{}", '{"op": "nope"}', '{"op": "games", "lang": 3}', '{"op": "games", "x": 1}',
                     '{"op": "new", "game": "nope"}', '{"op": "view", "record": 5}', '{"op": "bot", "record": {}}']) {
    checked(call.raw(bad), bad);
  }
  const played = [];
  for (const [index, game] of gameList.entries()) {
    const lang = LANGUAGES[index % LANGUAGES.length];
    // Every choice of every option starts a match (options are checked and resolved).
    for (const option of game.options) {
      for (const choice of option.choices) {
        ask({ op: "new", game: game.id, options: { [option.name]: choice.value }, seed: 7, lang });
      }
    }
    for (const players of [game.players[0], game.players[1]]) ask({ op: "new", game: game.id, players, seed: 3 });
    const { record, actions, deals, levelsUsed, view } = playMatch(ask, game.id, { maxDeals, lang, budgetMs });
    if (!view.over) ask({ op: "bot", record, level: "hard", lang });
    // The record's error answers, undo and review on the match just played.
    ask({ op: "act", record, action: { type: "nonsense" }, lang });
    ask({ op: "act", record: { ...record, actions: [{ type: "nonsense" }] } });
    ask({ op: "view", record, seat: 99, lang });
    ask({ op: "undo", record, seat: 0, view_seat: 0, lang });
    ask({ op: "review", record, seat: 0, lang });
    ask({ op: "bot", record, level: "hard", budget_ms: 1 });
    played.push({ game: game.id, actions, deals, levelsUsed });
  }
  return played;
}
