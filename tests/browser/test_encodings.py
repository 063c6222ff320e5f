"""The site whichever encoding the host sends: the precompressed copies
(brotli, zstd, gzip) of a host that negotiates, or the files as they are from
a host that does not (GitHub Pages). Each time the roller starts from the
snapshot, the service worker's offline copy of the snapshot is the file's own
bytes, and a roller works offline from it. A host that sends the snapshot
unencoded makes the worker, and the service worker, take its gzipped copy."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from runtime.build.first_visit import first_visit_addresses, prefetch_link
from runtime.build.manifest import read_manifest
from tests.browser.conftest import PYODIDE_TIMEOUT_MS, host_offering
from tests.conftest import load_serve_module, pages_with_widget

SEED = re.compile(r"^\d+$")  # every roll shows its seed
INSTALL_TIMEOUT_MS = 120_000
SNAPSHOT_HEAD = """async () => {
  const names = await caches.keys();
  const cache = await caches.open(names.find((name) => name.startsWith("rp-site-")));
  const key = (await cache.keys()).find((request) => request.url.includes("/snapshot.bin?v="));
  const response = await cache.match(key);
  return Array.from(new Uint8Array(await response.arrayBuffer()).slice(0, 8));
}"""


@pytest.fixture(params=["br", "zstd", "gzip", None], ids=["br", "zstd", "gzip", "unencoded"])
def host(request: pytest.FixtureRequest, built_site: Path) -> Iterator[tuple[str | None, str]]:
    with host_offering(built_site, request.param) as base_url:
        yield request.param, base_url


def test_the_snapshot_starts_and_stays_offline_whichever_encoding_came(
    fresh_context: BrowserContext, host: tuple[str | None, str], built_site: Path
) -> None:
    encoding, base_url = host
    page = fresh_context.new_page()
    answers: dict[str, str] = {}  # address without its query -> Content-Encoding
    page.on("response", lambda response: answers.__setitem__(
        response.url.split("?")[0].rsplit("/", 1)[-1],
        response.headers.get("content-encoding", "")))
    first = pages_with_widget(built_site, "cairn.save")[0]
    page.goto(base_url + first)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.rpRuntime") == "snapshot"
    if encoding is None:
        # Sent as it is: the worker stopped it and took the gzipped copy.
        assert answers.get("snapshot.bin") == "" and "snapshot.bin.gz" in answers, answers
        assert answers.get("pyodide.asm.wasm") == ""
    else:
        assert answers.get("snapshot.bin") == encoding, answers
        assert answers.get("pyodide.asm.wasm") == encoding, answers
        assert "snapshot.bin.gz" not in answers, answers
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)

    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=INSTALL_TIMEOUT_MS)
    # The offline copy is the snapshot's own bytes, however it came.
    assert bytes(page.evaluate(SNAPSHOT_HEAD)) == b"RPSNAP2\0"
    fresh_context.set_offline(True)
    try:
        other = next(p for p in pages_with_widget(built_site, "dice.notation") if p != first)
        page.goto(base_url + other)
        roller = page.locator('.rp-widget[data-widget="dice.notation"]').first
        expect(roller).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.rpRuntime") == "snapshot"
        roller.locator("button.md-button--primary").click()
        expect(roller.locator('[data-role="seed"]')).to_have_text(SEED)
    finally:
        fresh_context.set_offline(False)


@contextmanager
def counting_host(site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site served by scripts/serve.py, which negotiates, with every GET
    it answered (its path and query) in a list."""
    serve = load_serve_module()
    asked: list[str] = []

    class Counting(serve.SiteHandler):  # type: ignore[name-defined,misc]
        def do_GET(self) -> None:
            asked.append(self.path)
            super().do_GET()

    server = serve.make_server(site, 0, quiet=True, handler=Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{server.base_path}", asked
    finally:
        server.shutdown()


def test_a_first_visit_prefetches_the_large_files_once_and_a_return_visit_not_at_all(
    fresh_context: BrowserContext, built_site: Path
) -> None:
    # A page with rollers comes with a Link header (runtime/build/first_visit.py):
    # the browser asks for the wasm and the snapshot as the page arrives, before
    # the worker exists, and the worker's own requests read what it fetched.
    manifest = read_manifest(built_site)
    assert manifest is not None
    wasm = "/" + manifest.pyodide_index + "pyodide.asm.wasm"
    snapshot = "/" + manifest.snapshot.address
    first = pages_with_widget(built_site, "cairn.save")[0]
    with counting_host(built_site) as (base_url, asked):
        page = fresh_context.new_page()
        requests: list[tuple[str, str]] = []  # (resource type, address from the site's root)
        page.on("request", lambda request: requests.append(
            (request.resource_type, "/" + request.url.removeprefix(base_url))))
        response = page.goto(base_url + first)
        assert response is not None
        assert response.headers.get("link") == prefetch_link(
            "/" + first, first_visit_addresses(manifest, snapshot_encoded=True))
        widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
        expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.rpRuntime") == "snapshot"
        widget.locator("button.md-button--primary").click()
        expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)
        addresses = [address for _, address in requests]
        worker = next(i for i, a in enumerate(addresses) if a.startswith("/assets/rp/worker/"))
        for large in (wasm, snapshot):
            # Prefetched before the worker was asked for, and sent once.
            assert ("other", large) in requests[:worker], (large, requests[:worker])
            assert [a for a in asked if a.split("?")[0] == large.split("?")[0]] == [large], asked
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=INSTALL_TIMEOUT_MS)
        page.close()

        # A returning reader: the page comes from the service worker's cache
        # without the header, and nothing is prefetched or asked for again.
        seen = len(asked)
        again = fresh_context.new_page()
        kinds: list[tuple[str, str]] = []
        again.on("request", lambda request: kinds.append((request.resource_type, request.url)))
        response = again.goto(base_url + first)
        assert response is not None and response.from_service_worker
        assert "link" not in response.headers
        widget = again.locator('.rp-widget[data-widget="cairn.save"]').first
        expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
        assert not [url for kind, url in kinds if kind == "other" and (
            "pyodide.asm.wasm" in url or "snapshot.bin" in url)], kinds
        assert not [a for a in asked[seen:] if a.split("?")[0] in (wasm, snapshot.split("?")[0])]
