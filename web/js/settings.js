// Timing and test knobs from the page's query string, e.g. ?botDelay=0&trickDelay=0&seed=7.

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

// The player's bot speed (kept in storage); ?botDelay= and ?trickDelay= still win (tests).
// The computer opponents' levels (Python's bot levels), for the setup panel.
export const BOT_LEVELS = [
  { value: "easy", label: "Easy" },
  { value: "normal", label: "Normal" },
  { value: "hard", label: "Hard" },
];
export const DEFAULT_BOT_LEVEL = "normal";

export const BOT_SPEEDS = {
  slow: { label: "Slow", botDelayMs: 1000, trickDelayMs: 2000 },
  normal: { label: "Normal", botDelayMs: 500, trickDelayMs: 1200 },
  fast: { label: "Fast", botDelayMs: 150, trickDelayMs: 600 },
};

export function applyBotSpeed(settings, speed, search = window.location.search) {
  const preset = BOT_SPEEDS[speed] ?? BOT_SPEEDS.normal;
  const params = new URLSearchParams(search);
  if (!params.has("botDelay")) settings.botDelayMs = preset.botDelayMs;
  if (!params.has("trickDelay")) settings.trickDelayMs = preset.trickDelayMs;
  settings.botSpeed = BOT_SPEEDS[speed] ? speed : "normal";
  return settings;
}
