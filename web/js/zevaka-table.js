// The Zevaka table: every player's pile with its open top card and counts, the common pile,
// the stock; your own pile at the bottom with a Draw button. Tap your top card (or the card
// you drew), then the pile it goes on. A draw while a move existed is «Прозевал!»: Python
// records it and the table shows it to everyone.
//
// Strict mode (hints off): nothing is highlighted, every pile can be tapped; a move that is not
// in view.legal is sent as tapped and Python's refusal is shown as a notice (docs/rules/zevaka.md).
// With hints on, view.hints marks the moves of your top card.

import { el } from "./dom.js";
import { cardBack, cardButton, cardLabel, cardView } from "./cards.js";
import { listNames, sheetGrid } from "./score-sheet.js";
import { HUMAN, actionButtons, createTable, plural, seatBox, waitingText } from "./table.js";

const COMMON = "common";

function who(seat, names) {
  return seat === HUMAN ? "You" : names[seat];
}

function targetName(target, names) {
  if (target === COMMON) return "the common pile";
  return target === HUMAN ? "your pile" : `${names[target]}'s pile`;
}

function ordinal(n) {
  return ["", "1st", "2nd", "3rd"][n] ?? `${n}th`;
}

export function missText(miss, names) {
  const where = listNames(miss.targets.map((t) => targetName(t, names))).replace(/ and /g, " or ");
  return `${who(miss.seat, names)} drew while ${cardLabel(miss.card)} could go on ${where}.`;
}

export function eventText(event, names) {
  if (!event) return "";
  const name = who(event.seat, names);
  switch (event.type) {
    case "start": return `${name} ${event.seat === HUMAN ? "begin" : "begins"}; ${cardLabel(event.card)} is turned up.`;
    case "move": return `${name} moved ${cardLabel(event.card)} onto ${targetName(event.target, names)}.`;
    case "place": return `${name} put the drawn ${cardLabel(event.card)} on ${targetName(event.target, names)}.`;
    case "keep": return `${name} drew ${cardLabel(event.card)}: it fits nowhere, so it stays.`;
    case "draw": return `${name} drew ${cardLabel(event.card)}.`;
    case "flip": return event.seats.length > 1 ? "The stock is used up: every pile is turned face down." : `${name} turned the pile over.`;
    case "face_up": return `${name} turned up the last card, ${cardLabel(event.card)}.`;
    case "skip": return `${name} has one card that fits nowhere: the turn passes.`;
    case "out": return `${name} ${event.seat === HUMAN ? "are" : "is"} out (${ordinal(event.place)})!`;
    case "turn": return "";
    case "end": return "";
    default: return "";
  }
}

// The last thing that happened worth saying (the "turn" event only says who is next).
function lastNews(view, names) {
  const events = (view.events ?? []).filter((e) => !["turn", "end", "missed"].includes(e.type));
  return eventText(events[events.length - 1], names);
}

function createChoice() {
  let selected = false;
  return { get: () => selected, set: (value) => { selected = value; } };
}

export function createZevakaTable(args) {
  const choice = createChoice();

  function hintTargets(view) {
    return new Set((view.hints ?? []).map((a) => a.target));
  }

  function canTap(view, ctx) {
    return ctx.humanToAct && !ctx.busy;
  }

  // A tap on a pile: the legal action if there is one, else the try as tapped (Python explains).
  function tapTarget(view, ctx, target) {
    const mine = view.pending && view.pending.seat === HUMAN;
    const type = mine ? "place" : "move";
    choice.set(false);
    const legal = view.legal.find((a) => a.type === type && a.target === target);
    ctx.onAction(legal ?? { type, target });
  }

  function pileCard(view, ctx, target, top, { label }) {
    const hinted = hintTargets(view).has(target);
    if (!top) {
      return el("span", { class: "pile-empty", "data-testid": "pile-empty", "aria-label": `${label}: empty` });
    }
    const enabled = canTap(view, ctx);
    return cardButton(top, {
      enabled, testid: "target", extraClass: `pile-top${hinted ? " hint" : ""}`,
      label: `${label}: ${cardLabel(top)}`,
      onClick: enabled ? () => tapTarget(view, ctx, target) : undefined,
    });
  }

  function seat(view, seatNo, ctx) {
    const pile = view.piles[seatNo];
    const box = seatBox(view, seatNo, ctx.names, {
      badges: pile.missed > 0 && el("span", { class: "missed-badge", "data-testid": "seat-missed", title: "Прозевал! (missed moves)" }, `×${pile.missed}`),
      lines: [
        el("div", { class: "pile", "data-target": seatNo }, pile.out ? null : pileCard(view, ctx, seatNo, pile.top, { label: `${ctx.names[seatNo]}'s pile` })),
        el("span", { class: "stat", "data-testid": "seat-cards" },
          pile.out ? `Out (${ordinal(view.ranking.indexOf(seatNo) + 1)})` : pileCounts(pile)),
      ],
      extraClass: `zevaka-seat${pile.out ? " out" : ""}`,
    });
    box.dataset.cards = String(pile.cards);
    return box;
  }

  function pileCounts(pile) {
    const parts = [plural(pile.cards, "card")];
    if (pile.down > 0) parts.push(`${pile.down} face down`);
    return parts.join(" · ");
  }

  function middle(view, ctx) {
    const pending = view.pending;
    const flash = ctx.missFlash;
    return el("div", { class: "zevaka-middle" },
      el("div", { class: "zevaka-center" },
        el("div", { class: "common", "data-testid": "common", "data-count": view.common.count },
          el("span", { class: "pile-label" }, "Common pile"),
          pileCard(view, ctx, COMMON, view.common.top, { label: "The common pile" }),
          el("span", { class: "muted" }, plural(view.common.count, "card"))),
        el("div", { class: "stock", "data-testid": "stock", "data-count": view.stock_count },
          el("span", { class: "pile-label" }, view.phase === "stock" ? "Stock" : "Stock used up"),
          view.stock_count > 0 ? cardBack("stock-card", "The stock") : el("span", { class: "pile-empty" }),
          el("span", { class: "muted" }, plural(view.stock_count, "card"))),
        pending && pending.seat !== HUMAN && el("div", { class: "pending", "data-testid": "pending", "data-seat": pending.seat },
          el("span", { class: "pile-label" }, `${ctx.names[pending.seat]} drew`), cardView(pending.card))),
      el("p", { class: "zevaka-news", "data-testid": "news", "aria-live": "polite" }, lastNews(view, ctx.names)),
      view.last_missed && el("p", { class: "missed-note", "data-testid": "missed-note", "data-seat": view.last_missed.seat,
        "data-move": view.last_missed.move },
      el("b", {}, "«Прозевал!» "), missText(view.last_missed, ctx.names)),
      flash && el("div", { class: "miss-flash", "data-testid": "miss-flash", role: "alert" },
        el("span", { class: "miss-word" }, "Прозевал!"),
        el("span", {}, missText(flash, ctx.names))));
  }

  function own(view, ctx) {
    const pile = view.piles[HUMAN];
    const pending = view.pending && view.pending.seat === HUMAN ? view.pending.card : null;
    const active = canTap(view, ctx);
    const hinted = (view.hints ?? []).length > 0;
    const draw = view.legal.find((a) => a.type === "draw") ?? null;
    const top = pile.top && !pile.out
      ? cardButton(pile.top, {
        enabled: active && !pending, selected: active && !pending ? choice.get() : undefined,
        testid: "own-top", extraClass: hinted ? "hint" : "",
        label: `Your top card: ${cardLabel(pile.top)}`,
        onClick: () => { choice.set(!choice.get()); ctx.rerender(); },
      })
      : el("span", { class: "pile-empty", "data-testid": "own-empty" });
    return el("div", { class: "zevaka-own", "data-testid": "hand", role: "group", "aria-label": "Your pile" },
      el("div", { class: "own-pile" }, el("span", { class: "pile-label" }, "Your pile"), top,
        el("span", { class: "muted" }, pile.out ? "Out!" : pileCounts(pile))),
      pending && el("div", { class: "own-pending" }, el("span", { class: "pile-label" }, "You drew"),
        cardButton(pending, { enabled: false, selected: true, testid: "pending-card" })),
      !view.over && actionButtons([{
        text: view.phase === "piles" ? "Draw from your pile" : "Draw", action: pending ? null : draw,
        data: { type: "draw" }, primary: true,
      }], { enabled: active, onAction: (action) => { choice.set(false); ctx.onAction(action); }, label: "Draw", extraClass: "draw-panel" }));
  }

  function status(view, ctx) {
    if (view.over) return "Game over";
    if (view.to_act === HUMAN) {
      if (ctx.busy) return "…";
      if (view.pending && view.pending.seat === HUMAN) return `You drew ${cardLabel(view.pending.card)}: tap the pile it goes on`;
      if (!view.legal.some((a) => a.type === "draw")) return "Your last card: tap the pile it goes on";
      if (choice.get()) return "Now tap the pile your top card goes on";
      if (!view.piles[HUMAN].top) return "Your turn: draw a card";
      return "Your turn: move your top card (tap it, then a pile), or draw";
    }
    return waitingText(view, ctx.names, ctx, "is playing");
  }

  function standings(view, names) {
    const rows = view.sheet?.rows ?? [];
    const result = rows[rows.length - 1];
    const order = result ? result.ranking : view.ranking.concat(view.piles.map((_, s) => s).filter((s) => !view.ranking.includes(s)));
    return sheetGrid({
      caption: result ? "Places, cards left and «прозевал» counts." : "Cards held and «прозевал» counts so far.",
      first: "Place",
      columns: ["Player", "Cards", "Missed"],
      rows: order.map((s, i) => ({
        label: result || view.piles[s].out ? ordinal(i + 1) : "–",
        latest: s === (result ? result.loser : null),
        cells: [names[s], String(result ? result.cards[s] : view.piles[s].cards), String(result ? result.missed[s] : view.piles[s].missed)],
      })),
      extraClass: "zevaka-sheet",
    });
  }

  function finalText(view, names) {
    if (view.end === "draw") return "The game is stuck: a draw.";
    if (view.end === "empty") return "Every card found a place: nobody loses.";
    if (view.loser === null || view.loser === undefined) return "";
    const stuck = view.end === "deadlock" ? " (the game was stuck; most cards loses)" : "";
    return view.loser === HUMAN ? `You are the zevaka: last with cards${stuck}.` : `${names[view.loser]} is the zevaka: last with cards${stuck}. You win!`;
  }

  const spec = {
    id: "zevaka",
    feltClass: () => "zevaka-felt",
    info: (view) => `${view.deck} cards · ${{ stock: "phase 1: the stock", piles: "phase 2: own piles" }[view.phase] ?? "game over"}`,
    badge: (view) => el("div", { class: "trump no-trump", "data-testid": "phase" }, el("span", { class: "trump-label" },
      view.options?.hints ? "Hints on" : "Strict")),
    seat,
    me: (view, ctx) => [
      el("div", { class: "seat-name" }, ctx.names[HUMAN],
        view.piles[HUMAN].missed > 0 && el("span", { class: "missed-badge", "data-testid": "seat-missed" }, `×${view.piles[HUMAN].missed}`)),
    ],
    center: middle,
    centerKeys: () => [],
    hand: own,
    status,
    sheet: standings,
    completedTrick: () => null,
    dealDone: () => false,
    reset: () => choice.set(false),
    // «Прозевал!»: a new miss stays on the table for a moment (at least 0.9 s: it is the game's point).
    pause: (previous, next) => (next.last_missed && next.last_missed.move !== previous.last_missed?.move
      ? { missFlash: next.last_missed, ms: Math.max(args.settings.trickDelayMs, args.settings.trickDelayMs > 0 ? 900 : 0) }
      : null),
    finalBody: (next, names) => [el("p", { class: "winner-text", "data-testid": "winner" }, finalText(next, names)),
      standings(next, names)],
  };
  return createTable({ ...args, spec });
}
