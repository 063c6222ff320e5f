// Material's own script (its bundle) on a page with rollers: started after
// the rollers, not with the page. Its start-up (about 140 ms of the page's
// thread on a slow phone: evaluating the bundle, then its DOMContentLoaded
// work) would share the processor with Python's start, just when the reader
// waits for a first roll. The build step runtime/build/roller_pages.py
// replaces the bundle's <script> on such pages with a preload carrying
// `data-rp-theme-later`, so its bytes still arrive with the page; this
// module runs it at the first of:
// - the reader's first press has been answered (or the runtime has failed),
//   then at idle. Not as soon as Python is ready: on a returning reader's
//   visit it is ready before the first press, and Material's start then took
//   the page's thread just when the press came (786 ms of it, in a trace of a
//   warm visit with the processor slowed 4x: the first roll waited for it);
// - the reader touches, clicks, types or moves focus outside the rollers
//   (the header, the navigation, the search box);
// - LATEST_MS after the page's load event, whatever Python does.
// Material builds the page's behaviour on DOMContentLoaded, which has passed
// by then: the event is sent again once the bundle has run (the site's own
// modules listen to it only while the page is still loading). Elsewhere the
// bundle is a plain <script> that has run before this module: nothing to do.
import { whenIdle } from "../page/dom.js";
import { onFirstAnswer } from "../page/worker-link.js";

const LATEST_MS = 2000;
const READER_EVENTS = ["pointerdown", "keydown", "focusin"];

let started = null; // the promise of Material's start, once asked for

function materialRunning() {
  return Boolean(window.document$ && typeof window.document$.subscribe === "function");
}

/**
 * @param {HTMLLinkElement} link
 * @returns {Promise<void>}
 */
function runBundle(link) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = link.href;
    script.addEventListener("load", () => {
      document.dispatchEvent(new Event("DOMContentLoaded"));
      resolve();
    }, { once: true });
    script.addEventListener("error", () => reject(new Error("Material's script did not load.")), { once: true });
    document.body.appendChild(script);
  });
}

// Resolves once Material runs (window.document$ exists): at once where it
// was not held back, else when startTheme() has run it.
let announceStart = () => {};
/** @type {Promise<void>} */
export const themeStarted = new Promise((resolve) => { announceStart = resolve; });
if (materialRunning()) announceStart();

export function startTheme() {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[data-rp-theme-later]"));
  started ??= materialRunning() || !link ? Promise.resolve()
    : runBundle(link).catch((error) => console.error(error.message));
  return started.then(() => { if (materialRunning()) announceStart(); });
}

// Schedules Material's start on a page where the hook held it back.
export function startThemeAfterRollers() {
  if (!document.querySelector("link[data-rp-theme-later]") || materialRunning()) return;
  const go = () => {
    READER_EVENTS.forEach((name) => document.removeEventListener(name, outsideRollers, true));
    startTheme();
  };
  /** @param {Event} event */
  const outsideRollers = (event) => {
    if (!(event.target instanceof Element && event.target.closest(".rp-widget"))) go();
  };
  READER_EVENTS.forEach((name) => document.addEventListener(name, outsideRollers, true));
  onFirstAnswer(() => whenIdle(go, 500, 50));
  const latest = () => setTimeout(go, LATEST_MS);
  if (document.readyState === "complete") latest();
  else window.addEventListener("load", latest, { once: true });
}
