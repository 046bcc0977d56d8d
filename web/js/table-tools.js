// The table's tools dialog: deal number and match id, undo, hint (the hard bot's choice),
// the last trick, a trick-by-trick review of finished deals, bot speed, the record.
// Python answers everything; this module only shows it.

import { el, replaceChildren } from "./dom.js";
import { cardBack, cardLabel, cardView } from "./cards.js";
import { seatNames } from "./seats.js";
import { BOT_SPEEDS } from "./settings.js";
import { downloadJSON } from "./storage.js";
import { holdFocus } from "./keyboard.js";
import { openSettings } from "./settings-dialog.js";
import { t } from "./i18n.js";
import { rulesButton } from "./rules-screen.js";

const HUMAN = 0;

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
      el("button", { type: "button", class: "primary", "data-testid": "close-tools", onclick: close }, "Close")));
  replaceChildren(content, typeof body === "function" ? body(close, content) : body);
  overlay.append(dialog);
  host.append(overlay);
  release = holdFocus(dialog, { onEscape: close });
  dialog.querySelector("button")?.focus();
  return { close, content };
}

export function describeAction(action) {
  const cards = action.cards ?? (action.card ? [action.card] : []);
  const named = cards.filter(Boolean).map(cardLabel).join(", ");
  const extra = [action.n ?? "", action.suit ?? "", named].filter((part) => part !== "").join(" ");
  return `${action.type.replace(/_/g, " ")}${extra ? ` ${extra}` : ""}`;
}

export function dealNumber(view) {
  return view.deal?.number ?? view.hand_number ?? null;
}

// One trick as rows: who played what (face-down passes as backs).
function trickRows(trick, names) {
  return el("ol", { class: "trick-review", "data-testid": "trick-review" }, (trick?.plays ?? []).map((play) =>
    el("li", { class: `trick-review-play${play.seat === trick.winner ? " winner" : ""}`, "data-seat": play.seat },
      el("span", { class: "trick-review-name" }, names[play.seat] ?? `Seat ${play.seat}`),
      (play.cards ?? [play.card]).map((code) => (code ? cardView(code) : cardBack())),
      play.seat === trick.winner ? el("span", { class: "trick-review-won" }, " takes it") : null)));
}

function reviewBody(deals, names) {
  if (!deals.length) return el("p", { "data-testid": "review-empty" }, "No deal has finished yet.");
  let deal = deals.length - 1;
  let trick = 0;
  const slot = el("div", { class: "review-slot" });
  function draw() {
    const tricks = deals[deal].tricks;
    replaceChildren(slot,
      el("p", { "data-testid": "review-position" }, `Deal ${deals[deal].deal}, trick ${trick + 1} of ${tricks.length}`),
      trickRows(tricks[trick], names),
      el("div", { class: "review-nav" },
        el("button", { type: "button", disabled: deal === 0, onclick: () => { deal -= 1; trick = 0; draw(); } }, "‹ Deal"),
        el("button", { type: "button", "data-testid": "review-prev", disabled: trick === 0, onclick: () => { trick -= 1; draw(); } }, "‹ Trick"),
        el("button", { type: "button", "data-testid": "review-next", disabled: trick >= tricks.length - 1, onclick: () => { trick += 1; draw(); } }, "Trick ›"),
        el("button", { type: "button", disabled: deal >= deals.length - 1, onclick: () => { deal += 1; trick = 0; draw(); } }, "Deal ›")));
  }
  draw();
  return slot;
}

// match: runMatch's handle; table: createTable's; onSpeed(value) stores a bot speed.
// onRules(): opens the rules of the game on the table (the tools dialog closes first).
export function openTableTools({ host, match, table, settings, onSpeed, onRules = null }) {
  const view = match.view;
  const names = seatNames(view.players);
  const deal = dealNumber(view);
  const humanToAct = view.to_act === HUMAN && !view.over && !match.busy;
  return openPanel(host, {
    title: "Table", testid: "table-tools",
    body: (close, content) => [
      el("p", { class: "deal-number", "data-testid": "deal-number" },
        `${deal !== null ? `Deal ${deal} · ` : ""}match #${match.record.seed} · move ${match.record.actions.length}`),
      el("div", { class: "tools-buttons" },
        el("button", {
          type: "button", "data-testid": "tool-undo", disabled: view.over || match.busy || !match.record.actions.length,
          onclick: async () => { close(); await match.undo(); },
        }, "Undo my last move"),
        el("button", {
          type: "button", "data-testid": "tool-hint", disabled: !humanToAct,
          onclick: async () => {
            close();
            const action = await match.hint();
            if (action) table.showHint?.(action, `Hint: ${describeAction(action)}`);
          },
        }, "Hint"),
        el("button", {
          type: "button", "data-testid": "tool-last-trick", disabled: !view.last_trick,
          onclick: () => replaceChildren(content, el("h3", {}, "Last trick"), trickRows(view.last_trick, names)),
        }, "Last trick"),
        el("button", {
          type: "button", "data-testid": "tool-review",
          onclick: async () => {
            replaceChildren(content, el("p", {}, "Loading…"));
            try {
              replaceChildren(content, el("h3", {}, "Review of finished deals"), reviewBody(await match.review(), names));
            } catch (error) {
              replaceChildren(content, el("p", { class: "error-text" }, error.message));
            }
          },
        }, "Review deals"),
        el("button", {
          type: "button", "data-testid": "tool-record",
          onclick: () => downloadJSON(`cardtable-${match.record.game}-${match.record.seed}.json`, match.record),
        }, "Download the record"),
        el("button", {
          type: "button", "data-testid": "tool-settings",
          onclick: () => { close(); openSettings(host); },
        }, t("Settings")),
        onRules && rulesButton({ testid: "tool-rules", className: "rules-button", onClick: () => { close(); onRules(); } })),
      el("label", { class: "bot-speed" }, "Bot speed ",
        el("select", { "data-testid": "tool-bot-speed", onchange: (event) => onSpeed(event.target.value) },
          Object.entries(BOT_SPEEDS).map(([value, { label }]) => el("option", { value, selected: value === settings.botSpeed }, label)))),
    ],
  });
}
