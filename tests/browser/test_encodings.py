"""The site whichever encoding the host sends: the precompressed copies
(brotli, zstd, gzip) of a host that negotiates, or the files as they are from
a host that does not (GitHub Pages). Each time the roller starts from the
snapshot, the service worker's offline copy of the snapshot is the file's own
bytes, and a roller works offline from it. A host that sends the snapshot
unencoded makes the worker, and the service worker, take its gzipped copy."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS, host_offering
from tests.conftest import pages_with_widget

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
