// The party's catalog (rules_py.web.party_catalog): every game's sheet, its
// events and the bestiary, written by the build as assets/rp/party-catalog.json
// and fetched once, when the party is first shown or used.

/**
 * A sheet's field: a widget's field (forms.js), or a list of values or of
 * small records.
 * @typedef {import("../forms.js").FieldSpec & { at_most?: string }} ScalarField
 * @typedef {{ name: string, label: string, kind: "list", help?: string, default: unknown[],
 *   max_items: number, item?: ScalarField, record?: ScalarField[], distinct?: boolean,
 *   shown_when?: { [field: string]: string[] } }} ListField
 * @typedef {ScalarField | ListField} SheetField
 * @typedef {{ name: string, label: string, fields: import("../forms.js").FieldSpec[], random: boolean }} EventSpec
 * @typedef {{ key: string, title: string, fields: SheetField[],
 *   derived: { name: string, label: string, rule: string }[], events: EventSpec[], notes: string[] }} GameSpec
 * @typedef {{ version: number, games: GameSpec[],
 *   bestiary: { game: string, name: string, anchor: string, statline: string }[],
 *   limits: { party: number, changes: number } }} PartyCatalog
 */

const ADDRESS = new URL("../../party-catalog.json", import.meta.url);

/** @type {Promise<PartyCatalog> | null} */
let loading = null;
/** @type {PartyCatalog | null} */
let loaded = null;

/** @returns {Promise<PartyCatalog>} */
export function partyCatalog() {
  if (!loading) {
    loading = fetch(ADDRESS).then((response) => {
      if (!response.ok) throw new Error("The party's sheets could not be loaded (" + response.status + ").");
      return response.json();
    }).then((catalog) => { loaded = catalog; return catalog; },
      (error) => { loading = null; throw error; });
  }
  return loading;
}

// The catalog if it has come already (for words only: a game's title).
export function catalogNow() {
  return loaded;
}

/** @param {string} key */
export function gameTitle(key) {
  const game = loaded && loaded.games.find((g) => g.key === key);
  return game ? game.title : key;
}

/**
 * A field's label in a game's sheet, or its name.
 * @param {string} gameKey
 * @param {string} field
 */
export function fieldLabel(gameKey, field) {
  const game = loaded && loaded.games.find((g) => g.key === gameKey);
  const found = game && game.fields.find((f) => f.name === field);
  return found ? found.label : field;
}
