// The deal review (docs/ui.md): a finished deal stepped through trick by trick (Zevaka turn by
// turn) with every hand shown, the bids and tricks, and at its end the deal's score line and what
// happened to each person. Python cuts the deal into steps ({"op": "deal_review"}: every seat's
// hand as the step began, the moves made in it, the viewer's view as it ended); the game's own
// table module words the moves (spec.narrate), its score sheet (spec.sheet) and the end-of-deal
// lines (spec.dealLines). This module names no game.
//
// Who may open it is decided before (match.js's reviewAllowed: a solo match, or a finished one);
// Python refuses a deal that is not over.

import { el, replaceChildren } from "./dom.js";
import { cardView } from "./cards.js";
import { holdFocus } from "./keyboard.js";
import { narrate } from "./narrate.js";
import { t } from "./i18n.js";

// The moves of a trick (a step of only these is one trick; Kozel's molodka restarts one).
const TRICK_MOVES = new Set(["play", "pass", "molodka", "decline"]);

// load(deal) -> Promise of the bridge's answer; count: the finished deals; start: the one shown first.
export function openDealReview({ host, spec, names, load, count, start = count, title = null }) {
  return new Promise((resolve) => {
    const overlay = el("div", { class: "overlay review-overlay" });
    // It scrolls on a phone: focusable, so a keyboard scrolls it too.
    const body = el("div", {
      class: "review-body", "data-testid": "review-body", tabindex: "0", role: "region", "aria-labelledby": "deal-review-title",
    });
    let release = null;
    let review = null;
    let deal = start;
    let step = 0;
    const close = () => { overlay.remove(); release?.(); resolve(); };
    const button = (testid, label, onclick) => el("button", { type: "button", "data-testid": testid, onclick }, label);
    const prev = button("review-step-prev", t("‹ Back"), () => go(step - 1));
    const next = button("review-step-next", t("Next ›"), () => go(step + 1));
    const prevDeal = button("review-deal-prev", t("‹ Deal"), () => open(deal - 1));
    const nextDeal = button("review-deal-next", t("Deal ›"), () => open(deal + 1));
    const position = el("p", { class: "review-position", "data-testid": "review-step", role: "status" });
    const dialog = el("div", {
      class: "dialog review-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "deal-review-title",
      "data-testid": "deal-review",
    },
    el("h2", { id: "deal-review-title" }, title ?? t("Deal review")),
    el("div", { class: "review-nav" }, count > 1 && prevDeal, position, count > 1 && nextDeal),
    body,
    el("div", { class: "dialog-buttons review-buttons" }, prev, next,
      el("button", { type: "button", class: "primary", "data-testid": "review-close", onclick: close }, t("Close"))));
    overlay.append(dialog);
    host.append(overlay);
    release = holdFocus(dialog, { onEscape: close });

    async function open(number) {
      if (number < 1 || number > count) return;
      deal = number;
      replaceChildren(body, el("p", {}, t("Loading…")));
      try {
        review = await load(deal);
      } catch (error) {
        review = null;
        replaceChildren(body, el("p", { class: "error-text", "data-testid": "review-error" }, error?.message ?? String(error)));
        return;
      }
      go(0);
    }

    function go(index) {
      if (!review || index < 0 || index >= review.steps.length) return;
      step = index;
      const current = review.steps[step];
      const before = step === 0 ? review.start : review.steps[step - 1].view;
      const last = step === review.steps.length - 1;
      position.textContent = t("Deal {deal} · step {step} of {count}", { deal, step: step + 1, count: review.steps.length });
      dialog.dataset.deal = String(deal);
      dialog.dataset.step = String(step + 1);
      dialog.dataset.steps = String(review.steps.length);
      prev.disabled = step === 0;
      next.disabled = last;
      prevDeal.disabled = deal <= 1;
      nextDeal.disabled = deal >= count;
      replaceChildren(body,
        events(before, current.view),
        plays(current),
        hands(current, current.view),
        last && ending(current.view));
      (next.disabled ? dialog.querySelector("[data-testid=review-close]") : next).focus({ preventScroll: true });
    }

    // What the step's moves did, in the game's own words.
    function events(before, after) {
      const lines = narrate(before, after, names, spec.narrate);
      return lines.length ? el("ul", { class: "review-events", "data-testid": "review-events" }, lines.map((line) => el("li", {}, line))) : null;
    }

    // The cards each seat put down in this step, face up (a face-down pass included: the deal is
    // over), and who took the trick when the step is one.
    function plays(current) {
      const shown = current.actions.filter(({ action }) => Array.isArray(action.cards) && action.cards.length);
      if (!shown.length) return null;
      const trick = current.actions.every(({ action }) => TRICK_MOVES.has(action.type)) ? current.view.history?.at(-1) : null;
      const won = trick?.winner ?? null;
      return el("ol", { class: "trick-review review-plays", "data-testid": "review-plays" }, shown.map(({ seat, action }) =>
        el("li", { class: `trick-review-play${seat === won ? " winner" : ""}`, "data-seat": seat },
          el("span", { class: "trick-review-name" }, names[seat]),
          action.cards.map((code) => cardView(code, "mini")),
          seat === won && el("span", { class: "trick-review-won" }, " ", t("takes it")))));
    }

    // Every hand as the step began; a bid and the tricks taken where the game has them.
    function hands(current, view) {
      if (!current.hands.some(Array.isArray)) return null;
      const played = new Set(current.actions.flatMap(({ action }) => action.cards ?? []));
      return el("ul", { class: "review-hands", "data-testid": "review-hands" }, current.hands.map((hand, seat) =>
        el("li", { class: "review-hand", "data-seat": seat },
          el("span", { class: "review-hand-name" }, names[seat], facts(view, seat)),
          el("span", { class: "review-hand-cards" }, (hand ?? []).map((code) => cardView(code, `mini${played.has(code) ? " played" : ""}`))))));
    }

    function facts(view, seat) {
      const parts = [];
      const bid = view.bids?.[seat];
      if (bid !== null && bid !== undefined) parts.push(t("bid {bid}", { bid }));
      const won = view.tricks_won?.[seat];
      if (won !== undefined) parts.push(t("took {n}", { n: won }));
      return parts.length ? el("span", { class: "muted review-facts" }, ` · ${parts.join(" · ")}`) : null;
    }

    // The deal's end: what happened to each person, then its line of the score sheet.
    function ending(view) {
      const lines = spec.dealLines?.(view, names) ?? [];
      return el("div", { class: "review-ending", "data-testid": "review-ending" },
        el("h3", {}, t("The deal's result")),
        lines.length && el("ul", { class: "deal-lines" }, lines.map((line) => el("li", {}, line))),
        spec.sheet(view, names));
    }

    open(start);
  });
}
