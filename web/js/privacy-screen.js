// Pass-and-play's privacy screen: between two people's turns it hides the last hand and shows
// nothing secret, only whose turn is next. The whole screen is one big button (a tap anywhere),
// and the heading takes the focus, so a screen reader says who should hold the phone.

import { el } from "./dom.js";
import { t } from "./i18n.js";

export function privacyScreen({ name, title, onReady, onLeave }) {
  return el("section", {
    class: "screen privacy-screen", "data-testid": "privacy-screen", "aria-labelledby": "privacy-title",
  },
  el("button", {
    type: "button", class: "bar-button privacy-leave", "data-testid": "leave", "aria-label": t("Games"), onclick: onLeave,
  }, el("span", { "aria-hidden": "true" }, "‹ "), el("span", { class: "bar-text" }, t("Games"))),
  el("p", { class: "privacy-game" }, title),
  el("h1", { id: "privacy-title", "data-testid": "privacy-title" }, t("Pass the phone to {name}", { name })),
  el("p", { class: "privacy-note" }, t("Everyone else, please look away. The cards stay hidden until {name} taps.", { name })),
  el("button", {
    type: "button", class: "primary privacy-ready", "data-testid": "privacy-ready", onclick: onReady,
  }, t("I am {name}: show my cards", { name })));
}
