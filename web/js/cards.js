// How card codes look on screen ("QS" -> "Q" + "♠", "Queen of spades"). Display only:
// rank order, points and legality live in Python.

import { el } from "./dom.js";
import { backSvg, faceSvg, setCornerLetters } from "./card-art.js";
import { currentLanguage, t } from "./i18n.js";

const SUITS = {
  S: { symbol: "♠", red: false },
  H: { symbol: "♥", red: true },
  D: { symbol: "♦", red: true },
  C: { symbol: "♣", red: false },
};

// Names are looked up when shown, so they follow the language.
function rankName(rank) {
  switch (rank) {
    case "2": return t("two");
    case "3": return t("three");
    case "4": return t("four");
    case "5": return t("five");
    case "6": return t("six");
    case "7": return t("seven");
    case "8": return t("eight");
    case "9": return t("nine");
    case "T": return t("ten");
    case "J": return t("jack");
    case "Q": return t("queen");
    case "K": return t("king");
    case "A": return t("ace");
    default: return rank;
  }
}

function jokerName(code) {
  if (code === "BJ") return t("Big Joker");
  if (code === "LJ") return t("Little Joker");
  return null;
}

export function suitSymbol(suit) {
  return SUITS[suit]?.symbol ?? "";
}

// "hearts", as in "Trump: hearts".
export function suitName(suit) {
  switch (suit) {
    case "S": return t("spades");
    case "H": return t("hearts");
    case "D": return t("diamonds");
    case "C": return t("clubs");
    default: return "";
  }
}

export function isRedSuit(suit) {
  return Boolean(SUITS[suit]?.red);
}

function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "queen of hearts", as it stands inside a sentence (some languages bend the suit after the
// rank: one pattern per suit); jokers keep their capitals, they are names.
export function cardName(code) {
  const joker = jokerName(code);
  if (joker) return joker;
  const rank = rankName(code[0]);
  switch (code[1]) {
    case "S": return t("{rank} of spades", { rank });
    case "H": return t("{rank} of hearts", { rank });
    case "D": return t("{rank} of diamonds", { rank });
    case "C": return t("{rank} of clubs", { rank });
    default: return code;
  }
}

// "Queen of hearts": a card's own label (a card's accessible name, a line of its own).
export function cardLabel(code) {
  return capitalized(cardName(code));
}

// The letters on the jack, queen, king and ace, as the country's common decks print them
// (docs/i18n.md, "Card corners"). The setting (prefs.cardCorners) defaults to the language.
export const CORNERS = {
  en: { J: "J", Q: "Q", K: "K", A: "A" },
  ru: { J: "В", Q: "Д", K: "К", A: "Т" },
  pl: { J: "W", Q: "D", K: "K", A: "A" },
  bg: { J: "В", Q: "Д", K: "П", A: "А" },
  de: { J: "B", Q: "D", K: "K", A: "A" },
  nl: { J: "B", Q: "V", K: "H", A: "A" },
};
let cornerChoice = "auto";

// "auto" (the interface language's letters) or a language code of CORNERS.
export function setCardCorners(choice) {
  cornerChoice = Object.hasOwn(CORNERS, choice) ? choice : "auto";
}

export function cornerLetters(choice = cornerChoice) {
  return CORNERS[choice === "auto" ? currentLanguage() : choice] ?? CORNERS.en;
}

// The face of a card: an inline SVG drawn by card-art.js (indices in two corners, a big suit);
// cards too small for that show their index only.
const COMPACT = /\b(mini|turn-up|log-card|trump-card)\b/;

function cardFace(code, extraClass = "") {
  setCornerLetters(cornerLetters());
  return faceSvg(code, { compact: COMPACT.test(extraClass) });
}

// Colour classes: `red`/`black` for the two-colour deck, `suit-X` for the four-colour one (CSS).
function colorClass(code) {
  if (code === "BJ") return "red joker";
  if (code === "LJ") return "black joker";
  return `${isRedSuit(code[1]) ? "red" : "black"} suit-${code[1]}`;
}

// The CSS classes that colour a suit's symbol outside a card (trump badges, sheets).
export function suitClass(suit) {
  return SUITS[suit] ? `${isRedSuit(suit) ? "red" : "black"} suit-${suit}` : "";
}

// A card that is only looked at (trick, turn-up card).
export function cardView(code, extraClass = "") {
  return el("span", {
    class: `card ${colorClass(code)} ${extraClass}`.trim(),
    role: "img",
    "aria-label": cardLabel(code),
    "data-card": code,
  }, cardFace(code, extraClass));
}

// A card in the player's hand (or another card you can tap): a real button.
// `selected` makes it a toggle (aria-pressed), for games where you pick several cards.
export function cardButton(code, { enabled = false, dimmed = false, selected, onClick, extraClass = "", testid = "hand-card", label } = {}) {
  return el("button", {
    type: "button",
    class: `card ${colorClass(code)}${dimmed ? " dimmed" : ""}${selected ? " selected" : ""}${extraClass ? ` ${extraClass}` : ""}`,
    "aria-label": label ?? cardLabel(code),
    "aria-pressed": selected === undefined ? undefined : String(Boolean(selected)),
    "data-card": code,
    "data-testid": testid,
    disabled: !enabled,
    onclick: onClick,
  }, cardFace(code));
}

// The back of a card: a face-down pass, an unseen hand, a pile, the stock.
export function cardBack(extraClass = "", label = t("A face-down card")) {
  return el("span", { class: `card back ${extraClass}`.trim(), role: "img", "aria-label": label, "data-card": "back" },
    backSvg());
}
