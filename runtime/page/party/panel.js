// The party panel: characters and foes kept in this browser, on every page
// and by keyboard like the roll log (a button at the bottom of the window;
// Escape closes). New members are drawn from their game's sheet, checked by
// Python; the one who acts and the one targeted are chosen in one tap each
// and fill the rollers; the party leaves as a file or a link and comes back
// through Python's checks, never replacing anything without asking.
import { el, freshId } from "../dom.js";
import { keptStatus, watchStatus } from "../store.js";
import { catalogNow, gameTitle, partyCatalog } from "./catalog.js";
import { changeParty, currentParty, onParty, UNKEPT } from "./kept.js";
import { memberForm } from "./member-form.js";
import { drawMembers } from "./members.js";
import { messageOf, partyCall } from "./python.js";
import { exportParty, memberLink, memberOfLink, MEMBER_PREFIX, readPartyFile } from "./transfer.js";
import { copyText } from "../dom.js";

/**
 * @typedef {import("./kept.js").Member} Member
 * @typedef {import("./kept.js").Kept} Kept
 * @typedef {{ label: string, role: string, run: () => unknown, primary?: boolean }} Choice
 */

/**
 * @type {{ dock: HTMLElement, panel: HTMLElement, heading: HTMLElement, toggle: HTMLButtonElement,
 *   list: HTMLElement, editor: HTMLElement, offer: HTMLElement, status: HTMLElement, kept: HTMLElement,
 *   games: HTMLSelectElement, table: HTMLElement, empty: HTMLElement } | null}
 */
let party = null;

/** @param {string} text */
function say(text) {
  if (party) party.status.textContent = text;
}

// A question in the panel ("Replace the party?") with its buttons.
/**
 * @param {string} text
 * @param {Choice[]} choices
 */
function ask(text, choices) {
  if (!party) return;
  const offer = party.offer;
  const buttons = choices.map((choice) => {
    const button = el("button", { type: "button", className: "md-button rp-button" + (choice.primary ? " md-button--primary" : ""),
      "data-role": choice.role, text: choice.label });
    button.addEventListener("click", async () => {
      offer.replaceChildren();
      offer.hidden = true;
      await choice.run();
    });
    return button;
  });
  offer.replaceChildren(el("p", { text }), el("p", { className: "rp-actions" }, buttons));
  offer.hidden = false;
  setOpen(true);
  buttons[0].focus();
}

/** @param {(kept: Kept) => Kept} change @param {string} [done] */
async function keep(change, done) {
  const answer = await changeParty(change);
  if (done) say(done + (answer.reason ? " " + answer.reason : ""));
  return answer.kept;
}

// ------------------------------------------------------------ member tools

/** @param {Member} member @param {string} title @param {(m: Member) => Promise<void>} save */
async function openForm(member, title, save) {
  if (!party) return;
  const editor = party.editor;
  const catalog = await partyCatalog();
  const game = catalog.games.find((g) => g.key === member.game);
  if (!game) { say("This site has no sheet for the game " + member.game + "."); return; }
  const close = () => { editor.replaceChildren(); editor.hidden = true; if (party) party.heading.focus(); };
  const form = memberForm(game, member, title, async (checked) => { await save(checked); close(); }, close);
  editor.replaceChildren(el("h3", { text: title }), form);
  editor.hidden = false;
  const first = form.querySelector("input, select");
  if (first instanceof HTMLElement) first.focus();
}

/** @type {import("./members.js").Tools} */
const tools = {
  choose(role, id) {
    keep((kept) => ({ ...kept, [role]: kept[role] === id ? null : id }));
  },
  edit(member) {
    openForm(member, "Edit " + member.name, (checked) => keep((kept) => ({
      actor: kept.actor === member.id ? checked.id : kept.actor,
      target: kept.target === member.id ? checked.id : kept.target,
      party: { ...kept.party, members: kept.party.members.map((m) => m.id === member.id ? checked : m) },
    }), "Saved " + checked.name + ".").then(() => undefined));
  },
  async duplicate(member) {
    try {
      const fresh = await partyCall("party.new", { game: member.game });
      const copy = await partyCall("party.validate", { member: { ...member, id: fresh.member.id } });
      const members = currentParty().party.members;
      await partyCall("party.load", { party: { version: 1, members: [...members, copy.member] } });
      await keep((kept) => {
        const list = kept.party.members.slice();
        const at = list.findIndex((m) => m.id === member.id);
        list.splice(at === -1 ? list.length : at + 1, 0, copy.member);
        return { ...kept, party: { ...kept.party, members: list } };
      }, "Duplicated " + member.name + ": edit the copy to tell them apart.");
    } catch (error) {
      say(messageOf(error));
    }
  },
  async move(id, step) {
    const pressed = document.activeElement;
    // The store changes the party in memory (and the panel redraws) at once;
    // focus goes back to the moved row then, not after the write.
    const written = keep((kept) => {
      const list = kept.party.members.slice();
      const at = list.findIndex((m) => m.id === id);
      if (at === -1) return kept;
      // The next member of the same game: the panel lists each game apart.
      let other = at + step;
      while (other >= 0 && other < list.length && list[other].game !== list[at].game) other += step;
      if (other < 0 || other >= list.length) return kept;
      [list[at], list[other]] = [list[other], list[at]];
      return { ...kept, party: { ...kept.party, members: list } };
    });
    const row = party && party.list.querySelector('[data-member-id="' + CSS.escape(id) + '"]');
    if (row && pressed instanceof HTMLElement && pressed.dataset.role) {
      const same = row.querySelector('[data-role="' + pressed.dataset.role + '"]');
      const other = row.querySelector('[data-role="' + (step < 0 ? "move-down" : "move-up") + '"]');
      const focus = same instanceof HTMLButtonElement && !same.disabled ? same : other;
      if (focus instanceof HTMLElement) focus.focus();
    }
    await written;
  },
  remove(member) {
    const before = currentParty().party.members;
    const index = before.findIndex((m) => m.id === member.id);
    keep((kept) => ({ ...kept, party: { ...kept.party, members: kept.party.members.filter((m) => m.id !== member.id) } }))
      .then(() => {
        if (party) party.heading.focus();
        ask("Removed " + member.name + ".", [
          { label: "Undo remove", role: "undo-remove", run: () => keep((kept) => {
            if (kept.party.members.some((m) => m.id === member.id)) return kept;
            const list = kept.party.members.slice();
            list.splice(Math.min(index, list.length), 0, member);
            return { ...kept, party: { ...kept.party, members: list } };
          }, "Restored " + member.name + ".") },
          { label: "OK", role: "dismiss", run: () => undefined },
        ]);
      });
  },
  share(member) {
    const link = memberLink(member);
    const fallback = el("pre", { className: "rp-copy-text", text: link });
    if (party) party.offer.replaceChildren(el("p", { text: "A link to " + member.name + " (opening it offers to add them):" }),
      el("p", { className: "rp-party-link" }, [el("a", { href: link, "data-role": "member-link", text: "Link to " + member.name })]), fallback);
    if (party) party.offer.hidden = false;
    copyText(link, fallback, party ? party.status : null);
  },
};

// ------------------------------------------------------------ the panel's own tools

async function create() {
  if (!party) return;
  const key = party.games.value;
  try {
    const made = await partyCall("party.new", { game: key });
    await openForm(made.member, "New " + gameTitle(key) + " character", async (checked) => {
      const members = currentParty().party.members;
      await partyCall("party.load", { party: { version: 1, members: [...members, checked] } });
      await keep((kept) => ({ ...kept, party: { ...kept.party, members: [...kept.party.members, checked] } }), "Added " + checked.name + ".");
    });
  } catch (error) {
    say(messageOf(error));
  }
}

/** @param {File} file */
async function importFile(file) {
  try {
    const incoming = await readPartyFile(file);
    const replace = () => keep(() => ({ party: incoming, actor: null, target: null }),
      "Imported " + incoming.members.length + " members from " + file.name + ".");
    const count = currentParty().party.members.length;
    if (!count) { await replace(); return; }
    ask("Replace the " + count + " members of this party with the " + incoming.members.length + " of " + file.name + "?", [
      { label: "Replace", role: "confirm-import", run: replace, primary: true },
      { label: "Keep this party", role: "cancel-import", run: () => say("Nothing was imported.") },
    ]);
  } catch (error) {
    say("Nothing was imported: " + messageOf(error));
  }
}

// A #member= link: offer to add the member it holds; one already here is
// replaced only when the player says so.
async function offerLinkedMember() {
  if (!location.hash.startsWith(MEMBER_PREFIX)) return;
  try {
    const member = await memberOfLink(location.hash);
    if (!member) return;
    await partyCatalog().catch(() => null);
    const there = currentParty().party.members.find((m) => m.id === member.id);
    const add = () => keep((kept) => ({ ...kept, party: { ...kept.party,
      members: kept.party.members.filter((m) => m.id !== member.id).concat([member]) } }), "Added " + member.name + ".");
    ask(there ? "This link holds " + member.name + " (" + gameTitle(member.game) + "), who is already in your party as " +
      there.name + ". Replace them with the link's?" : "Add " + member.name + " (" + gameTitle(member.game) + ") from this link to your party?", [
      { label: there ? "Replace" : "Add to the party", role: "add-linked", run: add, primary: true },
      { label: "No, thanks", role: "dismiss", run: () => say("Nothing was added.") },
    ]);
  } catch (error) {
    ask(messageOf(error) + " Nothing was added.", [{ label: "OK", role: "dismiss", run: () => undefined }]);
  }
}

// A bestiary creature as a foe (a button the bestiary's macro writes).
/** @param {string} creature */
export async function addFoe(creature) {
  try {
    const made = await partyCall("party.from_bestiary", { creature });
    const members = currentParty().party.members;
    await partyCall("party.load", { party: { version: 1, members: [...members, made.member] } });
    await keep((kept) => ({ ...kept, party: { ...kept.party, members: [...kept.party.members, made.member] } }),
      "Added " + made.member.name + " as a foe.");
    return made.member.name + " is in the party as a foe.";
  } catch (error) {
    return messageOf(error);
  }
}

// ------------------------------------------------------------ drawing

/** @param {Kept} kept */
function render(kept) {
  if (!party) return;
  const members = kept.party.members;
  party.toggle.textContent = "Party (" + members.length + ")";
  if (party.panel.hidden) return; // drawn when opened
  party.empty.hidden = members.length > 0;
  drawMembers(party.list, kept, tools);
  const name = (/** @type {string | null} */ id) => (members.find((m) => m.id === id) || { name: "nobody" }).name;
  party.table.textContent = "Acts: " + name(kept.actor) + ". Targeted: " + name(kept.target) + ".";
  const state = keptStatus().state;
  party.kept.textContent = state === "kept" ? "Kept in this browser, on every page of the site."
    : UNKEPT[state === "visit-only" ? "refused" : "full"];
  party.kept.classList.toggle("rp-party-unkept", state !== "kept");
}

/** @param {boolean} open */
function setOpen(open) {
  if (!party) return;
  const wasHidden = party.panel.hidden;
  party.panel.hidden = !open;
  party.toggle.setAttribute("aria-expanded", open ? "true" : "false");
  if (open && wasHidden) {
    party.heading.focus();
    partyCatalog().then((catalog) => {
      if (!party) return;
      if (!party.games.options.length) {
        party.games.append(...catalog.games.map((g) => el("option", { value: g.key, text: g.title })));
      }
      render(currentParty());
    }, (error) => say(messageOf(error)));
    render(currentParty());
  }
}

export function mountParty() {
  if (party && document.body.contains(party.dock)) { render(currentParty()); offerLinkedMember(); return; }
  const headingId = freshId("rp-party-title");
  /** @param {string} text @param {string} role @param {() => void} run */
  const button = (text, role, run) => {
    const node = el("button", { type: "button", className: "md-button rp-button", "data-role": role, text });
    node.addEventListener("click", run);
    return node;
  };
  const gamesId = freshId("rp-party-game");
  const games = el("select", { id: gamesId, "data-role": "party-game" });
  const fileId = freshId("rp-party-file");
  const file = el("input", { id: fileId, type: "file", accept: ".json,application/json", className: "rp-party-file", "data-role": "import-party" });
  file.addEventListener("change", () => { if (file.files && file.files[0]) importFile(file.files[0]); file.value = ""; });
  const heading = el("h2", { id: headingId, tabindex: "-1", text: "Party" });
  const toggle = el("button", { type: "button", className: "rp-party-toggle md-button md-button--primary",
    "aria-controls": "rp-party", "aria-expanded": "false", "data-role": "party-toggle", text: "Party" });
  const close = button("Close", "close-party", () => { setOpen(false); toggle.focus(); });
  const clear = button("Clear", "clear-party", () => {
    const count = currentParty().party.members.length;
    if (!count) { say("The party is empty."); return; }
    ask("Remove all " + count + " members? Export the party first to keep a copy.", [
      { label: "Remove all", role: "confirm-clear", run: () => keep(() => ({ party: { version: 1, members: [] }, actor: null, target: null }), "The party is cleared."), primary: true },
      { label: "Keep them", role: "dismiss", run: () => say("Nothing was removed.") },
    ]);
  });
  const exporter = button("Export", "export-party", () => {
    exportParty(currentParty().party).then((count) => say("Exported " + count + " members as party.json."),
      (error) => say("Nothing was exported: " + messageOf(error)));
  });
  const panel = el("section", { id: "rp-party", className: "rp-party md-typeset", "data-role": "party",
    "aria-labelledby": headingId, "data-search-exclude": true, hidden: true }, []);
  party = {
    dock: el("div", { className: "rp-party-dock" }, [toggle, panel]), panel, heading, toggle,
    list: el("div", { className: "rp-party-groups" }), editor: el("div", { className: "rp-party-editor", hidden: true }),
    offer: el("div", { className: "rp-party-offer", "data-role": "party-offer", hidden: true }),
    status: el("p", { className: "rp-party-status", role: "status", "data-role": "party-status" }),
    kept: el("p", { className: "rp-party-kept", "data-role": "party-kept" }),
    games, table: el("p", { className: "rp-party-table", "data-role": "party-table" }),
    empty: el("p", { className: "rp-party-empty", text: "No one yet: create a character, or add a foe from the Cairn bestiary." }),
  };
  panel.append(heading,
    el("p", { className: "rp-party-about", text: "Characters and foes. The one who acts and the one targeted fill the rollers, and a result that changes them offers Apply." }),
    party.kept, party.table, party.offer, party.status,
    el("p", { className: "rp-party-new" }, [el("label", { for: gamesId, text: "Game" }), games, button("New character", "new-member", create)]),
    party.editor, party.empty, party.list,
    el("p", { className: "rp-actions" }, [exporter, el("label", { for: fileId, className: "md-button rp-button rp-party-import", text: "Import\u2026" }), file, clear, close]));
  toggle.addEventListener("click", () => setOpen(Boolean(panel.hidden)));
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { setOpen(false); toggle.focus(); }
  });
  document.body.appendChild(party.dock);
  render(currentParty());
  offerLinkedMember();
}

onParty(render);
watchStatus(() => render(currentParty()));
window.addEventListener("hashchange", () => offerLinkedMember());
