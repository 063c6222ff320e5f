"""The site's 404 page, from a host and from the service worker offline,
for a site at a domain's root and one under a sub-path (SITE_URL with a
path): styled, its scripts loaded, no console error, at any depth. Its
addresses are absolute (it is served at any depth), so they come from the
build's SITE_URL; they once came from a fixed one and broke everywhere
else."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from runtime.build import assets, offline
from tests.conftest import ROOT, load_serve_module

pytestmark = pytest.mark.browser

SUB_PATH = "/srd-preview/"
# Material's header in the light scheme: mkdocs.yml's indigo primary.
INDIGO = "rgb(64, 81, 181)"
INSTALL_TIMEOUT_MS = 120_000
# What the runtime build ships from Python (Pyodide, the wheel, the snapshot):
# the same for any SITE_URL, so taken from the built site.
PYTHON_PARTS = ("pyodide", "assets/rp/py", "assets/rp/build-manifest.json")


def _build_for(site_url: str, built_site: Path, target: Path) -> None:
    """The site built for ``site_url``: the pages, then the runtime steps of
    ``python -m runtime.build`` with Python's part taken from ``built_site``."""
    environment = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                    "-d", str(target)], cwd=ROOT, env=environment, check=True)
    for part in PYTHON_PARTS:
        source, copy = built_site / part, target / part
        if source.is_dir():
            shutil.copytree(source, copy, copy_function=os.link)
        else:
            os.link(source, copy)
    assets.copy_runtime(target)
    assets.name_material_search_worker(target)
    name, description = offline.site_config()
    offline.build_offline(target, name, name.removesuffix(" SRD"), description)


@pytest.fixture(scope="module")
def sub_path_url(built_site: Path) -> Iterator[str]:
    """A build for a site under SUB_PATH, served there."""
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        _build_for(f"https://example.org{SUB_PATH}", built_site, site)
        server = load_serve_module().make_server(site, 0, quiet=True)
        assert server.base_path == SUB_PATH  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
        server.shutdown()


@pytest.fixture(params=["root", "sub-path"])
def site_url(request: pytest.FixtureRequest, base_url: str) -> str:
    if request.param == "root":
        return base_url
    return str(request.getfixturevalue("sub_path_url"))


def _errors_of(page: Page) -> list[str]:
    """The page's console errors, but for the 404 of the missing page itself
    (Chromium logs a document's error status too)."""
    errors: list[str] = []

    def record(message: ConsoleMessage) -> None:
        missing = message.text.endswith("status of 404 (Not Found)")
        if message.type == "error" and not (missing and message.location["url"] == page.url):
            errors.append(f"{message.text} ({message.location['url']})")

    page.on("console", record)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _expect_the_404_page(page: Page, site_url: str) -> None:
    expect(page.locator("h1")).to_have_text("404 - Not found")
    # Material's stylesheet and the site's own: the header is indigo...
    expect(page.locator(".md-header")).to_have_css("background-color", INDIGO)
    # ...Material's script runs, and every address is the site's.
    page.wait_for_function("() => typeof document$ === 'object'")
    addresses = page.evaluate("""() => [...document.querySelectorAll(
        'link[rel=stylesheet], link[rel=manifest], link[rel=icon], script[src]')]
        .map((node) => node.href || node.src)""")
    assert len(addresses) > 5
    assert [a for a in addresses if not a.startswith(site_url + "assets/")] == [
        site_url + "manifest.webmanifest"]


def test_the_404_page_works_from_the_host_and_offline(
    fresh_context: BrowserContext, site_url: str
) -> None:
    page = fresh_context.new_page()
    errors = _errors_of(page)
    for missing in ("no-such-page/", "deep/er/no-such-page/"):
        response = page.goto(site_url + missing)
        assert response is not None and response.status == 404
        _expect_the_404_page(page, site_url)
    assert errors == [], errors
    # Load an ordinary page so the service worker caches the site, then
    # leave the network: a missing page is the cached 404 page.
    page.goto(site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=INSTALL_TIMEOUT_MS)
    fresh_context.set_offline(True)
    try:
        page.goto(site_url + "cairn/no-such-rule/")
        _expect_the_404_page(page, site_url)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
    finally:
        fresh_context.set_offline(False)
    assert errors == [], errors
