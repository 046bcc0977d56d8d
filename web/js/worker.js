// Module Web Worker running the games in Pyodide, so the page stays responsive while
// Python boots and bots think.
//
// worker -> page: {type: "progress", stage, done, total}, then {type: "ready", version, buildId,
//                 python: {from, fallback, ms}} or {type: "error", message};
//                 {type: "answer", id, answer: <JSON string>};
//                 {type: "fatal", message} once Pyodide failed (the page starts a new worker);
//                 {type: "snapshot", saved, ...} once a normal start left a snapshot (or failed to)
// page -> worker: {type: "call", id, request: <JSON string>}
//
// Only strings cross into Python: a JS null would arrive there as jsnull, not None.

// A .wasm served with the wrong MIME type makes Pyodide hang without an error, so each
// boot stage gets a deadline. It is generous because the first visit downloads ~6 MB.
const STAGE_TIMEOUT_MS = 60_000;

const siteURL = new URL("../", import.meta.url);

// The page says what each stage does, in the player's language (loading-screen.js).
const STAGES = ["manifest", "runtime", "wheel", "import"];

function withDeadline(promise, stage) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`boot stage "${stage}" took over ${STAGE_TIMEOUT_MS / 1000} s ` +
        "(is the server sending .wasm as application/wasm?)")),
      STAGE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// The progress bar counts bytes: build.json's boot_files says how many each file the boot
// loads has, and every response from pyodide/ or wheels/ is counted as its body streams in
// (Pyodide fetches its wasm and stdlib with the global fetch; the .mjs it imports are counted
// when the runtime is up). Before the manifest arrives the total is 0: no bar yet.
const COUNTED = [new URL("pyodide/", siteURL).href, new URL("wheels/", siteURL).href];
const FROM_CACHE = self.name === "cached"; // index.html's name for it when a service worker serves the page
const loaded = { stage: STAGES[0], received: 0, imported: 0, total: 0, reportedAt: 0 };

function reportProgress(force = false) {
  const now = Date.now();
  if (!force && now - loaded.reportedAt < 100) return; // ten updates a second are plenty
  loaded.reportedAt = now;
  const done = Math.min(loaded.total, loaded.received + loaded.imported);
  postMessage({ type: "progress", stage: loaded.stage, done, total: loaded.total });
}

const nativeFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await nativeFetch(input, init);
  const url = typeof input === "string" ? input : input?.url ?? String(input);
  if (!response.ok || !response.body || !COUNTED.some((prefix) => url.startsWith(prefix))) return response;
  // From the service worker's cache the wasm streams untouched: V8 keeps the code it compiled
  // beside a cached response, and a counted copy (a new Response) would lose that (a warm start
  // measured a few hundred ms slower). Its bytes then count when the runtime is up.
  if (FROM_CACHE && url.endsWith(".wasm")) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded.received += chunk.byteLength;
      reportProgress();
      controller.enqueue(chunk);
    },
  });
  // Same status and headers (the wasm's MIME type matters to instantiateStreaming).
  return new Response(response.body.pipeThrough(counter),
    { status: response.status, statusText: response.statusText, headers: response.headers });
};

async function fetchOk(url, what) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`could not load ${what} from ${url}: HTTP ${response.status}`);
  }
  return response;
}

// Pyodide starts loading at once, beside the manifest's fetch (its lock file, which Pyodide
// needs only once the runtime is up, comes from build.json as a promise); the wheel downloads
// while Pyodide boots. The stages are reported in this order as each one completes.
//
// From the second start on, the runtime is restored from a snapshot of Python's memory made on
// this device after a normal start (python-snapshot.js): only a snapshot of this build, in this
// browser, whose bytes are intact. Anything wrong with it (damaged, another build, a restore that
// fails) means a normal start in this same worker and, once the page is up, a fresh snapshot.
const PYODIDE_DIR = "pyodide/"; // build.py's fixed layout (build.json says the same)
const canStore = typeof self.caches?.open === "function"; // no Cache Storage, no snapshots
// Imported beside Pyodide, not before this worker runs (a round trip less on a first visit);
// should it fail to load, Python starts normally and makes no snapshot.
const snapshotKit = import("./python-snapshot.js").then(
  (module) => ({ ...module, store: module.snapshotStore(siteURL) }),
  (error) => {
    console.warn("Python snapshots are off:", error);
    return null;
  });
let snapshots = null; // the store, once known

// How this worker's Python started, for the page (window.cardtable.python()) and the tests:
// from: "snapshot" or "boot"; fallback: why a stored snapshot was not used, or null; snapshot:
// null while this start is making one, then (or at once when it makes none) {saved, ...}.
const started = { from: "boot", fallback: null, ms: 0, snapshot: null };
let restoredFrom = null; // the stored entry this worker's Python came from
let snapshotPlan = null; // {pyodide, buildId, failures} once a normal start may leave a snapshot

// Restores the snapshot, or throws. Its interpreter must then name this build; its random
// numbers are drawn afresh (the snapshot holds the generator's state: every start would
// otherwise draw the same ones; the games' seeds come from os.urandom, which is not in it).
async function restore(loadPyodide, options, snapshotBytes, createPyodideModule, buildId) {
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshotBytes, createPyodideModule });
  const made = pyodide.runPython("import sys; getattr(sys, '_cardtable_snapshot', None)");
  if (made !== buildId) throw new Error(`the restored interpreter is not this build's (${made})`);
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

async function boot() {
  const progress = (done) => {
    loaded.stage = STAGES[done] ?? "ready";
    reportProgress(true);
  };
  progress(0);
  const bootStarted = performance.now();
  const manifest = withDeadline(fetchOk(new URL("build.json", siteURL), "build.json").then((r) => r.json()), "manifest");
  manifest.catch(() => {}); // reported below, by the stage that awaits it
  // Without a manifest Pyodide is left waiting (the boot fails on the manifest's own error): a
  // rejected lock would surface inside Pyodide as an unhandled rejection.
  const lockFileContents = manifest.then((m) => m.pyodide_lock, () => new Promise(() => {}));
  const indexURL = new URL(PYODIDE_DIR, siteURL).href;
  const loader = import(new URL("pyodide.mjs", indexURL).href);
  loader.catch(() => {});
  const wheelBytes = manifest.then((m) => fetchOk(new URL(m.wheel, siteURL), "the games wheel")).then((r) => r.arrayBuffer());
  wheelBytes.catch(() => {});
  const options = { indexURL, lockFileContents };
  const normalStart = () => loader.then(({ loadPyodide }) => loadPyodide({ ...options, _makeSnapshot: canStore }));
  // Only a page the service worker serves (an installed app's start) looks for a snapshot before
  // Python starts: a page it does not is a first visit, whose new profile takes 100–200 ms to
  // open Cache Storage (looked at once Python is up, for the failures' marker).
  const findStored = () => snapshotKit.then((kit) => (canStore && kit ? kit.store.find() : null));
  const found = FROM_CACHE ? await findStored() : null; // a snapshot, or a failure's marker
  const stored = found?.meta.kind === "snapshot";
  const kit = stored ? await snapshotKit : null; // loaded: it found the snapshot
  // Read at once, checked against the build below: reading is the restore's longest wait.
  const snapshotBytes = stored ? kit.store.read(found) : null;
  snapshotBytes?.catch(() => {});
  const asm = stored ? import(new URL("pyodide.asm.mjs", indexURL).href) : null;
  asm?.catch(() => {});
  // A snapshot's build is known only with the manifest; without one, Pyodide starts at once.
  const runtime = stored ? null : normalStart();
  runtime?.catch(() => {});

  const { version, build_id: buildId, boot_files: bootFiles = {} } = await manifest;
  const bytesOf = (test) => Object.entries(bootFiles).reduce((sum, [path, bytes]) => sum + (test(path) ? bytes : 0), 0);
  loaded.total = bytesOf(() => true);
  progress(1);

  // The games on a started runtime. A restored interpreter needs the wheel's files too: its
  // memory holds the modules imported, not the files the others are imported from.
  const startGames = async (pyodide) => {
    // What loaded uncounted: the .mjs Pyodide imports and, from the cache, the wasm.
    loaded.imported = bytesOf((path) => path.endsWith(".mjs") || (FROM_CACHE && path.endsWith(".wasm")));
    progress(2);
    const wheel = new Uint8Array(await withDeadline(wheelBytes, "wheel"));
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    // unpackArchive beats loadPackage and micropip for our own pure-Python wheel.
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    progress(3);
    const handle = pyodide.pyimport("games.bridge").handle;
    return { pyodide, handle };
  };
  const bootNormally = async (pending) => startGames(await withDeadline(pending ?? normalStart(), "runtime"));

  let python = null;
  let failed = 0; // 1 when this start's restore failed
  if (runtime) {
    python = await bootNormally(runtime);
  } else {
    started.fallback = kit.store.mismatch(found.meta, buildId);
    if (!started.fallback) {
      try {
        const restoring = restore((await loader).loadPyodide, options, snapshotBytes, kit.growingRuntime(asm, snapshotBytes), buildId);
        python = await startGames(await withDeadline(restoring, "runtime"));
        started.from = "snapshot";
        restoredFrom = found;
      } catch (error) {
        started.fallback = `the snapshot did not restore: ${error?.message ?? error}`;
        console.warn(started.fallback);
        failed = 1;
        await kit.store.reject(found, kit.store.failures(found, buildId) + 1, started.fallback);
      }
    }
    python ??= await bootNormally();
  }
  const { store = null, MAX_FAILURES: maxFailures = 0 } = (await snapshotKit) ?? {};
  snapshots = canStore ? store : null; // for makeSnapshot and a fatal error
  // Restores of this build that failed in this browser (a marker counts them).
  const failures = (snapshots?.failures(FROM_CACHE ? found : await findStored(), buildId) ?? 0) + failed;

  if (started.from === "snapshot") started.snapshot = { saved: false, reason: "started from one" };
  else if (!snapshots) started.snapshot = { saved: false, reason: canStore ? "python-snapshot.js did not load" : "no Cache Storage" };
  else if (failures >= maxFailures) {
    started.snapshot = { saved: false, reason: `${failures} restores of this build failed in this browser` };
  } else {
    snapshotPlan = { pyodide: python.pyodide, buildId, failures };
  }
  loaded.received = loaded.total;
  started.ms = performance.now() - bootStarted;
  progress(STAGES.length);
  postMessage({ type: "ready", version, buildId, python: started }); // buildId: build.json's, for the About line
  return python.handle;
}

// Once the page has its first answer (the games list: every game module is imported then, and
// no match is in Python's memory yet), a normal start leaves a snapshot for the next one: a
// moment later, once the page has drawn its start screen, or before the next call reaches Python
// if that comes first. Copying the memory holds Python a few tens of ms; packing, hashing and
// storing the copy come after any call then waiting. A first call that is not the games list (a
// match already in Python's memory) makes none.
const SNAPSHOT_DELAY_MS = 1000;
let snapshotDue = null; // {plan, timer}

function takeSnapshot() {
  if (!snapshotDue) return;
  clearTimeout(snapshotDue.timer);
  const { plan } = snapshotDue;
  snapshotDue = null;
  makeSnapshot(plan); // its copy is taken before this returns
}

async function makeSnapshot(plan) {
  const madeAt = performance.now();
  let result;
  try {
    const { pyodide, buildId, failures } = plan;
    pyodide.runPython(`import sys; sys._cardtable_snapshot = ${JSON.stringify(buildId)}`);
    const snapshot = pyodide.makeMemorySnapshot();
    const heldMs = performance.now() - madeAt; // how long Python was held for it
    await new Promise((resolve) => setTimeout(resolve, 0)); // a call waiting for Python goes first
    const bytes = await snapshots.save(snapshot, { buildId, failures });
    result = { saved: true, bytes, memoryBytes: snapshot.length, heldMs, ms: performance.now() - madeAt };
  } catch (error) {
    console.warn("no Python snapshot was made:", error);
    result = { saved: false, reason: String(error?.message ?? error), ms: performance.now() - madeAt };
  }
  postMessage({ type: "snapshot", ...result });
}

function internalError(message) {
  return JSON.stringify({ error: { code: "internal", message } });
}

const booted = boot();
booted.catch((error) => postMessage({ type: "error", message: String(error?.message ?? error) }));

// Python's own errors come back inside handle's JSON answer. A throw or a non-string answer
// means Pyodide itself failed (a fatal error: it answers nothing sensible again), so the page
// is told to start a fresh worker.
let fatal = null;

self.onmessage = async ({ data }) => {
  if (data?.type !== "call") return;
  const { id, request } = data;
  let answer;
  let handle;
  try {
    handle = await booted;
  } catch (error) {
    postMessage({ type: "answer", id, answer: internalError(String(error?.message ?? error)) });
    return;
  }
  takeSnapshot(); // of Python as the first answer left it, if one is due
  if (fatal !== null) {
    answer = internalError(`Python stopped after a fatal error (${fatal})`);
  } else if (typeof request !== "string") {
    answer = JSON.stringify({ error: { code: "bad_request", message: "the request must be a JSON string" } });
  } else {
    try {
      answer = handle(request);
      if (typeof answer !== "string") throw new Error(`handle gave ${typeof answer}, not a JSON string`);
    } catch (error) {
      fatal = String(error?.message ?? error);
      answer = internalError(fatal);
    }
  }
  // `fatal`: this worker is lost; the page sends no more calls here (they wait for the new one).
  postMessage({ type: "answer", id, answer, fatal: fatal !== null });
  if (fatal !== null) {
    // Python from a snapshot that fails is never restored again: the fresh worker starts normally.
    if (restoredFrom) await snapshots.reject(restoredFrom, restoredFrom.meta.failures + 1, `a fatal error after the restore: ${fatal}`);
    restoredFrom = null;
    postMessage({ type: "fatal", message: fatal });
  } else if (snapshotPlan) {
    const plan = snapshotPlan;
    snapshotPlan = null;
    if (firstOp(request) === "games") snapshotDue = { plan, timer: setTimeout(takeSnapshot, SNAPSHOT_DELAY_MS) };
  }
};

function firstOp(request) {
  try {
    return JSON.parse(request).op;
  } catch {
    return null;
  }
}
