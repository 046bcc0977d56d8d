// The Python interpreter's memory right after a normal start, kept on this device so that the
// next start restores it instead of booting Python again (docs/build.md, "Warm start from a
// snapshot"). Used by worker.js, and by the page to forget a snapshot when Python did not start.
//
// One entry per site in Cache Storage. Its headers say what it belongs to: the build (build.json's
// build_id: the games inside it are that build's), the browser (its user agent), the SHA-256 of
// the stored bytes. An entry of another build or browser, or whose bytes do not match, is not
// restored; a restore that fails leaves a marker instead of the snapshot, which counts the
// failures, so a build and browser whose snapshots keep failing stop making them.
//
// Stored packed: the interpreter's 30 MB heap is over half pages of zeros, which are left out
// (about 12 MB stored): less to read and to hash at every start.

// Not "cardtable-…": sw.js deletes those caches when a new version takes over.
const CACHE_NAME = "cardtable.python-snapshot";
const PAGE_BYTES = 4096;
const MAGIC = 0x31535443; // "CTS1"
export const MAX_FAILURES = 2; // restores that failed for one build and browser before none is made

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// [MAGIC, length, runs] [offset, length] × runs, then the bytes of each run: the pages of the
// snapshot that are not all zeros (the tail past the last whole page is always kept).
export function pack(snapshot) {
  const runs = [];
  const pages = Math.floor(snapshot.length / PAGE_BYTES);
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, (pages * PAGE_BYTES) / 4);
  const zeroPage = (page) => {
    for (let i = (page * PAGE_BYTES) / 4, end = i + PAGE_BYTES / 4; i < end; i++) if (words[i] !== 0) return false;
    return true;
  };
  for (let page = 0; page < pages; page++) {
    if (zeroPage(page)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page * PAGE_BYTES) last[1] += PAGE_BYTES;
    else runs.push([page * PAGE_BYTES, PAGE_BYTES]);
  }
  if (snapshot.length > pages * PAGE_BYTES) runs.push([pages * PAGE_BYTES, snapshot.length - pages * PAGE_BYTES]);
  const headerBytes = 4 * (3 + 2 * runs.length);
  const packed = new Uint8Array(headerBytes + runs.reduce((sum, [, length]) => sum + length, 0));
  const header = new Uint32Array(packed.buffer, 0, headerBytes / 4);
  header.set([MAGIC, snapshot.length, runs.length, ...runs.flat()]);
  let at = headerBytes;
  for (const [offset, length] of runs) {
    packed.set(snapshot.subarray(offset, offset + length), at);
    at += length;
  }
  return packed;
}

export function unpack(packed) {
  const damaged = (why) => new Error(`the snapshot is damaged (${why})`);
  if (packed.length < 12 || packed.length % 4) throw damaged("too short");
  const words = new Uint32Array(packed.buffer, packed.byteOffset, packed.length / 4);
  const [magic, total, count] = words;
  if (magic !== MAGIC) throw damaged("not a packed snapshot");
  const headerBytes = 4 * (3 + 2 * count);
  if (headerBytes > packed.length) throw damaged("runs past its end");
  const snapshot = new Uint8Array(total);
  let at = headerBytes;
  for (let run = 0; run < count; run++) {
    const offset = words[3 + 2 * run];
    const length = words[4 + 2 * run];
    if (offset + length > total || at + length > packed.length) throw damaged("a run out of bounds");
    snapshot.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.length) throw damaged("bytes left over");
  return snapshot;
}

// loadPyodide's createPyodideModule for a restore: Pyodide 314 copies the snapshot into the
// runtime's first memory (30 MB) and fails on a larger one ("offset is out of bounds", pyodide
// issue 6254), so the memory grows to the snapshot's size first. asm: the import of
// pyodide.asm.mjs (started early: loadPyodide does not import it when given this function);
// snapshot: a promise of the snapshot's bytes.
export function growingRuntime(asm, snapshot) {
  return async (settings) => {
    const module = await (await asm).default(settings);
    const bytes = await snapshot;
    const heapBytes = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1]; // after Pyodide's header
    if (module.HEAP8.length < heapBytes) module.growMemory(heapBytes);
    return module;
  };
}

// found: {response, meta} as find() gives it. meta.kind is "snapshot" or "failed" (the marker).
export function snapshotStore(siteURL) {
  const key = new URL("python-snapshot", siteURL).href;
  const browser = self.navigator?.userAgent ?? "";
  const open = () => caches.open(CACHE_NAME);

  async function write(body, meta) {
    const headers = {
      "content-type": "application/octet-stream",
      "x-kind": meta.kind, "x-build-id": meta.buildId, "x-browser": browser,
      "x-failures": String(meta.failures), "x-sha256": meta.sha256 ?? "",
      "x-reason": encodeURIComponent(meta.reason ?? "").slice(0, 1000), // a header holds no newline
    };
    await (await open()).put(key, new Response(body, { headers }));
  }

  return {
    available: typeof self.caches?.open === "function",

    // The stored entry, or null (none, or Cache Storage unavailable: never throws).
    async find() {
      try {
        const response = await (await open()).match(key);
        if (!response) return null;
        const header = (name) => response.headers.get(name) ?? "";
        return {
          response,
          meta: {
            kind: header("x-kind"), buildId: header("x-build-id"), browser: header("x-browser"),
            failures: Number.parseInt(header("x-failures"), 10) || 0, sha256: header("x-sha256"),
          },
        };
      } catch (error) {
        console.warn("the interpreter snapshot could not be looked up:", error);
        return null;
      }
    },

    // Why this entry is not for this build in this browser, or null when it is.
    mismatch(meta, buildId) {
      if (meta.buildId !== buildId) return `another build's snapshot (${meta.buildId || "none"})`;
      if (meta.browser !== browser) return "another browser's snapshot";
      return null;
    },

    // Failed restores of this build in this browser so far (0 for another build's entry).
    failures(found, buildId) {
      return found && !this.mismatch(found.meta, buildId) ? found.meta.failures : 0;
    },

    // The snapshot's bytes for loadPyodide; rejects when they are not what was stored.
    async read(found) {
      const packed = new Uint8Array(await found.response.arrayBuffer());
      const digest = hex(await crypto.subtle.digest("SHA-256", packed));
      if (digest !== found.meta.sha256) throw new Error("the snapshot is damaged (its checksum does not match)");
      return unpack(packed);
    },

    async save(snapshot, { buildId, failures }) {
      const packed = pack(snapshot);
      const sha256 = hex(await crypto.subtle.digest("SHA-256", packed));
      await write(packed, { kind: "snapshot", buildId, failures, sha256 });
      return packed.length;
    },

    // Deletes the entry: the page does, when Python did not start at all (a restore that hangs
    // or crashes the worker cannot say so itself), so the next start is a normal one.
    async forget() {
      try {
        await (await open()).delete(key);
      } catch (error) {
        console.warn("the interpreter snapshot could not be deleted:", error);
      }
    },

    // Replaces a snapshot that failed to restore with a marker: the failures so far, and why.
    async reject(found, failures, reason) {
      try {
        await write("", { kind: "failed", buildId: found.meta.buildId, failures, reason });
      } catch (error) {
        console.warn("the failed interpreter snapshot could not be replaced:", error);
        await (await open()).delete(key).catch(() => {});
      }
    },
  };
}
