// Seat names and where each seat sits around the table. The viewer (seat 0 in solo play, the
// person on turn in pass-and-play) sits at the bottom; play goes clockwise, so the next seat
// sits to the left.

import { t } from "./i18n.js";

// Three ideas, three names: the viewer is the seat the table is drawn for (whose view is
// shown: its hand at the bottom, "You" on the table); OWNER is the device's owner, seat 0, who
// pressed Start (the statistics are this seat's). In solo play they are the same seat.
// `viewer` is a live binding (table.js exports it too), changed only by setSeating.
export let viewer = 0;
export const OWNER = 0;
// Pass-and-play: one entry per seat, a person's name or null for a computer; null in solo play.
let people = null;

// One table, several phones: the seats whose person's phone is away (table-host.js).
let away = new Set();

export function setSeating({ people: seats = null, viewer: seat = 0, away: gone = [] } = {}) {
  people = seats;
  viewer = seat;
  away = new Set(gone);
}

export function isAway(seat) {
  return away.has(seat);
}

// Pass-and-play: the seats of the people at this device; null in solo play.
export function personSeats() {
  if (!isPassAndPlay(people)) return null;
  return people.flatMap((name, seat) => (typeof name === "string" ? [seat] : []));
}

// More than one person at this device (a name in `seats` for each person, null per computer).
export function isPassAndPlay(seats) {
  return Array.isArray(seats) && seats.filter((name) => typeof name === "string").length > 1;
}

// A person's name before they type one: the compass point at 4 players, else "Player n".
export function defaultPersonName(seat, players) {
  if (players === 4) return [t("South"), t("West"), t("North"), t("East")][seat];
  return t("Player {n}", { n: seat + 1 });
}

export function seatNames(players) {
  const names = players === 4 ? [t("You"), t("West"), t("North"), t("East")]
    : Array.from({ length: players }, (_, seat) => (seat === 0 ? t("You") : t("Bot {n}", { n: seat })));
  if (!isPassAndPlay(people)) return names;
  return names.map((name, seat) => (typeof people[seat] === "string" ? people[seat] : name));
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
  const { ellipse, u, row } = seatPosition((seat - viewer + players) % players, players);
  return {
    "--x": ellipse.x.toFixed(3), "--y": ellipse.y.toFixed(3),
    "--ux": u.x.toFixed(3), "--uy": u.y.toFixed(3),
    "--rx": row.x.toFixed(3), "--ry": row.y.toFixed(3), ...extra,
  };
}
