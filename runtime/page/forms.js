// A widget's form, built from its catalog entry (rules_py.widget.Field and
// Action, published by rules_py.web.catalog): one labelled control per field,
// with its help and error texts, the action buttons and the seed replay. Every
// bound and label comes from the catalog; nothing here knows a rule.
import { el, freshId } from "./dom.js";

// The catalog entry as rules_py.widget writes it (Widget, Field and Action
// .describe): the form is built from it.

/**
 * What every field has; `shown_when` maps another field to the values for
 * which this one applies.
 * @typedef {object} FieldCommon
 * @property {string} name
 * @property {string} label
 * @property {string} [help]
 * @property {{ [field: string]: string[] }} [shown_when]
 * @property {true} [advanced] under "More options"
 * @property {"preview"} [enter] Enter runs the preview instead of rolling
 */
/** @typedef {FieldCommon & { kind: "int", default: number, min: number, max: number }} IntField */
/** @typedef {FieldCommon & { kind: "choice", default: string, choices: { value: string, label: string }[] }} ChoiceField */
/** @typedef {FieldCommon & { kind: "bool", default: boolean }} BoolField */
/** @typedef {FieldCommon & { kind: "text", default: string, max_length: number }} TextField */
/** @typedef {IntField | ChoiceField | BoolField | TextField} FieldSpec */

/**
 * @typedef {object} ActionSpec
 * @property {string} name
 * @property {string} label
 * @property {boolean} auto an odds preview, run whenever the form changes
 * @property {boolean} random
 * @property {{ [field: string]: string[] }} [shown_when]
 */

/**
 * @typedef {object} WidgetSpec
 * @property {string} name
 * @property {string} title
 * @property {string} summary
 * @property {string} hand_roll
 * @property {FieldSpec[]} fields
 * @property {ActionSpec[]} actions
 * @property {boolean} stateful
 * @property {string | null} step_before
 */

/** @typedef {HTMLInputElement | HTMLSelectElement} FieldInput */
/** @typedef {{ [name: string]: unknown }} FieldValues */

// One field: returns {wrap, input, error}. `initial` is the page's value for
// the field, or its default.
/**
 * @param {FieldSpec} field
 * @param {unknown} initial
 * @returns {{ wrap: HTMLElement, input: FieldInput, error: HTMLElement }}
 */
export function buildField(field, initial) {
  const id = freshId("rp-" + field.name);
  const errorId = id + "-error";
  const helpId = id + "-help";
  let input;
  if (field.kind === "choice") {
    input = el("select", { id, name: field.name });
    for (const choice of field.choices) {
      const opt = el("option", { value: choice.value, text: choice.label });
      if (choice.value === initial) opt.selected = true;
      input.appendChild(opt);
    }
  } else if (field.kind === "bool") {
    input = el("input", { id, name: field.name, type: "checkbox" });
    input.checked = Boolean(initial);
  } else {
    input = el("input", {
      id, name: field.name, type: "text", autocomplete: "off", spellcheck: "false",
      inputmode: field.kind === "int" ? "numeric" : null,
      // The catalog's bound: a longer paste is cut here, not refused whole.
      maxlength: field.kind === "text" ? String(field.max_length) : null,
    });
    input.value = String(initial);
  }
  input.setAttribute("aria-describedby", (field.help ? helpId + " " : "") + errorId);
  const label = el("label", { for: id, text: field.kind === "int"
    ? field.label + " (" + field.min + "\u2013" + field.max + ")" : field.label });
  const error = el("p", { id: errorId, className: "rp-error", "data-role": "error", "data-field": field.name });
  const control = field.kind === "int" && input instanceof HTMLInputElement ? stepper(field, input) : input;
  const wrap = el("div", { className: "rp-field rp-field-" + field.kind, "data-field": field.name },
    field.kind === "bool" ? [input, label] : [label, control]);
  if (field.help) wrap.appendChild(el("p", { id: helpId, className: "rp-help", text: field.help }));
  wrap.appendChild(error);
  return { wrap, input, error };
}

// The event that means "this field changed" for its kind.
/** @param {FieldSpec} field */
export function changeEvent(field) {
  return field.kind === "text" || field.kind === "int" ? "input" : "change";
}

// Whole-number fields get - and + buttons for thumbs at the table, and the
// arrow keys for keyboards; both stay within the catalog's bounds. The
// buttons are left out of the Tab order: the field itself takes the arrows.
/**
 * @param {IntField} field
 * @param {HTMLInputElement} input
 */
function stepper(field, input) {
  /** @param {number} delta */
  const step = (delta) => {
    let current = parseInt(input.value, 10);
    if (isNaN(current)) current = field.default;
    const next = Math.min(field.max, Math.max(field.min, current + delta));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      step(event.key === "ArrowUp" ? 1 : -1);
    }
  });
  const minus = el("button", { type: "button", className: "rp-step", tabindex: "-1",
    "aria-label": "Decrease " + field.label, text: "\u2212" });
  const plus = el("button", { type: "button", className: "rp-step", tabindex: "-1",
    "aria-label": "Increase " + field.label, text: "+" });
  minus.addEventListener("click", () => step(-1));
  plus.addEventListener("click", () => step(1));
  return el("div", { className: "rp-stepper" }, [minus, input, plus]);
}

// The value of each field as the request carries it.
/**
 * @param {FieldSpec[]} fields
 * @param {{ [name: string]: FieldInput }} inputs
 * @returns {FieldValues}
 */
export function readValues(fields, inputs) {
  /** @type {FieldValues} */
  const values = {};
  for (const field of fields) {
    const input = inputs[field.name];
    if (field.kind === "bool") values[field.name] = input instanceof HTMLInputElement && input.checked;
    else if (field.kind === "int") {
      const text = input.value.trim();
      // Whole numbers travel as numbers; anything else travels as typed, so
      // Python can name the field and quote what was wrong.
      values[field.name] = /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
    } else values[field.name] = input.value;
  }
  return values;
}

// shown_when: {other field: [values for which this field applies]}.
/**
 * @param {FieldSpec | ActionSpec} field
 * @param {FieldValues} values
 */
export function fieldVisible(field, values) {
  const shownWhen = field.shown_when;
  if (!shownWhen) return true;
  return Object.keys(shownWhen).every((other) => shownWhen[other].indexOf(String(values[other])) !== -1);
}

// The buttons of the non-auto actions: the first submits the form (Enter),
// the others call `run(name)`. Returns {buttons, primary}; primary is the
// first button's action, or null. Which button is drawn as the main one
// depends on the mode: Widget.refreshVisibility decides.
/**
 * @param {ActionSpec[]} actions
 * @param {(name: string) => void} run
 * @returns {{ buttons: HTMLElement, primary: ActionSpec | null }}
 */
export function buildActions(actions, run) {
  const buttons = el("div", { className: "rp-actions" });
  /** @type {ActionSpec | null} */
  let primary = null;
  for (const action of actions) {
    if (action.auto) continue;
    const button = el("button", {
      type: primary ? "button" : "submit", className: "md-button rp-button",
      "data-action": action.name, text: action.label,
    });
    if (!primary) primary = action;
    else button.addEventListener("click", () => run(action.name));
    buttons.appendChild(button);
  }
  return { buttons, primary };
}

// "Replay from a seed": a seed field and a button that calls `replay(seed)`
// with the seed as typed: Python takes a seed as a decimal string (numbers in
// JavaScript lose seeds above 2**53) and names the field if it is not one.
// Returns {details, input, error}.
/**
 * @param {(seed: string) => void} replay
 * @returns {{ details: HTMLElement, input: HTMLInputElement, error: HTMLElement }}
 */
export function buildReplay(replay) {
  const seedId = freshId("rp-seed");
  const input = el("input", { id: seedId, type: "text", inputmode: "numeric", autocomplete: "off", className: "rp-seed-input" });
  const error = el("p", { id: seedId + "-error", className: "rp-error", "data-role": "error", "data-field": "seed" });
  input.setAttribute("aria-describedby", seedId + "-error");
  const button = el("button", { type: "button", className: "md-button rp-button", text: "Replay" });
  button.addEventListener("click", () => {
    const text = input.value.trim();
    replay(text);
  });
  const details = el("details", { className: "rp-replay" }, [
    el("summary", { text: "Replay from a seed" }),
    el("div", { className: "rp-field" }, [el("label", { for: seedId, text: "Seed" }), input, button]),
    error,
  ]);
  return { details, input, error };
}
