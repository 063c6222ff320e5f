"""Where the answer lands: button-to-result distance for every widget (not a test).

For each widget, on the first page that embeds it, at 1280x800 and 390x844:
scroll the primary button to the middle of the screen, press it, wait for
the result (or the error) it produces, and print the vertical distance from
the button's bottom edge to the top of that output, in CSS pixels, and
whether the output is in the viewport afterwards. Run with
``python bench/bench_result_distance.py [WIDGET...]`` on a built site
(``make site``; ``SITE_DIR`` names another).
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import OUTPUT_SIGNATURE  # noqa: E402
from tests.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    load_serve_module,
    pages_with_widget,
)

SIZES = ((1280, 800), (390, 844))
PRIMARY = "form button[type=submit]"
# The output a click produced: the newest non-empty result or error of the widget.
MEASURE = """([root, button]) => {
  const outputs = [...root.querySelectorAll('[data-role="error"], [data-role="result"]')]
    .filter(n => n.textContent.trim() && n.getClientRects().length);
  if (!outputs.length) return null;
  const target = outputs[0];
  const b = button.getBoundingClientRect();
  const t = target.getBoundingClientRect();
  const visible = t.top < innerHeight && t.bottom > 0 && t.top >= -1;
  return {distance: Math.round(t.top - b.bottom), visible: visible,
          role: target.dataset.role};
}"""


def measure(page: Page, url: str, widget: str) -> str:
    page.goto(url)
    root = page.locator(f'.rp-widget[data-widget="{widget}"]').first
    ready = f'.rp-widget[data-widget="{widget}"][data-state="ready"]'
    page.wait_for_selector(ready, timeout=120_000)
    page.wait_for_timeout(800)  # let the first odds preview settle
    button = root.locator(PRIMARY).first
    button.evaluate("b => b.scrollIntoView({block: 'center'})")
    before = root.evaluate(OUTPUT_SIGNATURE)
    button.click()
    page.wait_for_function(
        f"([root, before]) => ({OUTPUT_SIGNATURE})(root) !== before",
        arg=[root.element_handle(), before],
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    found = page.evaluate(MEASURE, [root.element_handle(), button.element_handle()])
    if found is None:
        return "no output"
    seen = "in view" if found["visible"] else "OUT of view"
    return f"{found['distance']:>6} px  {seen:<11} ({found['role']})"


def main() -> None:
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))
    server = load_serve_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    sys.path.insert(0, str(ROOT))
    from rules_py.registry import names

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        page = context.new_page()
        print(f"{'widget':<20} {'page':<28} {'1280x800':<34} 390x844")
        chosen = sys.argv[1:] or names()  # widget names, or every widget
        for widget in chosen:
            pages = pages_with_widget(site, widget)
            if not pages:
                continue
            cells = []
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                try:
                    cells.append(measure(page, base + pages[0], widget))
                except Exception as error:  # a figure, not a verdict: report and go on
                    cells.append(f"failed: {type(error).__name__}")
            print(f"{widget:<20} {pages[0]:<28} {cells[0]:<34} {cells[1]}", flush=True)
        context.close()
    server.shutdown()


if __name__ == "__main__":
    main()
