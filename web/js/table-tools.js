// The table's tools dialog: deal number and match id, undo, hint (the hard bot's choice),
// the last trick, a trick-by-trick review of finished deals, bot speed, the record.
// Python answers everything; this module only shows it.

import { el, replaceChildren, settingSelect } from "./dom.js";
import { cardBack, cardView } from "./cards.js";
import { seatNames, viewer } from "./seats.js";
import { botSpeedChoices } from "./settings.js";
import { downloadJSON } from "./storage.js";
import { holdFocus } from "./keyboard.js";
import { openSettings } from "./settings-dialog.js";
import { t } from "./i18n.js";
import { rulesButton } from "./rules-screen.js";

// A dialog whose body may hold its own buttons; close() removes it.
function openPanel(host, { title, testid, body }) {
  const overlay = el("div", { class: "overlay" });
  let release = null;
  const close = () => { overlay.remove(); release?.(); };
  const content = el("div", { class: "tools-content" });
  const dialog = el("div", {
    class: "dialog tools-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": `${testid}-title`, "data-testid": testid,
  },
    el("h2", { id: `${testid}-title` }, title), content,
    el("div", { class: "dialog-buttons" },
      el("button", { type: "button", class: "primary", "data-testid": "close-tools", onclick: close }, t("Close"))));
  replaceChildren(content, typeof body === "function" ? body(close, content) : body);
  overlay.append(dialog);
  host.append(overlay);
  release = holdFocus(dialog, { onEscape: close });
  dialog.querySelector("button")?.focus();
  return { close, content };
}

// One trick as rows: who played what (face-down passes as backs).
function trickRows(trick, names) {
  return el("ol", { class: "trick-review", "data-testid": "trick-review" }, (trick?.plays ?? []).map((play) =>
    el("li", { class: `trick-review-play${play.seat === trick.winner ? " winner" : ""}`, "data-seat": play.seat },
      el("span", { class: "trick-review-name" }, names[play.seat] ?? t("Seat {n}", { n: play.seat })),
      (play.cards ?? [play.card]).map((code) => (code ? cardView(code) : cardBack())),
      play.seat === trick.winner ? el("span", { class: "trick-review-won" }, " ", t("takes it")) : null)));
}

function reviewBody(deals, names) {
  if (!deals.length) return el("p", { "data-testid": "review-empty" }, t("No deal has finished yet."));
  let deal = deals.length - 1;
  let trick = 0;
  const slot = el("div", { class: "review-slot" });
  function draw() {
    const tricks = deals[deal].tricks;
    replaceChildren(slot,
      el("p", { "data-testid": "review-position" },
        t("Deal {deal}, trick {trick} of {count}", { deal: deals[deal].deal, trick: trick + 1, count: tricks.length })),
      trickRows(tricks[trick], names),
      el("div", { class: "review-nav" },
        el("button", { type: "button", disabled: deal === 0, onclick: () => { deal -= 1; trick = 0; draw(); } }, t("‹ Deal")),
        el("button", { type: "button", "data-testid": "review-prev", disabled: trick === 0, onclick: () => { trick -= 1; draw(); } }, t("‹ Trick")),
        el("button", { type: "button", "data-testid": "review-next", disabled: trick >= tricks.length - 1, onclick: () => { trick += 1; draw(); } }, t("Trick ›")),
        el("button", { type: "button", disabled: deal >= deals.length - 1, onclick: () => { deal += 1; trick = 0; draw(); } }, t("Deal ›"))));
  }
  draw();
  return slot;
}

// Asks the hard bot for your move and shows it on the table as advice: the table words the move,
// Python the reason.
async function showHint(match, table) {
  const hint = await match?.hint();
  if (hint) table.showHint?.(hint.action, hint.reason);
}

// The Hint and Undo buttons on the table (table.js): the same actions as in this dialog.
// currentMatch() gives runMatch's handle, null before it starts.
export function tableHelp(currentMatch, table) {
  return {
    canUndo: () => Boolean(currentMatch()?.canUndo()),
    undo: () => currentMatch()?.undo(),
    hint: () => showHint(currentMatch(), table),
    claim: () => currentMatch()?.claim(),
    // The deal review (every hand): solo play, or a finished match (match.js says which).
    review: {
      allowed: () => Boolean(currentMatch()?.reviewAllowed()),
      load: (deal) => currentMatch().dealReview(deal),
    },
  };
}

// match: runMatch's handle; table: createTable's; onSpeed(value) stores a bot speed;
// language: {value, choices, onChange} of the language select (the page re-renders on a change);
// onRules(): opens the rules of the game on the table (the tools dialog closes first).
// phones: {onClick} at a table of several phones (the host's seats and guests, one-table.js).
export function openTableTools({ host, match, table, settings, onSpeed, language = null, onRules = null, phones = null }) {
  const view = match.view;
  const names = seatNames(view.players);
  const humanToAct = view.to_act === viewer && !view.over && !match.busy;
  return openPanel(host, {
    title: t("Table"), testid: "table-tools",
    body: (close, content) => [
      el("p", { class: "deal-number", "data-testid": "deal-number" }, [
        view.deal.count === 1 ? null : t("Deal {deal}", { deal: view.deal.number }), // not in a one-deal game
        // The seed deals every hand again (?seed=): not shown while a pass-and-play match runs.
        !(match.passAndPlay && !view.over) && t("match #{seed}", { seed: match.record.seed }),
        t("move {n}", { n: match.record.actions.length }),
      ].filter(Boolean).join(" · ")),
      el("div", { class: "tools-buttons" },
        el("button", {
          type: "button", "data-testid": "tool-undo", disabled: view.over || match.busy || !match.canUndo(),
          onclick: async () => { close(); await match.undo(); },
        }, t("Undo my last move")),
        el("button", {
          type: "button", "data-testid": "tool-hint", disabled: !humanToAct,
          onclick: async () => { close(); await showHint(match, table); },
        }, t("Hint")),
        el("button", {
          type: "button", "data-testid": "tool-last-trick", disabled: !view.last_trick,
          onclick: () => replaceChildren(content, el("h3", {}, t("Last trick")), trickRows(view.last_trick, names)),
        }, t("Last trick")),
        el("button", {
          type: "button", "data-testid": "tool-review",
          onclick: async () => {
            // Solo, or a finished match: every hand, step by step (deal-review.js). Otherwise the
            // tricks as this seat saw them (other people play at this table).
            if (match.reviewAllowed() && table.reviewDeals?.()) {
              close();
              return;
            }
            replaceChildren(content, el("p", {}, t("Loading…")));
            try {
              replaceChildren(content, el("h3", {}, t("Review of finished deals")), reviewBody(await match.review(), names));
            } catch (error) {
              replaceChildren(content, el("p", { class: "error-text" }, error.message));
            }
          },
        }, t("Review deals")),
        // The record holds every hand: in pass-and-play it waits for the end of the match.
        el("button", {
          type: "button", "data-testid": "tool-record", disabled: match.passAndPlay && !view.over,
          title: match.passAndPlay && !view.over ? t("It holds every hand: after the match") : null,
          onclick: () => downloadJSON(`cardtable-${match.record.game}-${match.record.seed}.json`, match.record),
        }, t("Download the record")),
        el("button", {
          type: "button", "data-testid": "tool-settings",
          onclick: () => { close(); openSettings(host); },
        }, t("Settings")),
        onRules && rulesButton({ testid: "tool-rules", className: "rules-button", onClick: () => { close(); onRules(); } }),
        phones && el("button", {
          type: "button", "data-testid": "tool-phones", onclick: () => { close(); phones.onClick(); },
        }, t("Phones at the table"))),
      settingSelect(t("Bot speed"), "tool-bot-speed", { value: settings.botSpeed, choices: botSpeedChoices(), onChange: onSpeed }),
      language && settingSelect(t("Language"), "tool-language", {
        ...language,
        // The page re-renders in the new language; so does this dialog.
        onChange: async (code) => {
          close();
          await language.onChange(code);
          openTableTools({ host, match, table, settings, onSpeed, language: { ...language, value: code }, onRules, phones });
        },
      }),
    ],
  });
}
