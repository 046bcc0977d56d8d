// Finished matches as history entries, and statistics per game derived from them.
// Entries are summaries of the final view (the record itself can be large: a whole 8-5-3
// game is ~80 kB); the seed and options are kept, so the match can be dealt again.

// The device owner's seat: the entry's result and the statistics are this seat's, also in
// pass-and-play (where the final view may be another person's).
const HUMAN = 0;

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

// The index in view.scores that is yours: your team in Kozel, your side in Spades partnerships.
export function yourScoreIndex(view) {
  if (Array.isArray(view.teams) && view.scores?.length === view.teams.length) {
    const team = view.teams.findIndex((seats) => seats.includes(HUMAN));
    if (team >= 0) return team;
  }
  if (Number.isInteger(view.team)) return view.team;
  if (Array.isArray(view.sides) && view.scores?.length === view.sides.length && view.sides.length !== view.players) {
    const side = view.sides.findIndex((seats) => seats.includes(HUMAN));
    if (side >= 0) return side;
  }
  return HUMAN;
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
    deals: view.deal?.number ?? view.hand_number ?? null,
    scores,
    yourScore: scores[yourScoreIndex(view)] ?? null,
    winner: view.winner ?? [],
    won: (view.winner ?? []).includes(HUMAN),
    undos,
    hints,
    level,
  };
  if (people) Object.assign(entry, { people, counted });
  if (record.game === "kozel" && view.goat) {
    const yours = (view.goat.seats ?? []).includes(HUMAN);
    entry.goat = { yours, eggs: Boolean(view.goat.eggs) };
  }
  if (record.game === "zevaka" && Array.isArray(view.missed)) {
    entry.missed = view.missed;
    entry.yourMisses = view.missed[HUMAN] ?? 0;
  }
  return entry;
}

// Kozel counts defeat points (fewer is better); Zevaka has no score worth a "best".
const LOWER_IS_BETTER = new Set(["kozel"]);
const NO_BEST_SCORE = new Set(["zevaka"]);

export function statistics(entries) {
  const byGame = new Map();
  for (const entry of entries) {
    if (entry.counted === false) continue;
    const stats = byGame.get(entry.game) ?? {
      game: entry.game, title: entry.title ?? entry.game, played: 0, won: 0, best: null,
      undos: 0, hints: 0, goats: 0, goatsWithEggs: 0, misses: 0,
    };
    stats.played += 1;
    if (entry.won) stats.won += 1;
    stats.undos += Number(entry.undos) || 0;
    stats.hints += Number(entry.hints) || 0;
    if (!NO_BEST_SCORE.has(entry.game) && typeof entry.yourScore === "number") {
      const better = LOWER_IS_BETTER.has(entry.game) ? entry.yourScore < stats.best : entry.yourScore > stats.best;
      if (stats.best === null || better) stats.best = entry.yourScore;
    }
    if (entry.goat?.yours) {
      stats.goats += 1;
      if (entry.goat.eggs) stats.goatsWithEggs += 1;
    }
    stats.misses += Number(entry.yourMisses) || 0;
    byGame.set(entry.game, stats);
  }
  return [...byGame.values()].map((stats) => ({ ...stats, winRate: stats.played ? stats.won / stats.played : 0 }));
}
