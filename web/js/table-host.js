// The host's side of "one table, several phones" (docs/one-table.md). The host's phone runs
// the match as always (match.js, its worker, its save); this module seats the guests, one
// data channel per guest seat (rtc-link.js), and is the only thing that talks to them:
//
// - to a guest it sends only `view(seat)` of that guest's seat, asked from Python for that
//   seat alone, and public facts (names, who is away, whether the match started);
// - from a guest it takes only small JSON messages of a few kinds; a move goes to Python with
//   the guest's own seat (`remoteMove`), which refuses a move out of turn or against the rules;
//   anything else is refused with a reason and changes nothing.

import { offerLink } from "./rtc-link.js";
import { t } from "./i18n.js";

// A guest's message is a move or a greeting: far below this. Longer ones are refused unread.
export const MAX_GUEST_MESSAGE_CHARS = 4096;
export const MAX_NAME_LENGTH = 24;
// The fields each kind of guest message may have (besides "t").
const GUEST_MESSAGES = {
  hello: ["name", "lang", "version"],
  act: ["action", "seat"],
  claim: ["seat"],
  hint: [],
  check: ["action", "seat"],
  bye: [],
};

class Refusal extends Error {
  constructor(code, message = "") {
    super(message);
    this.code = code;
  }
}

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// A guest's text as a message of a known kind, or a Refusal saying why not.
export function parseGuestMessage(text, seat) {
  if (typeof text !== "string") throw new Refusal("bad_message");
  if (text.length > MAX_GUEST_MESSAGE_CHARS) throw new Refusal("too_large");
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    throw new Refusal("bad_message");
  }
  if (!isPlainObject(message) || !Object.hasOwn(GUEST_MESSAGES, message.t)) throw new Refusal("bad_message");
  const allowed = GUEST_MESSAGES[message.t];
  if (Object.keys(message).some((key) => key !== "t" && !allowed.includes(key))) throw new Refusal("bad_message");
  if (Object.hasOwn(message, "seat") && message.seat !== seat) throw new Refusal("not_your_seat");
  if ((message.t === "act" || message.t === "check") && !isPlainObject(message.action)) throw new Refusal("bad_message");
  return message;
}

// A name as the guest typed it, cut to a short line of printable characters.
export function cleanName(name, fallback) {
  const text = typeof name === "string" ? name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "").trim() : "";
  return text.slice(0, MAX_NAME_LENGTH) || fallback;
}

function newTableId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// people: a name per person's seat, null per computer (a resumed table: its guests are away
// until they scan a new code). version: this app's, told to guests (a different one may not
// draw the same views).
export function createHost({ bridge, players, hostName, people = null, id = newTableId(), version = null }) {
  const seats = Array.from({ length: players }, (_, seat) => ({
    state: seat === 0 ? "host" : typeof people?.[seat] === "string" ? "away" : "computer",
    name: seat === 0 ? hostName : people?.[seat] ?? null,
    link: null, // the open (or unsteady) channel of the guest in this seat
    invite: null, // an offer waiting for its answer
    lang: "en",
    busy: false, // a move of this guest is with Python
  }));
  let stun = false;
  let match = null;
  let record = null;
  let hostTurn = false;
  const listeners = new Set();

  const isPerson = (seat) => seats[seat].state === "person" || seats[seat].state === "away";
  const namesOf = () => seats.map((entry, seat) => (seat === 0 || isPerson(seat) ? entry.name : null));
  const away = () => seats.flatMap((entry, seat) => (entry.state === "away" ? [seat] : []));
  const facts = () => ({ people: namesOf(), away: away(), started: match !== null });

  function changed() {
    for (const entry of seats) if (entry.state === "person") entry.link?.send({ t: "seats", ...facts() });
    for (const listener of listeners) listener();
  }

  async function sendView(seat) {
    const entry = seats[seat];
    const { link } = entry;
    if (!record || !link || entry.state !== "person") return;
    let answer;
    try {
      answer = await bridge.call({ op: "view", record, seat, lang: entry.lang });
    } catch (error) {
      console.warn("a guest's view could not be made:", error);
      return;
    }
    if (answer.error) {
      console.warn("a guest's view could not be made:", answer.error.message);
      return;
    }
    if (entry.link === link) link.send({ t: "view", view: answer.view, ...facts() });
  }

  function refuse(link, code, message = "") {
    link.send({ t: "refused", code, ...(message ? { message } : {}) });
  }

  async function move(seat, link, request) {
    const entry = seats[seat];
    if (!match) return refuse(link, "not_started");
    if (entry.busy) return refuse(link, "busy");
    entry.busy = true;
    try {
      await match.remoteMove(seat, { ...request, lang: entry.lang });
    } catch (error) {
      refuse(link, error.code ?? "internal", error.message);
    } finally {
      entry.busy = false;
    }
  }

  async function hint(seat, link) {
    if (!match || match.view.over || match.view.to_act !== seat) return refuse(link, "not_your_turn");
    const answer = await bridge.call({ op: "hint", record: match.record, lang: seats[seat].lang })
      .catch((error) => ({ error: { code: "internal", message: error.message } }));
    // The hint is for the seat to act: if the table moved on meanwhile, it is stale.
    if (answer.error || answer.seat !== seat) return refuse(link, answer.error?.code ?? "not_your_turn", answer.error?.message);
    link.send({ t: "hint", action: answer.action, reason: answer.reason });
  }

  // The play checker of a guest's phone: the host's Python judges the guest's move from the
  // guest's seat alone, as for the host's own moves (match.js). One question at a time per
  // guest (each costs hard's time); a check that fails lets the move go.
  async function check(seat, link, action) {
    const entry = seats[seat];
    if (!match || match.view.over || match.view.to_act !== seat) return refuse(link, "not_your_turn");
    if (entry.busy) return refuse(link, "busy");
    entry.busy = true;
    let answer;
    try {
      answer = await bridge.call({ op: "check", record: match.record, action, lang: entry.lang });
    } catch (error) {
      answer = { error: { code: "internal", message: error.message } };
    } finally {
      entry.busy = false;
    }
    if (entry.link !== link) return;
    if (answer.error?.code === "illegal_action") return refuse(link, answer.error.code, answer.error.message);
    if (answer.error) console.warn("a guest's move could not be checked:", answer.error.message);
    link.send(answer.worse === true
      ? { t: "checked", worse: true, best: answer.best, cost: answer.cost }
      : { t: "checked", worse: false });
  }

  function receive(seat, link, text) {
    const entry = seats[seat];
    if (entry.link !== link) return;
    let message;
    try {
      message = parseGuestMessage(text, seat);
    } catch (refusal) {
      refuse(link, refusal.code);
      return;
    }
    switch (message.t) {
      case "hello": {
        entry.name = cleanName(message.name, entry.name ?? t("Guest {n}", { n: seat }));
        entry.lang = typeof message.lang === "string" && /^[a-z]{2}$/.test(message.lang) ? message.lang : "en";
        entry.state = "person";
        link.send({ t: "welcome", seat, players, version, ...facts() });
        changed();
        sendView(seat);
        break;
      }
      case "act": move(seat, link, { op: "act", action: message.action }); break;
      case "claim": move(seat, link, { op: "claim" }); break;
      case "hint": hint(seat, link); break;
      case "check": check(seat, link, message.action); break;
      case "bye": drop(seat, link); break;
      default: break;
    }
  }

  // The link of a seat is gone: the person is away, the seat waits for them.
  function drop(seat, link) {
    const entry = seats[seat];
    if (entry.link !== link) return;
    entry.link = null;
    link.close();
    if (entry.state === "person") entry.state = "away";
    changed();
  }

  function connect(seat, link) {
    const entry = seats[seat];
    if (entry.invite === link) entry.invite = null;
    const old = entry.link;
    entry.link = link;
    old?.close();
    link.handlers.onText = (text) => receive(seat, link, text);
    link.handlers.onState = (state) => {
      if (entry.link !== link) return;
      if (state === "closed") drop(seat, link);
      else if (state === "unsteady" && entry.state === "person") {
        entry.state = "away";
        changed();
      } else if (state === "open" && entry.state === "away") {
        entry.state = "person";
        changed();
        sendView(seat);
      }
    };
    changed(); // the hello makes the seat a person's
  }

  function letGo(seat, reason) {
    const entry = seats[seat];
    entry.link?.send({ t: "end", reason });
    entry.link?.close();
    entry.invite?.close();
    Object.assign(entry, { state: "computer", name: null, link: null, invite: null });
    changed();
    match?.save();
    match?.wake();
  }

  return {
    id,
    seats,
    get stun() {
      return stun;
    },
    set stun(value) {
      stun = Boolean(value);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    people: namesOf,
    // A code for `seat`: {code, accept(answer text)}; the seat is the guest's once connected.
    async invite(seat) {
      seats[seat].invite?.close();
      const link = await offerLink({ stun });
      seats[seat].invite = link;
      link.handlers.onOpen = () => connect(seat, link);
      link.handlers.onState = (state) => {
        if (state === "closed" && seats[seat].invite === link) seats[seat].invite = null;
      };
      return link;
    },
    cancelInvite(seat) {
      seats[seat].invite?.close();
      seats[seat].invite = null;
    },
    // The computer plays this seat from now on; its guest is told and let go.
    replaceByBot: (seat) => letGo(seat, "replaced"),
    // Every guest is let go; the computer plays their seats and the host's match goes on.
    end() {
      for (let seat = 1; seat < players; seat += 1) letGo(seat, "ended");
    },
    // The leave of the host's page: guests are told the table closed.
    close() {
      for (const entry of seats) {
        entry.link?.send({ t: "end", reason: "closed" });
        entry.link?.close();
        entry.invite?.close();
      }
      match = null;
    },
    // runMatch's `remote` (match.js).
    remote: {
      isPerson,
      people: namesOf,
      saved: () => ({ people: namesOf(), viewer: 0, oneTable: { id } }),
      changed(next, view) {
        record = next;
        for (let seat = 1; seat < players; seat += 1) sendView(seat);
        // A nudge on the host's phone too when its turn comes.
        const mine = view && !view.over && view.to_act === 0;
        if (mine && !hostTurn) navigator.vibrate?.(60);
        hostTurn = Boolean(mine);
      },
    },
    attach(handle) {
      match = handle;
      record = handle.record;
      changed();
      for (let seat = 1; seat < players; seat += 1) sendView(seat);
    },
  };
}
