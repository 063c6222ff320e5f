// One widget on the page: its form, its requests to rules_py.web.call, its
// errors next to their fields, and its result drawn from the view Python
// returns, right under the buttons and scrolled into view. No rules live
// here: every bound, message and result comes from Python.
import { el } from "./dom.js";
import { holdInView, reveal } from "./in-view.js";
import { buildActions, buildField, buildReplay, changeEvent, fieldVisible, readValues } from "./forms.js";
import { drawKept, renderView } from "./blocks.js";
import { loadState, saveState, setStateAside, storageKey } from "./state.js";
import { readKept, updateKept } from "./store.js";
import { callPython } from "./worker-link.js";
import { addEntry, resultText } from "./roll-log.js";
import { shareBar, shareUrl } from "./share.js";
import { offerChanges, withParty } from "./party/roller.js";

/**
 * @import { CallError, CallRequest, CallResponse, CallResult } from "../contract/messages.js"
 * @import { FieldInput, WidgetSpec } from "./forms.js"
 */

/**
 * How an action's answer is shown: `near`, the node it came from (a choice
 * button), `replay`, a share link's roll, and `ask`, a link whose state
 * replaces the saved one only once the reader says so.
 * @typedef {{ near?: Element | null, replay?: boolean, ask?: boolean }} How
 */

const AUTO_DELAY_MS = 150; // odds previews wait for typing to pause
const CLICK_WAIT_MS = 300; // the longest a finger's click is waited for after its release

// The wrapper forms.js puts every field's input in.
/**
 * @param {Element} input
 * @returns {HTMLElement}
 */
function fieldOf(input) {
  return /** @type {HTMLElement} */ (input.closest(".rp-field"));
}

function pageTitle() {
  const heading = document.querySelector(".md-content h1");
  return heading ? (heading.textContent ?? "").replace(/\u00b6$/, "").trim() : document.title;
}

export class Widget {
  // Drawn by build(), which the constructor calls:
  /** @type {HTMLElement | undefined} where a preview's step goes, in the form */
  stepSlot;
  /** @type {HTMLDetailsElement | undefined} "More options" */
  more;
  /** @type {HTMLElement} */
  generalError;
  /** @type {HTMLElement} the odds preview */
  odds;
  /** @type {HTMLElement} */
  result;
  /** @type {HTMLElement} the live region that holds the result */
  live;
  /** @type {HTMLElement} */
  notice;
  /** @type {HTMLElement} */
  linkNote;
  /** @type {import("./forms.js").ActionSpec | null} the first button's action */
  primary = null;
  /** @type {HTMLButtonElement | null} the first button this mode shows */
  mainButton = null;
  /** @type {AbortController | undefined} withdraws the preview in flight */
  previewAbort;
  /** a card played from the preview's hand: focus goes to the next hand */
  refocusHand = false;
  /** boot.js has sent the first preview */
  previewed = false;

  // `root` is the page's .rp-widget element, `spec` its catalog entry and
  // `index` its position among the page's widgets (part of the state key).
  /**
   * @param {HTMLElement} root
   * @param {WidgetSpec} spec
   * @param {number} index
   */
  constructor(root, spec, index) {
    this.root = root;
    this.spec = spec;
    this.name = spec.name;
    // Without a prototype: a field named by a link or an answer ("__proto__",
    // "constructor") finds nothing here unless the form has it.
    /** @type {{ [field: string]: FieldInput }} */
    this.inputs = Object.create(null);
    /** @type {{ [field: string]: HTMLElement }} */
    this.errors = Object.create(null);
    /** @type {{ [action: string]: HTMLButtonElement }} */
    this.buttons = {};
    /** @type {CallRequest | null} */
    this.lastRequest = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.autoTimer = null;
    this.stateKey = storageKey(root, index);
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve(); // actions, one at a time per widget
    /** @type {Promise<unknown>} */
    this.previews = Promise.resolve(); // previews of a stateless widget, one at a time
    this.seq = 0; // orders every request of this widget
    this.latestPreview = 0;
    this.lastAction = 0;
    this.lastEdit = 0;
    this.busy = 0;
    // What came to be drawn while a button of this widget is held down, in
    // order, drawn once it is released (see holdDrawsWhilePressed).
    /** @type {(() => void)[]} */
    this.heldDraws = [];
    this.pressing = false;
    // Fields that others depend on (a mode): changing one clears the result.
    this.controllers = new Set(spec.fields.flatMap((f) => Object.keys(f.shown_when || {})));
    /** @type {{ [field: string]: unknown }} */
    let config = {};
    try { config = JSON.parse(root.dataset.config || "{}"); } catch (error) { config = {}; }
    root.rpWidget = this;
    this.build(config);
    root.addEventListener("pointerdown", (event) => this.holdDrawsWhilePressed(event), true);
  }

  // Anything drawn while a button is held down can move that button (an
  // error above it cleared: a row that wrapped closes up; "Roll (starting…)"
  // becoming "Roll") or replace it (a hand drawn again): the release then lands
  // elsewhere, the browser sends no click, and the press is lost. So a
  // preview, an answer or a label that comes meanwhile is drawn once the
  // button is released, after the click it makes. Only buttons: a <select>'s
  // own list may take the release, and its change must still be previewed.
  // (A key's click goes to the focused button wherever it is drawn.)
  /** @param {PointerEvent} event */
  holdDrawsWhilePressed(event) {
    if (this.pressing || !(event.target instanceof Element) || !event.target.closest("button")) return;
    this.pressing = true;
    const listening = new AbortController();
    let drawn = false;
    const drawHeld = () => {
      if (drawn) return;
      drawn = true;
      listening.abort();
      this.pressing = false;
      for (const draw of this.heldDraws.splice(0)) draw();
    };
    // A mouse's click follows its release at once; a finger's only once the
    // tap is told from a drag, after the touch's own release, or never (a
    // long press, a drag off the button): the draws wait for the click, or
    // for CLICK_WAIT_MS.
    const released = () => {
      window.addEventListener("click", () => setTimeout(drawHeld, 0), { capture: true, signal: listening.signal });
      setTimeout(drawHeld, CLICK_WAIT_MS);
    };
    window.addEventListener("pointerup", released, { capture: true, signal: listening.signal });
    window.addEventListener("pointercancel", drawHeld, { capture: true, signal: listening.signal });
    // The window losing focus (another app) may take the release with it. Not
    // captured: an input's own blur, as the press moves focus, is no release.
    window.addEventListener("blur", drawHeld, { signal: listening.signal });
    // A release lost to the system (a share sheet, say) must not stop the
    // widget drawing: the next sign of it ends the press too (the page
    // hidden, a pointer moving with no button down, a new press).
    document.addEventListener("visibilitychange", () => { if (document.hidden) drawHeld(); }, { signal: listening.signal });
    window.addEventListener("pointermove", (move) => { if (move.buttons === 0) drawHeld(); },
      { capture: true, signal: listening.signal });
    window.addEventListener("pointerdown", (next) => { if (next.isPrimary) drawHeld(); },
      { capture: true, signal: listening.signal });
  }

  // Draws at once, or after the button held down is released (in order).
  /**
   * @template T
   * @param {() => T} draw
   * @returns {Promise<T>}
   */
  afterRelease(draw) {
    if (!this.pressing && !this.heldDraws.length) return Promise.resolve(draw());
    return new Promise((resolve, reject) => {
      this.heldDraws.push(() => {
        try { resolve(draw()); } catch (error) { reject(error); }
      });
    });
  }

  /** @param {{ [field: string]: unknown }} config the page's values for fields */
  build(config) {
    const spec = this.spec;
    const form = el("form", { className: "rp-form", novalidate: true, "aria-label": spec.title });
    const advanced = spec.fields.filter((f) => f.advanced);
    const moreFields = el("div", { className: "rp-more-fields" });
    for (const field of spec.fields) {
      const { wrap, input, error } = buildField(field, field.name in config ? config[field.name] : field.default);
      (field.advanced ? moreFields : form).appendChild(wrap);
      this.inputs[field.name] = input;
      this.errors[field.name] = error;
      input.addEventListener(changeEvent(field), () => {
        this.lastEdit = ++this.seq;
        this.refreshVisibility();
        if (this.controllers.has(field.name)) this.clearOutput();
        this.scheduleAuto();
      });
      if (field.enter === "preview" && input instanceof HTMLInputElement) {
        // Enter in a filter filters at once; it does not submit (roll).
        input.addEventListener("keydown", (event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          clearTimeout(this.autoTimer);
          this.autoTimer = null;
          this.runPreviews();
        });
      }
    }
    if (spec.step_before && this.inputs[spec.step_before]) {
      // The preview's step (a hand to choose from) is drawn here, in the form,
      // next to the fields that set it up (see renderStep in blocks.js).
      this.stepSlot = el("div", { className: "rp-step", "data-role": "step" });
      fieldOf(this.inputs[spec.step_before]).before(this.stepSlot);
    }
    if (advanced.length) {
      const moreKey = "more:" + spec.name;
      this.more = el("details", { className: "rp-more" }, [
        el("summary", { text: "More options (" + advanced.length + ")" }), moreFields,
      ]);
      this.more.open = (readKept("settings") || {})[moreKey] === true;
      const more = this.more;
      more.addEventListener("toggle", () => {
        if (((readKept("settings") || {})[moreKey] === true) === more.open) return;
        updateKept("settings", (settings) => ({ ...settings, [moreKey]: more.open }));
      });
      form.appendChild(more);
    }

    const { buttons, primary } = buildActions(spec.actions, (name) => this.run(name, null));
    for (const button of buttons.querySelectorAll("button")) {
      if (button.dataset.action) this.buttons[button.dataset.action] = button;
    }
    this.primary = primary;
    if (buttons.children.length) form.appendChild(buttons);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // Enter runs the main button: the first one that applies in this mode.
      if (this.mainButton && this.mainButton.dataset.action) this.run(this.mainButton.dataset.action, null);
    });

    this.generalError = el("p", { className: "rp-error rp-error-general", "data-role": "error", "data-field": "" });
    form.appendChild(this.generalError);

    this.odds = el("div", { className: "rp-odds", "data-role": "odds" });
    this.result = el("div", { className: "rp-result", "data-role": "result" });
    this.live = el("div", { className: "rp-live", "aria-live": "polite" }, [this.result]);
    this.notice = el("p", { className: "rp-note rp-notice", role: "status" });
    // What became of a link in the address (damaged, for a roller not on the
    // page, waiting for the reader's word): stays until the reader acts.
    this.linkNote = el("div", { className: "rp-link-report", "data-role": "link-report", role: "status", hidden: true });

    // Rarely needed, so folded and quiet: how to roll by hand, and a seed to replay.
    const extras = el("div", { className: "rp-extras" });
    if (spec.hand_roll) {
      extras.appendChild(el("details", { className: "rp-by-hand" }, [
        el("summary", { text: "By hand" }), el("p", { text: spec.hand_roll }),
      ]));
    }
    const hasRandom = spec.actions.some((a) => a.random && !a.auto);
    if (hasRandom && primary) {
      const replay = buildReplay((seed) => this.run(primary.name, seed));
      this.inputs.seed = replay.input;
      this.errors.seed = replay.error;
      extras.appendChild(replay.details);
    }

    const heading = el("p", { className: "rp-title", text: spec.title });
    this.root.replaceChildren(heading, this.linkNote, form, this.live, this.notice, this.odds, extras);
    this.refreshVisibility();
    // boot.js sets data-state and sends the first odds preview once Python
    // is ready and the page idle, so no preview delays a first roll.
  }

  values() {
    return readValues(this.spec.fields, this.inputs);
  }

  // The request for `action`: the visible fields' values, the seed to replay
  // if any, and the saved state of a stateful widget.
  /**
   * @param {string} action
   * @param {string | null} seed as typed, to replay a roll
   * @returns {CallRequest}
   */
  request(action, seed) {
    const all = this.values();
    /** @type {CallRequest} */
    const request = { action };
    for (const field of this.spec.fields) {
      if (fieldVisible(field, all)) request[field.name] = all[field.name];
    }
    if (seed !== null && seed !== undefined) request.seed = seed;
    if (this.spec.stateful) request.state = this.loadState();
    return request;
  }

  refreshVisibility() {
    const values = this.values();
    for (const field of this.spec.fields) {
      fieldOf(this.inputs[field.name]).hidden = !fieldVisible(field, values);
    }
    if (this.more) {
      // "More options" counts the fields this mode shows, and goes when it shows none.
      const shown = this.spec.fields.filter((f) => f.advanced && fieldVisible(f, values)).length;
      const summary = this.more.querySelector("summary");
      if (summary) summary.textContent = "More options (" + shown + ")";
      this.more.hidden = shown === 0;
    }
    // The main button is the first one that applies in this mode: drawn as
    // the main one, and run by Enter (see the form's submit). A mode whose
    // first action is hidden ("Use power" of a card pool) has one too.
    this.mainButton = null;
    for (const action of this.spec.actions) {
      const button = this.buttons[action.name];
      if (!button) continue;
      button.hidden = !fieldVisible(action, values);
      if (!button.hidden && !this.mainButton) this.mainButton = button;
      button.classList.toggle("md-button--primary", button === this.mainButton);
    }
  }

  // Output that no longer applies (another mode was chosen).
  clearOutput() {
    this.result.replaceChildren();
    if (this.stepSlot) this.stepSlot.replaceChildren();
    this.placeResult(null);
    this.clearErrors();
  }

  // The result goes under the buttons, or, for a choice made in the step
  // (a card of the hand), right above the step: what was just played, then
  // the next choice, where the player is looking.
  /** @param {Element | null | undefined} near */
  placeResult(near) {
    const inStep = Boolean(near && this.stepSlot && this.stepSlot.contains(near));
    const anchor = inStep && this.stepSlot ? this.stepSlot : this.notice;
    if (anchor.previousSibling !== this.live) anchor.before(this.live);
  }

  // Where a preview's choices are: the step slot, else the odds.
  /** @param {Element | null | undefined} near */
  choicesAround(near) {
    return Boolean(near && (this.odds.contains(near) || (this.stepSlot && this.stepSlot.contains(near))));
  }

  /** @param {unknown} action */
  isAuto(action) {
    return this.spec.actions.some((a) => a.name === action && a.auto);
  }

  /** @param {number} [delay] ms; the typing pause by default */
  scheduleAuto(delay) {
    if (!this.spec.actions.some((a) => a.auto)) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => {
      this.autoTimer = null;
      this.runPreviews();
    }, delay === undefined ? AUTO_DELAY_MS : delay);
  }

  runPreviews() {
    for (const action of this.spec.actions) {
      if (action.auto) this.preview(action.name);
    }
  }

  // A preview waits only for the one in flight: one scheduled after it
  // supersedes it before it is sent, and only the latest answer is drawn.
  // A stateful widget's previews keep their turn among its actions (they
  // read and may rewrite its state); a stateless widget's go on their own,
  // so a button press never queues behind them.
  /** @param {string} action */
  preview(action) {
    const seq = ++this.seq;
    this.latestPreview = seq;
    // The preview before this one is stale: withdrawn if it still waits,
    // interrupted if it runs (where the browser allows, see worker-link.js).
    if (this.previewAbort) this.previewAbort.abort();
    const controller = new AbortController();
    this.previewAbort = controller;
    const go = () => {
      if (seq !== this.latestPreview) return null; // superseded: never sent
      return this.call(this.request(action, null), controller.signal)
        .then((response) => this.showPreview(response, seq), () => null); // told by boot.js
    };
    if (this.spec.stateful) {
      this.queue = this.queue.then(go, go);
      return this.queue;
    }
    this.previews = this.previews.then(go, go);
    return this.previews;
  }

  // A button pressed within the preview's delay: start the preview now, so the
  // odds match the form that was rolled.
  flushAuto() {
    if (this.autoTimer === null) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = null;
    this.runPreviews();
  }

  loadState() {
    return loadState(this.stateKey);
  }

  /** @param {unknown} state */
  saveState(state) {
    saveState(this.stateKey, state);
  }

  clearErrors() {
    for (const name of Object.keys(this.errors)) {
      this.errors[name].textContent = "";
      this.inputs[name].removeAttribute("aria-invalid");
    }
    this.generalError.textContent = "";
    for (const stale of this.result.querySelectorAll(".rp-error-near")) stale.remove();
  }

  // Next to its field when there is one (opening "More options" if it is
  // there); a follow-up's error next to the choices it came from; else under
  // the buttons. Returns the node that shows it.
  /**
   * @param {CallError} error
   * @param {Element | null | undefined} near
   * @returns {HTMLElement}
   */
  showError(error, near) {
    const field = error.field;
    const input = field ? this.inputs[field] : undefined;
    if (input && this.more && this.more.contains(input) && !fieldOf(input).hidden) {
      this.more.open = true;
    }
    if (field && input && !input.closest("[hidden]") && !input.closest("details:not([open])")) {
      this.errors[field].textContent = error.message;
      input.setAttribute("aria-invalid", "true");
      return this.errors[field];
    }
    const replay = input && input.closest("details");
    if (field && input && replay && replay.classList.contains("rp-replay")) {
      replay.open = true;
      this.errors[field].textContent = error.message;
      input.setAttribute("aria-invalid", "true");
      return this.errors[field];
    }
    if (near && near.isConnected) {
      const node = el("p", { className: "rp-error rp-error-near", "data-role": "error",
        "data-field": error.field || "", text: error.message });
      near.after(node);
      return node;
    }
    this.generalError.textContent = error.message;
    return this.generalError;
  }

  /**
   * @param {string} action
   * @param {string | null} seed
   */
  run(action, seed) {
    if (this.isAuto(action)) return this.preview(action);
    this.flushAuto();
    return this.act(this.request(action, seed), {});
  }

  // A choice button: the last request again with the option's keys on top.
  /**
   * @param {{ [key: string]: unknown }} extra
   * @param {Element} near the choices it came from
   */
  followUp(extra, near) {
    this.flushAuto();
    // With the seed of the roll it follows (the same dice, judged another way, say).
    const base = { ...(this.lastRequest || this.request(this.spec.actions[0].name, null)) };
    if (this.spec.stateful) base.state = this.loadState();
    // A card played from the hand in the preview: the preview is redrawn, so
    // keyboard focus goes to the next hand's first card (see showPreview).
    this.refocusHand = this.choicesAround(near);
    return this.act({ ...base, ...extra }, { near }).then(() => {
      // The pressed button was redrawn: keep keyboard focus on the choice just made.
      const chosen = this.result.querySelector(".rp-choice-selected");
      const lost = !document.activeElement || document.activeElement === document.body;
      if (chosen instanceof HTMLElement && lost) chosen.focus();
    });
  }

  // The roll of a share link (untrusted: Python validates it like anything
  // typed). The form shows the link's inputs; the result is marked a replay.
  // Only the link's own keys count: a "__proto__" key is one more unknown
  // field for Python to refuse, never the prototype of the values.
  /**
   * @param {CallRequest} request
   * @param {boolean} [ask] keep the saved state until the reader chooses the link's
   */
  replayLink(request, ask = false) {
    /** @type {CallRequest} */
    const values = Object.fromEntries(Object.entries(request).filter(([key]) => key !== "state"));
    for (const field of this.spec.fields) {
      if (!Object.hasOwn(values, field.name)) continue;
      const input = this.inputs[field.name];
      const value = values[field.name];
      if (field.kind === "bool" && input instanceof HTMLInputElement) input.checked = value === true;
      else input.value = typeof value === "string" || typeof value === "number" ? String(value) : "";
    }
    this.refreshVisibility();
    this.scheduleAuto(0);
    this.root.scrollIntoView({ block: "start", behavior: "instant" });
    return this.act(values, { replay: true, ask }).then((shown) => holdInView(shown instanceof Element ? shown : null));
  }

  // The link's result is shown; its state replaces the one kept here only
  // when the reader presses the button.
  /** @param {unknown} state */
  offerLinkState(state) {
    const replace = el("button", { type: "button", className: "md-button md-button--primary rp-button",
      "data-role": "link-replace", text: "Replace mine with the link's" });
    const keep = el("button", { type: "button", className: "md-button rp-button", "data-role": "link-keep", text: "Keep mine" });
    replace.addEventListener("click", () => {
      this.clearLinkReport();
      this.saveState(state);
      this.scheduleAuto(0);
    });
    keep.addEventListener("click", () => this.clearLinkReport());
    this.reportLink("This roll link's result is shown below, and " + this.spec.title + " still keeps your own game " +
      "here. Replace yours with the link's?", [replace, keep]);
    this.linkNote.dataset.role = "link-ask";
  }

  /**
   * Says what became of a link (one line, until the reader acts), with
   * buttons when it asks something.
   * @param {string} text
   * @param {HTMLElement[]} [buttons]
   */
  reportLink(text, buttons = []) {
    this.linkNote.replaceChildren(el("p", { text }), ...(buttons.length ? [el("p", { className: "rp-actions" }, buttons)] : []));
    this.linkNote.dataset.role = "link-report";
    this.linkNote.hidden = false;
  }

  clearLinkReport() {
    this.linkNote.dataset.role = "link-report";
    this.linkNote.replaceChildren();
    this.linkNote.hidden = true;
  }

  // Actions of one widget go out one after another, and a stateful widget's
  // state is read when its turn comes: two quick clicks then play two moves
  // in order instead of both starting from the same saved state.
  /**
   * @param {CallRequest} request
   * @param {How} how
   */
  act(request, how) {
    if (!how.replay) this.clearLinkReport();
    const seq = ++this.seq;
    this.lastAction = seq;
    const turn = () => {
      if (this.spec.stateful && "state" in request) request.state = this.loadState();
      return this.call(request).then((response) => this.showAction(request, response, how),
        (error) => {
          // The runtime failed or died: say so here; boot.js shows how it goes on.
          this.clearErrors();
          reveal(this.showError({ field: null, message: error.message }, how.near));
        });
    };
    this.queue = this.queue.then(turn, turn); // a failed request does not block the next
    return this.queue;
  }

  /**
   * @param {CallRequest} request
   * @param {AbortSignal} [signal]
   * @returns {Promise<CallResponse>}
   */
  call(request, signal) {
    this.busy += 1;
    this.root.setAttribute("aria-busy", "true");
    const done = () => {
      this.busy -= 1;
      if (!this.busy) this.root.removeAttribute("aria-busy");
    };
    const preview = this.isAuto(request.action);
    return callPython(this.name, withParty(request), { preview, signal })
      .then((response) => this.withoutRefusedState(request, response, preview, signal))
      .then((response) => { done(); return response; }, (error) => { done(); throw error; });
  }

  // A request the boundary refuses whole (too long, too deep) while it
  // carries a saved state: asked again without the state, to learn whose
  // fault it is. Refused again, it is the inputs' (a long paste): the error
  // is theirs and the state stays. Answered, the state could never be sent:
  // it is set aside (offered for download where the roll log is), not
  // deleted, and the widget goes on from a fresh one, with a notice.
  /**
   * @param {CallRequest} request
   * @param {CallResponse} response
   * @param {boolean} preview
   * @param {AbortSignal} [signal]
   * @returns {CallResponse | Promise<CallResponse>}
   */
  withoutRefusedState(request, response, preview, signal) {
    const refused = !response.ok && this.spec.stateful && request.state != null &&
      response.error.field === "request";
    if (!refused) return response;
    const fresh = { ...request, state: null };
    return callPython(this.name, withParty(fresh), { preview, signal }).then((again) => {
      if (!again.ok && again.error.field === "request") return response;
      setStateAside(this.stateKey, "The saved state of " + this.spec.title + " could not be sent (" +
        (response.ok ? "" : response.error.message) + ")");
      if (again.ok) {
        again.result.notice = "The saved state could not be used (" + (response.ok ? "" : response.error.message) +
          "): it is set aside, and offered for download in the roll log.";
      }
      return again;
    });
  }

  /**
   * @param {CallResponse} response
   * @param {number} seq
   */
  showPreview(response, seq) {
    if (seq !== this.latestPreview) return; // a newer preview is on its way
    // Kept at once, drawn perhaps later (afterRelease).
    if (response.ok && this.spec.stateful && "state" in response.result) this.saveState(response.result.state);
    return this.afterRelease(() => this.drawPreview(response, seq));
  }

  /**
   * @param {CallResponse} response
   * @param {number} seq
   */
  drawPreview(response, seq) {
    if (seq !== this.latestPreview) return; // a newer preview is on its way
    // The preview speaks for the errors only when no button was pressed since
    // the form was last edited: else they are that button's.
    const mine = seq > this.lastAction && (this.lastAction === 0 || this.lastEdit > this.lastAction);
    if (!response.ok) {
      // A hand drawn for the old form must not stay pressable: say why it is gone.
      if (this.stepSlot) {
        this.stepSlot.replaceChildren(el("p", { className: "rp-note",
          text: "The next choice shows once this is fixed: " + response.error.message }));
      }
      if (mine) {
        this.clearErrors();
        this.showError(response.error, null);
      }
      return;
    }
    if (mine) this.clearErrors();
    const result = response.result;
    if (result.notice !== undefined || mine) this.notice.textContent = result.notice || "";
    // Drawn part by part, each kept where it is unchanged (see drawKept): the
    // hand in the step slot (an action may have drawn it), the odds below.
    const steps = result.view.filter((block) => block.type === "step");
    if (this.stepSlot && !steps.length) this.stepSlot.replaceChildren(); // a view without a step leaves none
    drawKept(this.odds, this.stepSlot ? result.view.filter((block) => block.type !== "step") : result.view, this);
    if (this.stepSlot) for (const step of steps) drawKept(this.stepSlot, step.blocks, this);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (this.refocusHand && lost) {
      const next = (this.stepSlot && this.stepSlot.querySelector(".rp-choice")) || this.odds.querySelector(".rp-choice");
      if (next instanceof HTMLElement) next.focus({ preventScroll: true });
    }
  }

  /**
   * @param {CallRequest} request
   * @param {CallResponse} response
   * @param {How} how
   * @returns {Promise<HTMLElement>} the node revealed: the error or the result
   */
  showAction(request, response, how) {
    // Kept at once, drawn perhaps later (afterRelease).
    if (response.ok && this.spec.stateful && "state" in response.result && !how.ask) this.saveState(response.result.state);
    return this.afterRelease(() => this.drawAction(request, response, how));
  }

  /**
   * @param {CallRequest} request
   * @param {CallResponse} response
   * @param {How} how
   * @returns {HTMLElement} the node revealed: the error or the result
   */
  drawAction(request, response, how) {
    this.clearErrors();
    this.placeResult(how.near);
    if (!response.ok) {
      const error = this.showError(response.error, how.near);
      reveal(error);
      return error;
    }
    const result = response.result;
    if (this.spec.stateful && "state" in result && how.ask) this.offerLinkState(result.state);
    this.notice.textContent = result.notice || "";
    const random = result.seed_text !== undefined;
    if (random) {
      request = Object.fromEntries(Object.entries({ ...request, seed: result.seed_text }).filter(([key]) => key !== "state"));
    }
    this.lastRequest = request;
    renderView(this.result, result.view, this);
    if (result.form) this.setForm(result.form);
    if (random) this.showRandom(request, result, how);
    offerChanges(this.result, result, this.spec.title);
    reveal(this.live);
    // A stateful move changes what the odds preview depends on (the hand, say).
    if (this.spec.stateful) this.scheduleAuto(0);
    return this.live;
  }

  // Values Python asks the form to hold next (the side to act, say).
  /** @param {{ [field: string]: unknown }} values */
  setForm(values) {
    for (const [name, value] of Object.entries(values)) {
      const input = this.inputs[name];
      if (!input || name === "seed") continue;
      if (input.type === "checkbox") input.checked = value === true;
      else input.value = String(value);
    }
    this.refreshVisibility();
  }

  // A random result: its seed, a link that replays it, copy buttons, and an
  // entry in the roll log (not for a replay: it is the same roll again).
  /**
   * @param {CallRequest} request
   * @param {CallResult} result
   * @param {How} how
   */
  showRandom(request, result, how) {
    const link = shareUrl(this.name, request);
    const seed = result.seed_text ?? ""; // a random result has one (see showAction)
    /** @type {import("./roll-log.js").Entry} */
    const entry = {
      time: new Date().toISOString(), widget: this.name, title: this.spec.title,
      page: location.pathname + location.search, pageTitle: pageTitle(),
      inputs: result.inputs_text || "", summary: result.summary || "", seed, link,
    };
    if (how.replay) {
      this.result.prepend(el("p", { className: "rp-replay-mark", "data-role": "replay-mark",
        text: "Replay of a shared roll: the same inputs and seed give the same result." }));
    }
    this.result.appendChild(el("p", { className: "rp-seed" }, [
      "Seed ", el("code", { "data-role": "seed", text: seed }),
    ]));
    this.result.appendChild(shareBar(link, () => resultText(entry)));
    if (!how.replay) addEntry(entry);
  }
}
