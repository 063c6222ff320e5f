// The roll log: every random result of every widget of the site, kept in this
// browser (page/store.js, newest first, at most MAX_ENTRIES), shown in a panel
// that every page has, by keyboard too. The words of an entry (inputs, result
// in one line) come from Python; this module only stores and shows them.
import { copyText, el, freshId } from "./dom.js";
import { LOG_MAX } from "./store-format.js";
import { keptStatus, readKept, updateKept, watchKept, watchStatus } from "./store.js";
import { keptStatusLine } from "./kept-status.js";

/** @typedef {import("./store-format.js").Entry} Entry */

export const MAX_ENTRIES = LOG_MAX;

/**
 * The entries, newest first (this visit's, should storage keep nothing).
 * @returns {Entry[]}
 */
export function loadEntries() {
  return readKept("log") || [];
}

/** @param {Entry} entry */
export function addEntry(entry) {
  return updateKept("log", (entries) => [entry].concat(entries || []).slice(0, MAX_ENTRIES));
}

export function clearEntries() {
  return updateKept("log", () => []);
}

/** @param {number} n */
function pad(n) { return String(n).padStart(2, "0"); }

// Local time as 2026-01-31 18:05:09.
/** @param {string} iso */
export function timeText(iso) {
  const t = new Date(iso);
  if (isNaN(t.getTime())) return String(iso);
  return t.getFullYear() + "-" + pad(t.getMonth() + 1) + "-" + pad(t.getDate()) + " " +
    pad(t.getHours()) + ":" + pad(t.getMinutes()) + ":" + pad(t.getSeconds());
}

// One entry as plain text, as "Copy" puts it on the clipboard.
/** @param {Entry} entry */
export function entryText(entry) {
  return [
    timeText(entry.time) + "  " + entry.title + " (" + entry.pageTitle + ")",
    "Inputs: " + (entry.inputs || "defaults"),
    "Result: " + entry.summary,
    "Seed: " + entry.seed,
    "Link: " + entry.link,
  ].join("\n");
}

// A result as "Copy result" puts it on the clipboard: the entry without its time.
/** @param {Entry} entry */
export function resultText(entry) {
  return entryText(entry).split("\n").slice(1).join("\n").replace(/^/, entry.title + "\n");
}

/** @param {Entry[]} entries */
export function logText(entries) {
  return entries.map(entryText).join("\n\n");
}

// ------------------------------------------------------------------ the panel

/**
 * The panel's nodes, once mounted.
 * @type {{ panel: HTMLElement, heading: HTMLElement, list: HTMLElement, toggle: HTMLElement,
 *   status: HTMLElement, empty: HTMLElement, about: HTMLElement, kept: HTMLElement } | null}
 */
let log = null;

/** @param {Entry} entry */
function entryNode(entry) {
  const copyStatus = el("span", { className: "rp-copy-status", role: "status" });
  const fallback = el("pre", { className: "rp-copy-text", hidden: true });
  const copy = el("button", { type: "button", className: "rp-link-button", "data-role": "copy-entry",
    text: "Copy", "aria-label": "Copy this roll as text" });
  copy.addEventListener("click", () => {
    fallback.textContent = entryText(entry);
    copyText(entryText(entry), fallback, copyStatus);
  });
  const replay = el("a", { href: entry.link, className: "rp-log-replay", "data-role": "replay-entry",
    text: "Replay", "aria-label": "Replay this roll on its page" });
  return el("li", { className: "rp-log-entry", "data-role": "roll-log-entry" }, [
    el("p", { className: "rp-log-head" }, [
      el("time", { datetime: entry.time, text: timeText(entry.time) }), " ",
      el("a", { href: entry.page, text: entry.title + " \u2014 " + entry.pageTitle }),
    ]),
    el("p", { className: "rp-log-result", text: entry.summary }),
    el("p", { className: "rp-log-inputs", text: entry.inputs || "Default inputs" }),
    el("p", { className: "rp-log-seed" }, ["Seed ", el("code", { text: String(entry.seed) })]),
    el("p", { className: "rp-log-tools" }, [replay, copy, copyStatus, fallback]),
  ]);
}

export function renderLog() {
  if (!log) return;
  const entries = loadEntries();
  log.list.replaceChildren(...entries.map(entryNode));
  log.toggle.textContent = "Roll log (" + entries.length + ")";
  log.empty.hidden = entries.length > 0;
  renderStatus();
}

// What storage does with the rolls: one line under the panel's heading when
// anything is not as it should be (see kept-status.js).
function renderStatus() {
  if (!log) return;
  const status = keptStatus();
  log.about.textContent = "Every roll made in this browser, newest first (the last " + MAX_ENTRIES + ")." +
    (status.state === "visit-only" ? "" : " Kept on this device only.");
  keptStatusLine(log.kept, status);
}

/** @param {boolean} open */
function setOpen(open) {
  if (!log) return;
  log.panel.hidden = !open;
  log.toggle.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) log.heading.focus();
}

// The panel and its button, once per page (again after an instant navigation
// if the page was replaced), at the end of the body.
export function mountLog() {
  if (log && document.body.contains(log.panel)) { renderLog(); return; }
  const headingId = freshId("rp-log-title");
  const allStatus = el("span", { className: "rp-copy-status", role: "status" });
  const allFallback = el("pre", { className: "rp-copy-text", hidden: true });
  const copyAll = el("button", { type: "button", className: "md-button rp-button", "data-role": "copy-log", text: "Copy all" });
  copyAll.addEventListener("click", () => {
    const text = logText(loadEntries());
    allFallback.textContent = text;
    copyText(text, allFallback, allStatus);
  });
  const clear = el("button", { type: "button", className: "md-button rp-button", "data-role": "clear-log", text: "Clear" });
  const close = el("button", { type: "button", className: "md-button rp-button", text: "Close" });
  const list = el("ol", { className: "rp-log-list", reversed: true });
  const status = el("p", { className: "rp-log-status", role: "status" });
  clear.addEventListener("click", () => {
    clearEntries();
    status.textContent = "The roll log is cleared.";
  });
  const heading = el("h2", { id: headingId, tabindex: "-1", text: "Roll log" });
  const about = el("p", { className: "rp-log-about" });
  const kept = el("div", { className: "rp-kept-status", "data-role": "kept-status", role: "status", hidden: true });
  const empty = el("p", { className: "rp-log-empty", text: "No rolls yet." });
  const panel = el("section", { id: "rp-roll-log", className: "rp-log md-typeset", "aria-labelledby": headingId,
    "data-search-exclude": true, hidden: true }, [
    heading,
    about, kept,
    el("p", { className: "rp-log-actions" }, [copyAll, clear, close]),
    allStatus, allFallback, status,
    empty,
    list,
  ]);
  const toggle = el("button", { type: "button", className: "rp-log-toggle md-button md-button--primary",
    "aria-controls": "rp-roll-log", "aria-expanded": "false", "data-role": "roll-log-toggle" });
  close.addEventListener("click", () => { setOpen(false); toggle.focus(); });
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { setOpen(false); toggle.focus(); }
  });
  toggle.addEventListener("click", () => setOpen(Boolean(panel.hidden)));
  log = { panel, heading, list, toggle, status, empty, about, kept };
  document.body.appendChild(el("div", { className: "rp-log-dock" }, [toggle, panel]));
  renderLog();
}

// A roll here or in another tab of the site.
watchKept("log", () => renderLog());
watchStatus(() => renderStatus());
