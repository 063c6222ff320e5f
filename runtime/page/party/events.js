// A member's events, drawn from its game's entry in the party catalog (a hit,
// a card played, a night's rest): each event's fields and its button. Python
// (party.event) says what the rules make of it; the changes are kept at once
// (the button is the player's choice) with Undo beside them, and a random
// event shows its seed.
import { el } from "../dom.js";
import { buildField, readValues } from "../forms.js";
import { changeText, runChanges } from "./apply.js";
import { messageOf, partyCall, PartyRefusal } from "./python.js";

/**
 * @typedef {import("./catalog.js").EventSpec} EventSpec
 * @typedef {import("./catalog.js").GameSpec} GameSpec
 * @typedef {import("./kept.js").Member} Member
 * @typedef {import("./apply.js").Change} Change
 */

/**
 * @param {EventSpec} event
 * @param {() => Member | null} current the member as kept now
 */
function eventForm(event, current) {
  /** @type {{ [name: string]: import("../forms.js").FieldInput }} */
  const inputs = {};
  /** @type {{ [name: string]: HTMLElement }} */
  const errors = {};
  const fields = event.fields.map((field) => {
    const built = buildField(field, field.default);
    inputs[field.name] = built.input;
    errors[field.name] = built.error;
    return built.wrap;
  });
  const button = el("button", { type: "submit", className: "md-button rp-button", "data-role": "party-event",
    "data-event": event.name, text: event.label });
  const outcome = el("div", { className: "rp-party-outcome", "aria-live": "polite" });
  const form = el("form", { className: "rp-party-event", novalidate: true, "aria-label": event.label },
    [...fields, el("p", { className: "rp-actions" }, [button]), outcome]);
  let busy = false;
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    Object.values(errors).forEach((node) => { node.textContent = ""; });
    const member = current();
    if (!member || busy) return;
    // Not disabled while it runs: a disabled button would drop keyboard focus.
    busy = true;
    button.setAttribute("aria-disabled", "true");
    try {
      const result = await partyCall("party.event", { member, event: event.name, values: readValues(event.fields, inputs) });
      /** @type {Change[]} */
      const changes = result.changes;
      const lines = /** @type {string[]} */ (result.lines || []);
      if (changes.length) await runChanges(changes, "party.apply", event.label);
      outcome.replaceChildren(
        el("p", { className: "rp-party-summary", text: result.summary || "Nothing changes." }),
        ...lines.map((line) => el("p", { className: "rp-party-line", text: line })),
        ...(/** @type {string[]} */ (result.notes || [])).map((note) => el("p", { className: "rp-note", text: note })),
        ...(result.seed_text ? [el("p", { className: "rp-seed" }, ["Seed ", el("code", { "data-role": "seed", text: result.seed_text })])] : []),
        ...(changes.length ? [undoBar(changes, event.label, member)] : []),
      );
    } catch (error) {
      const field = error instanceof PartyRefusal && error.field ? error.field.split(".")[0] : "";
      if (errors[field]) errors[field].textContent = messageOf(error);
      else outcome.replaceChildren(el("p", { className: "rp-error", "data-role": "error", text: messageOf(error) }));
    } finally {
      busy = false;
      button.removeAttribute("aria-disabled");
    }
  });
  return form;
}

/**
 * @param {Change[]} changes
 * @param {string} label
 * @param {Member} member
 */
function undoBar(changes, label, member) {
  const status = el("span", { className: "rp-party-change-status", role: "status" });
  const undo = el("button", { type: "button", className: "md-button rp-button", "data-role": "undo", text: "Undo" });
  undo.addEventListener("click", async () => {
    undo.disabled = true;
    try {
      await runChanges(changes, "party.undo", label);
      undo.hidden = true;
      status.textContent = "Undone.";
    } catch (error) {
      undo.disabled = false;
      status.textContent = messageOf(error);
    }
  });
  return el("div", { className: "rp-party-changes" }, [
    el("ul", { className: "rp-party-change-list" }, changes.map((c) => el("li", { text: changeText(c, member) }))),
    el("p", { className: "rp-actions" }, [undo, status]),
  ]);
}

/**
 * The events of `game` for the member `id`, each folded under its name.
 * @param {GameSpec} game
 * @param {() => Member | null} current
 */
export function eventList(game, current) {
  return el("div", { className: "rp-party-events" }, game.events.map((event) =>
    el("details", { className: "rp-party-event-fold" }, [
      el("summary", { text: event.label }), eventForm(event, current),
    ])));
}
