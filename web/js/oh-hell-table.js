// The Oh Hell table: bids and tricks per seat, one card per seat in the trick, the bid
// buttons (the hook's forbidden bid shown struck through) and the hand.

import { el } from "./dom.js";
import { listChoices, sheetGrid, trumpMark } from "./score-sheet.js";
import { N_, t, tn, tp } from "./i18n.js";
import { said } from "./narrate.js";
import { createTable, isPlaying, legalBy, seatBox, seatsFromViewer, stat, viewer, waitingText } from "./table.js";
import {
  cardCount, dealerBadge, isBidding, newBids, playPrompt, playableHand, singlePlays, singleTrick, singleTrickKeys,
  trickActionName, trickWinnerText, trumpBadge,
} from "./trick-table.js";

// The running total of the bids against the tricks of the deal, beside the trump: "bids 11 of 13".
function bidTotal(view) {
  const bids = view.bids.filter((bid) => bid !== null && bid !== undefined);
  const total = bids.reduce((sum, bid) => sum + bid, 0);
  const tricks = view.deal.hand_size;
  let title;
  if (bids.length < view.players) {
    title = tn("The bids so far add up to {bids}; the deal has {n} trick.", "The bids so far add up to {bids}; the deal has {n} tricks.",
      tricks, { bids: total });
  } else if (total > tricks) {
    title = tn("Overbid: {bids} bid for {n} trick, someone must miss.", "Overbid: {bids} bid for {n} tricks, someone must miss.",
      tricks, { bids: total });
  } else if (total < tricks) {
    title = tn("Underbid: {bids} bid for {n} trick, someone takes more than they bid.",
      "Underbid: {bids} bid for {n} tricks, someone takes more than they bid.", tricks, { bids: total });
  } else {
    title = tn("The bids add up to the {n} trick of the deal.", "The bids add up to the {n} tricks of the deal.", tricks);
  }
  return el("span", {
    class: `bid-total${total > tricks ? " over" : ""}`, "data-testid": "bid-total", "data-bids": total, "data-tricks": tricks, title,
  }, el("span", { "aria-hidden": "true" }, t("bids {bids} of {n}", { bids: total, n: tricks })), el("span", { class: "sr-only" }, title));
}

function bidText(bid) {
  return bid === null || bid === undefined ? "–" : String(bid);
}

function bidAndWon(view, seat) {
  return [
    stat("seat-bid", tp("Bid {bid}", { bid: el("b", {}, bidText(view.bids[seat])) })),
    stat("seat-won", tp("Won {tricks}", { tricks: el("b", {}, view.tricks_won[seat]) })),
  ];
}

function score(view, seat) {
  return stat("seat-score", tn("{n} pt", "{n} pts", view.scores[seat]));
}

// All bids 0..hand size are shown; Python decides which are legal, a missing number is
// the hook's forbidden bid.
function bidPanel(view, { enabled, onAction }) {
  const legalBids = legalBy(view, "bid", (a) => a.n);
  const shown = [];
  for (let n = 0; n <= view.deal.hand_size; n += 1) shown.push(n);
  const forbidden = shown.filter((n) => !legalBids.has(n));
  return el("div", { class: "bid-panel", "data-testid": "bid-panel", role: "group", "aria-label": t("Your bid") },
    el("div", { class: "bid-buttons" }, shown.map((n) => {
      const action = legalBids.get(n);
      return el("button", {
        type: "button", class: `bid-button${action ? "" : " forbidden"}`,
        "data-bid": n, "data-testid": "bid-button",
        "aria-label": action ? t("Bid {n}", { n }) : t("Bid {n} (not allowed)", { n }),
        disabled: !action || !enabled,
        onclick: action ? () => onAction(action) : undefined,
      }, n);
    })),
    forbidden.length > 0 && el("p", { class: "bid-hint", "data-testid": "bid-hint" },
      tn("You may not bid {bids}: as the last bidder, the total of all bids may not equal the {n} trick of this deal.",
        "You may not bid {bids}: as the last bidder, the total of all bids may not equal the {n} tricks of this deal.",
        view.deal.hand_size, { bids: listChoices(forbidden.map(String)) })));
}

function sheet(view, names) {
  const rows = view.sheet?.rows ?? [];
  const totals = rows[rows.length - 1]?.totals ?? view.scores ?? names.map(() => 0);
  return sheetGrid({
    caption: t("Points per deal; below them: bid / tricks taken."),
    columns: names,
    rows: rows.map((row) => ({
      label: [el("span", { class: "deal-no" }, row.deal),
        el("span", { class: "deal-meta" }, `${row.hand_size}`, trumpMark(row.trump))],
      cells: row.cells.map((c) => ({
        class: c.bid === c.tricks ? "hit" : "miss",
        content: [el("span", { class: "points" }, c.points),
          el("span", { class: "bid-tricks", title: t("Bid {bid}, took {tricks}", { bid: c.bid, tricks: c.tricks }) },
            `${c.bid}/${c.tricks}`)],
      })),
    })),
    totals,
  });
}

// What the deal did to each player: "You bid 0 and took 1: 0 points".
function dealLines(view, names) {
  const row = view.sheet.rows.at(-1);
  return seatsFromViewer(view.players).map((seat) => {
    const cell = row.cells[seat];
    return said(seat, names, N_("You bid {bid} and took {tricks}: {points}."), N_("{name} bid {bid} and took {tricks}: {points}."),
      { bid: cell.bid, tricks: cell.tricks, points: tn("{n} point", "{n} points", cell.points) });
  });
}

const spec = {
  id: "oh_hell",
  dealLines,
  info: (view) => tn("Deal {deal} of {count}, {n} card", "Deal {deal} of {count}, {n} cards", view.deal.hand_size,
    { deal: view.deal.number, count: view.deal.count }),
  badge: (view) => el("div", { class: "badge-group" }, trumpBadge(view.deal.trump, view.deal.turn_up), bidTotal(view)),
  seat: (view, seat, ctx) => seatBox(view, seat, ctx.names, {
    badges: dealerBadge(view.deal.dealer, seat),
    lines: [[cardCount(view.hand_counts[seat]), score(view, seat)], bidAndWon(view, seat)],
  }),
  me: (view, ctx) => [
    el("div", { class: "seat-name" }, ctx.names[viewer], dealerBadge(view.deal.dealer, viewer)),
    el("div", { class: "seat-line" }, score(view, viewer), bidAndWon(view, viewer)),
  ],
  center: (view, ctx) => singleTrick(view, ctx),
  centerKeys: singleTrickKeys,
  panel: (view, ctx) => (ctx.humanToAct && view.phase === "bid"
    ? bidPanel(view, { enabled: !ctx.busy, onAction: ctx.onAction }) : null),
  hand: (view, ctx) => playableHand(view, ctx),
  status(view, ctx) {
    if (ctx.trickWinner !== null) return trickWinnerText(ctx.trickWinner, ctx.names);
    if (view.over) return t("Game over");
    if (view.to_act === viewer) {
      if (ctx.busy) return "…";
      if (view.phase === "bid") return t("Your bid: how many tricks will you take?");
      return playPrompt(view);
    }
    return waitingText(view, ctx.names, ctx, view.phase === "bid" ? isBidding : isPlaying);
  },
  sheet,
  narrate: (previous, next, names) => [...newBids(previous, next, names), ...singlePlays(previous, next, names)],
  actionName: (action) => trickActionName(action.type),
  dealTitle: (next) => t("Deal {deal} of {count} done", { deal: next.closing.deal.number, count: next.closing.deal.count }),
};

export function createOhHellTable(args) {
  return createTable({ ...args, spec });
}
