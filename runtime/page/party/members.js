// The party's members as the panel lists them, grouped by game in the kept
// order: name, the values of the sheet at a glance, the one who acts and the
// one targeted (one tap each), and each member's tools: edit, duplicate, move
// up or down, remove, share, and its sheet with what derives and its events.
// Rows are kept by member and updated in place, so an open sheet, an event's
// outcome and keyboard focus survive a change made here or in another tab.
import { el } from "../dom.js";
import { fieldVisible } from "../forms.js";
import { catalogNow, gameTitle } from "./catalog.js";
import { eventList } from "./events.js";
import { memberById } from "./kept.js";
import { messageOf, partyCall } from "./python.js";

/**
 * @typedef {import("./kept.js").Member} Member
 * @typedef {import("./kept.js").Kept} Kept
 * @typedef {import("./catalog.js").GameSpec} GameSpec
 * @typedef {{ choose: (role: "actor" | "target", id: string) => void, edit: (member: Member) => void,
 *   duplicate: (member: Member) => void, move: (id: string, step: number) => void,
 *   remove: (member: Member) => void, share: (member: Member) => void }} Tools
 * @typedef {{ row: HTMLElement, update: (member: Member, kept: Kept) => void }} Row
 */

/** @param {unknown} value */
function shown(value) {
  if (Array.isArray(value)) return value.map((v) => v && typeof v === "object" ? Object.values(v).join(" ") : String(v)).join(", ") || "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

/**
 * The sheet at a glance: whole numbers (a value over its cap as "HP 4/6"),
 * what is true of it, and how many each list holds.
 * @param {GameSpec | undefined} game
 * @param {Member} member
 */
export function glance(game, member) {
  if (!game) return "";
  const caps = new Set(game.fields.flatMap((f) => "at_most" in f && f.at_most ? [f.at_most] : []));
  /** @type {string[]} */
  const parts = [];
  for (const field of game.fields) {
    if (field.shown_when && !fieldVisible(/** @type {import("../forms.js").FieldSpec} */ (field), member)) continue;
    const value = member[field.name];
    if (field.kind === "int" && !caps.has(field.name)) {
      const cap = "at_most" in field && field.at_most ? member[field.at_most] : undefined;
      parts.push(field.label + " " + String(value) + (cap === undefined ? "" : "/" + String(cap)));
    } else if (field.kind === "bool" && value === true) parts.push(field.label);
    else if (field.kind === "list" && Array.isArray(value) && value.length) parts.push(field.label + ": " + shown(value));
  }
  return parts.join(" \u00b7 ");
}

/**
 * @param {Member} first
 * @param {Tools} tools
 * @returns {Row}
 */
function memberRow(first, tools) {
  const id = first.id;
  /** @param {string} text @param {string} role @param {() => void} run @param {string} [label] */
  const button = (text, role, run, label) => {
    const node = el("button", { type: "button", className: "md-button rp-button", "data-role": role, text, "aria-label": label || null });
    node.addEventListener("click", run);
    return node;
  };
  const current = () => memberById(id);
  const withMember = (/** @type {(m: Member) => void} */ run) => () => { const m = current(); if (m) run(m); };
  const name = el("strong", { className: "rp-party-name", "data-role": "member-name" });
  const kind = el("span", { className: "rp-party-kind" });
  const values = el("p", { className: "rp-party-values", "data-role": "member-values" });
  const actor = button("Acts", "choose-actor", () => tools.choose("actor", id));
  const target = button("Target", "choose-target", () => tools.choose("target", id));
  const up = button("\u2191", "move-up", () => tools.move(id, -1));
  const down = button("\u2193", "move-down", () => tools.move(id, 1));
  const derived = el("dl", { className: "rp-party-derived", "data-role": "member-derived" });
  const sheet = el("details", { className: "rp-party-sheet" }, [el("summary", { text: "Sheet and events" })]);
  const row = el("li", { className: "rp-party-member", "data-role": "party-member", "data-member-id": id }, [
    el("p", { className: "rp-party-head" }, [name, " ", kind]),
    values,
    el("p", { className: "rp-party-choose" }, [actor, target]),
    el("p", { className: "rp-party-tools" }, [
      button("Edit", "edit-member", withMember(tools.edit)),
      button("Duplicate", "duplicate-member", withMember(tools.duplicate)),
      up, down,
      button("Remove", "remove-member", withMember(tools.remove)),
      button("Share", "share-member", withMember(tools.share)),
    ]),
    sheet,
  ]);
  let drawnSheet = false;
  const refreshDerived = async () => {
    const member = current();
    if (!member || !sheet.open) return;
    try {
      const checked = await partyCall("party.validate", { member });
      derived.replaceChildren(...checked.derived.flatMap((/** @type {{ label: string, value: unknown }} */ d) =>
        [el("dt", { text: d.label }), el("dd", { text: shown(d.value) || "\u2014" })]));
    } catch (error) {
      derived.replaceChildren(el("dt", { text: "Cannot be read" }), el("dd", { text: messageOf(error) }));
    }
  };
  sheet.addEventListener("toggle", () => {
    if (!sheet.open) return;
    const catalog = catalogNow();
    const game = catalog && catalog.games.find((g) => g.key === first.game);
    if (!drawnSheet && game) {
      drawnSheet = true;
      sheet.append(el("p", { className: "rp-party-sub", text: "What derives" }), derived, eventList(game, current));
    }
    refreshDerived();
  });
  /** @param {Member} member @param {Kept} kept */
  const update = (member, kept) => {
    const catalog = catalogNow();
    const game = catalog ? catalog.games.find((g) => g.key === member.game) : undefined;
    name.textContent = member.name;
    const kindField = game && game.fields.find((f) => f.kind === "choice");
    const kindValue = kindField && kindField.kind === "choice" ? kindField.choices.find((c) => c.value === member[kindField.name]) : null;
    kind.textContent = kindValue ? kindValue.label : "";
    values.textContent = glance(game, member);
    actor.setAttribute("aria-pressed", kept.actor === id ? "true" : "false");
    target.setAttribute("aria-pressed", kept.target === id ? "true" : "false");
    actor.setAttribute("aria-label", "Acts: " + member.name);
    target.setAttribute("aria-label", "Target: " + member.name);
    up.setAttribute("aria-label", "Move " + member.name + " up");
    down.setAttribute("aria-label", "Move " + member.name + " down");
    row.classList.toggle("rp-party-acting", kept.actor === id);
    row.classList.toggle("rp-party-targeted", kept.target === id);
    refreshDerived();
  };
  update(first, /** @type {Kept} */ ({ party: { version: 1, members: [] }, actor: null, target: null }));
  return { row, update };
}

/** @type {Map<string, Row>} */
const rows = new Map();

/**
 * Draws `kept` into `list` (groups by game), reusing each member's row.
 * @param {HTMLElement} list
 * @param {Kept} kept
 * @param {Tools} tools
 */
export function drawMembers(list, kept, tools) {
  const members = kept.party.members;
  const seen = new Set(members.map((m) => m.id));
  for (const [id, row] of rows) if (!seen.has(id)) { row.row.remove(); rows.delete(id); }
  /** @type {string[]} */
  const games = [];
  for (const m of members) if (games.indexOf(m.game) === -1) games.push(m.game);
  const catalog = catalogNow();
  if (catalog) games.sort((a, b) => catalog.games.findIndex((g) => g.key === a) - catalog.games.findIndex((g) => g.key === b));
  /** @type {HTMLElement[]} */
  const groups = [];
  for (const game of games) {
    let group = /** @type {HTMLElement | null} */ (list.querySelector(':scope > [data-game="' + CSS.escape(game) + '"]'));
    if (!group) {
      group = el("section", { className: "rp-party-group", "data-game": game }, [
        el("h3", { text: gameTitle(game) }), el("ul", { className: "rp-party-list" }),
      ]);
    }
    const heading = group.querySelector("h3");
    if (heading) heading.textContent = gameTitle(game);
    const ul = /** @type {HTMLElement} */ (group.querySelector("ul"));
    const inGame = members.filter((m) => m.game === game);
    inGame.forEach((member, index) => {
      let row = rows.get(member.id);
      if (!row) { row = memberRow(member, tools); rows.set(member.id, row); }
      row.update(member, kept);
      if (ul.children[index] !== row.row) ul.insertBefore(row.row, ul.children[index] || null);
      const up = row.row.querySelector('[data-role="move-up"]');
      const down = row.row.querySelector('[data-role="move-down"]');
      if (up instanceof HTMLButtonElement) up.disabled = index === 0;
      if (down instanceof HTMLButtonElement) down.disabled = index === inGame.length - 1;
    });
    groups.push(group);
  }
  for (const child of Array.from(list.children)) if (groups.indexOf(/** @type {HTMLElement} */ (child)) === -1) child.remove();
  groups.forEach((group, index) => { if (list.children[index] !== group) list.insertBefore(group, list.children[index] || null); });
}
