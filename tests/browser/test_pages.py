"""Every built page loads cleanly in Chromium under the site's CSP, on a phone."""

from __future__ import annotations

from pathlib import Path

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


# Each page as two readers see it, in one visit (loading a page with its
# rollers is most of what this test costs): on a phone, in the light scheme
# the system asks for (tables overflow there); then on a desktop, after
# Material's "Switch to dark mode". How a page first shows the scheme a
# system asks for is tests/browser/test_theme_after_rollers.py's.
PHONE = (PHONE_WIDTH, 844)
DESKTOP = (1280, 800)
ROLLERS_READY = (
    "() => [...document.querySelectorAll('.rp-widget')]"
    ".every((root) => root.dataset.state === 'ready')"
)
# Every finite transition and animation of the page run to their end: a
# desktop's width brings in Material's tabs with a staggered fade, which axe
# would measure mid-fade (an endless one would be waited for in vain).
SETTLED = """async () => {
  for (let round = 0; round < 10; round++) {
    const moving = document.getAnimations().filter((animation) => animation.playState !== "finished"
      && animation.effect && animation.effect.getComputedTiming().endTime !== Infinity);
    if (!moving.length) return;
    await Promise.all(moving.map((animation) => animation.finished.catch(() => null)));
  }
}"""
# Material's palette listens to its toggle: it stores the palette it shows as
# it starts listening (use_system_scheme clears the stored one before each
# page), and a toggle pressed before then changes nothing (document$ comes
# first: a press made once it existed was lost once in a full run).
PALETTE_LISTENS = "() => Object.keys(localStorage).some((key) => key.endsWith('.__palette'))"


def test_every_page_loads_cleanly_within_the_screen_and_passes_axe(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog
) -> None:
    """No console error (under the site's CSP), no sideways scroll and no
    serious accessibility violation, once the page's rollers are ready: on a
    phone in the light scheme, then on a desktop in the dark one."""
    use_system_scheme(page, "default")
    urls = _page_urls(built_site)
    assert len(urls) > 20
    problems: list[str] = []
    found: dict[str, object] = {}

    def audit(url: str, label: str, width: int, scheme: str) -> None:
        if console.errors:
            problems.append(f"{url} ({label}): {console.errors[:2]}")
            console.errors.clear()
        scrolled = page.evaluate("document.documentElement.scrollWidth")
        if scrolled > width:
            problems.append(f"{url} ({label}): {scrolled}px wide on a {width}px screen")
        assert page.evaluate("document.body.dataset.mdColorScheme") == scheme, url
        violations = run_axe(page)
        if violations:
            found[f"{url} ({label})"] = describe_violations(violations)

    for url in urls:
        console.errors.clear()
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        page.goto(base_url + url)
        page.wait_for_function(ROLLERS_READY, timeout=PYODIDE_TIMEOUT_MS)
        # On a page with rollers Material runs after them, at a reader's
        # first key outside them (or 2 s after the load): audit the page as
        # it stands then.
        page.keyboard.press("Shift")
        page.wait_for_function(PALETTE_LISTENS, timeout=PYODIDE_TIMEOUT_MS)
        audit(url, "phone, light", PHONE[0], "default")

        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        # Pressed with no pointer over it: under a pointer, Material shows the
        # toggle's tooltip after a delay, fading in, which axe could catch mid-fade.
        page.locator('label[title="Switch to dark mode"]').evaluate("(label) => label.click()")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        page.evaluate(SETTLED)
        audit(url, "desktop, dark", DESKTOP[0], "slate")
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
