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
const PREFS_KEY = `${PREFIX}prefs`;
const SEEN_KEY = `${PREFIX}set-aside-seen`;
// Schema 1: the single-slot save of the first release, and where it set a save aside.
const V1_CURRENT_KEY = "cardtable.v1.current";
const V1_SET_ASIDE_KEY = "cardtable.v1.set-aside";

import { t } from "./i18n.js";

const problemListeners = new Set();

// fn({kind: "quota" | "unavailable", what}) on every failed write: the caller shows it.
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

// ---- saves ----------------------------------------------------------------------------

// Upgrades from each schema to the next; a save is carried up one step at a time.
export const SAVE_UPGRADES = {
  1: (save) => ({
    schema: 2, game: save.record?.game, savedAt: Number(save.savedAt) || null, undos: 0, hints: 0, record: save.record,
  }),
};

function looksLikeRecord(record) {
  return Boolean(record && typeof record === "object" && typeof record.game === "string"
    && Array.isArray(record.actions) && Array.isArray(record.chance ?? []));
}

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
  if (!looksLikeRecord(current.record)) throw new Error(t("it holds no match record"));
  return {
    schema: SCHEMA, game: current.record.game, savedAt: Number(current.savedAt) || null,
    undos: Number(current.undos) || 0, hints: Number(current.hints) || 0, record: current.record,
    // The opponents' level (absent in early schema-2 saves: the default level then).
    ...(typeof current.level === "string" ? { level: current.level } : {}),
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
  const entry = { schema: SCHEMA, setAsideAt: at, from: key, reason: String(reason), raw };
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

export function saveMatch({ record, undos = 0, hints = 0, level }) {
  const save = { schema: SCHEMA, game: record.game, savedAt: Date.now(), undos, hints, level, record };
  return write(SAVE_PREFIX + record.game, JSON.stringify(save), t("the game in progress"));
}

export function clearSave(game) {
  remove(SAVE_PREFIX + game);
}

// A save whose record the bridge refused: kept aside with the reason.
export function setSaveAside(game, reason) {
  return setAside(SAVE_PREFIX + game, reason);
}

// The game whose table was open, so a reload goes back to it.
export function setActive(game) {
  if (game) write(ACTIVE_KEY, game, t("the open table"));
  else remove(ACTIVE_KEY);
}

export function activeGame() {
  return read(ACTIVE_KEY);
}

// ---- set aside ------------------------------------------------------------------------

export function listSetAside() {
  const entries = [];
  for (const key of keys()) {
    if (key === V1_SET_ASIDE_KEY) {
      entries.push({ key, setAsideAt: null, from: V1_CURRENT_KEY, reason: t("Set aside by an earlier version."), raw: read(key) });
    } else if (key.startsWith(SET_ASIDE_PREFIX)) {
      const raw = read(key);
      try {
        const entry = JSON.parse(raw);
        if (typeof entry?.raw !== "string") throw new Error("no raw text");
        entries.push({ key, ...entry });
      } catch {
        entries.push({ key, setAsideAt: null, from: null, reason: t("Unreadable entry."), raw });
      }
    }
  }
  return entries.sort((a, b) => (a.setAsideAt ?? 0) - (b.setAsideAt ?? 0));
}

// Set-aside entries the player has not dismissed yet (dismissing keeps them).
export function unseenSetAside() {
  let seen = [];
  try {
    seen = JSON.parse(read(SEEN_KEY) ?? "[]");
  } catch {
    seen = [];
  }
  const known = new Set(Array.isArray(seen) ? seen : []);
  return listSetAside().filter((entry) => !known.has(entry.key));
}

export function markSetAsideSeen() {
  write(SEEN_KEY, JSON.stringify(listSetAside().map((entry) => entry.key)), t("a dismissed message"));
}

// ---- history --------------------------------------------------------------------------

function isHistoryEntry(entry) {
  return Boolean(entry && typeof entry === "object" && typeof entry.id === "string"
    && typeof entry.game === "string" && Array.isArray(entry.scores));
}

export function readHistory() {
  const raw = read(HISTORY_KEY);
  if (raw === null) return [];
  try {
    const parsed = JSON.parse(raw);
    if (!Array.isArray(parsed?.entries)) throw new Error("no entries");
    return parsed.entries.filter(isHistoryEntry);
  } catch {
    setAside(HISTORY_KEY, t("The match history could not be read."), raw);
    return [];
  }
}

function writeHistory(entries) {
  return write(HISTORY_KEY, JSON.stringify({ schema: SCHEMA, entries }), t("the match history"));
}

export function addHistory(entry) {
  const entries = readHistory();
  if (entries.some((old) => old.id === entry.id)) return { ok: true };
  return writeHistory([...entries, entry]);
}

// ---- preferences ----------------------------------------------------------------------

export function readPrefs() {
  try {
    const prefs = JSON.parse(read(PREFS_KEY) ?? "{}");
    return prefs && typeof prefs === "object" && !Array.isArray(prefs) ? prefs : {};
  } catch {
    return {};
  }
}

export function writePrefs(prefs) {
  return write(PREFS_KEY, JSON.stringify({ ...readPrefs(), ...prefs }), t("your settings"));
}

// ---- export / import ------------------------------------------------------------------

export function exportAll() {
  return {
    app: "cardtable", schema: SCHEMA, exportedAt: new Date().toISOString(),
    history: readHistory(), saves: listSaves(), setAside: listSetAside(), prefs: readPrefs(),
  };
}

// Merges an export into this device: history entries by id (no duplicates), saves only
// into empty slots, set-aside entries as new set-aside keys. Throws on a file that is not
// an export, and then changes nothing.
export function importAll(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(t("The file is not valid JSON."));
  }
  if (data?.app !== "cardtable" || !Number.isInteger(data.schema)) throw new Error(t("The file is not a Card Table export."));
  if (data.schema > SCHEMA) throw new Error(t("The file comes from a newer version of the app."));
  if (!Array.isArray(data.history ?? []) || !Array.isArray(data.saves ?? []) || !Array.isArray(data.setAside ?? [])) {
    throw new Error(t("The file's history, saves or set-aside lists are damaged."));
  }
  const incoming = (data.history ?? []).filter(isHistoryEntry);
  if (incoming.length !== (data.history ?? []).length) throw new Error(t("Some history entries in the file are damaged."));
  const saves = (data.saves ?? []).map((save) => {
    try {
      return upgradeSave(save);
    } catch (error) {
      throw new Error(t("A saved game in the file is damaged ({reason}).", { reason: error.message }));
    }
  });

  const history = readHistory();
  const known = new Set(history.map((entry) => entry.id));
  const added = incoming.filter((entry) => !known.has(entry.id) && known.add(entry.id));
  const result = { history: added.length, saves: 0, skippedSaves: 0, setAside: 0, ok: true };
  if (added.length && !writeHistory([...history, ...added]).ok) return { ...result, ok: false };
  const local = new Set(listSaves().map((save) => save.game));
  for (const save of saves) {
    if (local.has(save.game)) result.skippedSaves += 1;
    else if (write(SAVE_PREFIX + save.game, JSON.stringify(save), t("an imported save")).ok) result.saves += 1;
  }
  const rawKept = new Set(listSetAside().map((entry) => entry.raw));
  for (const entry of data.setAside ?? []) {
    if (typeof entry?.raw !== "string" || rawKept.has(entry.raw)) continue;
    const name = `${SET_ASIDE_PREFIX}${Date.now()}-import-${result.setAside + 1}`;
    const kept = { schema: SCHEMA, setAsideAt: Number(entry.setAsideAt) || Date.now(), from: entry.from ?? null,
      reason: String(entry.reason ?? t("Imported")), raw: entry.raw };
    if (write(name, JSON.stringify(kept), t("an imported set-aside save")).ok) result.setAside += 1;
  }
  return result;
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
