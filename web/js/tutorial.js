// "Learn by playing": a guided first deal of one game on a stacked deck, with a coach line
// at each step (docs/ui.md). Python writes the lesson ({"op": "tutorial"}: the `new` request
// and every step with its coach line, games/tutorials.py); this module only shows it. The bots
// make their scripted moves; you may make any legal move (the table offers exactly
// view.legal, Python decides): off the script the deal goes on with ordinary bots.
// Nothing here saves a match, a history entry or statistics: a lesson is never a series.

import { el, sleep } from "./dom.js";
import { showDialog } from "./score-sheet.js";
import { t } from "./i18n.js";

const LEARNER = 0; // the seat the lesson is written for (games/tutorials.py)
const OFF_SCRIPT_LEVEL = "easy";

function same(a, b) {
  const canonical = (value) => JSON.stringify(value, Object.keys(value).sort());
  return canonical(a) === canonical(b);
}

// The controls a coached action is made with: `first` ones are selected before the `final`
// one (Kozel's cards, then Beat; Zevaka's top card, then a pile).
function targetsOf(action, screen) {
  const find = (selector) => [...screen.querySelectorAll(selector)];
  const cards = (action.cards ?? []).flatMap((code) => find(`[data-testid=hand-card][data-card="${code}"]`));
  switch (action.type) {
    case "bid":
      return { first: [], final: find(`[data-testid=bid-button][data-bid="${action.double ? "double" : action.n}"]`) };
    case "take":
      return { first: [], final: find(`[data-testid=talon-card][data-card="${action.cards[0]}"]`) };
    case "move": case "place": {
      const pile = action.target === "common"
        ? find("[data-testid=common] [data-testid=target]")
        : find(`.pile[data-target="${action.target}"] [data-testid=target]`);
      return { first: action.type === "move" ? find("[data-testid=own-top]") : [], final: pile };
    }
    default: {
      const buttons = find(`[data-testid=action-button][data-type="${action.type}"]`)
        .filter((button) => !action.suit || button.dataset.suit === action.suit);
      if (buttons.length && cards.length) return { first: cards, final: buttons };
      return { first: [], final: cards.length ? cards : buttons };
    }
  }
}

export async function runTutorial({ bridge, game, title, settings, createTable, setTableTools, show, onLeave, onRealMatch }) {
  let stopped = false;
  let busy = false;
  let table = null;

  async function call(request) {
    const answer = await bridge.call(request);
    if (answer?.error) throw new Error(answer.error.message);
    return answer;
  }

  const { tutorial } = await call({ op: "tutorial", game });
  const { steps } = tutorial;
  const created = await call({
    op: "new", game, players: tutorial.players, options: tutorial.options, seed: tutorial.seed, deck: tutorial.deck,
  });
  let record = created.record;
  let { view } = await call({ op: "view", record, seat: LEARNER });
  let index = 0;
  let onScript = true;
  const startRows = view.sheet?.rows.length ?? 0;

  const text = el("p", { class: "coach-text", "data-testid": "coach-text", role: "status", "aria-live": "polite" });
  let noted = null; // resolves the pause after a bot's lesson
  const next = el("button", {
    type: "button", class: "coach-next primary", "data-testid": "coach-next", hidden: true,
    onclick: () => noted?.(),
  }, t("Got it"));
  const coach = el("div", { class: "coach", "data-testid": "coach", role: "group", "aria-label": t("Coach") },
    el("span", { class: "coach-mark", "aria-hidden": "true" }, "✦"), text, next,
    el("button", {
      type: "button", class: "coach-skip", "data-testid": "tutorial-skip", title: t("Skip the lesson and play a real match"),
      onclick: () => finish(true),
    }, t("Skip")));

  function say(line, state) {
    if (text.textContent !== line) text.textContent = line;
    coach.dataset.state = state;
    coach.dataset.step = String(index);
    next.hidden = state !== "note";
  }

  // A bot's move showed a rule (spades broken, a forced return, «Прозевал!»): the lesson waits
  // until you have read it.
  function note(line) {
    say(line, "note");
    place();
    if (document.activeElement === document.body || table.screen.contains(document.activeElement)) {
      next.focus({ preventScroll: true });
    }
    return new Promise((resolve) => {
      noted = () => { noted = null; resolve(); };
    });
  }

  // The table re-renders itself (selection, trick pauses): the coach goes back into your seat
  // and the coached controls are marked again after each render.
  function place() {
    if (!table) return;
    const seat = table.screen.querySelector(".me");
    if (seat && coach.parentNode !== seat) seat.append(coach);
    for (const node of table.screen.querySelectorAll("[data-coach]")) delete node.dataset.coach;
    if (coach.dataset.state === "note") next.dataset.coach = "final";
    if (coach.dataset.state !== "human" || !onScript || index >= steps.length) return;
    const { first, final } = targetsOf(steps[index].action, table.screen);
    for (const node of first) node.dataset.coach = "first";
    for (const node of final) node.dataset.coach = "final";
  }

  setTableTools(null, null); // no Undo, Hint or tools in a lesson: the coach is the help
  table = createTable({ settings, title, onAction: humanAction, onLeave: () => leave() });
  table.screen.classList.add("tutorial");
  table.screen.dataset.tutorial = game;
  const observer = new MutationObserver(place);
  observer.observe(table.screen, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-pressed"] });
  show(table.screen, "table");

  function leave() {
    stopped = true;
    observer.disconnect();
    onLeave();
  }

  function lessonOver() {
    if (view.over) return true;
    if (onScript) return index >= steps.length;
    return (view.sheet?.rows.length ?? 0) > startRows; // off the script: the deal's end
  }

  async function act(action, seat) {
    const answer = await call({ op: "act", record, action, seat, view_seat: LEARNER });
    if (stopped) return;
    const previous = view;
    record = answer.record;
    view = answer.view;
    index += 1;
    await table.showOutcome(previous, view);
  }

  async function advance() {
    busy = true;
    try {
      while (!stopped && !lessonOver()) {
        if (view.to_act === LEARNER) {
          say(onScript ? steps[index].coach
            : t("You left the lesson's path: that move is legal too. Play the deal out as you like."), onScript ? "human" : "off");
          busy = false;
          table.render(view);
          return;
        }
        const step = onScript ? steps[index] : null;
        say(onScript ? t("Watch the other players move.") : t("The others play on as ordinary bots."), onScript ? "bots" : "off");
        table.render(view, { busy: true });
        const [action] = await Promise.all([
          step ? step.action : call({ op: "bot", record, level: OFF_SCRIPT_LEVEL }).then((answer) => answer.action),
          sleep(settings.botDelayMs)]);
        if (stopped) return;
        await act(action, view.to_act);
        if (step?.coach && !stopped) await note(step.coach);
      }
      if (!stopped) await finish(false);
    } catch (error) {
      console.error(error);
      if (!stopped) say(t("The lesson stopped: {reason}", { reason: error?.message ?? String(error) }), "error");
    } finally {
      busy = false;
    }
  }

  async function humanAction(action) {
    if (busy || stopped) return;
    busy = true;
    if (onScript && !same(action, steps[index].action)) onScript = false;
    say(text.textContent, "bots");
    table.render(view, { busy: true });
    try {
      await act(action, LEARNER);
    } catch (error) {
      busy = false;
      if (!stopped) {
        table.render(view);
        table.showNotice(error.message); // Python refused it (Zevaka's strict mode): the table stays
      }
      return;
    }
    advance();
  }

  async function finish(skipped) {
    if (stopped) return;
    noted?.(); // Skip during a pause: the paused loop ends (stopped) once it resumes
    say(skipped ? text.textContent : t("Well done: that is the game."), "done");
    const choice = skipped ? "real" : await showDialog(table.screen, {
      title: t("Lesson complete"), testid: "tutorial-done",
      body: [el("p", {}, t("You have played through a {game} lesson. Now a real match starts, with the choices of the setup panel.", { game: title }))],
      buttons: [
        { label: t("Back to games"), value: "leave", testid: "tutorial-leave" },
        { label: t("Play a real match"), value: "real", primary: true, testid: "tutorial-real-match" },
      ],
    });
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    if (choice === "real") onRealMatch();
    else onLeave();
  }

  advance();
  return { stop() { stopped = true; observer.disconnect(); } };
}
