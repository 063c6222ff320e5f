// The site's service worker, written into the built site as /sw.js by
// runtime/build/offline.py: BUILD below lists every file of the build (pages
// by their address, the runtime's files with the ?v= of the build's
// manifest) with a digest of each, and names the cache after a digest of
// them all.
//
// - install: caches every file, one at a time at low priority, reusing the
//   bytes of an older version's cache where a file is unchanged; each file
//   as the browser decoded it, whichever encoding the host chose; a file of
//   BUILD.gzipCopies (the memory snapshot) that a host sent without encoding
//   it comes from its gzipped copy instead, inflated here; a page without
//   its first visit's Link header;
// - activate: deletes every older version's cache (a build replaces the
//   last one whole); it waits until the reader accepts the reload offered by
//   the page ("use-new-version"), so a page never mixes two versions;
// - fetch: answers from this version's cache first (pages asked for by a
//   navigation or by Material's instant navigation, assets, Pyodide, the
//   snapshot), and from the network for anything the build does not hold.

/**
 * What runtime/build/offline.py writes in place of the placeholder below: the cache's
 * version, every file of the build by its address with its digest, and the
 * address of the gzipped copy of a file a host may send unencoded.
 * @typedef {{ version: string, files: { [address: string]: string }, gzipCopies: { [address: string]: string } }} BuildList
 */
// @ts-expect-error the source holds the placeholder; the built file, the BuildList
/** @type {BuildList} */ const BUILD = "__BUILD__";
const CACHE = "rp-site-" + BUILD.version;
const PREFIX = "rp-site-";
const INDEX = "__rp-files.json"; // url -> digest, kept in each version's cache
// This script runs as the site's service worker (the library types `self` as any worker).
const serviceWorker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = new URL(serviceWorker.registration.scope);

/** @param {string} path */
function absolute(path) {
  return new URL(path, SCOPE).href;
}

/** @returns {Promise<{ cache: Cache, files: { [address: string]: string } }[]>} */
async function previousIndexes() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const index = await cache.match(absolute(INDEX));
    if (index) found.push({ cache, files: await index.json() });
  }
  return found;
}

// A file with a gzipped copy (the memory snapshot: 13 MB as it is, 3.1 MB
// in brotli) that the host sent without Content-Encoding: a host that does
// not negotiate. Its download stops, and the gzipped copy (4.3 MB) comes
// instead and is kept inflated, with the file's own headers: the cache holds
// the file's bytes whichever way they came, and the worker never inflates it
// at a start (4.8 MB into 13 MB was 91 ms of its thread in a traced warm
// visit). Where the host negotiated, the browser decoded it already.
/**
 * @param {Response} response
 * @param {string} copy the gzipped copy's address
 */
async function decoded(response, copy) {
  if (response.headers.get("Content-Encoding")) return response;
  response.body?.cancel().catch(() => {});
  const gzipped = await fetch(absolute(copy), { cache: "no-cache", priority: "low", credentials: "same-origin" });
  if (!gzipped.ok) throw new Error(copy + " answered " + gzipped.status);
  let bytes = new Uint8Array(await gzipped.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // not inflated by the browser already
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Length", String(bytes.length));
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}

// A page with rollers comes from the host with a Link header that prefetches
// the wasm and the snapshot on a first visit (runtime/build/first_visit.py).
// Kept here, it goes without: a returning reader's files come from this
// cache, and a prefetch would only carry their 23 MB through the page.
/** @param {Response} response */
function withoutPrefetch(response) {
  if (!response.headers.has("Link")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Link");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await previousIndexes();
  for (const [path, digest] of Object.entries(BUILD.files)) {
    const url = absolute(path);
    if (await cache.match(url)) continue; // an install that was cut short goes on
    let response = null;
    for (const old of older) {
      if (old.files[path] === digest) {
        response = await old.cache.match(url);
        if (response) break;
      }
    }
    if (!response) {
      response = await fetch(url, { cache: "no-cache", priority: "low", credentials: "same-origin" });
      if (!response.ok) throw new Error(url + " answered " + response.status);
      if (path in BUILD.gzipCopies) response = await decoded(response, BUILD.gzipCopies[path]);
    }
    await cache.put(url, withoutPrefetch(response));
  }
  await cache.put(absolute(INDEX), new Response(JSON.stringify(BUILD.files),
    { headers: { "Content-Type": "application/json" } }));
}

serviceWorker.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

serviceWorker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const first = !names.some((name) => name.startsWith(PREFIX) && name !== CACHE);
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    // The very first version takes the open pages at once (they are that
    // version); a later one only comes with the reload the reader chose.
    if (first) await serviceWorker.clients.claim();
  })());
});

serviceWorker.addEventListener("message", (event) => {
  if (event.data && event.data.type === "use-new-version") serviceWorker.skipWaiting();
});

// The cached copy of a request: a page by its address (with or without
// index.html or the final slash), a file by its exact address (the ?v= of
// the runtime's files included).
/** @param {Request} request */
async function cached(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = "";
  const found = await cache.match(url.href);
  if (found) return found;
  if (url.search) return null;
  if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
  else if (!url.pathname.endsWith("/")) url.pathname += "/";
  return (await cache.match(url.href)) || null;
}

serviceWorker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith((async () => {
    const hit = await cached(request);
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const missing = await caches.open(CACHE).then((cache) => cache.match(absolute("404.html")));
        if (missing) return missing;
      }
      throw error;
    }
  })());
});
