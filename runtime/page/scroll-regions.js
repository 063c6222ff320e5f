// Tables wider than the screen (Material wraps each Markdown table in a
// .md-typeset__scrollwrap that scrolls sideways) can be scrolled from the
// keyboard: while a wrapper overflows it is a named, focusable region, so Tab
// reaches it and the arrow keys scroll it. A wrapper that fits is left alone,
// so a wide screen gets no extra tab stops. Re-checked when a wrapper
// changes size (a turned phone, a resized window) and on every page of
// Material's instant navigation.
import { themeStarted } from "../material/theme-later.js";

const WRAPPER = ".md-typeset__scrollwrap";
const NAME = "Table, scrolls sideways";

/** @param {Element} wrapper */
function mark(wrapper) {
  const overflows = wrapper.scrollWidth > wrapper.clientWidth + 1;
  if (overflows && !wrapper.hasAttribute("tabindex")) {
    wrapper.setAttribute("tabindex", "0");
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("aria-label", NAME);
  } else if (!overflows && wrapper.hasAttribute("tabindex")) {
    wrapper.removeAttribute("tabindex");
    wrapper.removeAttribute("role");
    wrapper.removeAttribute("aria-label");
  }
}

/** @type {ResizeObserver | null} */
let observer = null;

// A ResizeObserver reports each wrapper once when it starts observing it, laid
// out, and again whenever its size changes: every check goes through it.
function observeAll() {
  const watching = observer ??= new ResizeObserver((entries) => entries.forEach((entry) => mark(entry.target)));
  watching.disconnect(); // the wrappers of the page before an instant navigation are gone
  document.querySelectorAll(WRAPPER).forEach((wrapper) => watching.observe(wrapper));
}

// Material wraps the tables when it handles a page (document$ gives the page
// once Material runs, then each page of an instant navigation): they are
// looked for on the next frame, after Material's own handling of the page.
export function keyboardScrollableTables() {
  if (typeof ResizeObserver !== "function") return;
  themeStarted.then(() => window.document$.subscribe(() => requestAnimationFrame(observeAll)));
}
