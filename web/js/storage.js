// The match in progress, saved after every action. Storage may be missing or full
// (private windows), and a save may be corrupt: none of that may break the start screen.

const CURRENT_KEY = "cardtable.v1.current";
const SET_ASIDE_KEY = "cardtable.v1.set-aside";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveRecord(record) {
  try {
    storage()?.setItem(CURRENT_KEY, JSON.stringify({ savedAt: Date.now(), record }));
    return true;
  } catch {
    return false;
  }
}

export function clearSave() {
  try {
    storage()?.removeItem(CURRENT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

// The saved record if it looks like one, else null; a malformed save is set aside.
export function loadSave() {
  let raw;
  try {
    raw = storage()?.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const save = JSON.parse(raw);
    const record = save?.record;
    if (record && typeof record.game === "string" && Array.isArray(record.actions)) {
      return { record, savedAt: Number(save.savedAt) || null };
    }
  } catch {
    // Falls through to setting it aside.
  }
  setSaveAside(raw);
  return null;
}

// Keeps a save that cannot be resumed under another key (for a bug report), never lost.
export function setSaveAside(raw = null) {
  try {
    const store = storage();
    if (!store) return;
    const text = raw ?? store.getItem(CURRENT_KEY);
    if (text) store.setItem(SET_ASIDE_KEY, text);
    store.removeItem(CURRENT_KEY);
  } catch {
    // Storage full or unavailable: the start screen still works.
  }
}
