// The Oh Hell score sheet (one row per deal, bid / tricks / points per seat) and the
// dialogs that show it between deals and at the end of the match.

import { el } from "./dom.js";
import { suitSymbol, isRedSuit } from "./cards.js";

function trumpMark(trump) {
  if (!trump) return el("span", { class: "trump-mark", title: "No trump" }, "NT");
  return el("span", { class: `trump-mark ${isRedSuit(trump) ? "red" : "black"}` }, suitSymbol(trump));
}

export function sheetTable(view, names) {
  const rows = view.sheet?.rows ?? [];
  const lastRow = rows[rows.length - 1];
  const totals = lastRow?.totals ?? view.scores ?? names.map(() => 0);
  return el("div", { class: "sheet-scroll" },
    el("table", { class: "sheet", "data-testid": "sheet-table" },
      el("caption", {}, "Points per deal; below them: bid / tricks taken."),
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", class: "sheet-deal" }, "Deal"),
        names.map((name) => el("th", { scope: "col" }, name)))),
      el("tbody", {}, rows.map((row, index) => el("tr", {
        "data-testid": "sheet-row", class: index === rows.length - 1 ? "latest" : "",
      },
        el("th", { scope: "row", class: "sheet-deal" },
          el("span", { class: "deal-no" }, row.deal),
          el("span", { class: "deal-meta" }, `${row.hand_size}`, trumpMark(row.trump))),
        row.cells.map((cell) => el("td", { class: cell.bid === cell.tricks ? "hit" : "miss" },
          el("span", { class: "points" }, cell.points),
          el("span", { class: "bid-tricks", title: `Bid ${cell.bid}, took ${cell.tricks}` },
            `${cell.bid}/${cell.tricks}`)))))),
      el("tfoot", {}, el("tr", { "data-testid": "sheet-totals" },
        el("th", { scope: "row" }, "Total"),
        totals.map((total) => el("td", { class: "total" }, total))))));
}

export function winnerText(view, names) {
  const winners = view.winner ?? [];
  if (winners.length === 0) return "";
  const who = winners.map((seat) => names[seat]);
  if (winners.length === 1) return winners[0] === 0 ? "You win!" : `${who[0]} wins.`;
  const list = `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}`;
  return `Tie: ${list} share first place.`;
}

// A modal dialog; resolves when one of its buttons is pressed, with that button's value.
export function showDialog(host, { title, testid, body, buttons }) {
  return new Promise((resolve) => {
    const overlay = el("div", { class: "overlay" });
    const heading = el("h2", { id: `${testid}-title` }, title);
    const dialog = el("div", {
      class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": `${testid}-title`,
      "data-testid": testid,
    }, heading, body, el("div", { class: "dialog-buttons" }, buttons.map(({ label, value, primary, testid: id }) =>
      el("button", {
        type: "button", class: primary ? "primary" : "", "data-testid": id,
        onclick: () => { overlay.remove(); resolve(value); },
      }, label))));
    overlay.append(dialog);
    host.append(overlay);
    const latest = dialog.querySelector("tr.latest");
    latest?.scrollIntoView({ block: "nearest" });
    (dialog.querySelector("button.primary") ?? dialog.querySelector("button"))?.focus();
  });
}
