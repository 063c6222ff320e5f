"""Every built page loads cleanly in Chromium under the site's CSP, on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    MATERIAL_RUNS,
    PHONE_WIDTH,
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    describe_violations,
    run_axe,
    use_system_scheme,
)


def _page_urls(site: Path) -> list[str]:
    urls = []
    for html in sorted(site.rglob("index.html")):
        relative = html.parent.relative_to(site).as_posix()
        if relative.startswith(("assets", "pyodide", "search")):
            continue
        urls.append("" if relative == "." else relative + "/")
    return urls


# Each page as a reader whose system asks for the palette: on a phone in the
# light one (tables overflow there), on a desktop in the dark one.
AUDITS = {"phone, light": (PHONE_WIDTH, 844, "default"), "desktop, dark": (1280, 800, "slate")}


@pytest.mark.parametrize("audit", list(AUDITS))
def test_every_page_loads_cleanly_within_the_screen_and_passes_axe(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog, audit: str
) -> None:
    """No console error (under the site's CSP), no sideways scroll and no
    serious accessibility violation, once the page's rollers are ready."""
    width, height, scheme = AUDITS[audit]
    page.set_viewport_size({"width": width, "height": height})
    use_system_scheme(page, scheme)
    urls = _page_urls(built_site)
    assert len(urls) > 20
    problems: list[str] = []
    found: dict[str, object] = {}
    for url in urls:
        console.errors.clear()
        page.goto(base_url + url)
        # On a page with rollers Material runs after them: audit the page as
        # it stands then, its rollers ready.
        page.wait_for_function(MATERIAL_RUNS, timeout=PYODIDE_TIMEOUT_MS)
        page.wait_for_function(
            "() => [...document.querySelectorAll('.rp-widget')]"
            ".every((root) => root.dataset.state === 'ready')",
            timeout=PYODIDE_TIMEOUT_MS,
        )
        if console.errors:
            problems.append(f"{url}: {console.errors[:2]}")
        scrolled = page.evaluate("document.documentElement.scrollWidth")
        if scrolled > width:
            problems.append(f"{url}: {scrolled}px wide on a {width}px screen")
        assert page.evaluate("document.body.dataset.mdColorScheme") == scheme, url
        violations = run_axe(page)
        if violations:
            found[url] = describe_violations(violations)
    assert problems == []
    assert found == {}


def _overflowing_wrappers(page: Page) -> list[dict[str, object]]:
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-typeset__scrollwrap')]
          .map((wrapper) => ({
            overflows: wrapper.scrollWidth > wrapper.clientWidth + 1,
            tabindex: wrapper.getAttribute('tabindex'),
            role: wrapper.getAttribute('role'),
            name: wrapper.getAttribute('aria-label'),
          }))"""
    )


def test_a_table_wider_than_the_screen_scrolls_from_the_keyboard(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(base_url + "dice-pool/magnitudes/")
    page.wait_for_function(MATERIAL_RUNS)
    wrapper = page.locator('.md-typeset__scrollwrap[tabindex="0"]').first
    expect(wrapper).to_have_attribute("role", "region")
    expect(wrapper).to_have_attribute("aria-label", "Table, scrolls sideways")
    wrappers = _overflowing_wrappers(page)
    assert any(w["overflows"] for w in wrappers)
    assert all((w["tabindex"] == "0") == w["overflows"] for w in wrappers), wrappers
    # Tab reaches it; the arrow keys scroll it.
    wrapper.focus()
    assert wrapper.evaluate("(node) => node === document.activeElement")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    page.wait_for_function(
        "() => document.activeElement.scrollLeft > 0", timeout=5_000
    )
    # Wide enough for the table: no tab stop is left behind.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(
        "() => !document.querySelector('.md-typeset__scrollwrap[tabindex]')", timeout=5_000
    )


def test_tables_reached_by_instant_navigation_are_marked_too(
    page: Page, base_url: str
) -> None:
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(base_url + "dice-pool/")
    page.wait_for_function(MATERIAL_RUNS)
    page.evaluate("() => { window.rpSamePage = true; }")
    page.locator('.md-content a[href$="dice-pool/magnitudes/"]').first.click()
    page.wait_for_function("() => location.pathname.endsWith('/dice-pool/magnitudes/')")
    page.wait_for_function(
        "() => document.querySelector('.md-typeset__scrollwrap[tabindex=\"0\"][role=region]')",
        timeout=10_000,
    )
    assert page.evaluate("() => window.rpSamePage === true"), "a full page load, not an instant one"
