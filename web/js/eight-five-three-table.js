// The 8-5-3 (Blato) table: three players with duties of 8, 5 and 3 tricks, the 8 naming
// the trump (or no trump, after an optional peek), the exchanges ("pulls": a card passed,
// a card returned, seen only by the two players involved), the 8's talon swap, then tricks.

import { el } from "./dom.js";
import { cardButton, cardName, cardView, suitSymbol, suitName } from "./cards.js";
import { sheetGrid, trumpMark, winnerText } from "./score-sheet.js";
import { N_, t, tc, tn, tp } from "./i18n.js";
import { cardList, dealKey, said } from "./narrate.js";
import {
  actionButtons, createTable, dealDoneTitle, handRow, isPlaying, legalBy, seatBox, seatsFromViewer, stat, viewer,
  waitingText,
} from "./table.js";
import {
  cardCount, playPrompt, playableHand, singlePlays, singleTrick, singleTrickKeys, trickActionName, trickWinnerText,
  trumpBadge,
} from "./trick-table.js";

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function dutyBadge(view, seat) {
  const duty = view.deal.duties[seat];
  return el("span", {
    class: `duty-badge duty-${duty}`, "data-testid": "seat-duty", title: tn("Duty: {n} trick", "Duty: {n} tricks", duty),
  }, duty);
}

function contractBadge(view) {
  const { contract } = view.deal;
  if (contract === null || contract === undefined) {
    return el("div", { class: "trump no-trump", "data-testid": "trump", "data-trump": "unset" },
      el("span", { class: "trump-label" }, t("Trump: –")));
  }
  if (contract === "MIN") {
    return el("div", { class: "trump no-trump", "data-testid": "trump", "data-trump": "MIN" },
      el("span", { class: "trump-label" }, t("Fewest tricks")));
  }
  return trumpBadge(contract === "NT" ? null : contract);
}

function tricksLine(view, seat) {
  if (view.deal.limits) {  // fewest tricks: the most this seat may take
    return stat("seat-won", tp("Tricks {won} / ≤{limit}", { won: el("b", {}, view.tricks_won[seat]), limit: view.deal.limits[seat] }));
  }
  return stat("seat-won", tp("Tricks {won} / {duty}", { won: el("b", {}, view.tricks_won[seat]), duty: view.deal.duties[seat] }));
}

function scoreStat(view, seat) {
  return el("span", { class: "stat", "data-testid": "seat-score", title: t("Running total") }, signed(view.scores[seat]));
}

const CONTRACTS = ["S", "H", "D", "C", "NT", "MIN"];

function contractText(suit) {
  if (suit === "NT") return t("No trump");
  if (suit === "MIN") return t("Fewest tricks");
  return null;
}

function declarePanel(view, ctx) {
  const legal = legalBy(view, "trump", (a) => a.suit);
  const peek = view.legal.find((a) => a.type === "peek") ?? null;
  const buttons = CONTRACTS.filter((suit) => legal.has(suit)).map((suit) => ({
    text: contractText(suit) ?? el("span", { class: `suit-on-dark suit-${suit}` }, suitSymbol(suit)),
    action: legal.get(suit), data: { type: "trump", suit },
    title: suit === "MIN" ? t("Take as few tricks as you can: the 8 at most 3, the 5 at most 5, the 3 at most 8")
      : contractText(suit) ?? t("Trump: {suit}", { suit: suitName(suit) }),
  }));
  const pass = view.legal.find((a) => a.type === "pass") ?? null;
  if (pass) {
    buttons.push({ text: t("Pass (redeal)"), action: pass, data: { type: "pass" }, title: t("Throw the hand in: once per game") });
  }
  if (peek) {
    buttons.push({ text: t("Peek at the talon"), action: peek, data: { type: "peek" },
      title: view.exchange.pulls.some((p) => p.giver === viewer) ? t("Peeking gives up your pulls this deal") : "" });
  }
  return actionButtons(buttons, { enabled: !ctx.busy, onAction: ctx.onAction, label: t("Name the trump"), extraClass: "declare-panel" });
}

function exchangePanel(view, ctx) {
  const stop = view.legal.find((a) => a.type === "stop") ?? null;
  return actionButtons([{ text: t("Stop passing"), action: stop, data: { type: "stop" } }],
    { enabled: !ctx.busy, onAction: ctx.onAction, label: t("Exchange") });
}

function talonPanel(view, ctx) {
  const done = view.legal.find((a) => a.type === "done") ?? null;
  if (!done) return null;
  return actionButtons([{ text: t("Done"), title: t("Keep this hand and start playing"), action: done, data: { type: "done" }, primary: true }],
    { enabled: !ctx.busy, onAction: ctx.onAction, label: t("Talon") });
}

// What happened in this deal's exchanges: cards only where you passed or received them.
function exchangeLog(view, ctx, fresh) {
  const { exchange } = view;
  const items = [];
  if (exchange.cancelled) {
    items.push(el("li", { class: "note" }, view.deal.contract === "MIN" ? t("Fewest tricks: no exchanges this deal.")
      : t("No trump: no exchanges this deal.")));
  }
  if (exchange.forfeited) items.push(el("li", { class: "note" }, t("The 8 peeked at the talon and gave up their pulls.")));
  exchange.pulls.forEach((pull) => {
    const current = exchange.current && exchange.current.giver === pull.giver && exchange.current.receiver === pull.receiver;
    items.push(el("li", { class: `pull${current ? " current" : ""}`, "data-testid": "pull" },
      pullText(pull, ctx.names),
      current && el("span", { class: "muted" }, " ", t("({n} passed)", { n: exchange.current.passed }))));
  });
  // The rule that picks each returned card, said once where you give or receive.
  if (exchange.pulls.some((pull) => pull.giver === viewer || pull.receiver === viewer)) {
    items.push(el("li", { class: "note rule-note", "data-testid": "return-rule" }, view.options?.return_rule === "standard"
      ? t("For each card passed, the rule makes the receiver return their highest card of its suit, counting the card just received (so it may come back).")
      : t("For each card passed, the rule makes the receiver return a card of its suit: their highest if it is higher than the card passed, else their lowest (the card itself if they have no other).")));
  }
  exchange.log.forEach((entry, index) => {
    const known = entry.given !== undefined;
    items.push(el("li", {
      class: `exchange${index === exchange.log.length - 1 && fresh ? " fresh-entry" : ""}`, "data-testid": "exchange",
      "data-giver": entry.giver, "data-receiver": entry.receiver,
      "data-given": entry.given ?? "", "data-returned": entry.returned ?? "",
    }, exchangeText(entry, ctx.names)));
  });
  if (items.length === 0) {
    items.push(el("li", { class: "note" }, exchange.first_deal ? t("No exchanges in the first deal.") : t("No exchanges this deal.")));
  }
  // Scrollable (a long deal's log), so focusable for the keyboard; it shows its newest entry.
  const log = el("ul", { class: "exchange-log", "data-testid": "exchange-log", tabindex: "0", "aria-label": t("Exchanges") }, items);
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  return log;
}

// Why a pull happens: the previous deal's surplus and deficit (rule G10).
function pullText(pull, names) {
  const giver = names[pull.giver];
  const receiver = names[pull.receiver];
  if (pull.giver === viewer) {
    return tn("You beat your duty last deal and {receiver} fell short: you may pass {receiver} up to {n} card, one at a time.",
      "You beat your duty last deal and {receiver} fell short: you may pass {receiver} up to {n} cards, one at a time.",
      pull.count, { receiver });
  }
  if (pull.receiver === viewer) {
    return tn("{giver} beat their duty last deal and you fell short: {giver} may pass you up to {n} card.",
      "{giver} beat their duty last deal and you fell short: {giver} may pass you up to {n} cards.", pull.count, { giver });
  }
  return tn("{giver} beat their duty last deal and {receiver} fell short: {giver} may pass {receiver} up to {n} card.",
    "{giver} beat their duty last deal and {receiver} fell short: {giver} may pass {receiver} up to {n} cards.",
    pull.count, { giver, receiver });
}

function exchangeText(entry, names) {
  if (entry.given === undefined) {
    return t("{giver} passed a card to {receiver} and got one back.", { giver: names[entry.giver], receiver: names[entry.receiver] });
  }
  const card = cardView(entry.given, "log-card");
  const returned = cardView(entry.returned, "log-card");
  const same = entry.given === entry.returned;
  if (entry.giver === viewer) {
    const name = names[entry.receiver];
    return same ? tp("You passed {card} to {name}; by the rule it came back.", { card, name })
      : tp("You passed {card} to {name}; by the rule you got back {returned}.", { card, name, returned });
  }
  const name = names[entry.giver];
  return same ? tp("{name} passed you {card}; the rule made you return it.", { name, card })
    : tp("{name} passed you {card}; the rule made you return {returned}.", { name, card, returned });
}

function talonArea(view, ctx) {
  const eight = view.deal.eight;
  const take = legalBy(view, "take", (a) => a.cards[0]);
  const enabled = ctx.humanToAct && !ctx.busy && view.phase === "talon";
  if (view.talon) {
    return el("div", { class: "talon", "data-testid": "talon" },
      el("span", { class: "muted" }, view.phase === "talon" ? t("Talon: take a card to swap") : t("Talon")),
      el("div", { class: "talon-cards" }, view.talon.map((code) => {
        const action = take.get(code);
        return cardButton(code, {
          enabled: enabled && Boolean(action), dimmed: enabled && !action, testid: "talon-card",
          extraClass: (view.discarded ?? []).includes(code) ? "dead" : "",
          onClick: action ? () => ctx.onAction(action) : undefined,
        });
      })));
  }
  return el("p", { class: "talon muted", "data-testid": "talon" },
    view.phase === "talon"
      ? tn("{name} (the 8) swaps with the talon: {n} swap so far", "{name} (the 8) swaps with the talon: {n} swaps so far",
        view.swaps, { name: ctx.names[eight] })
      : view.peeked ? tn("Talon: {n} card (the 8 peeked)", "Talon: {n} cards (the 8 peeked)", view.talon_count)
        : tn("Talon: {n} card", "Talon: {n} cards", view.talon_count));
}

function middle(view, ctx) {
  if (view.phase === "play" || view.phase === "over" || ctx.trickWinner !== null) return singleTrick(view, ctx);
  const fresh = Boolean(ctx.freshExchange);
  return el("div", { class: "blato-middle" }, exchangeLog(view, ctx, fresh), talonArea(view, ctx));
}

function hand(view, ctx) {
  if (view.phase === "exchange" || view.phase === "talon") {
    const type = view.phase === "exchange" ? "give" : "discard";
    const legal = legalBy(view, type, (a) => a.cards[0]);
    const active = ctx.humanToAct && !ctx.busy && legal.size > 0;
    const taken = new Set(view.taken ?? []);
    return handRow(view.hand, {
      active,
      props: (code) => {
        const action = legal.get(code);
        return {
          enabled: active && Boolean(action), dimmed: active && !action,
          extraClass: taken.has(code) ? "taken" : "",
          onClick: action ? () => ctx.onAction(action) : undefined,
        };
      },
    });
  }
  return playableHand(view, ctx);
}

function status(view, ctx) {
  if (ctx.trickWinner !== null) return trickWinnerText(ctx.trickWinner, ctx.names);
  if (view.over) return t("Game over");
  const { current } = view.exchange;
  if (view.to_act === viewer) {
    if (ctx.busy) return "…";
    if (view.phase === "declare") return t("You are the 8: name the trump");
    if (view.phase === "exchange") {
      const left = current.count - current.passed;
      return t("Pass a card to {name} (up to {n} more), or stop", { name: ctx.names[current.receiver], n: left });
    }
    if (view.phase === "talon") {
      if (view.legal.some((a) => a.type === "discard")) return t("Now put one of your cards into the talon");
      return view.legal.some((a) => a.type === "done")
        ? tn("Take a talon card to swap ({n} swap so far), or press Done", "Take a talon card to swap ({n} swaps so far), or press Done", view.swaps)
        : tn("Take a talon card to swap ({n} swap so far)", "Take a talon card to swap ({n} swaps so far)", view.swaps);
    }
    return playPrompt(view);
  }
  if (view.phase === "exchange" && current) {
    return waitingText(view, ctx.names, ctx, current.receiver === viewer
      ? (name) => t("{name} is passing cards to you; the rule picks each card you return…", { name })
      : (name) => t("{name} is passing cards to {receiver}…", { name, receiver: ctx.names[current.receiver] }));
  }
  const doing = {
    declare: (name) => t("{name} (the 8) is naming the trump…", { name }),
    talon: (name) => t("{name} (the 8) is swapping with the talon…", { name }),
  }[view.phase] ?? isPlaying;
  return waitingText(view, ctx.names, ctx, doing);
}

function sheet(view, names) {
  const rows = view.sheet?.rows ?? [];
  return sheetGrid({
    caption: [t("Tricks over or under the duty per deal; below: tricks / duty."),
      view.target ? t("+{target} wins.", { target: view.target }) : ""].join(" ").trim(),
    columns: names,
    rows: rows.map((row) => ({
      label: [el("span", { class: "deal-no" }, row.deal), el("span", { class: "deal-meta" }, row.contract === "MIN"
        ? el("span", { class: "trump-mark", title: t("Fewest tricks") }, tc("fewest tricks, short", "Min")) : trumpMark(row.contract))],
      cells: row.cells.map((c) => ({
        class: c.deviation >= 0 ? "hit" : "miss",
        content: [el("span", { class: "points" }, signed(c.deviation)),
          el("span", { class: "bid-tricks", title: t("Took {tricks}, duty {duty}", { tricks: c.tricks, duty: c.duty }) },
            `${c.tricks}/${c.duty}`)],
      })),
    })),
    totals: (view.scores ?? []).map((total) => signed(total)),
    extraClass: "blato-sheet",
  });
}

// ---- the announcements ----------------------------------------------------------------------
function contractName(contract) {
  return contract === "NT" ? t("no trump") : suitName(contract);
}

function narrate(previous, next, names) {
  const lines = [];
  const sameDeal = dealKey(previous) === dealKey(next);
  const eight = previous.deal.eight;
  if (sameDeal && !previous.peeked && next.peeked) {
    lines.push(said(eight, names, N_("You look at the talon"), N_("{name} looks at the talon")));
  }
  if (sameDeal && !previous.deal.contract && next.deal.contract) {
    lines.push(said(eight, names, N_("You name {contract}"), N_("{name} names {contract}"), { contract: contractName(next.deal.contract) }));
  }
  if (sameDeal) {
    for (const entry of next.exchange.log.slice(previous.exchange.log.length)) {
      const to = names[entry.receiver];
      if (entry.given === undefined) {
        lines.push(t("{name} passes a card face down to {to} and gets one back", { name: names[entry.giver], to }));
      } else if (entry.giver === viewer) {
        lines.push(t("You pass {card} to {to} and get back {back}",
          { card: cardName(entry.given), to, back: cardName(entry.returned) }));
      } else {
        lines.push(t("{name} passes you {card}; you give back {back}",
          { name: names[entry.giver], card: cardName(entry.given), back: cardName(entry.returned) }));
      }
    }
    const current = previous.exchange.current;
    if (previous.phase === "exchange" && current && next.exchange.log.length === previous.exchange.log.length) {
      lines.push(said(current.giver, names, N_("You stop passing"), N_("{name} stops passing")));
    }
    if (previous.phase === "talon") {
      if (next.swaps > previous.swaps) {
        const taken = (next.taken ?? []).filter((card) => !(previous.taken ?? []).includes(card));
        lines.push(taken.length ? t("You take {card} from the talon", { card: cardList(taken) })
          : t("{name} takes a card from the talon", { name: names[eight] }));
      } else if (next.hand_counts[eight] < previous.hand_counts[eight]) {
        const put = (next.discarded ?? []).filter((card) => !(previous.discarded ?? []).includes(card));
        lines.push(put.length ? t("You put {card} into the talon", { card: cardList(put) })
          : t("{name} puts a card into the talon", { name: names[eight] }));
      } else if (next.phase !== "talon") {
        lines.push(said(eight, names, N_("You keep your hand"), N_("{name} keeps the hand")));
      }
    }
  }
  return [...lines, ...singlePlays(previous, next, names)];
}

// How a hint names an action: the contract with "trump".
function actionName(action) {
  switch (action.type) {
    case "trump": return `${tc("action", "trump")} ${action.suit === "NT" ? t("No trump") : suitName(action.suit)}`.trim();
    case "pass": return tc("action", "pass");
    case "peek": return tc("action", "peek");
    case "give": return tc("action", "give");
    case "stop": return tc("action", "stop");
    case "take": return tc("action", "take");
    case "discard": return tc("action", "discard");
    case "done": return tc("action", "done");
    default: return trickActionName(action.type);
  }
}

// What the deal did to each player: "You took 9 tricks with a duty of 8: +1".
function dealLines(view, names) {
  const row = view.sheet.rows.at(-1);
  return seatsFromViewer(view.players).map((seat) => {
    const cell = row.cells[seat];
    const deviation = cell.deviation > 0 ? `+${cell.deviation}` : cell.deviation < 0 ? `−${-cell.deviation}` : "0";
    return said(seat, names, N_("You took {tricks} with a duty of {duty}: {deviation}."),
      N_("{name} took {tricks} with a duty of {duty}: {deviation}."),
      { tricks: tn("{n} trick", "{n} tricks", cell.tricks), duty: cell.duty, deviation });
  });
}

const spec = {
  id: "eight_five_three",
  dealLines,
  feltClass: () => "layout-row",
  info: (view) => t("Deal {deal} · to +{target}", { deal: view.deal.number, target: view.target }),
  badge: contractBadge,
  seat: (view, seat, ctx) => seatBox(view, seat, ctx.names, {
    badges: dutyBadge(view, seat),
    lines: [[cardCount(view.hand_counts[seat]), scoreStat(view, seat)], tricksLine(view, seat)],
  }),
  me: (view, ctx) => [
    el("div", { class: "seat-name" }, ctx.names[viewer], dutyBadge(view, viewer)),
    el("div", { class: "seat-line" }, scoreStat(view, viewer), tricksLine(view, viewer)),
  ],
  center: middle,
  centerKeys: singleTrickKeys,
  panel(view, ctx) {
    if (!ctx.humanToAct) return null;
    if (view.phase === "declare") return declarePanel(view, ctx);
    if (view.phase === "exchange") return exchangePanel(view, ctx);
    if (view.phase === "talon") return talonPanel(view, ctx);
    return null;
  },
  hand,
  status,
  sheet,
  // A card passed and returned: the entry stays highlighted for a moment.
  // Only exchanges you took part in carry cards; the others pass without a pause.
  pause: (previous, next) => (next.exchange.log.length > previous.exchange.log.length
    && next.deal.number === previous.deal.number
    && next.exchange.log[next.exchange.log.length - 1].given !== undefined ? { freshExchange: true } : null),
  narrate,
  actionName,
  dealTitle: dealDoneTitle,
  finalBody: (next, names) => [el("p", { class: "winner-text", "data-testid": "winner" }, winnerText(next, names)),
    sheet(next, names)],
};

export function createEightFiveThreeTable(args) {
  return createTable({ ...args, spec });
}
