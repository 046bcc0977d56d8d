// Boot progress while Pyodide starts, and the error screen if it does not.

import { el, replaceChildren } from "./dom.js";

export function createLoadingScreen(screen) {
  const bar = screen.querySelector("[data-testid=loading-bar]");
  const fill = screen.querySelector(".progress-fill");
  const text = screen.querySelector("[data-testid=loading-text]");
  const stepList = screen.querySelector("[data-testid=loading-steps]");
  const steps = new Map();

  function renderSteps(currentStage) {
    replaceChildren(stepList, [...steps].map(([stage, label]) =>
      el("li", { class: stage === currentStage ? "step current" : "step done" }, label)));
  }

  return {
    progress({ stage = "", done = 0, total = 0, text: label = "" } = {}) {
      if (label) text.textContent = label;
      if (stage) {
        steps.set(stage, (label || stage).replace(/…$/, ""));
        renderSteps(stage);
      }
      if (total > 0) {
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
    el("h1", {}, "The card table could not start"),
    el("p", { class: "error-text", "data-testid": "boot-error" }, message),
    el("p", { class: "hint" }, "Reloading often helps. If it keeps failing, your browser may block Web Workers or WebAssembly."),
    el("button", { type: "button", class: "primary", onclick: () => window.location.reload() }, "Reload"),
  );
}
