// The party leaving and entering this browser: export as a file, import a
// file, one member as a link (#member=...). All three are untrusted coming
// in: party.load reads a file and party.validate a member, like anything
// typed; a bad one gets a plain message and changes nothing.
import { partyCall } from "./python.js";
import { PartyRefusal } from "./python.js";

/** @typedef {import("./kept.js").Member} Member */

export const MEMBER_PREFIX = "#member=";
const FILE_MAX_CHARS = 200000; // a full party is far smaller: refuse before parsing

/**
 * Downloads the party (as party.load writes it) as a file.
 * @param {{ version: number, members: Member[] }} party
 */
export async function exportParty(party) {
  const checked = await partyCall("party.load", { party });
  const blob = new Blob([JSON.stringify(checked.party, null, 2) + "\n"], { type: "application/json" });
  const address = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = address;
  link.download = "party.json";
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 10000);
  return /** @type {number} */ (checked.count);
}

/**
 * A file's party, checked (its members as the current format has them).
 * @param {File} file
 * @returns {Promise<{ version: number, members: Member[] }>}
 */
export async function readPartyFile(file) {
  if (file.size > FILE_MAX_CHARS * 4) throw new PartyRefusal("party", file.name + " is too large to be a party file.");
  const text = await file.text();
  if (text.length > FILE_MAX_CHARS) throw new PartyRefusal("party", file.name + " is too large to be a party file.");
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PartyRefusal("party", file.name + " is not a party file: it is not JSON.");
  }
  const checked = await partyCall("party.load", { party: parsed });
  return checked.party;
}

/** @param {Member} member */
export function memberLink(member) {
  return location.origin + location.pathname + location.search + MEMBER_PREFIX + encodeURIComponent(JSON.stringify(member));
}

/**
 * The member of an address's #member= part, checked: null when there is none.
 * @param {string} hash
 * @returns {Promise<Member | null>}
 */
export async function memberOfLink(hash) {
  if (!hash.startsWith(MEMBER_PREFIX)) return null;
  let parsed;
  try {
    parsed = JSON.parse(decodeURIComponent(hash.slice(MEMBER_PREFIX.length)));
  } catch (error) {
    throw new PartyRefusal("member", "This character link is damaged: its #member= part cannot be read.");
  }
  const checked = await partyCall("party.validate", { member: parsed });
  return checked.member;
}
