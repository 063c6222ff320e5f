// The messages between the page (page/worker-link.js) and the worker
// (worker/worker.js), defined once: both sides import this module. Each
// message is a plain object (postMessage) with a `type`; requests and
// responses carry JSON text, decoded on the other side. One typedef per
// message, a union per direction, and a guard per message that tells it
// apart; MESSAGES lists each type with who sends it and its fields, for the
// tests (tests/site/test_runtime_blocks.py reads it) and runtime/README.md
// ("Messages between page and worker"), whose table it must match.
// The type check (make lint) holds both sides to these types: a message a
// side posts must be one of its direction, and each side's handler ends in
// unexpectedMessage(message), which only a `never` may reach, so a message
// added here and not handled there fails the check.

// ------------------------------------------------------------ page -> worker

/**
 * Run rules_py.web.call(name, request). The page sends one at a time, after
 * `ready`; the worker answers one sent earlier once it is ready.
 * @typedef {object} RequestMessage
 * @property {"request"} type
 * @property {number} id new for each request; its response carries it back
 * @property {string} name the widget
 * @property {string} request JSON text of the request object
 */

/**
 * Sent first, only where the page is cross-origin isolated: shared memory
 * of two Int32 the worker hands to pyodide.setInterruptBuffer. The page
 * writes a request's id at index 1 and 2 (SIGINT) at index 0 to interrupt it.
 * @typedef {object} InterruptMessage
 * @property {"interrupt"} type
 * @property {SharedArrayBuffer} buffer
 */

/** @typedef {RequestMessage | InterruptMessage} PageMessage */

// ------------------------------------------------------------ worker -> page

/**
 * A start-up step: the page adds up the bytes of every phase into one line.
 * @typedef {object} ProgressMessage
 * @property {"progress"} type
 * @property {string} phase "snapshot", "rules", "python", or "runtime:<file>" for Pyodide's own downloads
 * @property {number | null} loaded bytes so far, or null
 * @property {number | null} total bytes in all, or null when unknown (a gzipped body)
 * @property {string} text what is happening, in words
 */

/**
 * The request has reached the worker and its call begins: the page's sign
 * that the worker is alive (a dead one gives no `error` event), after which
 * only the answer's bound applies (a long call holds the worker's thread).
 * @typedef {object} BusyMessage
 * @property {"busy"} type
 * @property {number} id the request's
 */

/**
 * The call failed in the runtime itself (a fatal error of Pyodide's): no
 * answer comes, and the page starts a new worker.
 * @typedef {object} CrashedMessage
 * @property {"crashed"} type
 * @property {number} id the request's
 */

/**
 * Python is up; no progress follows.
 * @typedef {object} ReadyMessage
 * @property {"ready"} type
 * @property {"snapshot" | "fallback"} mode restored from the snapshot, or loaded normally
 */

/**
 * The start failed; no progress follows.
 * @typedef {object} FailedMessage
 * @property {"failed"} type
 * @property {string} message plain words, never a traceback
 */

/**
 * The answer to one request.
 * @typedef {object} ResponseMessage
 * @property {"response"} type
 * @property {number} id the request's
 * @property {string} response JSON text of what rules_py.web.call returned; an
 *   interrupted request answers {"ok": false, "cancelled": true, "error": {...}}
 */

/** @typedef {ProgressMessage | BusyMessage | CrashedMessage | ReadyMessage | FailedMessage | ResponseMessage} WorkerMessage */

// ------------------------------------------------------------ what travels as JSON text

/**
 * A request's object: field values, and as the widget needs them `action`,
 * `seed` (a decimal string) and `state` (see rules_py/web.py).
 * @typedef {{ [key: string]: unknown }} CallRequest
 */

/**
 * What rules_py.web.call answers (rules_py/web.py), decoded; `cancelled` is
 * the worker's, for a request it interrupted.
 * @typedef {{ ok: true, result: CallResult } | { ok: false, cancelled?: true, error: CallError }} CallResponse
 */

/**
 * A refused request: the field to show the message next to, or null.
 * @typedef {object} CallError
 * @property {string | null} field
 * @property {string} message
 */

/**
 * A result: its view (the blocks, typed from rules_py/view_blocks.py), the
 * action that made it, and as the widget needs them the seed (every random
 * action), the roll log's words, a notice, the state to keep and the field
 * values the form takes for the next request; `row`, the row of the page's
 * table that a table roll came up on (dice.table).
 * @typedef {object} CallResult
 * @property {import("./blocks").AnyBlock[]} view
 * @property {string} action
 * @property {number} [seed]
 * @property {string} [seed_text]
 * @property {string} [inputs_text]
 * @property {string} [summary]
 * @property {string} [notice]
 * @property {unknown} [state]
 * @property {{ [name: string]: unknown }} [form]
 * @property {number} [row]
 * @property {unknown[]} [changes] what the result does to members of the
 *   party ({who, field, from, to, why}, rules_py/party/changes.py), to Apply
 * @property {"auto"} [apply] "auto": bookkeeping applied at once (Undo stays)
 */

/** @typedef {PageMessage | WorkerMessage} Message */

/**
 * Each message type: the side that sends it and its fields besides `type`
 * (checked against the typedefs above: every field, and no other).
 * @typedef {{ [K in Message["type"]]: {
 *   from: Extract<Message, { type: K }> extends PageMessage ? "page" : "worker",
 *   fields: { [F in Exclude<keyof Extract<Message, { type: K }>, "type">]-?: true },
 * } }} MessageTable
 */

/** @type {Readonly<MessageTable>} */
export const MESSAGES = Object.freeze({
  request: { from: "page", fields: { id: true, name: true, request: true } },
  interrupt: { from: "page", fields: { buffer: true } },
  progress: { from: "worker", fields: { phase: true, loaded: true, total: true, text: true } },
  busy: { from: "worker", fields: { id: true } },
  crashed: { from: "worker", fields: { id: true } },
  ready: { from: "worker", fields: { mode: true } },
  failed: { from: "worker", fields: { message: true } },
  response: { from: "worker", fields: { id: true, response: true } },
});

// ------------------------------------------------------------ guards

/**
 * @param {PageMessage} message
 * @returns {message is RequestMessage}
 */
export function isRequest(message) {
  return message.type === "request";
}

/**
 * @param {PageMessage} message
 * @returns {message is InterruptMessage}
 */
export function isInterrupt(message) {
  return message.type === "interrupt";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is ProgressMessage}
 */
export function isProgress(message) {
  return message.type === "progress";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is BusyMessage}
 */
export function isBusy(message) {
  return message.type === "busy";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is CrashedMessage}
 */
export function isCrashed(message) {
  return message.type === "crashed";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is ReadyMessage}
 */
export function isReady(message) {
  return message.type === "ready";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is FailedMessage}
 */
export function isFailed(message) {
  return message.type === "failed";
}

/**
 * @param {WorkerMessage} message
 * @returns {message is ResponseMessage}
 */
export function isResponse(message) {
  return message.type === "response";
}

/**
 * The end of a side's handler: every message of its direction is handled
 * before it, so only a message outside the contract gets here (the type
 * check says so when one is left unhandled).
 * @param {never} message
 * @returns {never}
 */
export function unexpectedMessage(message) {
  const type = message && typeof message === "object" ? /** @type {{type?: unknown}} */ (message).type : message;
  throw new TypeError("A message outside the page's contract with the worker: " + JSON.stringify(type));
}

/**
 * The page's one way to send the worker a message.
 * @param {Worker} worker
 * @param {PageMessage} message
 */
export function sendToWorker(worker, message) {
  worker.postMessage(message);
}
