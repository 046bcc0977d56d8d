// A classic script, run before the page's modules load (a separate file: the page's
// Content-Security-Policy allows no inline script).

// The page's catalog first, before Python's downloads take the line: the loading screen then
// speaks the player's language from its first words (i18n.js adopts this request). Until it
// arrives the loading screen's English words are hidden (class lang-pending, at most 1.5 s).
try {
  const LANGUAGES = ["en", "ru", "pl", "bg", "de", "nl"];
  let chosen = null;
  try {
    chosen = JSON.parse(localStorage.getItem("cardtable.v2.prefs") ?? "{}")?.language ?? null;
  } catch {
    chosen = null;
  }
  const browser = (navigator.languages?.length ? navigator.languages : [navigator.language])
    .map((tag) => String(tag).toLowerCase().split(/[-_]/)[0]).find((code) => LANGUAGES.includes(code));
  const code = LANGUAGES.includes(chosen) ? chosen : browser ?? "en";
  if (code !== "en") {
    document.documentElement.classList.add("lang-pending");
    setTimeout(() => document.documentElement.classList.remove("lang-pending"), 1500);
    const url = new URL(`locales/${code}.json`, document.baseURI);
    window.cardtableEarlyCatalog = {
      code, request: fetch(url, { priority: "high" }).then((response) => {
        if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
        return response.json();
      }),
    };
    window.cardtableEarlyCatalog.request.catch(() => document.documentElement.classList.remove("lang-pending"));
  }
} catch (error) {
  console.warn("the early catalog request failed; i18n.js loads it", error);
}

// Python starts booting now, while the page's modules load; bridge-client.js adopts
// this worker and replays what it said meanwhile.
try {
  // The name tells the worker whether the service worker serves this page (see worker.js).
  const name = navigator.serviceWorker?.controller ? "cached" : "network";
  const worker = new Worker("js/worker.js", { type: "module", name });
  const early = [];
  worker.onmessage = (event) => early.push(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    early.push({ type: "crash", reason: event.message }); // worded by bridge-client.js, in the page's language
  };
  window.cardtableEarlyWorker = { worker, early };
} catch (error) {
  console.warn("early worker start failed; the bridge starts its own", error);
}
