// The site offline: registers the service worker (sw.js at the site's root,
// written by runtime/build/offline.py) once the page and the roller have
// started, so its downloads never compete with the reader's first visit. When
// a new version of the site has been cached, a banner offers a reload; the
// new version is only used after that reload (no mix of versions on a page;
// a page left behind by another tab's reload moves with its next navigation).
// On the first visit, it also has the roller's worker run once from the
// service worker's cache, so that the next visit starts sooner.
import { el, plainLinkClicked, whenIdle } from "../page/dom.js";
import { onRuntimeStatus, runSpareWorker, runtimeStatus } from "../page/worker-link.js";
import { themeStarted } from "../material/theme-later.js";

const SITE_ROOT = new URL("../../../", import.meta.url);
let registered = false;
let reloading = false;

/** @param {() => void} run */
function whenSettled(run) {
  // After the page's load and the runtime's start (or at once where there is no runtime).
  const afterLoad = () => {
    let done = false;
    const go = () => { if (!done) { done = true; run(); } };
    const stop = onRuntimeStatus((status) => {
      if (status.state === "ready" || status.state === "failed") go();
    });
    if (!document.querySelector(".rp-widget")) go();
    if (done && stop) stop();
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

/**
 * @param {ServiceWorker | null} waiting
 * @param {string} text
 */
function showBanner(waiting, text) {
  if (document.querySelector(".rp-update")) return;
  const button = el("button", { type: "button", className: "md-button md-button--primary rp-button", text: "Reload" });
  const later = el("button", { type: "button", className: "md-button rp-button", text: "Not now" });
  const banner = el("div", { className: "rp-update md-typeset", role: "region", "aria-label": "Site update" }, [
    el("p", { text }), button, later,
  ]);
  button.addEventListener("click", () => {
    button.disabled = true;
    reloading = true;
    if (waiting) waiting.postMessage({ type: "use-new-version" }); // it takes over, then we reload
    else location.reload();
  });
  later.addEventListener("click", () => banner.remove());
  document.body.appendChild(banner);
}

// Once another tab has moved the site to a new version, this page is stale:
// its JavaScript and Python are the old version's, and the service worker
// now gives the new version's pages. Material's instant navigation would put
// such a page under this page's old scripts, so from then on a link to
// another page, and a move back or forward to one, is a full load of the new
// version. Both are heard in the capture phase on window, before Material's
// listeners (a click on document.body, popstate on window, both without
// capture), which then never hear them; the browser follows the link as a
// plain one. The page side is where this can be decided: the service worker
// could only refuse an old page's fetches by keeping a record of each tab's
// version that outlives its own restarts, and Material would then load the
// page fully only after a failed fetch.
function leaveFullyWhenStale() {
  const here = location.pathname; // the page shown: no instant navigation follows
  window.addEventListener("click", (event) => {
    const link = plainLinkClicked(event);
    if (!link) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname === here) return; // this page: no fetch
    event.stopImmediatePropagation();
  }, true);
  window.addEventListener("popstate", (event) => {
    if (location.pathname === here) return;
    event.stopImmediatePropagation();
    location.reload(); // the address is already the one moved to
  }, true);
}

/** @param {ServiceWorkerRegistration} registration */
function watchForUpdates(registration) {
  /** @param {ServiceWorker} worker */
  const offer = (worker) => showBanner(worker,
    "A new version of this site is ready. Reload to use it.");
  // A version waiting while this page runs the one before.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "installed" && navigator.serviceWorker.controller) offer(incoming);
    });
  });
  // The first version taking this page (from the network) is no change of version.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) {
      location.reload();
    } else if (controlled && registration.active && !document.documentElement.dataset.rpStale) {
      // Another tab chose the new version: this page is still the old one.
      document.documentElement.dataset.rpStale = "true";
      leaveFullyWhenStale();
      // An offer of that version, made while it waited, can no longer be taken: replaced.
      document.querySelector(".rp-update")?.remove();
      showBanner(null, "This site was updated in another tab. Reload to use the new version.");
    }
    controlled = true;
  });
  // Each instant navigation is a good moment to look for a new version.
  themeStarted.then(() => window.document$.subscribe(() => registration.update().catch(() => {})));
}

// The first visit: once the service worker has cached the site and taken
// this page, one spare run of the roller's worker from its cache, at idle,
// so that the next visit finds Chrome's compiled code (see runSpareWorker).
// Only where this page's own Python is ready (a text page of a reader who
// asked to save data never starts it) and only once; the html element's
// data-rp-spare-run tells the outcome ("answered" or "failed").
function runSpareWorkerOnceControlled() {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const status = runtimeStatus();
    if (!status || status.state !== "ready" || document.documentElement.dataset.rpSpareRun) return;
    document.documentElement.dataset.rpSpareRun = "running";
    whenIdle(() => runSpareWorker().then((answered) => {
      document.documentElement.dataset.rpSpareRun = answered ? "answered" : "failed";
    }), 5000, 1000);
  }, { once: true });
}

export function registerOffline() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  whenSettled(() => {
    if (!navigator.serviceWorker.controller) runSpareWorkerOnceControlled();
    navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.pathname })
      .then(watchForUpdates)
      .catch((error) => console.warn("Offline use is not available:", error.message));
  });
}
