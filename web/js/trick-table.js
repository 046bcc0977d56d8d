// What the trick games' tables share (Oh Hell, Spades, 8-5-3, Kozel): the trump badge, the
// dealer badge and card counts on the seats, one card per seat in the trick, a hand of
// one-card plays, sides and partners (from view.sides), and the words for bids, plays and
// tricks in the status line and the announcements. Games that are not trick games (Zevaka)
// use table.js alone.

import { el } from "./dom.js";
import { cardName, cardView, suitClass, suitName, suitSymbol } from "./cards.js";
import { listNames } from "./score-sheet.js";
import { N_, t, tc, tn } from "./i18n.js";
import { dealKey, said } from "./narrate.js";
import { handRow, legalBy, viewer } from "./table.js";
import { seatStyle } from "./seats.js";

export function trumpBadge(trump, turnUpCard = null) {
  const turnUp = turnUpCard ? cardView(turnUpCard, "turn-up") : null;
  if (turnUp) turnUp.title = t("Turned up: {card}", { card: turnUp.getAttribute("aria-label") });
  if (!trump) {
    return el("div", { class: "trump no-trump", "data-testid": "trump", "data-trump": "none" },
      el("span", { class: "trump-label" }, t("No trump")), turnUp);
  }
  return el("div", { class: "trump", "data-testid": "trump", "data-trump": trump },
    el("span", { class: "trump-label" }, t("Trump"), el("span", { class: "sr-only" }, t(": {suit}", { suit: suitName(trump) }))),
    el("span", { class: `trump-suit ${suitClass(trump)}`, "aria-hidden": "true" },
      suitSymbol(trump)),
    turnUp);
}

export function dealerBadge(dealer, seat) {
  return dealer === seat
    ? el("span", { class: "dealer-badge", title: t("Dealer"), "data-testid": "dealer" },
      el("span", { "aria-hidden": "true" }, tc("dealer badge", "D")), el("span", { class: "sr-only" }, t("(dealer)")))
    : null;
}

export function cardCount(count) {
  return el("span", { class: "seat-cards", "data-testid": "seat-cards" },
    el("span", { class: "mini-back", "aria-hidden": "true" }), el("span", { "aria-hidden": "true" }, count),
    el("span", { class: "sr-only" }, tn("{n} card", "{n} cards", count)));
}

// One card per seat, each laid towards its player (Oh Hell, Spades, 8-5-3). Only plays not
// on screen before slide in, so a re-render does not replay the animation.
export function singleTrick(view, { trick, trickWinner, isFresh }) {
  const plays = trick?.plays ?? [];
  return el("div", { class: "trick", "data-testid": "trick", role: "group", "aria-label": t("Current trick") },
    plays.map(({ seat, card }, order) => el("div", {
      class: `trick-card${seat === trickWinner ? " winner" : ""}${isFresh(`${seat}${card}`) ? " fresh" : ""}`,
      "data-seat": seat,
      style: seatStyle(seat, view.players, { "z-index": String(order + 1) }),
    }, cardView(card))));
}

// What singleTrick shows, for the table's slide-in (spec.centerKeys).
export function singleTrickKeys(trick) {
  return (trick?.plays ?? []).map(({ seat, card }) => `${seat}${card}`);
}

// One-card plays from the hand: enabled exactly when Python lists them.
export function playableHand(view, { humanToAct, busy, onAction }, playing = view.phase === "play") {
  const legalPlays = legalBy(view, "play", (a) => a.cards[0]);
  const yourPlay = humanToAct && playing && !busy;
  return handRow(view.hand, {
    active: yourPlay,
    props: (code) => {
      const action = legalPlays.get(code);
      return {
        enabled: Boolean(action) && yourPlay,
        dimmed: humanToAct && playing && !action,
        onClick: action ? () => onAction(action) : undefined,
      };
    },
  });
}

export function trickWinnerText(seat, names) {
  return seat === viewer ? t("You won the trick") : t("{name} won the trick", { name: names[seat] });
}

// What a bot is doing, for waitingText.
export const isBidding = (name) => t("{name} is bidding…", { name });

export function playPrompt(view) {
  return view.trick.plays.length === 0 ? t("Your lead: play any highlighted card") : t("Your turn: play a highlighted card");
}

// ---- sides: view.sides lists the seats that score together (a partnership, or one seat) ----
export function partnership(view) {
  return view.sides.some((side) => side.length > 1);
}

export function sideOf(view, seat) {
  return view.sides.findIndex((side) => side.includes(seat));
}

// Another seat of the viewer's side.
export function isPartner(view, seat) {
  return seat !== viewer && view.sides[sideOf(view, viewer)].includes(seat);
}

// Partnerships: the viewer's side is "Us", the other "Them".
function teamName(view, side) {
  return view.sides[side].includes(viewer) ? t("Us") : t("Them");
}

// A side by its name: "Us" / "Them" in partnerships, else its player's name.
export function sideName(view, side, names) {
  return partnership(view) ? teamName(view, side) : names[view.sides[side][0]];
}

// A side with its players: "Us (You and North)", or its player's name.
export function sideLabel(view, side, names) {
  if (!partnership(view)) return names[view.sides[side][0]];
  return t("{team} ({players})", { team: teamName(view, side), players: listNames(view.sides[side].map((s) => names[s])) });
}

// ---- words for the announcements (narrate.js) ----------------------------------------------
function flatPlays(view) {
  return [...(view.history ?? []).flatMap((trick) => trick.plays), ...(view.trick?.plays ?? [])];
}

// The plays and completed tricks an action added (one deal may have ended in between).
export function trickNews(previous, next) {
  if (dealKey(previous) === dealKey(next)) {
    return {
      plays: flatPlays(next).slice(flatPlays(previous).length),
      tricks: (next.history ?? []).slice((previous.history ?? []).length),
    };
  }
  const last = next.last_trick;
  if (!last || !(previous.trick?.plays ?? []).length) return { plays: [], tricks: [] };
  return { plays: last.plays.slice(previous.trick.plays.length), tricks: [last] };
}

function trickWinner(trick, names) {
  if (trick.winner === null || trick.winner === undefined) return "";
  return said(trick.winner, names, N_("You win the trick"), N_("{name} wins the trick"));
}

// "West plays Queen of hearts", then "North wins the trick" (one-card tricks).
export function singlePlays(previous, next, names) {
  const { plays, tricks } = trickNews(previous, next);
  return [
    ...plays.map((play) => said(play.seat, names, N_("You play {card}"), N_("{name} plays {card}"), { card: cardName(play.card) })),
    ...tricks.map((trick) => trickWinner(trick, names)),
  ];
}

// "East bids 3": the bids an action added in this deal; bidText(bid, seat) words one.
export function newBids(previous, next, names, bidText = (n) => String(n)) {
  if (dealKey(previous) !== dealKey(next)) return [];
  const lines = [];
  (next.bids ?? []).forEach((bid, seat) => {
    if (bid === null || bid === undefined || (previous.bids ?? [])[seat] === bid) return;
    lines.push(said(seat, names, N_("You bid {bid}"), N_("{name} bids {bid}"), { bid: bidText(bid, seat) }));
  });
  return lines;
}

// ---- how a hint names an action (spec.actionName) ------------------------------------------
export function trickActionName(type) {
  switch (type) {
    case "bid": return tc("action", "bid");
    case "play": return tc("action", "play");
    default: return null;
  }
}
