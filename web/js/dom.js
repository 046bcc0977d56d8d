// Tiny DOM helpers: el("button", {class: "x", onclick}, "text", child).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else if (name === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    } else if (value === true) {
      node.setAttribute(name, "");
    } else {
      node.setAttribute(name, String(value));
    }
  }
  appendChildren(node, children);
  return node;
}

function appendChildren(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendChildren(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function replaceChildren(node, ...children) {
  node.replaceChildren();
  appendChildren(node, children);
}

// A labelled <select> of a setting (bot speed, language): {value, choices: [{value, label, lang?}], onChange}.
export function settingSelect(label, testid, { value, choices, onChange }) {
  return el("label", { class: "bot-speed" }, label, " ",
    el("select", { "data-testid": testid, onchange: (event) => onChange(event.target.value) },
      choices.map((choice) => el("option", { value: choice.value, selected: choice.value === value, lang: choice.lang }, choice.label))));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
