// Entry point: boots the Python bridge, then moves between the start screen and a table.

import { createBanner } from "./banner.js";
import { createLoadingScreen, errorScreen } from "./loading-screen.js";
import { runMatch } from "./match.js";
import { createEightFiveThreeTable } from "./eight-five-three-table.js";
import { createKozelTable } from "./kozel-table.js";
import { createOhHellTable } from "./oh-hell-table.js";
import { createSpadesTable } from "./spades-table.js";
import { createZevakaTable } from "./zevaka-table.js";
import { readSettings } from "./settings.js";
import { startScreen } from "./start-screen.js";
import { loadSave, saveRecord, setSaveAside } from "./storage.js";

const HUMAN = 0;

// The games that have a table on this page; the bridge may list more.
const TABLES = {
  oh_hell: createOhHellTable,
  kozel: createKozelTable,
  spades: createSpadesTable,
  eight_five_three: createEightFiveThreeTable,
  zevaka: createZevakaTable,
};

const settings = readSettings();
const root = document.getElementById("app");
const banner = createBanner(document.getElementById("banner"));
let bridge = null;
let games = [];
let match = null;

function show(screen, name) {
  root.replaceChildren(screen);
  document.body.dataset.screen = name;
  window.scrollTo(0, 0);
}

function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function boot() {
  const loading = createLoadingScreen(document.querySelector("[data-testid=loading-screen]"));
  try {
    const { startBridge } = await import("./bridge-client.js");
    bridge = await withTimeout(
      startBridge({ onProgress: (progress) => loading.progress(progress) }),
      settings.bootTimeoutMs,
      `Python did not start within ${Math.round(settings.bootTimeoutMs / 1000)} seconds.`);
    const answer = await bridge.call({ op: "games" });
    if (answer.error) throw new Error(answer.error.message);
    games = answer.games;
  } catch (error) {
    console.error(error);
    show(errorScreen(error?.message ?? String(error)), "error");
    return;
  }
  showStart();
  performance.mark("start-screen");
}

function showStart(notice = null) {
  match?.stop();
  match = null;
  show(startScreen({
    games,
    playableGames: new Set(Object.keys(TABLES).filter((id) => games.some((game) => game.id === id))),
    save: loadSave(),
    notice,
    onStart: startNewMatch,
    onResume: resumeMatch,
  }), "start");
}

// One bridge call from a screen; a failure shows in the banner and gives null.
async function ask(request) {
  try {
    const answer = await bridge.call(request);
    if (!answer.error) return answer;
    banner.show(answer.error.message);
  } catch (error) {
    banner.show(`The game engine stopped answering: ${error?.message ?? error}`);
  }
  return null;
}

async function startNewMatch({ game, players, options }) {
  const request = { op: "new", game, players, options };
  if (settings.seed !== null) request.seed = settings.seed;
  if (settings.deck !== null) request.deck = settings.deck;
  const created = await ask(request);
  const opened = created && await ask({ op: "view", record: created.record, seat: HUMAN });
  if (!opened) return;
  saveRecord(created.record);
  openTable(created.record, opened.view);
}

async function resumeMatch(save) {
  let answer;
  try {
    answer = TABLES[save.record.game]
      ? await bridge.call({ op: "view", record: save.record, seat: HUMAN })
      : { error: { message: `no table for the game "${save.record.game}"` } };
  } catch (error) {
    answer = { error: { message: error?.message ?? String(error) } };
  }
  if (answer.error) {
    setSaveAside();
    showStart(`The saved game could not be resumed (${answer.error.message}). It was set aside.`);
    return;
  }
  openTable(save.record, answer.view);
}

function openTable(record, view) {
  banner.hide();
  const table = TABLES[record.game]({
    settings,
    onAction: (action) => match?.humanAction(action),
    onLeave: () => showStart(),
  });
  show(table.screen, "table");
  match = runMatch({ bridge, settings, banner, table, record, view });
}

// For tests and bug reports: the record of the match on the table (null elsewhere).
window.cardtable = { currentRecord: () => match?.record ?? null };

boot();
