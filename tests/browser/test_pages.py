"""Every built page loads cleanly in Chromium under the site's CSP, on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import ConsoleLog, describe_violations, run_axe, use_system_scheme

PHONE_WIDTH = 390


def _page_urls(site: Path) -> list[str]:
    urls = []
    for html in sorted(site.rglob("index.html")):
        relative = html.parent.relative_to(site).as_posix()
        if relative.startswith(("assets", "pyodide", "search")):
            continue
        urls.append("" if relative == "." else relative + "/")
    return urls


def test_every_page_loads_without_console_errors_or_sideways_scroll(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog
) -> None:
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    urls = _page_urls(built_site)
    assert len(urls) > 20
    problems: list[str] = []
    for url in urls:
        console.errors.clear()
        page.goto(base_url + url)
        page.wait_for_load_state("load")
        if console.errors:
            problems.append(f"{url}: {console.errors[:2]}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE_WIDTH:
            problems.append(f"{url}: {width}px wide on a {PHONE_WIDTH}px screen")
    assert problems == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_home_page_has_no_serious_accessibility_violation(
    page: Page, base_url: str, scheme: str
) -> None:
    use_system_scheme(page, scheme)
    page.goto(base_url)
    assert page.evaluate("document.body.dataset.mdColorScheme") == scheme
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)
