// Finished matches as history entries, and statistics per game derived from them.
// Entries are summaries of the final view (the record itself can be large: a whole 8-5-3
// game is ~80 kB); the seed and options are kept, so the match can be dealt again.
// Only the view's common fields are read (docs/bridge.md), and a game's own facts where the
// view has them (Kozel's goat, Zevaka's misses); which score is better comes from Python.

// The entry's result and the statistics are the device owner's, also in pass-and-play
// (where the final view may be another person's).
import { OWNER } from "./seats.js";

// A stable id from the record: the same finished match gives the same id on every device,
// so an import never duplicates it.
export function recordId(record) {
  const text = JSON.stringify([record.game, record.players, record.options, record.seed, record.actions]);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b + c, 0x85ebca6b) >>> 0;
  }
  return `${record.game}-${record.seed}-${record.actions.length}-${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
}

// The index in view.scores that is yours: scores[i] is view.sides[i]'s (your team in a
// partnership, else your seat).
export function yourScoreIndex(view) {
  return view.sides.findIndex((seats) => seats.includes(OWNER));
}

// people: pass-and-play's names per seat (null per computer), kept so the history names them;
// such a match counts in the statistics (seat 0's result) unless the player turned that off.
export function historyEntry(record, view, {
  undos = 0, hints = 0, level = null, title = record.game, finishedAt = Date.now(), people = null, counted = true,
} = {}) {
  const scores = Array.isArray(view.scores) ? view.scores : [];
  const entry = {
    id: recordId(record),
    date: new Date(finishedAt).toISOString(),
    game: record.game,
    title,
    players: record.players,
    seed: record.seed,
    options: record.options,
    moves: record.actions.length,
    deals: view.deal.number,
    scores,
    yourScore: scores[yourScoreIndex(view)] ?? null,
    winner: view.winner ?? [],
    won: (view.winner ?? []).includes(OWNER),
    undos,
    hints,
    level,
  };
  if (people) Object.assign(entry, { people, counted });
  if (view.goat) { // Kozel: the side that reached the limit
    const yours = (view.goat.seats ?? []).includes(OWNER);
    entry.goat = { yours, eggs: Boolean(view.goat.eggs) };
  }
  if (Array.isArray(view.missed)) { // Zevaka: «Прозевал!» per seat
    entry.missed = view.missed;
    entry.yourMisses = view.missed[OWNER] ?? 0;
  }
  return entry;
}

// games: the bridge's list, whose `better_score` ("higher", "lower", or null: no score worth a
// "best") says which score is the best; goats and misses are counted for the games whose
// entries have them (null otherwise).
export function statistics(entries, games = []) {
  const betterScore = new Map(games.map((game) => [game.id, game.better_score]));
  const byGame = new Map();
  for (const entry of entries) {
    if (entry.counted === false) continue;
    const stats = byGame.get(entry.game) ?? {
      game: entry.game, title: entry.title ?? entry.game, played: 0, won: 0, best: null,
      undos: 0, hints: 0, goats: null, goatsWithEggs: null, misses: null,
    };
    stats.played += 1;
    if (entry.won) stats.won += 1;
    stats.undos += Number(entry.undos) || 0;
    stats.hints += Number(entry.hints) || 0;
    const order = betterScore.has(entry.game) ? betterScore.get(entry.game) : "higher";
    if (order && typeof entry.yourScore === "number") {
      const better = order === "lower" ? entry.yourScore < stats.best : entry.yourScore > stats.best;
      if (stats.best === null || better) stats.best = entry.yourScore;
    }
    if (entry.goat) {
      stats.goats = (stats.goats ?? 0) + (entry.goat.yours ? 1 : 0);
      stats.goatsWithEggs = (stats.goatsWithEggs ?? 0) + (entry.goat.yours && entry.goat.eggs ? 1 : 0);
    }
    if (entry.yourMisses !== undefined) stats.misses = (stats.misses ?? 0) + (Number(entry.yourMisses) || 0);
    byGame.set(entry.game, stats);
  }
  return [...byGame.values()].map((stats) => ({ ...stats, winRate: stats.played ? stats.won / stats.played : 0 }));
}
