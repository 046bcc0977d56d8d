// The screens of "one table, several phones" (docs/one-table.md): the host's seats (a lobby
// before the match, a dialog during it), the codes shown as a QR code and as text, reading a
// code (camera, picture, pasted text), and the guest's screens around its table. What happens
// behind them: table-host.js, table-guest.js, rtc-link.js.

import { el, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";
import { cameraAvailable, qrSvg, readQrPicture, scanWithCamera } from "./qr.js";
import { joinLink } from "./signal-code.js";
import { MAX_NAME_LENGTH } from "./table-host.js";
import { holdFocus } from "./keyboard.js";

// ---- the screen stays on -----------------------------------------------------------------

// Keeps the screen on while a table is open (Screen Wake Lock, where the browser has it); the
// lock falls when the page is hidden, so it is taken again when the page shows. Returns release().
export function keepAwake() {
  let lock = null;
  let released = false;
  const take = async () => {
    if (released || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock?.request("screen") ?? null;
      lock?.addEventListener("release", () => { lock = null; });
    } catch {
      lock = null; // refused (battery saver, no permission): the table works all the same
    }
  };
  document.addEventListener("visibilitychange", take);
  take();
  return () => {
    released = true;
    document.removeEventListener("visibilitychange", take);
    lock?.release().catch(() => {});
    lock = null;
  };
}

// ---- codes -------------------------------------------------------------------------------

// A code to show: its QR code (the link form for a host's invitation, so a phone's own camera
// app opens the page) and its text with Copy.
export function codeBox({ code, qrText = code, label, testid }) {
  const picture = el("div", { class: "qr-slot", "data-testid": `${testid}-qr` });
  qrSvg(qrText, label).then((svg) => picture.append(svg), (error) => {
    picture.append(el("p", { class: "error-text" }, t("The QR code could not be drawn: {reason}", { reason: error?.message ?? error })));
  });
  const status = el("span", { class: "copy-status", role: "status" });
  return el("div", { class: "code-box", "data-testid": testid },
    picture,
    el("p", { class: "code-text", "data-testid": `${testid}-text`, translate: "no" }, code),
    el("div", { class: "code-actions" },
      el("button", {
        type: "button", "data-testid": `${testid}-copy`,
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(code);
            status.textContent = t("Copied");
          } catch {
            status.textContent = t("Select the text above and copy it.");
          }
        },
      }, t("Copy")),
      status));
}

// Where a code is read: the camera, a picture (a photo or screenshot of the QR code), or
// pasted text. onCode(text) is awaited; a rejection's message shows under the controls.
export function codeReader({ label, testid, onCode }) {
  const error = el("p", { class: "error-text code-error", role: "alert", "data-testid": `${testid}-error` });
  const video = el("video", { class: "camera-view", "aria-label": t("Camera view"), hidden: true });
  const area = el("textarea", {
    id: `${testid}-paste`, "data-testid": `${testid}-paste`, rows: 3, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false",
  });
  let stopCamera = null;
  const cameraButton = cameraAvailable() && el("button", {
    type: "button", class: "primary", "data-testid": `${testid}-camera`,
    onclick: () => (stopCamera ? endCamera() : startCamera()),
  }, t("Scan with the camera"));

  async function use(text) {
    error.textContent = "";
    try {
      await onCode(text);
    } catch (problem) {
      error.textContent = problem?.message ?? String(problem);
    }
  }

  function endCamera() {
    stopCamera?.();
    stopCamera = null;
    video.hidden = true;
    if (cameraButton) cameraButton.textContent = t("Scan with the camera");
  }

  async function startCamera() {
    error.textContent = "";
    try {
      video.hidden = false;
      cameraButton.textContent = t("Stop the camera");
      stopCamera = await scanWithCamera(video, (text) => {
        endCamera();
        use(text);
        return true;
      });
    } catch (problem) {
      endCamera();
      error.textContent = t("The camera could not be started: {reason}", { reason: problem?.message ?? problem });
    }
  }

  const picture = el("input", {
    type: "file", accept: "image/*", class: "sr-only", id: `${testid}-picture`, "data-testid": `${testid}-picture`,
    onchange: async (event) => {
      const [file] = event.target.files ?? [];
      event.target.value = "";
      if (!file) return;
      error.textContent = "";
      let text = null;
      try {
        text = await readQrPicture(file);
      } catch {
        text = null;
      }
      if (text) await use(text);
      else error.textContent = t("No QR code was found in this picture.");
    },
  });

  const box = el("div", { class: "code-reader", role: "group", "aria-label": label, "data-testid": testid },
    el("div", { class: "code-actions" },
      cameraButton,
      el("label", { class: "button-like", for: `${testid}-picture` }, t("Read a picture of the code")),
      picture),
    video,
    el("label", { class: "setup-label", for: `${testid}-paste` }, t("Or paste the code:")),
    area,
    el("button", {
      type: "button", "data-testid": `${testid}-use`, onclick: () => use(area.value),
    }, t("Use this code")),
    error);
  return { node: box, stop: endCamera };
}

// ---- the host's seats ------------------------------------------------------------------------

function seatLabel(seat) {
  return t("Seat {n}", { n: seat + 1 });
}

// One row per seat: who sits there and what the host can do about it. `inviting` is the seat
// whose invitation is open below the list.
function seatRows(host, { inviting, onInvite, onReplace }) {
  return el("ul", { class: "phone-seats", "data-testid": "phone-seats" }, host.seats.map((entry, seat) => {
    let status;
    let actions = [];
    switch (entry.state) {
      case "host":
        status = t("{name} (you)", { name: entry.name });
        break;
      case "person":
        status = t("{name}: at the table", { name: entry.name });
        actions = [el("button", { type: "button", "data-testid": "seat-replace", onclick: () => onReplace(seat) }, t("Let the computer play"))];
        break;
      case "away":
        status = t("{name}: away, the seat waits", { name: entry.name });
        actions = [
          el("button", { type: "button", class: "primary", "data-testid": "seat-invite", onclick: () => onInvite(seat) }, t("New code")),
          el("button", { type: "button", "data-testid": "seat-replace", onclick: () => onReplace(seat) }, t("Let the computer play")),
        ];
        break;
      default:
        status = seat === inviting ? t("Computer, until the person joins") : t("Computer");
        actions = [el("button", { type: "button", "data-testid": "seat-invite", onclick: () => onInvite(seat) }, t("Invite a person"))];
    }
    return el("li", { class: `phone-seat state-${entry.state}`, "data-testid": "phone-seat", "data-seat": seat, "data-state": entry.state },
      el("span", { class: "phone-seat-label" }, seatLabel(seat)),
      el("span", { class: "phone-seat-status", "data-testid": "phone-seat-status" }, status),
      actions.length > 0 && el("span", { class: "phone-seat-actions" }, actions));
  }));
}

// The seats and the open invitation; redrawn whenever the host's table changes. Returns
// {node, dispose()}.
export function hostPanel(host, { inMatch = false } = {}) {
  const node = el("div", { class: "host-panel", "data-testid": "host-panel" });
  let inviting = null; // {seat, link, reader} of the invitation on show
  let problem = "";

  async function invite(seat) {
    closeInvite();
    problem = "";
    inviting = { seat, link: null, reader: null, node: null };
    inviting.node = inviteNode(seat, null);
    draw();
    const asked = inviting;
    try {
      const link = await host.invite(seat);
      if (inviting !== asked) { // another seat was chosen meanwhile
        if (host.seats[seat].invite === link) host.cancelInvite(seat);
        return;
      }
      inviting.link = link;
      inviting.node = inviteNode(seat, link);
    } catch (error) {
      inviting = null;
      problem = t("The invitation could not be made: {reason}", { reason: error?.message ?? error });
    }
    draw();
  }

  function closeInvite({ cancel = true } = {}) {
    inviting?.reader?.stop();
    if (cancel && inviting && host.seats[inviting.seat].invite) host.cancelInvite(inviting.seat);
    inviting = null;
  }

  // Made once per invitation, so a redraw keeps what is typed and the camera running.
  function inviteNode(seat, link) {
    const title = el("h3", { id: "invite-title" }, t("Invite a person to seat {n}", { n: seat + 1 }));
    if (!link) return el("section", { class: "invite", "aria-labelledby": "invite-title" }, title, el("p", { role: "status" }, t("Making the code…")));
    const answerPart = el("div", {});
    const reader = codeReader({
      label: t("The guest's answer"), testid: "answer-reader",
      onCode: async (text) => {
        await link.accept(text);
        reader.stop();
        replaceChildren(answerPart, el("p", { role: "status", "data-testid": "invite-connecting" }, t("Connecting…")));
      },
    });
    inviting.reader = reader;
    replaceChildren(answerPart, el("p", { class: "hint" }, t("Then read the answer code their phone shows:")), reader.node);
    return el("section", { class: "invite", "aria-labelledby": "invite-title", "data-testid": "invite", "data-seat": seat },
      title,
      el("p", { class: "hint" }, t("On the person's phone: open this app, tap Join a friend's table and scan this code (a phone's camera app opens it too), or send them the text.")),
      codeBox({ code: link.code, qrText: joinLink(link.code), label: t("QR code of the invitation"), testid: "offer-code" }),
      answerPart,
      el("button", { type: "button", "data-testid": "invite-cancel", onclick: () => { closeInvite(); draw(); } }, t("Cancel")));
  }

  function draw() {
    // A guest who connected ends the invitation.
    if (inviting && inviting.link && host.seats[inviting.seat].link === inviting.link) closeInvite({ cancel: false });
    const focused = node.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    replaceChildren(node,
      !inMatch && el("label", { class: "stun-choice" },
        el("input", {
          type: "checkbox", "data-testid": "use-stun", checked: host.stun,
          onchange: (event) => { host.stun = event.target.checked; },
        }),
        el("span", {}, t("Players on different networks: use a public STUN server (needs internet; off by default). It learns the phones' public addresses, nothing of the game."))),
      seatRows(host, {
        inviting: inviting?.seat ?? null,
        onInvite: invite,
        onReplace: (seat) => {
          if (inviting?.seat === seat) closeInvite();
          host.replaceByBot(seat);
        },
      }),
      problem && el("p", { class: "error-text", role: "alert" }, problem),
      inviting?.node);
    if (focused) node.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
  }

  const unsubscribe = host.onChange(draw);
  draw();
  return {
    node,
    dispose() {
      unsubscribe();
      closeInvite({ cancel: false });
    },
  };
}

// The host before the match: the name, the seats and invitations, Start.
export function hostLobby({ host, title, onStart, onBack }) {
  const panel = hostPanel(host);
  const name = el("input", {
    type: "text", id: "host-name", "data-testid": "host-name", maxlength: MAX_NAME_LENGTH, autocomplete: "off",
    value: host.seats[0].name,
    oninput: (event) => { host.seats[0].name = event.target.value.trim().slice(0, MAX_NAME_LENGTH) || t("Host"); },
  });
  const screen = el("section", { class: "screen one-table-screen", "data-testid": "host-lobby", "aria-labelledby": "lobby-title" },
    backButton(() => { panel.dispose(); onBack(); }),
    el("h1", { id: "lobby-title" }, t("Play on several phones")),
    el("p", { class: "one-table-game" }, title),
    el("p", { class: "hint" }, t("Each person plays on their own phone, with this app, on the same Wi-Fi or a phone's hotspot: no internet is needed. Seats nobody takes are played by the computer.")),
    el("div", { class: "setup-field" }, el("label", { class: "setup-label", for: "host-name" }, t("Your name")), name),
    panel.node,
    el("button", {
      type: "button", class: "primary start-button", "data-testid": "one-table-start",
      onclick: () => { panel.dispose(); onStart(); },
    }, t("Start the match")));
  return { screen, dispose: panel.dispose };
}

// The host during the match: the seats as a dialog over the table, with End the table.
export function openPhonesDialog(hostNode, host, { onEnd }) {
  const panel = hostPanel(host, { inMatch: true });
  const overlay = el("div", { class: "overlay" });
  let release = null;
  const close = () => {
    panel.dispose();
    overlay.remove();
    release?.();
  };
  const dialog = el("div", {
    class: "dialog phones-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "phones-title", "data-testid": "phones-dialog",
  },
    el("h2", { id: "phones-title" }, t("Phones at the table")),
    el("div", { class: "phones-body" }, panel.node),
    el("div", { class: "dialog-buttons" },
      el("button", { type: "button", "data-testid": "end-table", onclick: () => { close(); onEnd(); } }, t("End the table")),
      el("button", { type: "button", class: "primary", "data-testid": "close-phones", onclick: close }, t("Close"))));
  overlay.append(dialog);
  hostNode.append(overlay);
  release = holdFocus(dialog, { onEscape: close });
  dialog.querySelector("button.primary")?.focus();
  return close;
}

// ---- the guest's screens -----------------------------------------------------------------

// ‹ Games, the heading, then the screen's own parts.
function guestScreen(testid, titleText, onBack, ...body) {
  return el("section", { class: "screen one-table-screen", "data-testid": testid, "aria-labelledby": `${testid}-title` },
    backButton(onBack), el("h1", { id: `${testid}-title` }, titleText), ...body);
}

function backButton(onBack) {
  return el("button", {
    type: "button", class: "bar-button", "data-testid": "leave", "aria-label": t("Games"), onclick: onBack,
  }, el("span", { "aria-hidden": "true" }, "‹ "), el("span", { class: "bar-text" }, t("Games")));
}

// Joining: a name, then the host's code. onCode(text, name) is awaited (a rejection is shown).
export function joinScreen({ name, code = "", onCode, onBack, rejoin = false }) {
  const nameInput = el("input", {
    type: "text", id: "guest-name", "data-testid": "guest-name", maxlength: MAX_NAME_LENGTH, autocomplete: "off", value: name,
  });
  const reader = codeReader({
    label: t("The host's code"), testid: "offer-reader",
    onCode: (text) => onCode(text, nameInput.value.trim().slice(0, MAX_NAME_LENGTH)),
  });
  const paste = reader.node.querySelector("textarea");
  paste.value = code;
  const screen = guestScreen("join-screen", rejoin ? t("Back to your seat") : t("Join a table"),
    () => { reader.stop(); onBack(); },
    el("p", { class: "hint" }, rejoin
      ? t("Your seat waits for you. Ask the host for a new code for your seat (Phones at the table, New code) and read it here.")
      : t("On the host's phone a seat shows a code. Read it here: with the camera, from a picture of it, or paste the text the host sent.")),
    el("div", { class: "setup-field" }, el("label", { class: "setup-label", for: "guest-name" }, t("Your name")), nameInput),
    reader.node);
  return { screen, stop: reader.stop };
}

// The guest's answer, for the host to read.
export function answerScreen({ code, onBack }) {
  return guestScreen("answer-screen", t("Show this to the host"), onBack,
    el("p", { class: "hint" }, t("The host reads this code with their phone (or pastes the text). Then you are at the table.")),
    codeBox({ code, label: t("QR code of your answer"), testid: "answer-code" }),
    el("p", { role: "status", "data-testid": "answer-status" }, t("Waiting for the host…")));
}

// Connected, before the match starts: who sits where.
export function waitingScreen({ seat, people, onBack }) {
  return guestScreen("guest-waiting", t("You are at the table"), onBack,
    el("p", { role: "status" }, t("Seat {n}. The match starts when the host starts it.", { n: seat + 1 })),
    el("ul", { class: "phone-seats" }, people.map((name, index) => el("li", { class: "phone-seat" },
      el("span", { class: "phone-seat-label" }, seatLabel(index)),
      el("span", { class: "phone-seat-status" }, name ?? t("Computer"))))));
}

// The connection is gone (the guest's or the host's phone slept, reloaded or left).
export function lostScreen({ onRejoin, onBack }) {
  return guestScreen("guest-lost", t("The connection to the host was lost"), onBack,
    el("p", {}, t("Your seat waits for you. Ask the host for a new code for your seat (Phones at the table, New code) and read it here.")),
    el("button", { type: "button", class: "primary", "data-testid": "rejoin", onclick: onRejoin }, t("Read the new code")));
}

// The host let this guest go.
export function endedScreen({ reason, onBack }) {
  const text = reason === "replaced" ? t("The host gave your seat to the computer.")
    : reason === "closed" ? t("The host closed the table.") : t("The host ended the table.");
  return guestScreen("guest-ended", t("The table is over for you"), onBack,
    el("p", { "data-testid": "ended-reason" }, text));
}
