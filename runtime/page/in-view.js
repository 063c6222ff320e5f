// What the reader should see stays in view: a result scrolled below the
// sticky header, and a share link's result held where it was shown while
// the page above it is still being drawn.
export const HEADER_PX = 64; // Material's sticky header covers the top of the window

// A link's roll is shown as soon as its widget is drawn, while the widgets
// above it still grow (their odds previews arrive, Material starts). The
// browser's scroll anchoring usually keeps the place, but not when its
// anchor node is redrawn: then the result slides out of view. Until the
// reader scrolls, taps or types, or HOLD_MS has passed, the node is put
// back where it was whenever something on the page changes size.
const HOLD_MS = 8000;
const READER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"];

// Scroll so that the top of `node` is in view below the header, and as much
// of it as fits; nothing moves when it is already there.
/** @param {Element | null} node */
export function reveal(node) {
  if (!node || !node.getClientRects().length) return;
  const box = node.getBoundingClientRect();
  // The roll log's floating button covers the bottom of the window: keep the
  // result (and its share line) above it.
  const toggle = document.querySelector('[data-role="roll-log-toggle"]');
  const covered = toggle && toggle.getClientRects().length ? window.innerHeight - toggle.getBoundingClientRect().top : 0;
  const bottom = window.innerHeight - 8 - covered;
  if (box.top < HEADER_PX || box.top > bottom - 48) {
    window.scrollBy({ top: box.top - HEADER_PX - 8, behavior: "instant" });
  } else if (box.bottom > bottom) {
    window.scrollBy({ top: Math.min(box.bottom - bottom, box.top - HEADER_PX - 8), behavior: "instant" });
  }
}

/** @param {Element | null | undefined} node shown and revealed already */
export function holdInView(node) {
  if (!node || !node.isConnected || typeof ResizeObserver !== "function") return;
  const wanted = node.getBoundingClientRect().top;
  const observer = new ResizeObserver(() => {
    if (!node.isConnected) { stop(); return; }
    const moved = node.getBoundingClientRect().top - wanted;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    READER_INPUT.forEach((name) => window.removeEventListener(name, stop, true));
  };
  const timer = setTimeout(stop, HOLD_MS);
  READER_INPUT.forEach((name) => window.addEventListener(name, stop, { capture: true, passive: true }));
  observer.observe(document.body);
  document.querySelectorAll(".rp-widget").forEach((widget) => observer.observe(widget));
}
