// The site offline: registers the service worker (sw.js at the site's root,
// written by runtime/build/offline.py) once the page and the roller have
// started, so its downloads never compete with the reader's first visit. When
// a new version of the site has been cached, a banner offers a reload; the
// new version is only used after that reload (no mix of versions on a page).
// On the first visit, it also has the roller's worker run once from the
// service worker's cache, so that the next visit starts sooner.
import { el, whenIdle } from "../page/dom.js";
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
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    // Another tab chose the new version: this page is still the old one.
    else if (registration.active && document.querySelector("[data-rp-had-controller]")) {
      showBanner(null, "This site was updated in another tab. Reload to use the new version.");
    }
  });
  if (navigator.serviceWorker.controller) document.documentElement.setAttribute("data-rp-had-controller", "");
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
