// The bestiary's "Add ... to the party" buttons (written hidden by the Cairn
// creature macro): shown and wired once the party runtime runs; the creature
// becomes a foe through party.from_bestiary.
import { el } from "../dom.js";
import { addFoe } from "./panel.js";

export function wireFoeButtons() {
  /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-role="add-foe"]:not([data-wired])')).forEach((button) => {
    button.setAttribute("data-wired", "");
    button.hidden = false;
    const status = el("span", { className: "rp-copy-status", role: "status", "data-role": "add-foe-status" });
    button.after(" ", status);
    button.addEventListener("click", async () => {
      button.disabled = true;
      status.textContent = await addFoe(button.dataset.creature || "");
      button.disabled = false;
    });
  });
}
