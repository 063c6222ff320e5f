// Dice in the rules text and tables that roll. The build wrote each dice
// mention as button[data-role=inline-roll] (its game and its expression in
// the site's notation, decided by rules_py) and each rolled table's
// button[data-role=table-roll]. A tap asks Python (dice.inline, dice.table)
// and shows the answer in a popover anchored to the button: the dice, the
// total, the seed, the share link, the exact odds one tap away. Python starts
// on the first tap, not before. Nothing here decides a rule: the expression
// and the hooks naming someone's number (data-save, data-lowers,
// data-restores, data-creature) are sent back as they are, with the party's
// actor and target, and Python reads them like anything typed; a result's
// changes get Apply and Undo, as under a roller.
import { el, freshId } from "./dom.js";
import { HEADER_PX } from "./in-view.js";
import { renderView } from "./blocks.js";
import { callPython, onRuntimeStatus, runtimeStatus, startRuntime } from "./worker-link.js";
import { addEntry, resultText } from "./roll-log.js";
import { readFragment, shareBar, shareUrl } from "./share.js";
import { onSettingsChange, readSettings, writeSetting } from "./settings.js";
import { offerChanges, withParty } from "./party/roller.js";

/**
 * @import { CallRequest, CallResponse } from "../contract/messages.js"
 */

const INLINE = 'button[data-role="inline-roll"]';
const TABLE = 'button[data-role="table-roll"]';
// The data attributes naming someone's number a roll needs or changes.
const HOOKS = /** @type {const} */ (["save", "lowers", "restores", "creature"]);

/** @type {{ box: HTMLElement, body: HTMLElement, odds: HTMLElement, anchor: HTMLElement, at: HTMLElement } | null} */
let open = null;
/** @type {HTMLElement | null} */
let announcer = null;
/** @type {WeakMap<HTMLElement, HTMLButtonElement>} a switched-off mention -> its button */
const switchedOff = new WeakMap();
// Nothing to answer blocks: follow-ups (choices) are not part of these views.
const host = { followUp: () => null };

// The one live region of the page that speaks every result (a popover is
// drawn afresh, and a region that appears with its text is not always read).
function announce(/** @type {string} */ text) {
  if (!announcer || !announcer.isConnected) {
    announcer = el("div", { className: "rp-visually-hidden", "aria-live": "polite", "data-role": "inline-announcer" });
    document.body.appendChild(announcer);
  }
  announcer.textContent = "";
  const region = announcer;
  setTimeout(() => { region.textContent = text; }, 50);
}

function pageTitle() {
  const heading = document.querySelector(".md-content h1");
  return heading ? (heading.textContent ?? "").replace(/\u00b6$/, "").trim() : document.title;
}

/** @param {HTMLElement} button */
function what(button) {
  return (button.getAttribute("aria-label") || button.textContent || "").trim();
}

export function closePopover(restoreFocus = false) {
  if (!open) return;
  const { box, anchor } = open;
  open = null;
  box.remove();
  anchor.setAttribute("aria-expanded", "false");
  if (restoreFocus && anchor.isConnected) anchor.focus();
}

// Under the button, inside the window's width, and scrolled into view below
// the sticky header and above the party's dock.
/** @param {HTMLElement} box @param {HTMLElement} anchor */
function place(box, anchor) {
  const rect = anchor.getBoundingClientRect();
  const width = Math.min(box.offsetWidth || 352, document.documentElement.clientWidth - 16);
  const left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
  box.style.setProperty("--rp-popover-left", left + window.scrollX + "px");
  box.style.setProperty("--rp-popover-top", rect.bottom + window.scrollY + 6 + "px");
  const after = box.getBoundingClientRect();
  // Above the party's dock (fixed at the bottom), so Party stays in reach.
  const dock = document.querySelector(".rp-party-dock");
  const bottom = (dock ? Math.min(window.innerHeight, dock.getBoundingClientRect().top) : window.innerHeight) - 8;
  if (after.bottom > bottom) {
    window.scrollBy({ top: Math.min(after.bottom - bottom, after.top - HEADER_PX - 8), behavior: "instant" });
  }
}

/** @param {HTMLElement} anchor @param {string} title */
function openPopover(anchor, title) {
  closePopover();
  const id = freshId("rp-popover");
  const body = el("div", { className: "rp-result", "data-role": "result" });
  const odds = el("div", { className: "rp-odds", "data-role": "odds" });
  const close = el("button", { type: "button", className: "rp-link-button", "data-role": "popover-close", text: "Close" });
  const box = el("div", { id, className: "rp-popover md-typeset", role: "dialog", "aria-label": title,
    "data-role": "inline-popover", "data-search-exclude": true }, [
    el("p", { className: "rp-popover-title", text: title }), body, odds,
    el("p", { className: "rp-popover-tools" }, [close]),
  ]);
  close.addEventListener("click", () => closePopover(true));
  document.body.appendChild(box);
  anchor.setAttribute("aria-expanded", "true");
  anchor.setAttribute("aria-controls", id);
  open = { box, body, odds, anchor, at: anchor };
  place(box, anchor);
  return open;
}

/** @param {HTMLElement} body */
function showStarting(body) {
  const status = runtimeStatus();
  if (status && status.state === "ready") return;
  const line = el("p", { className: "rp-status", role: "status", text: "Starting the roller\u2026" });
  body.replaceChildren(line);
  const stop = onRuntimeStatus((now) => {
    if (!line.isConnected || now.state === "ready") { stop(); return; }
    line.textContent = now.state === "starting" ? now.progress : now.message;
  });
}

/**
 * The answer of a roll in the open popover, its seed and share link, its
 * entry in the roll log; the odds button under it.
 * @param {ReturnType<typeof openPopover>} shown
 * @param {string} widget
 * @param {CallRequest} request
 * @param {CallResponse} response
 * @param {{ replay?: boolean, title: string }} how
 */
function showRoll(shown, widget, request, response, how) {
  if (open !== shown) return; // closed or replaced meanwhile
  const { body, odds, box, anchor } = shown;
  if (!response.ok) {
    body.replaceChildren(el("p", { className: "rp-error", "data-role": "error",
      "data-field": response.error.field || "", text: response.error.message }));
    announce(response.error.message);
    return;
  }
  const result = response.result;
  renderView(body, result.view, host);
  if (!how.replay) {
    // Apply and Undo under what happened, before the notes on how the rules read.
    const slot = el("div", { className: "rp-popover-changes" });
    body.insertBefore(slot, body.querySelector(":scope > .rp-note"));
    offerChanges(slot, result, how.title);
  }
  const seed = result.seed_text ?? "";
  const replayed = { ...request, seed };
  const link = shareUrl(widget, replayed);
  const entry = {
    time: new Date().toISOString(), widget, title: how.title,
    page: location.pathname + location.search, pageTitle: pageTitle(),
    inputs: result.inputs_text || "", summary: result.summary || "", seed, link,
  };
  if (how.replay) {
    body.prepend(el("p", { className: "rp-replay-mark", "data-role": "replay-mark",
      text: "Replay of a shared roll: the same inputs and seed give the same result." }));
  }
  body.appendChild(el("p", { className: "rp-seed" }, ["Seed ", el("code", { "data-role": "seed", text: seed })]));
  body.appendChild(shareBar(link, () => resultText(entry)));
  if (!how.replay) addEntry(entry);
  announce(result.summary || "");
  // A table's popover goes under the row that came up, so both are in view.
  if (typeof result.row === "number") shown.at = markRow(anchor, result.row) || anchor;
  const label = widget === "dice.table" ? "Each row's chance" : "Exact odds";
  const oddsButton = el("button", { type: "button", className: "md-button rp-button", "data-role": "inline-odds", text: label });
  oddsButton.addEventListener("click", () => {
    oddsButton.disabled = true;
    const asked = { ...request, action: "odds", seed: undefined };
    callPython(widget, how.replay ? asked : withParty(asked))
      .then((answer) => {
        if (open !== shown) return;
        oddsButton.remove();
        if (answer.ok) renderView(odds, answer.result.view, host);
        else odds.replaceChildren(el("p", { className: "rp-error", "data-role": "error", text: answer.error.message }));
        place(box, shown.at);
      }, (error) => { odds.replaceChildren(el("p", { className: "rp-error", text: error.message })); });
  });
  odds.replaceChildren(oddsButton);
  place(box, shown.at);
}

// The table a table-roll button rolls on: the first one after its paragraph.
/** @param {HTMLElement} button */
function tableOf(button) {
  /** @type {Element | null} */
  let node = button.closest("p");
  while (node && (node = node.nextElementSibling)) {
    const table = node.matches("table") ? node : node.querySelector("table");
    if (table) return /** @type {HTMLTableElement} */ (table);
  }
  return null;
}

/**
 * @param {HTMLElement} button
 * @param {number} index
 * @returns {HTMLElement | null} the row marked
 */
function markRow(button, index) {
  const table = tableOf(button);
  if (!table || !table.tBodies.length) return null;
  for (const row of table.querySelectorAll("tr[data-rolled]")) row.removeAttribute("data-rolled");
  const row = table.tBodies[0].rows[index];
  if (!row) return null;
  row.setAttribute("data-rolled", "");
  row.scrollIntoView({ block: "center", behavior: "instant" });
  return row;
}

/**
 * @param {HTMLElement} button
 * @param {{ seed?: string, replay?: boolean }} [options]
 */
function roll(button, options) {
  const inline = button.matches(INLINE);
  const widget = inline ? "dice.inline" : "dice.table";
  /** @type {CallRequest} */
  const request = inline
    ? { action: "roll", game: button.dataset.game ?? "", expression: button.dataset.expression ?? "" }
    : { action: "roll", table: button.dataset.table ?? "" };
  if (inline) {
    for (const hook of HOOKS) {
      const value = button.dataset[hook];
      if (value !== undefined) request[hook] = value;
    }
  }
  if (options && options.seed) request.seed = options.seed;
  const replay = Boolean(options && options.replay);
  const title = inline ? "Dice in the text: " + (button.textContent || "").trim() : what(button);
  const shown = openPopover(button, what(button));
  showStarting(shown.body);
  // A replayed link rolls as it was shared; a tap rolls with the party at the table.
  callPython(widget, replay ? request : withParty(request)).then(
    (response) => showRoll(shown, widget, request, response, { replay, title }),
    (error) => {
      if (open !== shown) return;
      shown.body.replaceChildren(el("p", { className: "rp-error", "data-role": "error", text: error.message }));
      announce(error.message);
    });
}

// ------------------------------------------------------------- the off switch

/** @param {boolean} on */
function applySetting(on) {
  document.documentElement.dataset.rpInline = on ? "on" : "off";
  if (!on) {
    closePopover();
    for (const button of document.querySelectorAll(INLINE)) {
      const text = el("span", { className: "rp-inline-off", "data-role": "inline-off" });
      text.append(...Array.from(button.childNodes));
      switchedOff.set(text, /** @type {HTMLButtonElement} */ (button));
      button.replaceWith(text);
    }
  } else {
    for (const text of document.querySelectorAll('[data-role="inline-off"]')) {
      const button = switchedOff.get(/** @type {HTMLElement} */ (text));
      if (!button) continue;
      button.append(...Array.from(text.childNodes));
      text.replaceWith(button);
    }
  }
  for (const box of document.querySelectorAll('[data-role="inline-rolls-setting"]')) {
    /** @type {HTMLInputElement} */ (box).checked = on;
  }
}

// The switch, in the roll log's panel (on every page): "Roll the dice of the text when tapped".
export function settingSwitch() {
  const id = freshId("rp-inline-setting");
  const box = el("input", { type: "checkbox", id, "data-role": "inline-rolls-setting" });
  box.checked = readSettings().inlineRolls;
  const status = el("span", { className: "rp-copy-status", role: "status" });
  box.addEventListener("change", async () => {
    const stored = await writeSetting("inlineRolls", box.checked);
    status.textContent = stored ? "" : " Not remembered: this browser refused to store it.";
  });
  return el("p", { className: "rp-setting" }, [box, " ",
    el("label", { for: id, text: "Roll the dice named in the text when tapped (every page)" }), status]);
}

onSettingsChange((settings) => applySetting(settings.inlineRolls));

// ------------------------------------------------------------------- mounting

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = target.closest ? target.closest(INLINE + ", " + TABLE) : null;
    if (button instanceof HTMLElement) {
      event.preventDefault();
      if (open && open.anchor === button) { closePopover(); return; }
      roll(button);
    }
  });
  // A tap elsewhere closes the popover (not one inside it, nor on a roll
  // button, nor in the party's dock: a reader checks there what Apply did,
  // and may come back to Undo).
  // A tap on a roll button starts Python as the finger goes down, not up.
  document.addEventListener("pointerdown", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest && target.closest(INLINE + ", " + TABLE)) startRuntime();
    if (!open) return;
    if (open.box.contains(target) || (target.closest && target.closest(INLINE + ", " + TABLE + ", .rp-party-dock"))) return;
    closePopover();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      closePopover(true);
    }
  }, true);
}

// A share link of an inline or table roll replays it at the first button
// that rolls the same thing (its request is read by Python all the same).
/** @returns {boolean} whether the address held such a roll */
export function replayInlineFromAddress() {
  const found = readFragment(location.hash);
  if (!found || "error" in found) return false;
  if (found.widget !== "dice.inline" && found.widget !== "dice.table") return false;
  const request = found.request;
  const buttons = Array.from(/** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll(found.widget === "dice.inline" ? INLINE : TABLE)));
  const same = buttons.find((b) => found.widget === "dice.inline"
    ? b.dataset.expression === request.expression && b.dataset.game === request.game &&
      HOOKS.every((hook) => (b.dataset[hook] ?? "") === (request[hook] ?? ""))
    : b.dataset.table === request.table);
  const button = same || buttons[0];
  if (!button) return false;
  const seed = typeof request.seed === "string" ? request.seed : undefined;
  if (same) {
    button.scrollIntoView({ block: "center", behavior: "instant" });
    roll(button, { seed, replay: true });
    return true;
  }
  // No button rolls it here: the link's own request, anchored to the first one.
  const shown = openPopover(button, "Replay of a shared roll");
  callPython(found.widget, request).then(
    (response) => showRoll(shown, found.widget, request, response, { replay: true, title: "Replay" }),
    (error) => { shown.body.replaceChildren(el("p", { className: "rp-error", "data-role": "error", text: error.message })); });
  return true;
}

// Each page (again after an instant navigation): the switch applied, taps heard.
export function mountInlineRolls() {
  closePopover();
  listen();
  applySetting(readSettings().inlineRolls);
}
