// The stored format of everything the site keeps in the browser, written
// once: what each key holds and how it is checked when read back, the
// envelope around it (its format number, its revision, the changes it
// holds), and the migrations from each older format. page/store.js is the
// only reader and writer; nothing here touches storage.
//
// Format 0 is the site before the store: the roll log under "rp-roll-log"
// (a bare array of entries), each widget's state under
// "rp-state:<path>:<widget>:<index>" (the state's JSON), and "More options"
// under "rp-more:<widget>" ("open" or "closed"). Format 1 keeps each key
// under "rp-kept:<key>" as {"format": 1, "rev", "writer", "applied", "value"}.
// A new format adds its number, its step in MIGRATIONS and a test that reads
// the format before it (tests/browser/test_store.py).

/**
 * One roll of the roll log, as widget.js makes it (the words come from Python).
 * @typedef {object} Entry
 * @property {string} time ISO 8601
 * @property {string} widget
 * @property {string} title the widget's
 * @property {string} page its address (path and query)
 * @property {string} pageTitle
 * @property {string} inputs
 * @property {string} summary
 * @property {string} seed
 * @property {string} link
 */

/** @typedef {{ [name: string]: string | number | boolean }} Settings */

/**
 * What each key holds once read and checked. A widget's saved state is
 * checked by Python when it is sent (it may be any JSON), and so is the
 * party (`party.load`): here they are JSON of a bounded depth.
 * @typedef {{ log: Entry[], settings: Settings, party: unknown }} KeptValues
 */

/** @typedef {keyof KeptValues | `state:${string}`} KeptKey */
/**
 * @template {KeptKey} K
 * @typedef {K extends keyof KeptValues ? KeptValues[K] : unknown} KeptValue
 */

/**
 * A stored key's envelope, as read: `rev` counts its writes, `applied` names
 * the latest changes it holds (so a change is never applied twice).
 * @typedef {{ rev: number, applied: string[], value: unknown }} Envelope
 */

export const KEPT_FORMAT = 1;
export const ITEM_PREFIX = "rp-kept:";
export const ASIDE_PREFIX = "rp-aside:";
export const LOG_MAX = 200; // the newest rolls kept
export const APPLIED_MAX = 400; // change names an envelope remembers
export const VALUE_MAX_CHARS = 1_000_000; // one key's JSON; beyond it, "too-large"
const TEXT_MAX = 40_000; // one field of a log entry (a link is at most 20,000)
// As rules_py.web.MAX_JSON_DEPTH: deeper JSON is refused before parsing (a
// parser recurses; Python could not take it back either). The envelope adds 1.
const DEPTH_MAX = 33;
const ENTRY_FIELDS = /** @type {const} */ (["time", "widget", "title", "page", "pageTitle", "inputs", "summary", "seed", "link"]);

// Why a stored item cannot be used. `salvage` is what could be read of it
// (the rolls of a log with one bad entry); `newer` marks a format from a
// newer version of the site, which is left as it is, never set aside.
export class Unreadable extends Error {
  /**
   * @param {string} message
   * @param {{ salvage?: unknown, newer?: boolean }} [more]
   */
  constructor(message, more = {}) {
    super(message);
    this.salvage = more.salvage;
    this.newer = Boolean(more.newer);
  }
}

// Deepest bracket nesting outside JSON strings, without recursion.
/** @param {string} text */
export function nestingDepth(text) {
  let depth = 0, deepest = 0, inString = false, escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") { depth += 1; if (depth > deepest) deepest = depth; }
    else if (c === "]" || c === "}") depth -= 1;
  }
  return deepest;
}

/**
 * @param {string} text
 * @param {number} depth
 * @returns {unknown}
 */
function parseBounded(text, depth) {
  if (nestingDepth(text) > depth) throw new Unreadable("it is nested more than " + (depth - 1) + " levels deep");
  try { return JSON.parse(text); } catch (error) { throw new Unreadable("it is not valid JSON"); }
}

/** @param {unknown} value */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} entry
 * @returns {entry is Entry}
 */
function isEntry(entry) {
  if (!isRecord(entry)) return false;
  const record = /** @type {{ [key: string]: unknown }} */ (entry);
  return ENTRY_FIELDS.every((name) => typeof record[name] === "string" && String(record[name]).length <= TEXT_MAX);
}

/**
 * @param {unknown} value
 * @returns {Entry[]}
 */
function checkLog(value) {
  if (!Array.isArray(value)) throw new Unreadable("the roll log is not a list");
  const entries = value.filter(isEntry).map((entry) => /** @type {Entry} */ (Object.fromEntries(
    ENTRY_FIELDS.map((name) => [name, entry[name]]))));
  if (entries.length < value.length) {
    throw new Unreadable((value.length - entries.length) + " of its entries are not rolls",
      { salvage: entries.slice(0, LOG_MAX) });
  }
  return entries.slice(0, LOG_MAX);
}

/**
 * @param {unknown} value
 * @returns {Settings}
 */
function checkSettings(value) {
  if (!isRecord(value)) throw new Unreadable("the settings are not a record");
  /** @type {Settings} */
  const settings = {};
  for (const [name, setting] of Object.entries(/** @type {object} */ (value))) {
    const type = typeof setting;
    if (name.length > 200 || !(type === "string" || type === "number" || type === "boolean")) {
      throw new Unreadable("the setting " + JSON.stringify(name.slice(0, 40)) + " is not a plain value");
    }
    Object.defineProperty(settings, name, { value: setting, enumerable: true, writable: true, configurable: true });
  }
  return settings;
}

// What each key holds: its check (any JSON that parsed within the depth
// bound passes `anyJson`) and its value before anything is kept.
/** @typedef {{ check: (value: unknown) => unknown, initial: () => unknown }} Kind */
/** @type {{ [kind: string]: Kind }} */
const KINDS = {
  log: { check: checkLog, initial: () => [] },
  settings: { check: checkSettings, initial: () => ({}) },
  party: { check: (value) => value, initial: () => undefined },
  state: { check: (value) => value, initial: () => undefined },
};

/**
 * @param {string} key
 * @returns {Kind}
 */
export function kindOf(key) {
  const kind = key.startsWith("state:") ? KINDS.state : Object.hasOwn(KINDS, key) ? KINDS[key] : null;
  if (!kind) throw new TypeError("Not a kept key: " + key);
  return kind;
}

/**
 * @param {string} key
 * @param {unknown} value
 */
export function checkValue(key, value) {
  return kindOf(key).check(value);
}

/** @param {string} key */
export function initialValue(key) {
  return kindOf(key).initial();
}

// The format 0 items a key is read from when it has no item of its own yet.
/**
 * @param {string} key
 * @param {string[]} names every item name in storage
 * @returns {string[]}
 */
export function legacyNames(key, names) {
  if (key === "log") return names.filter((name) => name === "rp-roll-log");
  if (key.startsWith("state:")) return names.filter((name) => name === "rp-state:" + key.slice(6));
  if (key === "settings") return names.filter((name) => name.startsWith("rp-more:"));
  return [];
}

// Each step turns the value of format n into that of format n + 1. Format 0
// has no envelope: `items` are its items by name, as text.
/** @type {{ [format: number]: (key: string, items: { [name: string]: string }) => unknown }} */
export const MIGRATIONS = {
  0: (key, items) => {
    if (key === "settings") {
      /** @type {Settings} */
      const settings = {};
      for (const [name, text] of Object.entries(items)) {
        Object.defineProperty(settings, "more:" + name.slice("rp-more:".length),
          { value: text === "open", enumerable: true, writable: true, configurable: true });
      }
      return settings;
    }
    const [text] = Object.values(items);
    return parseBounded(text, DEPTH_MAX - 1);
  },
};

/**
 * A key's value read from its format 0 items, brought to KEPT_FORMAT.
 * @param {string} key
 * @param {{ [name: string]: string }} items
 */
export function migrateLegacy(key, items) {
  const value = MIGRATIONS[0](key, items);
  return checkValue(key, value);
}

/**
 * A stored item read back: its envelope, its value checked.
 * @param {string} key
 * @param {string} text
 * @returns {Envelope}
 */
export function readEnvelope(key, text) {
  const stored = parseBounded(text, DEPTH_MAX);
  if (!isRecord(stored)) throw new Unreadable("it is not a kept record");
  const envelope = /** @type {{ [field: string]: unknown }} */ (stored);
  const format = envelope.format;
  if (typeof format !== "number" || !Number.isInteger(format) || format < 1) {
    throw new Unreadable("it has no format number");
  }
  if (format > KEPT_FORMAT) {
    throw new Unreadable("it was kept by a newer version of the site (format " + format + ")", { newer: true });
  }
  const rev = envelope.rev;
  const applied = envelope.applied;
  if (typeof rev !== "number" || !Number.isInteger(rev) || rev < 0 || !Array.isArray(applied) ||
      !applied.every((name) => typeof name === "string")) {
    throw new Unreadable("its revision is damaged");
  }
  // Formats after 1 migrate here, step by step, before the value is checked.
  return { rev, applied: /** @type {string[]} */ (applied), value: checkValue(key, envelope.value) };
}

/**
 * @param {Envelope} envelope
 * @param {string} writer this tab's name
 */
export function writeEnvelope(envelope, writer) {
  return JSON.stringify({ format: KEPT_FORMAT, rev: envelope.rev, writer,
    applied: envelope.applied.slice(-APPLIED_MAX), value: envelope.value });
}
