"""Start-up of the widget runtime, measured in Chromium (not a test).

In one browser run, rounds interleaved, each round on fresh persistent
profiles: cold = a profile's first visit, warm = its second (the browser is
closed in between, so only the disk cache remains, as for a returning
reader). The first visit stays open LINGER_S after what it measures, as a
reader's would: what the browser keeps for the next visit after a page has
run for a while (Chrome writes a compiled wasm module to its cache some
seconds after the module got hot; the site's service worker installs) is
then kept in most rounds, not only when it happened to beat the window's
closing (Chrome still skips it now and then: every round is printed).
Measured from navigation, read in the page (``performance.now()``):

- widget page (``cairn/rules/``): "form drawn" = the first widget's form is
  on screen, drawn from its root's ``data-spec`` (``data-state`` "starting" while
  Python starts, then "ready"); "first roll" = the result of the primary
  button, pressed as soon as the form is drawn (a press before Python is
  ready waits and is answered when it is, as for a player).
- runtime page: the site's own worker on an empty page, one roll asked for
  at once; "first answer" = its answer. About the least the widget page's
  first roll could take with this runtime, printed as a ratio too (this page
  registers no service worker, so its warm visit has no spare run before it:
  see "The second visit" in CONTRIBUTING.md).
- bare page: a module worker that runs only the site's stock ``loadPyodide()``
  (stock ``python_stdlib.zip``, no snapshot, no package).

Also the bytes transferred (encoded, as on the wire), the start path the
worker reports (snapshot or fallback), and a cold start over a throttled
1.6 Mbit/s link (CDP ``Network.emulateNetworkConditions``), which must end
ready. Run with ``make bench``; prints medians and the ratios to the goals.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    load_serve_module,
)

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))  # odd: the median is a round
LINGER_S = 5
WIDGET_PAGE = "cairn/rules/"
THROTTLE = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
            "uploadThroughput": 750_000 / 8}
GOALS = {"first roll, warm": 0.35, "first roll, cold": 0.5, "form drawn, warm": 0.2,
         "form drawn, cold": 0.2}
BARE_PAGE = """<!doctype html><html><head><title>bare</title>
<script src="/__bench__/bare.js"></script></head><body>bare</body></html>"""
BARE_SCRIPT = """
const worker = new Worker("/__bench__/bare-worker.js", {type: "module"});
worker.onmessage = (event) => {
  if (event.data === "loaded") window.__loaded = performance.now();
  else window.__failed = event.data;
  window.rpBenchSaid?.(window.__failed ? "failed" : "loaded", window.__loaded || 0);
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
# The site's own worker on an empty page: one roll asked for at once, timed to
# its answer. No page to parse and draw, so this is the least the widget
# page's first roll could take with this runtime.
RUNTIME_PAGE = """<!doctype html><html><head><title>runtime</title>
<script type="module" src="/__bench__/runtime.js"></script></head><body>runtime</body></html>"""
RUNTIME_SCRIPT = """
const worker = new Worker("/assets/rp/worker/worker.js", {type: "module"});
worker.onmessage = (event) => {
  if (event.data.type === "response") window.__loaded = performance.now();
  else if (event.data.type === "failed") window.__failed = event.data.message;
  else return;
  window.rpBenchSaid?.(window.__failed ? "failed" : "loaded", window.__loaded || 0);
};
worker.postMessage({
  type: "request", id: 1, name: "cairn.save", request: JSON.stringify({attribute: 12}),
});
"""
DRAWN = '.rp-widget[data-state="starting"], .rp-widget[data-state="ready"]'
# Injected before the page's own scripts (through the DevTools protocol, so the
# CSP does not apply): records when the first form is ready and when the first
# seed is shown, without polling, and says so to the bench (listen()).
OBSERVER = """
(() => {
  const observer = new MutationObserver(() => {
    if (!window.__formAt && document.querySelector(
        '.rp-widget[data-state="starting"], .rp-widget[data-state="ready"]')) {
      window.__formAt = performance.now();
      window.rpBenchSaid?.("form", window.__formAt);
    }
    if (window.__clickedAt && !window.__rollAt) {
      const seed = document.querySelector('.rp-widget [data-role="result"] [data-role="seed"]');
      if (seed && seed.textContent.trim()) {
        window.__rollAt = performance.now();
        window.rpBenchSaid?.("roll", window.__rollAt);
      }
    }
  });
  const start = () => observer.observe(document.documentElement,
    {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, {once: true});
})();
"""


# The worker alone, from a page (as the runtime will): a request sent at once,
# every message stamped with its arrival time in the worker's clock.
TALK_TO_WORKER = """async (url) => {
  const worker = new Worker(url, {type: "module"});
  const started = performance.now();
  const messages = [];
  await new Promise((resolve) => {
    worker.addEventListener("message", (event) => {
      messages.push({...event.data, at: performance.now() - started});
      if (event.data.type === "response" || event.data.type === "failed") resolve();
    });
    worker.postMessage({type: "request", id: 1, name: "cairn.save", request: "{}"});
  });
  worker.terminate();
  return messages.map(({catalog, ...rest}) => rest);
}"""


@dataclass(frozen=True)
class Visit:
    form: float | None  # seconds from navigation
    done: float  # first roll (widget page), first answer (runtime page), loadPyodide() (bare page)
    bytes: int
    mode: str | None
    spare_run: str | None = None  # data-rp-spare-run at the end of a first visit's linger


def _write_bench_pages(site: Path, version: str) -> Path:
    """The bare page and the runtime page live in the built site while the
    bench runs (same origin, same server, same CSP as the widget page); they
    are removed afterwards."""
    folder = site / "__bench__"
    folder.mkdir(exist_ok=True)
    (folder / "bare.html").write_text(BARE_PAGE)
    (folder / "bare.js").write_text(BARE_SCRIPT)
    (folder / "bare-worker.js").write_text(BARE_WORKER % {"version": version})
    (folder / "runtime.html").write_text(RUNTIME_PAGE)
    (folder / "runtime.js").write_text(RUNTIME_SCRIPT)
    return folder


# A failed start, as the page shows it (read once a second while waiting).
FAILED = ("() => window.__failed || (document.querySelector("
          "'.rp-widget[data-state=\"failed\"] [data-role=\"status\"]') || {}).textContent || null")
FAILURE_CHECK_S = 1.0


def listen(page: Page) -> dict[str, float]:
    """What the page says to the bench (``window.rpBenchSaid(name, time)``
    in OBSERVER and the bench pages), each name's first time; before the
    page is opened. A binding instead of polling with ``evaluate``: each
    poll is a task on the page's thread (slowed with it on a phone's
    processor) and a round trip through Playwright's driver and the
    browser, processor time taken from what is measured: beside an idle
    page slowed 4x, two polls every 10 ms took 0.30 of a core of the
    whole machine (two cores), this wait 0.06."""
    said: dict[str, float] = {}
    page.expose_binding("rpBenchSaid", lambda _source, name, at: said.setdefault(name, at))
    return said


def await_said(page: Page, said: dict[str, float], name: str, deadline: float,
               what: str) -> float:
    """Seconds from navigation at which the page said ``name`` (its own
    clock); raises if the page shows a failed start or the deadline passes."""
    checked = time.monotonic()
    while name not in said:
        now = time.monotonic()
        if now > deadline:
            raise TimeoutError(f"{page.url}: {what} not reached in time")
        if "failed" in said or now - checked > FAILURE_CHECK_S:
            checked = now
            failed = page.evaluate(FAILED)
            if failed:
                raise RuntimeError(f"{page.url}: {failed}")
        page.wait_for_timeout(20)  # the binding's calls arrive while the driver waits
    return said[name] / 1000


def _open(playwright: Playwright, profile: str) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )


def _visit(playwright: Playwright, profile: str, url: str, widget: bool,
           throttle: bool = False, timeout: float = 120, linger: float = 0) -> Visit:
    context = _open(playwright, profile)
    try:
        page = context.new_page()
        received: list[int] = []
        page.on("requestfinished", lambda request: received.append(
            max(request.sizes()["responseBodySize"], 0)))
        if throttle:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", THROTTLE)
        page.add_init_script(OBSERVER)
        said = listen(page)
        deadline = time.monotonic() + timeout
        page.goto(url, timeout=timeout * 1000)
        if widget:
            form = await_said(page, said, "form", deadline, "a drawn form")
            page.evaluate("() => { window.__clickedAt = performance.now(); }")
            page.locator(DRAWN).first.locator("button.md-button--primary").first.click()
            done = await_said(page, said, "roll", deadline, "the first roll")
            mode = page.evaluate("() => document.documentElement.dataset.rpRuntime || null")
            visit = Visit(form, done, sum(received), mode)
        else:
            done = await_said(page, said, "loaded", deadline, "loadPyodide()")
            visit = Visit(None, done, sum(received), None)
        page.wait_for_timeout(linger * 1000)
        if widget and linger:
            visit = replace(visit, spare_run=page.evaluate(
                "() => document.documentElement.dataset.rpSpareRun || null"))
        return visit
    finally:
        context.close()


def _warm_server_cache(base: str, site: Path) -> None:
    """Ask once for every large file gzipped: a static host compresses ahead
    of time, this server on first request, which the bench must not time."""
    for path in [*site.glob("pyodide/*/*"), *site.glob("assets/rp/py/*")]:
        request = urllib.request.Request(base + path.relative_to(site).as_posix(),
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            response.read()


def _median(values: list[float]) -> float:
    return statistics.median(values)


def serve_site(site: Path) -> tuple[str, Any]:
    """``site`` served by scripts/serve.py on a free port of 127.0.0.1, in a
    thread: its address and the server (to shut down)."""
    server = load_serve_module().make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def serve_bench_site() -> tuple[str, Path, Any]:
    """The built site served on a free port, with the bench's pages written
    into it and the server's cache warmed: its address, the
    bench's folder (to remove when done), and the server (to shut down)."""
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))  # as the tests read it
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    base, server = serve_site(site)
    bench_folder = _write_bench_pages(site, version)
    _warm_server_cache(base, site)
    return base, bench_folder, server


def main() -> None:
    base, bench_folder, server = serve_bench_site()
    visits: dict[str, list[Visit]] = {key: [] for key in (
        "widget cold", "widget warm", "runtime cold", "runtime warm", "bare cold", "bare warm")}
    try:
        with sync_playwright() as playwright:
            for _ in range(ROUNDS):
                for name, url in (("widget", base + WIDGET_PAGE),
                                  ("runtime", base + "__bench__/runtime.html"),
                                  ("bare", base + "__bench__/bare.html")):
                    with tempfile.TemporaryDirectory() as profile:
                        for kind in ("cold", "warm"):
                            visits[f"{name} {kind}"].append(_visit(
                                playwright, profile, url, name == "widget",
                                linger=LINGER_S if kind == "cold" else 0))
            _report(visits)
            print("Throttled cold start, 1.6 Mbit/s down, 150 ms latency:", flush=True)
            for label, url, widget in (("widget page", base + WIDGET_PAGE, True),
                                       ("bare page", base + "__bench__/bare.html", False)):
                with tempfile.TemporaryDirectory() as profile:
                    try:
                        visit = _visit(playwright, profile, url, widget, throttle=True,
                                       timeout=900)
                        print(f"  {label}: {_describe(visit)}", flush=True)
                    except (RuntimeError, TimeoutError) as error:
                        print(f"  {label}: did not end ready: {error}", flush=True)
            with tempfile.TemporaryDirectory() as profile:
                print(f"  the worker alone: {_throttled_worker(playwright, profile, base)}")
    finally:
        server.shutdown()
        shutil.rmtree(bench_folder)


def _describe(visit: Visit) -> str:
    if visit.form is None:
        return f"loadPyodide() {visit.done:.1f} s, {visit.bytes / 1e6:.2f} MB"
    return (f"form drawn {visit.form:.1f} s, first roll {visit.done:.1f} s, "
            f"{visit.bytes / 1e6:.2f} MB, path {visit.mode}")


def _throttled_worker(playwright: Playwright, profile: str, base: str) -> str:
    """The worker on its own, over the throttled link, with no page-side
    timeout: when it reports ready, and the last progress it sent."""
    context = _open(playwright, profile)
    try:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", THROTTLE)
        page.goto(base + WIDGET_PAGE, timeout=900_000)
        result = page.evaluate(TALK_TO_WORKER, base + "assets/rp/worker/worker.js")
    finally:
        context.close()
    ready = next((m for m in result if m["type"] == "ready"), None)
    if ready is None:
        return f"did not end ready: {result[-1]}"
    return (f"ready ({ready['mode']}) {ready['at'] / 1000:.1f} s after the worker started, "
            f"{len([m for m in result if m['type'] == 'progress'])} progress messages")


def _report(visits: dict[str, list[Visit]]) -> None:
    def median(key: str, attribute: str) -> float:
        return _median([float(getattr(visit, attribute)) for visit in visits[key]])

    modes = sorted({str(visit.mode) for key in ("widget cold", "widget warm")
                    for visit in visits[key]})
    print(f"Start-up on {WIDGET_PAGE}, median of {ROUNDS} interleaved rounds "
          f"(seconds from navigation; start path: {', '.join(modes)}):")
    print(f"{'':28}{'cold':>8}{'warm':>8}{'MB cold':>9}{'MB warm':>9}")
    for label, key, attribute in (("widget page, form drawn", "widget", "form"),
                                  ("widget page, first roll", "widget", "done"),
                                  ("runtime alone, 1st answer", "runtime", "done"),
                                  ("bare page, loadPyodide()", "bare", "done")):
        print(f"{label:28}{median(key + ' cold', attribute):8.2f}"
              f"{median(key + ' warm', attribute):8.2f}"
              f"{median(key + ' cold', 'bytes') / 1e6:9.2f}"
              f"{median(key + ' warm', 'bytes') / 1e6:9.2f}")
    # offline.js's spare run of the worker on the first visit (so that the
    # second finds Chrome's compiled code) must have ended within the linger.
    spare = [visit.spare_run for visit in visits["widget cold"]]
    print(f"Spare run of the worker on the first visit: answered in "
          f"{spare.count('answered')} of {len(spare)} rounds ({', '.join(map(str, spare))})")
    print("Ratios to the bare page (goal in brackets):")
    for kind in ("warm", "cold"):
        bare = median(f"bare {kind}", "done")
        for label, attribute in (("first roll", "done"), ("form drawn", "form")):
            ratio = median(f"widget {kind}", attribute) / bare
            goal = GOALS[f"{label}, {kind}"]
            verdict = "met" if ratio <= goal else "not met"
            print(f"  {label}, {kind}: {ratio:.2f}x  (<= {goal}x: {verdict})")
        # The site's worker answering on an empty page: how low the first
        # roll's ratio could go with this runtime, whatever the page does.
        floor = median(f"runtime {kind}", "done") / bare
        print(f"  runtime alone, {kind}: {floor:.2f}x  (the least a first roll could take)")
    # The bare page's warm visit is fast only when Chrome kept its compiled
    # wasm from the first visit, which it does in most rounds but not all: the
    # rounds show which way the median fell.
    print("Every round, first roll / first answer / loadPyodide() (s):")
    for key in ("widget cold", "widget warm", "runtime cold", "runtime warm", "bare cold",
                "bare warm"):
        print(f"  {key:12}" + " ".join(f"{visit.done:5.2f}" for visit in visits[key]))


if __name__ == "__main__":
    main()
