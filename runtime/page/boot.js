// Entry of the widget runtime, loaded as a module on every page (the build
// bundles it with every module it imports: runtime/build/bundles.py). Draws each
// widget root of the page (<div class="rp-widget" data-widget=... data-spec=...>,
// written by the `widget` macro with the widget's catalog entry) at once,
// while the worker starts; a press before Python is ready waits in the queue
// of worker-link.js and is answered when it is. The first page is drawn as
// soon as this module runs (the page is parsed by then), ahead of Material's
// own start-up work; then again after each of Material's instant navigations
// (document$); the modules, and so the one worker of the tab, survive them.
// Text pages start no worker at open (their dice in the text start it on
// the first tap); they warm it at idle once the service worker holds the
// site, unless the reader asked to save data.
// On a page with rollers, Material's own script starts after the rollers
// (theme-later.js).
import { el, whenIdle } from "./dom.js";
import { onRuntimeStatus, retryRuntime, runtimeStatus, startRuntime } from "./worker-link.js";
import { Widget } from "./widget.js";
import { registerOffline } from "../offline/offline.js";
import { holdSearchForRollers } from "../material/search-hold.js";
import { mountLog } from "./roll-log.js";
import { mountParty } from "./party/panel.js";
import { fillFromParty } from "./party/roller.js";
import { wireFoeButtons } from "./party/bestiary.js";
import { readFragment } from "./share.js";
import { startThemeAfterRollers, themeStarted } from "../material/theme-later.js";
import { followShownPage, keepSamePageLinks } from "../material/same-page-links.js";
import { keyboardScrollableTables } from "./scroll-regions.js";
import { mountInlineRolls, replayInlineFromAddress, settingSwitch } from "./inline-rolls.js";

/** @import { RuntimeStatus } from "./worker-link.js" */

/** @type {WeakMap<Element, Widget>} */
const widgets = new WeakMap(); // root -> Widget

/** @param {() => void} task */
const idle = (task) => whenIdle(task, 2000, 200);

// The status line and "Try again" button under a widget.
/**
 * @param {HTMLElement} root
 * @returns {{ status: HTMLElement, retry: HTMLElement }}
 */
function statusNodes(root) {
  /** @type {HTMLElement | null} */
  let status = root.querySelector(':scope > [data-role="status"]');
  if (!status) {
    status = el("p", { className: "rp-status", "data-role": "status", role: "status" });
    root.appendChild(status);
  }
  /** @type {HTMLElement | null} */
  let retry = root.querySelector(':scope > [data-role="retry"]');
  if (!retry) {
    const button = el("button", { type: "button", className: "md-button rp-button rp-retry", "data-role": "retry", text: "Try again" });
    button.hidden = true;
    button.addEventListener("click", () => {
      button.hidden = true;
      retryRuntime();
    });
    root.appendChild(button);
    retry = button;
  }
  return { status, retry };
}

// "Roll" reads "Roll (starting…)" until Python is ready.
/**
 * @param {HTMLElement} root
 * @param {boolean} starting
 */
function markButtons(root, starting) {
  root.querySelectorAll(".rp-actions button").forEach((button) => {
    let note = button.querySelector(".rp-starting");
    if (starting && !note) button.appendChild(el("span", { className: "rp-starting", text: " (starting\u2026)" }));
    if (!starting && note) note.remove();
  });
}

// Shows the runtime's state on one widget root.
/**
 * @param {HTMLElement} root
 * @param {RuntimeStatus} status
 */
function showStatus(root, status) {
  const { status: line, retry } = statusNodes(root);
  const widget = widgets.get(root); // undefined until its form is drawn
  line.classList.toggle("rp-status-failed", status.state === "failed" || status.state === "lost");
  retry.hidden = status.state !== "failed";
  if (status.state === "ready") {
    line.textContent = "";
    line.hidden = true;
  } else {
    line.hidden = false;
    line.textContent = status.state === "starting" ? status.progress
      : status.state === "failed" ? status.message + " The rules on this page still work."
      : status.message;
  }
  if (status.state === "failed") root.dataset.state = "failed";
  else if (widget) root.dataset.state = status.state === "ready" ? "ready" : "starting";
  else root.dataset.state = "loading";
  // A label that changes the button's width waits for a button held down (see Widget.afterRelease).
  if (widget) widget.afterRelease(() => markButtons(root, status.state === "starting" || status.state === "lost"));
}

function mountedRoots() {
  return Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rp-widget[data-mounted]")));
}

onRuntimeStatus((status) => {
  for (const root of mountedRoots()) {
    // A root that cannot be drawn keeps its own failure, whatever the runtime does.
    if (widgets.has(root)) showStatus(root, status);
  }
  if (status.state === "ready") {
    // Odds previews come after the page settles, so none delays a first roll.
    idle(() => {
      for (const root of mountedRoots()) {
        const widget = widgets.get(root);
        if (widget && !widget.previewed) {
          widget.previewed = true;
          widget.scheduleAuto(0);
        }
      }
    });
  }
});

// A share link (#roll=...) replays its roll in the first widget of its name
// on the page; a damaged one, or one for a roller this page does not have,
// is told in the first widget. A replay sent before Python is ready waits in
// the queue like any press. A link for a roller with a saved state (a deck,
// a round tracker) would replace it: the reader is asked first (widget.js).
/** @param {HTMLElement} mounted */
function replayFromAddress(mounted) {
  const roll = readFragment(location.hash);
  const widget = widgets.get(mounted);
  if (!roll || !widget) return;
  // Every roller of the page, drawn yet or not (they are drawn in order).
  const roots = Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rp-widget")))
    .filter((root) => specOf(root));
  if ("error" in roll) {
    if (roots[0] === mounted) widget.reportLink(roll.error);
    return;
  }
  const target = roots.find((root) => root.dataset.widget === roll.widget);
  if (!target) {
    if (roots[0] === mounted) {
      widget.reportLink("This roll link is for the roller \"" + roll.widget + "\", which is not on this page: " +
        "nothing was rolled. Open the link on the page it came from.");
    }
    return;
  }
  if (target !== mounted) return;
  // A roller with a saved state (a deck, a round tracker) shows the link's
  // result and asks before the link's state replaces the one kept here.
  widget.replayLink(roll.request, widget.spec.stateful && widget.loadState() !== null);
}
// A link within the page (the roll log's Replay of a roll made here, a share
// link pasted over this one) changes only the address's fragment; a link to
// the very address shown changes nothing, and is replayed all the same.
function replayAllFromAddress() {
  replayInlineFromAddress();
  /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rp-widget")).forEach((root) => {
    if (widgets.has(root)) replayFromAddress(root);
  });
}
window.addEventListener("hashchange", replayAllFromAddress);
keepSamePageLinks(replayAllFromAddress);

// The widget's catalog entry, as the macro wrote it into the root.
/**
 * @param {HTMLElement} root
 * @returns {import("./forms.js").WidgetSpec | null}
 */
function specOf(root) {
  try {
    const spec = JSON.parse(root.dataset.spec || "null");
    return spec && spec.name === root.dataset.widget ? spec : null;
  } catch (error) {
    return null;
  }
}

/**
 * @param {HTMLElement} root
 * @param {number} index
 */
function draw(root, index) {
  const spec = specOf(root);
  if (!spec) {
    showStatus(root, { state: "failed", message: "This page asks for a roller it does not describe: " + root.dataset.widget + "." });
    statusNodes(root).retry.hidden = true;
    return;
  }
  const widget = new Widget(root, spec, index);
  widgets.set(root, widget);
  fillFromParty(widget);
  const status = runtimeStatus();
  showStatus(root, status || { state: "starting", progress: "Starting the roller\u2026" });
  if (status && status.state === "ready") {
    widget.previewed = true;
    idle(() => widget.scheduleAuto(0));
  }
  replayFromAddress(root);
}

function mountAll() {
  mountLog();
  const about = document.querySelector("#rp-roll-log .rp-log-about");
  if (about && !document.querySelector('#rp-roll-log [data-role="inline-rolls-setting"]')) about.after(settingSwitch());
  mountInlineRolls();
  replayInlineFromAddress();
  mountParty();
  wireFoeButtons();
  const roots = Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rp-widget")));
  if (!roots.length) {
    // A text page loads no Python at open: its dice start it on the first
    // tap. Once the service worker holds the site (no download), it is
    // warmed when the browser is idle, unless the reader asked to save data.
    const connection = navigator.connection;
    if (connection && connection.saveData) return;
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    const warm = () => idle(() => { if (!runtimeStatus()) startRuntime(); });
    if (document.readyState === "complete") warm();
    else window.addEventListener("load", warm, { once: true });
    return;
  }
  // A widget page: start now (a failed runtime is started afresh).
  const status = runtimeStatus();
  if (status && status.state === "failed") retryRuntime(); else startRuntime();
  roots.forEach((root, index) => {
    if (root.hasAttribute("data-mounted") || !root.isConnected) return;
    root.setAttribute("data-mounted", "");
    draw(root, index);
  });
}

// The page is parsed when a module runs: draw now, not after Material's own
// start-up work (document$ gives this document once Material runs, then each
// page of an instant navigation).
if (document.readyState !== "loading") mountAll();
else document.addEventListener("DOMContentLoaded", mountAll, { once: true });
themeStarted.then(() => {
  followShownPage(window.document$, window.location$);
  let skip = true; // its first value is this document, drawn above
  window.document$.subscribe(() => {
    if (skip) skip = false; else mountAll();
  });
});
// Printing opens every collapsed example (print.css opens them too where the
// browser knows details::details-content), and closes them again after.
window.addEventListener("beforeprint", () => {
  document.querySelectorAll("article details:not([open])").forEach((details) => {
    /** @type {HTMLDetailsElement} */ (details).open = true;
    details.setAttribute("data-rp-print-opened", "");
  });
});
window.addEventListener("afterprint", () => {
  document.querySelectorAll("details[data-rp-print-opened]").forEach((details) => {
    /** @type {HTMLDetailsElement} */ (details).open = false;
    details.removeAttribute("data-rp-print-opened");
  });
});
startThemeAfterRollers();
registerOffline();
holdSearchForRollers();
keyboardScrollableTables();

// The worker link's state, for the tests and the debugger: the bundle holds
// the page's one instance of worker-link.js.
export { currentWorker, interruptedCalls, requestInFlight } from "./worker-link.js";
