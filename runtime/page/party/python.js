// The party's calls to rules_py.web.call ("party.*"): a result, or a refusal
// with its field and plain message (thrown as a PartyRefusal).
import { callPython } from "../worker-link.js";

export class PartyRefusal extends Error {
  /**
   * @param {string | null} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/**
 * @param {string} name "party.apply", "party.fill", ...
 * @param {{ [key: string]: unknown }} request
 * @returns {Promise<{ [key: string]: any }>}
 */
export function partyCall(name, request) {
  return callPython(name, request).then((response) => {
    if (!response.ok) throw new PartyRefusal(response.error.field, response.error.message);
    return /** @type {{ [key: string]: any }} */ (response.result);
  });
}

// The words of a refusal, or of a runtime failure.
/** @param {unknown} error */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
