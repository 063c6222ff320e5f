// The party at a roller: every request carries the one who acts and the one
// targeted ("party": {actor, target}, the kept member JSON); a roller whose
// catalog entry says "fills" has its form filled from them (party.fill) when
// it is drawn and whenever they change; a result's "changes" are offered to
// Apply (or applied at once when it says "apply": "auto"), then to Undo.
import { el } from "../dom.js";
import { changeText, runChanges } from "./apply.js";
import { partyCatalog } from "./catalog.js";
import { atTable, memberById, onParty, sameJson } from "./kept.js";
import { messageOf, partyCall } from "./python.js";

/** @typedef {import("./apply.js").Change} Change */
/** @typedef {import("../widget.js").Widget} Widget */

/**
 * The request with the party at the table (a copy: share links never carry it).
 * @param {import("../../contract/messages.js").CallRequest} request
 */
export function withParty(request) {
  // Spread defines each own key, so a link's "__proto__" key stays a key for
  // Python to refuse (Object.assign would set the prototype instead).
  return { ...request, party: atTable() };
}

// ------------------------------------------------------------------ filling

/**
 * What the party filled in a widget's form last, and which of those fields
 * the player has typed over since (kept when the form asks again).
 * @typedef {{ filled: Set<string>, typed: Set<string>, timer: ReturnType<typeof setTimeout> | null, asked: number }} Filling
 */

/** @type {Map<Widget, Filling>} */
const filling = new Map();

/**
 * @param {Widget} widget
 * @param {boolean} keepTyped a change in the form asked: what was typed over stays
 */
async function fill(widget, keepTyped) {
  const state = filling.get(widget);
  if (!state) return;
  const asked = ++state.asked;
  const table = atTable();
  if (!table.actor && !table.target) {
    state.filled.clear();
    showFill(widget, "");
    return;
  }
  try {
    const filled = await partyCall("party.fill", { widget: widget.name, actor: table.actor, target: table.target, form: widget.values() });
    if (asked !== state.asked) return; // a newer fill is on its way
    const values = /** @type {{ [field: string]: unknown }} */ (filled.values || {});
    const from = /** @type {{ [field: string]: string }} */ (filled.from || {});
    if (!keepTyped) state.typed.clear();
    const put = Object.fromEntries(Object.entries(values).filter(([name]) => !state.typed.has(name)));
    state.filled = new Set(Object.keys(values));
    if (!Object.keys(values).length) { showFill(widget, ""); return; }
    widget.setForm(put);
    widget.scheduleAuto(0);
    const typed = Object.keys(values).filter((name) => state.typed.has(name));
    showFill(widget, "Filled from the party: " + Object.keys(put).map((name) => from[name] || name).join(", ") + "." +
      (typed.length ? " Kept as typed: " + typed.join(", ") + "." : " Type over any of them."));
  } catch (error) {
    if (asked === state.asked) showFill(widget, "The party could not fill this roller: " + messageOf(error));
  }
}

/**
 * @param {Widget} widget
 * @param {string} text
 */
function showFill(widget, text) {
  let line = widget.root.querySelector('[data-role="party-fill"]');
  if (!line && !text) return;
  if (!line) {
    line = el("p", { className: "rp-note rp-party-fill", "data-role": "party-fill", role: "status" });
    const form = widget.root.querySelector(".rp-form");
    if (form) form.before(line); else widget.root.appendChild(line);
  }
  line.textContent = text;
}

/** @type {{ actor: unknown, target: unknown }} */
let lastTable = atTable();

// A roller that fills: now, whenever the actor, the target or their values
// change, and when a field the party did not fill changes (which score the
// form takes may depend on it: a save's mode, a pool's Attribute by name).
/** @param {Widget} widget */
export function fillFromParty(widget) {
  if (!(/** @type {{ fills?: boolean }} */ (widget.spec)).fills) return;
  /** @type {Filling} */
  const state = { filled: new Set(), typed: new Set(), timer: null, asked: 0 };
  filling.set(widget, state);
  /** @param {Event} event */
  const edited = (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement) || !input.name) return;
    if (state.filled.has(input.name)) { state.typed.add(input.name); return; }
    if (event.type !== "change") return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => fill(widget, true), 150);
  };
  widget.root.addEventListener("input", edited);
  widget.root.addEventListener("change", edited);
  fill(widget, false);
}

onParty(() => {
  const table = atTable();
  if (sameJson(table, lastTable)) return;
  lastTable = table;
  for (const widget of Array.from(filling.keys())) {
    if (widget.root.isConnected) fill(widget, false); else filling.delete(widget);
  }
});

// ------------------------------------------------------------------ changes

/**
 * Apply (or, for "apply": "auto", applied already) and Undo under a result.
 * @param {HTMLElement} where the result's node
 * @param {{ changes?: unknown[], apply?: string }} result
 * @param {string} title the roller's
 */
export function offerChanges(where, result, title) {
  const changes = /** @type {Change[] | undefined} */ (result.changes);
  if (!Array.isArray(changes) || !changes.length) return;
  const list = el("ul", { className: "rp-party-change-list" },
    changes.map((c) => el("li", { text: changeText(c, memberById(c.who)) })));
  // The fields' labels come with the party catalog, fetched once.
  partyCatalog().then(() => {
    changes.forEach((c, index) => { list.children[index].textContent = changeText(c, memberById(c.who)); });
  }, () => undefined);
  const status = el("p", { className: "rp-party-change-status", role: "status" });
  const apply = el("button", { type: "button", className: "md-button md-button--primary rp-button", "data-role": "apply", text: "Apply" });
  const undo = el("button", { type: "button", className: "md-button rp-button", "data-role": "undo", text: "Undo", hidden: true });
  const box = el("div", { className: "rp-party-changes", "data-role": "party-changes" }, [
    el("p", { className: "rp-party-change-head", text: "Changes to the party" }), list,
    el("p", { className: "rp-actions" }, [apply, undo]), status,
  ]);
  where.appendChild(box);
  /**
   * @param {"party.apply" | "party.undo"} operation
   * @param {HTMLButtonElement} pressed
   * @param {HTMLButtonElement} next
   * @param {boolean} tapped keyboard focus follows to the next button
   */
  const run = async (operation, pressed, next, tapped) => {
    pressed.disabled = true;
    status.textContent = "";
    try {
      await runChanges(changes, operation, title);
      pressed.hidden = true;
      pressed.disabled = false;
      next.hidden = false;
      status.textContent = operation === "party.apply" ? "Applied: the party shows the new values." : "Undone.";
      if (tapped) next.focus();
    } catch (error) {
      pressed.disabled = false;
      status.textContent = messageOf(error);
    }
  };
  apply.addEventListener("click", () => run("party.apply", apply, undo, true));
  undo.addEventListener("click", () => run("party.undo", undo, apply, true));
  if (result.apply === "auto") run("party.apply", apply, undo, false);
}
