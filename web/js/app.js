// Entry point: boots the Python bridge, then moves between the start screen and a table.

import { createBanner } from "./banner.js";
import { createLoadingScreen, errorScreen } from "./loading-screen.js";
import { runMatch } from "./match.js";
import { createEightFiveThreeTable } from "./eight-five-three-table.js";
import { createKozelTable } from "./kozel-table.js";
import { createOhHellTable } from "./oh-hell-table.js";
import { createSpadesTable } from "./spades-table.js";
import { createZevakaTable } from "./zevaka-table.js";
import { applyBotSpeed, BOT_LEVELS, BOT_SPEEDS, DEFAULT_BOT_LEVEL, readSettings } from "./settings.js";
import { startScreen } from "./start-screen.js";
import {
  activeGame, downloadJSON, listSaves, markSetAsideSeen, migrate, onStorageProblem, readPrefs, saveMatch,
  setActive, setSaveAside, unseenSetAside, writePrefs,
} from "./storage.js";
import { historyScreen } from "./history-screen.js";
import { setTableTools } from "./table.js";
import { openTableTools } from "./table-tools.js";
import { registerServiceWorker } from "./sw-client.js";
import { installKeyboard } from "./keyboard.js";
import { installAnnouncer } from "./announce.js";
import { applyDeckColours, openSettings } from "./settings-dialog.js";
import { openRules } from "./rules-screen.js";

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
migrate();
applyBotSpeed(settings, readPrefs().botSpeed);
applyDeckColours();
installKeyboard();
installAnnouncer();
// A failed write (storage full, or blocked) is said, never thrown: the game goes on.
onStorageProblem(({ kind, what }) => banner.show(kind === "quota"
  ? `Storage is full: ${what} could not be saved. Export your data from History & statistics, then free some space.`
  : `Storage is not available: ${what} could not be saved.`));
let bridge = null;
let games = [];
let match = null;

function show(screen, name) {
  const lost = !document.activeElement || document.activeElement === document.body || root.contains(document.activeElement);
  root.replaceChildren(screen);
  document.body.dataset.screen = name;
  window.scrollTo(0, 0);
  // The focus was on the screen that went: it goes to the new one's heading (or the table,
  // which hands it on to your first control).
  if (lost) {
    const target = screen.querySelector("h1") ?? screen;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
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
    performance.mark("boot-script");
    const { startBridge } = await import("./bridge-client.js");
    bridge = await withTimeout(
      startBridge({
        onProgress: (progress) => {
          performance.mark(`boot-${progress.stage}`); // bench/startup.py reads these
          loading.progress(progress);
        },
      }),
      settings.bootTimeoutMs,
      `Python did not start within ${Math.round(settings.bootTimeoutMs / 1000)} seconds.`);
    performance.mark("boot-games-asked");
    const answer = await bridge.call({ op: "games" });
    if (answer.error) throw new Error(answer.error.message);
    games = answer.games;
  } catch (error) {
    console.error(error);
    show(errorScreen(error?.message ?? String(error)), "error");
    return;
  }
  const resumed = activeGame();
  const save = resumed && listSaves().find((candidate) => candidate.game === resumed);
  if (save && TABLES[save.game]) await resumeMatch(save);
  else showStart();
  performance.mark("start-screen");
  // After Python is ready, so a first visit does not download everything twice.
  window.cardtable.offline = registerServiceWorker({ banner });
}

function setBotSpeed(speed) {
  applyBotSpeed(settings, speed);
  writePrefs({ botSpeed: settings.botSpeed });
}

function setAsideNotice() {
  const entries = unseenSetAside();
  if (!entries.length) return null;
  return {
    text: `${entries.length === 1 ? "A saved game" : `${entries.length} saved games`} could not be used and `
      + `${entries.length === 1 ? "was" : "were"} kept aside (${entries[entries.length - 1].reason}) `
      + "You can export it for a bug report.",
    onExport: () => downloadJSON("cardtable-set-aside.json", { app: "cardtable", setAside: entries }),
    onDismiss: () => { markSetAsideSeen(); showStart(); },
  };
}

function showHistory() {
  match?.stop();
  match = null;
  show(historyScreen({ games, onBack: () => showStart() }), "history");
}

function showStart(notice = null) {
  match?.stop();
  match = null;
  setActive(null);
  const saves = listSaves();
  show(startScreen({
    games,
    playableGames: new Set(Object.keys(TABLES).filter((id) => games.some((game) => game.id === id))),
    saves,
    notice,
    setAside: setAsideNotice(),
    botSpeed: {
      value: settings.botSpeed,
      choices: Object.entries(BOT_SPEEDS).map(([value, { label }]) => ({ value, label })),
      onChange: setBotSpeed,
    },
    level: chosenLevel(),
    onStart: startNewMatch,
    onResume: resumeMatch,
    onHistory: showHistory,
    onSettings: (host) => openSettings(host),
    onRules: (game) => openRules({
      game: game.id, title: () => games.find((entry) => entry.id === game.id)?.title,
      returnFocus: () => document.querySelector(`[data-testid=open-rules][data-game="${game.id}"]`),
    }),
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

// The level last chosen in the setup panel (kept with the settings).
function chosenLevel() {
  const level = readPrefs().level;
  return BOT_LEVELS.some((choice) => choice.value === level) ? level : DEFAULT_BOT_LEVEL;
}

async function startNewMatch({ game, players, options, level = chosenLevel() }) {
  writePrefs({ level });
  const request = { op: "new", game, players, options };
  if (settings.seed !== null) request.seed = settings.seed;
  if (settings.deck !== null) request.deck = settings.deck;
  const created = await ask(request);
  const opened = created && await ask({ op: "view", record: created.record, seat: HUMAN });
  if (!opened) return;
  openTable({ record: created.record, level }, opened.view);
  saveMatch({ record: created.record, level });
}

async function resumeMatch(save) {
  let answer;
  try {
    answer = TABLES[save.record.game]
      ? await bridge.call({ op: "view", record: save.record, seat: HUMAN })
      : { error: { code: "unknown_game", message: `no table for the game "${save.record.game}"` } };
  } catch (error) {
    answer = { error: { code: "internal", message: error?.message ?? String(error) } };
  }
  if (answer.error) {
    // Only a record Python refuses is set aside; an engine that is down is just reported.
    if (["bad_record", "unknown_game", "bad_options", "bad_request"].includes(answer.error.code)) {
      setSaveAside(save.game, `The saved game could not be resumed: ${answer.error.message}`);
      showStart(`The saved game could not be resumed (${answer.error.message}). It was set aside.`);
    } else {
      showStart();
      banner.show(answer.error.message);
    }
    return;
  }
  openTable(save, answer.view);
}

function openTable({ record, undos = 0, hints = 0, level = DEFAULT_BOT_LEVEL }, view) {
  banner.hide();
  const title = games.find((game) => game.id === record.game)?.title ?? record.game;
  const table = TABLES[record.game]({
    settings, title,
    onAction: (action) => match?.humanAction(action),
    onLeave: () => showStart(),
  });
  show(table.screen, "table");
  setActive(record.game);
  const onRules = () => openRules({
    game: record.game, title: () => games.find((game) => game.id === record.game)?.title,
    returnFocus: () => document.querySelector("[data-testid=open-tools]"),
  });
  setTableTools((host) => match && openTableTools({ host, match, table, settings, onSpeed: setBotSpeed, onRules }));
  match = runMatch({
    bridge, settings, banner, table, record, view, undos, hints, level, title, onFinished: () => setActive(null),
  });
}

// For tests and bug reports: the record of the match on the table (null elsewhere).
window.cardtable = { currentRecord: () => match?.record ?? null, offline: null };

boot();
