// DOM helpers of the widget runtime. Output is built with DOM nodes and
// textContent only, never innerHTML: text from Python is never parsed as HTML.

/** @typedef {string | boolean | null | undefined} AttributeValue */
/** @typedef {Node | string | null | undefined | false} Child */

// el("p", {className: "rp-line", text: "..."}, [child, "text", null]):
// false, null and undefined attributes are left out, true is a bare attribute.
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttributeValue> | null} [attrs]
 * @param {Iterable<Child>} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key === "className") node.className = String(value);
      else node.setAttribute(key, value === true ? "" : value);
    }
  }
  for (const child of children || []) {
    if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// `task()` when the browser is idle, at the latest after `timeoutMs`
// (a browser without requestIdleCallback: after `fallbackMs`).
/**
 * @param {() => void} task
 * @param {number} timeoutMs
 * @param {number} fallbackMs
 */
export function whenIdle(task, timeoutMs, fallbackMs) {
  if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, fallbackMs);
}

// Ids unique within the page (labels, error and help texts point at them).
let uid = 0;
/** @param {string} prefix */
export function freshId(prefix) {
  uid += 1;
  return prefix + "-" + uid;
}

// A table of text cells; `highlight` is the index of a row to mark, or null.
/**
 * @param {string} caption
 * @param {string[]} columns
 * @param {string[][]} rows
 * @param {number | null} highlight
 */
export function dataTable(caption, columns, rows, highlight) {
  const head = el("tr", null, columns.map((c) => el("th", { scope: "col", text: c })));
  const body = el("tbody", null, rows.map((row, index) =>
    el("tr", { className: index === highlight ? "rp-row-highlight" : null },
      row.map((cell) => el("td", { text: cell })))));
  return el("table", { className: "rp-table" }, [
    caption ? el("caption", { text: caption }) : null, el("thead", null, [head]), body,
  ]);
}

/** @param {Node} node */
export function selectText(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  if (!selection) return; // a document without a browsing context (a hidden frame)
  selection.removeAllRanges();
  selection.addRange(range);
}

// Copy text to the clipboard; where the browser refuses, select `fallback`
// (a node holding the same text) so the reader can copy it by hand.
/**
 * @param {string} text
 * @param {HTMLElement | null} fallback
 * @param {HTMLElement | null} status
 * @returns {Promise<void>}
 */
export function copyText(text, fallback, status) {
  const done = () => { if (status) status.textContent = "Copied."; };
  const manual = () => {
    if (fallback) {
      fallback.hidden = false;
      selectText(fallback);
    }
    if (status) status.textContent = "Press Ctrl+C (or \u2318C) to copy the selected text.";
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    return navigator.clipboard.writeText(text).then(done, manual);
  }
  manual();
  return Promise.resolve();
}

/**
 * The link a click follows as a plain navigation in this tab (the main
 * button, no modifier key, no target, not a download), if any: the clicks
 * Material's instant navigation would take.
 * @param {MouseEvent} event
 * @returns {HTMLAnchorElement | null}
 */
export function plainLinkClicked(event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return null;
  return link;
}
