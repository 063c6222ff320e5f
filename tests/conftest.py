"""Shared fixtures: the built site, served on 127.0.0.1 with the site's CSP,
and one Chromium profile for every test that drives a browser."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# --disable-background-networking & co.: no calls to Google's hosts, which a
# closed network refuses (noisy and slow). The omnibox popup features: at
# every launch, even headless, Chromium 156 builds its address bar's popup
# as three WebUI pages, about 0.9 s of processor time in the second after
# launch, which on a two-core machine slowed the page a test or the bench
# opens at once (Chromium merges this list with Playwright's own).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup",
]
# The tests' browsers only (make bench keeps the browser as readers have it):
# WebAssembly by V8's baseline compiler alone. The tests check what the site
# does, not how fast, and every tab's optimizing compiler recompiled Python's
# hot functions again: five browser test files took 12% less processor time
# and 11% less time without it (two interleaved runs each, 606 against 536 s).
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
SETTLED = '.rp-widget[data-state="ready"], .rp-widget[data-state="failed"]'
# The files that take longest, run first: `make test` hands whole files to
# three processes in the order collected (`--no-loadscope-reorder`: else
# pytest-xdist puts the files with the most tests first, and the engine suite
# inside Pyodide, one test of minutes, came last and ran alone at the end).
# In the order of a full run's time per file (its tests' seconds, summed):
# the four files over 200 s, every other one under 170 s and in pytest's order.
LONGEST_FIRST = (
    "tests/browser/test_table_flow.py",
    "tests/browser/test_pages.py",
    "tests/pyodide/test_engine_in_pyodide.py",
    "tests/browser/test_offline.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every file keeps its tests' order


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site: SITE_DIR if set, else ``site/`` (built by ``make``),
    built here when missing so a lone ``pytest tests/site`` works too."""
    site = Path(os.environ.get("SITE_DIR", ROOT / "site"))
    if not (site / "index.html").exists() or not (site / "sw.js").exists():
        # The same steps as `make site`: the pages, then the steps that follow them.
        # Not --quiet, which would keep strict mode from seeing any warning.
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
            cwd=ROOT,
            check=True,
        )
        subprocess.run(
            [sys.executable, "-m", "runtime.build", "--site", str(site)], cwd=ROOT, check=True
        )
    return site


def _pages_holding(site: Path, marker: str) -> list[str]:
    found = []
    for html in sorted(site.rglob("index.html")):
        if marker in html.read_text(encoding="utf-8"):
            relative = html.parent.relative_to(site).as_posix()
            found.append("" if relative == "." else relative + "/")
    return found


def pages_with_widget(site: Path, widget: str) -> list[str]:
    """Site-relative URLs of the built pages that embed ``widget``."""
    return _pages_holding(site, f'data-widget="{widget}"')


def pages_with_rollers(site: Path) -> list[str]:
    """Site-relative URLs of the built pages that embed any widget."""
    return _pages_holding(site, 'class="rp-widget"')


def built_file(page: Path, address: str, site: Path) -> Path:
    """The built file an address in ``page`` names (404.html uses absolute ones)."""
    if address.startswith("/"):
        return site / ("assets/" + address.split("/assets/", 1)[1])
    return (page.parent / address).resolve()


def load_module(path: Path) -> Any:
    """A module from a file outside any package (scripts/)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_serve_module() -> Any:
    """scripts/serve.py, the server of ``make serve``."""
    return load_module(ROOT / "scripts" / "serve.py")


@pytest.fixture(scope="session")
def base_url(built_site: Path) -> Iterator[str]:
    server = load_serve_module().make_server(built_site, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # Under the path the site was built for (SITE_URL's; / without it).
    yield f"http://127.0.0.1:{server.server_address[1]}{server.base_path}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser_context(
    built_site: Path, base_url: str, playwright_driver: Playwright
) -> Iterator[BrowserContext]:
    """One persistent profile for the session, warmed by one widget page, so
    Pyodide comes from the HTTP cache as for a returning reader; each test
    still opens its own tab, hence its own worker. The cold start itself is
    measured by ``make bench``, not tested here."""
    with tempfile.TemporaryDirectory() as profile:
        # Service workers blocked: page.route must see every request here;
        # the offline tests open profiles of their own (fresh_context).
        context = playwright_driver.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS, headless=True,
            service_workers="block",
        )
        warm = context.new_page()
        warm.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
        warm.wait_for_selector(SETTLED, timeout=120_000)
        warm.close()
        yield context
        context.close()


@pytest.fixture
def fresh_context(playwright_driver: Playwright) -> Iterator[BrowserContext]:
    """A cold profile of its own, service workers allowed: for the offline,
    update and first-visit tests."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright_driver.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS, headless=True
        )
        yield context
        context.close()
