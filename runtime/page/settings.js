// The reader's settings, kept in this browser. One accessor for all of them,
// so that where they are stored is decided here only: today one localStorage
// key holding a JSON object; a setting absent or unreadable takes its default.
// Another tab's change is heard through the storage event.

const KEY = "rp-settings";

/** @typedef {{ inlineRolls: boolean }} Settings */

/** @type {Readonly<Settings>} */
const DEFAULTS = Object.freeze({ inlineRolls: true });

/** @type {Set<(settings: Settings) => void>} */
const listeners = new Set();

/** @returns {Settings} */
export function readSettings() {
  /** @type {Settings} */
  const settings = Object.assign({}, DEFAULTS);
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (stored && typeof stored === "object" && typeof stored.inlineRolls === "boolean") {
      settings.inlineRolls = stored.inlineRolls;
    }
  } catch (error) { /* unreadable or disabled storage: the defaults */ }
  return settings;
}

// Stores one setting and tells this page's listeners (other tabs hear the
// storage event). Returns false when the browser refused to store it: the
// setting then lasts for this page only, and the caller says so.
/**
 * @template {keyof Settings} K
 * @param {K} name
 * @param {Settings[K]} value
 * @returns {boolean}
 */
export function writeSetting(name, value) {
  const settings = readSettings();
  settings[name] = value;
  let stored = true;
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch (error) {
    stored = false;
  }
  for (const listener of listeners) listener(settings);
  return stored;
}

/** @param {(settings: Settings) => void} listener */
export function onSettingsChange(listener) {
  listeners.add(listener);
}

window.addEventListener("storage", (event) => {
  if (event.key !== KEY && event.key !== null) return;
  const settings = readSettings();
  for (const listener of listeners) listener(settings);
});
