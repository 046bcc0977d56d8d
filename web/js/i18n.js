// What the page says, in the player's language (gettext style; docs/i18n.md).
//
//   t("Deal {n} done", {n: 3})                 a message, its {placeholders} filled
//   tn("{n} card", "{n} cards", count)         the plural form of the language for count ({n} = count)
//   tc("action", "draw")                       one English word with two meanings, told apart by context
//   tp("{name} passed you {card}", {card: node}) like t, but node values stay nodes: an array to append
//   N_("You play {card}") ... translate(msgid, params)   marked here, translated in a helper
//
// The msgid is the English text, so English needs no catalog. Other languages load
// locales/<code>.json (compiled by build.py from locales/<code>.po). Msgids must be string
// literals: tests/test_i18n.py extracts them from the sources and checks every catalog.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "ru", name: "Русский" },
  { code: "pl", name: "Polski" },
  { code: "bg", name: "Български" },
  { code: "de", name: "Deutsch" },
  { code: "nl", name: "Nederlands" },
];
export const SOURCE_LANGUAGE = "en";
const CONTEXT_SEPARATOR = "\u0004";
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

let language = SOURCE_LANGUAGE;
let messages = {};
let categories = ["one", "other"];
let pluralRules = new Intl.PluralRules(SOURCE_LANGUAGE);
const listeners = new Set();
const catalogs = new Map(); // code -> Promise of its compiled catalog

export function isLanguage(code) {
  return LANGUAGES.some((entry) => entry.code === code);
}

function lookup(key) {
  const found = messages[key];
  return typeof found === "string" && found ? found : null;
}

function format(text, params) {
  return text.replace(PLACEHOLDER, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function t(msgid, params = {}) {
  return format(lookup(msgid) ?? msgid, params);
}

export function tc(context, msgid, params = {}) {
  return format(lookup(`${context}${CONTEXT_SEPARATOR}${msgid}`) ?? msgid, params);
}

export function tn(singular, plural, n, params = {}) {
  const values = { n, ...params };
  const forms = messages[singular];
  if (Array.isArray(forms)) {
    const index = categories.indexOf(pluralRules.select(n));
    const text = forms[index >= 0 ? index : forms.length - 1];
    if (text) return format(text, values);
  }
  return format(n === 1 ? singular : plural, values);
}

// N_ marks a msgid where it is chosen, for a helper that translates it later with translate()
// (the extractor reads N_'s literal; translate is t under a name the extractor leaves alone).
export function N_(msgid) {
  return msgid;
}
export const translate = t;

// The message as an array of strings and the given values, so DOM nodes (a card) can sit
// inside a sentence whose word order the language decides.
export function tp(msgid, params = {}) {
  const text = lookup(msgid) ?? msgid;
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!(match[1] in params)) continue;
    parts.push(text.slice(last, match.index), params[match[1]]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}

export function currentLanguage() {
  return language;
}

// callback(code) after every change of language; returns a function that unsubscribes.
export function onLanguageChange(callback) {
  listeners.add(callback);
  return () => listeners.delete(callback);
}

// The first of the browser's languages the page speaks, else English.
export function detectLanguage(preferred = navigator.languages?.length ? navigator.languages : [navigator.language]) {
  for (const tag of preferred ?? []) {
    const code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (isLanguage(code)) return code;
  }
  return SOURCE_LANGUAGE;
}

function loadCatalog(code) {
  const early = globalThis.cardtableEarlyCatalog; // early-worker.js asked for it before Python's downloads
  if (!catalogs.has(code) && early?.code === code) {
    catalogs.set(code, early.request);
    early.request.catch(() => catalogs.delete(code));
  }
  if (!catalogs.has(code)) {
    const url = new URL(`../locales/${code}.json`, import.meta.url);
    const request = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      return response.json();
    });
    catalogs.set(code, request);
    request.catch(() => catalogs.delete(code)); // a later try may fetch it again
  }
  return catalogs.get(code);
}

// Switches the page's language (loading its catalog first) and tells every listener.
// Rejects, leaving the language as it was, if the catalog cannot be loaded.
export async function setLanguage(code) {
  const next = isLanguage(code) ? code : SOURCE_LANGUAGE;
  const catalog = next === SOURCE_LANGUAGE ? null : await loadCatalog(next);
  language = next;
  messages = catalog?.messages ?? {};
  categories = catalog?.plural_categories ?? ["one", "other"];
  pluralRules = new Intl.PluralRules(next);
  document.documentElement.lang = next;
  for (const callback of [...listeners]) callback(next);
  document.documentElement.classList.remove("lang-pending"); // the loading screen speaks it now
  return next;
}
