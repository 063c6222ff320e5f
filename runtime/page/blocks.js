// View blocks: Python answers with a list of blocks ({type, ...fields}) and
// this module draws each one, knowing no rules. One renderer per block type,
// in the RENDERERS table below. The types are defined once, in Python
// (rules_py/view_blocks.py), and declared for this module by
// ../contract/blocks.d.ts, written from them: the type check (make lint)
// fails when RENDERERS lacks a type or has one Python does not define, or a
// renderer reads a field its block does not have. runtime/README.md ("View
// blocks") lists them; tests/site/test_runtime_blocks.py checks it.
import { copyText, dataTable, el } from "./dom.js";
import { renderChart } from "./chart.js";

/**
 * @import { AnyBlock, ChoicesBlock, CopyBlock, DiceBlock, FactsBlock, FilterRowsBlock,
 *   FocusElementBlock, LineBlock, NoteBlock, OutcomeBlock, StepBlock, TableBlock } from "../contract/blocks"
 */

/**
 * What a block's buttons talk to: the widget (page/widget.js), which sends
 * a choice's request on top of its last one, and may have a slot for steps.
 * @typedef {object} BlockHost
 * @property {(extra: { [key: string]: unknown }, near: Element) => unknown} followUp
 * @property {HTMLElement} [stepSlot]
 */

/**
 * Block type -> its renderer: a node to show, or null. Every type of the
 * union, each with its own block's type, and no other.
 * @typedef {{ [T in AnyBlock["type"]]: (block: Extract<AnyBlock, { type: T }>, widget: BlockHost) => Node | null }} Renderers
 */

/** @param {OutcomeBlock} block */
function renderOutcome(block) {
  return el("p", { className: "rp-outcome rp-tone-" + (block.tone || "neutral"), text: block.text });
}

/** @param {LineBlock} block */
function renderLine(block) {
  return el("p", { className: "rp-line", text: block.text });
}

/** @param {NoteBlock} block */
function renderNote(block) {
  return el("p", { className: "rp-note" }, [el("span", { className: "rp-note-mark", text: "Note: " }), block.text]);
}

// What each die tag looks like (the mark drawn in the die's corner by
// widgets.css) and says, for the legend under a row of marked dice.
const DIE_MARKS = [
  ["success", "\u2713", "success"],
  ["failure", "\u2717", "failure"],
  ["kept", "\u2605", "kept"],
  ["best", "\u2605", "best"],
  ["double", "\u00d72", "counts twice"],
  ["exploded", "!", "exploded (rolled again)"],
  ["dropped", "\u2014", "dropped (struck through)"],
  ["discarded", "\u2014", "discarded (struck through)"],
];

/** @param {DiceBlock} block */
function renderDice(block) {
  const list = el("ul", { className: "rp-dice-list", role: "list" });
  /** @type {Set<string>} */
  const used = new Set();
  for (const die of block.dice) {
    const tags = die.tags || [];
    tags.forEach((t) => used.add(t));
    const spoken = "d" + die.sides + " showing " + die.value + (tags.length ? ", " + tags.join(", ") : "");
    list.appendChild(el("li", {
      className: "rp-die " + tags.map((t) => "rp-die-" + t).join(" "),
      "aria-label": spoken, title: spoken,
    }, [el("span", { "aria-hidden": "true", text: String(die.value) })]));
  }
  const node = el("div", { className: "rp-dice" }, [el("span", { className: "rp-dice-label", text: block.label }), list]);
  const legend = DIE_MARKS.filter(([tag]) => used.has(tag));
  if (legend.length) {
    // Screen readers hear each die's tags in its label already.
    node.appendChild(el("p", { className: "rp-dice-legend", "aria-hidden": "true" }, legend.map(
      ([tag, mark, meaning]) => el("span", { className: "rp-legend-item rp-legend-" + tag }, [
        el("span", { className: "rp-legend-mark", text: mark }), meaning,
      ]))));
  }
  return node;
}

/** @param {FactsBlock} block */
function renderFacts(block) {
  const list = el("dl", { className: "rp-facts" });
  for (const [name, value] of block.items) {
    list.appendChild(el("dt", { text: name }));
    list.appendChild(el("dd", { text: value }));
  }
  return list;
}

/** @param {TableBlock} block */
function renderTable(block) {
  return dataTable(block.caption, block.columns, block.rows, block.highlight);
}

// Each option is a button that sends its `request` as a follow-up of the last one.
/**
 * @param {ChoicesBlock} block
 * @param {BlockHost} widget
 */
function renderChoices(block, widget) {
  const group = el("div", { className: "rp-choices", role: "group", "aria-label": block.prompt });
  group.appendChild(el("p", { className: "rp-choices-prompt", text: block.prompt }));
  for (const option of block.options) {
    const button = el("button", {
      type: "button", className: "rp-choice" + (option.selected ? " rp-choice-selected" : ""),
      "aria-pressed": option.selected ? "true" : "false",
    }, [el("span", { className: "rp-choice-label", text: option.label })]);
    if (option.badge) button.appendChild(el("span", { className: "rp-badge", text: option.badge }));
    for (const text of option.lines) {
      button.appendChild(el("span", { className: "rp-choice-line", text }));
    }
    button.addEventListener("click", () => { widget.followUp(option.request, group); });
    group.appendChild(button);
  }
  return group;
}

// What the player chooses now: drawn in the widget's step slot (inside the
// form, before the field its spec's step_before names), else in place.
/**
 * @param {StepBlock} block
 * @param {BlockHost} widget
 */
function renderStep(block, widget) {
  if (widget && widget.stepSlot) {
    drawKept(widget.stepSlot, block.blocks, widget);
    return null;
  }
  const node = el("div", { className: "rp-step" });
  renderView(node, block.blocks, widget);
  return node;
}

// Copies to the clipboard, or selects the text where the clipboard is refused.
/** @param {CopyBlock} block */
function renderCopy(block) {
  const text = el("pre", { className: "rp-copy-text", text: block.text });
  const status = el("span", { className: "rp-copy-status", role: "status" });
  const button = el("button", { type: "button", className: "md-button rp-button", text: block.label });
  button.addEventListener("click", () => copyText(block.text, text, status));
  return el("div", { className: "rp-copy" }, [text, button, status]);
}

// Marks an element of the page (a spell's row, say) and offers a button that
// scrolls to it: the result stays where the reader is looking.
/** @param {FocusElementBlock} block */
function focusElement(block) {
  const target = document.getElementById(block.id);
  document.querySelectorAll(".rp-focused").forEach((node) => node.classList.remove("rp-focused"));
  if (!target) return null;
  target.classList.add("rp-focused");
  const button = el("button", { type: "button", className: "rp-link-button", "data-role": "show-on-page",
    text: "Show it on the page" });
  button.addEventListener("click", () => {
    target.hidden = false;
    target.scrollIntoView({ block: "center", behavior: "smooth" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  });
  return el("p", { className: "rp-line" }, [button]);
}

// Shows only the listed rows of a table of the page; draws nothing.
/** @param {FilterRowsBlock} block */
function filterRows(block) {
  const tableNode = document.getElementById(block.table);
  if (!tableNode) return null;
  const visible = new Set(block.visible);
  /** @type {NodeListOf<HTMLTableRowElement>} */ (tableNode.querySelectorAll("tbody tr")).forEach((row) => {
    row.hidden = !visible.has(row.id);
  });
  return null;
}

// block type -> renderer(block, widget): a node to show, or null.
export const RENDERERS = Object.freeze(/** @satisfies {Renderers} */ ({
  outcome: renderOutcome,
  line: renderLine,
  note: renderNote,
  dice: renderDice,
  facts: renderFacts,
  table: renderTable,
  chart: renderChart,
  choices: renderChoices,
  step: renderStep,
  copy: renderCopy,
  focus_element: focusElement,
  filter_rows: filterRows,
}));

// Block types that act on the page around the widget (mark a row, hide
// rows): what they did can be undone there (a row shown again), so a view
// holding one is drawn again even when it is the one drawn before.
const PAGE_ACTING = new Set(["focus_element", "filter_rows"]);

/**
 * @param {AnyBlock[]} view
 * @returns {boolean}
 */
function actsOnPage(view) {
  return view.some((block) => PAGE_ACTING.has(block.type) || (block.type === "step" && actsOnPage(block.blocks)));
}

/** @type {WeakMap<Element, { key: string, nodes: Node[] }>} what drawKept drew last, per container */
const drawnViews = new WeakMap();

/**
 * @param {Node[]} before
 * @param {Node[]} now
 */
function sameNodes(before, now) {
  return before.length === now.length && before.every((node, i) => node === now[i]);
}

// Draws `view` into `container` unless the container still shows the nodes
// drawing the same view gave last time: they stay. A card of a hand pressed
// as the same hand is drawn again would lose its click (the press and the
// release on two different buttons). Anything else written into the
// container since (an error's note, say) changes its nodes, and the view
// is drawn.
/**
 * @param {Element} container
 * @param {AnyBlock[]} view
 * @param {BlockHost} widget
 */
export function drawKept(container, view, widget) {
  const key = JSON.stringify(view);
  const last = drawnViews.get(container);
  if (last && last.key === key && !actsOnPage(view) && sameNodes(last.nodes, [...container.childNodes])) return;
  renderView(container, view, widget);
  drawnViews.set(container, { key, nodes: [...container.childNodes] });
}

// Draws `view` into `container`, replacing what was there. `widget` is what a
// block's buttons talk to (its followUp(request)).
/**
 * @param {Element} container
 * @param {AnyBlock[]} view
 * @param {BlockHost} widget
 */
export function renderView(container, view, widget) {
  const nodes = [];
  for (const block of view) {
    // Each renderer takes its own block type (TypeScript cannot pair them
    // through an index); a type the table lacks is drawn as its name.
    const renderer = /** @type {((block: AnyBlock, widget: BlockHost) => Node | null) | null} */ (
      Object.hasOwn(RENDERERS, block.type) ? RENDERERS[block.type] : null);
    const node = renderer ? renderer(block, widget) : el("p", { className: "rp-line", text: "(" + block.type + ")" });
    if (node) nodes.push(node);
  }
  container.replaceChildren(...nodes);
}
