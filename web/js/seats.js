// Seat names and where each seat sits around the table. Seat 0 is the human, at the bottom;
// play goes clockwise, so seat 1 sits to the left.

const COMPASS = ["You", "West", "North", "East"];

export function seatNames(players) {
  if (players === 4) return COMPASS.slice();
  return Array.from({ length: players }, (_, seat) => (seat === 0 ? "You" : `Bot ${seat}`));
}

// Position on the table's ellipse as fractions of its box (0..1): bottom, then clockwise.
export function seatPosition(seat, players) {
  const angle = Math.PI / 2 + (seat * 2 * Math.PI) / players;
  return { x: 0.5 + 0.5 * Math.cos(angle), y: 0.5 + 0.5 * Math.sin(angle) };
}
