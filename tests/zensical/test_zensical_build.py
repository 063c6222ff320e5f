"""The site built by Zensical (``make zensical``: ``zensical build`` of the
same sources, then ``python -m runtime.build``), served with the site's
Content-Security-Policy (scripts/serve.py) and read in Chromium: a roller
page's rollers load and roll, search finds a rule term and a named table row
(the search step's entries in Zensical's own index), nothing logs an error
(a style the policy refuses is one), and after one visit another roller page
rolls offline.

Skipped, with a plain message, when there is no Zensical build: ``make test``
does not build one (``make zensical`` does, then runs this module).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS, press_every_roller
from tests.conftest import ROOT, load_serve_module, pages_with_widget

SITE = Path(os.environ.get("ZENSICAL_SITE", ROOT / "build" / "zensical-site"))
if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
    pytest.skip(f"no Zensical build in {SITE}: `make zensical` builds it and runs this module",
                allow_module_level=True)

pytestmark = [pytest.mark.browser, pytest.mark.zensical]

SEED = re.compile(r"^\d+$")
INSTALL_TIMEOUT_MS = 120_000
# Zensical's search dialog (in a shadow root, which Playwright's selectors enter).
SEARCH_BOX = "combobox"
SEARCH_RESULTS = "Search results"


@pytest.fixture(scope="module")
def zensical_url() -> Iterator[str]:
    server = load_serve_module().make_server(SITE, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _watched_page(context: BrowserContext, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    return page


def _search(page: Page, query: str) -> list[str]:
    """The site-relative pages and anchors Zensical's search lists for ``query``."""
    page.locator(".md-search__button").click()
    box = page.get_by_role(SEARCH_BOX, name="Search")
    box.fill(query)
    options = page.get_by_role("listbox", name=SEARCH_RESULTS).get_by_role("option")
    expect(options.first).to_be_visible(timeout=15_000)
    found = []
    for href in options.evaluate_all("links => links.map(link => link.href)"):
        address = urlsplit(href)
        anchor = f"#{address.fragment}" if address.fragment else ""
        found.append(address.path.lstrip("/") + anchor)
    page.keyboard.press("Escape")
    return found


def test_it_is_a_zensical_build_with_the_runtime() -> None:
    home = (SITE / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<meta name="generator" content="zensical-[\d.]+">', home)
    assert (SITE / "search.json").is_file() and not (SITE / "search/search_index.json").exists()
    assert (SITE / "assets/rp/build-manifest.json").is_file()


def test_rollers_roll_and_search_finds_rules_under_the_policy(
    fresh_context: BrowserContext, zensical_url: str
) -> None:
    errors: list[str] = []
    page = _watched_page(fresh_context, errors)
    rules = pages_with_widget(SITE, "cairn.save")[0]
    page.goto(zensical_url + rules)
    assert press_every_roller(page) == []
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)
    # Zensical's script ran after the rollers (theme-later.js) and its search,
    # held by the wrapper until then, answers: a rule term, then a table row.
    page.wait_for_function("() => typeof document$ === 'object'", timeout=10_000)
    found = _search(page, "Deprived")
    assert {"cairn/rules/", "might-heart/rules/"} & {result.split("#")[0] for result in found[:3]}
    assert "huldufolk/belief/#row-margrave" in _search(page, "Margrave")
    # The dialog's own style applies (unstyled, its results are a numbered list).
    page.locator(".md-search__button").click()
    results = page.get_by_role("listbox", name=SEARCH_RESULTS)
    assert results.evaluate("(list) => getComputedStyle(list).listStyleType") == "none"
    assert errors == []


def test_a_second_visit_rolls_offline(fresh_context: BrowserContext, zensical_url: str) -> None:
    errors: list[str] = []
    page = _watched_page(fresh_context, errors)
    first = pages_with_widget(SITE, "cairn.save")[0]
    page.goto(zensical_url + first)
    page.wait_for_selector('.rp-widget[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=INSTALL_TIMEOUT_MS)
    fresh_context.set_offline(True)
    try:
        # The same page again, then a roller page never opened: both roll.
        other = next(p for p in pages_with_widget(SITE, "dice.notation") if p != first)
        for url in (first, other):
            page.goto(zensical_url + url)
            assert press_every_roller(page) == [], url
            assert page.evaluate("document.documentElement.dataset.rpRuntime") == "snapshot"
        widget = page.locator('.rp-widget[data-widget="dice.notation"]').first
        expect(widget.locator('[data-role="seed"]')).to_have_text(SEED)
        assert "cairn/rules/" in {r.split("#")[0] for r in _search(page, "Deprived")}
    finally:
        fresh_context.set_offline(False)
    assert errors == []
