// Score sheets (a table: one row per deal, a totals row at the foot) and the dialogs that
// show them between deals and at the end of the match. Each game says what goes in a cell.

import { el } from "./dom.js";
import { suitClass, suitName, suitSymbol } from "./cards.js";
import { holdFocus } from "./keyboard.js";
import { t, tc } from "./i18n.js";
import { viewer } from "./seats.js";

export function trumpMark(trump) {
  if (!trump || trump === "NT") return el("span", { class: "trump-mark", title: t("No trump") }, tc("no trump, short", "NT"));
  return el("span", {
    class: `trump-mark ${suitClass(trump)}`, title: t("Trump: {suit}", { suit: suitName(trump) }),
  }, suitSymbol(trump));
}

// A cell is a node, a string, or {content, class, title}.
function cell(tag, value, attrs = {}) {
  if (value && typeof value === "object" && !(value instanceof Node) && !Array.isArray(value)) {
    return el(tag, { ...attrs, class: [attrs.class, value.class].filter(Boolean).join(" ") || undefined,
      title: value.title, colspan: value.span }, value.content);
  }
  return el(tag, attrs, value);
}

/*
sheetGrid({
  caption,                     text under the table
  groups: [{label, span}],     an optional header row above the columns (e.g. team names)
  columns: [label, ...],       the column headers after the first ("Deal") column
  first: "Deal",               the first column's header
  rows: [{label, cells, latest}],
  totals: [cells], totalLabel: "Total",
})
*/
export function sheetGrid({ caption, groups = null, columns, first = t("Deal"), rows, totals, totalLabel = t("Total"), extraClass = "" }) {
  // Focusable, so a sheet taller than the dialog scrolls with the arrow keys too.
  return el("div", { class: "sheet-scroll", tabindex: "0", role: "region", "aria-label": t("Score sheet") },
    el("table", { class: `sheet ${extraClass}`.trim(), "data-testid": "sheet-table" },
      caption && el("caption", {}, caption),
      el("thead", {},
        groups && el("tr", { class: "sheet-groups" },
          el("th", { scope: "col", class: "sheet-deal" }, el("span", { class: "sr-only" }, first)),
          groups.map(({ label, span }) => el("th", { scope: "colgroup", colspan: span }, label))),
        el("tr", {},
          el("th", { scope: "col", class: "sheet-deal" }, groups ? el("span", { class: "sr-only" }, first) : first),
          columns.map((label) => cell("th", label, { scope: "col" })))),
      el("tbody", {}, rows.map((row, index) => el("tr", {
        "data-testid": "sheet-row", class: row.latest ?? index === rows.length - 1 ? "latest" : "",
      },
        cell("th", row.label, { scope: "row", class: "sheet-deal" }),
        row.cells.map((value) => cell("td", value))))),
      totals && el("tfoot", {}, el("tr", { "data-testid": "sheet-totals" },
        el("th", { scope: "row" }, totalLabel),
        totals.map((value) => cell("td", value, { class: "total" }))))));
}

// "A", "A and B", "A, B and C".
export function listNames(items) {
  if (items.length <= 1) return items.join("");
  return t("{list} and {last}", { list: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

// "A", "A or B", "A, B or C".
export function listChoices(items) {
  if (items.length <= 1) return items.join("");
  return t("{list} or {last}", { list: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

export function winnerText(view, names) {
  const winners = view.winner ?? [];
  if (winners.length === 0) return "";
  const who = winners.map((seat) => names[seat]);
  if (winners.length === 1) return winners[0] === viewer ? t("You win!") : t("{name} wins.", { name: who[0] });
  return t("Tie: {names} share first place.", { names: listNames(who) });
}

// A modal dialog; resolves when one of its buttons is pressed, with that button's value.
// It holds the keyboard focus; Escape presses its first non-primary button (or its only one).
export function showDialog(host, { title, testid, body, buttons }) {
  return new Promise((resolve) => {
    const overlay = el("div", { class: "overlay" });
    let release = null;
    const close = (value) => { overlay.remove(); release?.(); resolve(value); };
    const heading = el("h2", { id: `${testid}-title` }, title);
    const dialog = el("div", {
      class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": `${testid}-title`,
      "data-testid": testid,
    }, heading, body, el("div", { class: "dialog-buttons" }, buttons.map(({ label, value, primary, testid: id }) =>
      el("button", {
        type: "button", class: primary ? "primary" : "", "data-testid": id,
        onclick: () => close(value),
      }, label))));
    overlay.append(dialog);
    host.append(overlay);
    const escape = buttons.find((button) => !button.primary) ?? (buttons.length === 1 ? buttons[0] : null);
    release = holdFocus(dialog, { onEscape: escape ? () => close(escape.value) : null });
    const latest = dialog.querySelector("tr.latest");
    latest?.scrollIntoView({ block: "nearest" });
    (dialog.querySelector("button.primary") ?? dialog.querySelector("button"))?.focus();
  });
}
