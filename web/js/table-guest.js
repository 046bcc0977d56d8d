// The guest's side of "one table, several phones" (docs/one-table.md). The guest's phone holds
// no record and asks its own Python nothing: the host sends the view of this seat after every
// move, and this module draws it with the game's usual table (its own seat at the bottom), one
// move after another, as the host's match.js would. A tap sends the chosen action of
// `view.legal` to the host, which checks it.

import { answerLink } from "./rtc-link.js";
import { answerScreen, endedScreen, joinScreen, keepAwake, lostScreen, waitingScreen } from "./one-table.js";
import { setSeating } from "./seats.js";
import { setTableTools } from "./table.js";
import { readPrefs, writePrefs } from "./storage.js";
import { currentLanguage, t } from "./i18n.js";

const MAX_REASON = 600; // a hint's reason or a check's cost from the host: a line of text, never more
// The host's Python judges a move in hard's time (about a second on a phone); a check unanswered
// after this lets the move go, as a failed check does on the host's own phone.
const CHECK_TIMEOUT_MS = 20_000;

// Far above any view (the longest, 8-5-3's, is a few kB); a bigger message is not read.
const MAX_HOST_MESSAGE_CHARS = 1_000_000;

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function refusalText(code) {
  switch (code) {
    case "too_large": return t("The host's phone did not read that message: it was too large.");
    case "bad_message": return t("The host's phone could not read that message.");
    case "not_your_seat": return t("You can act only for your own seat.");
    case "busy": return t("Wait: your last move is still being checked.");
    case "not_started": return t("The match has not started yet.");
    case "not_your_turn": return t("It is not your turn.");
    default: return t("The host's phone refused that move.");
  }
}

function rememberedName() {
  const names = readPrefs().playerNames;
  return Array.isArray(names) && typeof names[0] === "string" ? names[0] : "";
}

function rememberName(name) {
  const names = Array.isArray(readPrefs().playerNames) ? [...readPrefs().playerNames] : [];
  names[0] = name;
  writePrefs({ playerNames: names.map((entry) => (typeof entry === "string" ? entry : "")) });
}

// show(screen, name): app.js's; loadTable(game) -> the game's createTable; titleOf(game): its
// title; notify(text): the banner; code: a host's code to start from (a scanned link).
export function startGuest({ show, loadTable, titleOf, settings, version, notify, onLeave, code = "" }) {
  let link = null;
  let seat = null;
  let facts = { people: [], away: [], started: false };
  let table = null;
  let shown = null; // the view on the table
  let queue = []; // views from the host not drawn yet
  let draining = false;
  let pending = false; // a move sent, its answer not back yet
  let checking = null; // resolves the play checker's question to the host, while it is out
  let hostChecks = true; // false once the host's app proved older than the play checker
  let nudged = null; // the move whose turn was announced by a vibration
  let name = rememberedName();
  let redraw = () => {};
  let closed = false;
  let stopReader = () => {};
  const release = keepAwake();

  function close() {
    closed = true;
    stopReader();
    link?.send({ t: "bye" });
    link?.close();
    link = null;
    release();
    setSeating();
  }

  function leave() {
    close();
    onLeave();
  }

  function showScreen(draw, screenName = "one-table") {
    redraw = () => show(draw(), screenName);
    redraw();
  }

  function showJoin({ rejoin = false, prefilled = "" } = {}) {
    showScreen(() => {
      const join = joinScreen({ name, code: prefilled, rejoin, onCode: connect, onBack: leave });
      stopReader = join.stop;
      return join.screen;
    });
  }

  // A host's code read: the answer to show, then the table once the host reads it.
  async function connect(text, typedName) {
    if (typedName) {
      name = typedName;
      rememberName(name);
    }
    const next = await answerLink(text);
    stopReader();
    link?.close();
    link = next;
    hostChecks = true;
    next.handlers.onOpen = () => next.send({ t: "hello", name: name || t("Guest"), lang: currentLanguage(), version });
    next.handlers.onText = (message) => receive(next, message);
    next.handlers.onState = (state) => {
      if (next !== link || closed) return;
      if (state === "closed") lost();
      else if (state === "unsteady") table?.showNotice(t("No answer from the host's phone just now…"));
      else if (state === "open") drawTable();
    };
    showScreen(() => answerScreen({ code: next.code, onBack: leave }));
  }

  function lost() {
    answerCheck(null);
    link = null;
    table = null;
    shown = null;
    queue = [];
    showScreen(() => lostScreen({ onRejoin: () => showJoin({ rejoin: true }), onBack: leave }));
  }

  function takeFacts(message) {
    const people = Array.isArray(message.people) ? message.people.map((entry) => (typeof entry === "string" ? entry : null)) : [];
    const away = Array.isArray(message.away) ? message.away.filter(Number.isInteger) : [];
    facts = { people, away, started: Boolean(message.started) };
    setSeating({ people, viewer: seat, away });
  }

  function receive(from, text) {
    if (from !== link || closed || typeof text !== "string" || text.length > MAX_HOST_MESSAGE_CHARS) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isPlainObject(message)) return;
    switch (message.t) {
      case "welcome":
        if (!Number.isInteger(message.seat)) return;
        seat = message.seat;
        takeFacts(message);
        if (message.version && version && message.version !== version) {
          notify(t("The host's app is version {version}, yours {yours}. If the table looks wrong, update the app on both phones.",
            { version: message.version, yours: version }));
        }
        if (!facts.started) showScreen(() => waitingScreen({ seat, people: facts.people, onBack: leave }));
        break;
      case "seats":
        takeFacts(message);
        if (table) drawTable();
        else if (!facts.started) redraw();
        break;
      case "view":
        if (!isPlainObject(message.view) || message.view.seat !== seat) return;
        takeFacts(message);
        queue.push(message.view);
        drain();
        break;
      case "refused":
        if (checking && message.code === "bad_message") {
          // A host whose app predates the play checker cannot read `check`: the move goes
          // unchecked, now and for the rest of this link, and nothing is shown.
          hostChecks = false;
          answerCheck(null);
          break;
        }
        pending = false;
        answerCheck({ refused: true });
        drawTable();
        table?.showNotice(typeof message.message === "string" && message.message ? message.message : refusalText(message.code));
        break;
      case "hint":
        // The table words the move; the reason is the host's Python's, shown as text only.
        if (isPlainObject(message.action)) {
          table?.showHint(message.action, typeof message.reason === "string" ? message.reason.slice(0, MAX_REASON) : "");
        }
        break;
      case "checked":
        answerCheck(message);
        break;
      case "end":
        answerCheck(null);
        link?.close();
        link = null;
        showScreen(() => endedScreen({ reason: message.reason, onBack: leave }));
        break;
      default:
        break;
    }
  }

  async function openTable(game) {
    const create = await loadTable(game);
    table = create({
      settings, title: titleOf(game),
      onAction: (action) => act(action),
      onLeave: leave,
      onPlayAgain: null,
    });
    // Hint and Claim go to the host; Undo is the host's alone (it would take others' moves back).
    setTableTools(null, {
      canUndo: () => false, undo: () => {}, hint: () => link?.send({ t: "hint" }), claim: () => send({ t: "claim" }),
    });
    redraw = () => { show(table.screen, "guest-table"); table.rerender(); };
    show(table.screen, "guest-table");
  }

  // A tap on one of this seat's moves: with the play checker on (Settings, this phone's), the
  // host's Python judges it from this seat's view first, as on the host's own phone.
  async function act(action) {
    if (pending || draining || !link) return;
    if (hostChecks && readPrefs().playChecker === true && table?.checkMove && shown && !shown.over && shown.to_act === seat) {
      const answer = await askCheck(action);
      if (closed || !table) return;
      if (answer?.refused) return; // the host said why (not your turn, not a legal move…)
      if (answer?.worse === true && isPlainObject(answer.best) && typeof answer.cost === "string") {
        const play = await table.checkMove(action, answer.best, answer.cost.slice(0, MAX_REASON));
        if (!play || closed) {
          drawTable();
          return;
        }
      }
    }
    send({ t: "act", action });
  }

  // The host's answer to {t: "check"}: its `checked` message, {refused: true}, or null (no answer
  // in time, the link gone): the move then goes as it is.
  function askCheck(action) {
    return new Promise((resolve) => {
      if (!link?.send({ t: "check", action })) return resolve(null);
      checking = resolve;
      pending = true;
      drawTable();
      setTimeout(() => { if (checking === resolve) answerCheck(null); }, CHECK_TIMEOUT_MS);
    });
  }

  function answerCheck(answer) {
    const resolve = checking;
    if (!resolve) return;
    checking = null;
    pending = false;
    resolve(answer);
  }

  function send(message) {
    if (pending || draining || !link) return;
    if (link.send(message)) {
      pending = true;
      drawTable();
    }
  }

  // While a view is being shown (draining: a trick's pause, the deal's sheet) the table is busy
  // whatever redraws it (the seats changing, the link coming back): a tap then would be dropped.
  function drawTable() {
    if (!table || !shown) return;
    const busy = pending || draining || queue.length > 0;
    table.render(shown, { busy });
    const mine = !shown.over && shown.to_act === seat;
    if (mine && !busy && nudged !== shown.move) {
      nudged = shown.move;
      navigator.vibrate?.(60); // a gentle nudge: your turn (table.js plays the turn sound)
    }
  }

  // The host's views, one after another: each move shown as on the host's table (the trick
  // pause, the deal's sheet), the table jumping straight to a view after a rejoin.
  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (queue.length && !closed) {
        const next = queue.shift();
        if (!table) await openTable(next.game);
        const previous = shown;
        shown = next;
        pending = false;
        if (previous && next.move > previous.move) await table.showOutcome(previous, next);
      }
    } catch (error) {
      console.error(error);
      notify(t("This view could not be shown: {reason}", { reason: error?.message ?? error }));
    } finally {
      draining = false;
    }
    drawTable();
  }

  showJoin({ prefilled: code });
  return {
    rerender: () => redraw(),
    close,
  };
}
