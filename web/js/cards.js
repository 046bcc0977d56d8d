// How card codes look on screen ("QS" -> "Q" + "♠", "Queen of spades"). Display only:
// rank order, points and legality live in Python.

import { el } from "./dom.js";
import { backSvg, faceSvg } from "./card-art.js";

const SUITS = {
  S: { symbol: "♠", name: "spades", red: false },
  H: { symbol: "♥", name: "hearts", red: true },
  D: { symbol: "♦", name: "diamonds", red: true },
  C: { symbol: "♣", name: "clubs", red: false },
};

const RANKS = {
  2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
  9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace",
};

const JOKERS = { BJ: "Big Joker", LJ: "Little Joker" };

export function suitSymbol(suit) {
  return SUITS[suit]?.symbol ?? "";
}

export function suitName(suit) {
  return SUITS[suit]?.name ?? "";
}

export function isRedSuit(suit) {
  return Boolean(SUITS[suit]?.red);
}

export function cardLabel(code) {
  if (JOKERS[code]) return JOKERS[code];
  return `${RANKS[code[0]]} of ${suitName(code[1])}`;
}

// The face of a card: an inline SVG drawn by card-art.js (indices in two corners, a big suit);
// cards too small for that show their index only.
const COMPACT = /\b(mini|turn-up|log-card|trump-card)\b/;

function cardFace(code, extraClass = "") {
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
export function cardBack(extraClass = "", label = "A face-down card") {
  return el("span", { class: `card back ${extraClass}`.trim(), role: "img", "aria-label": label, "data-card": "back" },
    backSvg());
}
