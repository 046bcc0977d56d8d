// Timing and test knobs from the page's query string, e.g. ?botDelay=0&trickDelay=0&seed=7.

import { t } from "./i18n.js";

// A test switch that does not parse is ignored with a note, never passed on (a bogus level
// left the bots silent, ?bootTimeout=0 showed the error screen, a huge seed an error).
function ignored(name, raw, why) {
  console.info(`ignoring ?${name}=${raw}: ${why}`);
}

function numberParam(params, name, fallback, { min = 0, max = 600_000 } = {}) {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = raw.trim() === "" ? NaN : Number(raw);
  if (Number.isFinite(value) && value >= min && value <= max) return value;
  ignored(name, raw, `not a number from ${min} to ${max}`);
  return fallback;
}

export function readSettings(search = window.location.search) {
  const params = new URLSearchParams(search);
  const seed = params.get("seed");
  const level = params.get("level");
  const seedOk = seed !== null && /^\d{1,16}$/.test(seed) && Number.isSafeInteger(Number(seed));
  if (seed !== null && !seedOk) ignored("seed", seed, "not a whole number from 0 to 2^53 - 1");
  if (level !== null && !BOT_LEVELS.includes(level)) ignored("level", level, `not one of ${BOT_LEVELS.join(", ")}`);
  return {
    botDelayMs: numberParam(params, "botDelay", 500),
    trickDelayMs: numberParam(params, "trickDelay", 1200),
    bootTimeoutMs: numberParam(params, "bootTimeout", 120000, { min: 5000, max: 3_600_000 }),
    // Overrides the level chosen in the setup panel (tests).
    botLevel: BOT_LEVELS.includes(level) ? level : null,
    // A fixed seed makes a new match reproducible (tests, bug reports).
    seed: seedOk ? Number(seed) : null,
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
  const known = typeof speed === "string" && Object.hasOwn(BOT_SPEEDS, speed);
  const preset = known ? BOT_SPEEDS[speed] : BOT_SPEEDS.normal;
  const params = new URLSearchParams(search);
  if (!params.has("botDelay")) settings.botDelayMs = preset.botDelayMs;
  if (!params.has("trickDelay")) settings.trickDelayMs = preset.trickDelayMs;
  settings.botSpeed = known ? speed : "normal";
  return settings;
}
