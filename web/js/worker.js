// Module Web Worker running the games in Pyodide, so the page stays responsive while
// Python boots and bots think.
//
// worker -> page: {type: "progress", stage, done, total}, then {type: "ready", version}
//                 or {type: "error", message}; {type: "answer", id, answer: <JSON string>};
//                 {type: "fatal", message} once Pyodide failed (the page starts a new worker)
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
const PYODIDE_DIR = "pyodide/"; // build.py's fixed layout (build.json says the same)

async function boot() {
  const progress = (done) => {
    loaded.stage = STAGES[done] ?? "ready";
    reportProgress(true);
  };
  progress(0);
  const manifest = withDeadline(fetchOk(new URL("build.json", siteURL), "build.json").then((r) => r.json()), "manifest");
  manifest.catch(() => {}); // reported below, by the stage that awaits it
  // Without a manifest Pyodide is left waiting (the boot fails on the manifest's own error): a
  // rejected lock would surface inside Pyodide as an unhandled rejection.
  const lockFileContents = manifest.then((m) => m.pyodide_lock, () => new Promise(() => {}));
  const indexURL = new URL(PYODIDE_DIR, siteURL).href;
  const runtime = import(new URL("pyodide.mjs", indexURL).href).then(({ loadPyodide }) =>
    loadPyodide({ indexURL, lockFileContents }));
  runtime.catch(() => {});
  const wheelBytes = manifest.then((m) => fetchOk(new URL(m.wheel, siteURL), "the games wheel")).then((r) => r.arrayBuffer());
  wheelBytes.catch(() => {});

  const { version, build_id: buildId, boot_files: bootFiles = {} } = await manifest;
  const bytesOf = (test) => Object.entries(bootFiles).reduce((sum, [path, bytes]) => sum + (test(path) ? bytes : 0), 0);
  loaded.total = bytesOf(() => true);
  progress(1);
  const pyodide = await withDeadline(runtime, "runtime");
  // What loaded uncounted: the .mjs Pyodide imports and, from the cache, the wasm.
  loaded.imported = bytesOf((path) => path.endsWith(".mjs") || (FROM_CACHE && path.endsWith(".wasm")));
  progress(2);
  const wheel = new Uint8Array(await withDeadline(wheelBytes, "wheel"));
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  // unpackArchive beats loadPackage and micropip for our own pure-Python wheel.
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  progress(3);
  const handle = pyodide.pyimport("games.bridge").handle;
  loaded.received = loaded.total;
  progress(STAGES.length);
  postMessage({ type: "ready", version, buildId }); // buildId: build.json's, for the About line
  return handle;
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
  postMessage({ type: "answer", id, answer });
  if (fatal !== null) postMessage({ type: "fatal", message: fatal });
};
