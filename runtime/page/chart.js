// The odds chart block: bars for sighted readers, the same numbers as a table
// for screen readers (and for anyone who presses "Show as table"), and arrow
// keys that walk the bars and read each bar's figures aloud.
import { dataTable, el, freshId } from "./dom.js";

/** @import { ChartBar, ChartBlock } from "../contract/blocks" */

// "22.04% (137781/625000)": the percentage first, then the exact fraction
// where it is readable; `text`, the whole chance, where a widget wrote that alone.
/**
 * @param {string} text
 * @param {string | undefined} percent
 * @param {string | undefined} fraction
 */
function chanceText(text, percent, fraction) {
  if (percent === undefined) return text;
  return fraction ? percent + " (" + fraction + ")" : percent;
}

/** @param {ChartBar} bar the bar's chance */
function barChance(bar) {
  return chanceText(bar.chance, bar.percent, bar.fraction);
}

/** @param {ChartBar} bar the chance of this bar or more */
function atLeastChance(bar) {
  return chanceText(bar.at_least ?? "", bar.at_least_percent, bar.at_least_fraction);
}

/** @param {ChartBlock} block */
export function renderChart(block) {
  const figure = el("figure", { className: "rp-chart" });
  const titleId = freshId("rp-chart-title");
  figure.appendChild(el("figcaption", { id: titleId, className: "rp-chart-title", text: block.title }));
  if (block.summary) figure.appendChild(el("p", { className: "rp-sr-only", text: block.summary }));
  const detail = el("p", { className: "rp-chart-detail", "aria-live": "polite" });
  const bars = el("div", { className: "rp-bars", "aria-hidden": "true" });
  for (const bar of block.bars) {
    const fill = el("span", { className: "rp-bar-fill" });
    fill.style.width = Math.max(bar.width * 100, bar.width > 0 ? 1 : 0) + "%";
    const row = el("div", { className: "rp-bar" + (bar.highlight ? " rp-bar-highlight" : ""), tabindex: "-1" }, [
      el("span", { className: "rp-bar-label", text: bar.label }),
      el("span", { className: "rp-bar-track" }, [fill]),
      // The percentage first; the exact fraction after it, dropped on a phone.
      el("span", { className: "rp-bar-value" }, [
        bar.percent || bar.chance,
        bar.fraction ? el("span", { className: "rp-bar-fraction", text: "(" + bar.fraction + ")" }) : null,
      ]),
    ]);
    const describe = () => {
      // at_least_label: a bar grouping several results says "300 or more", not "300–301 or more".
      detail.textContent = bar.label + ": " + barChance(bar) +
        (bar.at_least ? "; " + (bar.at_least_label || bar.label + " or more") + ": " + atLeastChance(bar) : "");
      bars.querySelectorAll(".rp-bar-focus").forEach((n) => n.classList.remove("rp-bar-focus"));
      row.classList.add("rp-bar-focus");
    };
    row.addEventListener("mouseenter", describe);
    row.addEventListener("click", describe);
    bars.appendChild(row);
  }
  figure.appendChild(bars);
  if (block.marks) { // the legend of the marked bars, worded by the engine ("Most likely: 13")
    figure.appendChild(el("p", { className: "rp-chart-legend" }, [
      el("span", { className: "rp-legend-mark", "aria-hidden": "true", text: "\u25B6\uFE0E" }),
      block.marks,
    ]));
  }
  if (block.mean !== undefined) figure.appendChild(el("p", { className: "rp-chart-mean", text: "Mean: " + block.mean }));
  figure.appendChild(detail);
  const [tools, tableWrap] = chartTools(block, bars);
  figure.appendChild(tools);
  figure.appendChild(tableWrap);
  return figure;
}

// The "Explore bars" (arrow keys) and "Show as table" buttons, and the table
// they show, hidden but for screen readers until asked for.
/**
 * @param {ChartBlock} block
 * @param {HTMLElement} bars the bars' rows
 * @returns {[HTMLElement, HTMLElement]}
 */
function chartTools(block, bars) {
  const columns = ["Result", "Chance"];
  const hasAtLeast = block.bars.length && block.bars[0].at_least !== undefined;
  if (hasAtLeast) columns.push("This or more");
  const rows = block.bars.map((bar) =>
    hasAtLeast ? [bar.label, barChance(bar), atLeastChance(bar)] : [bar.label, barChance(bar)]);
  const tableWrap = el("div", { className: "rp-chart-table rp-sr-only" }, [dataTable(block.title, columns, rows, null)]);
  const toggle = el("button", { type: "button", className: "rp-link-button", "aria-expanded": "false", text: "Show as table" });
  toggle.addEventListener("click", () => {
    const open = tableWrap.classList.toggle("rp-sr-only");
    toggle.setAttribute("aria-expanded", open ? "false" : "true");
    toggle.textContent = open ? "Show as table" : "Hide table";
  });
  let focusIndex = -1;
  const rowNodes = /** @type {HTMLCollectionOf<HTMLElement>} */ (bars.children); // live: the rows drawn
  const walker = el("button", { type: "button", className: "rp-link-button", text: "Explore bars" });
  walker.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft" && event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    if (!rowNodes.length) return;
    event.preventDefault();
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
    focusIndex = Math.min(rowNodes.length - 1, Math.max(0, focusIndex + step));
    rowNodes[focusIndex].click();
  });
  walker.addEventListener("click", () => {
    if (focusIndex < 0 && rowNodes.length) { focusIndex = 0; rowNodes[0].click(); }
  });
  walker.setAttribute("aria-label", "Explore bars: use the arrow keys to hear each result's chance");
  return [el("div", { className: "rp-chart-tools" }, [walker, toggle]), tableWrap];
}
