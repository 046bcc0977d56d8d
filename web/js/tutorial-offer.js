// "Learn by playing", the ways in: the invitation on a game's setup panel the first time the
// game is opened, and the setup panel's Learn button (the lesson itself: tutorial.js, loaded
// when first needed). Kept small: the start screen loads it.

import { el } from "./dom.js";
import { readPrefs, writePrefs } from "./storage.js";
import { t } from "./i18n.js";

// Whether to offer the lesson of `game` (the first time the game is opened).
export function tutorialOffered(game) {
  const seen = readPrefs().tutorialsOffered;
  return Array.isArray(seen) && seen.includes(game);
}

export function markTutorialOffered(game) {
  const seen = readPrefs().tutorialsOffered;
  const list = Array.isArray(seen) ? seen.filter((id) => typeof id === "string") : [];
  if (!list.includes(game)) writePrefs({ tutorialsOffered: [...list, game] });
}

// The setup panel's invitation: "New to Kozel? Learn it in a few minutes", Learn / No thanks.
// Learn submits the setup form marked `data-learn`: the lesson takes the panel's choices for the
// real match that follows it. Not a submit button: Enter in the form still means Start.
export function tutorialOffer(game, { onDismiss }) {
  if (tutorialOffered(game.id)) return null;
  const box = el("div", { class: "tutorial-offer", "data-testid": "tutorial-offer", role: "group", "aria-label": t("Learn by playing") },
    el("p", {}, t("New to {game}? Learn it in a few minutes.", { game: game.title })),
    el("div", { class: "tutorial-offer-buttons" },
      el("button", { type: "button", class: "primary", "data-testid": "tutorial-offer-learn", onclick: learnFromPanel }, t("Learn")),
      el("button", {
        type: "button", "data-testid": "tutorial-offer-dismiss",
        onclick: () => { markTutorialOffered(game.id); box.remove(); onDismiss?.(); },
      }, t("No thanks"))));
  return box;
}

// The setup panel's and the rules screen's way in.
export function learnButton(game) {
  return el("button", {
    type: "button", class: "bar-button learn-button", "data-testid": "open-tutorial", "data-game": game, onclick: learnFromPanel,
  }, t("Learn by playing"));
}

function learnFromPanel(event) {
  const { form } = event.currentTarget;
  form.dataset.learn = "true";
  form.requestSubmit();
}
