// A small dismissible banner for bridge errors: the game stays on screen.

import { el, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

export function createBanner(node) {
  function hide() {
    node.hidden = true;
    node.replaceChildren();
  }

  // action: {label, onClick, testid}, a button other than "Try again".
  function show(message, { retry = null, action = null } = {}) {
    replaceChildren(node,
      el("p", { class: "banner-text", "data-testid": "error-message" }, message),
      retry && el("button", {
        type: "button", class: "banner-button",
        onclick: () => { hide(); retry(); },
      }, t("Try again")),
      action && el("button", {
        type: "button", class: "banner-button", "data-testid": action.testid ?? "banner-action",
        onclick: () => { hide(); action.onClick(); },
      }, action.label),
      el("button", {
        type: "button", class: "banner-button banner-close", "aria-label": t("Dismiss"),
        onclick: hide,
      }, "×"),
    );
    node.hidden = false;
  }

  hide();
  return { show, hide };
}
