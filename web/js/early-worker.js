// A classic script, run before the page's modules load (a separate file: the page's
// Content-Security-Policy allows no inline script).
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
