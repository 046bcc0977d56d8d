// Everything the app keeps in localStorage (docs/persistence.md): one save per game, the
// table that was open, the history of finished matches, preferences, and saves set aside.
//
// Rules: storage may be missing or full (private windows, quota) and any key may hold
// garbage; none of that may break the app. A save is never silently dropped: what cannot
// be read is moved under a set-aside key that nothing overwrites.

export const SCHEMA = 2;
const PREFIX = "cardtable.v2.";
const SAVE_PREFIX = `${PREFIX}save.`;
const SET_ASIDE_PREFIX = `${PREFIX}set-aside.`;
const ACTIVE_KEY = `${PREFIX}active`;
const HISTORY_KEY = `${PREFIX}history`;
// A finished match's entry is first written under a key of its own (no other tab writes it),
// then merged into the history under a Web Lock; the next start removes the merged keys.
const HISTORY_ENTRY_PREFIX = `${HISTORY_KEY}.`;
const HISTORY_LOCK = "cardtable.history";
// This tab's open table (sessionStorage: per tab, kept over a reload).
const TAB_ACTIVE_KEY = `${PREFIX}tab-active`;
const PREFS_KEY = `${PREFIX}prefs`;
// The records of the last few finished matches, for their deal review from the history.
const RECORDS_KEY = `${PREFIX}records`;
const MAX_KEPT_RECORDS = 6;
const MAX_KEPT_CHARS = 600_000; // about 0.6 MB of localStorage's 5: the saves and history come first
const SEEN_KEY = `${PREFIX}set-aside-seen`;
// Schema 1: the single-slot save of the first release, and where it set a save aside.
const V1_CURRENT_KEY = "cardtable.v1.current";
const V1_SET_ASIDE_KEY = "cardtable.v1.set-aside";

import { t } from "./i18n.js";

const problemListeners = new Set();

// fn({kind: "quota" | "unavailable" | "kept", what}) on every failed write: the caller shows it.
// "kept": the slot holds a value that could not be read nor set aside (storage full), so it
// was not overwritten.
export function onStorageProblem(fn) {
  problemListeners.add(fn);
  return () => problemListeners.delete(fn);
}

function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

function tabStorage() {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function isQuotaError(error) {
  return error?.name === "QuotaExceededError" || error?.name === "NS_ERROR_DOM_QUOTA_REACHED" || error?.code === 22;
}

function read(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

// {ok: true} or {ok: false, kind}; listeners hear about every failure.
function write(key, text, what) {
  const store = storage();
  let kind = "unavailable";
  if (store) {
    try {
      store.setItem(key, text);
      return { ok: true };
    } catch (error) {
      kind = isQuotaError(error) ? "quota" : "unavailable";
    }
  }
  for (const fn of problemListeners) fn({ kind, what });
  return { ok: false, kind };
}

function remove(key) {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

function keys() {
  const store = storage();
  if (!store) return [];
  try {
    return Array.from({ length: store.length }, (_, i) => store.key(i)).filter(Boolean);
  } catch {
    return [];
  }
}

// ---- shapes ---------------------------------------------------------------------------
// One validator per stored kind, used by every read, upgrade and import: a value that fails
// is set aside verbatim and never reaches a screen (a JSON object may hold "toString": 1,
// on which Number() and String() throw).

const GAME_ID = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_PLAYERS = 20;
// Deeper than any record (Python refuses requests nested over 64 levels: docs/bridge.md).
const MAX_RECORD_DEPTH = 32;

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isShortText = (value, max = 200) => typeof value === "string" && value.length <= max;
const isFiniteNumber = (value) => typeof value === "number" && Number.isFinite(value);
const isOptional = (value, test) => value === undefined || value === null || test(value);

// Counted without recursion, so a hostile value cannot exhaust the stack here either.
function depthWithin(value, limit) {
  const stack = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (depth > limit) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

// A match record as the bridge takes it (Python checks the rules when it replays it).
function isRecord(record) {
  return isPlainObject(record) && typeof record.game === "string" && GAME_ID.test(record.game)
    && Array.isArray(record.actions) && isOptional(record.chance, Array.isArray)
    && isOptional(record.players, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_PLAYERS)
    && isOptional(record.options, isPlainObject) && depthWithin(record, MAX_RECORD_DEPTH);
}

// Pass-and-play's seats: a person's name or null (a computer) per seat.
const isPeople = (people) => Array.isArray(people) && people.length <= MAX_PLAYERS
  && people.every((name) => name === null || isShortText(name, 40));

// One table, several phones: the host's save says so (docs/one-table.md); `people` then names
// the guests, whose seats wait for them when the host's page comes back.
const isOneTable = (value) => isPlainObject(value) && isShortText(value.id, 40);

// A save at SCHEMA, as the start screen and the table use it. `people` and `viewer` (pass-and-
// play) are optional: a save without them is a solo game.
function isCurrentSave(save) {
  return isPlainObject(save) && isRecord(save.record) && save.game === save.record.game
    && isOptional(save.savedAt, isFiniteNumber) && isOptional(save.undos, isCount)
    && isOptional(save.hints, isCount) && isOptional(save.level, (level) => isShortText(level, 40))
    && isOptional(save.people, isPeople) && isOptional(save.viewer, isCount) && isOptional(save.oneTable, isOneTable);
}

// A finished match as the history screen and the statistics use it (history.js writes them).
export function isHistoryEntry(entry) {
  return isPlainObject(entry) && isShortText(entry.id) && typeof entry.game === "string" && GAME_ID.test(entry.game)
    && isShortText(entry.date, 64) && Number.isFinite(Date.parse(entry.date))
    && isOptional(entry.title, isShortText)
    && Number.isInteger(entry.players) && entry.players >= 1 && entry.players <= MAX_PLAYERS
    && isOptional(entry.seed, Number.isSafeInteger) && isOptional(entry.options, isPlainObject)
    && isOptional(entry.moves, isCount) && isOptional(entry.deals, isCount)
    && Array.isArray(entry.scores) && entry.scores.length <= MAX_PLAYERS && entry.scores.every(isFiniteNumber)
    && isOptional(entry.yourScore, isFiniteNumber)
    && isOptional(entry.winner, (seats) => Array.isArray(seats) && seats.every(isCount))
    && isOptional(entry.won, (won) => typeof won === "boolean")
    && isOptional(entry.undos, isCount) && isOptional(entry.hints, isCount)
    && isOptional(entry.level, (level) => isShortText(level, 40))
    && isOptional(entry.goat, (goat) => isPlainObject(goat) && typeof goat.yours === "boolean"
      && typeof goat.eggs === "boolean")
    && isOptional(entry.missed, (missed) => Array.isArray(missed) && missed.every(isCount))
    && isOptional(entry.yourMisses, isCount)
    && isOptional(entry.people, isPeople) && isOptional(entry.counted, (counted) => typeof counted === "boolean")
    && depthWithin(entry, MAX_RECORD_DEPTH);
}

// The stored history text, if every entry in it is one this version can show and keep.
function isCleanHistory(parsed) {
  return isPlainObject(parsed) && Number.isInteger(parsed.schema) && parsed.schema <= SCHEMA
    && Array.isArray(parsed.entries) && parsed.entries.every(isHistoryEntry);
}

// Each known preference with its type; unknown ones are kept as they are.
const PREF_CHECKS = {
  language: (value) => isShortText(value, 16),
  botSpeed: (value) => isShortText(value, 16),
  level: (value) => isShortText(value, 40),
  fourColour: (value) => typeof value === "boolean",
  // the games whose lesson was offered (tutorial-offer.js)
  tutorialsOffered: (value) => Array.isArray(value) && value.length <= 40 && value.every((id) => isShortText(id, 40)),
  // each game's finished lessons, by id (tutorial.js): {"kozel": ["tricks", ...]}
  lessonsDone: (value) => isPlainObject(value) && Object.keys(value).length <= 10
    && Object.entries(value).every(([game, ids]) => isShortText(game, 40) && Array.isArray(ids) && ids.length <= 40
      && ids.every((id) => isShortText(id, 40))),
  playerNames: (value) => Array.isArray(value) && value.length <= MAX_PLAYERS && value.every((name) => isShortText(name, 40)),
  passAndPlayStats: (value) => typeof value === "boolean",
  sound: (value) => typeof value === "boolean",
  playChecker: (value) => typeof value === "boolean", // warn before a clearly worse move (off by default)
  cardCorners: (value) => isShortText(value, 8), // "auto" or a language code: the court cards' letters
  persistAsked: (value) => typeof value === "boolean", // navigator.storage.persist() was asked once
};

function isCleanPrefs(prefs) {
  return isPlainObject(prefs) && Object.entries(PREF_CHECKS).every(([name, check]) => isOptional(prefs[name], check));
}

// A set-aside entry of this app (stored, or in an export).
function isSetAsideEntry(entry) {
  return isPlainObject(entry) && typeof entry.raw === "string" && isOptional(entry.reason, (reason) => typeof reason === "string")
    && isOptional(entry.from, (from) => typeof from === "string") && isOptional(entry.setAsideAt, isFiniteNumber);
}

function parsedOrUndefined(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

// Writes `text` under `key` unless the key holds a value `isClean` refuses that cannot be set
// aside first (storage full): that value is then the only copy, and it is not overwritten.
function writeOver(key, text, what, isClean, reason) {
  const raw = read(key);
  if (raw !== null && !isClean(raw) && !setAside(key, reason, raw)) {
    for (const fn of problemListeners) fn({ kind: "kept", what });
    return { ok: false, kind: "kept" };
  }
  return write(key, text, what);
}

// ---- saves ----------------------------------------------------------------------------

// Upgrades from each schema to the next; a save is carried up one step at a time.
export const SAVE_UPGRADES = {
  1: (save) => ({
    schema: 2, game: save.record?.game, savedAt: isFiniteNumber(save.savedAt) ? save.savedAt : null,
    undos: 0, hints: 0, record: save.record,
  }),
};

// A parsed save carried up to SCHEMA, or throws with the reason it cannot be used.
export function upgradeSave(save) {
  if (!save || typeof save !== "object" || Array.isArray(save)) throw new Error(t("not a save object"));
  let current = save;
  let schema = Number.isInteger(current.schema) ? current.schema : 1;
  if (schema > SCHEMA) throw new Error(t("saved by a newer version of the app (schema {schema})", { schema }));
  while (schema < SCHEMA) {
    current = SAVE_UPGRADES[schema](current);
    schema = current.schema;
  }
  if (!isPlainObject(current) || !isRecord(current.record)) throw new Error(t("it holds no match record"));
  if (!isCurrentSave({ ...current, game: current.record.game })) throw new Error(t("it holds no match record"));
  return {
    schema: SCHEMA, game: current.record.game, savedAt: current.savedAt ?? null,
    undos: current.undos ?? 0, hints: current.hints ?? 0, record: current.record,
    // The opponents' level (absent in early schema-2 saves: the default level then).
    ...(typeof current.level === "string" ? { level: current.level } : {}),
    // Pass-and-play's people and the seat last shown (absent: a solo game).
    ...(Array.isArray(current.people) ? { people: current.people } : {}),
    ...(Number.isInteger(current.viewer) ? { viewer: current.viewer } : {}),
    ...(isOneTable(current.oneTable) ? { oneTable: { id: current.oneTable.id } } : {}),
  };
}

function parseSave(raw) {
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(t("it is not valid JSON"));
  }
  return upgradeSave(parsed);
}

// Moves the text under `key` to a new set-aside key. If that write fails (storage full)
// the original stays where it was: it is never lost.
export function setAside(key, reason, raw = read(key)) {
  if (raw === null) return false;
  const at = Date.now();
  let name = `${SET_ASIDE_PREFIX}${at}`;
  for (let n = 2; read(name) !== null; n += 1) name = `${SET_ASIDE_PREFIX}${at}-${n}`;
  const entry = { schema: SCHEMA, setAsideAt: at, from: key, reason: typeof reason === "string" ? reason : "", raw };
  if (!write(name, JSON.stringify(entry), t("a save that could not be used")).ok) return false;
  if (read(key) === raw) remove(key);
  return true;
}

// The schema-1 single save becomes its game's slot (once). If that slot is taken by
// another match, the old save is set aside rather than dropped.
export function migrate() {
  const raw = read(V1_CURRENT_KEY);
  if (raw === null) return;
  let save;
  try {
    save = parseSave(raw);
  } catch (error) {
    setAside(V1_CURRENT_KEY, t("The saved game could not be read: {reason}.", { reason: error.message }), raw);
    return;
  }
  const existing = read(SAVE_PREFIX + save.game);
  if (existing !== null) {
    let same = false;
    try {
      same = JSON.stringify(parseSave(existing).record) === JSON.stringify(save.record);
    } catch {
      same = false;
    }
    if (same) remove(V1_CURRENT_KEY);
    else setAside(V1_CURRENT_KEY, t("An older saved game met a newer one of the same game."), raw);
    return;
  }
  if (write(SAVE_PREFIX + save.game, JSON.stringify(save), t("the upgraded save")).ok) remove(V1_CURRENT_KEY);
}

// Every readable save, newest first; unreadable ones are set aside on the way.
export function listSaves() {
  const saves = [];
  for (const key of keys()) {
    if (!key.startsWith(SAVE_PREFIX)) continue;
    const raw = read(key);
    try {
      const save = parseSave(raw);
      if (key !== SAVE_PREFIX + save.game) throw new Error(t("it is a {game} match under another game's key", { game: save.game }));
      saves.push(save);
    } catch (error) {
      setAside(key, t("The saved game could not be read: {reason}.", { reason: error.message }), raw);
    }
  }
  return saves.sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
}

export function loadSave(game) {
  return listSaves().find((save) => save.game === game) ?? null;
}

function isCleanSave(game) {
  return (raw) => {
    try {
      return parseSave(raw).game === game;
    } catch {
      return false;
    }
  };
}

function writeSave(save, what) {
  return writeOver(SAVE_PREFIX + save.game, JSON.stringify(save), what, isCleanSave(save.game),
    t("The saved game could not be read: {reason}.", { reason: t("it holds no match record") }));
}

export function saveMatch({ record, undos = 0, hints = 0, level, people, viewer, oneTable }) {
  const save = { schema: SCHEMA, game: record.game, savedAt: Date.now(), undos, hints, level, record };
  if (people) Object.assign(save, { people, viewer });
  if (oneTable) save.oneTable = oneTable;
  return writeSave(save, t("the game in progress"));
}

export function clearSave(game) {
  remove(SAVE_PREFIX + game);
}

// A save whose record the bridge refused: kept aside with the reason.
export function setSaveAside(game, reason) {
  return setAside(SAVE_PREFIX + game, reason);
}

// The game whose table was open, so a reload goes back to it: this tab's own (another tab may
// have opened another game since), or in a new tab the one opened last in any tab.
export function setActive(game) {
  try {
    tabStorage()?.setItem(TAB_ACTIVE_KEY, game ?? "");
  } catch {
    // Without sessionStorage a reload goes back to the table opened last in any tab.
  }
  if (game) write(ACTIVE_KEY, game, t("the open table"));
  else remove(ACTIVE_KEY);
}

export function activeGame() {
  let game;
  try {
    game = tabStorage()?.getItem(TAB_ACTIVE_KEY) ?? read(ACTIVE_KEY);
  } catch {
    game = read(ACTIVE_KEY);
  }
  return game !== null && GAME_ID.test(game) ? game : null;
}

// ---- set aside ------------------------------------------------------------------------

export function listSetAside() {
  const entries = [];
  for (const key of keys()) {
    if (key === V1_SET_ASIDE_KEY) {
      entries.push({ key, setAsideAt: null, from: V1_CURRENT_KEY, reason: t("Set aside by an earlier version."), raw: read(key) });
    } else if (key.startsWith(SET_ASIDE_PREFIX)) {
      const raw = read(key);
      const entry = parsedOrUndefined(raw);
      if (isSetAsideEntry(entry)) {
        entries.push({ key, setAsideAt: entry.setAsideAt ?? null, from: entry.from ?? null,
          reason: entry.reason ?? "", raw: entry.raw });
      } else {
        entries.push({ key, setAsideAt: null, from: null, reason: t("Unreadable entry."), raw });
      }
    }
  }
  return entries.sort((a, b) => (a.setAsideAt ?? 0) - (b.setAsideAt ?? 0));
}

// Set-aside entries the player has not dismissed yet (dismissing keeps them).
export function unseenSetAside() {
  const seen = parsedOrUndefined(read(SEEN_KEY) ?? "[]");
  const known = new Set(Array.isArray(seen) ? seen.filter((key) => typeof key === "string") : []);
  return listSetAside().filter((entry) => !known.has(entry.key));
}

export function markSetAsideSeen() {
  write(SEEN_KEY, JSON.stringify(listSetAside().map((entry) => entry.key)), t("a dismissed message"));
}

// ---- history --------------------------------------------------------------------------

const HISTORY_REASON = () => t("The match history could not be read.");

function historyTextIsClean(raw) {
  return isCleanHistory(parsedOrUndefined(raw));
}

// The entries this version can show: the history's and those of finished matches not merged
// into it yet. A history it cannot fully use (unreadable, a damaged entry, a newer schema) is
// set aside verbatim first, and what it could use is written back; if it cannot be set aside
// (storage full) it stays as it is and nothing overwrites it. So does a damaged entry's key.
export function readHistory() {
  const entries = readStoredHistory();
  const known = new Set(entries.map((entry) => entry.id));
  for (const { entry } of pendingEntries()) {
    if (!known.has(entry.id)) {
      known.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

function readStoredHistory() {
  const raw = read(HISTORY_KEY);
  if (raw === null) return [];
  const parsed = parsedOrUndefined(raw);
  if (isCleanHistory(parsed)) return parsed.entries;
  const usable = Array.isArray(parsed?.entries) ? parsed.entries.filter(isHistoryEntry) : [];
  if (setAside(HISTORY_KEY, HISTORY_REASON(), raw) && usable.length) writeHistory(usable);
  return usable;
}

// The entries written under keys of their own, each checked (a damaged one is set aside).
function pendingEntries() {
  const found = [];
  for (const key of keys()) {
    if (!key.startsWith(HISTORY_ENTRY_PREFIX)) continue;
    const raw = read(key);
    const entry = parsedOrUndefined(raw);
    if (isHistoryEntry(entry)) found.push({ key, entry });
    else setAside(key, HISTORY_REASON(), raw);
  }
  return found;
}

function writeHistory(entries) {
  return writeOver(HISTORY_KEY, JSON.stringify({ schema: SCHEMA, entries }), t("the match history"),
    historyTextIsClean, HISTORY_REASON());
}

// The history's read-modify-write, one tab at a time (Web Locks; without them, at once).
function withHistoryLock(work) {
  try {
    if (navigator.locks?.request) return navigator.locks.request(HISTORY_LOCK, async () => work());
  } catch {
    // Locks refused (an opaque origin): as one tab.
  }
  return Promise.resolve(work());
}

// Merges the finished matches' own keys into the history; a key goes once the history read
// back holds its entry (a tab that wrote from an older copy cannot lose it, then).
export function mergeHistory() {
  return withHistoryLock(() => {
    const stored = readStoredHistory();
    const known = new Set(stored.map((entry) => entry.id));
    const pending = pendingEntries();
    for (const { key, entry } of pending) if (known.has(entry.id)) remove(key);
    const fresh = pending.filter(({ entry }) => !known.has(entry.id)).map(({ entry }) => entry);
    return fresh.length ? writeHistory([...stored, ...fresh]) : { ok: true };
  });
}

// {ok} once the entry is kept: under its own key, in the history, or both. Two tabs finishing
// at the same instant both keep theirs; the own key goes at a later start, once the history
// read back holds the entry (mergeHistory), so a write from a stale copy cannot lose it.
export async function addHistory(entry) {
  // A bad entry would make the whole history unreadable later: refused (its save stays).
  if (!isHistoryEntry(entry)) {
    console.error("a history entry of the wrong shape was not written:", entry);
    return { ok: false, kind: "invalid" };
  }
  if (readHistory().some((old) => old.id === entry.id)) return { ok: true };
  const own = write(HISTORY_ENTRY_PREFIX + entry.id, JSON.stringify(entry), t("the match history"));
  const merged = await withHistoryLock(() => {
    const entries = readStoredHistory();
    return entries.some((old) => old.id === entry.id) ? { ok: true } : writeHistory([...entries, entry]);
  });
  return own.ok || merged.ok ? { ok: true } : merged;
}

// Whether `raw` is a save of the same match as `record`, some moves back.
function isEarlierSaveOf(raw, record) {
  try {
    const old = parseSave(raw).record;
    return old.game === record.game && old.seed === record.seed && old.actions.length <= record.actions.length
      && JSON.stringify(old.actions) === JSON.stringify(record.actions.slice(0, old.actions.length));
  } catch {
    return false;
  }
}

// A finished match: its history entry first, then its save is cleared. With the storage full
// to the last character, the match's own save (the same match, some moves back) makes room for
// the entry. If even then it cannot be written, the save stays (the finished record if it fits)
// and {ok: false} tells the caller to say so.
export async function recordFinished(entry, save) {
  let result = await addHistory(entry);
  const key = SAVE_PREFIX + save.record.game;
  const old = read(key);
  if (!result.ok && result.kind === "quota" && old !== null && isEarlierSaveOf(old, save.record)) {
    remove(key);
    result = await addHistory(entry);
    if (!result.ok && !saveMatch(save).ok) write(key, old, t("the game in progress"));
    if (!result.ok) return result;
  }
  if (result.ok) clearSave(save.record.game);
  else saveMatch(save);
  return result;
}

// ---- finished records, for the deal review ------------------------------------------------
// Optional by design: written only when it fits, never at a save's or the history's expense
// (no banner, no set-aside: a record that cannot be kept just has no review from the history).

function keptRecords() {
  const parsed = parsedOrUndefined(read(RECORDS_KEY));
  if (!isPlainObject(parsed) || !Array.isArray(parsed.records)) return [];
  return parsed.records.filter((kept) => isPlainObject(kept) && isShortText(kept.id) && isRecord(kept.record));
}

// Keeps `record` (a finished match, history entry `id`) with the newest few; the oldest go
// first when there is no room.
export function keepFinishedRecord(id, record) {
  let records = [...keptRecords().filter((kept) => kept.id !== id), { id, record }].slice(-MAX_KEPT_RECORDS);
  while (records.length) {
    const text = JSON.stringify({ schema: SCHEMA, records });
    if (text.length <= MAX_KEPT_CHARS) {
      try {
        storage()?.setItem(RECORDS_KEY, text);
        return true;
      } catch {
        // Full: drop the oldest and try again (never anything else).
      }
    }
    records = records.slice(1);
  }
  remove(RECORDS_KEY);
  return false;
}

// The kept record of a finished match (its history entry's id), or null.
export function keptRecord(id) {
  return keptRecords().find((kept) => kept.id === id)?.record ?? null;
}

// ---- preferences ----------------------------------------------------------------------

const PREFS_REASON = () => t("Your settings could not be read.");

function prefsTextIsClean(raw) {
  return isCleanPrefs(parsedOrUndefined(raw));
}

// The stored settings with their types checked; a wrong one is set aside with the rest.
export function readPrefs() {
  const raw = read(PREFS_KEY);
  if (raw === null) return {};
  const prefs = parsedOrUndefined(raw);
  if (isCleanPrefs(prefs)) return prefs;
  const usable = isPlainObject(prefs)
    ? Object.fromEntries(Object.entries(prefs).filter(([name, value]) => !PREF_CHECKS[name] || PREF_CHECKS[name](value)))
    : {};
  if (setAside(PREFS_KEY, PREFS_REASON(), raw)) write(PREFS_KEY, JSON.stringify(usable), t("your settings"));
  return usable;
}

export function writePrefs(prefs) {
  return writeOver(PREFS_KEY, JSON.stringify({ ...readPrefs(), ...prefs }), t("your settings"), prefsTextIsClean,
    PREFS_REASON());
}

// ---- export / import ------------------------------------------------------------------

// A pass-and-play match in progress is left out: its record holds every hand (`withheld`
// names its game, so the page can say so); it is in the export once it is over.
export function exportAll() {
  const saves = listSaves();
  const shared = (save) => Array.isArray(save.people) && save.people.filter((name) => typeof name === "string").length > 1;
  return {
    app: "cardtable", schema: SCHEMA, exportedAt: new Date().toISOString(),
    history: readHistory(), saves: saves.filter((save) => !shared(save)), setAside: listSetAside(), prefs: readPrefs(),
    withheld: saves.filter(shared).map((save) => save.game),
  };
}

// Merges an export into this device: history entries by id (no duplicates), saves only
// into empty slots, set-aside entries as new set-aside keys. Throws on a file that is not
// an export, and then changes nothing.
export function importAll(text) {
  const data = parsedOrUndefined(text);
  if (data === undefined) throw new Error(t("The file is not valid JSON."));
  if (!isPlainObject(data) || data.app !== "cardtable" || !Number.isInteger(data.schema)) {
    throw new Error(t("The file is not a Card Table export."));
  }
  if (data.schema > SCHEMA) throw new Error(t("The file comes from a newer version of the app."));
  if (!Array.isArray(data.history ?? []) || !Array.isArray(data.saves ?? []) || !Array.isArray(data.setAside ?? [])) {
    throw new Error(t("The file's history, saves or set-aside lists are damaged."));
  }
  // Everything is checked before anything is written.
  const incoming = data.history ?? [];
  if (!incoming.every(isHistoryEntry)) throw new Error(t("Some history entries in the file are damaged."));
  const saves = (data.saves ?? []).map((save) => {
    try {
      return upgradeSave(save);
    } catch (error) {
      throw new Error(t("A saved game in the file is damaged ({reason}).", { reason: error.message }));
    }
  });
  if (!(data.setAside ?? []).every(isSetAsideEntry)) {
    throw new Error(t("The file's history, saves or set-aside lists are damaged."));
  }

  const history = readHistory();
  const known = new Set(history.map((entry) => entry.id));
  const added = incoming.filter((entry) => !known.has(entry.id) && known.add(entry.id));
  const local = new Set(listSaves().map((save) => save.game));
  const newSaves = saves.filter((save) => !local.has(save.game) && local.add(save.game));
  const rawKept = new Set(listSetAside().map((entry) => entry.raw));
  const newSetAside = (data.setAside ?? []).filter((entry) => !rawKept.has(entry.raw) && rawKept.add(entry.raw));
  const result = {
    history: added.length, saves: newSaves.length, skippedSaves: saves.length - newSaves.length,
    setAside: newSetAside.length, ok: true,
  };

  // All or nothing: on a failed write, every key written so far gets its old text back.
  const written = [];
  const undo = () => {
    for (const [key, old] of written.reverse()) {
      if (old === null) remove(key);
      else write(key, old, t("the match history"));
    }
    return { ...result, ok: false };
  };
  const step = (key, attempt) => {
    const old = read(key);
    if (!attempt().ok) return false;
    written.push([key, old]);
    return true;
  };
  if (added.length && !step(HISTORY_KEY, () => writeHistory([...history, ...added]))) return undo();
  for (const save of newSaves) {
    if (!step(SAVE_PREFIX + save.game, () => writeSave(save, t("an imported save")))) return undo();
  }
  for (const [index, entry] of newSetAside.entries()) {
    const name = `${SET_ASIDE_PREFIX}${Date.now()}-import-${index + 1}`;
    const kept = { schema: SCHEMA, setAsideAt: entry.setAsideAt ?? Date.now(), from: entry.from ?? null,
      reason: entry.reason ?? t("Imported"), raw: entry.raw };
    if (!step(name, () => write(name, JSON.stringify(kept), t("an imported set-aside save")))) return undo();
  }
  return result;
}

// ---- keeping the storage -------------------------------------------------------------
// Browsers may delete a site's storage (Safari after seven days without a visit, unless the
// site is on the home screen; Chrome under storage pressure) unless it is persistent.

// Asks the browser once (after the first finished match, and on install: `again`) to keep the
// site's storage; true if it is kept, false if not, null where the browser cannot say.
export async function askToKeepStorage({ again = false } = {}) {
  if (typeof navigator.storage?.persist !== "function") return null;
  if (!again && readPrefs().persistAsked) return storageKept();
  writePrefs({ persistAsked: true });
  try {
    return Boolean(await navigator.storage.persist());
  } catch {
    return null;
  }
}

export async function storageKept() {
  try {
    return typeof navigator.storage?.persisted === "function" ? Boolean(await navigator.storage.persisted()) : null;
  } catch {
    return null;
  }
}

// Offers `data` as a JSON file download.
export function downloadJSON(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
