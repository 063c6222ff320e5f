// Widget runtime: starts one Pyodide worker per tab (only on pages that have a
// widget), builds each widget's form from the catalog that rules_py describes,
// sends JSON requests to rules_py.web.call and draws the JSON view it returns.
// No rules live here: every bound, message and result comes from Python.
// Output is built with DOM nodes and textContent only, never innerHTML.
(function () {
  "use strict";

  var SCRIPT_URL = document.currentScript.src;
  var WORKER_URL = new URL("worker.js", SCRIPT_URL);
  var START_TIMEOUT_MS = 20000;
  var AUTO_DELAY_MS = 150;

  // ------------------------------------------------------------------ worker

  var runtime = null; // {worker, ready: Promise<catalog>, pending: Map}
  var nextRequestId = 1;

  function broadcastStatus(text) {
    document.querySelectorAll('.rp-widget[data-state="loading"] [data-role="status"]').forEach(
      function (node) { node.textContent = text; }
    );
  }

  function startRuntime() {
    if (runtime) return runtime;
    var pending = new Map();
    var worker;
    var ready = new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        reject(new Error("The roller did not start within " + START_TIMEOUT_MS / 1000 +
          " seconds. The rules on this page still work; reload the page to try again."));
      }, START_TIMEOUT_MS);
      function fail(message) {
        clearTimeout(timer);
        reject(new Error(message));
      }
      try {
        worker = new Worker(WORKER_URL, { type: "module" });
      } catch (error) {
        fail("This browser cannot start the roller (" + error.message + ").");
        return;
      }
      worker.addEventListener("error", function (event) {
        event.preventDefault();
        fail("The roller could not load its Python runtime. The rules on this page still work.");
      });
      worker.addEventListener("message", function (event) {
        var message = event.data;
        if (message.type === "progress") {
          broadcastStatus(message.text);
        } else if (message.type === "ready") {
          clearTimeout(timer);
          document.documentElement.dataset.rpRuntime = message.mode; // "snapshot" | "fallback"
          resolve(JSON.parse(message.catalog));
        } else if (message.type === "failed") {
          fail("The roller could not start: " + message.message +
            " The rules on this page still work.");
        } else if (message.type === "response") {
          var settle = pending.get(message.id);
          pending.delete(message.id);
          if (settle) settle(JSON.parse(message.response));
        }
      });
    });
    runtime = { worker: worker, ready: ready, pending: pending };
    return runtime;
  }

  function callPython(name, request) {
    var rt = startRuntime();
    return rt.ready.then(function () {
      return new Promise(function (resolve) {
        var id = nextRequestId++;
        rt.pending.set(id, resolve);
        rt.worker.postMessage({ id: id, name: name, request: JSON.stringify(request) });
      });
    });
  }

  // ------------------------------------------------------------------ DOM helpers

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === "text") node.textContent = value;
        else if (key === "className") node.className = value;
        else node.setAttribute(key, value === true ? "" : value);
      });
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  var uid = 0;
  function freshId(prefix) { uid += 1; return prefix + "-" + uid; }

  // ------------------------------------------------------------------ view blocks

  var blockRenderers = {
    outcome: function (block) {
      return el("p", { className: "rp-outcome rp-tone-" + (block.tone || "neutral"), text: block.text });
    },
    line: function (block) { return el("p", { className: "rp-line", text: block.text }); },
    note: function (block) {
      return el("p", { className: "rp-note" }, [el("span", { className: "rp-note-mark", text: "Note: " }), block.text]);
    },
    dice: function (block) {
      var list = el("ul", { className: "rp-dice-list", role: "list" });
      block.dice.forEach(function (die) {
        var tags = die.tags || [];
        var spoken = "d" + die.sides + " showing " + die.value + (tags.length ? ", " + tags.join(", ") : "");
        list.appendChild(el("li", {
          className: "rp-die " + tags.map(function (t) { return "rp-die-" + t; }).join(" "),
          "aria-label": spoken, title: spoken,
        }, [el("span", { "aria-hidden": "true", text: String(die.value) })]));
      });
      return el("div", { className: "rp-dice" }, [el("span", { className: "rp-dice-label", text: block.label }), list]);
    },
    facts: function (block) {
      var list = el("dl", { className: "rp-facts" });
      block.items.forEach(function (item) {
        list.appendChild(el("dt", { text: item[0] }));
        list.appendChild(el("dd", { text: item[1] }));
      });
      return list;
    },
    table: function (block) { return dataTable(block.caption, block.columns, block.rows, block.highlight); },
    chart: renderChart,
    choices: function (block, widget) {
      var group = el("div", { className: "rp-choices", role: "group", "aria-label": block.prompt });
      group.appendChild(el("p", { className: "rp-choices-prompt", text: block.prompt }));
      block.options.forEach(function (option) {
        var button = el("button", {
          type: "button", className: "rp-choice" + (option.selected ? " rp-choice-selected" : ""),
          "aria-pressed": option.selected ? "true" : "false",
        }, [el("span", { className: "rp-choice-label", text: option.label })]);
        if (option.badge) button.appendChild(el("span", { className: "rp-badge", text: option.badge }));
        option.lines.forEach(function (text) {
          button.appendChild(el("span", { className: "rp-choice-line", text: text }));
        });
        button.addEventListener("click", function () { widget.followUp(option.request); });
        group.appendChild(button);
      });
      return group;
    },
    copy: function (block) {
      var text = el("pre", { className: "rp-copy-text", text: block.text });
      var status = el("span", { className: "rp-copy-status", role: "status" });
      var button = el("button", { type: "button", className: "md-button rp-button", text: block.label });
      button.addEventListener("click", function () {
        var done = function () { status.textContent = "Copied."; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(block.text).then(done, function () { selectText(text); });
        } else {
          selectText(text);
        }
      });
      return el("div", { className: "rp-copy" }, [text, button, status]);
    },
    focus_element: function (block) {
      var target = document.getElementById(block.id);
      document.querySelectorAll(".rp-focused").forEach(function (node) { node.classList.remove("rp-focused"); });
      if (target) {
        target.classList.add("rp-focused");
        target.scrollIntoView({ block: "center", behavior: "smooth" });
      }
      return null;
    },
    filter_rows: function (block) {
      var tableNode = document.getElementById(block.table);
      if (!tableNode) return null;
      var visible = new Set(block.visible);
      tableNode.querySelectorAll("tbody tr").forEach(function (row) {
        row.hidden = !visible.has(row.id);
      });
      return null;
    },
  };

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function dataTable(caption, columns, rows, highlight) {
    var head = el("tr", null, columns.map(function (c) { return el("th", { scope: "col", text: c }); }));
    var body = el("tbody", null, rows.map(function (row, index) {
      return el("tr", { className: index === highlight ? "rp-row-highlight" : null },
        row.map(function (cell) { return el("td", { text: cell }); }));
    }));
    return el("table", { className: "rp-table" }, [
      caption ? el("caption", { text: caption }) : null, el("thead", null, [head]), body,
    ]);
  }

  // The odds chart: bars for sighted readers, the same numbers as a table for
  // screen readers (and for anyone who presses "Show as table").
  function renderChart(block) {
    var figure = el("figure", { className: "rp-chart" });
    var titleId = freshId("rp-chart-title");
    figure.appendChild(el("figcaption", { id: titleId, className: "rp-chart-title", text: block.title }));
    if (block.summary) figure.appendChild(el("p", { className: "rp-sr-only", text: block.summary }));
    var detail = el("p", { className: "rp-chart-detail", "aria-live": "polite" });
    var bars = el("div", { className: "rp-bars", "aria-hidden": "true" });
    block.bars.forEach(function (bar) {
      var fill = el("span", { className: "rp-bar-fill" });
      fill.style.width = Math.max(bar.width * 100, bar.width > 0 ? 1 : 0) + "%";
      var row = el("div", { className: "rp-bar" + (bar.highlight ? " rp-bar-highlight" : ""), tabindex: "-1" }, [
        el("span", { className: "rp-bar-label", text: bar.label }),
        el("span", { className: "rp-bar-track" }, [fill]),
        el("span", { className: "rp-bar-value", text: bar.chance }),
      ]);
      var describe = function () {
        // at_least_label: a bar grouping several results says "300 or more", not "300–301 or more".
        detail.textContent = bar.label + ": " + bar.chance +
          (bar.at_least ? "; " + (bar.at_least_label || bar.label + " or more") + ": " + bar.at_least : "");
        bars.querySelectorAll(".rp-bar-focus").forEach(function (n) { n.classList.remove("rp-bar-focus"); });
        row.classList.add("rp-bar-focus");
      };
      row.addEventListener("mouseenter", describe);
      row.addEventListener("click", describe);
      bars.appendChild(row);
    });
    figure.appendChild(bars);
    if (block.mean !== undefined) figure.appendChild(el("p", { className: "rp-chart-mean", text: "Mean: " + block.mean }));
    figure.appendChild(detail);
    var columns = ["Result", "Chance"];
    var hasAtLeast = block.bars.length && block.bars[0].at_least !== undefined;
    if (hasAtLeast) columns.push("This or more");
    var rows = block.bars.map(function (bar) {
      return hasAtLeast ? [bar.label, bar.chance, bar.at_least] : [bar.label, bar.chance];
    });
    var tableWrap = el("div", { className: "rp-chart-table rp-sr-only" }, [dataTable(block.title, columns, rows, null)]);
    var toggle = el("button", { type: "button", className: "rp-link-button", "aria-expanded": "false", text: "Show as table" });
    toggle.addEventListener("click", function () {
      var open = tableWrap.classList.toggle("rp-sr-only");
      toggle.setAttribute("aria-expanded", open ? "false" : "true");
      toggle.textContent = open ? "Show as table" : "Hide table";
    });
    // Keyboard: arrow keys walk the bars and read each bar's figures aloud.
    var focusIndex = -1;
    var walker = el("button", { type: "button", className: "rp-link-button", text: "Explore bars" });
    walker.addEventListener("keydown", function (event) {
      var rowsNodes = bars.children;
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft" && event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      var step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      focusIndex = Math.min(rowsNodes.length - 1, Math.max(0, focusIndex + step));
      rowsNodes[focusIndex].click();
    });
    walker.addEventListener("click", function () {
      if (focusIndex < 0 && bars.children.length) { focusIndex = 0; bars.children[0].click(); }
    });
    walker.setAttribute("aria-label", "Explore bars: use the arrow keys to hear each result's chance");
    figure.appendChild(el("div", { className: "rp-chart-tools" }, [walker, toggle]));
    figure.appendChild(tableWrap);
    return figure;
  }

  function renderView(container, view, widget) {
    var nodes = [];
    view.forEach(function (block) {
      var renderer = blockRenderers[block.type];
      var node = renderer ? renderer(block, widget) : el("p", { className: "rp-line", text: "(" + block.type + ")" });
      if (node) nodes.push(node);
    });
    container.replaceChildren.apply(container, nodes);
  }

  // ------------------------------------------------------------------ widgets

  // Whole-number fields get - and + buttons for thumbs at the table, and the
  // arrow keys for keyboards; both stay within the catalog's bounds. The
  // buttons are left out of the Tab order: the field itself takes the arrows.
  function stepper(field, input) {
    function step(delta) {
      var current = parseInt(input.value, 10);
      if (isNaN(current)) current = field.default;
      var next = Math.min(field.max, Math.max(field.min, current + delta));
      input.value = String(next);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowUp" || event.key === "ArrowDown") {
        event.preventDefault();
        step(event.key === "ArrowUp" ? 1 : -1);
      }
    });
    var minus = el("button", { type: "button", className: "rp-step", tabindex: "-1",
      "aria-label": "Decrease " + field.label, text: "\u2212" });
    var plus = el("button", { type: "button", className: "rp-step", tabindex: "-1",
      "aria-label": "Increase " + field.label, text: "+" });
    minus.addEventListener("click", function () { step(-1); });
    plus.addEventListener("click", function () { step(1); });
    return el("div", { className: "rp-stepper" }, [minus, input, plus]);
  }

  function fieldVisible(field, values) {
    if (!field.shown_when) return true;
    return Object.keys(field.shown_when).every(function (other) {
      return field.shown_when[other].indexOf(String(values[other])) !== -1;
    });
  }

  function storageKey(root, index) {
    return "rp-state:" + location.pathname + ":" + root.dataset.widget + ":" + index;
  }

  function Widget(root, spec, index) {
    this.root = root;
    this.spec = spec;
    this.name = spec.name;
    this.inputs = {};
    this.errors = {};
    this.lastRequest = null;
    this.autoTimer = null;
    this.stateKey = storageKey(root, index);
    this.queue = Promise.resolve(); // one request at a time per widget
    var config = {};
    try { config = JSON.parse(root.dataset.config || "{}"); } catch (error) { config = {}; }
    this.build(config);
  }

  Widget.prototype.build = function (config) {
    var self = this;
    var spec = this.spec;
    var form = el("form", { className: "rp-form", novalidate: true, "aria-label": spec.title });
    spec.fields.forEach(function (field) {
      var id = freshId("rp-" + field.name);
      var errorId = id + "-error";
      var helpId = id + "-help";
      var initial = field.name in config ? config[field.name] : field.default;
      var input;
      if (field.kind === "choice") {
        input = el("select", { id: id, name: field.name });
        field.choices.forEach(function (choice) {
          var opt = el("option", { value: choice.value, text: choice.label });
          if (choice.value === initial) opt.selected = true;
          input.appendChild(opt);
        });
      } else if (field.kind === "bool") {
        input = el("input", { id: id, name: field.name, type: "checkbox" });
        input.checked = Boolean(initial);
      } else {
        input = el("input", {
          id: id, name: field.name, type: "text", autocomplete: "off", spellcheck: "false",
          inputmode: field.kind === "int" ? "numeric" : null,
        });
        input.value = String(initial);
      }
      input.setAttribute("aria-describedby", (field.help ? helpId + " " : "") + errorId);
      var label = el("label", { for: id, text: field.kind === "int"
        ? field.label + " (" + field.min + "\u2013" + field.max + ")" : field.label });
      var error = el("p", { id: errorId, className: "rp-error", "data-role": "error", "data-field": field.name });
      var control = field.kind === "int" ? stepper(field, input) : input;
      var wrap = el("div", { className: "rp-field rp-field-" + field.kind, "data-field": field.name },
        field.kind === "bool" ? [input, label] : [label, control]);
      if (field.help) wrap.appendChild(el("p", { id: helpId, className: "rp-help", text: field.help }));
      wrap.appendChild(error);
      form.appendChild(wrap);
      self.inputs[field.name] = input;
      self.errors[field.name] = error;
      input.addEventListener(field.kind === "text" || field.kind === "int" ? "input" : "change", function () {
        self.refreshVisibility();
        self.scheduleAuto();
      });
    });

    var buttons = el("div", { className: "rp-actions" });
    var primary = null;
    spec.actions.forEach(function (action) {
      if (action.auto) return;
      var button = el("button", {
        type: primary ? "button" : "submit", className: "md-button" + (primary ? "" : " md-button--primary") + " rp-button",
        "data-action": action.name, text: action.label,
      });
      if (!primary) primary = action;
      else button.addEventListener("click", function () { self.run(action.name, null); });
      buttons.appendChild(button);
    });
    if (buttons.children.length) form.appendChild(buttons);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (primary) self.run(primary.name, null);
    });

    this.generalError = el("p", { className: "rp-error rp-error-general", "data-role": "error", "data-field": "" });
    form.appendChild(this.generalError);

    var hasRandom = spec.actions.some(function (a) { return a.random && !a.auto; });
    if (hasRandom && primary) {
      var seedId = freshId("rp-seed");
      var seedInput = el("input", { id: seedId, type: "text", inputmode: "numeric", autocomplete: "off", className: "rp-seed-input" });
      var seedError = el("p", { id: seedId + "-error", className: "rp-error", "data-role": "error", "data-field": "seed" });
      seedInput.setAttribute("aria-describedby", seedId + "-error");
      var replay = el("button", { type: "button", className: "md-button rp-button", text: "Replay" });
      replay.addEventListener("click", function () {
        var text = seedInput.value.trim();
        self.run(primary.name, /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text);
      });
      this.inputs.seed = seedInput;
      this.errors.seed = seedError;
      form.appendChild(el("details", { className: "rp-replay" }, [
        el("summary", { text: "Replay a roll from its seed" }),
        el("div", { className: "rp-field" }, [el("label", { for: seedId, text: "Seed" }), seedInput, replay]),
        seedError,
      ]));
    }

    this.odds = el("div", { className: "rp-odds", "data-role": "odds" });
    this.result = el("div", { className: "rp-result", "data-role": "result" });
    var live = el("div", { className: "rp-live", "aria-live": "polite" }, [this.result]);
    this.notice = el("p", { className: "rp-note rp-notice", role: "status" });

    var heading = el("p", { className: "rp-title", text: spec.title });
    this.root.replaceChildren(heading, form, this.odds, this.notice, live);
    this.refreshVisibility();
    this.root.dataset.state = "ready";
    this.scheduleAuto(0);
  };

  Widget.prototype.values = function () {
    var values = {};
    var self = this;
    this.spec.fields.forEach(function (field) {
      var input = self.inputs[field.name];
      if (field.kind === "bool") values[field.name] = input.checked;
      else if (field.kind === "int") {
        var text = input.value.trim();
        // Whole numbers travel as numbers; anything else travels as typed, so
        // Python can name the field and quote what was wrong.
        values[field.name] = /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
      } else values[field.name] = input.value;
    });
    return values;
  };

  Widget.prototype.request = function (action, seed) {
    var all = this.values();
    var request = { action: action };
    this.spec.fields.forEach(function (field) {
      if (fieldVisible(field, all)) request[field.name] = all[field.name];
    });
    if (seed !== null && seed !== undefined) request.seed = seed;
    if (this.spec.stateful) request.state = this.loadState();
    return request;
  };

  Widget.prototype.refreshVisibility = function () {
    var values = this.values();
    var self = this;
    this.spec.fields.forEach(function (field) {
      self.inputs[field.name].closest(".rp-field").hidden = !fieldVisible(field, values);
    });
  };

  Widget.prototype.scheduleAuto = function (delay) {
    var self = this;
    var auto = this.spec.actions.filter(function (a) { return a.auto; });
    if (!auto.length) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(function () {
      self.autoTimer = null;
      auto.forEach(function (action) { self.run(action.name, null); });
    }, delay === undefined ? AUTO_DELAY_MS : delay);
  };

  // A button pressed within the preview's delay: send the preview first, so its
  // answer (which clears errors) cannot arrive after the button's and wipe its error.
  Widget.prototype.flushAuto = function () {
    if (this.autoTimer === null) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = null;
    var self = this;
    this.spec.actions.forEach(function (a) {
      if (a.auto) self.send(self.request(a.name, null));
    });
  };

  Widget.prototype.loadState = function () {
    var raw = null;
    try { raw = localStorage.getItem(this.stateKey); } catch (error) { return null; }
    if (raw === null) return null;
    try { return JSON.parse(raw); } catch (error) { return raw; } // Python discards it with a notice
  };

  Widget.prototype.saveState = function (state) {
    try {
      if (state === null || state === undefined) localStorage.removeItem(this.stateKey);
      else localStorage.setItem(this.stateKey, JSON.stringify(state));
    } catch (error) { /* storage full or disabled: the widget still works for this visit */ }
  };

  Widget.prototype.clearErrors = function () {
    var self = this;
    Object.keys(this.errors).forEach(function (name) {
      self.errors[name].textContent = "";
      self.inputs[name].removeAttribute("aria-invalid");
    });
    this.generalError.textContent = "";
  };

  Widget.prototype.showError = function (error) {
    var input = error.field && this.inputs[error.field];
    if (input && !input.closest("[hidden]")) {
      this.errors[error.field].textContent = error.message;
      input.setAttribute("aria-invalid", "true");
    } else {
      this.generalError.textContent = error.message;
    }
  };

  Widget.prototype.run = function (action, seed) {
    var auto = this.spec.actions.some(function (a) { return a.name === action && a.auto; });
    if (!auto) this.flushAuto();
    return this.send(this.request(action, seed));
  };

  Widget.prototype.followUp = function (extra) {
    this.flushAuto();
    var base = Object.assign({}, this.lastRequest || this.request(this.spec.actions[0].name, null));
    if (this.spec.stateful) base.state = this.loadState();
    var self = this;
    return this.send(Object.assign(base, extra)).then(function () {
      // The pressed button was redrawn: keep keyboard focus on the choice just made.
      var chosen = self.result.querySelector(".rp-choice-selected");
      var lost = !document.activeElement || document.activeElement === document.body;
      if (chosen && lost) chosen.focus();
    });
  };

  // Requests of one widget go out one after another, and a stateful widget's
  // state is read when its turn comes: two quick clicks then play two moves
  // in order instead of both starting from the same saved state.
  Widget.prototype.send = function (request) {
    var self = this;
    var turn = function () { return self.dispatch(request); };
    this.queue = this.queue.then(turn, turn); // a failed request does not block the next
    return this.queue;
  };

  Widget.prototype.dispatch = function (request) {
    var self = this;
    var auto = this.spec.actions.some(function (a) { return a.name === request.action && a.auto; });
    if (this.spec.stateful && "state" in request) request.state = this.loadState();
    this.root.setAttribute("aria-busy", "true");
    return callPython(this.name, request).then(function (response) {
      self.root.removeAttribute("aria-busy");
      if (!response.ok) {
        self.clearErrors();
        self.showError(response.error);
        return;
      }
      self.clearErrors();
      var result = response.result;
      if (self.spec.stateful && "state" in result) self.saveState(result.state);
      self.notice.textContent = result.notice || "";
      if (auto) {
        renderView(self.odds, result.view, self);
        return;
      }
      if (result.seed !== undefined) {
        request = Object.assign({}, request, { seed: result.seed });
        delete request.state;
      }
      self.lastRequest = request;
      renderView(self.result, result.view, self);
      if (result.seed !== undefined) {
        self.result.appendChild(el("p", { className: "rp-seed" }, [
          "Seed ", el("code", { "data-role": "seed", text: String(result.seed) }),
          " (replay it to get this result again)",
        ]));
      }
      // A stateful roll changes what the odds preview depends on (the hand, say).
      if (self.spec.stateful) self.scheduleAuto(0);
    });
  };

  // ------------------------------------------------------------------ mounting

  function fail(root, message) {
    root.dataset.state = "failed";
    var status = root.querySelector('[data-role="status"]');
    if (status) {
      status.textContent = message;
      status.classList.add("rp-status-failed");
    }
  }

  function mountAll() {
    var roots = Array.prototype.slice.call(document.querySelectorAll(".rp-widget:not([data-mounted])"));
    if (!roots.length) return; // pages without widgets never start Pyodide
    var rt = startRuntime();
    roots.forEach(function (root, index) {
      root.setAttribute("data-mounted", "");
      root.dataset.state = "loading";
      rt.ready.then(function (catalog) {
        var spec = catalog.filter(function (w) { return w.name === root.dataset.widget; })[0];
        if (!spec) return fail(root, "This page asks for a roller that does not exist: " + root.dataset.widget + ".");
        new Widget(root, spec, index);
      }, function (error) {
        fail(root, error.message);
      });
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll); // Material: runs again after each instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
