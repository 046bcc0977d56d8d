// The history screen: statistics per game, the finished matches (newest first), and
// export / import of everything the app stores.

import { el, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";
import { statistics } from "./history.js";
import { downloadJSON, exportAll, importAll, readHistory } from "./storage.js";

function percent(rate) {
  return `${Math.round(rate * 100)}%`;
}

function statsTable(entries, titles) {
  const rows = statistics(entries);
  if (!rows.length) return el("p", { class: "hint", "data-testid": "no-history" }, "No finished games yet.");
  return el("div", { class: "sheet-scroll", tabindex: "0", role: "region", "aria-label": t("Statistics") },
    el("table", { class: "sheet stats-table", "data-testid": "stats-table" },
      el("thead", {}, el("tr", {},
        ["Game", "Played", "Won", "Win rate", "Best score", "Undos", "Hints", "Other"].map((label) => el("th", { scope: "col" }, label)))),
      el("tbody", {}, rows.map((stats) => el("tr", { "data-testid": "stats-row", "data-game": stats.game },
        el("th", { scope: "row" }, titles.get(stats.game) ?? stats.title),
        el("td", { "data-testid": "stats-played" }, String(stats.played)),
        el("td", { "data-testid": "stats-won" }, String(stats.won)),
        el("td", { "data-testid": "stats-rate" }, percent(stats.winRate)),
        el("td", { "data-testid": "stats-best" }, stats.best === null ? "—" : String(stats.best)),
        el("td", { "data-testid": "stats-undos" }, String(stats.undos)),
        el("td", {}, String(stats.hints)),
        el("td", { "data-testid": "stats-other" },
          stats.game === "kozel" ? `Goat ${stats.goats} (with eggs ${stats.goatsWithEggs})`
            : stats.game === "zevaka" ? `Misses ${stats.misses}` : ""))))));
}

function historyList(entries, titles) {
  const newest = [...entries].sort((a, b) => String(b.date).localeCompare(String(a.date)));
  return el("ol", { class: "history-list", "data-testid": "history-list" }, newest.map((entry) =>
    el("li", { class: "history-entry", "data-testid": "history-entry", "data-id": entry.id },
      el("span", { class: "history-game" }, titles.get(entry.game) ?? entry.title ?? entry.game),
      el("span", { class: "history-date" }, new Date(entry.date).toLocaleString()),
      el("span", { class: "history-detail" },
        `${entry.players} players · scores ${entry.scores.map((s) => (typeof s === "object" ? JSON.stringify(s) : s)).join(" / ")}`
        + ` · ${entry.won ? "you won" : "you lost"}${entry.goat?.yours ? (entry.goat.eggs ? " · goat with eggs" : " · goat") : ""}`
        + ` · match #${entry.seed}`))));
}

export function historyScreen({ games, onBack }) {
  const titles = new Map(games.map((game) => [game.id, game.title]));
  const message = el("p", { class: "notice", role: "status", "data-testid": "history-message", hidden: true });
  const body = el("div", { class: "history-body" });
  const fileInput = el("input", {
    type: "file", accept: "application/json,.json", class: "sr-only", "data-testid": "import-file",
    hidden: true, "aria-label": t("File to import"),
    onchange: async () => {
      const file = fileInput.files?.[0];
      if (!file) return;
      let text;
      try {
        text = await file.text();
        const result = importAll(text);
        say(result.ok
          ? `Imported ${result.history} finished game(s)${result.saves ? `, ${result.saves} game(s) in progress` : ""}`
            + `${result.skippedSaves ? ` (${result.skippedSaves} in progress kept as they are here)` : ""}.`
          : "Storage is full: the import could not be saved.", !result.ok);
      } catch (error) {
        say(`Import refused: ${error.message}`, true);
      }
      fileInput.value = "";
      refresh();
    },
  });

  function say(text, isError = false) {
    message.textContent = text;
    message.hidden = false;
    message.classList.toggle("error", isError);
  }

  function refresh() {
    const entries = readHistory();
    replaceChildren(body,
      el("h2", {}, "Statistics"), statsTable(entries, titles),
      entries.length ? [el("h2", {}, "Finished games"), historyList(entries, titles)] : null);
  }

  const screen = el("section", { class: "screen history-screen", "data-testid": "history-screen" },
    el("header", { class: "start-header" },
      el("button", { type: "button", class: "bar-button", "data-testid": "history-back", onclick: onBack }, "‹ Games"),
      el("h1", {}, "History")),
    message,
    body,
    el("div", { class: "history-actions" },
      el("button", {
        type: "button", "data-testid": "export-data",
        onclick: () => downloadJSON(`cardtable-${new Date().toISOString().slice(0, 10)}.json`, exportAll()),
      }, "Export all data"),
      el("button", { type: "button", "data-testid": "import-data", onclick: () => fileInput.click() }, "Import…"),
      fileInput));
  refresh();
  return screen;
}
