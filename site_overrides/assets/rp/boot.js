// Entry of the widget runtime, loaded as a module on every page. Mounts each
// widget root of the page (<div class="rp-widget" data-widget=...>, written by
// the `widget` macro) once the worker has sent the catalog. Runs again after
// each of Material's instant navigations (document$); the worker link is a
// module, so the one worker of the tab survives them. Pages without a widget
// never start Pyodide.
import { startRuntime } from "./worker-link.js";
import { Widget } from "./widget.js";
import { mountLog } from "./roll-log.js";
import { readFragment } from "./share.js";

// The worker's start-up steps, shown by every widget still loading.
function showProgress(text) {
  document.querySelectorAll('.rp-widget[data-state="loading"] [data-role="status"]').forEach(
    (node) => { node.textContent = text; });
}

function fail(root, message) {
  root.dataset.state = "failed";
  const status = root.querySelector('[data-role="status"]');
  if (status) {
    status.textContent = message;
    status.classList.add("rp-status-failed");
  }
}

// A share link (#roll=...) replays its roll in the first widget of its name
// on the page; a damaged one is told in the first widget.
function replayFromAddress(mounted) {
  const roll = readFragment(location.hash);
  if (!roll) return;
  const roots = Array.from(document.querySelectorAll('.rp-widget[data-state="ready"]'));
  if (roll.error) {
    if (roots[0] === mounted && mounted.rpWidget) mounted.rpWidget.showError({ field: null, message: roll.error });
    return;
  }
  const target = roots.find((root) => root.dataset.widget === roll.widget);
  if (target === mounted && mounted.rpWidget) mounted.rpWidget.replayLink(roll.request);
}

function mountAll() {
  mountLog();
  const roots = Array.from(document.querySelectorAll(".rp-widget:not([data-mounted])"));
  if (!roots.length) return;
  const rt = startRuntime(showProgress);
  roots.forEach((root, index) => {
    root.setAttribute("data-mounted", "");
    root.dataset.state = "loading";
    rt.ready.then((catalog) => {
      const spec = catalog.find((w) => w.name === root.dataset.widget);
      if (!spec) {
        fail(root, "This page asks for a roller that does not exist: " + root.dataset.widget + ".");
        return;
      }
      new Widget(root, spec, index);
      replayFromAddress(root);
    }, (error) => {
      fail(root, error.message);
    });
  });
}

// The roll log's Replay of a roll on this same page changes only the address's fragment.
window.addEventListener("hashchange", () => {
  const roots = document.querySelectorAll('.rp-widget[data-state="ready"]');
  roots.forEach((root) => replayFromAddress(root));
});

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(mountAll); // Material: runs again after each instant navigation
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll);
} else {
  mountAll();
}
