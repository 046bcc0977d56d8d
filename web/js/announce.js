// A polite live region for what happens at the table ("West plays the queen of hearts"),
// read by screen readers without moving the focus. One region for the whole page, outside
// the screens, so it exists before anything is said in it.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const KEEP = 12; // lines kept in the log (older ones are dropped; tests read the last ones)

let region = null;

function ensureRegion() {
  if (region?.isConnected) return region;
  region = el("div", {
    class: "sr-only", role: "log", "aria-live": "polite", "aria-relevant": "additions",
    "aria-label": t("Table announcements"), "data-testid": "announcer",
  });
  document.body.append(region);
  return region;
}

// Says each message (a string, or a list of them; empty ones are skipped).
export function announce(messages) {
  const lines = (Array.isArray(messages) ? messages : [messages]).filter(Boolean);
  if (!lines.length) return;
  const log = ensureRegion();
  for (const line of lines) log.append(el("p", { "data-testid": "announcement" }, line));
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

// Pass-and-play, before the next person's turn: what was said to the last one (their own
// draws, the cards passed to them) leaves the page.
export function clearAnnouncements() {
  ensureRegion().replaceChildren();
}

// Made at start-up, so the region is in the page before the first announcement.
export function installAnnouncer() {
  ensureRegion();
}
