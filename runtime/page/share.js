// Share links and copying. A link is the page's URL with the fragment
// "#roll=" + encodeURIComponent(JSON.stringify({widget, request})), where the
// request holds the field values, "action" and "seed" as a decimal string:
// the format is defined once, in Python (rules_py/share.py), and written here
// exactly as Python writes it. A link's contents are untrusted: the widget
// sends them through rules_py.web.call like anything typed.
import { copyText, el } from "./dom.js";

/** @typedef {import("../contract/messages.js").CallRequest} CallRequest */
/** @typedef {{ error: string } | { widget: string, request: CallRequest }} Roll */

export const FRAGMENT_PREFIX = "#roll=";

/**
 * @param {string} widget
 * @param {CallRequest} request
 */
export function shareFragment(widget, request) {
  const body = { ...request };
  if ("seed" in body) body.seed = String(body.seed);
  delete body.state;
  return FRAGMENT_PREFIX + encodeURIComponent(JSON.stringify({ widget: widget, request: body }));
}

// The page's own address (no fragment) with the roll's fragment.
/**
 * @param {string} widget
 * @param {CallRequest} request
 */
export function shareUrl(widget, request) {
  return location.origin + location.pathname + location.search + shareFragment(widget, request);
}

// The roll of a link's fragment: null when the fragment is no roll link,
// {error} when it is one but cannot be read, else {widget, request}.
/**
 * @param {string} hash
 * @returns {Roll | null}
 */
export function readFragment(hash) {
  if (!hash || !hash.startsWith(FRAGMENT_PREFIX)) return null;
  const bad = { error: "This roll link is damaged: its #roll= part cannot be read." };
  let envelope;
  try {
    envelope = JSON.parse(decodeURIComponent(hash.slice(FRAGMENT_PREFIX.length)));
  } catch (error) {
    return bad;
  }
  if (!envelope || typeof envelope !== "object" || typeof envelope.widget !== "string" ||
      !envelope.request || typeof envelope.request !== "object" || Array.isArray(envelope.request)) {
    return bad;
  }
  return { widget: envelope.widget, request: envelope.request };
}

// A button that copies `text()`, with its status line beside it.
/**
 * @param {string} label
 * @param {() => string} text
 * @param {string} role
 */
export function copyButton(label, text, role) {
  const status = el("span", { className: "rp-copy-status", role: "status" });
  const fallback = el("pre", { className: "rp-copy-text", hidden: true });
  const button = el("button", { type: "button", className: "rp-link-button", "data-role": role, text: label });
  button.addEventListener("click", () => {
    const value = text();
    fallback.textContent = value;
    copyText(value, fallback, status);
  });
  return el("span", { className: "rp-copy-tool" }, [button, status, fallback]);
}

// The share line under a random result: the link itself, and copy buttons
// for the link and for the result as text.
/**
 * @param {string} url
 * @param {() => string} resultText
 */
export function shareBar(url, resultText) {
  const link = el("a", { href: url, "data-role": "share", className: "rp-share-link", text: "Link to this roll" });
  return el("p", { className: "rp-share" }, [
    link,
    copyButton("Copy link", () => url, "copy-link"),
    copyButton("Copy result", resultText, "copy-result"),
  ]);
}
