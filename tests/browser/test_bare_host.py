"""The site on a host that sends none of its headers, as GitHub Pages serves
it: the types from its table (right for .wasm, .mjs and .webmanifest), its
own caching, the site's 404 page, and no Content-Security-Policy, nosniff,
COOP or COEP. A page's rollers start and roll, its search starts, the
service worker takes the site offline, and no console error is logged; the
page is not cross-origin isolated (CONTRIBUTING, "Security and hosting",
says what that costs)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import BrowserContext, expect

from runtime.build.hosts import HOST_TYPES
from tests.browser.conftest import press_every_roller, search_results
from tests.conftest import pages_with_widget

pytestmark = pytest.mark.browser

INSTALL_TIMEOUT_MS = 120_000


class BareHost(http.server.SimpleHTTPRequestHandler):
    """GitHub Pages' answers: its types and caching, nothing of the site's."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **HOST_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def bare_url(built_site: Path) -> Iterator[str]:
    handler = functools.partial(BareHost, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_site_works_on_a_host_that_sends_none_of_its_headers(
    fresh_context: BrowserContext, bare_url: str, built_site: Path
) -> None:
    page = fresh_context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = page.goto(bare_url + pages_with_widget(built_site, "cairn.save")[0])
    assert response is not None
    assert "content-security-policy" not in response.headers
    assert "cross-origin-embedder-policy" not in response.headers
    assert press_every_roller(page) == []
    assert page.evaluate("crossOriginIsolated") is False
    assert any("/cairn/" in url for url in search_results(page, "fatigue"))
    # The service worker caches the site all the same: a page never opened
    # comes offline.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=INSTALL_TIMEOUT_MS)
    fresh_context.set_offline(True)
    try:
        page.goto(bare_url + "dice-pool/")
        expect(page.locator("h1").first).to_be_visible()
    finally:
        fresh_context.set_offline(False)
    assert errors == [], errors
