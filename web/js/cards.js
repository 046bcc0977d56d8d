// How card codes look on screen ("QS" -> "Q" + "♠", "Queen of spades"). Display only:
// rank order, points and legality live in Python.

import { el } from "./dom.js";

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

function rankText(code) {
  return code[0] === "T" ? "10" : code[0];
}

// The face of a card: rank and suit in the corner, a big suit symbol below.
function cardFace(code) {
  if (JOKERS[code]) {
    const [size, word] = JOKERS[code].split(" ");
    return [
      el("span", { class: "card-corner", "aria-hidden": "true" },
        el("span", { class: "card-rank joker-rank" }, code === "BJ" ? "B" : "L"),
        el("span", { class: "card-suit" }, "★")),
      el("span", { class: "card-pip joker", "aria-hidden": "true" },
        el("span", {}, size.toUpperCase()), el("span", {}, word.toUpperCase())),
    ];
  }
  const suit = code[1];
  return [
    el("span", { class: "card-corner", "aria-hidden": "true" },
      el("span", { class: "card-rank" }, rankText(code)),
      el("span", { class: "card-suit" }, suitSymbol(suit))),
    el("span", { class: "card-pip", "aria-hidden": "true" }, suitSymbol(suit)),
  ];
}

function colorClass(code) {
  if (code === "BJ") return "red";
  if (code === "LJ") return "black";
  return isRedSuit(code[1]) ? "red" : "black";
}

// A card that is only looked at (trick, turn-up card).
export function cardView(code, extraClass = "") {
  return el("span", {
    class: `card ${colorClass(code)} ${extraClass}`.trim(),
    role: "img",
    "aria-label": cardLabel(code),
    "data-card": code,
  }, cardFace(code));
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
  return el("span", { class: `card back ${extraClass}`.trim(), role: "img", "aria-label": label, "data-card": "back" });
}
