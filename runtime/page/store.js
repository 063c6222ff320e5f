// The one place the site keeps anything in the browser: the roll log, the
// widgets' saved states, the settings and the party all go through here, and
// nothing else touches localStorage. What it promises:
//
// - Nothing is lost between tabs. A change is a function of the freshest
//   value (updateKept), run under a lock that every tab of the site shares
//   (navigator.locks), and named: the envelope lists the latest changes it
//   holds. A tab whose change another tab wrote over anyway (its copy of
//   storage was behind) sees it missing when that write reaches it, and
//   applies it again on top; a change named in the envelope is never
//   applied twice.
// - The open page keeps working whatever storage does: the value in memory
//   is updated before anything is written, and a change that could not be
//   written (storage refused or full) stays in memory and is applied again
//   on top of every fresher value, until it is written.
// - The reader is told: keptStatus() says whether anything is kept for this
//   visit ("kept", "visit-only" when storage is refused, "full"), and lists
//   what was set aside.
// - Stored data that cannot be read is never replaced in silence: its text
//   is kept aside (under "rp-aside:…", or in memory when even that cannot
//   be written, and then its key is not written over), listed in
//   keptStatus() and offered as a file to download.
//
// A value is checked on the way in and out by page/store-format.js, which
// also holds the format's number and the migrations from older formats.
import {
  ASIDE_PREFIX, ITEM_PREFIX, KEPT_FORMAT, Unreadable, VALUE_MAX_CHARS,
  initialValue, legacyNames, migrateLegacy, readEnvelope, writeEnvelope,
} from "./store-format.js";

/**
 * @import { Envelope, KeptKey, KeptValue } from "./store-format.js"
 */

/** @typedef {"kept" | "visit-only" | "full"} KeptState */
/** @typedef {"refused" | "full" | "too-large" | "newer"} UnkeptReason */
/** @typedef {{ kept: boolean, reason?: UnkeptReason }} KeptResult */
/**
 * Stored data that could not be read, kept aside as it was.
 * @typedef {{ key: string, reason: string, time: string, text: string }} AsideEntry
 */
/**
 * @typedef {object} KeptStatus
 * @property {KeptState} state whether what changes now is kept beyond this visit
 * @property {{ [key: string]: number }} unkept by key, this visit's changes that are not kept (yet)
 * @property {string[]} newer keys kept by a newer version of the site, left as they are
 * @property {AsideEntry[]} aside what could not be read, oldest first
 * @property {{ url: string, fileName: string } | null} download the aside entries
 *   as one JSON file (a Blob URL), or null when there are none
 */

/**
 * A change of this tab, remembered until it is seen kept: `stored` once a
 * write that held it succeeded.
 * @typedef {{ id: string, change: (current: any) => unknown, stored: boolean, time: number }} Pending
 */

const WRITER = Math.random().toString(36).slice(2, 10);
const HEAL_MS = 60_000; // how long a written change is watched for being written over
export { KEPT_FORMAT };

/** @type {Map<string, Envelope>} */
const memory = new Map();
/** @type {Map<string, Pending[]>} */
const pending = new Map();
/** @type {Map<string, Set<(value: any) => void>>} */
const watchers = new Map();
/** @type {Set<(status: KeptStatus) => void>} */
const statusWatchers = new Set();
/** @type {Map<string, UnkeptReason>} keys whose last write failed, and why */
const failed = new Map();
/** @type {Set<string>} keys never written this visit: their item is unreadable and could not be set aside, or newer */
const held = new Set();
/** @type {AsideEntry[]} */
let asideInMemory = [];
/** @type {{ url: string, fileName: string } | null} */
let download = null;
let counter = 0;

/** @type {Storage | null | undefined} */
let store;
// localStorage, or null when the browser refuses it (site data blocked).
function storage() {
  if (store !== undefined) return store;
  try {
    store = window.localStorage;
    store.getItem(ITEM_PREFIX + "log"); // a refusal may come only now
  } catch (error) {
    store = null;
  }
  return store;
}

/** @param {Storage} s */
function itemNames(s) {
  const names = [];
  for (let i = 0; i < s.length; i++) {
    const name = s.key(i);
    if (name !== null) names.push(name);
  }
  return names;
}

/** @param {unknown} error */
function isQuota(error) {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22);
}

// Keeps `text`, which could not be read as `key`, aside: in storage when it
// can be written there (and then the item is removed), else in memory, and
// the key is then never written this visit.
/**
 * @param {Storage} s
 * @param {string} key
 * @param {string} itemName
 * @param {string} text
 * @param {string} reason
 */
function setAside(s, key, itemName, text, reason) {
  const time = new Date().toISOString();
  const entry = { key, reason, time, text };
  try {
    s.setItem(ASIDE_PREFIX + time + ":" + key, JSON.stringify(entry));
    if (itemName) s.removeItem(itemName);
  } catch (error) {
    asideInMemory.push(entry);
    held.add(key);
  }
  statusChanged();
}

// The freshest value of `key` in storage, read, migrated and checked.
/**
 * @param {string} key
 * @returns {Envelope}
 */
function readFresh(key) {
  const s = storage();
  const empty = { rev: 0, applied: [], value: initialValue(key) };
  if (!s || held.has(key)) return memory.get(key) || empty;
  const name = ITEM_PREFIX + key;
  const text = s.getItem(name);
  if (text === null) return readLegacy(s, key) || empty;
  try {
    return readEnvelope(key, text);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    if (error.newer) {
      held.add(key);
      failed.set(key, "newer");
      return memory.get(key) || empty;
    }
    setAside(s, key, name, text, "Could not be read: " + error.message + ".");
    return salvaged(s, key, error);
  }
}

// What could be read of an item set aside (the valid rolls of a log), kept
// in its place when it was moved aside.
/**
 * @param {Storage} s
 * @param {string} key
 * @param {Unreadable} error
 * @returns {Envelope}
 */
function salvaged(s, key, error) {
  const envelope = { rev: 0, applied: [], value: error.salvage !== undefined ? error.salvage : initialValue(key) };
  if (error.salvage !== undefined && !held.has(key)) {
    try { s.setItem(ITEM_PREFIX + key, writeEnvelope(envelope, WRITER)); } catch (full) { /* kept at the next change */ }
  }
  return envelope;
}

// A key kept in format 0 (the site before the store), brought up to date
// and written in today's format; the old items go once it is written.
/**
 * @param {Storage} s
 * @param {string} key
 * @returns {Envelope | null}
 */
function readLegacy(s, key) {
  const names = legacyNames(key, itemNames(s));
  if (!names.length) return null;
  /** @type {{ [name: string]: string }} */
  const items = {};
  for (const name of names) items[name] = s.getItem(name) ?? "";
  let value;
  try {
    value = migrateLegacy(key, items);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    for (const name of names) setAside(s, key, name, items[name], "Could not be read: " + error.message + ".");
    return salvaged(s, key, error);
  }
  const envelope = { rev: 1, applied: [], value };
  try {
    s.setItem(ITEM_PREFIX + key, writeEnvelope(envelope, WRITER));
    for (const name of names) s.removeItem(name);
  } catch (error) { /* read again from the old items next time */ }
  return envelope;
}

/**
 * @param {string} key
 * @returns {Envelope}
 */
function slot(key) {
  let current = memory.get(key);
  if (!current) {
    current = withPending(key, readFresh(key));
    memory.set(key, current);
  }
  return current;
}

// `base` with this tab's changes that it does not hold applied on top, in order.
/**
 * @param {string} key
 * @param {Envelope} base
 * @returns {Envelope}
 */
function withPending(key, base) {
  let value = base.value;
  const applied = base.applied.slice();
  for (const change of pending.get(key) || []) {
    if (applied.includes(change.id)) continue;
    value = change.change(value);
    applied.push(change.id);
  }
  return { rev: base.rev, applied, value };
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function tell(key, value) {
  for (const listener of watchers.get(key) || []) {
    try { listener(value); } catch (error) { console.error(error); }
  }
}

/**
 * The value kept under `key`: already read, migrated and checked, with this
 * visit's changes applied; `undefined` for a party or a widget's state that
 * was never kept. The same value every time until it changes: do not
 * change it, change it with updateKept.
 * @template {KeptKey} K
 * @param {K} key
 * @returns {KeptValue<K> | undefined}
 */
export function readKept(key) {
  return /** @type {KeptValue<K> | undefined} */ (slot(key).value);
}

// Runs `task` holding the key's lock, which every tab of the site shares
// (where the browser has no locks, as on a plain-http address, in this
// tab's own order only).
/** @type {Map<string, Promise<unknown>>} */
const chains = new Map();
/**
 * @template T
 * @param {string} key
 * @param {() => T} task
 * @returns {Promise<T>}
 */
function locked(key, task) {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const run = locks ? () => locks.request(ITEM_PREFIX + key, task) : task;
  const next = (chains.get(key) || Promise.resolve()).then(run, run);
  chains.set(key, next);
  return next;
}

// Writes what this tab holds of `key` on top of the freshest stored value.
/**
 * @param {string} key
 * @returns {KeptResult}
 */
function writeNow(key) {
  const s = storage();
  if (!s) return { kept: false, reason: "refused" };
  if (held.has(key)) return { kept: false, reason: failed.get(key) === "newer" ? "newer" : "full" };
  const fresh = readFresh(key);
  const next = withPending(key, fresh);
  const mine = pending.get(key) || [];
  const changed = mine.some((change) => !fresh.applied.includes(change.id));
  const envelope = { rev: fresh.rev + 1, applied: next.applied, value: next.value };
  memory.set(key, envelope);
  if (!changed) { failed.delete(key); return { kept: true }; }
  const text = writeEnvelope(envelope, WRITER);
  /** @type {KeptResult} */
  let result = { kept: true };
  if (text.length > VALUE_MAX_CHARS) {
    result = { kept: false, reason: "too-large" };
  } else {
    try {
      s.setItem(ITEM_PREFIX + key, text);
    } catch (error) {
      result = { kept: false, reason: isQuota(error) ? "full" : "refused" };
    }
  }
  if (result.kept) {
    for (const change of mine) change.stored = true;
    failed.delete(key);
  } else if (result.reason) {
    failed.set(key, result.reason);
  }
  return result;
}

/**
 * Changes the value kept under `key` to `change(current)`, where `current`
 * is the freshest value of any tab. `change` must not change `current` (it
 * returns a new value) and may run more than once: on the value of this
 * tab at once, then on the freshest value under the lock, and again should
 * another tab write over it. The value in memory (readKept, the watchers)
 * changes at once, kept or not, so the open page works on.
 * @template {KeptKey} K
 * @param {K} key
 * @param {(current: KeptValue<K> | undefined) => KeptValue<K> | undefined} change
 * @returns {Promise<KeptResult>}
 */
export function updateKept(key, change) {
  const current = slot(key);
  const id = WRITER + "-" + (++counter).toString(36);
  const list = pending.get(key) || [];
  list.push({ id, change, stored: false, time: Date.now() });
  pending.set(key, list);
  memory.set(key, { rev: current.rev, applied: current.applied.concat([id]),
    value: change(/** @type {KeptValue<K> | undefined} */ (current.value)) });
  // Written at once, so that a page left the moment after keeps it, then
  // checked again under the lock: a write of another tab that came in
  // between without this change gets it applied on top.
  const first = writeNow(key);
  forget(key);
  tell(key, slot(key).value);
  statusChanged();
  return locked(key, () => {
    const before = JSON.stringify(slot(key).value);
    const result = first.reason === "refused" ? first : writeNow(key);
    forget(key);
    if (JSON.stringify(slot(key).value) !== before) tell(key, slot(key).value);
    if (result.kept !== first.kept) statusChanged();
    return result;
  });
}

// Drops the changes of this tab that are kept and old enough not to be
// written over any more.
/** @param {string} key */
function forget(key) {
  const now = Date.now();
  const left = (pending.get(key) || []).filter((change) => !change.stored || now - change.time < HEAL_MS);
  pending.set(key, left);
}

/**
 * Calls `listener(value)` whenever the value under `key` changes, in this
 * tab or another. Returns the function that stops it.
 * @template {KeptKey} K
 * @param {K} key
 * @param {(value: KeptValue<K> | undefined) => void} listener
 * @returns {() => void}
 */
export function watchKept(key, listener) {
  const set = watchers.get(key) || new Set();
  set.add(listener);
  watchers.set(key, set);
  return () => { set.delete(listener); };
}

/** @returns {AsideEntry[]} */
function asideEntries() {
  const s = storage();
  /** @type {AsideEntry[]} */
  const found = [];
  if (s) {
    for (const name of itemNames(s).filter((n) => n.startsWith(ASIDE_PREFIX)).sort()) {
      try {
        const entry = JSON.parse(s.getItem(name) || "null");
        if (entry && typeof entry.text === "string") {
          found.push({ key: String(entry.key), reason: String(entry.reason), time: String(entry.time), text: entry.text });
          continue;
        }
      } catch (error) { /* kept as its text below */ }
      found.push({ key: name.slice(ASIDE_PREFIX.length), reason: "Kept aside.", time: "", text: s.getItem(name) || "" });
    }
  }
  return found.concat(asideInMemory);
}

/**
 * Whether what changes now is kept beyond this visit, and what stored data
 * could not be read (set aside, with a file to download).
 * @returns {KeptStatus}
 */
export function keptStatus() {
  const s = storage();
  const aside = asideEntries();
  /** @type {{ [key: string]: number }} */
  const unkept = {};
  for (const [key, list] of pending) {
    const count = list.filter((change) => !change.stored).length;
    if (count) unkept[key] = count;
  }
  const newer = Array.from(failed).filter(([, reason]) => reason === "newer").map(([key]) => key);
  const full = Array.from(failed.values()).some((reason) => reason === "full" || reason === "too-large");
  if (aside.length && !download) {
    const day = new Date().toISOString().slice(0, 10);
    const file = { about: "Data this site kept in the browser that it could not read, as it was.", format: KEPT_FORMAT, entries: aside };
    download = {
      url: URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: "application/json" })),
      fileName: "rules-reference-set-aside-" + day + ".json",
    };
  }
  return { state: !s ? "visit-only" : full ? "full" : "kept", unkept, newer, aside,
    download: aside.length ? download : null };
}

/**
 * Calls `listener(keptStatus())` whenever it may have changed. Returns the
 * function that stops it.
 * @param {(status: KeptStatus) => void} listener
 * @returns {() => void}
 */
export function watchStatus(listener) {
  statusWatchers.add(listener);
  return () => { statusWatchers.delete(listener); };
}

function statusChanged() {
  if (download) { URL.revokeObjectURL(download.url); download = null; }
  if (!statusWatchers.size) return;
  const status = keptStatus();
  for (const listener of statusWatchers) {
    try { listener(status); } catch (error) { console.error(error); }
  }
}

/**
 * Sets the value kept under `key` aside (Python refused it whole, say) and
 * starts the key again from nothing: the value is listed and offered for
 * download like stored data that could not be read.
 * @template {KeptKey} K
 * @param {K} key
 * @param {string} reason in words, for the reader
 * @returns {Promise<KeptResult>}
 */
export function setKeptAside(key, reason) {
  const value = slot(key).value;
  const text = JSON.stringify(value === undefined ? null : value);
  const s = storage();
  if (s) {
    setAside(s, key, "", text, reason);
    if (failed.get(key) !== "newer") held.delete(key); // the copy in memory is offered instead
  } else {
    asideInMemory.push({ key, reason, time: new Date().toISOString(), text });
    statusChanged();
  }
  return updateKept(key, () => /** @type {KeptValue<K>} */ (initialValue(key)));
}

/**
 * Deletes what was set aside (the reader has downloaded it, or does not
 * want it): only by the reader's own choice.
 */
export function discardAside() {
  const s = storage();
  if (s) for (const name of itemNames(s).filter((n) => n.startsWith(ASIDE_PREFIX))) s.removeItem(name);
  asideInMemory = [];
  statusChanged();
}

// Another tab changed a key: read it afresh, with this tab's changes that it
// lacks on top; any of them that had been written (and so was written over)
// is written again.
/** @param {string} key */
function changedElsewhere(key) {
  if (!memory.has(key) || held.has(key)) return;
  const fresh = readFresh(key);
  const lost = (pending.get(key) || []).some((change) => change.stored && !fresh.applied.includes(change.id));
  memory.set(key, withPending(key, fresh));
  tell(key, slot(key).value);
  if (lost) {
    for (const change of pending.get(key) || []) if (!fresh.applied.includes(change.id)) change.stored = false;
    locked(key, () => { writeNow(key); forget(key); tell(key, slot(key).value); statusChanged(); });
  }
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    const s = storage();
    if (!s || event.storageArea !== s) return;
    if (event.key === null) { for (const key of Array.from(memory.keys())) changedElsewhere(key); statusChanged(); return; }
    if (event.key.startsWith(ITEM_PREFIX)) changedElsewhere(event.key.slice(ITEM_PREFIX.length));
    else if (event.key.startsWith(ASIDE_PREFIX)) statusChanged();
  });
}
