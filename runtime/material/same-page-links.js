// Links within the page shown are left to the browser, not to Material's
// instant navigation. Material passes a location on to be fetched whenever
// its path differs from the previous one it saw, and the first it sees has
// none before it: so the first link a reader followed after a page opened
// (a heading's link, the table of contents, a roll log's Replay, a second
// share link pasted over the first) fetched the same page again and
// replaced its content. Every roller was drawn again, and what the reader
// had typed and not rolled was lost. The browser moves to a fragment in
// place and says so with `hashchange`, which the rollers and Material both
// follow (Material closes its drawer and search, and opens the details
// around the target).
// On a page with rollers these listeners come before Material's, whose
// bundle runs after the rollers (theme-later.js). On another page Material's
// bundle has run before this module, its popstate listener comes first
// (Chromium calls a window's popstate listeners in the order they were
// added, capturing or not), and the first fragment it sees is still fetched
// again: such a page has no form whose typing could be lost.

import { plainLinkClicked } from "../page/dom.js";

/** The page whose document is shown, without its fragment. */
let shown = pageOf(location.href);
/** The last page Material was asked for: another than `shown` while it fetches one. */
let wanted = shown;
/** @type {HTMLAnchorElement | null} */
let marked = null;

/** @param {string} href */
function pageOf(href) {
  const url = new URL(href, location.href);
  url.hash = "";
  return url.href;
}

/**
 * Material's click handler skips a link with a target: one within the page
 * gets `_self` (what a link does anyway) until the next click, so that a
 * click Material holds until its sitemap arrives is skipped too.
 * @param {() => void} sameFragment called for a link to the very address
 *   shown, which the browser does not announce (no hashchange)
 */
export function keepSamePageLinks(sameFragment) {
  document.addEventListener("click", (event) => {
    if (marked) {
      marked.removeAttribute("target");
      marked = null;
    }
    const link = event.defaultPrevented ? null : plainLinkClicked(event);
    if (!link || pageOf(link.href) !== shown || wanted !== shown) return;
    link.target = "_self";
    marked = link;
    if (new URL(link.href).hash === location.hash) sameFragment();
  }, true);

  // A fragment navigation or a step back or forward within the page fires
  // popstate, which Material would take as its first location. Another
  // page, or this one while Material fetches another, stays Material's (and
  // offline.js's, which loads a new version's page whole).
  window.addEventListener("popstate", (event) => {
    if (pageOf(location.href) !== shown || wanted !== shown) return;
    event.stopImmediatePropagation();
    // Once Material has set scroll restoration to manual, it restores the
    // offset it keeps in the history entry: do the same.
    const state = history.state;
    if (history.scrollRestoration === "manual" && state && typeof state.y === "number") {
      window.scrollTo(typeof state.x === "number" ? state.x : 0, state.y);
    }
  }, true);
}

/**
 * Follows the pages Material is asked for (its location$) and shows (its
 * document$, once a page is in place), once it runs.
 * @param {MaterialDocuments} documents
 * @param {MaterialLocations} locations
 */
export function followShownPage(documents, locations) {
  locations.subscribe((url) => { wanted = pageOf(url.href); });
  documents.subscribe(() => { shown = wanted = pageOf(location.href); });
}
