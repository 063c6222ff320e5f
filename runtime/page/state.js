// Saved state of stateful widgets (a deck, say), kept by page/store.js per
// page, widget and position, and sent back with the next request. Python
// validates what comes back and discards a corrupt or old state with a notice.
import { readKept, setKeptAside, updateKept } from "./store.js";

/** @typedef {`state:${string}`} StateKey */

/**
 * @param {HTMLElement} root
 * @param {number} index
 * @returns {StateKey}
 */
export function storageKey(root, index) {
  return `state:${location.pathname}:${root.dataset.widget}:${index}`;
}

/**
 * The state as this tab last saw it (kept or not: storage refused or full,
 * the widget goes on from its last move).
 * @param {StateKey} key
 * @returns {unknown}
 */
export function loadState(key) {
  const state = readKept(key);
  return state === undefined ? null : state;
}

// null or undefined forgets the state.
/**
 * @param {StateKey} key
 * @param {unknown} state
 */
export function saveState(key, state) {
  return updateKept(key, () => (state === null ? undefined : state));
}

// A state Python refuses whole: set aside (offered for download where the
// roll log is), and the widget starts again from nothing.
/**
 * @param {StateKey} key
 * @param {string} reason
 */
export function setStateAside(key, reason) {
  return setKeptAside(key, reason);
}
