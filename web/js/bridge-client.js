// The page's side of the Python bridge (docs/bridge.md): starts the worker and turns
// requests into promises of answers. Error answers ({error: {code, message}}) resolve;
// a worker that fails to boot rejects the start. Every request carries the page's
// language ("lang"), so Python's messages, titles and option labels come translated.
//
// No call stays pending: each has a deadline. A call past it, an answer that is not JSON, a
// worker that reports Python's fatal error or crashes after the start: the calls in flight
// reject (or get an `internal` error answer) and a fresh worker boots for the next calls.

import { currentLanguage, t } from "./i18n.js";

// Longer than any answer takes (the hard bot's budget is seconds; Python refuses a budget
// over 60 s), short enough that a stuck engine is noticed.
export const CALL_TIMEOUT_MS = 90_000;
// How long calls wait for a lost worker's "fatal" notice before the page restarts it anyway.
const LOST_WORKER_WAIT_MS = 10_000;

function newWorker() {
  const name = navigator.serviceWorker?.controller ? "cached" : "network"; // see worker.js FROM_CACHE
  return new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
}

export function startBridge({ onProgress } = {}) {
  // index.html starts the worker before the page's modules load (a head start on boot).
  const early = window.cardtableEarlyWorker;
  window.cardtableEarlyWorker = null;
  let worker = early?.worker ?? newWorker();
  let pending = new Map();
  let nextId = 1;
  let failure = null;
  let ready = false; // the bridge started
  let workerReady = false; // the current worker's Python is up (false while a restart boots)
  // Once an answer says its worker is lost, new calls wait for the fresh worker instead of going
  // to the old one, whose "fatal" notice (it first marks a failed snapshot) restarts it.
  let doomed = null;
  let releaseDoomed = null;

  return new Promise((resolve, reject) => {
    const bridge = {
      version: null,
      restarts: 0,
      python: null,
      // options.timeoutMs: this call's deadline (default CALL_TIMEOUT_MS).
      call(request, { timeoutMs = CALL_TIMEOUT_MS } = {}) {
        if (failure) return Promise.reject(failure);
        if (doomed) return doomed.then(() => bridge.call(request, { timeoutMs }));
        const id = nextId++;
        const calls = pending;
        return new Promise((resolveCall, rejectCall) => {
          const timer = setTimeout(() => {
            if (!calls.has(id)) return;
            calls.delete(id);
            rejectCall(new Error(t("the game engine did not answer within {n} seconds", { n: Math.round(timeoutMs / 1000) })));
            restart(); // a stuck Python answers nothing more: start a fresh one
          }, timeoutMs);
          calls.set(id, {
            resolve: (answer) => { clearTimeout(timer); resolveCall(answer); },
            reject: (error) => { clearTimeout(timer); rejectCall(error); },
          });
          worker.postMessage({ type: "call", id, request: JSON.stringify({ lang: currentLanguage(), ...request }) });
        });
      },
      terminate() {
        fail(new Error(t("the Python bridge was stopped")));
      },
    };

    function rejectPending(error) {
      const calls = pending;
      pending = new Map();
      for (const call of calls.values()) call.reject(error);
    }

    function release() {
      const settle = releaseDoomed;
      doomed = null;
      releaseDoomed = null;
      settle?.();
    }

    function doom() {
      if (doomed) return;
      doomed = new Promise((resolveDoomed) => { releaseDoomed = resolveDoomed; });
      const lost = worker;
      setTimeout(() => { if (worker === lost && doomed) restart(); }, LOST_WORKER_WAIT_MS); // no notice came
    }

    function fail(error) {
      if (failure) return;
      failure = error;
      worker.terminate();
      rejectPending(error);
      release();
      reject(error); // no effect once ready
    }

    // A fresh worker (and Python) after a fatal error; the calls in flight reject.
    function restart() {
      if (failure) return;
      worker.terminate();
      rejectPending(new Error(t("the game engine was restarted")));
      bridge.restarts += 1;
      workerReady = false;
      worker = newWorker();
      listen(worker);
      release();
    }

    function answerOf(text) {
      try {
        if (typeof text !== "string") throw new Error(`${typeof text} answer`);
        return JSON.parse(text);
      } catch (error) {
        return { error: { code: "internal", message: t("The game engine gave no readable answer ({reason}).", { reason: error.message }) } };
      }
    }

    function onMessage(data) {
      switch (data?.type) {
        case "progress":
          if (!ready) onProgress?.({ stage: data.stage, done: data.done, total: data.total });
          break;
        case "ready":
          ready = true;
          workerReady = true;
          bridge.version = data.version;
          bridge.buildId = data.buildId ?? null;
          bridge.python = { ...data.python }; // how Python started (worker.js)
          resolve(bridge);
          break;
        case "snapshot": // a normal start left a snapshot for the next one, or could not
          if (bridge.python) bridge.python.snapshot = data;
          break;
        case "error": // the boot failed (a restart's too: no endless restarts)
          fail(new Error(t("Python failed to start: {reason}", { reason: data.message })));
          break;
        case "fatal":
          restart();
          break;
        case "answer": {
          if (data.fatal) doom();
          const call = pending.get(data.id);
          pending.delete(data.id);
          call?.resolve(answerOf(data.answer));
          break;
        }
        default:
          break;
      }
    }

    const crashed = (reason) => {
      if (workerReady) {
        restart();
        return;
      }
      fail(new Error(t("the Python worker crashed: {reason}", { reason: reason || t("no message (script failed to load?)") })));
    };

    function listen(target) {
      target.onmessage = ({ data }) => {
        if (target === worker) onMessage(data);
      };
      target.onerror = (event) => {
        event.preventDefault();
        if (target === worker) crashed(event.message);
      };
    }

    listen(worker);
    for (const data of early?.early ?? []) {
      if (data.type === "crash") crashed(data.reason);
      else onMessage(data);
    }
  });
}
