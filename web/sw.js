// Service worker: precaches every file the build ships (sw-precache.js, written by build.py
// from build.json: paths and sha256) and serves the site from that cache, so it works offline.
// A new build installs beside the old one and waits: the page asks the player before it takes
// over (no swap mid-game). docs/persistence.md, "Offline files", says what is guaranteed:
// - a file whose sha256 does not match is never served (each is checked as it is served);
// - a page runs the files of one build only: each page (and its Web Worker) keeps the build its
//   address was served from, also after another tab let a new version take over;
// - a page starts from the newest complete build held (this worker's first), else from the
//   server, else it says why it cannot start; a missing file is fetched again when online.

importScripts("./sw-precache.js"); // self.PRECACHE = {build_id, files: {path: sha256}}
importScripts("./js/sw-texts.js"); // self.swTexts(t): the texts of the page below

const CACHE_PREFIX = "cardtable-";
const BUILD = self.PRECACHE.build_id;
const CACHE = `${CACHE_PREFIX}${BUILD}`;
const SCOPE = new URL("./", self.location).href;
const SCOPE_PATH = new URL(SCOPE).pathname;
const PARALLEL_FETCHES = 4;
// Written last into a build's cache by its install: its files and when it was complete.
const BUILD_INFO = new URL("sw-build.json", SCOPE).href;
// Which build each page and Web Worker runs (kept across restarts of this worker and versions):
// not a "cardtable-" cache, which are builds.
const CLIENTS = "cardtable.clients";
const NETWORK = "network"; // a page served by the server, not from a cache

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const sha256 = async (buffer) => hex(await crypto.subtle.digest("SHA-256", buffer));
const urlOf = (path) => new URL(path, SCOPE).href;

// "no-cache": the browser asks the server whether its HTTP cache is current, so what the page
// has just loaded (Pyodide, the stdlib, the wheel: most of the bytes) is not downloaded a
// second time (a 304); the hash check still catches a copy from another build.
async function fetchChecked(path, sha) {
  const response = await fetch(new Request(urlOf(path), { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (sha && (await sha256(await response.clone().arrayBuffer())) !== sha) {
    throw new Error(`${path}: checksum mismatch`); // a file of another build (a deploy in progress)
  }
  return response;
}

// ---- builds ---------------------------------------------------------------------------
// Opened once per worker life, not per request: every fetch of the start goes through here.
const opened = new Map();
function openBuild(build) {
  if (!opened.has(build)) opened.set(build, caches.open(`${CACHE_PREFIX}${build}`));
  return opened.get(build);
}
const infos = new Map(); // build id -> {build_id, files, completedAt} (once read)

async function buildInfo(build) {
  if (infos.has(build)) return infos.get(build);
  let info = null;
  try {
    const stored = await (await openBuild(build)).match(BUILD_INFO);
    info = stored ? await stored.json() : null;
  } catch {
    info = null;
  }
  if (!info || info.build_id !== build || typeof info.files !== "object") return null; // install unfinished
  infos.set(build, info);
  return info;
}

async function heldBuilds() {
  return (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => name.slice(CACHE_PREFIX.length));
}

// Complete: installed to the end, and no file missing (a damaged one is deleted when found).
async function isComplete(build) {
  const info = await buildInfo(build);
  if (!info) return false;
  const cached = new Set((await (await openBuild(build)).keys()).map((request) => request.url));
  return Object.keys(info.files).every((path) => cached.has(urlOf(path)));
}

// This worker's build if complete, else the newest complete one held, else null (the server).
async function chooseBuild() {
  if (await isComplete(BUILD)) return BUILD;
  const complete = [];
  for (const build of await heldBuilds()) {
    if (build !== BUILD && await isComplete(build)) complete.push(await buildInfo(build));
  }
  complete.sort((a, b) => (b.completedAt ?? 0) - (a.completedAt ?? 0));
  return complete[0]?.build_id ?? null;
}

// One of a build's files, its bytes checked against the build's sha256. A damaged copy is
// deleted, never served; a missing one is fetched again if the server still has this build's.
// null when neither can be had.
async function verified(build, path) {
  const info = await buildInfo(build);
  const sha = info?.files[path];
  if (!sha) return null;
  const cache = await openBuild(build);
  const url = urlOf(path);
  const cached = await cache.match(url);
  if (cached) {
    // The cached response itself is served, not a copy: Chromium keeps the wasm's compiled code
    // for a response from Cache Storage (a copy made from its bytes compiled it at every start).
    if ((await sha256(await cached.clone().arrayBuffer())) === sha) return cached;
    await cache.delete(url);
    console.warn(`${path}: the cached copy is damaged; it is not used`);
  }
  try {
    const response = await fetchChecked(path, sha);
    await cache.put(url, response.clone());
    return response;
  } catch {
    return null;
  }
}

// ---- which build each page runs ----------------------------------------------------------
const clientBuilds = new Map(); // client id -> {build, page}

// Known here at once; stored for this worker's later starts and the next version.
async function remember(clientId, build, page = clientId) {
  if (!clientId) return;
  const entry = { build, page };
  clientBuilds.set(clientId, entry);
  const store = await caches.open(CLIENTS);
  await store.put(urlOf(`sw-client/${clientId}`), new Response(JSON.stringify(entry)));
}

// The build of a page (or of its Web Worker); a page this worker did not serve (the first
// visit, loaded before the worker was installed) runs this worker's build.
async function clientEntry(clientId) {
  if (!clientId) return { build: BUILD, page: null };
  if (!clientBuilds.has(clientId)) {
    let entry = null;
    try {
      const stored = await (await caches.open(CLIENTS)).match(urlOf(`sw-client/${clientId}`));
      entry = stored ? await stored.json() : null;
    } catch {
      entry = null;
    }
    clientBuilds.set(clientId, entry ?? { build: BUILD, page: clientId });
  }
  return clientBuilds.get(clientId);
}

// A page whose build lost a file it needs starts again: from a complete build, the server, or
// the page that says why it cannot.
async function restartPage(pageId) {
  const client = pageId && await self.clients.get(pageId);
  if (client && "navigate" in client) client.navigate(client.url).catch((error) => console.warn("reload failed:", error));
}

// ---- the page shown when no complete build is held and the server cannot be reached ----------
// In the first of the browser's languages that has a catalog held (English needs none).
async function texts() {
  const tags = [...(self.navigator.languages ?? []), self.navigator.language ?? "en"];
  let messages = {};
  let lang = "en";
  search: for (const code of tags.map((tag) => String(tag).slice(0, 2).toLowerCase())) {
    if (code === "en") break;
    for (const build of await heldBuilds()) {
      try {
        const stored = await (await openBuild(build)).match(urlOf(`locales/${code}.json`));
        if (!stored) continue;
        messages = (await stored.json()).messages ?? {};
        lang = code;
        break search;
      } catch {
        messages = {};
      }
    }
  }
  const translated = (msgid) => (typeof messages[msgid] === "string" && messages[msgid]) || msgid;
  return { lang, ...self.swTexts(translated) };
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" })[c]);
}

async function cannotStart() {
  const { lang, title, heading, explanation, reload } = await texts();
  const body = `<!doctype html><html lang="${escapeHTML(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark">
<title>${escapeHTML(title)}</title></head>
<body data-testid="cannot-start" style="font: 1.05rem/1.5 system-ui, sans-serif; background: #0f3d2e; color: #fff; padding: 1.5rem; max-width: 36rem; margin: auto">
<h1>${escapeHTML(heading)}</h1><p>${escapeHTML(explanation)}</p>
<p><a href="${escapeHTML(SCOPE)}" style="color: #fff; font-weight: bold">${escapeHTML(reload)}</a></p></body></html>`;
  return new Response(body, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

// ---- install, check, activate ---------------------------------------------------------------
async function precache() {
  const cache = await caches.open(CACHE);
  const entries = Object.entries(self.PRECACHE.files).filter(([path]) => path !== "sw.js" && path !== "sw-precache.js");
  entries.push(["build.json", null]);
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const [path, sha] = entries[next++];
      const response = await fetchChecked(path, sha);
      if (path === "build.json") await checkManifest(response.clone());
      await cache.put(urlOf(path), response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  const files = Object.fromEntries(entries.filter(([, sha]) => sha));
  await cache.put(BUILD_INFO, new Response(JSON.stringify({ build_id: BUILD, files, completedAt: Date.now() })));
}

// build.json cannot carry its own hash: it is revalidated with the server and must name this
// worker's build, or the install fails as on a checksum mismatch.
async function checkManifest(response) {
  let buildId;
  try {
    buildId = (await response.json()).build_id;
  } catch {
    buildId = undefined;
  }
  if (buildId !== BUILD) throw new Error(`build.json: build ${buildId}, not ${BUILD}`);
}

// A failed install leaves no half-filled cache behind (it was kept until a later update).
self.addEventListener("install", (event) => event.waitUntil(precache().catch(async (error) => {
  await caches.delete(CACHE);
  opened.delete(BUILD);
  throw error;
})));

// A while after a page loads (not while Python boots): once per worker start every cached file
// of this build is hashed again (a damaged one is deleted), and at every visit the missing ones
// are fetched again, so one online visit repairs what an offline one could not.
const REPAIR_DELAY_MS = 5000;
let hashedAll = false;
let repairing = null;

async function repairCache() {
  await pruneCaches();
  const info = await buildInfo(BUILD);
  if (!info) return;
  const cache = await openBuild(BUILD);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  const hashAll = !hashedAll;
  hashedAll = true;
  for (const path of Object.keys(info.files)) {
    if (cached.has(urlOf(path)) && !hashAll) continue;
    await verified(BUILD, path); // deletes a damaged copy, fetches a missing one when it can
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    await pruneCaches();
  })());
});

// Kept: this build, the newest other complete one (to start from if this one loses a file
// offline), and every build an open page still runs; a build being installed is left alone.
async function pruneCaches() {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((client) => client.id));
  const store = await caches.open(CLIENTS);
  const inUse = new Set([BUILD]);
  for (const request of await store.keys()) {
    const id = request.url.slice(urlOf("sw-client/").length);
    if (!open.has(id)) {
      await store.delete(request);
      clientBuilds.delete(id);
    } else {
      const entry = await clientEntry(id);
      inUse.add(entry.build);
    }
  }
  let fallback = null;
  for (const build of await heldBuilds()) {
    if (build === BUILD || !(await isComplete(build))) continue;
    if (!fallback || (infos.get(build).completedAt ?? 0) > (infos.get(fallback).completedAt ?? 0)) fallback = build;
  }
  for (const build of await heldBuilds()) {
    if (inUse.has(build) || build === fallback) continue;
    if (!(await buildInfo(build)) && self.registration.installing) continue; // a newer install under way
    await caches.delete(`${CACHE_PREFIX}${build}`);
    infos.delete(build);
    opened.delete(build);
  }
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

// ---- serving --------------------------------------------------------------------------------
function pathOf(url) {
  try {
    return url.pathname.startsWith(SCOPE_PATH) ? decodeURIComponent(url.pathname.slice(SCOPE_PATH.length)) : null;
  } catch {
    return null;
  }
}

async function navigate(event) {
  const { request } = event;
  const url = new URL(request.url);
  const path = pathOf(url);
  // Only the app's own address is the app: a deeper page would break its relative URLs. A
  // page not cached comes from the server (which answers a missing one with 404.html, which
  // finds the app), or offline from the cached 404.html.
  const atRoot = path === "" || path === "index.html";
  if (!repairing) {
    repairing = new Promise((resolve) => setTimeout(resolve, REPAIR_DELAY_MS)).then(repairCache)
      .catch((error) => console.warn("the cache check failed:", error)).finally(() => { repairing = null; });
    event.waitUntil(repairing);
  }
  for (let tries = 0; tries < 3; tries += 1) {
    const build = await chooseBuild();
    if (!build) break;
    const page = await verified(build, atRoot ? "index.html" : path);
    if (page || !atRoot) {
      if (page) {
        event.waitUntil(remember(event.resultingClientId, build));
        return page;
      }
      break;
    }
  }
  try {
    const response = await fetch(request);
    event.waitUntil(remember(event.resultingClientId, NETWORK));
    return response;
  } catch (error) {
    if (!atRoot) {
      for (const build of await heldBuilds()) {
        const missing = await verified(build, "404.html");
        if (missing) return missing;
      }
    }
    return cannotStart();
  }
}

// Code: a page that cannot have one of these from its build cannot go on with it.
const CODE = new Set(["script", "worker", "sharedworker", "style", "document"]);

async function serve(event) {
  const { request } = event;
  const { build, page } = await clientEntry(event.clientId);
  // A Web Worker the page starts runs the page's build.
  if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, build, page ?? event.clientId));
  if (build === NETWORK) return fetch(request);
  const path = pathOf(new URL(request.url));
  const info = await buildInfo(build);
  if (info && path !== null && info.files[path]) {
    const response = await verified(build, path);
    if (response) return response;
  } else if (info) {
    // Not one of the build's checked files (build.json: the build's own manifest).
    const cached = path !== null ? await (await openBuild(build)).match(urlOf(path)) : null;
    return cached ?? fetch(request);
  }
  // The build lost a file the server no longer has (or the build itself is gone): a page that
  // needs it for its code starts again from a whole build; other files just fail (the rules).
  const fromWorker = page && page !== event.clientId;
  if (CODE.has(request.destination) || fromWorker || !info) event.waitUntil(restartPage(page ?? event.clientId));
  return Response.error();
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(request.mode === "navigate" ? navigate(event) : serve(event));
});
