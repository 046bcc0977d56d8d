// The game loop: the human acts through the table, bots act while a bot seat is to act.
// The record lives here and in localStorage; Python answers every question about rules.
// Pass-and-play (more than one person in `people`): the table is drawn for the person on turn
// (the viewer); before another person's turn the table is emptied and `privacy.ask(seat)`
// waits for that person's tap; only then is their view requested. No view of any other seat
// is ever asked for.
// One table, several phones (`remote`, table-host.js): the table is the host's (seat 0); the
// guests' seats wait for their moves from their phones (`remoteMove`), and after every change
// `remote.changed(record)` sends each guest its own view.

import { sleep } from "./dom.js";
import { historyEntry } from "./history.js";
import { downloadJSON, keepFinishedRecord, readPrefs, recordFinished, saveMatch, SCHEMA } from "./storage.js";
import { t } from "./i18n.js";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from "./settings.js";
import { isPassAndPlay, setSeating } from "./seats.js";
import { clearAnnouncements } from "./announce.js";

class BridgeProblem extends Error {
  constructor(message, code = null) {
    super(message);
    this.code = code;
  }
}

// view: the viewer's view, or null to start behind the privacy screen of `viewer` (a resumed
// pass-and-play match). people: a name per person's seat, null per computer (null: solo).
export function runMatch({
  bridge, settings, banner, table, record, view, undos = 0, hints = 0, level = "normal", title = record.game,
  onFinished = null, people = null, viewer = 0, privacy = null, remote = null,
}) {
  // ?level= (tests) wins; a level this version does not know plays as the default.
  const botLevel = settings.botLevel ?? (BOT_LEVELS.includes(level) ? level : DEFAULT_BOT_LEVEL);
  const passAndPlay = !remote && isPassAndPlay(people) && privacy !== null;
  const isPerson = (seat) => (remote ? seat === 0 || remote.isPerson(seat)
    : passAndPlay ? typeof people[seat] === "string" : seat === 0);
  // Several people decide: Undo may take back only your own decisions.
  const shared = passAndPlay || remote !== null;
  if (!passAndPlay) viewer = 0;
  let stopped = false;
  let busy = false;
  // Undo only once you have decided something (a bot may act first), and, with other people at
  // the table, only while none of them has decided since (the bridge's undo would take their
  // moves back too); refreshed at each of your turns from the `turn` op's actors.
  let undoable = false;
  let hidden = false; // the privacy screen is up: the table holds no view to redraw
  setSeating({ people: passAndPlay ? people : remote ? remote.people() : null, viewer });

  // A finished match goes into the history before its save is cleared: if the history
  // cannot be written (storage full) the save stays, a resume tries again, and the person is
  // told plainly, with the match in a file that Import adds to the history.
  async function persist() {
    const save = { record, undos, hints, level, ...seating() };
    if (!view.over) {
      saveMatch(save);
      return;
    }
    const entry = historyEntry(record, view, { undos, hints, title, level, people: seating().people ?? null,
      counted: !shared || readPrefs().passAndPlayStats !== false });
    const recorded = await recordFinished(entry, save);
    if (recorded.ok) keepFinishedRecord(entry.id, record); // for its deal review from the history
    if (!recorded.ok) {
      banner.show(t("Storage is full: the result of this match was not recorded. Export it to keep it, then free some space and import the file from History & statistics."), {
        action: {
          label: t("Export this match"), testid: "export-finished",
          onClick: () => downloadJSON(`cardtable-${record.game}-finished.json`, {
            app: "cardtable", schema: SCHEMA, exportedAt: new Date().toISOString(), history: [entry],
            saves: [{ schema: SCHEMA, game: record.game, savedAt: Date.now(), undos, hints, level, record, ...seating() }],
          }),
        },
      });
    }
    onFinished?.(recorded.ok);
  }

  // What the save keeps of pass-and-play: who the people are, and whose table was last shown
  // (one table: the guests' names and the table's own facts, from table-host.js).
  function seating() {
    return remote ? remote.saved() : passAndPlay ? { people, viewer } : {};
  }

  async function call(request) {
    let answer;
    try {
      answer = await bridge.call(request);
    } catch (error) {
      throw new BridgeProblem(t("The game engine stopped answering: {reason}", { reason: error?.message ?? error }));
    }
    if (answer?.error) throw new BridgeProblem(answer.error.message, answer.error.code);
    return answer;
  }

  // One move sent to Python (an "act", or a "claim" that plays the deal out).
  async function send(request) {
    const answer = await call({ ...request, record, view_seat: viewer });
    if (stopped) return;
    const previous = view;
    record = answer.record;
    view = answer.view;
    await persist();
    remote?.changed(record, view);
    await table.showOutcome(previous, view);
  }

  function report(error, retry) {
    if (stopped) return;
    if (!(error instanceof BridgeProblem)) console.error(error);
    banner.show(error.message, { retry });
    if (!hidden) table.render(view, { stalled: Boolean(retry) });
  }

  async function playBots() {
    busy = true;
    try {
      while (!stopped && !view.over && view.to_act !== null && !isPerson(view.to_act)) {
        table.render(view, { busy: true });
        // The bot thinks during the delay, not after it.
        const [choice] = await Promise.all([call({ op: "bot", record, level: botLevel }), sleep(settings.botDelayMs)]);
        if (stopped) return;
        await send({ op: "act", action: choice.action, seat: choice.seat });
      }
      if (stopped) return;
      if (passAndPlay && !view.over && view.to_act !== null && view.to_act !== viewer) {
        await handOver(view.to_act);
        if (stopped) return;
      }
      // Until Python says whether Undo applies, the table shows itself busy: a tap in that time
      // would be dropped (busy), and that call can wait behind the worker's snapshot.
      if (!stopped && !hidden) table.render(view, { busy: true });
      await refreshUndo();
      if (!stopped) table.render(view);
    } catch (error) {
      report(error, playBots);
    } finally {
      busy = false;
    }
  }

  // Another person's turn: the table empties, the privacy screen waits for their tap, then
  // their view (and only theirs) is asked for and drawn.
  async function handOver(seat) {
    hidden = true;
    table.conceal();
    clearAnnouncements();
    // What everyone saw since this person's last turn (public facts, no card): the `turn` op.
    const news = await call({ op: "turn", record, since: seat }).then((answer) => answer.since, () => null);
    if (stopped) return;
    await privacy.ask(seat, news);
    if (stopped) return;
    const answer = await call({ op: "view", record, seat });
    if (stopped) return;
    viewer = seat;
    hidden = false;
    setSeating({ people, viewer });
    view = answer.view;
    persist();
    table.render(view, { busy: true });
    privacy.reveal();
  }

  async function refreshUndo() {
    undoable = false;
    const { actors } = await call({ op: "turn", record });
    const last = actors.lastIndexOf(viewer);
    undoable = last >= 0 && actors.slice(last + 1).every((seat) => seat === viewer || !isPerson(seat));
  }

  async function humanAction(action) {
    if (!(await checked(action))) return;
    return humanMove({ op: "act", action, seat: viewer });
  }

  // The play checker (Settings, off by default): a move hard rates clearly worse is said before it
  // is made, with what it costs; the person plays it anyway or takes it back. Python judges it
  // from this seat's view only (engine/ai/hints.py); a failed check never stops the move.
  async function checked(action) {
    if (busy || stopped || !table.checkMove || readPrefs().playChecker !== true) return true;
    busy = true;
    table.render(view, { busy: true });
    let answer = null;
    try {
      answer = await call({ op: "check", record, action });
    } catch (error) {
      console.warn("the move could not be checked:", error);
    }
    busy = false;
    if (stopped) return false;
    if (!answer?.worse) return true;
    const play = await table.checkMove(action, answer.best, answer.cost);
    if (!play) table.render(view);
    return play && !stopped;
  }

  // Your claim of the rest of the deal: Python checks it is sure and plays the deal out.
  async function claim() {
    if (view.over || view.to_act !== viewer || !view.can_claim) return;
    return humanMove({ op: "claim", seat: viewer });
  }

  async function humanMove(request) {
    if (busy || stopped) return;
    busy = true;
    table.render(view, { busy: true });
    try {
      await send(request);
    } catch (error) {
      busy = false;
      // A try the rules refuse (Zevaka's strict mode sends your tap as it is): Python's
      // explanation shows on the table, which stays as it was.
      if (error instanceof BridgeProblem && error.code === "illegal_action" && table.showNotice && !stopped) {
        table.render(view);
        table.showNotice(error.message);
        return;
      }
      report(error, null);
      return;
    }
    busy = false;
    if (!stopped) playBots();
  }

  // Back to just before your last decision (Python trims the record; the deal stays the same).
  async function undo() {
    if (busy || stopped || view.over) return false;
    busy = true;
    try {
      const answer = await call({ op: "undo", record, seat: viewer, view_seat: viewer });
      if (stopped) return false;
      record = answer.record;
      view = answer.view;
      undos += 1;
      persist();
      remote?.changed(record, view);
      busy = false;
      table.render(view);
      playBots();
      return true;
    } catch (error) {
      busy = false;
      report(error, null);
      return false;
    }
  }

  // A guest's move from its phone (one table): Python checks that `seat` is to act and that
  // the move is legal; a refusal rejects (a BridgeProblem with Python's code) and changes nothing.
  async function remoteMove(seat, request) {
    while (busy && !stopped) await sleep(20); // the move before it is still being shown
    if (stopped) throw new BridgeProblem(t("The table is closed."), "closed");
    busy = true;
    try {
      await send({ ...request, seat });
    } catch (error) {
      busy = false;
      if (!stopped && !hidden) table.render(view);
      throw error;
    }
    busy = false;
    if (!stopped) playBots();
  }

  // What the hard bot would do in your seat, and why ({action, reason}: engine/ai/hints.py).
  async function hint() {
    if (busy || stopped || view.over || view.to_act !== viewer) return null;
    try {
      const answer = await call({ op: "hint", record });
      hints += 1;
      persist();
      return { action: answer.action, reason: answer.reason };
    } catch (error) {
      report(error, null);
      return null;
    }
  }

  async function review() {
    return (await call({ op: "review", record, seat: viewer })).deals;
  }

  // The deal review shows every hand: only of a finished deal (Python refuses any other), and
  // only where the person may see every hand: a solo match, or any match once it is over.
  function reviewAllowed() {
    return !shared || view.over;
  }

  async function dealReview(deal) {
    if (!reviewAllowed()) throw new BridgeProblem(t("Every hand is shown once the match is over."), "not_allowed");
    return call({ op: "deal_review", record, seat: viewer, deal });
  }

  if (view === null) {
    // A resumed pass-and-play match: the privacy screen first, never straight to a hand.
    busy = true;
    handOver(viewer).then(() => {
      busy = false;
      if (stopped) return;
      if (view.over) persist();
      playBots();
    }, (error) => {
      busy = false;
      report(error, null);
    });
  } else {
    table.render(view);
    if (view.over) persist(); // a finished match resumed: its history entry was not written yet
    playBots();
  }
  return {
    humanAction,
    undo,
    hint,
    claim,
    review,
    reviewAllowed,
    dealReview,
    remoteMove,
    save: persist,
    // A seat went from a person to the computer (one table): its bot plays now if it is to act.
    wake() {
      if (!busy && !stopped) playBots();
    },
    // Undo has something of yours to take back (and, with other people, nobody else's with it).
    canUndo() {
      return undoable;
    },
    get view() {
      return view;
    },
    get busy() {
      return busy;
    },
    get record() {
      return record;
    },
    // Other people play at this table: the record (every hand) waits for the end of the match.
    get passAndPlay() {
      return shared;
    },
    stop() {
      stopped = true;
    },
  };
}
