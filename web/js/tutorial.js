// "Learn by playing" (docs/ui.md): a game's opening screen (the goal, the cards' order, how a deal
// is scored, how a match ends, and its lessons), then each lesson on its stacked deal with a coach
// line at every step. Python writes the lessons ({"op": "tutorial"}: each lesson's record, steps,
// coach lines and what it taught, games/tutorials/); this module only shows them. The bots make
// their scripted moves. A legal move of yours other than the lesson's is not played at once: the
// coach says why the lesson wants its move and offers to try again, or to play yours anyway (then
// the deal goes on with ordinary bots).
// Nothing here saves a match, a history entry or statistics: a lesson is never a series. Only the
// finished lessons' ticks are kept (the settings' `lessonsDone`).

import { el, sleep } from "./dom.js";
import { showDialog } from "./score-sheet.js";
import { t } from "./i18n.js";
import { readPrefs, writePrefs } from "./storage.js";

const LEARNER = 0; // the seat the lessons are written for (games/tutorials/)
const OFF_SCRIPT_LEVEL = "easy";

function canonical(action) {
  const sorted = Object.fromEntries(Object.keys(action).sort().map((key) => [key,
    key === "cards" && Array.isArray(action.cards) ? [...action.cards].sort() : action[key]]));
  return JSON.stringify(sorted);
}

function same(a, b) {
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

// The game's opening screen: what the game is, then its lessons.
function introScreen({ title, intro, lessons, done, onLesson, onRealMatch, onLeave }) {
  const next = lessons.findIndex((lesson) => !done.has(lesson.id));
  return el("section", { class: "screen lesson-intro", "data-testid": "lesson-intro", "aria-labelledby": "lesson-intro-title" },
    el("button", { type: "button", class: "bar-button", "data-testid": "leave", "aria-label": t("Games"), onclick: onLeave },
      el("span", { "aria-hidden": "true" }, "‹ "), el("span", { class: "bar-text" }, t("Games"))),
    el("p", { class: "lesson-game" }, title),
    el("h1", { id: "lesson-intro-title" }, intro.title),
    el("ul", { class: "lesson-basics", "data-testid": "lesson-basics" }, intro.lines.map((line) => el("li", {}, line))),
    el("h2", {}, t("Lessons")),
    el("ol", { class: "lesson-list" }, lessons.map((lesson, index) => el("li", {},
      el("button", {
        type: "button", class: `lesson-choice${index === next ? " primary" : ""}`, "data-testid": "lesson-choice",
        "data-lesson": lesson.id, "aria-describedby": `lesson-teaches-${lesson.id}`, onclick: () => onLesson(index),
      }, el("span", { class: "lesson-title" }, lesson.title),
      done.has(lesson.id) && el("span", { class: "lesson-done" }, " ✓", el("span", { class: "sr-only" }, t("(done)")))),
      el("p", { class: "lesson-teaches", id: `lesson-teaches-${lesson.id}` }, lesson.teaches)))),
    el("div", { class: "lesson-intro-buttons" },
      el("button", { type: "button", class: "primary", "data-testid": "lesson-start", onclick: () => onLesson(Math.max(0, next)) },
        next > 0 ? t("Go on: {lesson}", { lesson: lessons[next].title }) : t("Start the first lesson")),
      el("button", { type: "button", "data-testid": "tutorial-real-match", onclick: onRealMatch }, t("Play a real match"))));
}

export async function runTutorial({ bridge, game, title, settings, createTable, setTableTools, show, onLeave, onRealMatch }) {
  let stopped = false;
  let current = null; // the lesson on the table: {stop()}
  const done = new Set(lessonsDone()[game] ?? []);

  // Merged with what is stored now: another tab may have ticked other lessons since.
  function markDone(id) {
    if (done.has(id)) return;
    done.add(id);
    const stored = lessonsDone();
    writePrefs({ lessonsDone: { ...stored, [game]: [...new Set([...(stored[game] ?? []), ...done])] } });
  }

  async function call(request) {
    const answer = await bridge.call(request);
    if (answer?.error) throw new Error(answer.error.message);
    return answer;
  }

  const { tutorial } = await call({ op: "tutorial", game });
  const { lessons } = tutorial;

  function leave() {
    stopped = true;
    current?.stop();
    onLeave();
  }

  function realMatch() {
    stopped = true;
    current?.stop();
    onRealMatch();
  }

  function showIntro() {
    current?.stop();
    current = null;
    setTableTools(null, null);
    show(introScreen({
      title, intro: tutorial.intro, lessons, done, onLesson: (index) => startLesson(index), onRealMatch: realMatch, onLeave: leave,
    }), "lesson-intro");
  }

  async function startLesson(index) {
    current?.stop();
    current = await runLesson({
      call, lessons, index, title, settings, createTable, setTableTools, show,
      onDone: markDone,
      onNext: () => startLesson(index + 1),
      onList: showIntro,
      onLeave: leave,
      onRealMatch: realMatch,
    });
  }

  showIntro();
  return { stop() { stopped = true; current?.stop(); } };
}

// The finished lessons of every game, as stored (readPrefs drops a malformed value).
function lessonsDone() {
  return readPrefs().lessonsDone ?? {};
}

// One lesson on the table: its record, its steps, its coach.
async function runLesson({ call, lessons, index, title, settings, createTable, setTableTools, show, onDone, onNext, onList, onLeave, onRealMatch }) {
  const lesson = lessons[index];
  const { steps } = lesson;
  let stopped = false;
  let busy = false;
  let table = null;
  let record = lesson.record;
  let { view } = await call({ op: "view", record, seat: LEARNER });
  let step = 0;
  let onScript = true;
  const startRows = view.sheet?.rows.length ?? 0;

  const text = el("p", { class: "coach-text", "data-testid": "coach-text", role: "status", "aria-live": "polite" });
  let answered = null; // resolves a pause of the coach (a note, or a move the lesson did not want)
  const button = (testid, label, value, primary = false) => el("button", {
    type: "button", class: `coach-button${primary ? " primary" : ""}`, "data-testid": testid, hidden: true,
    onclick: () => answered?.(value),
  }, label);
  const next = button("coach-next", t("Got it"), "next", true);
  const retry = button("coach-retry", t("Try again"), "retry", true);
  const anyway = button("coach-anyway", t("Play my move anyway"), "anyway");
  const end = el("button", {
    type: "button", class: "coach-button coach-skip", "data-testid": "tutorial-skip", title: t("End this lesson and go back to the list of lessons"),
    onclick: () => finish("ended"),
  }, t("End lesson"));
  const coach = el("div", { class: "coach", "data-testid": "coach", role: "group", "aria-label": t("Coach") },
    el("span", { class: "coach-mark", "aria-hidden": "true" }, "✦"), text,
    el("div", { class: "coach-buttons" }, next, retry, anyway, end));

  function say(line, state) {
    if (text.textContent !== line) text.textContent = line;
    coach.dataset.state = state;
    coach.dataset.step = String(step);
    next.hidden = state !== "note";
    retry.hidden = state !== "wrong";
    anyway.hidden = state !== "wrong";
  }

  // The lesson waits on the coach: a note to read (Got it), or a move it did not want.
  function pause(line, state) {
    say(line, state);
    place();
    const focus = state === "note" ? next : retry;
    if (document.activeElement === document.body || table.screen.contains(document.activeElement)) focus.focus({ preventScroll: true });
    return new Promise((resolve) => {
      answered = (value) => { answered = null; resolve(value); };
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
    if (coach.dataset.state !== "human" || !onScript || step >= steps.length) return;
    const { first, final } = targetsOf(steps[step].action, table.screen);
    for (const node of first) node.dataset.coach = "first";
    for (const node of final) node.dataset.coach = "final";
  }

  setTableTools(null, null); // no Undo, Hint or tools in a lesson: the coach is the help
  table = createTable({ settings, title, onAction: humanAction, onLeave: () => { stop(); onLeave(); } });
  table.screen.classList.add("tutorial");
  table.screen.dataset.tutorial = lessons[0]?.record.game ?? "";
  table.screen.dataset.lesson = lesson.id;
  const observer = new MutationObserver(place);
  observer.observe(table.screen, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-pressed"] });
  show(table.screen, "table");

  function stop() {
    stopped = true;
    answered?.("stop");
    observer.disconnect();
  }

  function lessonOver() {
    if (view.over) return true;
    if (onScript) return step >= steps.length;
    return (view.sheet?.rows.length ?? 0) > startRows; // off the script: the deal's end
  }

  async function act(action, seat) {
    const answer = await call({ op: "act", record, action, seat, view_seat: LEARNER });
    if (stopped) return;
    const previous = view;
    record = answer.record;
    view = answer.view;
    step += 1;
    await table.showOutcome(previous, view);
  }

  async function advance() {
    busy = true;
    try {
      while (!stopped && !lessonOver()) {
        if (view.to_act === LEARNER) {
          say(onScript ? steps[step].coach
            : t("You play your own way now: the others play on as ordinary bots to the end of the deal."), onScript ? "human" : "off");
          busy = false;
          table.render(view);
          return;
        }
        const scripted = onScript ? steps[step] : null;
        say(onScript ? t("Watch the other players move.") : t("The others play on as ordinary bots."), onScript ? "bots" : "off");
        table.render(view, { busy: true });
        const [action] = await Promise.all([
          scripted ? scripted.action : call({ op: "bot", record, level: OFF_SCRIPT_LEVEL }).then((answer) => answer.action),
          sleep(settings.botDelayMs)]);
        if (stopped) return;
        await act(action, view.to_act);
        if (scripted?.coach && !stopped) await pause(scripted.coach, "note");
      }
      if (!stopped) await finish(onScript ? "done" : "off");
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
    const legal = view.legal.some((candidate) => same(candidate, action));
    if (onScript && legal && !same(action, steps[step].action)) {
      // A move the lesson did not want: why it wants its own, and the choice.
      table.render(view, { busy: true });
      const choice = await pause(`${steps[step].why} ${t("Try the lesson's move, or play yours anyway?")}`, "wrong");
      if (stopped) return;
      if (choice === "retry") {
        busy = false;
        say(steps[step].coach, "human");
        table.render(view);
        return;
      }
      onScript = false;
    }
    say(text.textContent, "bots");
    table.render(view, { busy: true });
    try {
      await act(action, LEARNER);
    } catch (error) {
      busy = false;
      if (!stopped) {
        say(onScript ? steps[step].coach : text.textContent, onScript ? "human" : "off");
        table.render(view);
        table.showNotice(error.message); // Python refused it (Zevaka's strict mode): the table stays
      }
      return;
    }
    advance();
  }

  // The lesson's end: what it taught, then the next lesson, the list, a real match or the games.
  async function finish(how) {
    if (stopped) return;
    if (how === "ended") {
      stop();
      onList();
      return;
    }
    onDone(lesson.id);
    say(how === "done" ? t("Well done: that was the lesson.") : t("The deal is over."), "done");
    const following = lessons[index + 1] ?? null;
    const choice = await showDialog(table.screen, {
      title: t("Lesson complete: {lesson}", { lesson: lesson.title }), testid: "tutorial-done",
      body: [
        how === "off" && el("p", { class: "muted" }, t("You played your own way; this is what the lesson set out to show:")),
        el("ul", { class: "lesson-summary", "data-testid": "lesson-summary" }, lesson.summary.map((line) => el("li", {}, line))),
      ],
      buttons: [
        { label: t("Back to games"), value: "leave", testid: "tutorial-leave" },
        { label: t("All lessons"), value: "list", testid: "lesson-list" },
        { label: t("Play a real match"), value: "real", primary: !following, testid: "tutorial-real-match" },
        following && { label: t("Next lesson: {lesson}", { lesson: following.title }), value: "next", primary: true, testid: "lesson-next" },
      ].filter(Boolean),
    });
    if (stopped) return;
    stop();
    if (choice === "next") onNext();
    else if (choice === "list") onList();
    else if (choice === "real") onRealMatch();
    else onLeave();
  }

  // The lesson opens on what it teaches (and what happened before it, where it starts later).
  (async () => {
    table.render(view, { busy: true });
    const opening = [`${lesson.title}: ${lesson.teaches}`, ...lesson.opening].join(" ");
    const started = await pause(opening, "note");
    if (started !== "stop" && !stopped) advance();
  })();
  return { stop };
}
