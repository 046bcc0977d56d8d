// The rules of a game, in the page's language: web/rules/<lang>/<game>.html, a fragment of
// headings, paragraphs, lists and tables (tests/test_rules.py keeps them so; the service
// worker precaches them like every file of the build). The screen covers the one the player
// was on, which stays as it was underneath (a match goes on, nothing is re-created), and
// Close, Escape or the browser's Back gives it back, with the focus where it was.
// English stands in, with a note, for a language whose file cannot be loaded.

import { el, replaceChildren } from "./dom.js";
import { currentLanguage, onLanguageChange, t } from "./i18n.js";

const FALLBACK_LANGUAGE = "en";

// What a fragment may hold. Anything else is dropped (script, style: with its text) or
// unwrapped (other tags), and only these attributes are kept.
const TAGS = new Set([
  "h2", "h3", "h4", "p", "ul", "ol", "li", "dl", "dt", "dd", "table", "caption", "thead", "tbody",
  "tr", "th", "td", "strong", "em", "b", "i", "span", "br", "abbr", "kbd", "sup", "sub",
]);
const DROPPED = new Set(["script", "style", "template", "iframe", "object", "embed", "svg", "math"]);
const ATTRIBUTES = { th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"], abbr: ["title"] };
const ANY_ELEMENT_ATTRIBUTES = ["lang"];

let open = null; // the rules on show (one at a time)

export function rulesUrl(language, game) {
  return new URL(`../rules/${language}/${game}.html`, import.meta.url);
}

async function fetchRules(language, game) {
  const response = await fetch(rulesUrl(language, game));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

// Builds the fragment's nodes one by one from the allowed tags and attributes only.
export function importFragment(html) {
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html").body;
  const fragment = document.createDocumentFragment();
  (function copy(from, to) {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) {
        to.append(node.textContent);
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        const tag = node.localName;
        if (DROPPED.has(tag)) continue;
        if (!TAGS.has(tag)) {
          copy(node, to);
          continue;
        }
        const made = document.createElement(tag);
        for (const name of [...(ATTRIBUTES[tag] ?? []), ...ANY_ELEMENT_ATTRIBUTES]) {
          if (node.hasAttribute(name)) made.setAttribute(name, node.getAttribute(name));
        }
        copy(node, made);
        to.append(made);
      }
    }
  }(source, fragment));
  return fragment;
}

// Tables scroll sideways inside their own box (focusable, so a keyboard can scroll them);
// the h2 sections get ids for the contents list.
function decorate(body, game) {
  for (const table of body.querySelectorAll("table")) {
    const caption = table.querySelector("caption")?.textContent.trim();
    const box = el("div", {
      class: "rules-table-scroll", tabindex: "0", role: "region", "aria-label": caption || t("Rules table"),
    });
    table.replaceWith(box);
    box.append(table);
  }
  return [...body.querySelectorAll("h2")].map((heading, index) => {
    heading.id = `rules-${game}-${index + 1}`;
    heading.tabIndex = -1;
    return heading;
  });
}

function contents(headings) {
  if (headings.length < 3) return null;
  return el("nav", { class: "rules-contents", "aria-label": t("Contents"), "data-testid": "rules-contents" },
    el("ol", {}, headings.map((heading) => el("li", {},
      el("button", {
        type: "button", class: "rules-contents-link",
        onclick: () => {
          heading.scrollIntoView({ block: "start" });
          heading.focus({ preventScroll: true });
        },
      }, heading.textContent)))));
}

// A "Rules" button; onClick opens them (the caller knows the game).
export function rulesButton({ testid = "open-rules", game = null, className = "bar-button rules-button", onClick }) {
  return el("button", {
    type: "button", class: className, "data-testid": testid, "data-game": game ?? undefined, onclick: onClick,
  }, t("Rules"));
}

// Opens the rules of `game` over the current screen. title: the game's name as the page shows
// it, or a function giving it (asked again when the language changes). returnFocus(): where
// the focus goes on close when the opener has left the page.
export function openRules({ game, title, returnFocus = null, onClose = null, onLearn = null }) {
  // One at a time: the page under the rules is inert, so a second cannot be asked for.
  if (open) return open;
  const opener = document.activeElement;
  const app = document.getElementById("app");
  const gameTitle = () => (typeof title === "function" ? title() : title) ?? game;
  const heading = el("h1", { id: "rules-title", tabindex: "-1" }, t("Rules: {game}", { game: gameTitle() }));
  const note = el("div", { class: "rules-note-slot" });
  const slot = el("div", { class: "rules-slot" });
  const closeButton = el("button", {
    type: "button", class: "bar-button rules-close", "data-testid": "rules-close", onclick: () => close(),
  }, t("‹ Back"));
  const doneButton = el("button", { type: "button", class: "primary", "data-testid": "rules-done", onclick: () => close() },
    t("Close"));
  // The game's lesson ("Learn by playing", tutorial.js), when the opener offers it.
  const learnButton = onLearn && el("button", {
    type: "button", "data-testid": "rules-learn", onclick: () => { close(); onLearn(); },
  }, t("Learn by playing"));
  const screen = el("div", {
    class: "rules-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title",
    "data-testid": "rules-screen", "data-game": game,
  },
    el("div", { class: "rules-page" },
      el("header", { class: "rules-bar" }, closeButton, heading),
      note, slot,
      el("footer", { class: "rules-footer" }, learnButton, doneButton)));

  let pushed = false; // a history entry of ours is on top (Back closes the rules)
  let stopListening = null;
  let loads = 0;
  async function load() {
    const ticket = ++loads;
    const wanted = currentLanguage();
    heading.textContent = t("Rules: {game}", { game: gameTitle() });
    closeButton.textContent = t("‹ Back");
    doneButton.textContent = t("Close");
    if (learnButton) learnButton.textContent = t("Learn by playing");
    replaceChildren(note);
    replaceChildren(slot, el("p", { class: "rules-loading", role: "status" }, t("Loading…")));
    screen.dataset.state = "loading";
    let language = wanted;
    let html = null;
    let failure = null;
    for (const candidate of wanted === FALLBACK_LANGUAGE ? [wanted] : [wanted, FALLBACK_LANGUAGE]) {
      try {
        html = await fetchRules(candidate, game);
        language = candidate;
        break;
      } catch (error) {
        failure = error;
      }
    }
    if (ticket !== loads) return; // a newer load (another language) took over
    if (html === null) {
      screen.dataset.state = "error";
      replaceChildren(slot,
        el("p", { class: "error-text", role: "alert", "data-testid": "rules-error" },
          t("The rules could not be loaded: {reason}", { reason: failure?.message ?? String(failure) })),
        el("button", { type: "button", "data-testid": "rules-retry", onclick: load }, t("Try again")));
      return;
    }
    const body = el("article", { class: "rules-body", lang: language, "data-testid": "rules-body" });
    body.append(importFragment(html));
    const headings = decorate(body, game);
    if (language !== wanted) {
      replaceChildren(note, el("p", { class: "rules-note", role: "status", "data-testid": "rules-fallback" },
        t("These rules are not available in your language yet; here they are in English.")));
    }
    replaceChildren(slot, contents(headings), body);
    screen.dataset.lang = language;
    screen.dataset.state = "ready";
  }

  function teardown() {
    if (open?.screen !== screen) return;
    open = null;
    window.removeEventListener("popstate", onPopState);
    if (typeof stopListening === "function") stopListening();
    screen.remove();
    if (app) app.inert = false;
    document.body.classList.remove("rules-open");
  }

  function close({ restoreFocus = true } = {}) {
    if (open?.screen !== screen) return;
    teardown();
    if (pushed && history.state?.cardtableRules === game) history.back(); // its popstate finds no listener
    if (restoreFocus) {
      const target = opener?.isConnected && opener !== document.body ? opener : returnFocus?.();
      target?.focus?.();
    }
    onClose?.();
  }

  // The browser's (or the phone's) Back closes the rules instead of leaving the page.
  function onPopState() {
    pushed = false;
    close();
  }

  screen.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  });

  document.body.append(screen);
  document.body.classList.add("rules-open");
  if (app) app.inert = true;
  try {
    history.pushState({ ...(history.state ?? {}), cardtableRules: game }, "");
    pushed = true;
  } catch {
    // No history (a sandboxed frame): Close and Escape still work.
  }
  window.addEventListener("popstate", onPopState);
  stopListening = onLanguageChange(() => load());
  open = { screen, close };
  heading.focus({ preventScroll: true });
  load();
  return open;
}
