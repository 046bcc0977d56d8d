// The Oh Hell table: seats around the felt, the trick, the bidding control and the hand.
// Everything shown comes from the view; a click sends back one of view.legal's actions.

import { el, replaceChildren, sleep } from "./dom.js";
import { cardButton, cardView, suitName, suitSymbol, isRedSuit } from "./cards.js";
import { seatNames, seatStyle } from "./seats.js";
import { sheetTable, showDialog, winnerText } from "./score-sheet.js";

const HUMAN = 0;

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function dealText(deal) {
  return `Deal ${deal.number} of ${deal.count}, ${plural(deal.hand_size, "card")}`;
}

function trumpBadge(deal) {
  const turnUp = deal.turn_up ? cardView(deal.turn_up, "turn-up") : null;
  if (turnUp) turnUp.title = `Turned up: ${turnUp.getAttribute("aria-label")}`;
  if (!deal.trump) {
    return el("div", { class: "trump no-trump", "data-testid": "trump", "data-trump": "none" },
      el("span", { class: "trump-label" }, "No trump"), turnUp);
  }
  return el("div", { class: "trump", "data-testid": "trump", "data-trump": deal.trump },
    el("span", { class: "trump-label" }, "Trump", el("span", { class: "sr-only" }, `: ${suitName(deal.trump)}`)),
    el("span", { class: `trump-suit ${isRedSuit(deal.trump) ? "red" : "black"}`, "aria-hidden": "true" },
      suitSymbol(deal.trump)),
    turnUp);
}

function bidText(bid) {
  return bid === null || bid === undefined ? "–" : String(bid);
}

function bidAndWon(view, seat) {
  return [
    el("span", { class: "stat", "data-testid": "seat-bid" }, "Bid ", el("b", {}, bidText(view.bids[seat]))),
    el("span", { class: "stat", "data-testid": "seat-won" }, "Won ", el("b", {}, view.tricks_won[seat])),
  ];
}

function score(view, seat) {
  return el("span", { class: "stat", "data-testid": "seat-score" }, plural(view.scores[seat], "pt"));
}

function dealerBadge(view, seat) {
  return view.deal.dealer === seat
    ? el("span", { class: "dealer-badge", title: "Dealer", "data-testid": "dealer" },
      el("span", { "aria-hidden": "true" }, "D"), el("span", { class: "sr-only" }, "(dealer)"))
    : null;
}

function opponentSeat(view, seat, names) {
  const toAct = view.to_act === seat;
  return el("div", {
    class: `seat${toAct ? " to-act" : ""}`,
    "data-testid": "seat", "data-seat": seat,
    style: seatStyle(seat, view.players),
  },
    el("div", { class: "seat-name" }, names[seat], dealerBadge(view, seat)),
    el("div", { class: "seat-line" },
      el("span", { class: "seat-cards", "data-testid": "seat-cards" },
        el("span", { class: "mini-back", "aria-hidden": "true" }), view.hand_counts[seat],
        el("span", { class: "sr-only" }, view.hand_counts[seat] === 1 ? " card" : " cards")),
      score(view, seat)),
    el("div", { class: "seat-line" }, bidAndWon(view, seat)));
}

// Only plays not on screen before slide in: a re-render must not replay the animation.
function trickArea(view, trick, winner, isFresh) {
  const plays = trick?.plays ?? [];
  return el("div", { class: "trick", "data-testid": "trick", role: "group", "aria-label": "Current trick" },
    plays.map(({ seat, card }, order) => el("div", {
      class: `trick-card${seat === winner ? " winner" : ""}${isFresh(seat, card) ? " fresh" : ""}`,
      "data-seat": seat,
      style: seatStyle(seat, view.players, { "z-index": String(order + 1) }),
    }, cardView(card))));
}

function statusText(view, names, { busy, stalled, trickWinner }) {
  if (trickWinner !== null) return trickWinner === HUMAN ? "You won the trick" : `${names[trickWinner]} won the trick`;
  if (view.over) return "Game over";
  if (view.to_act === HUMAN && !busy) {
    if (view.phase === "bid") return "Your bid: how many tricks will you take?";
    return view.trick.plays.length === 0 ? "Your lead: play any highlighted card" : "Your turn: play a highlighted card";
  }
  if (view.to_act === null || view.to_act === undefined) return "";
  const name = names[view.to_act];
  if (view.to_act === HUMAN) return "…";
  if (stalled) return `${name} could not move: press Try again`;
  return view.phase === "bid" ? `${name} is bidding…` : `${name} is playing…`;
}

function bidPanel(view, { enabled, onAction }) {
  const legalBids = new Map(view.legal.filter((a) => a.type === "bid").map((a) => [a.n, a]));
  const shown = [];
  for (let n = 0; n <= view.deal.hand_size; n += 1) shown.push(n);
  // Python decides which bids are legal; a missing number is the hook's forbidden bid.
  const forbidden = shown.filter((n) => !legalBids.has(n));
  return el("div", { class: "bid-panel", "data-testid": "bid-panel", role: "group", "aria-label": "Your bid" },
    el("div", { class: "bid-buttons" }, shown.map((n) => {
      const action = legalBids.get(n);
      return el("button", {
        type: "button", class: `bid-button${action ? "" : " forbidden"}`,
        "data-bid": n, "data-testid": "bid-button",
        "aria-label": action ? `Bid ${n}` : `Bid ${n} (not allowed)`,
        disabled: !action || !enabled,
        onclick: action ? () => onAction(action) : undefined,
      }, n);
    })),
    forbidden.length > 0 && el("p", { class: "bid-hint", "data-testid": "bid-hint" },
      `You may not bid ${forbidden.join(" or ")}: as the last bidder, the total of all bids may not equal `,
      `the ${plural(view.deal.hand_size, "trick")} of this deal.`));
}

function handRow(view, { yourPlay, busy, onAction }) {
  const legalPlays = new Map(view.legal.filter((a) => a.type === "play").map((a) => [a.cards[0], a]));
  const classes = ["hand", yourPlay && !busy && "your-play", view.hand.length > 13 && "long"].filter(Boolean);
  return el("div", { class: classes.join(" "), "data-testid": "hand", role: "group", "aria-label": "Your hand" },
    view.hand.map((code) => {
      const action = legalPlays.get(code);
      return cardButton(code, {
        enabled: Boolean(action) && yourPlay && !busy,
        dimmed: yourPlay && !action,
        onClick: action ? () => onAction(action) : undefined,
      });
    }));
}

// Keyboard focus survives a re-render when the same control is still there.
function focusKey(node) {
  if (!(node instanceof HTMLElement)) return null;
  if (node.dataset.card) return `[data-card="${node.dataset.card}"]`;
  if (node.dataset.bid) return `[data-bid="${node.dataset.bid}"]`;
  if (node.dataset.testid) return `[data-testid="${node.dataset.testid}"]`;
  return null;
}

export function createOhHellTable({ settings, onAction, onLeave }) {
  const screen = el("section", { class: "screen table-screen", "data-testid": "table-screen" });
  let current = null;
  let names = [];
  let playsOnScreen = new Set();

  function openSheet() {
    if (!current) return;
    showDialog(screen, {
      title: "Score sheet", testid: "score-sheet-view", body: sheetTable(current, names),
      buttons: [{ label: "Close", value: null, primary: true, testid: "close-sheet" }],
    });
  }

  // stalled: a bot's move failed, so no one is thinking.
  function render(view, { busy = false, stalled = false, trick = view.trick, trickWinner = null } = {}) {
    current = view;
    names = seatNames(view.players);
    const refocus = screen.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    const humanToAct = view.to_act === HUMAN && !view.over;
    const bidding = humanToAct && view.phase === "bid" && trickWinner === null;
    const yourPlay = humanToAct && view.phase === "play" && trickWinner === null;

    replaceChildren(screen,
      el("header", { class: "table-bar" },
        el("button", { type: "button", class: "bar-button", "data-testid": "leave", onclick: onLeave }, "‹ Games"),
        el("div", { class: "deal-info", "data-testid": "deal-info" }, dealText(view.deal)),
        trumpBadge(view.deal),
        el("button", { type: "button", class: "bar-button", "data-testid": "open-sheet", onclick: openSheet }, "Scores")),
      el("div", { class: `felt players-${view.players}${view.players > 4 ? " crowded" : ""}` },
        Array.from({ length: view.players - 1 }, (_, i) => opponentSeat(view, i + 1, names)),
        trickArea(view, trick, trickWinner, (seat, card) => !playsOnScreen.has(`${seat}${card}`))),
      el("div", { class: `me${humanToAct && !busy ? " to-act" : ""}`, "data-testid": "seat", "data-seat": HUMAN },
        el("div", { class: "seat-name" }, names[HUMAN], dealerBadge(view, HUMAN)),
        el("div", { class: "seat-line" }, score(view, HUMAN), bidAndWon(view, HUMAN)),
        el("p", { class: "status", "data-testid": "status", "aria-live": "polite" },
          statusText(view, names, { busy, stalled, trickWinner }))),
      bidding && bidPanel(view, { enabled: !busy, onAction }),
      handRow(view, { yourPlay, busy, onAction }),
    );
    playsOnScreen = new Set((trick?.plays ?? []).map(({ seat, card }) => `${seat}${card}`));
    screen.dataset.phase = view.phase;
    screen.dataset.toAct = String(view.to_act);
    screen.dataset.busy = String(busy);
    if (refocus) screen.querySelector(refocus)?.focus();
  }

  // What an action changed, shown before the table moves on: the completed trick for a
  // moment, then the deal's line of the score sheet (or the final sheet).
  async function showOutcome(previous, next) {
    const trickDone = next.last_trick && JSON.stringify(next.last_trick) !== JSON.stringify(previous.last_trick);
    const previousRows = previous.sheet?.rows.length ?? 0;
    const dealDone = (next.sheet?.rows.length ?? 0) > previousRows;
    const shown = dealDone ? dealClosingView(previous, next) : next;
    if (trickDone) {
      render(shown, { busy: true, trick: next.last_trick, trickWinner: next.last_trick.winner });
      await sleep(settings.trickDelayMs);
    }
    // Behind the sheet the finished deal stays on the table, not the next one.
    if (next.over) {
      render(shown, { busy: true, trick: next.last_trick });
      const choice = await showDialog(screen, {
        title: "Game over", testid: "final-sheet",
        body: [el("p", { class: "winner-text", "data-testid": "winner" }, winnerText(next, names)),
          sheetTable(next, names)],
        buttons: [
          { label: "See the table", value: "stay", testid: "stay" },
          { label: "New game", value: "new", primary: true, testid: "new-game" },
        ],
      });
      if (choice === "new") onLeave();
    } else if (dealDone) {
      render(shown, { busy: true, trick: next.last_trick });
      const row = next.sheet.rows[next.sheet.rows.length - 1];
      await showDialog(screen, {
        title: `Deal ${row.deal} of ${next.deal.count} done`, testid: "deal-sheet",
        body: sheetTable(next, names),
        buttons: [{ label: "Continue", value: null, primary: true, testid: "continue" }],
      });
    }
  }

  return { screen, render, showOutcome };
}

// The table as the deal ended: every hand empty, the tricks as scored on the sheet.
function dealClosingView(previous, next) {
  const row = next.sheet.rows[next.sheet.rows.length - 1];
  return {
    ...previous,
    to_act: null, legal: [], hand: [],
    hand_counts: previous.hand_counts.map(() => 0),
    tricks_won: row.cells.map((cell) => cell.tricks),
    scores: row.totals,
  };
}
