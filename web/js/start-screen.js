// The game list and the setup panel, generic over whatever {"op": "games"} returns.

import { el, replaceChildren, settingSelect } from "./dom.js";
import { currentLanguage, t, tn } from "./i18n.js";
import { botLevelChoices } from "./settings.js";
import { rulesButton } from "./rules-screen.js";
import { defaultPersonName } from "./seats.js";

// A line about each game for its tile, and how long a match typically lasts (minutes).
function gameBlurb(id) {
  switch (id) {
    case "oh_hell": return { text: t("Bid the exact number of tricks you will take, deal after deal."), minutes: 30 };
    case "kozel": return { text: t("Partners beat with matching cards to win card points; the losers are the goat."), minutes: 25 };
    case "spades": return { text: t("Bid your tricks; spades are always trump."), minutes: 30 };
    case "eight_five_three": return { text: t("Three players must take 8, 5 and 3 tricks; extra tricks win card exchanges."), minutes: 25 };
    case "zevaka": return { text: t("Get rid of your cards one rank up on any pile, and never miss a move."), minutes: 10 };
    default: return null;
  }
}

// The rule options' folded line: what differs from the game's usual rules, each with its option's
// name ("Hook: Off · Largest hand: 5 cards"), or that the usual rules are chosen.
function optionsSummary(form, options) {
  const data = new FormData(form);
  const changed = options.filter((option) => data.get(option.name) !== null && data.get(option.name) !== String(option.default))
    .map((option) => {
      const choice = option.choices.find((entry) => String(entry.value) === data.get(option.name))?.label;
      return choice && t("{option}: {choice}", { option: option.label, choice });
    }).filter(Boolean);
  return changed.length ? changed.join(" · ") : t("the usual rules");
}

// Choice lists longer than this become a <select>; shorter ones are segmented radios.
const MAX_RADIO_CHOICES = 8;

function playerRange([min, max]) {
  return min === max ? tn("{n} player", "{n} players", min) : tn("{low}–{n} player", "{low}–{n} players", max, { low: min });
}


function choiceGroup({ name, label, choices, value }) {
  if (choices.length > MAX_RADIO_CHOICES) {
    const select = el("select", { name, id: `setup-${name}`, "data-testid": `option-${name}` },
      choices.map((choice) => el("option", {
        value: String(choice.value), selected: String(choice.value) === String(value),
      }, choice.label)));
    return el("div", { class: "setup-field" },
      el("label", { for: `setup-${name}`, class: "setup-label" }, label), select);
  }
  return el("fieldset", { class: "setup-field", "data-testid": `option-${name}` },
    el("legend", { class: "setup-label" }, label),
    el("div", { class: "segmented" }, choices.map((choice) =>
      el("label", { class: "segment" },
        el("input", {
          type: "radio", name, value: String(choice.value),
          checked: String(choice.value) === String(value),
        }),
        el("span", {}, choice.label)))));
}

// Form values are strings; give each option back the schema's own value (number, bool, text).
function schemaValue(choices, text) {
  return choices.find((choice) => String(choice.value) === text)?.value;
}

const MAX_NAME_LENGTH = 24;

// Pass-and-play: one row per seat, a person (with a name) or the computer. Seat 0, the device's
// owner, is always a person; only seat 0 ticked is solo play, as before.
function peopleRows(players, playerNames) {
  return Array.from({ length: players }, (_, seat) => {
    const person = el("input", {
      type: "checkbox", name: `person-${seat}`, "data-testid": "seat-person", "data-seat": seat,
      checked: seat === 0, disabled: seat === 0, "aria-label": t("Seat {n} is a person", { n: seat + 1 }),
    });
    const name = el("input", {
      type: "text", name: `name-${seat}`, "data-testid": "seat-name", "data-seat": seat, maxlength: MAX_NAME_LENGTH,
      autocomplete: "off", placeholder: defaultPersonName(seat, players), value: playerNames[seat] ?? "",
      disabled: seat !== 0, "aria-label": t("Name of seat {n}", { n: seat + 1 }),
    });
    person.addEventListener("change", () => { name.disabled = !person.checked; });
    return el("div", { class: "people-row", "data-testid": "seat-row", "data-seat": seat },
      el("label", { class: "people-person" }, person, el("span", {}, t("Seat {n}", { n: seat + 1 }))), name);
  });
}

// The seats as the match takes them: a name per person, null per computer.
function chosenPeople(form, players) {
  return Array.from({ length: players }, (_, seat) => {
    const person = form.querySelector(`[data-testid=seat-person][data-seat="${seat}"]`);
    const name = form.querySelector(`[data-testid=seat-name][data-seat="${seat}"]`);
    if (!person?.checked) return null;
    return name.value.trim().slice(0, MAX_NAME_LENGTH) || defaultPersonName(seat, players);
  });
}

function setupPanel(game, { playable, level, onStart, onRules = null, learn = null, playerNames = [], onOneTable = null }) {
  const [min, max] = game.players;
  const playerChoices = [];
  for (let n = min; n <= max; n += 1) playerChoices.push({ value: n, label: String(n) });
  const options = game.options ?? [];
  const peopleSlot = el("div", { class: "people-rows" }, peopleRows(game.default_players, playerNames));

  const form = el("form", { class: "setup", "data-testid": "setup", "data-game": game.id },
    el("div", { class: "setup-head" }, el("h2", {}, game.title),
      onRules && rulesButton({ game: game.id, onClick: () => onRules(game) }),
      playable && learn?.button(game.id)),
    playable && learn?.offer(game),
    choiceGroup({ name: "players", label: t("Players"), choices: playerChoices, value: game.default_players }),
    el("p", { class: "hint" }, t("You sit at the bottom of the table; the computer plays the other seats.")),
    el("details", { class: "setup-field people", "data-testid": "people" },
      el("summary", { class: "setup-label" }, t("Pass and play: more people on this device")),
      el("p", { class: "hint" }, t("Tick the seats of the people who play here, taking turns with this device. Between two people's turns a screen hides the cards.")),
      peopleSlot),
    choiceGroup({ name: "level", label: t("Computer opponents"), choices: botLevelChoices(), value: level }),
    // The rules options fold under one line that shows the current choices.
    options.length > 0 && el("details", { class: "rule-options", "data-testid": "rule-options" },
      el("summary", {}, el("span", { class: "setup-label" }, t("Rule options")), el("span", { class: "options-summary" })),
      options.map((option) => choiceGroup({ ...option, value: option.default }))),
    // One table, several phones (one-table.js): the same choices, then the host's seats.
    playable && onOneTable && el("button", {
      type: "button", class: "one-table-button", "data-testid": "one-table-host",
      onclick: () => { form.dataset.oneTable = "true"; form.requestSubmit(); },
    }, t("Play on several phones")),
    el("button", {
      type: "submit", class: "primary start-button", "data-testid": "start", disabled: !playable,
    }, playable ? t("Start") : t("Coming soon")),
  );

  // A new player count: the seats again, the names typed so far kept.
  form.addEventListener("change", (event) => {
    if (event.target.name !== "players") return;
    const typed = [...form.querySelectorAll("[data-testid=seat-name]")].map((input) => input.value);
    const kept = Array.from({ length: Math.max(typed.length, playerNames.length) }, (_, seat) => typed[seat] ?? playerNames[seat]);
    replaceChildren(peopleSlot, peopleRows(Number(event.target.value), kept));
  });

  const summary = form.querySelector(".options-summary");
  const showSummary = () => { if (summary) summary.textContent = optionsSummary(form, options); };
  showSummary();
  form.addEventListener("change", showSummary);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = {};
    for (const option of options) chosen[option.name] = schemaValue(option.choices, data.get(option.name));
    const players = Number(data.get("players"));
    const typed = [...form.querySelectorAll("[data-testid=seat-name]")].map((input) => input.value.trim());
    // "Learn by playing" (tutorial-offer.js), "Play on several phones", or Start.
    const start = form.dataset.learn ? learn.onLearn : form.dataset.oneTable ? onOneTable : onStart;
    delete form.dataset.learn;
    delete form.dataset.oneTable;
    start({
      game: game.id, players, options: chosen, level: data.get("level"), people: chosenPeople(form, players), names: typed,
    });
  });
  return form;
}

export function startScreen({
  games, playableGames, saves = [], notice, setAside = null, botSpeed = null, language = null, selectedGame = null,
  level, onStart, onResume, onHistory, onSelect = null, onSettings = null, onRules = null, learn = null, playerNames = [],
  onOneTable = null, onJoin = null,
}) {
  let selected = games.find((game) => game.id === selectedGame)
    ?? games.find((game) => playableGames.has(game.id)) ?? games[0];
  const setupSlot = el("div", { class: "setup-slot" });
  const list = el("ul", { class: "game-list", "data-testid": "game-list" });

  function select(game, { reveal = false } = {}) {
    selected = game;
    onSelect?.(game.id);
    for (const button of list.querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(button.dataset.game === game.id));
    }
    replaceChildren(setupSlot, setupPanel(game, {
      playable: playableGames.has(game.id), level, onStart, onRules, learn, playerNames, onOneTable,
    }));
    // On a phone the setup panel is under the list: a tap on a tile brings it into view.
    if (reveal && window.matchMedia?.("(max-width: 899px)").matches) {
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      setupSlot.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    }
  }

  replaceChildren(list, games.map((game) => el("li", {},
    el("button", {
      type: "button", class: "game-choice", "data-game": game.id, "data-testid": "game-choice",
      "aria-pressed": "false", onclick: () => select(game, { reveal: true }),
    },
      el("span", { class: "game-title" }, game.title),
      gameBlurb(game.id) && el("span", { class: "game-blurb", "data-testid": "game-blurb" }, gameBlurb(game.id).text),
      el("span", { class: "game-players" }, playRangeText(game, playableGames),
        gameBlurb(game.id) && ` · ${t("about {n} min", { n: gameBlurb(game.id).minutes })}`)))));

  const screen = el("section", { class: "screen start-screen", "data-testid": "start-screen" },
    el("header", { class: "start-header" },
      language && el("div", { class: "start-language" }, settingSelect(t("Language"), "language", language)),
      el("h1", {}, t("Card Table")),
      el("p", { class: "tagline" }, t("Traditional card games against the computer. Works offline.")),
      // A friend's phone hosts a table (one-table.js): this phone takes a seat at it.
      onJoin && el("button", { type: "button", class: "bar-button join-button", "data-testid": "one-table-join", onclick: onJoin },
        t("Join a friend's table"))),
    notice && el("p", { class: "notice", role: "status", "data-testid": "start-notice" }, notice),
    setAside && el("div", { class: "notice set-aside-notice", role: "alert", "data-testid": "set-aside-notice" },
      el("p", {}, setAside.text),
      el("button", { type: "button", "data-testid": "export-set-aside", onclick: setAside.onExport }, t("Export it")),
      el("button", { type: "button", "data-testid": "dismiss-set-aside", onclick: setAside.onDismiss }, t("Dismiss"))),
    saves.map((save) => {
      const savedGame = games.find((game) => game.id === save.record.game);
      return el("button", {
        type: "button", class: "primary resume-button", "data-testid": "resume", "data-game": save.record.game,
        onclick: () => onResume(save),
      }, t("Resume {game}", { game: savedGame ? savedGame.title : save.record.game }),
        el("span", { class: "resume-detail" }, resumeDetail(save)));
    }),
    el("div", { class: "start-body" },
      el("nav", { "aria-label": t("Games") }, list),
      setupSlot),
    el("footer", { class: "start-footer" },
      onHistory && el("button", { type: "button", class: "bar-button", "data-testid": "open-history", onclick: onHistory },
        t("History & statistics")),
      onSettings && el("button", {
        type: "button", class: "bar-button", "data-testid": "open-settings", onclick: () => onSettings(screen),
      }, t("Settings")),
      botSpeed && settingSelect(t("Bot speed"), "bot-speed", botSpeed)),
  );
  if (selected) select(selected);
  return screen;
}

function playRangeText(game, playableGames) {
  const range = playerRange(game.players);
  return playableGames.has(game.id) ? range : t("{players} · coming soon", { players: range });
}

function resumeDetail(save) {
  const players = Number(save.record.players);
  const parts = [];
  if (players) parts.push(tn("{n} player", "{n} players", players));
  if (save.savedAt) parts.push(new Date(save.savedAt).toLocaleString(currentLanguage()));
  return parts.join(" · ");
}
