// The page's side of the Python bridge (docs/bridge.md): starts the worker and turns
// requests into promises of answers. Error answers ({error: {code, message}}) resolve;
// only a worker that fails to boot or dies rejects. Every request carries the page's
// language ("lang"), so Python's messages, titles and option labels come translated.

import { currentLanguage, t } from "./i18n.js";

export function startBridge({ onProgress } = {}) {
  // index.html starts the worker before the page's modules load (a head start on boot).
  const early = window.cardtableEarlyWorker;
  window.cardtableEarlyWorker = null;
  const worker = early?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  let failure = null;

  return new Promise((resolve, reject) => {
    const bridge = {
      version: null,
      call(request) {
        if (failure) return Promise.reject(failure);
        const id = nextId++;
        return new Promise((resolveCall, rejectCall) => {
          pending.set(id, { resolve: resolveCall, reject: rejectCall });
          worker.postMessage({ type: "call", id, request: JSON.stringify({ lang: currentLanguage(), ...request }) });
        });
      },
      terminate() {
        fail(new Error(t("the Python bridge was stopped")));
      },
    };

    function fail(error) {
      if (failure) return;
      failure = error;
      worker.terminate();
      for (const call of pending.values()) call.reject(error);
      pending.clear();
      reject(error); // no effect once ready
    }

    worker.onmessage = ({ data }) => {
      switch (data.type) {
        case "progress":
          onProgress?.({ stage: data.stage, done: data.done, total: data.total });
          break;
        case "ready":
          bridge.version = data.version;
          bridge.buildId = data.buildId ?? null;
          resolve(bridge);
          break;
        case "error":
          fail(new Error(t("Python failed to start: {reason}", { reason: data.message })));
          break;
        case "answer": {
          const call = pending.get(data.id);
          pending.delete(data.id);
          call?.resolve(JSON.parse(data.answer));
          break;
        }
      }
    };
    const crashed = (reason) => fail(new Error(t("the Python worker crashed: {reason}",
      { reason: reason || t("no message (script failed to load?)") })));
    worker.onerror = (event) => {
      event.preventDefault();
      crashed(event.message);
    };
    for (const data of early?.early ?? []) {
      if (data.type === "crash") crashed(data.reason);
      else worker.onmessage({ data });
    }
  });
}
