// Timing and test knobs from the page's query string, e.g. ?botDelay=0&trickDelay=0&seed=7.

import { t } from "./i18n.js";

function numberParam(params, name, fallback) {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

export function readSettings(search = window.location.search) {
  const params = new URLSearchParams(search);
  const seed = params.get("seed");
  return {
    botDelayMs: numberParam(params, "botDelay", 500),
    trickDelayMs: numberParam(params, "trickDelay", 1200),
    bootTimeoutMs: numberParam(params, "bootTimeout", 120000),
    // Overrides the level chosen in the setup panel (tests). Passed through as given:
    // Python knows the levels and answers an unknown one with an error.
    botLevel: params.get("level") || null,
    // A fixed seed makes a new match reproducible (tests, bug reports).
    seed: seed !== null && /^\d+$/.test(seed) ? Number(seed) : null,
    // A stacked first deal (tests): card codes in dealing order, comma-separated; Python checks it.
    deck: params.get("deck") ? params.get("deck").split(",").map((code) => code.trim()).filter(Boolean) : null,
  };
}

// The computer opponents' levels (Python's bot levels), for the setup panel.
export const BOT_LEVELS = ["easy", "normal", "hard"];
export const DEFAULT_BOT_LEVEL = "normal";

export function botLevelChoices() {
  return [
    { value: "easy", label: t("Easy") },
    { value: "normal", label: t("Normal") },
    { value: "hard", label: t("Hard") },
  ];
}

// The player's bot speed (kept in storage); ?botDelay= and ?trickDelay= still win (tests).
export const BOT_SPEEDS = {
  slow: { botDelayMs: 1000, trickDelayMs: 2000 },
  normal: { botDelayMs: 500, trickDelayMs: 1200 },
  fast: { botDelayMs: 150, trickDelayMs: 600 },
};

// The speeds for a <select>, labelled in the current language.
export function botSpeedChoices() {
  return [
    { value: "slow", label: t("Slow") },
    { value: "normal", label: t("Normal") },
    { value: "fast", label: t("Fast") },
  ];
}

export function applyBotSpeed(settings, speed, search = window.location.search) {
  const preset = BOT_SPEEDS[speed] ?? BOT_SPEEDS.normal;
  const params = new URLSearchParams(search);
  if (!params.has("botDelay")) settings.botDelayMs = preset.botDelayMs;
  if (!params.has("trickDelay")) settings.trickDelayMs = preset.trickDelayMs;
  settings.botSpeed = BOT_SPEEDS[speed] ? speed : "normal";
  return settings;
}
