// Service worker: precaches every file the build ships (sw-precache.js, written by build.py
// from build.json: paths and sha256), checks each file's hash, and serves the site from
// that cache, so it works offline. A new build installs beside the old one and waits:
// the page asks the player before it takes over (no swap mid-game).

importScripts("./sw-precache.js"); // self.PRECACHE = {build_id, files: {path: sha256}}

const CACHE_PREFIX = "cardtable-";
const CACHE = `${CACHE_PREFIX}${self.PRECACHE.build_id}`;
const SCOPE = new URL("./", self.location).href;
const PARALLEL_FETCHES = 4;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// "no-cache": the browser asks the server whether its HTTP cache is current, so what the page
// has just loaded (Pyodide, the stdlib, the wheel: most of the bytes) is not downloaded a
// second time (a 304); the hash check below still catches a copy from another build.
async function fetchChecked(path, sha256) {
  const response = await fetch(new Request(new URL(path, SCOPE), { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (sha256) {
    const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
    // A file from another build (a deploy in progress): fail the install, retry later.
    if (digest !== sha256) throw new Error(`${path}: checksum mismatch`);
  }
  return response;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const entries = Object.entries(self.PRECACHE.files).filter(([path]) => path !== "sw.js" && path !== "sw-precache.js");
  entries.push(["build.json", null]);
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const [path, sha256] = entries[next++];
      const response = await fetchChecked(path, sha256);
      if (path === "build.json") await checkManifest(response.clone());
      await cache.put(new URL(path, SCOPE).href, response.clone());
      if (path === "index.html") await cache.put(SCOPE, response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
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
  if (buildId !== self.PRECACHE.build_id) throw new Error(`build.json: build ${buildId}, not ${self.PRECACHE.build_id}`);
}

// A failed install leaves no half-filled cache behind (it was kept until a later update).
self.addEventListener("install", (event) => event.waitUntil(precache().catch(async (error) => {
  await caches.delete(CACHE);
  throw error;
})));

// A cached file whose bytes no longer match its sha256 (a damaged disk cache) is fetched
// again: checked once per worker start, a while after a page loads (not while Python boots).
let checkedCache = null;

async function repairCache() {
  const cache = await caches.open(CACHE);
  for (const [path, sha256] of Object.entries(self.PRECACHE.files)) {
    const url = new URL(path, SCOPE).href;
    const cached = await cache.match(url);
    if (!cached) continue; // not cached yet: fetched when first needed
    if (hex(await crypto.subtle.digest("SHA-256", await cached.arrayBuffer())) === sha256) continue;
    try {
      const response = await fetchChecked(path, sha256);
      await cache.put(url, response.clone());
      if (path === "index.html") await cache.put(SCOPE, response);
    } catch (error) {
      await cache.delete(url); // offline or another build on the server: better missing than wrong
      console.warn("a damaged cached file could not be fetched again:", error);
    }
  }
}

const REPAIR_DELAY_MS = 5000;
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate" || checkedCache) return;
  checkedCache = new Promise((resolve) => setTimeout(resolve, REPAIR_DELAY_MS)).then(repairCache);
  event.waitUntil(checkedCache.catch((error) => console.warn("the cache check failed:", error)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

// Opened once per worker life, not per request: every fetch of the start goes through here.
let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await openCache();
    // A page's address may carry a query (?seed=…); the files are asked for without one, and an
    // exact match is Chromium's fast lookup (ignoreSearch compares every entry).
    // Only the app's own address is the app: a deeper page would break its relative URLs. A
    // page not cached comes from the server (which answers a missing one with 404.html, which
    // finds the app), or offline from the cached 404.html.
    const url = new URL(request.url);
    const atRoot = url.pathname === new URL(SCOPE).pathname || url.pathname === new URL("index.html", SCOPE).pathname;
    const cached = request.mode === "navigate" && atRoot ? await cache.match(SCOPE)
      : await cache.match(request.url) ?? await cache.match(request.url, { ignoreSearch: true });
    if (cached || request.mode !== "navigate") return cached ?? fetch(request);
    return fetch(request).catch(async (error) => (await cache.match(new URL("404.html", SCOPE).href)) ?? Promise.reject(error));
  })());
});
