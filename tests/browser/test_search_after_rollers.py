"""On a page with rollers, Material's search index is built once Python has
started (runtime/build/roller_pages.py, assets/rp/material/search-worker.js), so the
two do not share the processor at a first roll; a search typed meanwhile is
answered at once, and the search works as on any other page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import (
    MATERIAL_RUNS,
    PYODIDE_TIMEOUT_MS,
    HeldPython,
    requests_to,
    search_results,
)
from tests.conftest import pages_with_widget

pytestmark = pytest.mark.browser

MATERIAL_WORKER = "/assets/javascripts/workers/search."


def _runtime(page: Page) -> str | None:
    mode: str | None = page.evaluate("() => document.documentElement.dataset.rpRuntime || null")
    return mode


def test_the_index_is_built_once_python_is_ready(
    page: Page, base_url: str, built_site: Path
) -> None:
    material = requests_to(page, MATERIAL_WORKER)
    wrapper = requests_to(page, "/assets/rp/material/search-worker.js")
    python = HeldPython(page)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector('.rp-widget[data-state="starting"]')
    # Material runs at the latest 2 s after the page's load (theme-later.js),
    # and asks for its search worker then.
    page.wait_for_function(MATERIAL_RUNS, timeout=10_000)
    page.wait_for_timeout(500)
    assert wrapper, "Material's search was not started through the wrapper"
    assert _runtime(page) is None
    assert material == [], "the search index was built while Python was starting"
    python.release()
    page.wait_for_selector('.rp-widget[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    for _ in range(100):  # Material's worker is asked for once the runtime is ready
        if material:
            break
        page.wait_for_timeout(100)
    assert material, "Material's search worker never started after Python was ready"
    results = search_results(page, "armour")
    assert any("/cairn/" in url for url in results), results


def test_a_search_typed_while_python_starts_is_answered(
    page: Page, base_url: str, built_site: Path
) -> None:
    python = HeldPython(page)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector('.rp-widget[data-state="starting"]')
    results = search_results(page, "armour")
    assert any("/cairn/" in url for url in results), results
    assert _runtime(page) is None  # answered before Python was up
    python.release()
    page.wait_for_selector('.rp-widget[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)


def test_a_text_page_builds_the_index_at_once(page: Page, base_url: str) -> None:
    material = requests_to(page, MATERIAL_WORKER)
    wrapper = requests_to(page, "/assets/rp/material/search-worker.js")
    page.goto(base_url)
    results = search_results(page, "armour")
    assert material and not wrapper
    assert any("/cairn/" in url for url in results), results
