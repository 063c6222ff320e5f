// What storage does with what the reader changes, in plain words, where the
// roll log is: nothing kept after this visit (storage refused), storage full
// (what is not kept, and a button that makes room, which is the only way
// anything kept is removed), data kept by a newer version of the site, and
// data that could not be read, set aside and offered as a file.
import { el } from "./dom.js";
import { discardAside, readKept, updateKept } from "./store.js";

/** @import { KeptStatus } from "./store.js" */

// A kept key in the reader's words.
/** @param {string} key */
function keyWords(key) {
  if (key === "log") return "the roll log";
  if (key === "settings") return "your settings";
  if (key === "party") return "the party";
  const [, page, widget] = key.split(":");
  return key.startsWith("state:") ? "the saved state of the roller " + widget + " on " + page : key;
}

/** @param {number} n @param {string} one @param {string} many */
function count(n, one, many) {
  return n + " " + (n === 1 ? one : many);
}

// Removes the older half of the kept rolls, once the reader asks.
function makeRoom() {
  const drop = Math.ceil((readKept("log") || []).length / 2);
  return updateKept("log", (entries) => (entries || []).slice(0, Math.max(0, (entries || []).length - drop)));
}

/**
 * Draws `status` into `box` (hidden when all is kept as it should be).
 * @param {HTMLElement} box
 * @param {KeptStatus} status
 */
export function keptStatusLine(box, status) {
  /** @type {HTMLElement[]} */
  const lines = [];
  if (status.state === "visit-only") {
    lines.push(el("p", { "data-role": "kept-visit-only", text: "Nothing is kept after this visit: this browser " +
      "does not let the site keep data (private browsing, or site data blocked). Everything works until the page is closed." }));
  } else if (status.state === "full") {
    const rolls = status.unkept.log || 0;
    const other = Object.entries(status.unkept).reduce((n, [key, changes]) => n + (key === "log" ? 0 : changes), 0);
    const notKept = [rolls ? count(rolls, "roll", "rolls") : "", other ? count(other, "change", "changes") : ""]
      .filter(Boolean).join(" and ") || "What changes now";
    const line = el("p", { "data-role": "kept-full", text: "This browser's storage for the site is full: " + notKept +
      " of this visit " + (rolls + other === 1 ? "is" : "are") + " not kept after it. Nothing kept has been removed. " });
    const kept = (readKept("log") || []).length;
    if (kept > 1) {
      const room = el("button", { type: "button", className: "rp-link-button", "data-role": "make-room",
        text: "Make room: remove the oldest " + count(Math.ceil(kept / 2), "roll", "rolls") });
      room.addEventListener("click", () => { makeRoom(); });
      line.appendChild(room);
    }
    lines.push(line);
  }
  if (status.newer.length) {
    lines.push(el("p", { "data-role": "kept-newer", text: "Some of what this browser keeps (" + status.newer.join(", ") +
      ") was kept by a newer version of the site: this page leaves it as it is, and its changes last until it is " +
      "closed. Reload to get the newer version." }));
  }
  if (status.aside.length && status.download) {
    const download = el("a", { href: status.download.url, download: status.download.fileName,
      "data-role": "kept-download", text: "Download " + (status.aside.length === 1 ? "it" : "them") });
    const discard = el("button", { type: "button", className: "rp-link-button", "data-role": "discard-aside",
      text: "Delete " + (status.aside.length === 1 ? "it" : "them") });
    discard.addEventListener("click", () => discardAside());
    lines.push(el("p", { "data-role": "kept-aside" }, [
      count(status.aside.length, "kept item", "kept items") + " could not be read and " +
        (status.aside.length === 1 ? "was" : "were") + " set aside as " + (status.aside.length === 1 ? "it was" : "they were") +
        ": " + Array.from(new Set(status.aside.map((entry) => keyWords(entry.key)))).join(", ") + ". ",
      download, " ", discard,
    ]));
  }
  box.replaceChildren(...lines);
  box.hidden = lines.length === 0;
}
