// The one Pyodide worker of a tab. Python comes from this site only (never a
// CDN): restored from the memory snapshot made at build time, or, when that
// cannot be used (another Pyodide build, a failed restore, a link too slow
// for it), loaded normally with the rules_py wheel named with its sha256 in
// the lock file, and then, unless the link is slow, the standard library and
// rules_py come with .pyc compiled by Pyodide's own Python at build time.
// Where each file is: the build's manifest (build-manifest.json, written by
// runtime/build/, see runtime/README.md), imported as a JSON module.
//
// Messages (the contract with the page): runtime/contract/messages.js, shared
// with the page. Requests sent before "ready" are answered once it is reached.
import BUILD from "../build-manifest.json" with { type: "json" };
import { readSnapshot } from "./snapshot.js";
import { compileSmallModulesOnce } from "./wasm-modules.js";
import { isInterrupt, isRequest, unexpectedMessage } from "../contract/messages.js";

/**
 * @import { PyodideAPI, PyodideConfig } from "pyodide"
 * @import { Expanded } from "./snapshot.js"
 */

/**
 * What the two ways to start share: the .pyc zip of rules_py (asked for on
 * first use), whether the snapshot was given up, and the snapshot: `started`
 * as soon as its header has come (its memory still filling), `snapshot`
 * once every byte has.
 * @typedef {object} Files
 * @property {Promise<Uint8Array>} pyc
 * @property {Promise<Uint8Array>} [_pyc]
 * @property {boolean} abandoned
 * @property {Promise<Expanded>} started
 * @property {Promise<Expanded>} snapshot
 */

/**
 * Python, started: Pyodide, and rules_py.web (its call answers JSON text with JSON text).
 * @typedef {{ pyodide: PyodideAPI, web: { call(name: string, request: string): string } }} Python
 */

// The manifest's addresses are the site's (its root is two folders up).
const SITE_ROOT = new URL("../../../", import.meta.url);
/** @param {string} address */
const siteURL = (address) => new URL(address, SITE_ROOT).href;
const PYODIDE_INDEX_URL = siteURL(BUILD.pyodide.index);
const LOCK_FILE_URL = siteURL(BUILD.runtime.lockFile.address);
const PACKAGE_NAME = BUILD.runtime.packageName;
const STDLIB_PYC_URL = siteURL(BUILD.runtime.stdlibPyc.address);
const PYC_URL = siteURL(BUILD.runtime.rulesPyc.address);
const SNAPSHOT_URL = siteURL(BUILD.runtime.snapshot.address);
const SNAPSHOT_GZIP_URL = siteURL(BUILD.runtime.snapshotGzip.address);
const NORMAL_START_BYTES = BUILD.runtime.normalStartBytes;

/** @param {import("../contract/messages.js").WorkerMessage} message */
function post(message) {
  self.postMessage(message);
}

let settled = false; // "ready" or "failed" posted: no progress after it
let lead = ""; // why the start takes the path it takes, in front of every later progress line

/**
 * @param {string} phase
 * @param {string} text
 * @param {number | null} [loaded]
 * @param {number | null} [total]
 */
function progress(phase, text, loaded = null, total = null) {
  if (!settled) post({ type: "progress", phase, loaded, total, text: lead + text });
}

class LoadError extends Error {}

// The site's files that came wrong (refused by the server, or damaged), by
// name: a start that then fails is the server's fault, not the browser's, and
// the message names them (see serverFault) so the reader does not switch
// browsers for nothing.
/** @type {Map<string, string>} */
const faultyFiles = new Map(); // file name -> what went wrong, in plain words
/** @param {RequestInfo | URL} url */
const fileName = (url) => new URL(String(url), self.location.href).pathname.split("/").pop() ?? "";

/**
 * @param {RequestInfo | URL} url
 * @param {string} why
 */
function fileFault(url, why) {
  if (!faultyFiles.has(fileName(url))) faultyFiles.set(fileName(url), why);
}

// Every byte of every body the worker downloads, as it arrives (Pyodide's
// own files, the site's, the snapshot): how fast the link is, whichever
// download gets which share of it.
let bytesArrived = 0;

// The total a response announces: its Content-Length, when the body comes
// as is (a gzipped body's length is not what the reader counts).
/** @param {Response} response */
function announcedTotal(response) {
  const length = Number(response.headers.get("Content-Length"));
  return response.headers.get("Content-Encoding") || !length ? null : length;
}

// Progress of one download: at most one message every 100 ms while bytes
// arrive, and a last one when they have all come. Its bytes count in
// bytesArrived too.
/**
 * @param {string} phase
 * @param {string} text
 * @param {number | null} total
 * @returns {{ arrived(loaded: number): void, done(loaded: number, doneText: string): void }}
 */
function progressOf(phase, text, total) {
  let lastReport = 0;
  let counted = 0;
  return {
    arrived(loaded) {
      bytesArrived += loaded - counted;
      counted = loaded;
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        progress(phase, text, loaded, total);
      }
    },
    done(loaded, doneText) {
      progress(phase, doneText, loaded, total ?? loaded);
    },
  };
}

// Pyodide fetches its own files (the wasm, the standard library): count the
// bytes of a copy of each body too, so the page sees them arrive and tells a
// slow link from a stuck one. The original response goes to Pyodide intact
// (the browser's compiled-wasm cache is keyed by its address).
const nativeFetch = self.fetch.bind(self);
/**
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 */
async function countedFetch(input, init) {
  const response = await nativeFetch(input, init);
  if (!response.ok) fileFault(response.url || input, `the server answered ${response.status}`);
  if (!response.ok || !response.body) return response;
  const name = fileName(response.url || input);
  const report = progressOf("runtime:" + name, `Downloading the Python runtime (${name})\u2026`,
    announcedTotal(response));
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
  let loaded = 0;
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.length;
      report.arrived(loaded);
    }
    report.done(loaded, "Starting Python\u2026");
  })().catch(() => {});
  return response;
}
// loadPyodide asks for the wasm that compileWasm() below compiles already:
// it gets an empty stand-in, never read (see instantiateStreaming below).
// A restore asks for the standard library at LATER_STDLIB_URL: it gets an
// empty zip, and the real one comes when an import needs it (see restore).
const standIns = new WeakSet();
self.fetch = (input, init) => {
  const url = new URL(String(input), self.location.href).href;
  if (HAND_OVER && compiledWasm && url === WASM_URL) {
    const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    standIns.add(standIn);
    return Promise.resolve(standIn);
  }
  if (url === LATER_STDLIB_URL) return Promise.resolve(new Response(EMPTY_ZIP));
  return countedFetch(input, init);
};

// A file whose address names its version (the snapshot's ?v=, Pyodide's
// version folder), read from the site's offline cache by the worker itself
// when the service worker has cached it: every cache that holds such an
// address holds the same bytes. Asked through the service worker instead,
// each waits for a fetch event on its thread, busy with the page's own
// files: reading the snapshot and the wasm here brought the warm first roll
// 33 and 43 ms sooner (medians of paired differences, 7 interleaved rounds
// each). null when it is not cached or there is no cache to read.
/**
 * @param {string} url
 * @returns {Promise<Response | null>}
 */
async function fromSiteCache(url) {
  try {
    const response = await self.caches?.match(url);
    return response && response.ok ? response : null;
  } catch (error) {
    return null; // storage refused (a private window, say): the network then
  }
}

// One of the site's own files, or a LoadError saying in plain words why not.
/**
 * @param {string} url
 * @param {string} label
 * @param {AbortSignal} [signal]
 */
async function fetchOwn(url, label, signal = undefined) {
  let response;
  try {
    response = await nativeFetch(url, { signal });
  } catch (error) {
    if (signal && signal.aborted) throw error;
    throw new LoadError(`Could not download ${label}: the network is unreachable.`);
  }
  if (!response.ok) {
    throw new LoadError(`Could not download ${label} (the server answered ${response.status}).`);
  }
  return response;
}

// fetch() with progress: bytes received so far and, when the server says
// (Content-Length of an uncompressed body), the total.
/**
 * @param {string} url
 * @param {string} phase
 * @param {string} label
 * @returns {Promise<Uint8Array>}
 */
async function download(url, phase, label) {
  const response = await fetchOwn(url, label);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const report = progressOf(phase, `Downloading ${label}\u2026`, announcedTotal(response));
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    report.arrived(loaded);
  }
  report.done(loaded, `Downloaded ${label}.`);
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

// The snapshot as the host sends it. snapshot.bin (13 MB as it is) has
// precompressed copies beside it (runtime/build/precompress.py): a host that
// negotiates sends the best one the browser accepts (brotli: 3.1 MB), which
// the browser decodes. A host that sends it without Content-Encoding does not
// negotiate: its download stops at once and its gzipped copy (4.3 MB, inflated
// by readSnapshot) comes instead, for one more request. The site's offline
// cache holds it decoded, and the HTTP cache keeps the headers it came with.
/**
 * @param {string} label
 * @param {AbortSignal} signal
 * @returns {Promise<Response>}
 */
async function snapshotResponse(label, signal) {
  const cached = await fromSiteCache(SNAPSHOT_URL);
  if (cached) return cached;
  const response = await fetchOwn(SNAPSHOT_URL, label, signal);
  if (response.headers.get("Content-Encoding")) return response;
  response.body?.cancel().catch(() => {});
  return fetchOwn(SNAPSHOT_GZIP_URL, label, signal);
}

// The snapshot, expanded as it arrives (snapshot.js): {memory, fromModule};
// progress counts the bytes as the reader gets them. `pace` hears how many
// have come of how many, and what a normal start downloads instead in the
// same units: a body the browser decodes counts decoded bytes, so its total
// is the file's own size and a normal start's bytes (zips, which do not
// shrink) are scaled by how much the snapshot's copy shrank on the way.
/**
 * @param {AbortSignal} signal
 * @param {(loaded: number, total: number | null, normalStart: number) => void} pace
 * @param {(started: Expanded) => void} onStart told as soon as the header has come
 * @returns {Promise<Expanded>}
 */
async function downloadSnapshot(signal, pace, onStart) {
  const label = "the prepared Python";
  const response = await snapshotResponse(label, signal);
  const encoded = Boolean(response.headers.get("Content-Encoding"));
  const sent = Number(response.headers.get("Content-Length"));
  const total = encoded ? BUILD.runtime.snapshot.bytes : announcedTotal(response);
  const normalStart = encoded && sent
    ? NORMAL_START_BYTES * BUILD.runtime.snapshot.bytes / sent : NORMAL_START_BYTES;
  const report = progressOf("snapshot", `Downloading ${label}\u2026`, announcedTotal(response));
  let loaded = 0;
  const memory = await readSnapshot(response, (bytes) => {
    loaded = bytes;
    pace(loaded, total, normalStart);
    report.arrived(loaded);
  }, onStart);
  report.done(loaded, `Downloaded ${label}.`);
  return memory;
}

// On a slow link the snapshot (3.1 to 4.3 MB as sent) would come long after a normal start
// could have been done: its download is given up when, SNAPSHOT_PATIENCE_MS
// after it began or at any check after that, its bytes are coming and the
// rest of them, less what a normal start downloads instead (the standard
// library zip and the wheel, NORMAL_START_BYTES), would take more than
// NORMAL_START_MS at the link's pace: about what a normal start spends
// compiling on a slow processor. The pace is that of every download
// together over the last PACE_WINDOW_MS or more (the snapshot shares the
// link with the wasm, which a normal start downloads too, so its own share
// would make the link look slower than it is; a window forgets a burst of
// files that came from a cache). A snapshot whose bytes have not begun to
// come (a server that has not answered yet), or of unknown size (sent
// plain without a Content-Length), is waited for.
const SNAPSHOT_PATIENCE_MS = 1500;
const NORMAL_START_MS = 3000;
const PACE_WINDOW_MS = 1000;

/**
 * @param {(rest: number) => void} abandon told the ms the rest would take
 * @returns {{ heard(bytes: number, size: number | null, normalStart: number): void, stop(): void }}
 */
function snapshotPace(abandon) {
  /** @type {[number, number][]} */
  const samples = [[performance.now(), bytesArrived]]; // [time, bytesArrived], oldest first
  let answered = false; // the response has come (its size, if the server says)
  let loaded = 0;
  let normalStart = NORMAL_START_BYTES;
  /** @type {number | null} */
  let total = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  const check = () => {
    if (answered && (!total || loaded >= total)) return;
    const now = performance.now();
    samples.push([now, bytesArrived]);
    while (samples.length > 2 && now - samples[1][0] >= PACE_WINDOW_MS) samples.shift();
    const [since, before] = samples[0];
    const pace = (bytesArrived - before) / (now - since); // bytes per millisecond
    const rest = loaded && total && pace ? (total - loaded - normalStart) / pace : 0;
    if (rest > NORMAL_START_MS) abandon(rest);
    else timer = setTimeout(check, 500);
  };
  timer = setTimeout(check, SNAPSHOT_PATIENCE_MS);
  return {
    heard(bytes, size, normalStartBytes) {
      answered = true;
      loaded = bytes;
      total = size;
      normalStart = normalStartBytes;
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** @returns {Promise<typeof import("pyodide")>} */
async function importPyodide() {
  // pyodide.asm.mjs (1.2 MB of JavaScript) is what loadPyodide imports
  // first: asked for now, it loads while pyodide.mjs does (one module, same address).
  const asm = new URL("pyodide.asm.mjs", PYODIDE_INDEX_URL).href;
  import(asm).catch((error) => {
    if (error instanceof SyntaxError) fileFault(asm, "it came damaged"); // e.g. cut short
  });
  try {
    return await import(new URL("pyodide.mjs", PYODIDE_INDEX_URL).href);
  } catch (error) {
    throw new LoadError("Could not download the Python runtime.");
  }
}

// Python's WebAssembly, compiled as soon as the worker starts, while the
// snapshot and pyodide.asm.mjs arrive, instead of after them. loadPyodide
// instantiates it through WebAssembly.instantiateStreaming, which is handed
// this module instead of the stand-in that self.fetch gave it.
// Failing here, before Pyodide, is what lets a wrong type or a policy that
// forbids WebAssembly be told plainly: inside loadPyodide they only stall.
const WASM_URL = new URL("pyodide.asm.wasm", PYODIDE_INDEX_URL).href;
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** @type {Promise<WebAssembly.Module> | null} */
let compiledWasm = null;

/** @returns {Promise<WebAssembly.Module>} */
async function compileWasm() {
  try {
    new WebAssembly.Module(EMPTY_WASM); // refused when the page's policy forbids WebAssembly
  } catch (error) {
    console.error(error);
    throw new LoadError("This site's security policy does not allow WebAssembly, which Python " +
      "needs (its Content-Security-Policy lacks 'wasm-unsafe-eval').");
  }
  let response = await fromSiteCache(WASM_URL);
  try {
    response ??= await countedFetch(WASM_URL); // counted as it arrives, like Pyodide's own files
  } catch (error) {
    throw new LoadError("Could not download the Python runtime.");
  }
  if (!response.ok) {
    throw new LoadError(`Could not download the Python runtime (the server answered ${response.status}).`);
  }
  const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  if (type !== "application/wasm") {
    response.body?.cancel().catch(() => {});
    throw new LoadError(`The server sends the Python runtime (pyodide.asm.wasm) as ` +
      `${type ? `"${type}"` : "an unknown type"} instead of "application/wasm".`);
  }
  try {
    if (WebAssembly.compileStreaming) return await WebAssembly.compileStreaming(response);
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    console.error(error);
    throw new LoadError("The Python runtime (pyodide.asm.wasm) is damaged or not for this browser.");
  }
}

// Without instantiateStreaming, loadPyodide would fetch and compile the wasm
// again, and the snapshot could not be completed (instantiated): a normal start.
const HAND_OVER = Boolean(WebAssembly.instantiateStreaming);
/** @type {((instance: WebAssembly.Instance) => Promise<void>) | null} */
let instantiated = null; // called with the instance as soon as it is made
if (HAND_OVER) {
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  /**
   * @param {Response | PromiseLike<Response>} source
   * @param {WebAssembly.Imports} [imports]
   * @returns {Promise<WebAssembly.WebAssemblyInstantiatedSource>}
   */
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (standIns.has(response)) {
      // A wasm that failed to compile is told by boot(): this instance never comes.
      // (A stand-in is only made once compiledWasm is.)
      const module = await /** @type {Promise<WebAssembly.Module>} */ (compiledWasm)
        .catch(() => /** @type {Promise<never>} */ (new Promise(() => {})));
      const instance = await WebAssembly.instantiate(module, imports);
      const then = instantiated;
      instantiated = null;
      if (then) await then(instance);
      return { module, instance };
    }
    return instantiateStreaming(response, imports);
  };
}

// Pyodide's small wrapper modules, compiled once each (wasm-modules.js).
compileSmallModulesOnce(WebAssembly);

/** @type {Pick<PyodideConfig, "stdout" | "stderr">} */
const quiet = { stdout: () => {}, stderr: (text) => console.warn(text) };

// Pyodide's own standard library zip, and where a restore asks for it instead.
const STDLIB_URL = new URL("python_stdlib.zip", PYODIDE_INDEX_URL).href;
const LATER_STDLIB_URL = new URL("python_stdlib-later.zip", PYODIDE_INDEX_URL).href; // never downloaded
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]); // its end record alone

// Called from Python (the finder the build put into the snapshot, see
// runtime/build/in_pyodide.py) when a restored Python imports a standard
// library module it does not hold: Pyodide's zip is downloaded at once (a
// worker may wait; the import waits) and written where the empty one was.
/**
 * @param {PyodideAPI} pyodide
 * @param {string} zipPath
 */
function standardLibraryNow(pyodide, zipPath) {
  const request = new XMLHttpRequest();
  request.open("GET", STDLIB_URL, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${STDLIB_URL}: ${request.status}`);
  pyodide.FS.writeFile(zipPath, new Uint8Array(request.response));
  return request.response.byteLength;
}

// The snapshot path: Python's memory as the build left it, every rules_py
// module and data table already loaded, so no rules_py file is needed (a
// snapshot holds memory, not files). Nor is the standard library zip (2.5 MB)
// needed to start: Python starts on an empty one, and the first import of a
// module the snapshot lacks brings Pyodide's own zip (standardLibraryNow).
// The build made the snapshot on the zip with .pyc and dropped zipimport's
// table of that zip first, so the table of the zip there is read when needed.
// The snapshot's pages that are the module's own data are copied from the
// instance as soon as it is made, before Pyodide restores the memory.
// One call then proves the restored Python works.
/**
 * @param {typeof import("pyodide").loadPyodide} loadPyodide
 * @param {Files} files
 * @returns {Promise<Python>}
 */
async function restore(loadPyodide, files) {
  if (!HAND_OVER) throw new Error("no WebAssembly.instantiateStreaming to complete the snapshot");
  // Pyodide refuses a snapshot whose magic number (its first bytes) is
  // zeroed: a restore that must not go on fails, and the normal start follows
  // (Pyodide waits for ever on an instance that failed to come, so the
  // instance comes and the snapshot is spoilt instead). Zeroed again once the
  // last bytes have come, which may hold the first page.
  let spoilt = false;
  /** @param {Expanded} snapshot */
  const spoil = (snapshot) => {
    spoilt = true;
    snapshot.memory.fill(0, 0, 4);
  };
  instantiated = async (instance) => {
    const snapshot = await files.started;
    try {
      snapshot.fromModule(new Uint8Array(/** @type {WebAssembly.Memory} */ (instance.exports.memory).buffer));
    } catch (error) {
      console.warn("Python snapshot not completed:", error);
      spoil(snapshot);
    }
  };
  let pyodide;
  try {
    pyodide = await loadPyodide({
      ...quiet,
      indexURL: PYODIDE_INDEX_URL,
      lockFileURL: LOCK_FILE_URL,
      stdLibURL: LATER_STDLIB_URL,
      // Awaited by loadPyodide after it imported pyodide.asm.mjs, before it
      // instantiates: the memory as soon as the snapshot's header has come
      // (its size known, its pages still arriving) and the wasm has compiled,
      // so that Python's module is instantiated and linked while the pages
      // arrive. A snapshot that fails before then (given up on a slow link)
      // fails the restore at once: the normal start begins while the wasm
      // still downloads, not after it.
      _loadSnapshot: Promise.race([
        Promise.all([files.started, compiledWasm]).then(([snapshot]) => snapshot.memory),
        files.snapshot.then(() => new Promise(() => {})),
      ]),
      // Run by Pyodide after instantiating (the module's preRun), before it
      // copies the memory in: it waits for the snapshot's last bytes.
      // Given up, cut short or damaged: spoilt, and the normal start follows.
      fsInit: async () => {
        const snapshot = await files.started;
        const whole = await files.snapshot.then(() => true, () => false);
        if (spoilt || !whole) spoil(snapshot);
      },
    });
  } finally {
    instantiated = null; // a normal start after a failed restore instantiates plainly
  }
  self.rpStandardLibraryNow = (zipPath) => standardLibraryNow(pyodide, zipPath);
  const web = pyodide.pyimport("rules_py.web");
  const probe = JSON.parse(web.call("dice.notation", JSON.stringify({ seed: 1 })));
  if (!probe.ok) throw new Error("the restored Python does not answer");
  return { pyodide, web };
}

// The fallback: a normal load (the lock file checks the wheel's sha256).
// After a restore that failed, the standard library and rules_py come with
// their .pyc (1.5 and 0.5 MB more than the sources alone, which spares a
// second or more of compiling). After a snapshot given up for a slow link,
// the bytes cost more than the compiling (2 MB is 10 s at 1.6 Mbit/s): the
// sources alone, in Pyodide's own standard library zip and the wheel.
/**
 * @param {typeof import("pyodide").loadPyodide} loadPyodide
 * @param {Files} files
 * @returns {Promise<Python>}
 */
async function loadNormally(loadPyodide, files) {
  const pyc = files.abandoned ? null : files.pyc; // downloaded while Python loads
  pyc?.catch(() => {});
  const pyodide = await loadPyodide({
    ...quiet,
    indexURL: PYODIDE_INDEX_URL,
    lockFileURL: LOCK_FILE_URL,
    ...(pyc ? { stdLibURL: STDLIB_PYC_URL } : {}), // else Pyodide's own
    packages: [PACKAGE_NAME],
  });
  if (pyc) {
    try {
      // Beside the installed sources (unpackArchive's default is the working directory).
      const sitePackages = pyodide.pyimport("sys").path.toJs()
        .find((/** @type {string} */ entry) => entry.endsWith("site-packages"));
      pyodide.unpackArchive(await pyc, "zip", { extractDir: sitePackages });
    } catch (error) {
      console.warn("rules_py .pyc not used:", error); // slower imports, same results
    }
  }
  return { pyodide, web: pyodide.pyimport("rules_py.web") };
}

// When Python could not start: the plain words that name the site's files to
// blame, or null. Besides the files that came wrong on the way, the files of
// the build manifest this start read are checked against their sha256: a
// damaged zip or lock file only shows as a Python that cannot start. A file
// that cannot be checked (no network, no crypto.subtle) is not blamed.
const SHA256_CHECK_MS = 10000;

/**
 * @param {Files} files
 * @returns {Promise<string | null>}
 */
async function serverFault(files) {
  const read = [BUILD.runtime.lockFile, BUILD.runtime.wheel];
  if (files._pyc) read.push(BUILD.runtime.stdlibPyc); // the normal start after a failed restore
  for (const file of read) {
    const url = siteURL(file.address);
    if (faultyFiles.has(fileName(url))) continue;
    try {
      const response = await nativeFetch(url, { signal: AbortSignal.timeout(SHA256_CHECK_MS) });
      if (!response.ok) {
        fileFault(url, `the server answered ${response.status}`);
        continue;
      }
      if (!self.crypto?.subtle) continue; // only in a secure context
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
      const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
      if (hex !== file.sha256) fileFault(url, "it came damaged");
    } catch (error) {
      console.warn(`${fileName(url)} not checked:`, error);
    }
  }
  if (!faultyFiles.size) return null;
  const named = [...faultyFiles];
  const what = named.length === 1
    ? `file ${named[0][0]} could not be loaded (${named[0][1]})`
    : `files ${named.map(([name, why]) => `${name} (${why})`).join(", ")} could not be loaded`;
  return `The site's ${what}. Reload later, or tell the site's maintainers.`;
}

/** @returns {Promise<Python>} */
async function boot() {
  progress("runtime", "Loading the Python runtime\u2026");
  const files = /** @type {Files} */ ({ // the snapshot comes below
    // Only the fallback after a failed restore needs this; asked for when it starts.
    get pyc() { return this._pyc ??= download(PYC_URL, "rules", "the compiled rules"); },
    abandoned: false,
  });
  const giveUp = new AbortController();
  const pace = snapshotPace((rest) => {
    console.info(`Python snapshot given up: ${Math.round(rest / 1000)} s more to download it.`);
    files.abandoned = true;
    giveUp.abort();
    lead = "The connection is slow: starting Python without the prepared copy. ";
    progress("snapshot", "Downloading the rest\u2026", null, null); // its bytes no longer count in the total
  });
  /** @type {(started: Expanded) => void} */
  let heardStart = () => {};
  const started = new Promise((resolve) => { heardStart = resolve; });
  files.snapshot = downloadSnapshot(giveUp.signal, pace.heard, heardStart);
  files.started = Promise.race([started, files.snapshot]); // a download that fails first fails it
  files.started.catch(() => {});
  // A snapshot that fails to arrive is a fallback case, not an unhandled rejection.
  files.snapshot.then(pace.stop, pace.stop);
  compiledWasm = compileWasm();
  compiledWasm.catch(() => {});
  const { loadPyodide } = await importPyodide();
  // Both paths are started before the wasm is compiled, so loadPyodide asks
  // for its files while it compiles, not after it: a restore its lock file,
  // and a normal start (as soon as the restore failed or the snapshot was
  // given up) also the standard library and the wheel.
  // Set to "fallback" by the restore's catch below (which the checker cannot follow).
  let mode = /** @type {"snapshot" | "fallback"} */ ("snapshot");
  const restoring = files.abandoned ? Promise.reject(new Error("snapshot given up")) : restore(loadPyodide, files);
  const starting = restoring.catch((error) => {
    if (!files.abandoned) {
      console.warn("Python snapshot not used, loading normally:", error);
      progress("python", "Starting Python (slower path)\u2026");
    }
    mode = "fallback";
    return loadNormally(loadPyodide, files);
  });
  starting.catch(() => {}); // read below, once the wasm is known to compile
  await compiledWasm; // without it neither path can start: told at once
  const slower = mode === "fallback" && !files.abandoned; // said so already
  progress("python", slower ? "Starting Python (slower path)\u2026" : "Starting Python\u2026");
  let python;
  try {
    python = await starting;
  } catch (fallbackError) {
    if (fallbackError instanceof LoadError) throw fallbackError;
    console.error(fallbackError);
    throw new LoadError((await serverFault(files)) ?? "Python could not start in this browser.");
  }
  settled = true;
  post({ type: "ready", mode });
  return python;
}

const ready = boot();
ready.catch((error) => {
  if (!(error instanceof LoadError)) console.error(error);
  settled = true;
  post({
    type: "failed",
    message: error instanceof LoadError ? error.message : "Python could not start in this browser.",
  });
});

// Shared memory the page writes 2 (SIGINT) into to interrupt the call that
// is running (a stale odds preview); only where the page is cross-origin
// isolated. Python then raises KeyboardInterrupt, answered as "cancelled".
/** @type {Int32Array<SharedArrayBuffer> | null} */
let interrupts = null;
const CANCELLED = JSON.stringify({
  ok: false, cancelled: true, error: { field: null, message: "Cancelled: a newer request replaced it." },
});

self.addEventListener("message", async (event) => {
  /** @type {import("../contract/messages.js").PageMessage} */
  const message = event.data;
  if (isInterrupt(message)) {
    interrupts = new Int32Array(message.buffer);
    ready.then(({ pyodide }) => pyodide.setInterruptBuffer(/** @type {Int32Array} */ (interrupts)), () => {});
    return;
  }
  if (!isRequest(message)) unexpectedMessage(message);
  const { id, name, request } = message;
  let python;
  try {
    python = await ready;
  } catch (error) {
    return; // "failed" has been posted; the page tells the player
  }
  // The page names the call it interrupts (index 1). A request is sent only
  // once the one before it was answered, so a flag set for another call was
  // meant for that one: this call starts clean. One set for this very call
  // (withdrawn while on its way) interrupts it at once.
  if (interrupts && Atomics.load(interrupts, 1) !== id) Atomics.store(interrupts, 0, 0);
  // The page's proof that this worker lives: the call holds the thread until it ends.
  post({ type: "busy", id });
  let response;
  try {
    response = python.web.call(name, request);
  } catch (error) {
    if (error && /** @type {{ type?: unknown }} */ (error).type === "KeyboardInterrupt") {
      response = CANCELLED;
    } else {
      // web.call answers every error of its own: this is the runtime's (a
      // fatal error of Pyodide's, which answers nothing more). Thrown from
      // this async handler it would reach no one, as no `error` event: the
      // page is told, and starts a new worker.
      console.error(error);
      post({ type: "crashed", id });
      return;
    }
  }
  post({ type: "response", id, response });
});
