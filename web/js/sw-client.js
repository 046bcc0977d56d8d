// Registers the service worker (sw.js) and asks before a new version takes over.
// Resolves true once the site is cached for offline use, false where that is impossible.

import { el } from "./dom.js";
import { t } from "./i18n.js";

// waiting: the new version's worker, or null when another tab already let it take over
// (then this tab's button just reloads it).
function updatePrompt(waiting) {
  document.querySelector("[data-testid=update-prompt]")?.remove();
  const prompt = el("div", { class: "update-prompt", role: "status", "data-testid": "update-prompt" },
    el("p", {}, t("A new version of the card table is ready. Your game is saved.")),
    el("button", {
      type: "button", class: "primary", "data-testid": "update-reload",
      onclick: () => {
        window.cardtableUpdateAccepted = true;
        if (waiting) waiting.postMessage({ type: "skip-waiting" });
        else window.location.reload();
      },
    }, t("Reload now")),
    el("button", { type: "button", "data-testid": "update-later", onclick: () => prompt.remove() }, t("Later")));
  document.body.append(prompt);
}

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return false;
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" });
    // Only the player's click on the prompt activates a new version; then that tab reloads.
    // Other tabs (maybe mid-game) keep their page and show the prompt, to reload when ready.
    let controlled = hadController; // the first visit's worker taking control is no update
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (window.cardtableUpdateAccepted) window.location.reload();
      else if (controlled) updatePrompt(null);
      controlled = true;
    });
    const offer = (worker) => {
      if (worker && navigator.serviceWorker.controller) updatePrompt(worker);
    };
    offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed") offer(installing);
      });
    });
    await navigator.serviceWorker.ready;
    return true;
  } catch (error) {
    console.warn("offline mode unavailable:", error);
    return false;
  }
}
