// One widget on the page: its form, its requests to rules_py.web.call (one at
// a time), its errors next to their fields, and its result drawn from the
// view Python returns. No rules live here: every bound, message and result
// comes from Python.
import { el } from "./dom.js";
import { buildActions, buildField, buildReplay, changeEvent, fieldVisible, readValues } from "./forms.js";
import { renderView } from "./blocks.js";
import { loadState, saveState, storageKey } from "./state.js";
import { callPython } from "./worker-link.js";

const AUTO_DELAY_MS = 150; // odds previews wait for typing to pause

export class Widget {
  // `root` is the page's .rp-widget element, `spec` its catalog entry and
  // `index` its position among the page's widgets (part of the state key).
  constructor(root, spec, index) {
    this.root = root;
    this.spec = spec;
    this.name = spec.name;
    this.inputs = {};
    this.errors = {};
    this.lastRequest = null;
    this.autoTimer = null;
    this.stateKey = storageKey(root, index);
    this.queue = Promise.resolve(); // one request at a time per widget
    let config = {};
    try { config = JSON.parse(root.dataset.config || "{}"); } catch (error) { config = {}; }
    this.build(config);
  }

  build(config) {
    const spec = this.spec;
    const form = el("form", { className: "rp-form", novalidate: true, "aria-label": spec.title });
    for (const field of spec.fields) {
      const { wrap, input, error } = buildField(field, field.name in config ? config[field.name] : field.default);
      form.appendChild(wrap);
      this.inputs[field.name] = input;
      this.errors[field.name] = error;
      input.addEventListener(changeEvent(field), () => {
        this.refreshVisibility();
        this.scheduleAuto();
      });
    }

    const { buttons, primary } = buildActions(spec.actions, (name) => this.run(name, null));
    if (buttons.children.length) form.appendChild(buttons);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (primary) this.run(primary.name, null);
    });

    this.generalError = el("p", { className: "rp-error rp-error-general", "data-role": "error", "data-field": "" });
    form.appendChild(this.generalError);

    const hasRandom = spec.actions.some((a) => a.random && !a.auto);
    if (hasRandom && primary) {
      const replay = buildReplay((seed) => this.run(primary.name, seed));
      this.inputs.seed = replay.input;
      this.errors.seed = replay.error;
      form.appendChild(replay.details);
    }

    this.odds = el("div", { className: "rp-odds", "data-role": "odds" });
    this.result = el("div", { className: "rp-result", "data-role": "result" });
    const live = el("div", { className: "rp-live", "aria-live": "polite" }, [this.result]);
    this.notice = el("p", { className: "rp-note rp-notice", role: "status" });

    const heading = el("p", { className: "rp-title", text: spec.title });
    this.root.replaceChildren(heading, form, this.odds, this.notice, live);
    this.refreshVisibility();
    this.root.dataset.state = "ready";
    this.scheduleAuto(0);
  }

  values() {
    return readValues(this.spec.fields, this.inputs);
  }

  // The request for `action`: the visible fields' values, the seed to replay
  // if any, and the saved state of a stateful widget.
  request(action, seed) {
    const all = this.values();
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
      this.inputs[field.name].closest(".rp-field").hidden = !fieldVisible(field, values);
    }
  }

  isAuto(action) {
    return this.spec.actions.some((a) => a.name === action && a.auto);
  }

  scheduleAuto(delay) {
    const auto = this.spec.actions.filter((a) => a.auto);
    if (!auto.length) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => {
      this.autoTimer = null;
      for (const action of auto) this.run(action.name, null);
    }, delay === undefined ? AUTO_DELAY_MS : delay);
  }

  // A button pressed within the preview's delay: send the preview first, so its
  // answer (which clears errors) cannot arrive after the button's and wipe its error.
  flushAuto() {
    if (this.autoTimer === null) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = null;
    for (const a of this.spec.actions) {
      if (a.auto) this.send(this.request(a.name, null));
    }
  }

  loadState() {
    return loadState(this.stateKey);
  }

  saveState(state) {
    saveState(this.stateKey, state);
  }

  clearErrors() {
    for (const name of Object.keys(this.errors)) {
      this.errors[name].textContent = "";
      this.inputs[name].removeAttribute("aria-invalid");
    }
    this.generalError.textContent = "";
  }

  // Next to its field when that field is shown, else under the form.
  showError(error) {
    const input = error.field && this.inputs[error.field];
    if (input && !input.closest("[hidden]")) {
      this.errors[error.field].textContent = error.message;
      input.setAttribute("aria-invalid", "true");
    } else {
      this.generalError.textContent = error.message;
    }
  }

  run(action, seed) {
    if (!this.isAuto(action)) this.flushAuto();
    return this.send(this.request(action, seed));
  }

  // A choice button: the last request again with the option's keys on top.
  followUp(extra) {
    this.flushAuto();
    const base = Object.assign({}, this.lastRequest || this.request(this.spec.actions[0].name, null));
    if (this.spec.stateful) base.state = this.loadState();
    return this.send(Object.assign(base, extra)).then(() => {
      // The pressed button was redrawn: keep keyboard focus on the choice just made.
      const chosen = this.result.querySelector(".rp-choice-selected");
      const lost = !document.activeElement || document.activeElement === document.body;
      if (chosen && lost) chosen.focus();
    });
  }

  // Requests of one widget go out one after another, and a stateful widget's
  // state is read when its turn comes: two quick clicks then play two moves
  // in order instead of both starting from the same saved state.
  send(request) {
    const turn = () => this.dispatch(request);
    this.queue = this.queue.then(turn, turn); // a failed request does not block the next
    return this.queue;
  }

  dispatch(request) {
    const auto = this.isAuto(request.action);
    if (this.spec.stateful && "state" in request) request.state = this.loadState();
    this.root.setAttribute("aria-busy", "true");
    return callPython(this.name, request).then((response) => {
      this.root.removeAttribute("aria-busy");
      this.clearErrors();
      if (!response.ok) {
        this.showError(response.error);
        return;
      }
      this.showResult(request, response.result, auto);
    });
  }

  // An auto action's view goes to the odds preview; any other replaces the
  // result, with the seed that replays it.
  showResult(request, result, auto) {
    if (this.spec.stateful && "state" in result) this.saveState(result.state);
    this.notice.textContent = result.notice || "";
    if (auto) {
      renderView(this.odds, result.view, this);
      return;
    }
    if (result.seed !== undefined) {
      request = Object.assign({}, request, { seed: result.seed });
      delete request.state;
    }
    this.lastRequest = request;
    renderView(this.result, result.view, this);
    if (result.seed !== undefined) {
      this.result.appendChild(el("p", { className: "rp-seed" }, [
        "Seed ", el("code", { "data-role": "seed", text: String(result.seed) }),
        " (replay it to get this result again)",
      ]));
    }
    // A stateful roll changes what the odds preview depends on (the hand, say).
    if (this.spec.stateful) this.scheduleAuto(0);
  }
}
