// Keyboard play: roving focus inside control groups, focus kept across re-renders, and
// modal dialogs that hold the focus. JavaScript still decides nothing: every control is the
// same button a tap presses.
//
// Groups (the hand, a row of action buttons, the bid buttons, the piles or the talon on the
// felt) are one Tab stop each: the arrow keys move inside a group (Left/Up back,
// Right/Down on, Home/End to the ends, wrapping round), Enter or Space presses the button.

export const GROUP_SELECTOR = ["[data-roving]", ".hand", ".zevaka-own", ".action-panel", ".bid-buttons", ".felt"].join(", ");

const ITEM_SELECTOR = "button";
const remembered = new Map(); // group key -> the key of its last focused item

let lastInput = "pointer";

function groupOf(node) {
  return node instanceof Element ? node.closest(GROUP_SELECTOR) : null;
}

// The enabled buttons of a group that belong to it (not to a group nested inside it).
export function groupItems(group) {
  return [...group.querySelectorAll(ITEM_SELECTOR)]
    .filter((item) => !item.disabled && item.offsetParent !== null && groupOf(item) === group && !item.closest("[hidden]"));
}

function groupKey(group) {
  return group.dataset.testid ?? group.getAttribute("aria-label") ?? group.className;
}

export function itemKey(node) {
  if (!(node instanceof HTMLElement)) return null;
  const { dataset } = node;
  if (dataset.card && dataset.testid) return `[data-testid="${dataset.testid}"][data-card="${dataset.card}"]`;
  if (dataset.bid) return `[data-bid="${dataset.bid}"]`;
  if (dataset.suit) return `[data-testid="${dataset.testid}"][data-suit="${dataset.suit}"]`;
  if (dataset.type) return `[data-testid="${dataset.testid}"][data-type="${dataset.type}"]`;
  if (dataset.target) return `[data-target="${dataset.target}"]`;
  if (dataset.testid) return `[data-testid="${dataset.testid}"]`;
  return null;
}

// One Tab stop per group: the focused item, else the one last used, else a pressed or
// highlighted one, else the first. Every other enabled item gets tabindex -1.
export function applyRoving(root) {
  for (const group of root.querySelectorAll(GROUP_SELECTOR)) {
    const items = groupItems(group);
    if (!items.length) continue;
    const key = remembered.get(groupKey(group));
    const current = items.find((item) => item === document.activeElement)
      ?? (key && items.find((item) => item.matches(key)))
      ?? items.find((item) => item.getAttribute("aria-pressed") === "true")
      ?? items.find((item) => item.classList.contains("primary"))
      ?? items[0];
    for (const item of items) item.tabIndex = item === current ? 0 : -1;
  }
}

// Focus without scrolling for pointer users (a tap must not jump the page), with it for keys.
export function focusNode(node) {
  if (!node) return false;
  node.focus({ preventScroll: lastInput !== "keyboard" });
  if (lastInput === "keyboard") node.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  return document.activeElement === node;
}

// The control a keyboard player most likely wants next, among `groups` (in that order).
export function firstControl(root, groups) {
  for (const selector of groups) {
    for (const group of root.querySelectorAll(selector)) {
      const items = groupItems(group);
      if (!items.length) continue;
      const key = remembered.get(groupKey(group));
      return (key && items.find((item) => item.matches(key))) ?? items.find((item) => item.tabIndex === 0) ?? items[0];
    }
  }
  return null;
}

function move(group, from, step) {
  const items = groupItems(group);
  if (!items.length) return;
  const at = items.indexOf(from);
  let next;
  if (step === "first") next = items[0];
  else if (step === "last") next = items[items.length - 1];
  else next = items[((at < 0 ? 0 : at + step) + items.length) % items.length];
  for (const item of items) item.tabIndex = item === next ? 0 : -1;
  focusNode(next);
}

const KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };

function onKeyDown(event) {
  lastInput = "keyboard";
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = KEYS[event.key];
  if (step === undefined) return;
  const target = event.target;
  if (!(target instanceof HTMLButtonElement)) return; // selects, radios and text keep their own keys
  const group = groupOf(target);
  if (!group) return;
  event.preventDefault();
  move(group, target, step);
}

function onFocusIn(event) {
  const group = groupOf(event.target);
  const key = itemKey(event.target);
  if (group && key) remembered.set(groupKey(group), key);
}

let installed = false;

export function installKeyboard() {
  if (installed) return;
  installed = true;
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("pointerdown", () => { lastInput = "pointer"; }, true);
}

// A modal dialog keeps the focus: Tab and Shift+Tab cycle inside it, Escape calls onEscape.
// Returns release(), which gives the focus back to where it was when the dialog opened.
export function holdFocus(dialog, { onEscape = null } = {}) {
  const opener = document.activeElement;
  const openerKey = itemKey(opener);
  function focusables() {
    return [...dialog.querySelectorAll("button, select, input, a[href], [tabindex]")]
      .filter((node) => !node.disabled && node.tabIndex >= 0 && node.offsetParent !== null);
  }
  function onKey(event) {
    if (event.key === "Escape" && onEscape) {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const nodes = focusables();
    if (!nodes.length) return;
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  }
  dialog.addEventListener("keydown", onKey);
  applyRoving(dialog);
  // The opener, or the control that replaced it in a re-render, or the screen behind.
  return function release() {
    dialog.removeEventListener("keydown", onKey);
    const again = opener instanceof HTMLElement && opener.isConnected ? opener
      : (openerKey && document.querySelector(openerKey)) || null;
    if (again && !again.disabled) {
      focusNode(again);
    } else if (!document.activeElement || document.activeElement === document.body) {
      document.querySelector("#app > .screen")?.focus({ preventScroll: true });
    }
  };
}

// The groups a keyboard player acts in, in the order the table offers them focus.
export const PLAY_GROUPS = [".bid-buttons", ".hand", ".zevaka-own", ".felt", ".action-panel"];

// Before a re-render: what had the focus inside `root` (or that nothing had it).
export function focusSnapshot(root) {
  const active = document.activeElement;
  const inside = root.contains(active) && active !== root;
  const group = inside ? groupOf(active) : null;
  return {
    key: inside ? itemKey(active) : null,
    group: group ? groupKey(group) : null,
    index: group ? groupItems(group).indexOf(active) : -1,
    // Focus that is ours to move: inside the table, parked on it, or lost (on <body>).
    ours: inside || active === root || !active || active === document.body,
  };
}

// After a re-render: the same control if it is still there and enabled; else its neighbour
// in the same group; else the first control of `groups`; else the focus waits on `root`
// itself (bots are thinking) and moves to your controls when your turn comes.
export function restoreFocus(root, snapshot, groups = PLAY_GROUPS) {
  applyRoving(root);
  if (!root.isConnected || !snapshot.ours || root.querySelector(":scope > .overlay")) return;
  const same = snapshot.key && root.querySelector(snapshot.key);
  if (same && !same.disabled && same.offsetParent !== null) {
    same.focus({ preventScroll: true });
    return;
  }
  if (snapshot.group) {
    const group = [...root.querySelectorAll(GROUP_SELECTOR)].find((node) => groupKey(node) === snapshot.group);
    const items = group ? groupItems(group) : [];
    if (items.length) {
      focusNode(items[Math.min(Math.max(snapshot.index, 0), items.length - 1)]);
      return;
    }
  }
  const control = firstControl(root, groups);
  if (control) {
    focusNode(control);
    return;
  }
  if (document.activeElement !== root) {
    if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
    root.focus({ preventScroll: true });
  }
}
