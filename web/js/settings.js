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
    // Passed through as given: Python knows the levels and answers an unknown one with an error.
    botLevel: params.get("level") || "easy",
    // A fixed seed makes a new match reproducible (tests, bug reports).
    seed: seed !== null && /^\d+$/.test(seed) ? Number(seed) : null,
    // A stacked first deal (tests): card codes in dealing order, comma-separated; Python checks it.
    deck: params.get("deck") ? params.get("deck").split(",").map((code) => code.trim()).filter(Boolean) : null,
  };
}
