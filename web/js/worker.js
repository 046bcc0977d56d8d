// Module Web Worker running the games in Pyodide, so the page stays responsive while
// Python boots and bots think.
//
// worker -> page: {type: "progress", stage, done, total}, then {type: "ready", version}
//                 or {type: "error", message}; {type: "answer", id, answer: <JSON string>}
// page -> worker: {type: "call", id, request: <JSON string>}
//
// Only strings cross into Python: a JS null would arrive there as jsnull, not None.

// A .wasm served with the wrong MIME type makes Pyodide hang without an error, so each
// boot stage gets a deadline. It is generous because the first visit downloads ~8 MB.
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

async function fetchOk(url, what) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`could not load ${what} from ${url}: HTTP ${response.status}`);
  }
  return response;
}

const bootSteps = {
  async manifest() {
    const response = await fetchOk(new URL("build.json", siteURL), "build.json");
    const manifest = await response.json();
    // The wheel downloads while Pyodide boots.
    const wheelBytes = fetchOk(new URL(manifest.wheel, siteURL), "the games wheel").then((r) => r.arrayBuffer());
    wheelBytes.catch(() => {}); // reported by the wheel stage, not as an unhandled rejection
    return { manifest, wheelBytes };
  },
  async runtime({ manifest }) {
    const indexURL = new URL(manifest.pyodide, siteURL).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL, lockFileContents: manifest.pyodide_lock });
    return { pyodide };
  },
  async wheel({ pyodide, wheelBytes }) {
    const wheel = new Uint8Array(await wheelBytes);
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    // unpackArchive beats loadPackage and micropip for our own pure-Python wheel.
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    return {};
  },
  async import({ pyodide }) {
    return { handle: pyodide.pyimport("games.bridge").handle };
  },
};

async function boot() {
  let context = {};
  for (const [done, stage] of STAGES.entries()) {
    postMessage({ type: "progress", stage, done, total: STAGES.length });
    context = { ...context, ...(await withDeadline(bootSteps[stage](context), stage)) };
  }
  postMessage({ type: "progress", stage: "ready", done: STAGES.length, total: STAGES.length });
  postMessage({ type: "ready", version: context.manifest.version });
  return context.handle;
}

function internalError(message) {
  return JSON.stringify({ error: { code: "internal", message } });
}

const booted = boot();
booted.catch((error) => postMessage({ type: "error", message: String(error?.message ?? error) }));

self.onmessage = async ({ data }) => {
  if (data?.type !== "call") return;
  const { id, request } = data;
  let answer;
  try {
    const handle = await booted;
    answer = typeof request === "string"
      ? handle(request)
      : JSON.stringify({ error: { code: "bad_request", message: "the request must be a JSON string" } });
  } catch (error) {
    answer = internalError(String(error?.message ?? error));
  }
  postMessage({ type: "answer", id, answer });
};
