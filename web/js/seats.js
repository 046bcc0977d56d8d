// Seat names and where each seat sits around the table. Seat 0 is the human, at the bottom;
// play goes clockwise, so seat 1 sits to the left.

import { t } from "./i18n.js";

export function seatNames(players) {
  if (players === 4) return [t("You"), t("West"), t("North"), t("East")];
  return Array.from({ length: players }, (_, seat) => (seat === 0 ? t("You") : t("Bot {n}", { n: seat })));
}

// The U's sides stop short of the top (y from 1 up to SIDE_TOP only): a side seat and a top
// seat near the same corner stay apart even when long translations make the boxes taller.
const SIDE_TOP = 0.2;

// Three layouts as fractions of the table's box (0..1), chosen by the CSS per screen size:
// an ellipse (wide tables) and a U up the left side, across the top, down the right side
// (narrow phones, where seats low on an ellipse would cover the trick), and a row across
// the top (phones, for games whose middle needs the whole width: Kozel, Zevaka).
export function seatPosition(seat, players) {
  const angle = Math.PI / 2 + (seat * 2 * Math.PI) / players;
  const ellipse = { x: 0.5 + 0.5 * Math.cos(angle), y: 0.5 + 0.5 * Math.sin(angle) };
  if (seat === 0) return { ellipse, u: { x: 0.5, y: 1 }, row: { x: 0.5, y: 1 } };
  const row = { x: players === 2 ? 0.5 : (seat - 1) / (players - 2), y: 0 };
  const along = (3 * (seat - 0.5)) / (players - 1); // 0..3: left side, top, right side
  const side = (up) => 1 - up * (1 - SIDE_TOP); // up: 0 at the bottom, 1 at the top corner
  let u;
  if (along <= 1) u = { x: 0, y: side(along) };
  else if (along <= 2) u = { x: along - 1, y: 0 };
  else u = { x: 1, y: side(3 - along) };
  return { ellipse, u, row };
}

// The CSS custom properties that place an element at a seat's position.
export function seatStyle(seat, players, extra = {}) {
  const { ellipse, u, row } = seatPosition(seat, players);
  return {
    "--x": ellipse.x.toFixed(3), "--y": ellipse.y.toFixed(3),
    "--ux": u.x.toFixed(3), "--uy": u.y.toFixed(3),
    "--rx": row.x.toFixed(3), "--ry": row.y.toFixed(3), ...extra,
  };
}
