// The Zevaka table: every player's pile with its open top card and counts, the common pile,
// the stock; your own pile at the bottom with a Draw button. Tap your top card (or the card
// you drew), then the pile it goes on. A draw while a move existed is «Прозевал!»: Python
// records it and the table shows it to everyone.
//
// Strict mode (hints off): nothing is highlighted, every pile can be tapped; a move that is not
// in view.legal is sent as tapped and Python's refusal is shown as a notice (docs/rules/zevaka.md).
// With hints on, view.hints marks the moves of your top card.

import { el } from "./dom.js";
import { cardBack, cardButton, cardLabel, cardName, cardView } from "./cards.js";
import { listChoices, sheetGrid, showDialog } from "./score-sheet.js";
import { N_, t, tc, tn } from "./i18n.js";
import { said } from "./narrate.js";
import { actionButtons, createTable, isPlaying, seatBox, seatsFromViewer, viewer, waitingText } from "./table.js";

const COMMON = "common";
// The game's call, kept in Russian in every language (like "Uno!"); the texts around it explain it.
const PROZEVAL = "Прозевал!";

// The call with its meaning in the interface language: «Прозевал!» (Missed it!).
function prozevalMeaning() {
  return t("(“{meaning}”)", { meaning: t("Missed it!") });
}

// The badge in the bar says which mode is on; a tap explains it (strict mode is the default).
function modeBadge(view) {
  const hints = Boolean(view.options?.hints);
  const explain = (event) => {
    const screen = event.currentTarget.closest("[data-testid=table-screen]");
    showDialog(screen, {
      title: hints ? t("Hints on") : t("Strict mode"), testid: "mode-help",
      body: el("div", { class: "mode-help" },
        el("p", {}, t("Your top card fits on any pile whose top card is one rank lower, whatever its suit.")),
        el("p", {}, hints ? t("Hints on: the piles your top card fits on are lit, and the status says when nothing fits.")
          : t("Strict: the table does not show where your card fits; look before you draw.")),
        el("p", {}, t("Drawing while a move was possible is «{word}» {meaning}: the draw stands, the move is lost, and everyone sees it.",
          { word: PROZEVAL, meaning: prozevalMeaning() })),
        !hints && el("p", { class: "muted" }, t("Hints can be turned on in the game's options when you start a match."))),
      buttons: [{ label: t("Close"), value: null, primary: true, testid: "close-mode-help" }],
    });
  };
  return el("button", {
    type: "button", class: "trump no-trump mode-badge", "data-testid": "phase", onclick: explain,
  }, el("span", { class: "trump-label" }, hints ? t("Hints on") : t("Strict"), el("span", { class: "mode-info", "aria-hidden": "true" }, "i"),
    el("span", { class: "sr-only" }, " ", t("(what this means)"))));
}

// Where a card could go: "on the common pile", "on your pile", "on West's pile".
function onPile(target, names) {
  if (target === COMMON) return t("on the common pile");
  return target === viewer ? t("on your pile") : t("on {name}'s pile", { name: names[target] });
}

// Where a card went: "onto the common pile"...
function ontoPile(target, names) {
  if (target === COMMON) return t("onto the common pile");
  return target === viewer ? t("onto your pile") : t("onto {name}'s pile", { name: names[target] });
}

function ordinal(n) {
  switch (n) {
    case 1: return t("1st");
    case 2: return t("2nd");
    case 3: return t("3rd");
    case 4: return t("4th");
    case 5: return t("5th");
    case 6: return t("6th");
    default: return String(n);
  }
}

function missText(miss, names) {
  const card = cardName(miss.card);
  const where = listChoices(miss.targets.map((target) => onPile(target, names)));
  return miss.seat === viewer ? t("You drew while {card} could go {where}.", { card, where })
    : t("{name} drew while {card} could go {where}.", { name: names[miss.seat], card, where });
}

// What happened, for you (first) or another player (second).
function eventText(event, names) {
  if (!event) return "";
  const you = event.seat === viewer;
  const name = names[event.seat];
  const card = event.card ? cardName(event.card) : "";
  const target = event.target !== undefined ? ontoPile(event.target, names) : "";
  switch (event.type) {
    case "start": return you ? t("You begin; {card} is turned up.", { card })
      : t("{name} begins; {card} is turned up.", { name, card });
    case "move": return you ? t("You moved {card} {target}.", { card, target })
      : t("{name} moved {card} {target}.", { name, card, target });
    case "place": return you ? t("You put the drawn {card} {target}.", { card, target })
      : t("{name} put the drawn {card} {target}.", { name, card, target });
    case "keep": return you ? t("You drew {card}: it fits nowhere, so it stays.", { card })
      : t("{name} drew {card}: it fits nowhere, so it stays.", { name, card });
    case "draw": return you ? t("You drew {card}.", { card }) : t("{name} drew {card}.", { name, card });
    case "flip":
      if (event.seats.length > 1) return t("The stock is used up: every pile is turned face down.");
      return you ? t("You turned the pile over.") : t("{name} turned the pile over.", { name });
    case "face_up": return you ? t("You turned up the last card, {card}.", { card })
      : t("{name} turned up the last card, {card}.", { name, card });
    case "skip": return you ? t("You have one card that fits nowhere: the turn passes.")
      : t("{name} has one card that fits nowhere: the turn passes.", { name });
    case "out": return you ? t("You are out ({place})!", { place: ordinal(event.place) })
      : t("{name} is out ({place})!", { name, place: ordinal(event.place) });
    default: return "";
  }
}

// The last thing that happened worth saying (the "turn" event only says who is next).
function lastNews(view, names) {
  const events = (view.events ?? []).filter((e) => !["turn", "end", "missed"].includes(e.type));
  return eventText(events[events.length - 1], names);
}

// The announcements: what the move's events say, «Прозевал!» with its miss.
function narrate(previous, next, names) {
  if (next.move === previous.move) return [];
  return (next.events ?? []).map((event) => (event.type === "missed"
    ? `«${PROZEVAL}» ${missText(event, names)}`
    : eventText(event, names)));
}

// A hint's words: the card and the pile it goes on ("move Nine of spades onto West's pile").
function hintText(action, view, names) {
  if (action.type === "draw") return tc("action", "draw");
  const card = action.type === "place" ? view.pending?.card : view.piles[viewer].top;
  const where = ontoPile(action.target, names);
  if (!card) return `${actionName(action)} ${where}`;
  return action.type === "place" ? t("put {card} {target}", { card: cardName(card), target: where })
    : t("move {card} {target}", { card: cardName(card), target: where });
}

// The pile a hint names, ringed; your top card too for a move.
function markHint(screen, action) {
  if (!("target" in action)) return;
  const pile = action.target === COMMON ? screen.querySelector("[data-testid=common] [data-testid=target]")
    : screen.querySelector(`.pile[data-target="${action.target}"] [data-testid=target]`);
  pile?.classList.add("hint-target");
  if (action.type === "move") screen.querySelector("[data-testid=own-top]")?.classList.add("hint-target");
}

function actionName(action) {
  switch (action.type) {
    case "move": return tc("action", "move");
    case "draw": return tc("action", "draw");
    case "place": return tc("action", "place");
    default: return null;
  }
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
    const mine = view.pending && view.pending.seat === viewer;
    const type = mine ? "place" : "move";
    choice.set(false);
    const legal = view.legal.find((a) => a.type === type && a.target === target);
    ctx.onAction(legal ?? { type, target });
  }

  function pileCard(view, ctx, target, top, { label }) {
    const hinted = hintTargets(view).has(target);
    if (!top) {
      return el("span", { class: "pile-empty", "data-testid": "pile-empty", role: "img", "aria-label": t("{pile}: empty", { pile: label }) });
    }
    const enabled = canTap(view, ctx);
    return cardButton(top, {
      enabled, testid: "target", extraClass: `pile-top${hinted ? " hint" : ""}`,
      label: t("{pile}: {card}", { pile: label, card: cardLabel(top) }),
      onClick: enabled ? () => tapTarget(view, ctx, target) : undefined,
    });
  }

  function seat(view, seatNo, ctx) {
    const pile = view.piles[seatNo];
    const box = seatBox(view, seatNo, ctx.names, {
      badges: pile.missed > 0 && el("span", {
        class: "missed-badge", "data-testid": "seat-missed", title: t("{word} (missed moves)", { word: PROZEVAL }),
      }, `×${pile.missed}`),
      lines: [
        el("div", { class: "pile", "data-target": seatNo }, pile.out ? null
          : pileCard(view, ctx, seatNo, pile.top, { label: t("{name}'s pile", { name: ctx.names[seatNo] }) })),
        pile.out ? el("span", { class: "stat", "data-testid": "seat-cards" },
          t("Out ({place})", { place: ordinal(view.ranking.indexOf(seatNo) + 1) })) : seatCounts(pile),
      ],
      extraClass: `zevaka-seat${pile.out ? " out" : ""}`,
    });
    box.dataset.cards = String(pile.cards);
    return box;
  }

  // An opponent's counts, short (beside a small card on a phone): "8 cards", then a card back
  // and the number face down; the full text for screen readers and as the tooltip.
  function seatCounts(pile) {
    const full = pileCounts(pile);
    return el("span", { class: "stat seat-counts", "data-testid": "seat-cards", title: full },
      el("span", { "aria-hidden": "true" }, tn("{n} card", "{n} cards", pile.cards)),
      pile.down > 0 && el("span", { class: "seat-cards", "aria-hidden": "true" }, el("span", { class: "mini-back" }), String(pile.down)),
      el("span", { class: "sr-only" }, full));
  }

  function pileCounts(pile) {
    const parts = [tn("{n} card", "{n} cards", pile.cards)];
    if (pile.down > 0) parts.push(t("{n} face down", { n: pile.down }));
    return parts.join(" · ");
  }

  function middle(view, ctx) {
    const pending = view.pending;
    const flash = ctx.missFlash;
    return el("div", { class: "zevaka-middle" },
      el("div", { class: "zevaka-center" },
        el("div", { class: "common", "data-testid": "common", "data-count": view.common.count },
          el("span", { class: "pile-label" }, t("Common pile")),
          pileCard(view, ctx, COMMON, view.common.top, { label: t("The common pile") }),
          el("span", { class: "muted" }, tn("{n} card", "{n} cards", view.common.count))),
        el("div", { class: "stock", "data-testid": "stock", "data-count": view.stock_count },
          el("span", { class: "pile-label" }, view.phase === "stock" ? t("Stock") : t("Stock used up")),
          view.stock_count > 0 ? cardBack("stock-card", t("The stock")) : el("span", { class: "pile-empty" }),
          el("span", { class: "muted" }, tn("{n} card", "{n} cards", view.stock_count))),
        pending && pending.seat !== viewer && el("div", { class: "pending", "data-testid": "pending", "data-seat": pending.seat },
          el("span", { class: "pile-label" }, t("{name} drew", { name: ctx.names[pending.seat] })), cardView(pending.card))),
      el("p", { class: "zevaka-news", "data-testid": "news", "aria-live": "polite" }, lastNews(view, ctx.names)),
      view.last_missed && el("p", { class: "missed-note", "data-testid": "missed-note", "data-seat": view.last_missed.seat,
        "data-move": view.last_missed.move },
      el("b", {}, `«${PROZEVAL}» `), el("span", { class: "miss-meaning" }, prozevalMeaning(), " "), missText(view.last_missed, ctx.names)),
      flash && el("div", { class: "miss-flash", "data-testid": "miss-flash", role: "alert" },
        el("span", { class: "miss-word" }, PROZEVAL),
        el("span", { class: "miss-meaning" }, prozevalMeaning()),
        el("span", {}, missText(flash, ctx.names))));
  }

  function own(view, ctx) {
    const pile = view.piles[viewer];
    const pending = view.pending && view.pending.seat === viewer ? view.pending.card : null;
    const active = canTap(view, ctx);
    const hinted = (view.hints ?? []).length > 0;
    const draw = view.legal.find((a) => a.type === "draw") ?? null;
    const top = pile.top && !pile.out
      ? cardButton(pile.top, {
        enabled: active && !pending, selected: active && !pending ? choice.get() : undefined,
        testid: "own-top", extraClass: hinted ? "hint" : "",
        label: t("Your top card: {card}", { card: cardLabel(pile.top) }),
        onClick: () => { choice.set(!choice.get()); ctx.rerender(); },
      })
      : el("span", { class: "pile-empty", "data-testid": "own-empty" });
    return el("div", { class: "zevaka-own", "data-testid": "hand", role: "group", "aria-label": t("Your pile") },
      el("div", { class: "own-pile" }, el("span", { class: "pile-label" }, t("Your pile")), top,
        el("span", { class: "muted" }, pile.out ? t("Out!") : pileCounts(pile))),
      pending && el("div", { class: "own-pending" }, el("span", { class: "pile-label" }, t("You drew")),
        cardButton(pending, { enabled: false, selected: true, testid: "pending-card" })),
      !view.over && actionButtons([{
        text: view.phase === "piles" ? t("Draw from your pile") : t("Draw"), action: pending ? null : draw,
        data: { type: "draw" }, primary: true,
      }], { enabled: active, onAction: (action) => { choice.set(false); ctx.onAction(action); }, label: t("Draw"), extraClass: "draw-panel" }));
  }

  function status(view, ctx) {
    if (view.over) return t("Game over");
    if (view.to_act === viewer) {
      if (ctx.busy) return "…";
      if (view.pending && view.pending.seat === viewer) {
        return t("You drew {card}: tap the pile it goes on", { card: cardName(view.pending.card) });
      }
      if (!view.legal.some((a) => a.type === "draw")) return t("Your last card: tap the pile it goes on");
      if (choice.get()) return t("Now tap the pile your top card goes on");
      if (!view.piles[viewer].top) return t("Your turn: draw a card");
      // Strict mode must not give away whether a move exists: the status says what to look for.
      if (!view.hints) return t("Your turn: move your top card if it fits on a pile, else draw");
      if (view.hints.length === 0) return t("Your top card fits nowhere: draw");
      return t("Your turn: move your top card (tap it, then a lit pile)");
    }
    return waitingText(view, ctx.names, ctx, isPlaying);
  }

  function standings(view, names) {
    const rows = view.sheet?.rows ?? [];
    const result = rows[rows.length - 1];
    const order = result ? result.ranking : view.ranking.concat(view.piles.map((_, s) => s).filter((s) => !view.ranking.includes(s)));
    return sheetGrid({
      caption: result ? t("Places, cards left and «{word}» counts.", { word: PROZEVAL })
        : t("Cards held and «{word}» counts so far.", { word: PROZEVAL }),
      first: t("Place"),
      columns: [t("Player"), t("Cards"), t("Missed")],
      rows: order.map((s, i) => ({
        label: result || view.piles[s].out ? ordinal(i + 1) : "–",
        latest: s === (result ? result.loser : null),
        cells: [names[s], String(result ? result.cards[s] : view.piles[s].cards), String(result ? result.missed[s] : view.piles[s].missed)],
      })),
      extraClass: "zevaka-sheet",
    });
  }

  function finalText(view, names) {
    if (view.end === "draw") return t("The game is stuck: a draw.");
    if (view.end === "empty") return t("Every card found a place: nobody loses.");
    if (view.loser === null || view.loser === undefined) return "";
    const stuck = view.end === "deadlock";
    if (view.loser === viewer) {
      return stuck ? t("You are the zevaka: last with cards (the game was stuck; most cards loses).")
        : t("You are the zevaka: last with cards.");
    }
    const name = names[view.loser];
    return stuck ? t("{name} is the zevaka: last with cards (the game was stuck; most cards loses). You win!", { name })
      : t("{name} is the zevaka: last with cards. You win!", { name });
  }

  // What the game did to each player: "You: 2nd of 3, 1 miss".
  function dealLines(view, names) {
    const row = view.sheet?.rows?.at(-1);
    if (!row) return [];
    return seatsFromViewer(view.players).map((seat) => {
      const params = { place: ordinal(row.ranking.indexOf(seat) + 1), count: view.players,
        missed: tn("{n} miss", "{n} misses", row.missed[seat]) };
      return said(seat, names, N_("You: {place} of {count}, {missed}."), N_("{name}: {place} of {count}, {missed}."), params);
    });
  }

  const spec = {
    id: "zevaka",
    dealLines,
    feltClass: () => "zevaka-felt",
    info: (view) => tn("{n} card · {phase}", "{n} cards · {phase}", view.deck, {
      phase: view.phase === "stock" ? t("phase 1: the stock") : view.phase === "piles" ? t("phase 2: own piles") : t("game over"),
    }),
    badge: modeBadge,
    seat,
    me: (view, ctx) => [
      el("div", { class: "seat-name" }, ctx.names[viewer],
        view.piles[viewer].missed > 0 && el("span", { class: "missed-badge", "data-testid": "seat-missed" }, `×${view.piles[viewer].missed}`)),
    ],
    center: middle,
    centerKeys: () => [],
    hand: own,
    status,
    sheet: standings,
    reset: () => choice.set(false),
    narrate,
    actionName,
    hintText,
    markHint,
    place: (view, seat = viewer) => view.ranking.indexOf(seat) + 1, // the game ranks every seat at its end
    // «Прозевал!»: a new miss stays on the table for a moment (at least 0.9 s: it is the game's point).
    pause: (previous, next) => (next.last_missed && next.last_missed.move !== previous.last_missed?.move
      ? { missFlash: next.last_missed, ms: Math.max(args.settings.trickDelayMs, args.settings.trickDelayMs > 0 ? 900 : 0) }
      : null),
    finalBody: (next, names) => [el("p", { class: "winner-text", "data-testid": "winner" }, finalText(next, names)),
      standings(next, names)],
  };
  return createTable({ ...args, spec });
}
