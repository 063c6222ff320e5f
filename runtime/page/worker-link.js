// The link to the one Pyodide worker of the tab: starts it, follows its
// start-up (progress, ready, failed), queues requests until Python is up and
// matches each response to its request by id. The module lives as long as
// the document, so Material's instant navigation keeps the same worker.
// Messages: runtime/contract/messages.js, shared with the worker.
//
// No fixed start-up timeout: the start fails only when nothing has moved for
// STALL_MS (no progress message), so a slow link keeps waiting while bytes
// arrive, or when Python, all its files come, works WORKING_MS without a
// word. One request at a time goes to the worker; a request the worker
// does not take up within BUSY_NOTE_MS or leaves unanswered after ANSWER_MS,
// a call it reports `crashed`, or an `error` event, means the worker died: it
// is restarted once by itself, and the reader's "Try again" restarts it after that.
import {
  isBusy, isCrashed, isFailed, isProgress, isReady, isResponse, sendToWorker, unexpectedMessage,
} from "../contract/messages.js";

/** @import { CallRequest, CallResponse, ProgressMessage } from "../contract/messages.js" */

/**
 * The runtime's state for the page (see onRuntimeStatus).
 * @typedef {{ state: "starting", progress: string }
 *   | { state: "ready", mode: "snapshot" | "fallback" }
 *   | { state: "failed", message: string }
 *   | { state: "lost", message: string }} RuntimeStatus
 */

/**
 * One worker and what the page knows of it.
 * @typedef {object} Link
 * @property {Worker | null} worker null until made (a browser may refuse)
 * @property {RuntimeStatus} status
 * @property {Int32Array<SharedArrayBuffer>} [interrupts] the shared flags, where the page is cross-origin isolated
 */

/**
 * A request waiting for the worker, or the one it runs.
 * @typedef {object} Call
 * @property {number} id
 * @property {string} name
 * @property {CallRequest} request
 * @property {boolean} preview
 * @property {(response: CallResponse) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {ReturnType<typeof setTimeout>} [timer] the answer's bound, once sent
 * @property {ReturnType<typeof setTimeout>} [noteTimer] the bound on the worker's busy note
 */

const WORKER_URL = new URL("../worker/worker.js", import.meta.url);
// Only a browser test shortens these bounds (an init script sets rpTestStallMs
// or rpTestAnswerMs before any of the site's scripts runs); the site never does.
export const STALL_MS = Number(globalThis.rpTestStallMs) > 0 ? Number(globalThis.rpTestStallMs) : 20000;
const ANSWER_MS = Number(globalThis.rpTestAnswerMs) > 0 ? Number(globalThis.rpTestAnswerMs) : 60000;
// Python at work on files that have all come says nothing while it works: a
// normal start compiles the standard library and the rules from their sources
// (seconds on a slow phone, more on a loaded one), holding the worker's thread.
// That silence is bounded like a call, not like a stalled download.
const WORKING_MS = 60000;
// A live worker says "busy" the moment a request reaches it, before the call:
// a request with no such note after BUSY_NOTE_MS went to a dead worker (one
// terminated, or stopped, gives no `error` event), noticed then rather than
// after ANSWER_MS. The note is the only liveness signal there can be: the
// call runs Python synchronously and holds the worker's thread, so a live
// worker in a long call can say nothing until its answer (no ping would be
// answered either). Once it has said busy, only ANSWER_MS bounds the call.
// Its thread is free whenever a request is sent (one at a time), so the note
// comes within milliseconds.
const BUSY_NOTE_MS = 2000;
const AUTO_RESTARTS = 1;

/** @type {Set<(status: RuntimeStatus) => void>} */
const listeners = new Set();
/** @type {(() => void)[]} */
const settledWaiters = []; // onSettled callbacks, each called once
/** @type {(() => void)[]} */
const firstAnswerWaiters = []; // onFirstAnswer callbacks, each called once
let pressAnswered = false; // a request other than an odds preview has been answered
/** @type {Link | null} */
let runtime = null;
let nextRequestId = 1;
let restartsLeft = AUTO_RESTARTS;
/** @type {Call[]} */
const queue = []; // {id, name, request, preview, resolve, reject}, sent one at a time
/** @type {Call | null} */
let inFlight = null;
/** @type {Link | null} */
let readyUntold = null; // ready, told with the answer to the press it runs first
let interrupted = 0;

// The runtime's state for the page: "starting" (with `progress`), "ready",
// "failed" (with `message`, the start cannot go on) or "lost" (the worker
// died; a restart follows when one is left). `listener(status)` hears every change.
/**
 * @param {(status: RuntimeStatus) => void} listener
 * @returns {() => void} stops listening
 */
export function onRuntimeStatus(listener) {
  listeners.add(listener);
  if (runtime) listener(runtime.status);
  return () => listeners.delete(listener);
}

/** @returns {RuntimeStatus | null} */
export function runtimeStatus() {
  return runtime ? runtime.status : null;
}

/** @param {RuntimeStatus} status */
function announce(status) {
  tell(status);
  checkSettled();
}

/** @param {RuntimeStatus} status */
function tell(status) {
  readyUntold = null; // told now, or overtaken (the worker lost meanwhile)
  /** @type {Link} */ (runtime).status = status; // called only once there is one
  if (status.state === "ready" || status.state === "failed") {
    document.documentElement.dataset.rpRuntime = status.state === "ready" ? status.mode : "failed";
  }
  for (const listener of listeners) listener(status);
}

// No press of the reader left to answer: the runtime is ready (or has failed)
// and no request other than odds previews waits or runs.
function settled() {
  if (!runtime || (runtime.status.state !== "ready" && runtime.status.state !== "failed")) return false;
  return !(inFlight && !inFlight.preview) && !queue.some((item) => !item.preview);
}

function checkSettled() {
  if (!settled()) return;
  for (const callback of settledWaiters.splice(0)) callback();
  if (pressAnswered || /** @type {Link} */ (runtime).status.state === "failed") {
    for (const callback of firstAnswerWaiters.splice(0)) callback();
  }
}

// `callback()` once the runtime has started (or failed) and every press made
// meanwhile has been answered: the moment for work that must not delay a
// first roll. At once if that is so already.
/** @param {() => void} callback */
export function onSettled(callback) {
  settledWaiters.push(callback);
  checkSettled();
}

// `callback()` once the reader's first press has been answered (and no other
// waits), or the runtime has failed: a Python that is ready before the reader
// has pressed anything does not call it, since the first roll may come any
// moment then, and on a phone's processor any work of the page's thread
// delays it. At once if that is so already.
/** @param {() => void} callback */
export function onFirstAnswer(callback) {
  firstAnswerWaiters.push(callback);
  checkSettled();
}

// Bytes for people: "3.1 MB".
/** @param {number} bytes */
function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1) + " MB";
}

// One line from the latest progress of each download: what loads, how much.
/**
 * @param {{ [phase: string]: ProgressMessage }} phases
 * @param {ProgressMessage} latest
 */
function describeProgress(phases, latest) {
  let loaded = 0;
  let total = 0;
  let totalKnown = true;
  for (const phase of Object.values(phases)) {
    if (phase.loaded === null || phase.loaded === undefined) continue;
    loaded += phase.loaded;
    if (phase.total) total += phase.total; else totalKnown = false;
  }
  if (!loaded) return latest.text;
  return latest.text + " (" + megabytes(loaded) + (totalKnown && total ? " of " + megabytes(total) : " so far") + ")";
}

// Starts the worker once; later calls return the same link. A runtime that
// failed or died for good is replaced by a fresh one (the reader's retry, or
// an instant navigation: a page never keeps a dead runtime).
// `note` (a restart's reason) stays in front of the progress until ready.
/**
 * @param {string} [note]
 * @returns {Link}
 */
export function startRuntime(note) {
  if (runtime && runtime.status.state !== "failed") return runtime;
  const lead = note ? note + " " : "";
  /** @type {Link} */
  const link = { worker: null, status: { state: "starting", progress: lead + "Starting the roller\u2026" } };
  const previous = runtime;
  runtime = link;
  if (previous && previous.worker) previous.worker.terminate();
  /** @type {{ [phase: string]: ProgressMessage }} */
  const phases = {};
  /** @type {ReturnType<typeof setTimeout> | null} */
  let stallTimer = null;
  /** @param {string} message */
  const fail = (message) => {
    if (link !== runtime || link.status.state === "failed") return;
    clearTimeout(stallTimer);
    if (link.worker) link.worker.terminate();
    announce({ state: "failed", message });
    rejectAll(message);
  };
  // Working: the worker has said Python starts (the wasm compiled), and no
  // download it reported is still under way (an unknown size counts as under way).
  const working = () => "python" in phases && Object.values(phases).every((phase) =>
    phase.loaded === null || (phase.total !== null && phase.loaded >= phase.total));
  const watch = () => {
    clearTimeout(stallTimer);
    stallTimer = working()
      ? setTimeout(() => fail("The roller stopped loading: Python did not finish starting within " +
        WORKING_MS / 1000 + " seconds. Try again."), WORKING_MS)
      : setTimeout(() => fail("The roller stopped loading: nothing has arrived for " +
        STALL_MS / 1000 + " seconds. Check the connection, then try again."), STALL_MS);
  };
  announce(link.status);
  try {
    link.worker = new Worker(WORKER_URL, { type: "module" });
  } catch (error) {
    fail("This browser cannot start the roller (" + /** @type {Error} */ (error).message + ").");
    return link;
  }
  watch();
  // Where the page is cross-origin isolated, a flag in shared memory lets it
  // interrupt the running call (a stale preview) instead of waiting for it.
  if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
    link.interrupts = new Int32Array(new SharedArrayBuffer(8)); // [flag, id of the call it stops]
    sendToWorker(link.worker, { type: "interrupt", buffer: link.interrupts.buffer });
  }
  link.worker.addEventListener("error", (event) => {
    event.preventDefault();
    if (link.status.state === "ready") lost(link, "The roller stopped working.");
    else fail("The roller could not load its files (a missing file, or one the server sends with the wrong type).");
  });
  link.worker.addEventListener("message", (event) => {
    if (link !== runtime) return;
    /** @type {import("../contract/messages.js").WorkerMessage} */
    const message = event.data;
    if (isProgress(message)) {
      phases[message.phase] = message;
      watch();
      announce({ state: "starting", progress: lead + describeProgress(phases, message) });
    } else if (isReady(message)) {
      clearTimeout(stallTimer);
      link.status = { state: "ready", mode: message.mode };
      pump();
      // A press made while Python started goes to it at once, and "ready" is
      // told with its answer: every roller's status and the result are then
      // drawn in one frame, where the statuses' own frame, on a phone's
      // processor, held the answer back (runtime/README.md).
      if (inFlight && !inFlight.preview) readyUntold = link; else announce(link.status);
    } else if (isFailed(message)) {
      fail("The roller could not start: " + message.message);
    } else if (isBusy(message)) {
      if (inFlight && inFlight.id === message.id) clearTimeout(inFlight.noteTimer);
    } else if (isCrashed(message)) {
      lost(link, "The roller stopped working.");
    } else if (isResponse(message)) {
      if (!inFlight || inFlight.id !== message.id) return;
      const done = inFlight;
      clearTimeout(done.timer);
      inFlight = null;
      if (!done.preview) pressAnswered = true;
      done.resolve(JSON.parse(message.response));
      // Drawn with the answer (microtasks); what waits for a settled page
      // (Material, search) still comes after the drawing (below).
      if (readyUntold === link) tell(link.status);
      pump();
      setTimeout(checkSettled, 0); // after the widget has drawn the answer
    } else {
      unexpectedMessage(message);
    }
  });
  return link;
}

// The worker died after start-up: the request it held fails with a message,
// the queued ones wait for the restart (once), or fail with the runtime.
/**
 * @param {Link} link
 * @param {string} why
 */
function lost(link, why) {
  if (link !== runtime || link.status.state === "lost") return;
  /** @type {Worker} */ (link.worker).terminate(); // it started: it was ready, or failed to load
  if (inFlight) {
    clearTimeout(inFlight.timer);
    inFlight.reject(new Error(why + " The last request got no answer; press the button again."));
    inFlight = null;
  }
  if (restartsLeft > 0) {
    restartsLeft -= 1;
    announce({ state: "lost", message: why + " Restarting it\u2026" });
    link.status = { state: "failed", message: why };
    startRuntime(why + " Restarting it:");
  } else {
    announce({ state: "lost", message: why });
    link.status = { state: "failed", message: why };
    announce({ state: "failed", message: why + " Try again, or reload the page." });
    rejectAll(why);
  }
}

/** @param {string} message */
function rejectAll(message) {
  if (inFlight) {
    clearTimeout(inFlight.timer);
    inFlight.reject(new Error(message));
    inFlight = null;
  }
  for (const item of queue.splice(0)) item.reject(new Error(message));
  checkSettled();
}

// The reader's "Try again": a fresh worker, and one automatic restart again.
export function retryRuntime() {
  restartsLeft = AUTO_RESTARTS;
  if (runtime && runtime.status.state !== "ready") runtime.status = { state: "failed", message: "" };
  return startRuntime();
}

function pump() {
  if (inFlight || !runtime || runtime.status.state !== "ready" || !queue.length) return;
  const link = runtime;
  inFlight = /** @type {Call} */ (queue.shift());
  const item = inFlight;
  item.timer = setTimeout(() => lost(link, "The roller stopped answering."), ANSWER_MS);
  let due = performance.now() + BUSY_NOTE_MS;
  const noNote = () => {
    if (item !== inFlight) return;
    // Fired late, this page's own thread was held (a long task): the note may
    // be waiting behind this timer. It gets a moment more.
    if (performance.now() - due > 250) {
      due = performance.now() + 250;
      item.noteTimer = setTimeout(noNote, 250);
    } else {
      lost(link, "The roller stopped answering.");
    }
  };
  item.noteTimer = setTimeout(noNote, BUSY_NOTE_MS);
  sendToWorker(/** @type {Worker} */ (link.worker), {
    type: "request", id: item.id, name: item.name, request: JSON.stringify(item.request),
  });
}

// rules_py.web.call(name, request) in the worker: resolves to the parsed
// response ({ok: true, result} or {ok: false, error}); rejects with a message
// for people if the runtime fails or dies. A request made before Python is
// ready waits for it. `preview` requests (odds previews) go after every
// other request waiting, so a roll never waits behind a queue of previews.
//
// `signal` (an AbortSignal) withdraws a request that became stale: one still
// waiting is dropped, and one running is interrupted where the page is
// cross-origin isolated (it answers {ok: false, cancelled: true}); else it
// runs to its end (previews are bounded) and its answer is ignored.
/**
 * @param {string} name
 * @param {CallRequest} request
 * @param {{ preview?: boolean, signal?: AbortSignal }} [options]
 * @returns {Promise<CallResponse>}
 */
export function callPython(name, request, options) {
  const preview = Boolean(options && options.preview);
  const signal = options && options.signal;
  const link = startRuntime();
  if (link.status.state === "failed") return Promise.reject(new Error(link.status.message));
  if (signal && signal.aborted) return Promise.reject(new DOMException("Superseded.", "AbortError"));
  return new Promise((resolve, reject) => {
    const item = { id: nextRequestId++, name, request, preview, resolve, reject };
    const firstPreview = preview ? -1 : queue.findIndex((queued) => queued.preview);
    if (firstPreview === -1) queue.push(item); else queue.splice(firstPreview, 0, item);
    if (signal) signal.addEventListener("abort", () => withdraw(item), { once: true });
    pump();
  });
}

/** @param {Call} item */
function withdraw(item) {
  const waiting = queue.indexOf(item);
  if (waiting !== -1) {
    queue.splice(waiting, 1);
    item.reject(new DOMException("Superseded.", "AbortError"));
  } else if (inFlight === item && runtime && runtime.interrupts) {
    interrupted += 1;
    Atomics.store(runtime.interrupts, 1, item.id);
    Atomics.store(runtime.interrupts, 0, 2); // SIGINT: KeyboardInterrupt in that call
  }
}

// For the browser tests: how many running calls were interrupted, and the
// request the worker is busy with.
export function interruptedCalls() {
  return interrupted;
}

export function requestInFlight() {
  return inFlight ? { name: inFlight.name, preview: inFlight.preview, request: inFlight.request } : null;
}

// A second worker, run once to its first answer and then ended; the page's
// runtime is not touched. offline.js runs it once the service worker serves
// the site: Chrome keeps the compiled code of a script it has run from the
// service worker's cache and reuses it from then on, so the reader's next
// visit neither compiles Pyodide's JavaScript again nor writes that code
// down during its own start (30 to 90 ms of a warm first roll of 0.7 s in
// interleaved runs). Resolves to whether it answered; it ends within SPARE_BOUND_MS.
const SPARE_BOUND_MS = 60000;
const SPARE_LINGER_MS = 1000; // Chrome writes the compiled code down after the run

/** @returns {Promise<boolean>} */
export function runSpareWorker() {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (error) {
      resolve(false);
      return;
    }
    /** @param {boolean} answered */
    const end = (answered) => {
      clearTimeout(bound);
      worker.terminate();
      resolve(answered);
    };
    const bound = setTimeout(() => end(false), SPARE_BOUND_MS);
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      end(false);
    });
    worker.addEventListener("message", (event) => {
      /** @type {import("../contract/messages.js").WorkerMessage} */
      const message = event.data;
      // Any answer runs the same JavaScript; an unknown name answers at once.
      // Progress is not followed: the bound above ends a run that stalls.
      if (isReady(message)) sendToWorker(worker, { type: "request", id: 1, name: "", request: "{}" });
      else if (isFailed(message)) end(false);
      else if (isResponse(message)) setTimeout(() => end(true), SPARE_LINGER_MS);
    });
  });
}

// For the browser tests: the current worker, to make it crash.
export function currentWorker() {
  return runtime ? runtime.worker : null;
}
