// The Spades table: 2–5 players cut-throat or two partnerships, spades always trump (the
// Big and Little Joker above the ace), bids 1..hand size (nil, blind nil when offered), the
// two-player draw (keep or discard the card you drew), a "spades broken" mark and the sheet.

import { el } from "./dom.js";
import { cardName, cardView } from "./cards.js";
import { listNames, sheetGrid } from "./score-sheet.js";
import { N_, t, tc, tn, tp } from "./i18n.js";
import { cardList, dealKey, said } from "./narrate.js";
import {
  actionButtons, cardBack, createTable, handRow, isPlaying, legalBy, seatBox, sidesFromViewer, stat, viewer, waitingText,
} from "./table.js";
import {
  cardCount, dealerBadge, isBidding, isPartner, newBids, partnership, playPrompt, playableHand, sideLabel, sideName,
  sideOf, singlePlays, singleTrick, singleTrickKeys, trickActionName, trickWinnerText, trumpBadge,
} from "./trick-table.js";
import { seatNames } from "./seats.js";

function bidText(view, seat) {
  const bid = view.bids[seat];
  if (bid === null || bid === undefined) return "–";
  if (bid === 0) return view.blind[seat] ? t("Blind nil") : view.double?.[seat] ? t("Double nil") : t("Nil");
  return String(bid);
}

function bidAndWon(view, seat) {
  return [
    stat("seat-bid", tp("Bid {bid}", { bid: el("b", {}, bidText(view, seat)) })),
    stat("seat-won", tp("Won {tricks}", { tricks: el("b", {}, view.tricks_won[seat]) })),
  ];
}

function bags(n) {
  return tn("{n} bag", "{n} bags", n);
}

function score(view, seat) {
  if (partnership(view)) return null;
  const side = sideOf(view, seat);
  return [stat("seat-score", tn("{n} pt", "{n} pts", view.scores[side])),
    view.options?.sandbags && stat("seat-bags", bags(view.bags[side]))];
}

function badge(view) {
  return el("div", { class: "badge-group" },
    trumpBadge(view.deal.trump),
    el("span", {
      class: `broken-chip${view.broken ? " broken" : ""}`, "data-testid": "spades-broken",
      "data-broken": String(view.broken),
      title: view.broken ? t("Spades have been played: they may be led") : t("No spade has been played yet"),
    }, view.broken ? t("♠ broken") : t("♠ not broken")));
}

function info(view) {
  const names = seatNames(view.players);
  const head = t("Hand {hand} · to {target}", { hand: view.deal.number, target: view.target });
  if (!partnership(view)) return head;
  return [head, ...view.sides.map((_, i) => t("{team} {points}", { team: sideName(view, i, names).toLowerCase(), points: view.scores[i] }))]
    .join(" · ");
}

function bidPanel(view, { enabled, onAction }) {
  // Double nil is a bid of 0 too: keyed apart so the plain nil button stays nil.
  const bids = view.legal.filter((a) => a.type === "bid").sort((a, b) => a.n - b.n || Number(Boolean(a.double)) - Number(Boolean(b.double)));
  const label = (a) => (a.double ? t("Bid double nil: take no trick, for 200") : a.n === 0 ? t("Bid nil: take no trick") : t("Bid {n}", { n: a.n }));
  return el("div", { class: "bid-panel", "data-testid": "bid-panel", role: "group", "aria-label": t("Your bid") },
    el("div", { class: "bid-buttons" }, bids.map((action) => el("button", {
      type: "button", class: `bid-button${action.n === 0 ? " nil" : ""}`,
      "data-bid": action.double ? "double" : action.n, "data-testid": "bid-button",
      "aria-label": label(action),
      disabled: !enabled,
      onclick: () => onAction(action),
    }, action.double ? t("Double nil") : action.n === 0 ? t("Nil") : action.n))));
}

// The nil exchange: tap the cards to pass to your partner, one at a time.
function exchangeHand(view, { humanToAct, busy, onAction }) {
  const gives = legalBy(view, "give", (a) => a.cards[0]);
  const yours = humanToAct && view.phase === "exchange" && !busy;
  return handRow(view.hand, {
    active: yours,
    label: t("Your hand: tap a card to pass it to your partner"),
    props: (code) => {
      const action = gives.get(code);
      return { enabled: Boolean(action) && yours, onClick: action ? () => onAction(action) : undefined };
    },
  });
}

function drawPanel(view, ctx) {
  const enabled = ctx.humanToAct && !ctx.busy;
  const keep = view.legal.find((a) => a.type === "keep") ?? null;
  const discard = view.legal.find((a) => a.type === "discard") ?? null;
  return actionButtons([
    { text: t("Keep"), action: keep, data: { type: "keep" }, primary: true,
      title: t("Keep this card; the next one is discarded unseen") },
    { text: t("Discard"), action: discard, data: { type: "discard" }, title: t("Discard it and take the next card") },
  ], { enabled, onAction: ctx.onAction, label: t("Keep or discard the card you drew") });
}

function blindPanel(view, ctx) {
  const enabled = ctx.humanToAct && !ctx.busy;
  return actionButtons([
    { text: t("Blind nil (±200)"), action: view.legal.find((a) => a.type === "bid" && a.blind) ?? null,
      data: { type: "blind" }, testid: "action-button" },
    { text: t("Look at my cards"), action: view.legal.find((a) => a.type === "look") ?? null,
      data: { type: "look" }, primary: true },
  ], { enabled, onAction: ctx.onAction, label: t("Blind nil or look") });
}

// The two-player draw: the stock, and the card you drew (shown only to you).
function drawArea(view, ctx) {
  const draw = view.draw ?? { stock: 0, card: null, seen_discards: [] };
  const mine = view.to_act === viewer && draw.card;
  return el("div", { class: "draw-area", "data-testid": "draw-area" },
    el("div", { class: "draw-stock" },
      draw.stock > 0 ? cardBack("", t("The stock")) : null,
      el("span", { class: "stock-count" }, tn("{n} card", "{n} cards", draw.stock))),
    mine
      ? el("div", { class: "drawn", "data-testid": "drawn-card", "data-card": draw.card },
        el("span", { class: "muted" }, t("You drew")), cardView(draw.card))
      : el("p", { class: "muted" }, view.to_act === viewer || view.to_act === null ? ""
        : t("{name} draws", { name: ctx.names[view.to_act] })),
    draw.seen_discards.length > 0 && el("div", { class: "seen-discards", "data-testid": "seen-discards" },
      el("span", { class: "muted" }, t("You discarded")),
      el("span", { class: "mini-row" }, draw.seen_discards.map((card) => cardView(card, "mini")))));
}

function hand(view, ctx) {
  if (!view.looked) {
    return handRow([], { hidden: view.hand_counts[viewer], label: t("Your hand (not looked at)") });
  }
  if (view.phase === "exchange") return exchangeHand(view, ctx);
  return playableHand(view, ctx);
}

function status(view, ctx) {
  if (ctx.trickWinner !== null) return trickWinnerText(ctx.trickWinner, ctx.names);
  if (view.over) return t("Game over");
  if (view.to_act === viewer) {
    if (ctx.busy) return "…";
    if (view.phase === "draw") return t("Keep the card you drew, or discard it and take the next one");
    if (view.phase === "blind") return t("You are far behind: bid blind nil before you look, or look at your cards");
    if (view.phase === "bid") return t("Your bid: how many tricks will you take at least?");
    if (view.phase === "exchange") {
      return tn("Nil exchange: pass {n} more card to your partner", "Nil exchange: pass {n} more cards to your partner",
        view.exchange.count - view.exchange.passed.length);
    }
    return playPrompt(view);
  }
  const doing = {
    draw: (name) => t("{name} is drawing…", { name }),
    blind: (name) => t("{name} is deciding on blind nil…", { name }),
    exchange: (name) => t("{name} is passing cards for the nil…", { name }),
    bid: isBidding,
  }[view.phase] ?? isPlaying;
  return waitingText(view, ctx.names, ctx, doing);
}

function sheet(view, names) {
  const rows = view.sheet?.rows ?? [];
  const sides = view.sides.map((_, i) => i);
  return sheetGrid({
    caption: t("Points per hand; below: bid / tricks, bags, running total. Playing to {target}.", { target: view.target }),
    first: t("Hand"),
    extraClass: "spades-sheet",
    columns: sides.map((i) => sideLabel(view, i, names)),
    rows: rows.map((row) => ({
      label: el("span", { class: "deal-no" }, row.hand),
      cells: row.cells.map((c, i) => {
        const nils = c.nil.map((s) => (c.blind.includes(s) ? t("{name} blind nil", { name: names[s] })
          : c.double?.includes(s) ? t("{name} double nil", { name: names[s] }) : t("{name} nil", { name: names[s] })));
        const bid = nils.length ? t("{bid} ({nils})", { bid: c.bid, nils: nils.join(", ") }) : String(c.bid);
        return {
          class: c.points > 0 ? "hit" : "miss",
          title: tn("Bid {bid}, took {tricks}, {n} bag", "Bid {bid}, took {tricks}, {n} bags", c.bags, { bid, tricks: c.tricks }),
          content: [
            el("span", { class: "points" }, c.points > 0 ? `+${c.points}` : c.points),
            el("span", { class: "bid-tricks" }, `${c.bid}${c.nil.length ? t("+nil") : ""}/${c.tricks}`),
            c.bags > 0 && el("span", { class: "bags" }, bags(c.bags)),
            el("span", { class: "running" }, `Σ ${row.totals[i]}`),
          ],
        };
      }),
    })),
    totals: sides.map((i) => ({
      content: [String(view.scores[i]), view.options?.sandbags && el("span", { class: "bags" }, ` (${bags(view.bags[i])})`)],
    })),
  });
}

// ---- the announcements ----------------------------------------------------------------------
function narrate(previous, next, names) {
  const lines = [];
  if (previous.phase === "draw" && previous.to_act !== null && dealKey(previous) === dealKey(next)) {
    const seat = previous.to_act;
    const drawn = previous.draw?.card;
    if (seat === viewer && drawn) {
      const kept = next.hand.includes(drawn) && !(previous.hand ?? []).includes(drawn);
      const taken = next.hand.filter((card) => !previous.hand.includes(card) && card !== drawn);
      lines.push(kept ? t("You keep {card}", { card: cardName(drawn) })
        : t("You discard {card}", { card: cardName(drawn) }));
      if (taken.length) lines.push(t("You take {card}", { card: cardList(taken) }));
    } else if (seat !== viewer) {
      lines.push(t("{name} draws a card", { name: names[seat] }));
    }
  }
  if (previous.looked === false && next.looked) lines.push(t("You look at your cards"));
  lines.push(...newBids(previous, next, names, (bid, seat) => {
    if (bid !== 0) return String(bid);
    return next.blind?.[seat] ? t("blind nil") : t("nil");
  }));
  return [...lines, ...singlePlays(previous, next, names)];
}

function actionName(action) {
  switch (action.type) {
    case "keep": return tc("action", "keep");
    case "discard": return tc("action", "discard");
    case "look": return tc("action", "look");
    case "give": return tc("action", "give");
    default: return trickActionName(action.type);
  }
}

function finalText(view, names) {
  const winners = view.winner ?? [];
  if (!winners.length) return "";
  if (winners.includes(viewer)) {
    return winners.length > 1
      ? t("You and {names} win!", { names: listNames(winners.filter((s) => s !== viewer).map((s) => names[s])) })
      : t("You win!");
  }
  return winners.length > 1
    ? t("{names} win.", { names: listNames(winners.map((s) => names[s])) }) : t("{name} wins.", { name: names[winners[0]] });
}

// What the hand did to each side: "You bid 5 and took 6: 51 points, 1 bag".
function dealLines(view, names) {
  const row = view.sheet.rows.at(-1);
  return sidesFromViewer(view).map(({ seats, index }) => {
    const cell = row.cells[index];
    const points = tn("{n} point", "{n} points", cell.points);
    const params = { bid: cell.bid, tricks: cell.tricks, points: cell.bags
      ? t("{points}, {bags}", { points, bags: tn("{n} bag", "{n} bags", cell.bags) }) : points };
    if (seats.length === 1) {
      return said(seats[0], names, N_("You bid {bid} and took {tricks}: {points}."), N_("{name} bid {bid} and took {tricks}: {points}."), params);
    }
    return seats.includes(viewer) ? t("Your side bid {bid} and took {tricks}: {points}.", params)
      : t("{players} bid {bid} and took {tricks}: {points}.", { players: listNames(seats.map((s) => names[s])), ...params });
  });
}

const spec = {
  id: "spades",
  dealLines,
  info,
  badge,
  seat: (view, seat, ctx) => seatBox(view, seat, ctx.names, {
    badges: [isPartner(view, seat) && el("span", { class: "partner-badge", title: t("Your partner") }, t("partner")),
      dealerBadge(view.deal.dealer, seat)],
    lines: [[cardCount(view.hand_counts[seat]), score(view, seat)], bidAndWon(view, seat)],
  }),
  me: (view, ctx) => [
    el("div", { class: "seat-name" }, ctx.names[viewer], dealerBadge(view.deal.dealer, viewer)),
    el("div", { class: "seat-line" }, score(view, viewer), bidAndWon(view, viewer)),
  ],
  center: (view, ctx) => (view.phase === "draw" ? drawArea(view, ctx) : singleTrick(view, ctx)),
  centerKeys: singleTrickKeys,
  panel(view, ctx) {
    if (!ctx.humanToAct) return null;
    if (view.phase === "draw") return drawPanel(view, ctx);
    if (view.phase === "blind") return blindPanel(view, ctx);
    if (view.phase === "bid") return bidPanel(view, { enabled: !ctx.busy, onAction: ctx.onAction });
    return null;
  },
  hand,
  status,
  sheet,
  narrate,
  actionName,
  dealTitle: (next) => t("Hand {hand} done", { hand: next.closing.deal.number }),
  finalBody: (next, names) => [el("p", { class: "winner-text", "data-testid": "winner" }, finalText(next, names)),
    sheet(next, names)],
};

export function createSpadesTable(args) {
  return createTable({ ...args, spec });
}
