// Saved state of stateful widgets (a deck, say), kept in localStorage per
// page, widget and position, and sent back with the next request. Python
// validates what comes back and discards a corrupt or old state with a notice.

/**
 * @param {HTMLElement} root
 * @param {number} index
 */
export function storageKey(root, index) {
  return "rp-state:" + location.pathname + ":" + root.dataset.widget + ":" + index;
}

/**
 * @param {string} key
 * @returns {unknown}
 */
export function loadState(key) {
  let raw = null;
  try { raw = localStorage.getItem(key); } catch (error) { return null; }
  if (raw === null) return null;
  try { return JSON.parse(raw); } catch (error) { return raw; } // Python discards it with a notice
}

// null or undefined forgets the state.
/**
 * @param {string} key
 * @param {unknown} state
 */
export function saveState(key, state) {
  try {
    if (state === null || state === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(state));
  } catch (error) { /* storage full or disabled: the widget still works for this visit */ }
}
