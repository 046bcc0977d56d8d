// Boot progress while Pyodide starts, and the error screen if it does not. Python is not
// running yet here: every text comes from the page's own catalog (i18n.js).

import { el, replaceChildren } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";

// What each boot stage of worker.js is doing.
function stageText(stage) {
  switch (stage) {
    case "manifest": return t("Reading the build manifest…");
    case "runtime": return t("Loading the Python runtime…");
    case "wheel": return t("Installing the games…");
    case "import": return t("Starting the games…");
    case "ready": return t("Ready");
    default: return stage;
  }
}

export function createLoadingScreen(screen) {
  const bar = screen.querySelector("[data-testid=loading-bar]");
  const fill = screen.querySelector(".progress-fill");
  const text = screen.querySelector("[data-testid=loading-text]");
  const heading = screen.querySelector("h1");
  const stepList = screen.querySelector("[data-testid=loading-steps]");
  // What the app is, and that this wait comes once: made here, so the page's HTML stays as it is.
  const about = el("p", { class: "loading-about", "data-testid": "loading-about" });
  const size = el("p", { class: "loading-size", "data-testid": "loading-size" });
  const offline = el("p", { class: "loading-offline", "data-testid": "loading-offline" });
  heading.after(about);
  bar.after(size);
  stepList.after(offline);
  const stages = [];
  let current = null;
  let bytes = null; // {done, total} of the download, once the worker knows the total

  function megabytes(count) {
    return new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      .format(count / 1_000_000);
  }

  function render() {
    heading.textContent = t("Card Table");
    about.textContent = t("Five card games to play against the computer, right in your browser.");
    offline.textContent = t("This download happens only once: after it, the card table works offline too.");
    size.textContent = bytes ? t("{done} of {total} MB", { done: megabytes(bytes.done), total: megabytes(bytes.total) }) : "";
    bar.setAttribute("aria-label", t("Loading"));
    text.textContent = current ? stageText(current) : t("Starting the card table…");
    replaceChildren(stepList, stages.map((stage) =>
      el("li", { class: stage === current ? "step current" : "step done" }, stageText(stage).replace(/…$/, ""))));
  }

  return {
    // The texts again, in the language now chosen (its catalog may arrive after the first step).
    render,
    progress({ stage = "", done = 0, total = 0 } = {}) {
      if (stage) {
        if (!stages.includes(stage)) stages.push(stage);
        current = stage;
        render();
      }
      if (total > 0) {
        bytes = { done, total };
        size.textContent = t("{done} of {total} MB", { done: megabytes(done), total: megabytes(total) });
        const percent = Math.max(0, Math.min(100, Math.round((100 * done) / total)));
        fill.style.width = `${percent}%`;
        bar.setAttribute("aria-valuenow", String(percent));
        bar.classList.remove("indeterminate");
      }
    },
  };
}

export function errorScreen(message) {
  return el("section", { class: "screen error-screen", "data-testid": "error-screen", role: "alert" },
    el("h1", {}, t("The card table could not start")),
    el("p", { class: "error-text", "data-testid": "boot-error" }, message),
    el("p", { class: "hint" }, t("Reloading often helps. If it keeps failing, your browser may block Web Workers or WebAssembly.")),
    el("button", { type: "button", class: "primary", onclick: () => window.location.reload() }, t("Reload")),
  );
}
