"""Python starts from the build's memory snapshot, and falls back to a normal
load when the snapshot cannot be used; either way the rollers work."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from tests.browser.conftest import PYODIDE_TIMEOUT_MS, open_widget, press_for_new_seed
from tests.conftest import pages_with_widget

SNAPSHOT = "**/assets/rp/py/snapshot.bin*"


def _runtime_mode(page: Page) -> str | None:
    mode: str | None = page.evaluate("() => document.documentElement.dataset.rpRuntime || null")
    return mode


def test_the_snapshot_path_reaches_ready_and_rolls(
    page: Page, base_url: str, built_site: Path
) -> None:
    snapshot_requests: list[int] = []
    page.on("response", lambda response: snapshot_requests.append(response.status)
            if "/snapshot.bin" in response.url else None)
    widget = open_widget(page, base_url + pages_with_widget(built_site, "cairn.save")[0],
                         "cairn.save")
    assert _runtime_mode(page) == "snapshot"
    assert snapshot_requests and all(status in (200, 304) for status in snapshot_requests)
    assert press_for_new_seed(widget).strip()


def test_the_snapshot_path_starts_without_the_standard_library_zip(
    page: Page, base_url: str, built_site: Path
) -> None:
    """loadPyodide is called before the wasm is compiled (its lock file comes
    meanwhile), and a restore starts on an empty standard library: Pyodide's
    own zip (2.5 MB) comes only for an import that needs it."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))  # answered below
    requested: list[str] = []
    page.on("request", lambda request: requested.append(
        request.url.split("?")[0].rsplit("/", 1)[-1]))
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    for _ in range(150):
        if "pyodide-lock.json" in requested:
            break
        page.wait_for_timeout(100)
    assert held, "the wasm was never asked for"
    assert "pyodide-lock.json" in requested, requested
    for route in held:
        route.continue_()
    page.wait_for_selector('.rp-widget[data-widget="cairn.save"][data-state="ready"]',
                           timeout=PYODIDE_TIMEOUT_MS)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    assert _runtime_mode(page) == "snapshot"
    assert press_for_new_seed(widget).strip()
    assert not [name for name in requested if name.startswith("python_stdlib")], requested
    # What a restored Python calls on an import the snapshot lacks: the zip,
    # downloaded at once, written where the empty one was.
    (worker,) = [w for w in page.workers
                 if w.url.split("?")[0].endswith("/assets/rp/worker/worker.js")]
    size = worker.evaluate("() => self.rpStandardLibraryNow('/tmp/rp-stdlib-test.zip')")
    (stdlib,) = (built_site / "pyodide").glob("*/python_stdlib.zip")
    assert size == stdlib.stat().st_size
    assert "python_stdlib.zip" in requested


def _corrupt(route: Route) -> None:
    route.fulfill(status=200, body=b"\x00not a snapshot" * 4096,
                  headers={"Content-Type": "application/octet-stream"})


def _missing(route: Route) -> None:
    route.fulfill(status=404, body=b"not found", headers={"Content-Type": "text/plain"})


@pytest.mark.parametrize("serve_snapshot", [_corrupt, _missing], ids=["corrupt", "missing"])
def test_the_fallback_path_reaches_ready_and_rolls(
    page: Page, base_url: str, built_site: Path, serve_snapshot: object
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    page.route(SNAPSHOT, serve_snapshot)  # type: ignore[arg-type]
    widget = open_widget(page, base_url + pages_with_widget(built_site, "cairn.save")[0],
                         "cairn.save")
    assert _runtime_mode(page) == "fallback"
    # A fast link: the standard library and rules_py come with their .pyc.
    files = {url.rsplit("/", 1)[-1] for url in requested}
    assert {"python_stdlib-pyc.zip", "rules_py-pyc.zip"} <= files, files
    assert press_for_new_seed(widget).strip()
    assert widget.locator('[data-role="status"].rp-status-failed').count() == 0


def _for_another_module(packed: bytes) -> bytes:
    """The site's snapshot with one more module page, past the end of the
    memory the instance has: the worker cannot complete it."""
    data = packed if packed.startswith(b"RPSNAP2\0") else gzip.decompress(packed)
    page, full, runs, module_runs, offset = struct.unpack_from("<5I", data, 8)
    table_end = 28 + 8 * (runs + module_runs)
    extra = struct.pack("<2I", -(-full // page), 1)
    header = data[:8] + struct.pack("<5I", page, full + 2 * page, runs, module_runs + 1, offset)
    return gzip.compress(header + data[28:table_end] + extra + data[table_end:])


def test_a_snapshot_the_instance_cannot_complete_falls_back(
    page: Page, base_url: str, built_site: Path
) -> None:
    """The module's pages are copied while Pyodide instantiates, and Pyodide
    waits for ever on an instantiation that fails: the worker must refuse
    the snapshot instead, and start normally."""
    body = _for_another_module((built_site / "assets" / "rp" / "py" / "snapshot.bin").read_bytes())
    page.route(SNAPSHOT, lambda route: route.fulfill(
        status=200, body=body, headers={"Content-Type": "application/octet-stream"}))
    widget = open_widget(page, base_url + pages_with_widget(built_site, "cairn.save")[0],
                         "cairn.save")
    assert _runtime_mode(page) == "fallback"
    assert press_for_new_seed(widget).strip()


# Talks to the worker directly, as the page will: a request sent at once,
# before Python is up, and every message kept in order of arrival.
TALK_TO_WORKER = """async (url) => {
  const worker = new Worker(url, {type: "module"});
  const messages = [];
  const answered = new Promise((resolve) => {
    worker.addEventListener("message", (event) => {
      messages.push(event.data);
      if (event.data.type === "response" || event.data.type === "failed") resolve();
    });
  });
  const request = JSON.stringify({attribute: 12, seed: 3});
  worker.postMessage({type: "request", id: 7, name: "cairn.save", request});
  await answered;
  worker.terminate();
  return messages;
}"""


def test_a_request_sent_before_ready_is_answered_after_ready(
    page: Page, base_url: str, built_site: Path
) -> None:
    from rules_py.web import call

    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    messages = page.evaluate(TALK_TO_WORKER, base_url + "assets/rp/worker/worker.js")
    kinds = [message["type"] for message in messages]
    assert kinds.count("ready") == 1 and kinds[-1] == "response", kinds
    assert kinds.index("ready") < kinds.index("response")
    ready = messages[kinds.index("ready")]
    assert ready["mode"] == "snapshot"
    response = messages[-1]
    assert response["id"] == 7
    assert response["response"] == call("cairn.save", '{"attribute": 12, "seed": 3}')
    progress = [message for message in messages if message["type"] == "progress"]
    assert progress and all(
        set(message) == {"type", "phase", "loaded", "total", "text"} for message in progress
    )
    # The snapshot's bytes are counted as they arrive.
    assert any(m["phase"] == "snapshot" and (m["loaded"] or 0) > 1_000_000 for m in progress)


def test_a_runtime_that_cannot_download_fails_in_plain_words(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.route("**/pyodide/**", lambda route: route.abort())
    page.route(SNAPSHOT, _missing)
    messages = page.evaluate(TALK_TO_WORKER, base_url + "assets/rp/worker/worker.js")
    failed = messages[-1]
    assert failed["type"] == "failed", messages
    assert failed["message"] == "Could not download the Python runtime."
    assert "ready" not in [message["type"] for message in messages]
