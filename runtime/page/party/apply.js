// Changes to members, as Python made them ({who, field, from, to, why}):
// applied or taken back by party.apply / party.undo, member by member, then
// kept in one write that holds only while every member is still the one
// Python saw (another tab may have changed it meanwhile: Python is asked
// again with the new member, and refuses a change made for another state).
// The roll log records who changed and how.
import { addEntry } from "../roll-log.js";
import { fieldLabel } from "./catalog.js";
import { changeParty, currentParty, sameJson } from "./kept.js";
import { PartyRefusal, partyCall } from "./python.js";

/** @typedef {{ who: string, field: string, from: unknown, to: unknown, why: string }} Change */
/** @typedef {import("./kept.js").Member} Member */

const ATTEMPTS = 4; // another tab wrote between the call and the write: ask again

/** @param {unknown} value */
function shown(value) {
  // A record in a list (a Judge Two mark and its form) reads as the panel shows it: "crush martial".
  if (Array.isArray(value)) return value.length ? value.map((v) => v && typeof v === "object" ? Object.values(v).join(" ") : String(v)).join(", ") : "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

/**
 * "Ada: HP 6 → 1 (5 damage)", for the panel and the log.
 * @param {Change} change
 * @param {Member | null} member
 */
export function changeText(change, member) {
  const name = member ? member.name : change.who;
  const label = member ? fieldLabel(member.game, change.field) : change.field;
  return name + ": " + label + " " + shown(change.from) + " \u2192 " + shown(change.to) +
    (change.why ? " (" + change.why + ")" : "");
}

/**
 * @param {Change[]} changes
 * @param {"party.apply" | "party.undo"} operation
 * @param {string} title what made them (a roller's title, an event's label)
 * @returns {Promise<Member[]>} the members after them
 */
export async function runChanges(changes, operation, title) {
  const ids = Array.from(new Set(changes.map((c) => c.who)));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const members = currentParty().party.members;
    /** @type {Member[]} */
    const before = [];
    for (const id of ids) {
      const member = members.find((m) => m.id === id);
      if (!member) throw new PartyRefusal("who", "Nobody in the party is " + id + " any more: nothing was changed.");
      before.push(member);
    }
    /** @type {Member[]} */
    const after = [];
    for (const member of before) {
      const result = await partyCall(operation, { member, changes: changes.filter((c) => c.who === member.id) });
      after.push(result.member);
    }
    let held = true;
    const answer = await changeParty((kept) => {
      held = before.every((m) => sameJson(kept.party.members.find((k) => k.id === m.id), m));
      if (!held) return kept;
      const members = kept.party.members.map((k) => after.find((a) => a.id === k.id) || k);
      return { ...kept, party: { ...kept.party, members } };
    });
    if (!held) continue;
    logChanges(changes, before, operation, title, answer.reason);
    return after;
  }
  throw new PartyRefusal(null, "The party kept changing in another tab: nothing was changed. Try again.");
}

/**
 * @param {Change[]} changes
 * @param {Member[]} members
 * @param {string} operation
 * @param {string} title
 * @param {string | undefined} reason the store's word when nothing is kept
 */
function logChanges(changes, members, operation, title, reason) {
  const undo = operation === "party.undo";
  const lines = changes.map((c) => changeText(c, members.find((m) => m.id === c.who) || null));
  addEntry({
    time: new Date().toISOString(), widget: "party", title: (undo ? "Undone: " : "Applied: ") + title,
    page: location.pathname + location.search, pageTitle: document.title,
    inputs: reason || "", summary: lines.join("; "), seed: "", link: location.pathname + location.search,
  });
}
