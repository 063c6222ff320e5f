"""Failures a host or a browser can cause, told in plain words: a file with
the wrong MIME type, a Content-Security-Policy that forbids WebAssembly, a
file of the site's missing or damaged (named, as the server's fault), and
a worker that dies without an error event: ended, or failing in the runtime
itself, noticed within about two seconds; stopped in the middle of a call
(paused through the DevTools protocol), noticed by the answer bound of
worker-link.js; while a live worker in a long call is waited for."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, Route, Worker, expect

from tests.browser.conftest import open_widget, wait_until_at_rest
from tests.conftest import pages_with_widget

STUCK_LIMIT_S = 25
# The site's policy (scripts/serve.py) less 'wasm-unsafe-eval'.
CSP_WITHOUT_WASM = ("default-src 'self'; script-src 'self'; worker-src 'self'; "
                    "img-src 'self' data:")
ANSWER_MS = 3000
# A worker that died without an error event is noticed within this (the
# bound on its "busy" note is 2 s), far sooner than the answer bound.
DEAD_WITHIN_S = 4


def _widget_page(built_site: Path) -> str:
    return pages_with_widget(built_site, "cairn.save")[0]


def _served_as(content_type: str) -> Any:
    """The real file, with another Content-Type."""
    def handle(route: Route) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-type": content_type}
        route.fulfill(response=response, headers=headers)
    return handle


def _failed_within_limit(page: Page, url: str) -> str:
    start = time.monotonic()
    page.goto(url)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    expect(widget).to_have_attribute("data-state", "failed", timeout=STUCK_LIMIT_S * 1000)
    assert time.monotonic() - start <= STUCK_LIMIT_S
    text = widget.locator('[data-role="status"]').inner_text()
    assert "Traceback" not in text and "Error" not in text and "nothing has arrived" not in text
    # The form stays, and the rules text.
    expect(widget.locator("button.md-button--primary")).to_be_visible()
    return text


def test_a_wasm_served_with_the_wrong_type_is_told_plainly(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.route("**/pyodide.asm.wasm", _served_as("text/plain"))
    text = _failed_within_limit(page, base_url + _widget_page(built_site))
    assert '"text/plain" instead of "application/wasm"' in text


def test_a_worker_served_with_the_wrong_type_is_told_plainly(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.route("**/assets/rp/worker/worker.js", _served_as("text/plain"))
    text = _failed_within_limit(page, base_url + _widget_page(built_site))
    assert "the server sends with the wrong type" in text


def test_a_policy_that_forbids_wasm_is_told_plainly(
    page: Page, base_url: str, built_site: Path
) -> None:
    def without_wasm(route: Route) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": CSP_WITHOUT_WASM}
        route.fulfill(response=response, headers=headers)

    url = base_url + _widget_page(built_site)
    page.route(url, without_wasm)  # the page
    page.route("**/assets/rp/worker/worker.js", without_wasm)  # the worker's own policy
    text = _failed_within_limit(page, url)
    assert "security policy does not allow WebAssembly" in text
    assert "'wasm-unsafe-eval'" in text


def _cut_short(route: Route) -> None:
    """The real file, its second half lost on the way."""
    body = route.fetch().body()
    route.fulfill(body=body[: len(body) // 2], headers={"content-type": "text/javascript"})


GARBLE = bytes(byte ^ 0x5A for byte in range(256))  # each byte changed, in C: 14 MB at once


def _garbled(route: Route) -> None:
    """The real file's length, with bytes that are none of its own."""
    body = route.fetch().body()
    route.fulfill(body=body.translate(GARBLE),
                  headers={"content-type": "application/octet-stream"})


def _the_server_is_named(text: str, file: str) -> None:
    """The message names the site's file, and the remedy: not the browser."""
    assert f"The site's file {file} " in text, text
    assert "Reload later, or tell the site's maintainers." in text, text
    assert "in this browser" not in text, text


def test_a_missing_lock_file_is_told_as_the_server_s_fault(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.route("**/assets/rp/py/pyodide-lock.json*",
               lambda route: route.fulfill(status=404, body="Not found"))
    text = _failed_within_limit(page, base_url + _widget_page(built_site))
    _the_server_is_named(text, "pyodide-lock.json")
    assert "(the server answered 404)" in text


def test_a_truncated_pyodide_script_is_told_as_the_server_s_fault(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.route("**/pyodide.asm.mjs", _cut_short)
    text = _failed_within_limit(page, base_url + _widget_page(built_site))
    _the_server_is_named(text, "pyodide.asm.mjs")


def test_a_damaged_snapshot_and_standard_library_are_told_as_the_server_s_fault(
    page: Page, base_url: str, built_site: Path
) -> None:
    """The snapshot refused, the normal start fails on its standard library.
    The snapshot as a host that does not negotiate sends it: snapshot.bin
    unencoded (its first 64 KiB: the worker stops it at once), then its
    gzipped copy, which the worker reads, damaged."""
    page.route("**/assets/rp/py/snapshot.bin?*", lambda route: route.fulfill(
        body=(built_site / "assets/rp/py/snapshot.bin").read_bytes()[:65536].translate(GARBLE),
        headers={"content-type": "application/octet-stream"}))
    page.route("**/assets/rp/py/snapshot.bin.gz*", _garbled)
    page.route("**/assets/rp/py/python_stdlib-pyc.zip*", _garbled)
    text = _failed_within_limit(page, base_url + _widget_page(built_site))
    _the_server_is_named(text, "python_stdlib-pyc.zip")


class _WorkerDebugger:
    """The DevTools protocol attached to the page's Pyodide worker."""

    def __init__(self, page: Page) -> None:
        self.session = page.context.new_cdp_session(page)
        self.attached: list[dict[str, Any]] = []
        self.session.on("Target.attachedToTarget", lambda event: self.attached.append(event))
        self.said: list[str] = []  # what the workers' debuggers sent back
        self.session.on("Target.receivedMessageFromTarget",
                        lambda event: self.said.append(event["message"]))
        self.session.send("Target.setAutoAttach",
                          {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
        self.calls = 0

    def workers(self) -> list[str]:
        return [event["sessionId"] for event in self.attached
                if event["targetInfo"]["url"].split("?")[0].endswith("/assets/rp/worker/worker.js")]

    def send(self, session_id: str, method: str, params: dict[str, Any] | None = None) -> None:
        self.calls += 1
        message = json.dumps({"id": self.calls, "method": method, "params": params or {}})
        self.session.send("Target.sendMessageToTarget",
                          {"sessionId": session_id, "message": message})


def _worker_line(built_site: Path, code: str) -> int:
    """The line (from 0) of the worker's bundle that holds ``code``."""
    lines = (built_site / "assets/rp/worker/worker.js").read_text("utf-8").splitlines()
    (line,) = [number for number, text in enumerate(lines) if code in text]
    return line


def _call_line(built_site: Path) -> int:
    """The line (from 0) of the worker's call into Python."""
    return _worker_line(built_site, "= python.web.call(")


def test_a_worker_that_stops_answering_is_noticed_and_restarted_once(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.add_init_script(f"window.rpTestAnswerMs = {ANSWER_MS};")
    created: list[str] = []
    page.on("worker", lambda worker: created.append(worker.url)
            if "/assets/rp/worker/worker.js" in worker.url else None)
    widget = open_widget(page, base_url + _widget_page(built_site), "cairn.save")
    wait_until_at_rest(widget, previewed=True)  # the odds previews sent at idle are answered
    assert len(created) == 1
    debugger = _WorkerDebugger(page)
    deadline = time.monotonic() + 5
    while not debugger.workers() and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    (worker,) = debugger.workers()
    # The worker really stops: paused in the debugger in the middle of the
    # call (it has said "busy"), it runs nothing more, and no error event
    # comes. Only the answer bound can notice.
    debugger.send(worker, "Debugger.enable")
    breakpoint = {"urlRegex": r"/assets/rp/worker/worker\.js", "lineNumber": _call_line(built_site)}
    debugger.send(worker, "Debugger.setBreakpointByUrl", breakpoint)
    page.wait_for_timeout(300)
    pressed = time.monotonic()
    widget.locator("button.md-button--primary").click()
    expect(widget).to_contain_text("stopped answering", timeout=ANSWER_MS + 5000)
    assert time.monotonic() - pressed >= ANSWER_MS / 1000 - 0.5  # the bound, not an error event
    # The runtime starts again by itself, once, and the roller works.
    expect(widget).to_have_attribute("data-state", "ready", timeout=40_000)
    assert len(created) == 2
    seeds = widget.locator('[data-role="seed"]')
    widget.locator("button.md-button--primary").click()
    expect(seeds).not_to_have_count(0)
    assert seeds.first.inner_text().strip().isdigit()


def _runtime_worker(page: Page) -> Worker:
    (worker,) = [each for each in page.workers if "/assets/rp/worker/worker.js" in each.url]
    return worker


def _end_worker(page: Page) -> None:
    """The worker ends as a browser may end it: no error event follows."""
    page.evaluate("""async () => {
      const boot = document.querySelector('script[src*="assets/rp/page/boot.js"]').src;
      const link = await import(boot);  // the bundle: the page's one worker-link.js
      link.currentWorker().terminate();
    }""")


def _restarted_once_and_rolls(widget: Locator, created: list[str]) -> None:
    expect(widget).to_have_attribute("data-state", "ready", timeout=40_000)
    assert len(created) == 2
    seeds = widget.locator('[data-role="seed"]')
    widget.locator("button.md-button--primary").click()
    expect(seeds).not_to_have_count(0)
    assert seeds.first.inner_text().strip().isdigit()


def _open_and_count_workers(
    page: Page, built_site: Path, base_url: str
) -> tuple[Locator, list[str]]:
    created: list[str] = []
    page.on("worker", lambda worker: created.append(worker.url)
            if "/assets/rp/worker/worker.js" in worker.url else None)
    widget = open_widget(page, base_url + _widget_page(built_site), "cairn.save")
    wait_until_at_rest(widget, previewed=True)  # the odds previews sent at idle are answered
    assert len(created) == 1
    return widget, created


def test_an_ended_worker_is_noticed_within_two_seconds_and_restarted_once(
    page: Page, base_url: str, built_site: Path
) -> None:
    widget, created = _open_and_count_workers(page, built_site, base_url)
    _end_worker(page)
    pressed = time.monotonic()
    widget.locator("button.md-button--primary").click()
    # Noticed by the missing "busy" note, not by the answer bound (60 s).
    expect(widget).to_contain_text("stopped answering", timeout=DEAD_WITHIN_S * 1000)
    assert time.monotonic() - pressed <= DEAD_WITHIN_S
    _restarted_once_and_rolls(widget, created)


def test_a_fatal_error_in_a_call_is_noticed_at_once_and_restarted_once(
    page: Page, base_url: str, built_site: Path
) -> None:
    widget, created = _open_and_count_workers(page, built_site, base_url)
    # Python's fresh seed comes from crypto.getRandomValues: a JavaScript
    # error thrown there is a fatal error of Pyodide's, and the async message
    # handler that made the call rejects, which gives the page no error event.
    _runtime_worker(page).evaluate("""() => {
      crypto.getRandomValues = () => { throw new Error("the entropy source failed"); };
    }""")
    pressed = time.monotonic()
    widget.locator("button.md-button--primary").click()
    expect(widget).to_contain_text("stopped working", timeout=DEAD_WITHIN_S * 1000)
    assert time.monotonic() - pressed <= DEAD_WITHIN_S
    _restarted_once_and_rolls(widget, created)


def test_a_live_worker_in_a_long_call_is_waited_for(
    page: Page, base_url: str, built_site: Path
) -> None:
    """A call that holds the worker's thread for 6 s (three times the bound
    on the "busy" note) is a slow one, not a dead worker: its answer comes,
    and the worker is not replaced."""
    widget, created = _open_and_count_workers(page, built_site, base_url)
    _runtime_worker(page).evaluate("""() => {
      const real = crypto.getRandomValues.bind(crypto);
      crypto.getRandomValues = (view) => {
        const end = Date.now() + 6000;
        while (Date.now() < end) { /* the thread is held, as by a long Python call */ }
        crypto.getRandomValues = real;
        return real(view);
      };
    }""")
    pressed = time.monotonic()
    widget.locator("button.md-button--primary").click()
    seeds = widget.locator('[data-role="seed"]')
    expect(seeds).not_to_have_count(0, timeout=20_000)
    assert time.monotonic() - pressed >= 5.5  # it was slow
    assert seeds.first.inner_text().strip().isdigit()
    assert "stopped" not in widget.locator('[data-role="status"]').inner_text()
    assert widget.get_attribute("data-state") == "ready"
    assert len(created) == 1


def test_python_at_work_on_a_normal_start_is_not_taken_for_a_stalled_download(
    page: Page, base_url: str, built_site: Path
) -> None:
    """A normal start compiles the rules from their files once they have all
    come, holding the worker's thread with nothing to report: seconds on a
    slow phone, more on a loaded machine, where it outlasted the 20 s bound
    of a stalled download on a slow link. Paused there longer than that
    bound (shortened for the test), the start waits and ends ready."""
    stall_ms = 4000
    page.add_init_script(f"window.rpTestStallMs = {stall_ms};")
    page.route("**/assets/rp/py/snapshot.bin*", lambda route: route.abort())  # a normal start
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))  # until the breakpoint
    debugger = _WorkerDebugger(page)
    page.goto(base_url + _widget_page(built_site))
    deadline = time.monotonic() + 10
    while not (debugger.workers() and held) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    (worker,) = debugger.workers()
    debugger.send(worker, "Debugger.enable")
    line = _worker_line(built_site, 'return { pyodide, web: pyodide.pyimport("rules_py.web") };')
    debugger.send(worker, "Debugger.setBreakpointByUrl",
                  {"urlRegex": r"/assets/rp/worker/worker\.js", "lineNumber": line})
    page.wait_for_timeout(300)
    for route in held:
        route.continue_()
    deadline = time.monotonic() + 60
    while not any('"Debugger.paused"' in said for said in debugger.said):
        assert time.monotonic() < deadline, "the normal start never reached the rules' import"
        page.wait_for_timeout(100)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    page.wait_for_timeout(2.5 * stall_ms)
    expect(widget).to_have_attribute("data-state", "starting")
    debugger.send(worker, "Debugger.resume")
    expect(widget).to_have_attribute("data-state", "ready", timeout=40_000)
    expect(page.locator("html")).to_have_attribute("data-rp-runtime", "fallback")
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="seed"]')).not_to_have_count(0)
