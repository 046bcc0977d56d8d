// The Kozel table: two teams (view.sides: you and your partner against the other two), or
// 2–3 players each for themselves (K23: one side per seat), the trump card and where it
// lies, the trick as one row of cards per player (face-down passes as backs), and a hand in
// which you select the cards of a lead, a beat or a pass before pressing its button.
//
// JavaScript decides nothing: a button is enabled only when the selected cards equal (as a
// set) the cards of one of view.legal's actions of that type, and that action is sent.

import { el } from "./dom.js";
import { cardBack, cardLabel, cardView } from "./cards.js";
import { listNames, sheetGrid, trumpMark } from "./score-sheet.js";
import { N_, t, tc, tn, tp } from "./i18n.js";
import { cardList, dealKey, said } from "./narrate.js";
import {
  actionButtons, createTable, dealDoneTitle, handRow, isPlaying, seatBox, sidesFromViewer, stat, viewer, waitingText,
} from "./table.js";
import {
  cardCount, dealerBadge, isPartner, partnership, sideLabel, sideName, sideOf, trickActionName, trickNews, trumpBadge,
} from "./trick-table.js";

function kindText(kind) {
  if (kind === "lead") return t("led");
  if (kind === "beat") return t("beat");
  if (kind === "pass") return t("passed");
  return kind;
}

function sameSet(a, b) {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((card) => set.has(card));
}

function rangeText(sizes) {
  const list = [...sizes].sort((a, b) => a - b);
  if (list.length === 0) return "";
  if (list.length === 1) return tn("{n} card", "{n} cards", list[0]);
  const high = list[list.length - 1];
  return tn("{low}–{n} card", "{low}–{n} cards", high, { low: list[0] });
}

// The stock and the trump card: shown to all, left in the stock (how deep) or drawn (by whom).
function stockInfo(view, names) {
  const { deal } = view;
  const where = deal.trump_card_depth !== null && deal.trump_card_depth !== undefined
    ? (deal.trump_card_depth === 0 ? t("Trump card on top of the stock")
      : tn("The trump card comes up after {n} more card from the stock", "The trump card comes up after {n} more cards from the stock",
        deal.trump_card_depth))
    : deal.trump_card_drawn_by !== null && deal.trump_card_drawn_by !== undefined
      ? (deal.trump_card_drawn_by === viewer ? t("Trump card drawn by you")
        : t("Trump card drawn by {name}", { name: names[deal.trump_card_drawn_by] }))
      : t("Trump card");
  return el("div", { class: "kozel-stock", "data-testid": "stock", "data-count": view.stock_count },
    el("div", { class: "stock-pile" },
      view.stock_count > 0 ? cardBack("stock-card", t("The stock")) : el("span", { class: "stock-empty" }),
      el("span", { class: "stock-count" }, view.stock_count)),
    el("div", { class: "trump-card-info", "data-testid": "trump-card", "data-card": deal.trump_card,
      "data-depth": deal.trump_card_depth ?? "", "data-drawn-by": deal.trump_card_drawn_by ?? "" },
    cardView(deal.trump_card, "trump-card"),
    el("span", { class: "trump-card-text" },
      el("span", {}, tn("{n} card in the stock", "{n} cards in the stock", view.stock_count)),
      el("span", { class: "muted" }, where))));
}

function playRow(play, { names, winning, molodka }) {
  const who = names[play.seat];
  return el("div", {
    class: `trick-row${play.seat === winning ? " winning" : ""}${play.kind === "pass" ? " passed" : ""}`,
    "data-testid": "trick-play", "data-seat": play.seat, "data-kind": play.kind,
  },
    el("div", { class: "trick-who" },
      el("span", { class: "trick-name" }, who),
      el("span", { class: "trick-kind" }, play.seat === molodka && play.kind === "lead" ? t("molodka") : kindText(play.kind))),
    el("div", { class: "trick-cards" }, play.cards.map((card) => (card
      ? cardView(card, play.face_down ? "own-pass" : "")
      : cardBack()))));
}

function trickRows(view, ctx) {
  const trick = ctx.trick ?? { plays: [], cancelled: [] };
  const winning = ctx.trickWinner ?? trick.winning ?? null;
  const molodka = trick.molodka ?? null;
  const cancelled = trick.cancelled ?? [];
  const back = cancelled.reduce((n, p) => n + p.cards.length, 0);
  return el("div", { class: "kozel-trick", "data-testid": "trick", role: "group", "aria-label": t("Current trick") },
    cancelled.length > 0 && el("p", { class: "molodka-note", "data-testid": "molodka-note" },
      molodka === viewer
        ? tn("Molodka! You called it: the {n} card on the table went back.",
          "Molodka! You called it: the {n} cards on the table went back.", back)
        : tn("Molodka! {name} called it: the {n} card on the table went back.",
          "Molodka! {name} called it: the {n} cards on the table went back.", back, { name: ctx.names[molodka] })),
    trick.plays.length === 0
      ? el("p", { class: "trick-empty" }, view.over ? "" : t("No cards on the table yet."))
      : trick.plays.map((play) => playRow(play, { names: ctx.names, winning, molodka })));
}

// One line per side: tricks this deal, card points (only when the view gives them), defeat points.
function teamLines(view, names) {
  return view.sides.map((_, team) => el("div", { class: "seat-line team-line", "data-testid": "team-line", "data-team": team },
    el("b", { class: "team-name" }, sideName(view, team, names)),
    stat("team-tricks", tn("{n} trick", "{n} tricks", view.side_tricks[team])),
    view.card_points && stat("card-points", tn("{n} card pt", "{n} card pts", view.card_points[team])),
    el("span", { class: "stat", "data-testid": "team-score",
      title: t("A side that reaches {limit} penalty points loses the party: it is the goat", { limit: view.limit }) },
    t("{points} of {limit} penalty points", { points: view.scores[team], limit: view.limit }))));
}

// Local choice: the cards you have selected for this move (dropped when the move changes).
function createSelection() {
  let cards = [];
  return {
    get: () => cards,
    clear: () => { cards = []; },
    toggle(code) {
      cards = cards.includes(code) ? cards.filter((c) => c !== code) : [...cards, code];
    },
  };
}

function controls(view, ctx, selection) {
  const enabled = ctx.humanToAct && !ctx.busy;
  const picked = selection.get();
  const match = (type) => view.legal.find((a) => a.type === type && sameSet(a.cards, picked)) ?? null;
  const molodka = view.legal.find((a) => a.type === "molodka") ?? null;
  const buttons = [];
  if (view.phase === "molodka") {
    buttons.push({ text: t("Molodka"), action: molodka, data: { type: "molodka" }, primary: true,
      title: t("Call your molodka: the cards on the table go back, you lead your four") });
    buttons.push({ text: t("Decline"), action: view.legal.find((a) => a.type === "decline") ?? null, data: { type: "decline" } });
  } else if (view.trick.plays.length === 0) {
    buttons.push({ text: t("Lead"), action: picked.length ? match("play") : null, data: { type: "play" }, primary: true });
  } else {
    buttons.push({ text: t("Beat"), action: picked.length ? match("play") : null, data: { type: "play" }, primary: true });
    buttons.push({ text: t("Pass"), action: picked.length ? match("pass") : null, data: { type: "pass" },
      title: view.options?.passes === "face_up" ? t("Pass these cards face up") : t("Pass these cards face down") });
    if (molodka) {
      buttons.push({ text: t("Molodka"), action: molodka, data: { type: "molodka" },
        title: t("Call your molodka: the cards on the table go back, you lead your four") });
    }
  }
  const panel = actionButtons(buttons, {
    enabled, label: t("Your play"), extraClass: "kozel-actions",
    onAction: (action) => { selection.clear(); ctx.onAction(action); },
  });
  if (view.phase !== "molodka") {
    const dots = enabled && view.trick.plays.length > 0 && view.legal.some((a) => a.type === "play");
    panel.append(el("span", { class: `beat-legend${dots ? "" : " unused"}`, "data-testid": "beat-legend", "aria-hidden": String(!dots) },
      el("span", { class: "dot", "aria-hidden": "true" }), t("Gold dot: this card can beat")));
  }
  return panel;
}

function hand(view, ctx, selection) {
  const choosing = ctx.humanToAct && view.phase === "play";
  const usable = new Set();
  const beating = new Set();
  if (choosing) {
    for (const action of view.legal) {
      if (action.type !== "play" && action.type !== "pass") continue;
      for (const card of action.cards) usable.add(card);
      if (action.type === "play" && view.trick.plays.length > 0) for (const card of action.cards) beating.add(card);
    }
  }
  const picked = selection.get();
  return handRow(view.hand, {
    active: choosing && !ctx.busy,
    props: (code) => ({
      enabled: choosing && !ctx.busy && usable.has(code),
      dimmed: choosing && !usable.has(code),
      selected: choosing ? picked.includes(code) : undefined,
      extraClass: beating.has(code) ? "can-beat" : "",
      label: beating.has(code) ? t("{card} (can be part of a beat)", { card: cardLabel(code) }) : cardLabel(code),
      onClick: () => { selection.toggle(code); ctx.rerender(); },
    }),
  });
}

function status(view, ctx) {
  if (ctx.trickWinner !== null) {
    return ctx.trickWinner === viewer ? t("You took the trick") : t("{name} took the trick", { name: ctx.names[ctx.trickWinner] });
  }
  if (view.over) return t("The party is over");
  if (view.to_act === viewer) {
    if (ctx.busy) return "…";
    if (view.phase === "molodka") return t("You hold a molodka: call it now, or decline");
    const sizes = new Set(view.legal.filter((a) => a.type !== "molodka").map((a) => a.cards.length));
    if (view.trick.plays.length === 0) return t("Your lead: select {cards}, then press Lead", { cards: rangeText(sizes) });
    // Only the actions that exist: with no beat in view.legal, passing is all there is.
    if (!view.legal.some((a) => a.type === "play")) {
      const count = Math.min(...sizes);
      return view.options?.passes === "face_up"
        ? tn("You cannot beat: pass {n} card face up",
          "You cannot beat: pass {n} cards face up", count)
        : tn("You cannot beat: pass {n} card face down",
          "You cannot beat: pass {n} cards face down", count);
    }
    return sizes.has(1) && sizes.size === 1
      ? t("Answer with {cards}: select it, then Beat or Pass", { cards: rangeText(sizes) })
      : t("Answer with {cards}: select them, then Beat or Pass", { cards: rangeText(sizes) });
  }
  return waitingText(view, ctx.names, ctx,
    view.phase === "molodka" ? (name) => t("{name} is thinking about a molodka…", { name }) : isPlaying);
}

function sheet(view, names) {
  const rows = view.sheet?.rows ?? [];
  const limit = view.limit ?? view.options?.limit;
  const teamCells = (row, team) => [
    { content: row.card_points[team], title: tn("{n} trick", "{n} tricks", row.tricks[team]) },
    { class: row.points[team] > 0 ? "miss" : "hit",
      content: [el("span", { class: "points" }, row.points[team] > 0 ? `+${row.points[team]}` : "0"),
        row.multiplier > 1 && el("span", { class: "bid-tricks" }, `×${row.multiplier}`)] },
    { content: row.totals[team], class: "running" },
  ];
  return sheetGrid({
    caption: t("Card points of each deal, defeat points (+) and running totals; {limit} defeat points make the goat.", { limit }),
    extraClass: "kozel-sheet",
    groups: view.sides.map((_, team) => ({ label: sideLabel(view, team, names), span: 3 })),
    columns: view.sides.flatMap(() => [t("Card pts"), t("Defeat"), t("Total")]),
    rows: rows.map((row) => ({
      label: [el("span", { class: "deal-no" }, row.deal),
        el("span", { class: "deal-meta" }, trumpMark(row.trump), row.eggs && el("span", { title: t("Eggs: 60:60") }, "🥚"))],
      cells: view.sides.flatMap((_, team) => teamCells(row, team)),
    })),
    totals: view.sides.map((_, team) => ({ content: `${view.scores[team]} / ${limit}`, span: 3 })),
  });
}

function dealResult(view, names) {
  const row = view.sheet.rows[view.sheet.rows.length - 1];
  if (row.card_points.length > 2) return dealResultOfThree(view, names, row);
  const [us, them] = row.card_points;
  const lines = [el("p", { class: "deal-score", "data-testid": "deal-result" },
    `${sideName(view, 0, names)} ${us} : ${them} ${sideName(view, 1, names)}`,
    el("span", { class: "muted" }, " ", t("(tricks {us} : {them})", { us: row.tricks[0], them: row.tricks[1] })))];
  if (row.eggs) {
    lines.push(el("p", { class: "deal-note" }, t("Eggs! 60 : 60: no defeat points this deal.")));
  } else {
    const loser = row.points[0] > 0 ? 0 : 1;
    const team = sideLabel(view, loser, names);
    lines.push(el("p", { class: "deal-note" }, !partnership(view)
      ? defeatLine(view, loser, row.points[loser], names)
      : row.multiplier > 1
      ? tn("{team} score {n} defeat point (×{times} after eggs).", "{team} score {n} defeat points (×{times} after eggs).",
        row.points[loser], { team, times: row.multiplier })
      : tn("{team} score {n} defeat point.", "{team} score {n} defeat points.", row.points[loser], { team })));
  }
  return lines;
}

// K23: one player's defeat points of the deal.
function defeatLine(view, side, points, names) {
  if (view.sides[side][0] === viewer) return tn("You score {n} defeat point.", "You score {n} defeat points.", points);
  return tn("{name} scores {n} defeat point.", "{name} scores {n} defeat points.", points, { name: sideName(view, side, names) });
}

// K23, three players: each one's card points, and every defeat point scored.
function dealResultOfThree(view, names, row) {
  const lines = [el("p", { class: "deal-score", "data-testid": "deal-result" },
    row.card_points.map((points, side) => `${sideName(view, side, names)} ${points}`).join(" : "))];
  row.points.forEach((points, side) => {
    if (points > 0) {
      lines.push(el("p", { class: "deal-note" }, defeatLine(view, side, points, names)));
    }
  });
  return lines;
}

// What the deal did to each side: "Your team: 58 card points, 2 defeat points".
function dealLines(view, names) {
  const row = view.sheet.rows.at(-1);
  return sidesFromViewer(view).map(({ seats, index }) => {
    const params = {
      points: row.card_points[index], defeat: tn("{n} defeat point", "{n} defeat points", row.points[index]),
    };
    if (seats.includes(viewer)) {
      return seats.length > 1 ? t("Your team: {points} card points, {defeat}.", params) : t("You: {points} card points, {defeat}.", params);
    }
    return t("{players}: {points} card points, {defeat}.", { players: listNames(seats.map((s) => names[s])), ...params });
  });
}

function goatText(view, names) {
  const goat = view.goat;
  if (!goat) return "";
  if (!partnership(view)) {
    const name = names[goat.seats[0]];
    const text = goat.eggs ? t("{name} is the goat with eggs!", { name }) : t("{name} is the goat!", { name });
    const winners = view.winner ?? [];
    if (winners.includes(viewer)) return `${text} ${t("You win!")}`;
    if (winners.length === 1) return `${text} ${t("{name} wins.", { name: names[winners[0]] })}`;
    return winners.length ? `${text} ${t("{names} win.", { names: listNames(winners.map((s) => names[s])) })}` : text;
  }
  const who = listNames(goat.seats.map((s) => names[s]));
  const text = goat.eggs ? t("{players} are the goat with eggs!", { players: who }) : t("{players} are the goat!", { players: who });
  if (goat.seats.includes(viewer)) return text;
  const partners = view.sides[sideOf(view, viewer)].filter((seat) => seat !== viewer);
  return `${text} ${t("You and {partner} win.", { partner: listNames(partners.map((s) => names[s])) })}`;
}

// ---- the announcements ----------------------------------------------------------------------
function kozelPlay(play, names) {
  const count = play.cards.length;
  if (play.kind === "pass") {
    if (play.cards.some((card) => !card)) {
      return said(play.seat, names, N_("You pass {count} face down"), N_("{name} passes {count} face down"),
        { count: count === 1 ? t("a card") : tn("{n} card", "{n} cards", count) });
    }
    return play.face_down
      ? t("You pass {cards} face down", { cards: cardList(play.cards) })
      : said(play.seat, names, N_("You pass {cards}"), N_("{name} passes {cards}"), { cards: cardList(play.cards) });
  }
  const params = { cards: cardList(play.cards) };
  return play.kind === "lead"
    ? said(play.seat, names, N_("You lead {cards}"), N_("{name} leads {cards}"), params)
    : said(play.seat, names, N_("You beat with {cards}"), N_("{name} beats with {cards}"), params);
}

function narrate(previous, next, names) {
  const lines = [];
  const molodka = next.trick?.molodka;
  if (dealKey(previous) === dealKey(next) && molodka !== null && molodka !== undefined
    && (previous.trick?.molodka === null || previous.trick?.molodka === undefined)) {
    lines.push(said(molodka, names, N_("You call molodka!"), N_("{name} calls molodka!")));
    lines.push(...next.trick.plays.map((play) => kozelPlay(play, names)));
    return lines;
  }
  const { plays, tricks } = trickNews(previous, next);
  if (!plays.length && !tricks.length && previous.phase === "molodka" && previous.to_act !== null) {
    lines.push(said(previous.to_act, names, N_("You decline the molodka"), N_("{name} declines the molodka")));
  }
  lines.push(...plays.map((play) => kozelPlay(play, names)));
  lines.push(...tricks.map((trick) => (trick.winner === null || trick.winner === undefined ? ""
    : said(trick.winner, names, N_("You take the trick"), N_("{name} takes the trick")))));
  return lines;
}

function actionName(action) {
  switch (action.type) {
    case "pass": return tc("action", "pass");
    case "molodka": return tc("action", "molodka");
    case "decline": return tc("action", "decline");
    default: return trickActionName(action.type);
  }
}

export function createKozelTable(args) {
  const selection = createSelection();
  const spec = {
    id: "kozel",
    lowScoreWins: true, // goat points
    feltClass: () => "layout-row",
    info: (view) => t("Deal {deal} · goat at {limit}", { deal: view.deal.number, limit: view.limit }),
    badge: (view) => trumpBadge(view.deal.trump),
    seat: (view, seat, ctx) => seatBox(view, seat, ctx.names, {
      badges: [isPartner(view, seat) && el("span", { class: "partner-badge", title: t("Your partner") }, t("partner")),
        dealerBadge(view.deal.dealer, seat)],
      lines: [[cardCount(view.hand_counts[seat]),
        view.deal.trump_card_drawn_by === seat && el("span", { class: "drew-trump", title: t("Drew the trump card") },
          tp("drew {card}", { card: cardView(view.deal.trump_card, "mini") }))]],
      extraClass: isPartner(view, seat) ? "team-us" : "team-them",
    }),
    me: (view, ctx) => [
      el("div", { class: "seat-name" }, ctx.names[viewer], dealerBadge(view.deal.dealer, viewer)),
      teamLines(view, ctx.names),
    ],
    center: (view, ctx) => el("div", { class: "kozel-middle" }, stockInfo(view, ctx.names), trickRows(view, ctx)),
    centerKeys: () => [],
    // Shown (disabled) between your turns too: the table keeps its layout.
    panel: (view, ctx) => (view.over ? null : controls(view, ctx, selection)),
    hand: (view, ctx) => hand(view, ctx, selection),
    status,
    sheet,
    reset: () => selection.clear(),
    narrate,
    actionName,
    dealTitle: dealDoneTitle,
    dealBody: dealResult,
    dealLines,
    finalBody: (next, names) => [
      el("p", { class: "winner-text", "data-testid": "winner" }, goatText(next, names)),
      dealResult(next, names),
      sheet(next, names),
    ],
  };
  return createTable({ ...args, spec });
}
