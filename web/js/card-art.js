// Card faces and backs drawn as inline SVG: rank and suit in two corners, a big suit in the
// middle (court cards: their letter and suit; jokers: a star and JOKER). Every mark is a
// path, never text, so the face reads the same on every device and font, and a card's only
// accessible name is its label ("Queen of hearts"). Colours come from CSS (currentColor):
// the two-colour and four-colour decks are a class on <html> (see settings-dialog.js).
//
// One hidden <svg> of shared definitions (suits, rank glyphs, the back's pattern) is put
// into the page once; each card is a small <svg> of <use> references to it.

const SVG_NS = "http://www.w3.org/2000/svg";
const SPRITE_ID = "card-art-defs";

// Suits in a 100 x 100 box.
const SUITS = {
  S: "M50 4C50 4 8 38 8 61c0 16 13 25 26 25 6 0 11-2 14-6-1 9-6 15-16 18h36c-10-3-15-9-16-18 3 4 8 6 14 6 13 0 26-9 26-25C92 38 50 4 50 4z",
  H: "M50 94C50 94 5 63 5 33 5 15 18 5 31 5c9 0 16 5 19 14 3-9 10-14 19-14 13 0 26 10 26 28 0 30-45 61-45 61z",
  D: "M50 2 88 50 50 98 12 50z",
  C: "M50 6a21 21 0 0 0-20 27 21 21 0 1 0 16 31c-1 14-6 24-15 32h38c-9-8-14-18-15-32a21 21 0 1 0 16-31A21 21 0 0 0 50 6z",
};

// Glyphs drawn with a round stroke in a 10 x 14 box (x may reach 10.5 for strokes).
const GLYPHS = {
  A: { w: 10, d: "M0.3 14 5 0l4.7 14M2 9h6" },
  2: { w: 10, d: "M0.8 3.6C0.8 1.3 2.7 0 5 0c2.5 0 4.3 1.5 4.3 3.8 0 2.9-3.4 5.2-8.8 10.2H9.6" },
  3: { w: 10, d: "M0.7 1.6C1.9.5 3.4 0 5 0c2.7 0 4.3 1.5 4.3 3.5 0 2-1.7 3.3-4.6 3.3 3.3 0 5 1.5 5 3.6 0 2.2-2 3.6-4.8 3.6-2 0-3.5-.6-4.7-1.7" },
  4: { w: 10, d: "M7.3 14V0L0.3 9.8h9.6" },
  5: { w: 10, d: "M9 0H1.6L.9 6.3C2 5.5 3.4 5.1 5 5.1c2.8 0 4.6 1.8 4.6 4.4C9.6 12.2 7.7 14 5 14c-2 0-3.5-.7-4.6-1.9" },
  6: { w: 10, d: "M8.6 1C7.6.3 6.4 0 5.3 0 2.1 0 .4 3 .4 7.4.4 11.8 2.3 14 5 14c2.8 0 4.6-2 4.6-4.6S7.8 4.9 5.2 4.9C3 4.9 1.2 6.1.5 8" },
  7: { w: 10, d: "M.3 0h9.4L3.6 14" },
  8: { w: 10, d: "M5 6.6C2.5 6.6.9 5.3.9 3.3S2.6 0 5 0s4.1 1.3 4.1 3.3S7.5 6.6 5 6.6c-2.9 0-4.6 1.6-4.6 3.7C.4 12.5 2.3 14 5 14s4.6-1.5 4.6-3.7c0-2.1-1.7-3.7-4.6-3.7z" },
  9: { w: 10, d: "M1.4 13c1 .7 2.2 1 3.3 1 3.2 0 4.9-3 4.9-7.4C9.6 2.2 7.7 0 5 0 2.2 0 .4 2 .4 4.6s1.8 4.5 4.4 4.5c2.2 0 4-1.2 4.7-3.1" },
  1: { w: 4, d: "M.2 2.4 3 0v14" },
  o: { w: 7, d: "M3.5 0c2.1 0 3.3 2.8 3.3 7s-1.2 7-3.3 7S.2 11.2.2 7 1.4 0 3.5 0z" }, // the narrow 0 of "10"
  0: { w: 10, d: "M5 0c2.9 0 4.6 2.8 4.6 7S7.9 14 5 14 .4 11.2.4 7 2.1 0 5 0z" },
  J: { w: 9, d: "M3.4 0h5.2v9.8C8.6 12.4 7.1 14 4.6 14 2.3 14 .8 12.6.4 10.6" },
  Q: { w: 10.5, d: "M5 0c2.9 0 4.6 2.8 4.6 7S7.9 14 5 14 .4 11.2.4 7 2.1 0 5 0zM6.2 10.2l4 4" },
  K: { w: 10, d: "M1 0v14M9.6 0 1 8.6M4.3 5.4 9.8 14" },
  O: { w: 10, d: "M5 0c2.9 0 4.6 2.8 4.6 7S7.9 14 5 14 .4 11.2.4 7 2.1 0 5 0z" },
  E: { w: 9, d: "M8.8 0H1v14h7.8M1 6.9h6.6" },
  R: { w: 10, d: "M1 14V0h4.6c2.4 0 3.8 1.5 3.8 3.7S8 7.4 5.6 7.4H1M5.4 7.4l4.2 6.6" },
  B: { w: 10, d: "M1 7h4.4C7.6 7 9 5.7 9 3.5 9 1.3 7.6 0 5.4 0H1v14h4.8c2.3 0 3.9-1.4 3.9-3.5S8.1 7 5.6 7" },
  L: { w: 9, d: "M1 0v14h7.8" },
  // The court cards' and the ace's letters of other languages' decks (setCornerLetters).
  D: { w: 10, d: "M1 0v14h3.4C7.6 14 9.6 11.4 9.6 7S7.6 0 4.4 0z" },
  V: { w: 10, d: "M.3 0 5 14 9.7 0" },
  H: { w: 10, d: "M1 0v14M9 0v14M1 7h8" },
  W: { w: 12.5, d: "M.3 0l2.8 14L6.3 4.2 9.4 14 12.2 0" },
  T: { w: 10, d: "M.2 0h9.6M5 0v14" },
  "Д": { w: 10.5, d: "M.3 14v-3.2h9.9V14M1.8 10.8 3.4 0h5.3v10.8" },
  "П": { w: 10, d: "M1 14V0h8v14" },
};
// Cyrillic letters drawn like their Latin twins.
GLYPHS["В"] = GLYPHS.B;
GLYPHS["К"] = GLYPHS.K;
GLYPHS["А"] = GLYPHS.A;
GLYPHS["Т"] = GLYPHS.T;

// The letters on the jack, queen, king and ace (the other ranks are digits everywhere).
let letters = { J: "J", Q: "Q", K: "K", A: "A" };
export function setCornerLetters(next) {
  letters = { ...letters, ...next };
}
function rankLetter(rank) {
  const letter = letters[rank] ?? rank;
  return GLYPHS[letter] ? letter : rank;
}

// A five-pointed star in a 100 x 100 box.
const STAR = "M50 3l13.6 29.4 32.2 3.7-23.8 22 6.4 31.8L50 73.9 21.6 89.9 28 58.1 4.2 36.1l32.2-3.7z";

const JOKER_LABEL = { BJ: "B", LJ: "L" };

function node(tag, attrs = {}, children = []) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

// The shared definitions, put into the document once (before the first card is drawn).
function ensureDefs() {
  if (document.getElementById(SPRITE_ID)) return;
  const defs = node("defs");
  for (const [suit, d] of Object.entries(SUITS)) {
    defs.append(node("symbol", { id: `card-suit-${suit}`, viewBox: "0 0 100 100" }, [node("path", { d })]));
  }
  defs.append(node("symbol", { id: "card-star", viewBox: "0 0 100 100" }, [node("path", { d: STAR })]));
  for (const [key, glyph] of Object.entries(GLYPHS)) {
    defs.append(node("symbol", { id: `card-glyph-${key}`, viewBox: `-1 -1 ${glyph.w + 1.5} 16`, overflow: "visible" },
      [node("path", { d: glyph.d, fill: "none", stroke: "currentColor", "stroke-width": "2.2",
        "stroke-linecap": "round", "stroke-linejoin": "round" })]));
  }
  // The back: a diagonal lattice, in the CSS colours --back-1 and --back-2.
  defs.append(node("pattern", {
    id: "card-back-pattern", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)",
  }, [
    node("rect", { width: 12, height: 12, class: "back-1" }),
    node("rect", { width: 6, height: 6, class: "back-2" }),
    node("rect", { x: 6, y: 6, width: 6, height: 6, class: "back-2" }),
  ]));
  const sprite = node("svg", {
    id: SPRITE_ID, "aria-hidden": "true", focusable: "false", width: 0, height: 0, class: "card-art-defs",
  }, [defs]);
  document.body.prepend(sprite);
}

function use(id, x, y, w, h, extra = {}) {
  return node("use", { href: `#${id}`, x, y, width: w, height: h, ...extra });
}

// A word of glyphs, its left edge at x, its top at y, `height` tall (glyph box 14).
const GAP = 1.6; // between glyphs, in glyph units

function word(text, x, y, height) {
  const scale = height / 14;
  const parts = [];
  let cursor = x;
  for (const char of text) {
    const glyph = GLYPHS[char];
    parts.push(use(`card-glyph-${char}`, cursor - scale, y - scale, (glyph.w + 1.5) * scale, 16 * scale));
    cursor += (glyph.w + GAP) * scale;
  }
  return { parts };
}

function wordWidth(text, height) {
  const chars = [...text];
  return (chars.reduce((sum, char) => sum + GLYPHS[char].w, 0) + GAP * (chars.length - 1)) * (height / 14);
}

// The corner index: the rank (or B/L for jokers) above its suit (or a star), centred on x = 17.
// The face is 100 x 140: the top-left index fills x 4..30, y 6..69; the bottom-right one is
// the same turned round; the middle mark stays inside x 32..68.
function index(code) {
  const joker = JOKER_LABEL[code];
  const rank = joker ?? (code[0] === "T" ? "1o" : rankLetter(code[0]));
  const height = 34; // the widest index, "10" or W, spans x 2..32
  const width = wordWidth(rank, height);
  const { parts } = word(rank, 17 - width / 2, 6, height);
  const mark = joker
    ? use("card-star", 4, 44, 26, 26, { class: code === "LJ" ? "star-hollow" : "" })
    : use(`card-suit-${code[1]}`, 5, 45, 24, 24);
  return node("g", { class: "card-index" }, [...parts, mark]);
}

function middle(code) {
  if (JOKER_LABEL[code]) {
    const star = use("card-star", 32, 36, 36, 36, { class: code === "LJ" ? "star-hollow" : "" });
    const text = "JOKER";
    const height = 9;
    const { parts } = word(text, 50 - wordWidth(text, height) / 2, 82, height);
    return node("g", { class: "card-pip" }, [star, ...parts]);
  }
  const [rank, suit] = code;
  if ("JQK".includes(rank)) {
    const height = 30;
    const letter = rankLetter(rank);
    const { parts } = word(letter, 50 - wordWidth(letter, height) / 2, 40, height);
    return node("g", { class: "card-pip" }, [...parts, use(`card-suit-${suit}`, 39, 77, 22, 22)]);
  }
  return node("g", { class: "card-pip" }, [use(`card-suit-${suit}`, 32, 52, 36, 36)]);
}

// The face of a card as an <svg> (decorative: the card element carries the label).
// `compact`: only the top-left index, filling a small card (turn-up card, logs, mini rows).
export function faceSvg(code, { compact = false } = {}) {
  ensureDefs();
  if (compact) {
    return node("svg", { class: "card-art compact", viewBox: "2 3 30 68", "aria-hidden": "true", focusable: "false" },
      [index(code)]);
  }
  return node("svg", { class: "card-art", viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" }, [
    index(code),
    node("g", { class: "card-index-bottom", transform: "rotate(180 50 70)" }, [index(code)]),
    middle(code),
  ]);
}

// The back of a card: the lattice inside a white frame.
export function backSvg() {
  ensureDefs();
  return node("svg", { class: "card-art", viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" }, [
    node("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "back-frame" }),
    node("rect", { x: 7, y: 7, width: 86, height: 126, rx: 5, fill: "url(#card-back-pattern)", class: "back-field" }),
  ]);
}
