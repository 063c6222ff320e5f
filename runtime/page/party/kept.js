// The party as this browser keeps it, under the store's key "party":
// { party: {version, members}, actor: id | null, target: id | null }. The
// members are the JSON Python gave (party.new, party.apply, ...); every member
// that leaves this module for Python is read there like typed input.
import { readKept, updateKept, watchKept } from "../store.js";

export const KEY = "party";

/** @typedef {{ [field: string]: unknown, id: string, name: string, game: string }} Member */
/** @typedef {{ party: { version: number, members: Member[] }, actor: string | null, target: string | null }} Kept */

/**
 * The kept party in its shape, whatever storage holds (storage is the
 * reader's: a value of another shape counts as no party here, and Python
 * refuses a bad member when it is used).
 * @param {unknown} raw
 * @returns {Kept}
 */
export function partyOf(raw) {
  /** @type {Kept} */
  const empty = { party: { version: 1, members: [] }, actor: null, target: null };
  if (!raw || typeof raw !== "object") return empty;
  const kept = /** @type {{ [key: string]: unknown }} */ (raw);
  const party = /** @type {{ [key: string]: unknown } | null} */ (kept.party && typeof kept.party === "object" ? kept.party : null);
  const listed = party && Array.isArray(party.members) ? party.members : [];
  const members = /** @type {Member[]} */ (listed.filter((m) => m && typeof m === "object" &&
    typeof m.id === "string" && typeof m.name === "string" && typeof m.game === "string"));
  const ids = new Set(members.map((m) => m.id));
  /** @param {unknown} id */
  const chosen = (id) => typeof id === "string" && ids.has(id) ? id : null;
  const version = party && typeof party.version === "number" ? party.version : 1;
  return { party: { version, members }, actor: chosen(kept.actor), target: chosen(kept.target) };
}

/** @returns {Kept} */
export function currentParty() {
  return partyOf(readKept(KEY));
}

/**
 * @param {string | null} id
 * @returns {Member | null}
 */
export function memberById(id) {
  if (!id) return null;
  return currentParty().party.members.find((m) => m.id === id) || null;
}

// The members a roll is made with: the one who acts and the one targeted.
export function atTable() {
  const kept = currentParty();
  return { actor: memberById(kept.actor), target: memberById(kept.target) };
}

// Why a change was not kept beyond this visit, in words (the store's reasons).
/** @type {{ [reason: string]: string }} */
export const UNKEPT = {
  refused: "This browser keeps nothing for this site (private mode, or site data blocked): the party lasts for this visit only.",
  full: "This browser's storage for the site is full: the change lasts for this visit only. Export the party to keep it.",
  "too-large": "The party is too large to keep in this browser: the change lasts for this visit only. Export the party to keep it.",
  newer: "A newer version of the site keeps the party in another tab: the change lasts for this visit only. Reload to use it.",
};

/**
 * Read-modify-write of the kept party (the store makes it safe across tabs:
 * `change` may run more than once, on the freshest value, and returns a new
 * value without changing the one it is given).
 * @param {(kept: Kept) => Kept} change
 * @returns {Promise<{ kept: Kept, reason?: string }>}
 */
export function changeParty(change) {
  return updateKept(KEY, (raw) => change(partyOf(raw)))
    .then((answer) => ({ kept: currentParty(), reason: answer.kept ? undefined : UNKEPT[answer.reason || "refused"] }));
}

/** @param {(kept: Kept) => void} listener */
export function onParty(listener) {
  watchKept(KEY, (raw) => listener(partyOf(raw)));
}

/**
 * The same member JSON (key order aside)?
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = /** @type {{ [k: string]: unknown }} */ (a);
  const rb = /** @type {{ [k: string]: unknown }} */ (b);
  return ka.every((k) => k in rb && sameJson(ra[k], rb[k]));
}
