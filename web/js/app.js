// Entry point: boots the Python bridge, then moves between the start screen and a table.
// The language (i18n.js) follows the browser until the player picks one; a change re-renders
// the screen on show (a table keeps its game) and Python's texts come in that language too.

import { createBanner } from "./banner.js";
import { createLoadingScreen, errorScreen } from "./loading-screen.js";
import { runMatch } from "./match.js";
import { applyBotSpeed, BOT_LEVELS, botSpeedChoices, DEFAULT_BOT_LEVEL, readSettings } from "./settings.js";
import { startScreen } from "./start-screen.js";
import {
  activeGame, askToKeepStorage, downloadJSON, listSaves, loadSave, markSetAsideSeen, mergeHistory, migrate,
  onStorageProblem, readPrefs, saveMatch, setActive, setSaveAside, unseenSetAside, writePrefs,
} from "./storage.js";
import { registerServiceWorker } from "./sw-client.js";
import { claimGame, releaseGame, takeOverGame } from "./tabs.js";
import { installKeyboard } from "./keyboard.js";
import { installAnnouncer } from "./announce.js";
import { applyCardCorners, applyDeckColours, openSettings, setBuildInfo, setCornersListener } from "./settings-dialog.js";
import { openRules } from "./rules-screen.js";
import { learnButton, markTutorialOffered, tutorialOffer } from "./tutorial-offer.js";
import { privacyScreen } from "./privacy-screen.js";
import { isPassAndPlay, OWNER, seatNames, setSeating } from "./seats.js";
import { el, sleep } from "./dom.js";
import { currentLanguage, detectLanguage, isLanguage, LANGUAGES, onLanguageChange, setLanguage, t, tn } from "./i18n.js";

// The games that have a table on this page (the bridge may list more). The tables, the table
// tools and the history screen load when first needed, and are fetched as soon as the start
// screen shows: while Python boots, the page asks for and parses only what the start screen
// uses, which leaves the CPU and the service worker to Pyodide's start.
const TABLES = {
  oh_hell: () => import("./oh-hell-table.js").then((module) => module.createOhHellTable),
  kozel: () => import("./kozel-table.js").then((module) => module.createKozelTable),
  spades: () => import("./spades-table.js").then((module) => module.createSpadesTable),
  eight_five_three: () => import("./eight-five-three-table.js").then((module) => module.createEightFiveThreeTable),
  zevaka: () => import("./zevaka-table.js").then((module) => module.createZevakaTable),
};
const tableModule = () => import("./table.js");
const tableToolsModule = () => import("./table-tools.js");
const historyModule = () => import("./history-screen.js");
const tutorialModule = () => import("./tutorial.js");
// One table, several phones: loaded when a table is hosted or joined (docs/one-table.md).
const hostModule = () => Promise.all([import("./table-host.js"), import("./one-table.js")]);
const guestModule = () => import("./table-guest.js");

function prefetchScreens() {
  for (const load of [...Object.values(TABLES), tableModule, tableToolsModule, historyModule, tutorialModule]) {
    load().catch((error) => console.warn("a screen's module could not be fetched yet:", error));
  }
}

const settings = readSettings();
const root = document.getElementById("app");
const banner = createBanner(document.getElementById("banner"));
const savedLanguage = readPrefs().language;
// The catalog loads while Python boots; the loading screen turns to it when it arrives.
const languageReady = setLanguage(isLanguage(savedLanguage) ? savedLanguage : detectLanguage())
  .catch((error) => console.warn("the language catalog could not be loaded:", error));
migrate();
mergeHistory().catch((error) => console.warn("the history could not be merged:", error));
// Installed on the home screen: a natural moment to ask the browser to keep the data.
window.addEventListener("appinstalled", () => askToKeepStorage({ again: true }));
applyBotSpeed(settings, readPrefs().botSpeed);
applyDeckColours();
applyCardCorners();
// New card letters: the table on show is drawn again (its dialogs stay open); no other screen shows faces.
setCornersListener(() => { if (document.body.dataset.screen === "table") table?.rerender(); });
installKeyboard();
installAnnouncer();
// A failed write (storage full, or blocked) is said, never thrown: the game goes on.
onStorageProblem(({ kind, what }) => banner.show(
  kind === "quota" ? t("Storage is full: {what} could not be saved. Export your data from History & statistics, then free some space.", { what })
    : kind === "kept" ? t("Storage is full: {what} was not saved, so that data this version could not read is not overwritten. Export your data from History & statistics, then free space for this site in the browser's settings.", { what })
      : t("Storage is not available: {what} could not be saved.", { what })));
let bridge = null;
let games = [];
let match = null;
let loading = null;
let table = null;
let startNotice = null;
let startGame = null; // the game selected on the start screen
let bootError = null;
let lesson = null; // the tutorial on the table (tutorial.js), which saves nothing
let privacy = null; // pass-and-play's privacy screen of the match on the table (privacyGate)
let host = null; // one table, several phones: the host's seats and guests (table-host.js)
let guest = null; // …or this phone's seat at another phone's table (table-guest.js)
let phonesScreen = null; // the host's lobby on show ({screen, dispose})
let hostChoice = null; // the setup panel's choices the lobby will start
let stopFollowingPhones = null;
let releaseAwake = null; // the screen stays on while a table of several phones is open

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

// The language select of the start screen and the table tools.
function languageSetting() {
  return {
    value: currentLanguage(),
    choices: LANGUAGES.map(({ code, name }) => ({ value: code, label: name, lang: code })),
    onChange: chooseLanguage,
  };
}

// The player's choice: remembered, unlike the browser's language.
async function chooseLanguage(code) {
  try {
    await setLanguage(code);
  } catch (error) {
    banner.show(t("The language could not be loaded: {reason}", { reason: error?.message ?? error }));
    return;
  }
  writePrefs({ language: code });
  await refreshing; // the screen is redrawn before the caller (the table tools) reopens anything
}

// The screen on show, again in the new language; Python's titles and labels are asked again.
async function refreshScreen() {
  document.title = t("Card Table");
  if (!bridge) {
    if (bootError !== null) show(errorScreen(bootError), "error");
    else loading?.render();
    return;
  }
  const answer = await ask({ op: "games" });
  if (answer) games = answer.games;
  switch (document.body.dataset.screen) {
    case "start": showStart(startNotice); break;
    case "history": showHistory(); break;
    case "table": table?.rerender(); break;
    case "privacy": privacy?.rerender(); break;
    case "one-table": case "guest-table": guest ? guest.rerender() : host && phonesScreen && showLobby(); break;
    default: break;
  }
}

let refreshing = Promise.resolve();
onLanguageChange(() => {
  refreshing = refreshScreen();
});

function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function boot() {
  loading = createLoadingScreen(document.querySelector("[data-testid=loading-screen]"));
  loading.render(); // in the language already loaded; the catalog may still arrive (see onLanguageChange)
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
      t("Python did not start within {n} seconds.", { n: Math.round(settings.bootTimeoutMs / 1000) }));
    setBuildInfo({ version: bridge.version, buildId: bridge.buildId });
    // Python's titles and labels in the page's language (a catalog that arrives later than
    // this asks for them again: onLanguageChange).
    await Promise.race([languageReady, sleep(5000)]);
    performance.mark("boot-games-asked");
    const answer = await bridge.call({ op: "games" });
    if (answer.error) throw new Error(answer.error.message);
    games = answer.games;
  } catch (error) {
    console.error(error);
    bootError = error?.message ?? String(error);
    show(errorScreen(bootError), "error");
    // A restore that hangs or crashes the worker would again at every start: the next is normal.
    import("./python-snapshot.js").then(({ snapshotStore }) => snapshotStore(new URL("./", document.baseURI)).forget())
      .catch((reason) => console.warn("the interpreter snapshot could not be forgotten:", reason));
    return;
  }
  try {
    const joinCode = takeJoinCode();
    const resumed = activeGame();
    const save = resumed && listSaves().find((candidate) => candidate.game === resumed);
    if (joinCode) await joinTable(joinCode);
    else if (save && Object.hasOwn(TABLES, save.game)) await resumeMatch(save);
    else showStart();
  } catch (error) {
    // Stored values are checked before use (storage.js); should one still break a screen,
    // the start screen shows without the saves rather than the page staying on "loading".
    console.error(error);
    showStart(t("The saved games could not be shown: {reason}", { reason: error?.message ?? String(error) }), { withSaves: false });
  }
  performance.mark("start-screen");
  setTimeout(prefetchScreens, 0);
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
    text: tn("A saved game could not be used and was kept aside ({reason}). You can export it for a bug report.",
      "{n} saved games could not be used and were kept aside ({reason}). You can export them for a bug report.",
      entries.length, { reason: entries[entries.length - 1].reason }),
    onExport: () => downloadJSON("cardtable-set-aside.json", { app: "cardtable", setAside: entries }),
    onDismiss: () => { markSetAsideSeen(); showStart(); },
  };
}

async function showHistory() {
  match?.stop();
  match = null;
  leavePhones();
  releaseGame();
  const { historyScreen } = await historyModule();
  show(historyScreen({ games, onBack: () => showStart(), onReview: reviewFinished }), "history");
}

// The deal review of a finished match from the history (its kept record), over the history screen.
async function reviewFinished(entry, record, host) {
  if (!Object.hasOwn(TABLES, record.game)) return;
  const opened = await ask({ op: "view", record, seat: OWNER });
  if (!opened) return;
  const [createTable, { finishedDeals }] = await Promise.all([TABLES[record.game](), tableModule()]);
  setSeating({ people: isPassAndPlay(entry.people) ? entry.people : null, viewer: OWNER });
  const title = games.find((game) => game.id === record.game)?.title ?? record.game;
  const hidden = createTable({ settings, title, onAction: () => {}, onLeave: () => {} });
  hidden.render(opened.view); // never shown: it gives the review the game's words and names
  const load = async (deal) => {
    const answer = await bridge.call({ op: "deal_review", record, seat: OWNER, deal });
    if (answer.error) throw new Error(answer.error.message);
    return answer;
  };
  await hidden.openReview({ load }, finishedDeals(opened.view), finishedDeals(opened.view), host);
  setSeating();
}

// A host's invitation opened from its QR code by the phone's camera app: ...#j=CODE. The code
// leaves the address at once, so a reload does not offer an old invitation again.
function takeJoinCode() {
  const found = /^#j=([0-9A-Za-z]+)$/.exec(window.location.hash);
  if (!found) return null;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  return found[1];
}

// Leaves any table of several phones: the guests are told (host), or the host is (guest).
function leavePhones() {
  phonesScreen?.dispose();
  phonesScreen = null;
  stopFollowingPhones?.();
  stopFollowingPhones = null;
  releaseAwake?.();
  releaseAwake = null;
  host?.close();
  host = null;
  guest?.close();
  guest = null;
}

function showStart(notice = null, { withSaves = true } = {}) {
  match?.stop();
  match = null;
  leavePhones();
  lesson?.stop();
  lesson = null;
  privacy = null;
  setSeating(); // the start screen and the history speak of seat 0 as "You" again
  releaseGame();
  // Only a tab that leaves its table says so (another tab may have its table open).
  if (table) setActive(null);
  table = null;
  startNotice = notice;
  const saves = withSaves ? listSaves() : [];
  show(startScreen({
    games,
    playableGames: new Set(Object.keys(TABLES).filter((id) => games.some((game) => game.id === id))),
    saves,
    notice,
    setAside: setAsideNotice(),
    botSpeed: { value: settings.botSpeed, choices: botSpeedChoices(), onChange: setBotSpeed },
    language: languageSetting(),
    selectedGame: startGame,
    onSelect: (id) => { startGame = id; },
    level: chosenLevel(),
    playerNames: Array.isArray(readPrefs().playerNames) ? readPrefs().playerNames : [],
    onStart: startNewMatch,
    onOneTable: hostTable,
    onJoin: () => joinTable(),
    onResume: resumeMatch,
    onHistory: showHistory,
    onSettings: (host) => openSettings(host),
    onRules: (game) => openRules({
      game: game.id, title: () => games.find((entry) => entry.id === game.id)?.title,
      returnFocus: () => document.querySelector(`[data-testid=open-rules][data-game="${game.id}"]`),
      // The setup panel's Learn, so the lesson takes the panel's choices for the match after it.
      onLearn: () => document.querySelector(`[data-testid=setup][data-game="${game.id}"] [data-testid=open-tutorial]`)?.click(),
    }),
    learn: { button: learnButton, offer: (game) => tutorialOffer(game, {}), onLearn: startTutorial },
  }), "start");
}

// One bridge call from a screen; a failure shows in the banner and gives null.
async function ask(request) {
  try {
    const answer = await bridge.call(request);
    if (!answer.error) return answer;
    banner.show(answer.error.message);
  } catch (error) {
    banner.show(t("The game engine stopped answering: {reason}", { reason: error?.message ?? error }));
  }
  return null;
}

// The level last chosen in the setup panel (kept with the settings).
function chosenLevel() {
  const level = readPrefs().level;
  return BOT_LEVELS.includes(level) ? level : DEFAULT_BOT_LEVEL;
}

// Another tab took this game over: its table goes, its moves are all saved.
function takenOver() {
  showStart();
  banner.show(t("This game is now played in another tab. Its moves are saved; open it here again to take it back."));
}

// The game is on another tab's table: say so, and offer to take it over (then its save is
// read afresh, with every move that tab made).
function offerTakeOver(game) {
  const title = games.find((entry) => entry.id === game)?.title ?? game;
  banner.show(t("{game} is open in another tab. Only one tab at a time plays a game, so no moves are lost.", { game: title }), {
    action: {
      label: t("Play it here"), testid: "take-over",
      onClick: async () => {
        await takeOverGame(game, takenOver);
        const save = loadSave(game);
        if (save) await resumeOwned(save);
        else showStart();
      },
    },
  });
}

// people: pass-and-play's names per seat (null for a computer), or null for solo play.
async function startNewMatch({ game, players, options, level = chosenLevel(), people = null, names = null, oneTable = null }) {
  if (!(await claimGame(game, takenOver))) {
    offerTakeOver(game);
    return;
  }
  // A match of this game in progress is replaced only by the person's choice.
  const saved = loadSave(game);
  const choice = saved ? await askToReplace(saved) : "new";
  if (choice === "resume") {
    await resumeOwned(loadSave(game) ?? saved);
    return;
  }
  if (choice !== "new") {
    if (document.body.dataset.screen === "start") releaseGame();
    else showStart(); // from a lesson's end
    return;
  }
  writePrefs({ level });
  markTutorialOffered(game); // playing it: the lesson is not offered any more (still on the panel)
  if (names) rememberNames(names);
  if (!isPassAndPlay(people) || oneTable) people = null;
  const request = { op: "new", game, players, options };
  if (settings.seed !== null) request.seed = settings.seed;
  const { created, note } = await newRecord(request);
  if (!created) return;
  if (people) {
    // Behind the privacy screen of the person to act, as a resumed match: whoever pressed
    // Start or Play again may not be that person.
    const save = { game, record: created.record, level, people, viewer: OWNER };
    saveMatch(save);
    await resumeOwned(save);
  } else {
    const opened = await ask({ op: "view", record: created.record, seat: OWNER });
    if (!opened) return;
    await openTable({ record: created.record, level, oneTable }, opened.view);
    saveMatch({ record: created.record, level, ...(oneTable?.remote.saved() ?? {}) });
  }
  if (note) banner.show(note);
}

// "Play on several phones": the setup panel's choices, then the host's seats (the lobby),
// where guests join before the match starts.
async function hostTable(choice) {
  if (!(await claimGame(choice.game, takenOver))) {
    offerTakeOver(choice.game);
    return;
  }
  const [{ createHost }, { keepAwake }] = await hostModule();
  leavePhones();
  const names = Array.isArray(readPrefs().playerNames) ? readPrefs().playerNames : [];
  host = createHost({
    bridge, players: choice.players, hostName: (typeof names[0] === "string" && names[0]) || t("Host"), version: bridge.version,
  });
  releaseAwake = keepAwake();
  hostChoice = choice;
  showLobby();
}

async function showLobby() {
  const [, { hostLobby }] = await hostModule();
  phonesScreen?.dispose();
  const title = games.find((game) => game.id === hostChoice.game)?.title ?? hostChoice.game;
  phonesScreen = hostLobby({
    host, title,
    onBack: () => showStart(),
    onStart: () => {
      phonesScreen = null;
      rememberNames([host.seats[0].name]);
      startNewMatch({ ...hostChoice, people: null, names: null, oneTable: host });
    },
  });
  show(phonesScreen.screen, "one-table");
}

// "Join a friend's table": this phone takes a seat at another phone's table. code: a host's
// code already read (its QR code's link opened this page).
async function joinTable(code = "") {
  showStart();
  const { startGuest } = await guestModule();
  guest = startGuest({
    show, settings, code, version: bridge.version,
    loadTable: (game) => TABLES[game](),
    titleOf: (game) => games.find((entry) => entry.id === game)?.title ?? game,
    notify: (text) => banner.show(text),
    onLeave: () => {
      guest = null;
      showStart();
    },
  });
}

// A new match's record; a stacked deck of the address (?deck=, for tests) that the game refuses
// is left out with a note, so it cannot make every Start fail.
async function newRecord(request) {
  if (settings.deck !== null) {
    let answer = null;
    try {
      answer = await bridge.call({ ...request, deck: settings.deck });
    } catch {
      answer = null;
    }
    if (answer && !answer.error) return { created: answer, note: null };
    if (answer?.error) {
      const note = t("The stacked deck of the address (?deck=) was left out: {reason}", { reason: answer.error.message });
      return { created: await ask(request), note };
    }
  }
  return { created: await ask(request), note: null };
}

// The person chooses what becomes of the saved match of the game they start: "resume", "new"
// (it is lost) or "cancel".
async function askToReplace(save) {
  const { showDialog } = await import("./score-sheet.js");
  const title = games.find((entry) => entry.id === save.game)?.title ?? save.game;
  const detail = [t("move {n}", { n: save.record.actions.length }),
    save.savedAt ? new Date(save.savedAt).toLocaleString(currentLanguage()) : null].filter(Boolean).join(" · ");
  return showDialog(root.firstElementChild ?? root, {
    title: t("{game}: a match in progress", { game: title }), testid: "replace-match",
    body: el("p", {}, t("Your {game} match in progress is saved ({detail}). A new {game} match replaces it: the match in progress would be lost.", { game: title, detail })),
    buttons: [
      { label: t("Cancel"), value: "cancel", testid: "replace-cancel" },
      { label: t("Start anew and lose it"), value: "new", testid: "replace-confirm" },
      { label: t("Resume it"), value: "resume", primary: true, testid: "replace-resume" },
    ],
  });
}

// The names typed on the setup panel, per seat; seats past this game's keep their old names.
function rememberNames(names) {
  const old = Array.isArray(readPrefs().playerNames) ? readPrefs().playerNames : [];
  const length = Math.max(old.length, names.length);
  writePrefs({ playerNames: Array.from({ length }, (_, seat) => (seat < names.length ? names[seat] : old[seat] ?? "")) });
}

// The final dialog's Play again: the same game, players, level, options and people, in one tap.
function playAgain({ game, players, options }, level, people = null, oneTable = null) {
  match?.stop();
  match = null;
  return startNewMatch({ game, players, options, level, people, oneTable });
}

// "Learn by playing": the game's guided first deal, then a real match with `choice` (the setup
// panel's game, players, level and options). The lesson saves nothing.
async function startTutorial(choice) {
  markTutorialOffered(choice.game);
  match?.stop();
  match = null;
  leavePhones();
  lesson?.stop();
  lesson = null;
  releaseGame();
  if (table) setActive(null);
  table = null;
  try {
    const [{ runTutorial }, createTable, { setTableTools }] = await Promise.all([
      tutorialModule(), TABLES[choice.game](), tableModule()]);
    banner.hide();
    lesson = await runTutorial({
      bridge, game: choice.game, title: games.find((game) => game.id === choice.game)?.title ?? choice.game,
      settings, createTable, setTableTools, show,
      onLeave: () => showStart(), onRealMatch: () => startNewMatch(choice),
    });
  } catch (error) {
    showStart();
    banner.show(t("The lesson could not start: {reason}", { reason: error?.message ?? String(error) }));
  }
}

async function resumeMatch(save) {
  if (!(await claimGame(save.game, takenOver))) {
    if (document.body.dataset.screen !== "start") showStart();
    offerTakeOver(save.game);
    return;
  }
  // Read again now that this tab owns it: the start screen's copy may be older.
  await resumeOwned(loadSave(save.game) ?? save);
}

async function resumeOwned(save) {
  let answer;
  // Pass-and-play resumes behind the privacy screen: no view is asked for until the person
  // to act (or, while a bot is to act, the one last shown) taps.
  const people = isPassAndPlay(save.people) && save.people.length === save.record.players && !save.oneTable ? save.people : null;
  try {
    answer = Object.hasOwn(TABLES, save.record.game)
      ? await bridge.call(people ? { op: "turn", record: save.record } : { op: "view", record: save.record, seat: OWNER })
      : { error: { code: "unknown_game", message: t("no table for the game \"{game}\"", { game: save.record.game }) } };
  } catch (error) {
    answer = { error: { code: "internal", message: error?.message ?? String(error) } };
  }
  if (answer.error) {
    // Only a record Python refuses is set aside; an engine that is down is just reported.
    if (["bad_record", "unknown_game", "bad_options", "bad_request", "bad_json"].includes(answer.error.code)) {
      setSaveAside(save.game, t("The saved game could not be resumed: {reason}", { reason: answer.error.message }));
      showStart(t("The saved game could not be resumed ({reason}). It was set aside.", { reason: answer.error.message }));
    } else {
      showStart();
      banner.show(answer.error.message);
    }
    return;
  }
  if (people) {
    const isPerson = (seat) => Number.isInteger(seat) && typeof people[seat] === "string";
    const viewer = isPerson(answer.to_act) ? answer.to_act : isPerson(save.viewer) ? save.viewer : OWNER;
    await openTable({ ...save, people }, null, viewer);
    return;
  }
  if (save.oneTable && Array.isArray(save.people) && save.people.length === save.record.players) {
    // The host's page came back: its guests are away until they read a new code.
    const [{ createHost }, { keepAwake }] = await hostModule();
    leavePhones();
    host = createHost({
      bridge, players: save.record.players, hostName: save.people[0] ?? t("Host"), people: save.people, id: save.oneTable.id,
      version: bridge.version,
    });
    releaseAwake = keepAwake();
    await openTable({ ...save, people: null, oneTable: host }, answer.view);
    return;
  }
  await openTable(save, answer.view);
}

// Pass-and-play's privacy screen between two people's turns: ask(seat) shows it (the table is
// already empty) and resolves on the tap; reveal() puts the table, now drawn for them, back.
function privacyGate(title) {
  let shownSeat = null;
  let players = 0;
  let news = null;
  let tapped = null;
  function draw() {
    show(privacyScreen({
      name: seatNames(players)[shownSeat], title, news, names: seatNames(players),
      onReady: () => tapped?.(),
      onLeave: () => showStart(),
    }), "privacy");
  }
  return {
    ask(seat, count, since = null) {
      shownSeat = seat;
      players = count;
      news = since;
      draw();
      return new Promise((resolve) => { tapped = resolve; });
    },
    reveal() {
      tapped = null;
      if (table) show(table.screen, "table");
    },
    rerender: draw,
  };
}

async function openTable({ record, undos = 0, hints = 0, level = DEFAULT_BOT_LEVEL, people = null, oneTable = null }, view, viewer = OWNER) {
  const [createTable, { setTableTools }, { openTableTools, tableHelp }] = await Promise.all([
    TABLES[record.game](), tableModule(), tableToolsModule()]);
  banner.hide();
  const title = games.find((game) => game.id === record.game)?.title ?? record.game;
  table = createTable({
    settings, title,
    onAction: (action) => match?.humanAction(action),
    onLeave: () => showStart(),
    onPlayAgain: () => playAgain(record, level, people, oneTable),
  });
  const gate = people ? privacyGate(title) : null;
  privacy = gate;
  if (view) show(table.screen, "table");
  setActive(record.game);
  const onRules = () => openRules({
    game: record.game, title: () => games.find((game) => game.id === record.game)?.title,
    returnFocus: () => document.querySelector("[data-testid=open-tools]"),
    onLearn: () => startTutorial({ game: record.game, players: record.players, options: record.options, level }),
  });
  setTableTools((node) => match && openTableTools({
    host: node, match, table, settings, onSpeed: setBotSpeed, language: languageSetting(), onRules,
    phones: oneTable && { onClick: openPhones },
  }), tableHelp(() => match, table));
  match = runMatch({
    bridge, settings, banner, table, record, view, undos, hints, level, title,
    onFinished: (recorded) => {
      setActive(null);
      // The first finished match: a natural moment to ask the browser to keep the data.
      if (recorded) askToKeepStorage().catch((error) => console.warn("persistent storage:", error));
    },
    people, viewer, privacy: gate && { ask: (seat, since) => gate.ask(seat, record.players, since), reveal: gate.reveal },
    remote: oneTable?.remote ?? null,
  });
  if (oneTable) {
    oneTable.attach(match);
    followPhones(oneTable);
  }
}

// The host's table follows its guests: their names and who is away on the seats, and a banner
// when a guest's phone goes away (or, on a resumed table, that the guests' seats wait).
function followPhones(oneTable) {
  stopFollowingPhones?.();
  let away = null;
  let told = false; // the banner says someone is away
  const sync = () => {
    const now = oneTable.seats.flatMap((entry, seat) => (entry.state === "away" ? [seat] : []));
    setSeating({ people: oneTable.people(), viewer: OWNER, away: now });
    const action = { label: t("Phones at the table"), testid: "open-phones", onClick: () => { told = false; openPhones(); } };
    if (away === null && now.length) {
      banner.show(t("The guests' seats wait for them: give each a new code in Phones at the table."), { action });
      told = true;
    }
    for (const seat of now) {
      if (away && !away.includes(seat)) {
        banner.show(t("{name}'s phone is away. The seat waits for them.", { name: oneTable.seats[seat].name }), { action });
        told = true;
      }
    }
    if (told && !now.length) { // everyone is back (a phone that only blinked)
      banner.hide();
      told = false;
    }
    away = now;
    if (document.body.dataset.screen === "table") table?.rerender();
  };
  stopFollowingPhones = oneTable.onChange(sync);
  sync();
}

async function openPhones() {
  const [, { openPhonesDialog }] = await hostModule();
  if (host && table && document.body.dataset.screen === "table") openPhonesDialog(table.screen, host, { onEnd: () => host?.end() });
}

// For tests and bug reports: the record of the match on the table (null elsewhere).
// ask(request) is one bridge call, as the page makes them.
window.cardtable = {
  currentRecord: () => match?.record ?? null,
  offline: null,
  ask: (request, options) => bridge.call(request, options),
  python: () => bridge?.python ?? null, // how Python started: {from, fallback, ms, snapshot} (worker.js)
  sounds: () => import("./sound.js").then((sound) => sound.soundsMade()), // loaded with the table, not at boot
};

boot();
