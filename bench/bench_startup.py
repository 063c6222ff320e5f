"""Start-up cost of the widget runtime, measured in Chromium (not a test).

Compares, in one browser run, the time from navigation to a widget being
ready (Pyodide + the rules_py wheel + the catalog + the form) with the time a
bare page takes to do nothing but ``loadPyodide()`` in a module worker from
the same built site. Cold = empty browser profile; warm = the same profile
on a second visit (persistent context, so the HTTP cache holds the wasm).

Run with ``make bench``; prints medians over several rounds and the ratio.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    load_serve_module,
    pages_with_widget,
)

ROUNDS = 3
BARE_PAGE = """<!doctype html><html><head><title>bare</title>
<script src="/__bench__/bare.js"></script></head><body>bare</body></html>"""
BARE_SCRIPT = """
const worker = new Worker("/__bench__/bare-worker.js", {type: "module"});
worker.onmessage = (event) => {
  if (event.data === "loaded") window.__loaded = performance.now();
  else window.__failed = event.data;
};
"""
# The same lock file as the widgets (the site ships no other), no packages.
BARE_WORKER = """
import { loadPyodide } from "/pyodide/%(version)s/pyodide.mjs";
try {
  await loadPyodide({
    indexURL: "/pyodide/%(version)s/", lockFileURL: "/assets/rp/py/pyodide-lock.json",
  });
  postMessage("loaded");
} catch (error) {
  postMessage("failed: " + error);
}
"""


def _write_bare_page(site: Path, version: str) -> Path:
    """The bare page lives in the built site while the bench runs (same origin,
    same server, same CSP as the widget page); it is removed afterwards."""
    folder = site / "__bench__"
    folder.mkdir(exist_ok=True)
    (folder / "bare.html").write_text(BARE_PAGE)
    (folder / "bare.js").write_text(BARE_SCRIPT)
    (folder / "bare-worker.js").write_text(BARE_WORKER % {"version": version})
    return folder


def _visit(playwright: Playwright, profile: str, url: str, ready_js: str) -> float:
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    try:
        page = context.new_page()
        page.goto(url)
        # Poll with evaluate (not wait_for_function, whose predicate is compiled
        # in the page and refused by the CSP); the time is read in the page.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            failed = page.evaluate("() => window.__failed || null")
            if failed:
                raise RuntimeError(f"{url}: {failed}")
            ready_at = page.evaluate(ready_js)
            if ready_at:
                return float(ready_at) / 1000
            time.sleep(0.02)
        raise TimeoutError(f"{url} was not ready within 120 s")
    finally:
        context.close()


def main() -> None:
    site = ROOT / "site"
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    server = load_serve_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    widget_url = base + pages_with_widget(site, "cairn.save")[0]
    widget_ready = (
        "() => document.querySelector('.rp-widget[data-state=\"ready\"]')"
        " ? performance.now() : null"
    )
    bare_ready = "() => window.__loaded || null"
    timings: dict[str, list[float]] = {key: [] for key in ("widget cold", "widget warm",
                                                          "bare cold", "bare warm")}
    bare_folder = _write_bare_page(site, version)
    with sync_playwright() as playwright:
        for _ in range(ROUNDS):
            for name, url, ready in (("widget", widget_url, widget_ready),
                                     ("bare", base + "__bench__/bare.html", bare_ready)):
                with tempfile.TemporaryDirectory() as profile:
                    timings[f"{name} cold"].append(_visit(playwright, profile, url, ready))
                    timings[f"{name} warm"].append(_visit(playwright, profile, url, ready))
    server.shutdown()
    shutil.rmtree(bare_folder)

    medians = {key: statistics.median(values) for key, values in timings.items()}
    print(f"Start-up, median of {ROUNDS} rounds (seconds from navigation):")
    print(f"{'':14}{'cold':>8}{'warm':>8}")
    for name in ("widget", "bare"):
        print(f"{name + ' page':14}{medians[name + ' cold']:8.2f}{medians[name + ' warm']:8.2f}")
    for kind in ("cold", "warm"):
        ratio = medians[f"widget {kind}"] / medians[f"bare {kind}"]
        print(f"ratio widget/bare, {kind}: {ratio:.2f}")


if __name__ == "__main__":
    main()
