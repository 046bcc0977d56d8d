// A classic script, run before the page's modules load (a separate file: the page's
// Content-Security-Policy allows no inline script).
// Python starts booting now, while the page's modules load; bridge-client.js adopts
// this worker and replays what it said meanwhile.
try {
  const worker = new Worker("js/worker.js", { type: "module" });
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
