// The table every game shares: a bar (leave, deal info, badge, Scores), the felt with the
// other seats and the middle of the table, your own seat with the status line, an optional
// control panel and your hand. A game module gives a small `spec` of render functions; the
// shell owns re-rendering, focus, the trick pause and the sheet dialogs between deals.
//
// Everything shown comes from the view; a click sends back one of view.legal's actions.

import { el, sleep } from "./dom.js";
import { cardBack, cardButton, cardName, cardView } from "./cards.js";
import { isAway, personSeats, seatNames, seatStyle, viewer } from "./seats.js";
import { listNames, showDialog, winnerText } from "./score-sheet.js";
import { focusSnapshot, installKeyboard, restoreFocus } from "./keyboard.js";
import { announce } from "./announce.js";
import { narrate } from "./narrate.js";
import { playSound } from "./sound.js";
import { t } from "./i18n.js";

// The viewer: the seat the table is drawn for (seats.js's live binding), seat 0 in solo play,
// the person on turn in pass-and-play. "You" on the table means this seat.
export { viewer };

// app.js sets these: the bar's "⋯" button opens the table tools (undo, hint, review…);
// help {hint(), undo(), canUndo(), claim()} drives the Hint, Undo and Claim buttons on the table itself.
let openTools = null;
let tableHelp = null;
export function setTableTools(handler, help = null) {
  openTools = handler;
  tableHelp = help;
}

// Hint and Undo beside your status. They are disabled, never hidden, while they cannot act,
// so the table keeps its layout between turns.
function helpButtons(view, { busy, humanToAct }) {
  if (!tableHelp) return null;
  return el("div", { class: "table-help", role: "group", "aria-label": t("Help") },
    el("button", {
      type: "button", class: "help-button", "data-testid": "table-undo",
      disabled: view.over || busy || !tableHelp.canUndo(), onclick: () => tableHelp.undo(),
    }, el("span", { class: "help-icon", "aria-hidden": "true" }, "↶"), el("span", { class: "help-text" }, t("Undo"))),
    el("button", {
      type: "button", class: "help-button", "data-testid": "table-hint",
      disabled: busy || !humanToAct, onclick: () => tableHelp.hint(),
    }, el("span", { class: "help-icon", "aria-hidden": "true" }, "?"), el("span", { class: "help-text" }, t("Hint"))),
    // Offered only on your lead when Python proves every remaining trick yours (rare, so shown then).
    view.can_claim && humanToAct && tableHelp.claim && el("button", {
      type: "button", class: "help-button claim-button primary", "data-testid": "table-claim",
      disabled: busy, onclick: () => tableHelp.claim(),
    }, el("span", { class: "help-icon", "aria-hidden": "true" }, "✓"), el("span", { class: "help-text" }, t("Claim the rest"))));
}

export function stat(testid, ...children) {
  return el("span", { class: "stat", "data-testid": testid }, ...children);
}

// A box at a seat's place around the felt: its name line, then lines of small facts.
export function seatBox(view, seat, names, { badges = [], lines = [], toAct = view.to_act === seat, extraClass = "" } = {}) {
  return el("div", {
    class: `seat${toAct ? " to-act" : ""}${extraClass ? ` ${extraClass}` : ""}`,
    "data-testid": "seat", "data-seat": seat,
    style: seatStyle(seat, view.players),
  },
    el("div", { class: "seat-name" }, names[seat], badges,
      isAway(seat) && el("span", { class: "away-badge", "data-testid": "seat-away" }, t("away"))),
    lines.map((line) => el("div", { class: "seat-line" }, line)));
}

// The hand: `props(code)` gives {enabled, dimmed, selected, onClick, extraClass} per card.
// Long hands overlap (two rows of nine on a phone, one row on a desktop).
export function handRow(cards, { active = false, props = () => ({}), hidden = 0, label = t("Your hand") } = {}) {
  const count = cards.length + hidden;
  const classes = ["hand", active && "your-play", count > 13 && "long", count > 16 && "very-long"].filter(Boolean);
  return el("div", {
    class: classes.join(" "), "data-testid": "hand", role: "group", "aria-label": label, "aria-describedby": "table-keys-hint",
    style: { "--cards": String(count) }, // a desktop's long hand overlaps only as much as the width needs
  },
    cards.map((code) => cardButton(code, props(code))),
    Array.from({ length: hidden }, () => cardBack("hand-back")));
}

// The legal actions of one type, as a map from a key to the action (sent back unchanged).
export function legalBy(view, type, key) {
  return new Map(view.legal.filter((a) => a.type === type).map((a) => [key(a), a]));
}

// A row of buttons for legal actions: [{label, action, testid, data, primary, title}].
export function actionButtons(buttons, { enabled, onAction, label = t("Your choice"), extraClass = "" }) {
  return el("div", { class: `action-panel ${extraClass}`.trim(), "data-testid": "action-panel", role: "group", "aria-label": label },
    buttons.map(({ text, action, testid = "action-button", data = {}, primary = false, title }) => el("button", {
      type: "button", class: `action-button${primary ? " primary" : ""}`, "data-testid": testid,
      dataset: data, title,
      disabled: !action || !enabled,
      onclick: action ? () => onAction(action) : undefined,
    }, text)));
}

function lastTrickChanged(previous, next) {
  return next.last_trick && JSON.stringify(next.last_trick) !== JSON.stringify(previous.last_trick)
    ? next.last_trick : null;
}

// Your result at the end: your side's in a partnership, else your place among all seats
// (spec.place(view, seat) where the game ranks the seats itself, else the winners first, then the
// scores: scores[i] is view.sides[i]'s, lower first with spec.lowScoreWins). In pass-and-play
// every person's, by name (the device is passed round: "You" would be whoever holds it).
export function yourResult(view, spec = {}, names = seatNames(view.players)) {
  const people = personSeats();
  if (people) return peopleResult(view, spec, people, names);
  const winners = view.winner ?? [];
  const yours = view.sides.findIndex((side) => side.includes(viewer));
  if (view.sides[yours].length > 1) {
    if (winners.length === view.players) return { text: t("Your team tied."), won: false };
    return winners.includes(viewer)
      ? { text: t("Your team won the match."), won: true } : { text: t("Your team lost the match."), won: false };
  }
  const place = placeOf(view, viewer, spec);
  return { text: t("You finished in place {place} of {count}.", { place, count: view.players }), won: place === 1 };
}

function placeOf(view, seat, spec) {
  if (spec.place) return spec.place(view, seat);
  const winners = view.winner ?? [];
  if (winners.includes(seat)) return 1;
  const scores = view.scores;
  const mine = view.sides.findIndex((side) => side.includes(seat));
  const better = (side) => (spec.lowScoreWins ? scores[side] < scores[mine] : scores[side] > scores[mine]);
  let place = 1;
  view.sides.forEach(([other], side) => {
    if (other !== seat && (winners.includes(other) || better(side))) place += 1;
  });
  return place;
}

function peopleResult(view, spec, people, names) {
  const winners = view.winner ?? [];
  const lines = [];
  if (view.sides.some((side) => side.length > 1)) {
    for (const side of view.sides) {
      const here = side.filter((seat) => people.includes(seat));
      if (!here.length) continue;
      const who = listNames(here.map((seat) => names[seat]));
      lines.push(winners.length === view.players ? t("{names}: a tie.", { names: who })
        : winners.includes(side[0]) ? t("{names} won the match.", { names: who }) : t("{names} lost the match.", { names: who }));
    }
  } else {
    for (const seat of people) {
      lines.push(t("{name} finished in place {place} of {count}.", { name: names[seat], place: placeOf(view, seat, spec), count: view.players }));
    }
  }
  return { text: lines.join(" "), won: people.some((seat) => winners.includes(seat)) };
}

// How a hint names an action: the game's words for it (spec.actionName: the verb, and a
// contract where there is one), then the bid and the cards.
export function describeAction(action, spec = {}) {
  const cards = action.cards ?? (action.card ? [action.card] : []);
  const named = cards.filter(Boolean).map(cardName).join(", ");
  const words = spec.actionName?.(action) ?? String(action.type).replace(/_/g, " ");
  return [words, action.n ?? "", named].filter((part) => part !== "").join(" ");
}

// Motion the player asked the system to reduce is left out (CSS stops the animations too).
function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// The trick's cards slide to the winner's seat and fade (after the pause that shows them).
async function gatherTrick(screen, winner, ms) {
  const seat = screen.querySelector(`[data-testid=seat][data-seat="${winner}"]`);
  const cards = [...screen.querySelectorAll("[data-testid=trick] .card")];
  if (!seat || !cards.length || reducedMotion() || ms <= 0) return;
  const target = seat.getBoundingClientRect();
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    const dx = target.left + target.width / 2 - (box.left + box.width / 2);
    const dy = target.top + target.height / 2 - (box.top + box.height / 2);
    card.classList.add("gathering");
    card.style.transform = `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(0.4)`;
    card.style.opacity = "0";
  }
  await sleep(ms);
}

// A short burst of suits over the final sheet when you win (static under reduced motion: CSS).
function celebration() {
  return el("div", { class: "celebration", "data-testid": "celebration", "aria-hidden": "true" },
    ["♠", "♥", "♦", "♣", "★", "♠", "♥", "♦", "♣"].map((suit) => el("span", {}, suit)));
}

/*
spec: {
  id                                the game's id (the screen's class game-<id>)
  names(view)                       seat names (default: seats.js)
  feltClass(view)                   extra classes of the felt
  info(view), badge(view)           the bar's middle: deal info and the trump (or contract) badge
  seat(view, seat, ctx)             an opponent's box (use seatBox)
  me(view, ctx)                     the lines of your own box (before the status)
  center(view, ctx)                 the middle of the felt
  centerKeys(trick, view)           keys of what the middle shows, for its slide-in (default: none)
  panel(view, ctx)                  controls above the hand, or null
  hand(view, ctx)                   the hand row
  status(view, ctx)                 the status text
  sheet(view, names)                the score sheet (a node)
  narrate(previous, next, names)    the sentences an action is announced with (narrate.js)
  actionName(action)                the verb a hint names an action with (describeAction)
  hintText(action, view, names)     a hint's words where the verb and cards are not enough (Zevaka: the pile)
  markHint(screen, action)          marks a hinted move beyond its cards in the hand (Zevaka: the pile)
  dealTitle(next)                   title of the deal's sheet dialog (next.closing: the deal as it ended)
  dealBody(next, names)             nodes above the sheet in that dialog
  finalBody(next, names)            nodes of the final dialog (default: winner text and sheet)
  dealLines(view, names)            one line per person of what the finished deal did to them, yours
                                    first ("You bid 0 and took 1: 0 points"); `view` is the deal as it ended
  pause(previous, next, names)      extra moment after an action: render options, or null
  reset(view)                       the view changed by a move: drop local choices (selection)
  lowScoreWins                      the lower total is the better place (Kozel's goat points)
  place(view)                       the viewer's place at the end, where the game ranks the seats (Zevaka)
}
A completed trick is shown when view.last_trick changes; a deal's end when the view brings
`closing` (Python's view of the finished deal as it ended, shown behind the deal's sheet).
ctx: {busy, stalled, humanToAct, trick, trickWinner, names, onAction, rerender, isFresh, ...extra}
*/
// onPlayAgain(): a new match with the same game, players, level and options (the final dialog).
export function createTable({ settings, onAction, onLeave, onPlayAgain = null, spec, title = spec.id }) {
  const screen = el("section", {
    class: `screen table-screen game-${spec.id}`, "data-testid": "table-screen", tabindex: "-1", "aria-label": t("Card table"),
  });
  installKeyboard();
  let current = null;
  let lastOptions = {};
  let names = [];
  let onScreen = new Set();
  let lastMove = null;
  let notice = null;
  let noticeIsAdvice = false; // a hint is advice, not a refusal: it looks calmer
  let reason = null; // a hint's reason line, from Python (engine/ai/hints.py)
  let hinted = new Set();
  let hintAction = null; // the hinted move, for the game's own marks (spec.markHint)
  let yourTurnSounded = false; // the "your turn" sound once per turn, not per re-render
  let dealShown = null; // the deal whose hand is on screen: a new one is dealt in with a short animation

  function openSheet() {
    if (!current) return;
    showDialog(screen, {
      title: t("Score sheet"), testid: "score-sheet-view", body: spec.sheet(current, names),
      buttons: [{ label: t("Close"), value: null, primary: true, testid: "close-sheet" }],
    });
  }

  // stalled: a bot's move failed, so no one is thinking.
  function render(view, options = {}) {
    const { busy = false, stalled = false, trick = view.trick, trickWinner = null } = options;
    current = view;
    lastOptions = options;
    names = spec.names ? spec.names(view) : seatNames(view.players);
    if (view.move !== lastMove) {
      lastMove = view.move;
      notice = null;
      reason = null;
      hinted = new Set();
      hintAction = null;
      spec.reset?.(view);
    }
    const focus = focusSnapshot(screen);
    const overlays = [...screen.querySelectorAll(":scope > .overlay")]; // an open dialog stays open
    const humanToAct = view.to_act === viewer && !view.over && trickWinner === null && !options.pausing;
    if (humanToAct && !busy && !yourTurnSounded) playSound("turn");
    yourTurnSounded = humanToAct;
    const ctx = {
      ...options, busy, stalled, trick, trickWinner, names, humanToAct, settings,
      onAction, rerender: () => render(current, lastOptions), isFresh: (key) => !onScreen.has(key),
    };
    const opponents = [];
    // Clockwise from your left, so the order on screen follows the places round the table.
    for (let step = 1; step < view.players; step += 1) opponents.push(spec.seat(view, (viewer + step) % view.players, ctx));

    // The new table goes in front of any open dialog, which stays where it is (moving it
    // would take the keyboard focus out of it).
    for (const child of [...screen.children]) if (!overlays.includes(child)) child.remove();
    const parts = el("div", {},
      el("h1", { class: "sr-only" }, title),
      el("header", { class: "table-bar" },
        el("button", { type: "button", class: "bar-button", "data-testid": "leave", "aria-label": t("Games"), onclick: onLeave },
          el("span", { "aria-hidden": "true" }, "‹ "), el("span", { class: "bar-text" }, t("Games"))),
        el("div", { class: "deal-info", "data-testid": "deal-info" }, spec.info(view)),
        spec.badge(view, ctx),
        el("button", { type: "button", class: "bar-button", "data-testid": "open-sheet", onclick: openSheet }, t("Scores")),
        openTools && el("button", {
          type: "button", class: "bar-button", "data-testid": "open-tools", "aria-label": t("Table tools"),
          onclick: () => openTools(screen),
        }, "⋯")),
      el("div", { class: `felt players-${view.players}${view.players > 4 ? " crowded" : ""} ${spec.feltClass?.(view) ?? ""}`.trim() },
        opponents, spec.center(view, ctx)),
      el("div", { class: `me${humanToAct && !busy ? " to-act" : ""}`, "data-testid": "seat", "data-seat": viewer },
        spec.me(view, ctx),
        // The buttons float at the right of the status, whose words flow around them: no new row.
        el("div", { class: "status-row" },
          helpButtons(view, ctx),
          el("p", { class: "status", "data-testid": "status", "aria-live": "polite" }, spec.status(view, ctx))),
        notice && el("p", {
          class: `table-notice${noticeIsAdvice ? " advice" : ""}`, "data-testid": "table-notice", role: "status",
        }, el("span", { class: "notice-main" }, notice),
        reason && el("span", { class: "notice-reason", "data-testid": "hint-reason" }, reason))),
      spec.panel?.(view, ctx),
      spec.hand(view, ctx),
      el("p", { id: "table-keys-hint", class: "sr-only" },
        t("Arrow keys move between cards and between buttons of a group; Enter or Space plays or selects.")),
    );
    screen.prepend(...parts.childNodes);
    onScreen = new Set(spec.centerKeys?.(trick, view) ?? []);
    for (const card of screen.querySelectorAll("[data-testid=hand-card]")) {
      if (hinted.has(card.dataset.card)) card.classList.add("hinted");
    }
    if (hintAction) spec.markHint?.(screen, hintAction);
    const deal = view.deal.number;
    if (deal !== dealShown && view.hand?.length && !view.over) {
      if (dealShown !== null) { // not the table first opened (a resumed game is not dealt again)
        screen.querySelectorAll("[data-testid=hand] .card").forEach((card, index) => {
          card.classList.add("dealt");
          card.style.setProperty("--deal-order", String(index));
        });
      }
      dealShown = deal;
    }
    screen.dataset.phase = view.phase;
    screen.dataset.toAct = String(view.to_act);
    screen.dataset.busy = String(busy);
    restoreFocus(screen, focus);
  }

  // What an action changed, shown before the table moves on: the completed trick for a
  // moment, then the deal's line of the score sheet (or the final sheet).
  async function showOutcome(previous, next) {
    announce(narrate(previous, next, names, spec.narrate));
    playSound("card");
    const trick = lastTrickChanged(previous, next);
    const dealDone = Boolean(next.closing);
    const shown = next.closing ?? next; // behind the deal's sheet, the deal as it ended
    const pause = spec.pause?.(previous, next, names);
    if (pause) {
      render(shown, { busy: true, pausing: true, ...pause });
      await sleep(pause.ms ?? settings.trickDelayMs);
    }
    if (trick) {
      render(shown, { busy: true, trick, trickWinner: trick.winner ?? null });
      playSound("trick");
      await sleep(settings.trickDelayMs);
      if (trick.winner !== null && trick.winner !== undefined) await gatherTrick(screen, trick.winner, Math.min(320, settings.trickDelayMs / 3));
    }
    // Behind the sheet the finished deal stays on the table, not the next one.
    const review = tableHelp?.review?.allowed() ? tableHelp.review : null;
    if (next.over) {
      render(shown, { busy: true, trick: trick ?? next.last_trick });
      const result = yourResult(next, spec, names);
      if (result.won) playSound("won");
      // Your place goes just under the winner line of the game's final body.
      const body = el("div", {}, spec.finalBody ? spec.finalBody(next, names)
        : [el("p", { class: "winner-text", "data-testid": "winner" }, winnerText(next, names)), spec.sheet(next, names)]);
      const placeLine = el("p", { class: "place-line", "data-testid": "your-place" }, result.text);
      const winnerLine = body.querySelector("[data-testid=winner]");
      if (winnerLine) winnerLine.after(placeLine);
      else body.prepend(placeLine);
      const lines = spec.dealLines?.(next, names) ?? [];
      if (lines.length) body.querySelector("[data-testid=your-place]")?.after(dealLines(lines));
      const parts = [result.won && celebration(), ...body.childNodes];
      let choice = "review";
      while (choice === "review") {
        choice = await showDialog(screen, {
          title: t("Game over"), testid: "final-sheet", body: parts,
          buttons: [
            { label: t("See the table"), value: "stay", testid: "stay" },
            review && { label: t("Review the deals"), value: "review", testid: "review-deals" },
            { label: t("Change settings"), value: "new", testid: "new-game" },
            onPlayAgain && { label: t("Play again"), value: "again", primary: true, testid: "play-again" },
          ].filter(Boolean),
        });
        if (choice === "review") await openReview(review, finishedDeals(next));
      }
      if (choice === "new") onLeave();
      else if (choice === "again") onPlayAgain();
    } else if (dealDone) {
      render(shown, { busy: true, trick: trick ?? next.last_trick });
      const lines = spec.dealLines?.(next.closing, names) ?? [];
      let choice = "review";
      while (choice === "review") {
        choice = await showDialog(screen, {
          title: spec.dealTitle(next), testid: "deal-sheet",
          body: [spec.dealBody?.(next, names), lines.length && dealLines(lines), spec.sheet(next, names)],
          buttons: [
            review && { label: t("Review the deal"), value: "review", testid: "review-deal" },
            { label: t("Continue"), value: null, primary: true, testid: "continue" },
          ].filter(Boolean),
        });
        if (choice === "review") await openReview(review, finishedDeals(next));
      }
    }
  }

  // The deal review over the table (deal-review.js, loaded when first opened): `review.load(deal)`
  // asks Python; the game's words, sheet and end-of-deal lines come from the spec.
  async function openReview(review, count, start = count, host = screen) {
    const { openDealReview } = await import("./deal-review.js");
    await openDealReview({ host, spec, names, load: review.load, count, start });
  }

  // From the table tools: every finished deal, the last first (only where the review is allowed).
  function reviewDeals() {
    const review = tableHelp?.review?.allowed() ? tableHelp.review : null;
    const count = current ? finishedDeals(current) : 0;
    if (!review || count < 1) return false;
    openReview(review, count);
    return true;
  }

  // A message from Python about a try it refused (the table is unchanged); gone after the next move.
  function showNotice(message, { advice = false, why = null } = {}) {
    notice = message;
    noticeIsAdvice = advice;
    reason = why;
    if (current) render(current, lastOptions);
  }

  // The hard bot's suggestion: the move said in the notice line (the game's words, spec.hintText
  // where it names a place, such as Zevaka's pile), the reason under it, its cards marked in the
  // hand and anything else the game marks (spec.markHint).
  function showHint(action, why = null) {
    hinted = new Set(action.cards ?? (action.card ? [action.card] : []));
    hintAction = action;
    const words = spec.hintText?.(action, current, names) ?? describeAction(action, spec);
    showNotice(t("Hint: {action}", { action: words }), { advice: true, why: why || null });
  }

  // The play checker's question: `action` is clearly worse than `best`, by `cost` (Python's line).
  // Resolves true to play it anyway, false to take it back (also Escape).
  async function checkMove(action, best, cost) {
    const choice = await showDialog(screen, {
      title: t("Check your move"), testid: "move-check",
      body: [el("p", { class: "check-cost", "data-testid": "check-cost" }, cost),
        el("p", {}, t("The computer would play: {action}", { action: spec.hintText?.(best, current, names) ?? describeAction(best, spec) }))],
      buttons: [
        { label: t("Take it back"), value: false, testid: "check-back" },
        { label: t("Play it anyway"), value: true, primary: true, testid: "check-play" },
      ],
    });
    return choice === true;
  }

  // The same table again (the language changed): the view and the moment as they were; a
  // notice Python gave in the old language is dropped.
  function rerender() {
    notice = null;
    reason = null;
    hintAction = null;
    if (current) render(current, lastOptions);
  }

  // Pass-and-play, before the privacy screen: the table is emptied (its open dialogs too), so no
  // card of the last hand stays in the page; the next render fills it again.
  function conceal() {
    screen.replaceChildren();
  }

  return { screen, render, rerender, showOutcome, showNotice, showHint, checkMove, conceal, reviewDeals, openReview };
}

// The seats in the order the end-of-deal lines name them: the viewer first, then clockwise.
export function seatsFromViewer(players) {
  return Array.from({ length: players }, (_, step) => (viewer + step) % players);
}

// The sides (view.sides) in that order: the viewer's first.
export function sidesFromViewer(view) {
  const order = seatsFromViewer(view.players);
  const first = (seats) => Math.min(...seats.map((seat) => order.indexOf(seat)));
  return view.sides.map((seats, index) => ({ seats, index })).sort((a, b) => first(a.seats) - first(b.seats));
}

// How many deals of the match are over (a view taken right after a deal ended is the next one's).
export function finishedDeals(view) {
  return view.over ? view.deal.number : view.deal.number - 1;
}

// What happened to each person in the deal (spec.dealLines): yours first.
function dealLines(lines) {
  return el("ul", { class: "deal-lines", "data-testid": "deal-lines" }, lines.map((line) => el("li", {}, line)));
}

// The title of the dialog after a deal.
export function dealDoneTitle(next) {
  return t("Deal {deal} done", { deal: next.closing.deal.number });
}

// What a bot is doing, for waitingText.
export const isPlaying = (name) => t("{name} is playing…", { name });

// A bot's or your turn, said the same way in every game: doing(name) says what the bot does.
export function waitingText(view, names, { stalled }, doing) {
  if (view.to_act === null || view.to_act === undefined || view.to_act === viewer) return "";
  const name = names[view.to_act];
  if (stalled) return t("{name} could not move: press Try again", { name });
  return doing(name);
}

export { cardView, cardBack };
