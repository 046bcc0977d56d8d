// The game loop: the human acts through the table, bots act while a bot seat is to act.
// The record lives here and in localStorage; Python answers every question about rules.

import { sleep } from "./dom.js";
import { historyEntry } from "./history.js";
import { addHistory, clearSave, saveMatch } from "./storage.js";
import { t } from "./i18n.js";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from "./settings.js";

const HUMAN = 0;

class BridgeProblem extends Error {
  constructor(message, code = null) {
    super(message);
    this.code = code;
  }
}

export function runMatch({ bridge, settings, banner, table, record, view, undos = 0, hints = 0, level = "normal", title = record.game, onFinished = null }) {
  // ?level= (tests) wins; a level this version does not know plays as the default.
  const botLevel = settings.botLevel ?? (BOT_LEVELS.includes(level) ? level : DEFAULT_BOT_LEVEL);
  let stopped = false;
  let busy = false;

  // A finished match goes into the history before its save is cleared: if the history
  // cannot be written (storage full) the save stays, and a resume tries again.
  function persist() {
    if (view.over) {
      if (addHistory(historyEntry(record, view, { undos, hints, title, level })).ok) clearSave(record.game);
      else saveMatch({ record, undos, hints, level });
      onFinished?.();
    } else {
      saveMatch({ record, undos, hints, level });
    }
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
    const answer = await call({ ...request, record, view_seat: HUMAN });
    if (stopped) return;
    const previous = view;
    record = answer.record;
    view = answer.view;
    persist();
    await table.showOutcome(previous, view);
  }

  function report(error, retry) {
    if (stopped) return;
    if (!(error instanceof BridgeProblem)) console.error(error);
    banner.show(error.message, { retry });
    table.render(view, { stalled: Boolean(retry) });
  }

  async function playBots() {
    busy = true;
    try {
      while (!stopped && !view.over && view.to_act !== HUMAN && view.to_act !== null) {
        table.render(view, { busy: true });
        // The bot thinks during the delay, not after it.
        const [choice] = await Promise.all([call({ op: "bot", record, level: botLevel }), sleep(settings.botDelayMs)]);
        if (stopped) return;
        await send({ op: "act", action: choice.action, seat: choice.seat });
      }
      if (!stopped) table.render(view);
    } catch (error) {
      report(error, playBots);
    } finally {
      busy = false;
    }
  }

  async function humanAction(action) {
    return humanMove({ op: "act", action, seat: HUMAN });
  }

  // Your claim of the rest of the deal: Python checks it is sure and plays the deal out.
  async function claim() {
    if (view.over || view.to_act !== HUMAN || !view.can_claim) return;
    return humanMove({ op: "claim", seat: HUMAN });
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
      const answer = await call({ op: "undo", record, seat: HUMAN, view_seat: HUMAN });
      if (stopped) return false;
      record = answer.record;
      view = answer.view;
      undos += 1;
      persist();
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

  // What the hard bot would do in your seat.
  async function hint() {
    if (busy || stopped || view.over || view.to_act !== HUMAN) return null;
    try {
      const answer = await call({ op: "bot", record, level: "hard" });
      hints += 1;
      persist();
      return answer.action;
    } catch (error) {
      report(error, null);
      return null;
    }
  }

  async function review() {
    return (await call({ op: "review", record, seat: HUMAN })).deals;
  }

  table.render(view);
  if (view.over) persist(); // a finished match resumed: its history entry was not written yet
  playBots();
  return {
    humanAction,
    undo,
    hint,
    claim,
    review,
    get view() {
      return view;
    },
    get busy() {
      return busy;
    },
    get record() {
      return record;
    },
    stop() {
      stopped = true;
    },
  };
}
