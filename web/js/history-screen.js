// The history screen: statistics per game, the finished matches (newest first), and
// export / import of everything the app stores.

import { el, replaceChildren } from "./dom.js";
import { statistics } from "./history.js";
import { downloadJSON, exportAll, importAll, keptRecord, readHistory } from "./storage.js";
import { currentLanguage, t, tn } from "./i18n.js";

function percent(rate) {
  return `${Math.round(rate * 100)}%`;
}

function statsTable(entries, titles, games) {
  const rows = statistics(entries, games);
  if (!rows.length) return el("p", { class: "hint", "data-testid": "no-history" }, t("No finished games yet."));
  const headings = [t("Game"), t("Played"), t("Won"), t("Win rate"), t("Best score"), t("Undos"), t("Hints"), t("Other")];
  // On a phone the table is wider than the screen: a line says it scrolls sideways (CSS shows it there).
  return [el("p", { class: "hint scroll-hint", "data-testid": "stats-scroll-hint", "aria-hidden": "true" },
    t("Swipe the table sideways to see every column →")),
  el("div", { class: "sheet-scroll stats-scroll", tabindex: "0", role: "region", "aria-label": t("Statistics") },
    el("table", { class: "sheet stats-table", "data-testid": "stats-table" },
      el("thead", {}, el("tr", {}, headings.map((label) => el("th", { scope: "col" }, label)))),
      el("tbody", {}, rows.map((stats) => el("tr", { "data-testid": "stats-row", "data-game": stats.game },
        el("th", { scope: "row" }, titles.get(stats.game) ?? stats.title),
        el("td", { "data-testid": "stats-played" }, String(stats.played)),
        el("td", { "data-testid": "stats-won" }, String(stats.won)),
        el("td", { "data-testid": "stats-rate" }, percent(stats.winRate)),
        el("td", { "data-testid": "stats-best" }, stats.best === null ? "—" : String(stats.best)),
        el("td", { "data-testid": "stats-undos" }, String(stats.undos)),
        el("td", {}, String(stats.hints)),
        el("td", { "data-testid": "stats-other" },
          stats.goats !== null ? t("Goat {goats} (with eggs {eggs})", { goats: stats.goats, eggs: stats.goatsWithEggs })
            : stats.misses !== null ? t("Misses {n}", { n: stats.misses }) : ""))))))];
}

function entryDetail(entry) {
  const parts = [
    tn("{n} player", "{n} players", entry.players),
    t("scores {scores}", { scores: entry.scores.map((s) => (typeof s === "object" ? JSON.stringify(s) : s)).join(" / ") }),
    entry.won ? t("you won") : t("you lost"),
  ];
  if (entry.goat?.yours) parts.push(entry.goat.eggs ? t("goat with eggs") : t("goat"));
  // Pass-and-play: who played on this device; "you" above is seat 0.
  const people = (entry.people ?? []).filter((name) => typeof name === "string");
  if (people.length > 1) parts.push(t("pass and play: {names}", { names: people.join(", ") }));
  if (entry.counted === false) parts.push(t("not in the statistics"));
  parts.push(t("match #{seed}", { seed: entry.seed }));
  return parts.join(" · ");
}

function historyList(entries, titles, onReview) {
  const newest = [...entries].sort((a, b) => String(b.date).localeCompare(String(a.date)));
  return el("ol", { class: "history-list", "data-testid": "history-list" }, newest.map((entry) => {
    // Entries are checked when read (storage.js); one that still fails to render is skipped, not the screen.
    try {
      return el("li", { class: "history-entry", "data-testid": "history-entry", "data-id": entry.id },
        el("span", { class: "history-game" }, titles.get(entry.game) ?? entry.title ?? entry.game),
        el("span", { class: "history-date" }, new Date(entry.date).toLocaleString(currentLanguage())),
        el("span", { class: "history-detail" }, entryDetail(entry)),
        // The last few finished matches keep their record: their deals can be reviewed.
        onReview && keptRecord(entry.id) && el("button", {
          type: "button", class: "bar-button history-review", "data-testid": "history-review",
          onclick: () => onReview(entry, keptRecord(entry.id)),
        }, t("Review the deals")));
    } catch (error) {
      console.error("a history entry could not be shown:", error);
      return null;
    }
  }));
}

function importedText(result) {
  const parts = [tn("Imported {n} finished game", "Imported {n} finished games", result.history)];
  if (result.saves) parts.push(tn("{n} game in progress", "{n} games in progress", result.saves));
  const kept = result.skippedSaves
    ? ` ${tn("({n} in progress kept as it is here)", "({n} in progress kept as they are here)", result.skippedSaves)}` : "";
  return `${parts.join(", ")}${kept}.`;
}

export function historyScreen({ games, onBack, onReview = null }) {
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
        say(result.ok ? importedText(result) : t("Storage is full: nothing was imported. Free some space, then import again."), !result.ok);
      } catch (error) {
        say(t("Import refused: {reason}", { reason: error.message }), true);
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

  // A pass-and-play match in progress stays out of the file (its record shows every hand): said.
  function exportData() {
    const { withheld, ...data } = exportAll();
    downloadJSON(`cardtable-${new Date().toISOString().slice(0, 10)}.json`, data);
    if (withheld.length) {
      say(tn("{n} pass-and-play match in progress was left out of the file: its record shows every hand. It is exported once it is over.",
        "{n} pass-and-play matches in progress were left out of the file: their records show every hand. They are exported once they are over.",
        withheld.length));
    }
  }

  function refresh() {
    const entries = readHistory();
    replaceChildren(body,
      el("h2", {}, t("Statistics")), statsTable(entries, titles, games),
      entries.length ? [el("h2", {}, t("Finished games")), historyList(entries, titles, onReview && ((entry, record) => onReview(entry, record, screen)))] : null);
  }

  const screen = el("section", { class: "screen history-screen", "data-testid": "history-screen" },
    el("header", { class: "start-header" },
      el("button", { type: "button", class: "bar-button", "data-testid": "history-back", onclick: onBack }, t("‹ Games")),
      el("h1", {}, t("History"))),
    message,
    body,
    el("div", { class: "history-actions" },
      el("button", { type: "button", "data-testid": "export-data", onclick: exportData }, t("Export all data")),
      el("button", { type: "button", "data-testid": "import-data", onclick: () => fileInput.click() }, t("Import…")),
      fileInput));
  refresh();
  return screen;
}
