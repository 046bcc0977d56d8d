// Pass-and-play's privacy screen: between two people's turns it hides the last hand and shows
// nothing secret, only whose turn is next. The whole screen is one big button (a tap anywhere),
// and the heading takes the focus, so a screen reader says who should hold the phone.

import { el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { listNames } from "./score-sheet.js";

// "Since your last turn the others made 6 moves. Tricks taken: West, North. 1 deal ended."
// From the bridge's `turn` op (`since`): who moved, who took each trick, deals ended, misses.
function newsLine(news, names) {
  const moves = news.moves.reduce((sum, n) => sum + n, 0);
  const parts = [news.first
    ? tn("Before your first turn the others made {n} move.", "Before your first turn the others made {n} moves.", moves)
    : tn("Since your last turn the others made {n} move.", "Since your last turn the others made {n} moves.", moves)];
  if (news.tricks.length) parts.push(t("Tricks taken: {names}.", { names: listNames(news.tricks.map((seat) => names[seat])) }));
  if (news.deals) parts.push(tn("{n} deal ended.", "{n} deals ended.", news.deals));
  if (news.missed.length) parts.push(t("«Прозевал!»: {names}.", { names: listNames(news.missed.map((seat) => names[seat])) }));
  return parts.join(" ");
}

export function privacyScreen({ name, title, news = null, names = [], onReady, onLeave }) {
  return el("section", {
    class: "screen privacy-screen", "data-testid": "privacy-screen", "aria-labelledby": "privacy-title",
  },
  el("button", {
    type: "button", class: "bar-button privacy-leave", "data-testid": "leave", "aria-label": t("Games"), onclick: onLeave,
  }, el("span", { "aria-hidden": "true" }, "‹ "), el("span", { class: "bar-text" }, t("Games"))),
  el("p", { class: "privacy-game" }, title),
  el("h1", { id: "privacy-title", "data-testid": "privacy-title" }, t("Pass the phone to {name}", { name })),
  el("p", { class: "privacy-note" }, t("Everyone else, please look away. The cards stay hidden until {name} taps.", { name })),
  news && Array.isArray(news.moves) && el("p", { class: "privacy-news", "data-testid": "privacy-news" }, newsLine(news, names)),
  el("button", {
    type: "button", class: "primary privacy-ready", "data-testid": "privacy-ready", onclick: onReady,
  }, t("I am {name}: show my cards", { name })));
}
