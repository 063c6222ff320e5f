// The catalog written at build time (assets/rp/catalog.json, exactly
// rules_py.web.catalog_json()): fetched once per tab, by start.js as early
// as the page allows, by boot.js to draw the forms.
import { CATALOG_URL } from "./paths.js";

let catalog = null; // Promise of the catalog's entries

export function loadCatalog() {
  if (!catalog) {
    catalog = fetch(CATALOG_URL).then((response) => {
      if (!response.ok) throw new Error("the server answered " + response.status);
      return response.json();
    });
    catalog.catch(() => { catalog = null; }); // the next try fetches again
  }
  return catalog;
}

// True once a fetch has begun and not failed.
export function catalogAsked() {
  return catalog !== null;
}
