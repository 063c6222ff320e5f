"""Browser fixtures: the built site served on 127.0.0.1 with the site's CSP,
and Playwright driving the system Chromium.

One persistent browser profile serves the whole session, so the 9.6 MB
Pyodide wasm comes from the HTTP cache after the first page (as it would for
a reader); each test still gets its own tab, hence its own worker.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY = '.rp-widget[data-state="ready"]'
PYODIDE_TIMEOUT_MS = 40_000


def _load_serve_module() -> Any:
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def base_url(built_site: Path) -> Iterator[str]:
    server = _load_serve_module().make_server(built_site, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_context() -> Iterator[BrowserContext]:
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield context
        context.close()


class ConsoleLog:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def record(self, kind: str, text: str) -> None:
        if kind == "error":
            self.errors.append(text)


@pytest.fixture
def console() -> ConsoleLog:
    return ConsoleLog()


@pytest.fixture
def page(browser_context: BrowserContext, console: ConsoleLog) -> Iterator[Page]:
    tab = browser_context.new_page()
    tab.on("console", lambda message: console.record(message.type, message.text))
    tab.on("pageerror", lambda error: console.errors.append(f"page error: {error}"))
    yield tab
    tab.close()


@pytest.fixture
def phone_page(page: Page) -> Page:
    page.set_viewport_size({"width": 390, "height": 844})
    return page


def open_widget(page: Page, url: str, widget: str) -> Any:
    """Go to ``url`` and wait until the widget named ``widget`` is ready."""
    page.goto(url)
    root = page.locator(f'.rp-widget[data-widget="{widget}"]').first
    root.locator("xpath=.").wait_for()
    page.wait_for_selector(
        f'.rp-widget[data-widget="{widget}"][data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS
    )
    return root
