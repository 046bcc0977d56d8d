// The settings dialog: sound effects on or off, the four-colour deck (spades black, hearts red, diamonds blue, clubs
// green), remembered in the stored preferences and applied as a class on <html>.
// Motion follows the system's "reduce motion" setting (CSS prefers-reduced-motion).

import { el, replaceChildren } from "./dom.js";
import { cardView, CORNERS, setCardCorners } from "./cards.js";
import { holdFocus } from "./keyboard.js";
import { readPrefs, storageKept, writePrefs } from "./storage.js";
import { LANGUAGES, t } from "./i18n.js";

// What a bug report needs: the app's version and the build (build.json), told by the worker.
let buildInfo = null;
export function setBuildInfo({ version, buildId }) {
  buildInfo = version ? { version, buildId } : null;
}

export function applyDeckColours(fourColour = Boolean(readPrefs().fourColour)) {
  document.documentElement.classList.toggle("four-colour", fourColour);
  return fourColour;
}

// The letters on the court cards and the ace: the language's (the default), or a chosen country's.
export function applyCardCorners(choice = readPrefs().cardCorners) {
  setCardCorners(choice ?? "auto");
}

// Told when the card letters change, so the screen on show is drawn again (app.js).
let onCornersChange = null;
export function setCornersListener(listener) {
  onCornersChange = listener;
}

function cornerChoices() {
  const letters = (code) => Object.values(CORNERS[code]).join(" ");
  return [{ value: "auto", label: t("As the language of the app") },
    ...LANGUAGES.map(({ code, name }) => ({ value: code, label: `${name}: ${letters(code)}`, lang: code }))];
}

// Whether the browser keeps the saved games and the history for good (persistent storage,
// asked for after the first finished match); where it does not, the reminder to export.
function storageState() {
  const line = el("p", { class: "hint", "data-testid": "storage-state", role: "status" });
  storageKept().then((kept) => {
    line.dataset.persisted = String(kept === true);
    line.textContent = kept
      ? t("This browser keeps your saved games and history until you delete them.")
      : t("This browser may delete your saved games and history when space runs low or after some weeks without a visit. Export them now and then: History & statistics → Export all data.");
  });
  return line;
}

// host: the element the dialog's overlay goes into; onClose: called after it closed.
export function openSettings(host, { onClose = null } = {}) {
  const overlay = el("div", { class: "overlay" });
  let release = null;
  function close() {
    overlay.remove();
    release?.();
    onClose?.();
  }
  const fourColour = el("input", {
    type: "checkbox", id: "setting-four-colour", "data-testid": "setting-four-colour",
    checked: Boolean(readPrefs().fourColour),
    onchange: (event) => {
      writePrefs({ fourColour: event.target.checked });
      applyDeckColours(event.target.checked);
    },
  });
  // Pass-and-play results count in the statistics as seat 0's (the device owner's), unless off.
  const passAndPlayStats = el("input", {
    type: "checkbox", id: "setting-pnp-stats", "data-testid": "setting-pnp-stats",
    checked: readPrefs().passAndPlayStats !== false,
    onchange: (event) => writePrefs({ passAndPlayStats: event.target.checked }),
  });
  const sound = el("input", {
    type: "checkbox", id: "setting-sound", "data-testid": "setting-sound",
    checked: readPrefs().sound !== false, // as sound.js reads it; that module loads with the table
    onchange: (event) => {
      writePrefs({ sound: event.target.checked });
      if (event.target.checked) import("./sound.js").then((sound) => sound.playSound("card"));
    },
  });
  // The play checker (off by default): before a move the computer rates clearly worse, it says so.
  const checker = el("input", {
    type: "checkbox", id: "setting-play-checker", "data-testid": "setting-play-checker",
    checked: readPrefs().playChecker === true,
    onchange: (event) => writePrefs({ playChecker: event.target.checked }),
  });
  const preview = el("div", { class: "deck-preview", "aria-hidden": "true" });
  const drawPreview = () => replaceChildren(preview, ["JH", "QS", "KD", "AC"].map((code) => cardView(code)));
  const corners = el("select", {
    id: "setting-card-corners", "data-testid": "setting-card-corners",
    onchange: (event) => {
      writePrefs({ cardCorners: event.target.value });
      applyCardCorners(event.target.value);
      drawPreview();
      onCornersChange?.();
    },
  }, cornerChoices().map(({ value, label, lang }) => el("option", {
    value, lang, selected: value === (readPrefs().cardCorners ?? "auto"),
  }, label)));
  drawPreview();
  const dialog = el("div", {
    class: "dialog settings-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "settings-title",
    "data-testid": "settings",
  },
  el("h2", { id: "settings-title" }, t("Settings")),
  el("div", { class: "setting" },
    el("label", { class: "setting-check", for: "setting-four-colour" }, fourColour, t("Four-colour deck")),
    el("p", { class: "hint", id: "four-colour-hint" },
      t("Diamonds blue and clubs green, so no two suits share a colour. Suits always differ by their symbol too.")),
    el("div", { class: "deck-preview", "aria-hidden": "true" }, ["AS", "AH", "AD", "AC"].map((code) => cardView(code)))),
  el("div", { class: "setting" },
    el("label", { class: "setting-label", for: "setting-card-corners" }, t("Letters on the cards")), " ", corners,
    el("p", { class: "hint" }, t("The jack, queen, king and ace carry the letters of your language's decks, or of the country you choose.")),
    preview),
  el("div", { class: "setting" },
    el("label", { class: "setting-check", for: "setting-play-checker" }, checker, t("Check my moves")),
    el("p", { class: "hint", id: "play-checker-hint" },
      t("Before a move the computer rates clearly worse than its own, it says what it would cost, and you may take it back."))),
  el("div", { class: "setting" },
    el("label", { class: "setting-check", for: "setting-sound" }, sound, t("Sound effects")),
    el("p", { class: "hint", id: "sound-hint" }, t("Soft sounds when a card is played, a trick is won, your turn comes and you win. Off: silence."))),
  el("div", { class: "setting" },
    el("label", { class: "setting-check", for: "setting-pnp-stats" }, passAndPlayStats,
      t("Count pass-and-play games in the statistics (as seat 1's result)"))),
  el("p", { class: "hint" }, t("Animations follow your system's \"reduce motion\" setting.")),
  storageState(),
  buildInfo && el("p", { class: "hint about", "data-testid": "about" },
    // i18n: the About line of the settings; {version} like 0.1.0, {build} 16 hex digits
    t("About: Card Table {version}, build {build}", { version: buildInfo.version, build: buildInfo.buildId ?? "?" })),
  el("div", { class: "dialog-buttons" },
    el("button", { type: "button", class: "primary", "data-testid": "close-settings", onclick: close }, t("Close"))));
  fourColour.setAttribute("aria-describedby", "four-colour-hint");
  sound.setAttribute("aria-describedby", "sound-hint");
  checker.setAttribute("aria-describedby", "play-checker-hint");
  overlay.append(dialog);
  host.append(overlay);
  release = holdFocus(dialog, { onEscape: close });
  fourColour.focus();
  return { close };
}
