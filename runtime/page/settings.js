// The reader's settings, kept through the one store (store.js, key
// "settings"): a setting absent or unreadable takes its default, and another
// tab's change is heard through the store's watch.

import { readKept, updateKept, watchKept } from "./store.js";

/** @typedef {{ inlineRolls: boolean }} Settings */

/** @type {Readonly<Settings>} */
const DEFAULTS = Object.freeze({ inlineRolls: true });

/** @returns {Settings} */
export function readSettings() {
  /** @type {Settings} */
  const settings = Object.assign({}, DEFAULTS);
  const kept = readKept("settings");
  if (kept && typeof kept.inlineRolls === "boolean") settings.inlineRolls = kept.inlineRolls;
  return settings;
}

// Keeps one setting; this page and the others hear it at once. Resolves to
// false when the browser would not keep it: the setting then lasts for this
// visit only, and the caller says so.
/**
 * @template {keyof Settings} K
 * @param {K} name
 * @param {Settings[K]} value
 * @returns {Promise<boolean>}
 */
export async function writeSetting(name, value) {
  const result = await updateKept("settings", (current) => Object.assign({}, current, { [name]: value }));
  return result.kept;
}

/** @param {(settings: Settings) => void} listener */
export function onSettingsChange(listener) {
  watchKept("settings", () => listener(readSettings()));
}
