// A member's form, drawn from its game's sheet in the party catalog: one
// control per field with its bounds (forms.js draws a widget's the same way),
// lists of values or records as rows that can be added and removed. Save
// sends the member to party.validate; a refusal is shown next to its field
// and nothing typed is lost.
import { el } from "../dom.js";
import { buildField, changeEvent, fieldVisible, readValues } from "../forms.js";
import { messageOf, partyCall, PartyRefusal } from "./python.js";

/**
 * @typedef {import("./catalog.js").GameSpec} GameSpec
 * @typedef {import("./catalog.js").ListField} ListField
 * @typedef {import("../forms.js").FieldSpec} FieldSpec
 * @typedef {import("./kept.js").Member} Member
 * @typedef {{ read: () => unknown, error: HTMLElement, focus: () => void, wrap: HTMLElement }} Control
 */

/**
 * One row of a list: one control, or one per field of a record.
 * @param {ListField} field
 * @param {unknown} value
 */
function listRow(field, value) {
  const parts = field.record || (field.item ? [field.item] : []);
  const record = /** @type {{ [key: string]: unknown }} */ (field.record && value && typeof value === "object" ? value : {});
  /** @type {{ [name: string]: import("../forms.js").FieldInput }} */
  const inputs = {};
  const cells = parts.map((part) => {
    const initial = field.record ? (part.name in record ? record[part.name] : part.default) : (value ?? part.default);
    const built = buildField(part, initial);
    inputs[part.name] = built.input;
    return built.wrap;
  });
  const remove = el("button", { type: "button", className: "rp-link-button", "data-role": "remove-row", text: "Remove",
    "aria-label": "Remove this " + (field.item ? field.item.label : "row") + " of " + field.label });
  const row = el("li", { className: "rp-party-row" }, [...cells, remove]);
  remove.addEventListener("click", () => {
    const list = row.parentElement;
    row.remove();
    if (list) list.dispatchEvent(new Event("rows", { bubbles: true }));
  });
  const read = () => {
    const values = readValues(parts, inputs);
    return field.record ? values : values[parts[0].name];
  };
  return { row, read };
}

/**
 * @param {ListField} field
 * @param {unknown} initial
 * @returns {Control}
 */
function listControl(field, initial) {
  /** @type {Map<Element, () => unknown>} */
  const readers = new Map();
  const rows = el("ol", { className: "rp-party-rows" });
  const add = el("button", { type: "button", className: "md-button rp-button", "data-role": "add-row",
    text: "Add " + (field.item ? field.item.label : field.label).toLowerCase() });
  /** @param {unknown} value */
  const push = (value) => {
    const { row, read } = listRow(field, value);
    readers.set(row, read);
    rows.appendChild(row);
  };
  const count = () => { add.disabled = rows.children.length >= field.max_items; };
  for (const value of Array.isArray(initial) ? initial : []) push(value);
  add.addEventListener("click", () => {
    push(undefined);
    count();
    const first = rows.lastElementChild && rows.lastElementChild.querySelector("input, select");
    if (first instanceof HTMLElement) first.focus();
  });
  rows.addEventListener("rows", count);
  count();
  const error = el("p", { className: "rp-error", "data-role": "error", "data-field": field.name });
  const wrap = el("fieldset", { className: "rp-field rp-field-list", "data-field": field.name }, [
    el("legend", { text: field.label + " (at most " + field.max_items + ")" }),
    field.help ? el("p", { className: "rp-help", text: field.help }) : null,
    rows, add, error,
  ]);
  const read = () => Array.from(rows.children).map((row) => (readers.get(row) || (() => null))());
  const focus = () => {
    const first = wrap.querySelector("input, select, button");
    if (first instanceof HTMLElement) first.focus();
  };
  return { read, error, focus, wrap };
}

// shown_when as a widget's fields have it (a list field may have one too).
/**
 * @param {import("./catalog.js").SheetField} field
 * @param {{ [name: string]: unknown }} values
 */
function shown(field, values) {
  return fieldVisible(/** @type {FieldSpec} */ ({ name: field.name, label: field.label, kind: "bool", default: false,
    shown_when: field.shown_when }), values);
}

/**
 * The form for `member` of `game`; `save(member)` gets the member Python
 * checked, `cancel()` closes it.
 * @param {GameSpec} game
 * @param {Member} member
 * @param {string} title "New Cairn character", "Edit Ada"
 * @param {(member: Member) => Promise<void>} save
 * @param {() => void} cancel
 */
export function memberForm(game, member, title, save, cancel) {
  /** @type {{ [name: string]: Control }} */
  const controls = {};
  /** @type {HTMLElement[]} */
  const wraps = [];
  const form = el("form", { className: "rp-party-form", "data-role": "party-form", novalidate: true, "aria-label": title });
  // The identifier is the party's own key for the member: kept as it is.
  const fields = game.fields.filter((field) => field.name !== "id");
  for (const field of fields) {
    if (field.kind === "list") {
      const control = listControl(field, member[field.name]);
      controls[field.name] = control;
      form.appendChild(control.wrap);
      continue;
    }
    const scalar = /** @type {FieldSpec} */ (field);
    const { wrap, input, error } = buildField(scalar, field.name in member ? member[field.name] : scalar.default);
    if (scalar.kind === "text" && input instanceof HTMLInputElement) input.maxLength = scalar.max_length;
    controls[field.name] = {
      read: () => readValues([scalar], { [field.name]: input })[field.name], error,
      focus: () => input.focus(), wrap,
    };
    input.addEventListener(changeEvent(scalar), () => refresh());
    form.appendChild(wrap);
    wraps.push(wrap);
  }
  const values = () => {
    /** @type {{ [name: string]: unknown }} */
    const read = {};
    for (const [name, control] of Object.entries(controls)) read[name] = control.read();
    return read;
  };
  const refresh = () => {
    const now = values();
    for (const field of fields) controls[field.name].wrap.hidden = !shown(field, now);
  };
  refresh();
  const general = el("p", { className: "rp-error rp-error-general", "data-role": "error", "data-field": "" });
  const saveButton = el("button", { type: "submit", className: "md-button md-button--primary rp-button", "data-role": "save-member", text: "Save" });
  const cancelButton = el("button", { type: "button", className: "md-button rp-button", "data-role": "cancel-member", text: "Cancel" });
  cancelButton.addEventListener("click", cancel);
  form.append(el("p", { className: "rp-actions" }, [saveButton, cancelButton]), general);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const control of Object.values(controls)) control.error.textContent = "";
    general.textContent = "";
    const now = values();
    // Fields the sheet hides in this mode keep the member's own values.
    for (const field of fields) if (!shown(field, now) && field.name in member) now[field.name] = member[field.name];
    const sent = Object.assign({ version: member.version, game: member.game, id: member.id }, now);
    saveButton.disabled = true;
    try {
      const checked = await partyCall("party.validate", { member: sent });
      await save(checked.member);
    } catch (error) {
      const field = error instanceof PartyRefusal && error.field ? error.field.split(".")[0] : null;
      const control = field ? controls[field] : undefined;
      if (control && !control.wrap.hidden) {
        control.error.textContent = messageOf(error);
        control.focus();
      } else {
        general.textContent = messageOf(error);
      }
    } finally {
      saveButton.disabled = false;
    }
  });
  return form;
}
