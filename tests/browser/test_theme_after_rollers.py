"""On a page with rollers, Material's own script runs after the rollers have
answered the reader's first press (runtime/build/roller_pages.py,
assets/rp/material/theme-later.js), or at once when the reader reaches for
the page around them, or 2 s after the page's load at the latest; it then
works as on any other page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    MATERIAL_RUNS,
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    HeldPython,
    open_widget,
    press_for_new_seed,
    requests_to,
    use_system_scheme,
)
from tests.conftest import ROOT, pages_with_widget

pytestmark = pytest.mark.browser

STARTING = '.rp-widget[data-state="starting"]'
READY = '.rp-widget[data-state="ready"]'


# How long after the page's load event theme-later.js starts Material at the
# latest: read from the script, so the test follows a change of it.
LATEST_MS = int(re.search(  # type: ignore[union-attr]
    r"const LATEST_MS = (\d+);", (ROOT / "runtime/material/theme-later.js").read_text()
).group(1))
# When Material's bundle starts, on the page's clock: the bundle sets the
# global `document$`, which MATERIAL_RUNS reads, as it runs.
RECORD_MATERIALS_START = """(() => {
  let value;
  Object.defineProperty(window, "document$", {
    configurable: true,
    get: () => value,
    set: (given) => { value = given; window.rpMaterialStartedAt = performance.now(); },
  });
})()"""


def _material_runs(page: Page) -> bool:
    return bool(page.evaluate(MATERIAL_RUNS))


def _material_started_after_load_ms(page: Page) -> float | None:
    """How long after the page's load event Material started; None if not yet."""
    started: float | None = page.evaluate(
        """() => window.rpMaterialStartedAt === undefined ? null : window.rpMaterialStartedAt
          - performance.getEntriesByType("navigation")[0].loadEventStart"""
    )
    return started


def _assert_material_held(page: Page) -> None:
    """Material has not run while Python was starting, or (on a machine slow
    enough for the test to take LATEST_MS since the load event) only by the
    latest timer. The page needs RECORD_MATERIALS_START."""
    started = _material_started_after_load_ms(page)
    assert started is None or started >= LATEST_MS, (
        f"Material ran {started:.0f} ms after the load event while Python was starting"
    )


def _python_state(page: Page) -> str | None:
    mode: str | None = page.evaluate("() => document.documentElement.dataset.rpRuntime || null")
    return mode


def test_material_waits_for_the_first_roll_then_works(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog
) -> None:
    python = HeldPython(page)
    page.add_init_script(RECORD_MATERIALS_START)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector(STARTING)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    widget.locator("button.md-button--primary").click()  # a press in a roller: waits for Python
    page.wait_for_timeout(300)
    _assert_material_held(page)
    python.release()
    expect(widget.locator('[data-role="seed"]')).not_to_be_empty(timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function(MATERIAL_RUNS, timeout=5_000)
    assert _material_started_after_load_ms(page) is not None  # the start was recorded
    # Material's behaviour, started late, is all there: the colour toggle...
    scheme = page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(page.locator("body")).not_to_have_attribute("data-md-color-scheme", scheme or "")
    # ...and instant navigation, which keeps the page's runtime.
    page.evaluate("() => { window.rpSamePage = true; }")
    page.locator("a.md-header__button.md-logo").click()
    page.wait_for_function("() => !document.querySelector('.rp-widget')")
    assert page.evaluate("() => window.rpSamePage === true"), "a full page load, not an instant one"
    assert console.errors == []


def test_the_reader_reaching_for_the_page_starts_material_at_once(
    page: Page, base_url: str, built_site: Path
) -> None:
    python = HeldPython(page)
    page.add_init_script(RECORD_MATERIALS_START)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector(STARTING)
    _assert_material_held(page)
    page.locator("article h1").click()  # outside the rollers
    page.wait_for_function(MATERIAL_RUNS, timeout=1_500)
    assert _python_state(page) is None  # Python was still starting
    python.release()
    page.wait_for_selector(READY, timeout=PYODIDE_TIMEOUT_MS)


def test_material_runs_by_itself_while_python_is_slow(
    page: Page, base_url: str, built_site: Path
) -> None:
    python = HeldPython(page)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])  # returns at its load
    loaded = page.evaluate("() => performance.now()")
    page.wait_for_function(MATERIAL_RUNS, timeout=5_000)
    ran_after = page.evaluate("() => performance.now()") - loaded
    assert 1_500 <= ran_after <= 4_000, ran_after  # 2 s after the load, give or take a busy machine
    assert _python_state(page) is None
    python.release()
    page.wait_for_selector(READY, timeout=PYODIDE_TIMEOUT_MS)


def test_python_ready_before_any_press_leaves_the_thread_to_the_first_roll(
    page: Page, base_url: str, built_site: Path
) -> None:
    """A returning reader's Python is ready before the first press: Material
    waits for that press (or for 2 s after the load), not for Python."""
    python = HeldPython(page)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])  # returns at its load
    loaded = page.evaluate("() => performance.now()")
    python.release()
    page.wait_for_selector(READY, timeout=PYODIDE_TIMEOUT_MS)
    ready_after = page.evaluate("() => performance.now()") - loaded
    page.wait_for_function(MATERIAL_RUNS, timeout=5_000 + ready_after)
    ran_after = page.evaluate("() => performance.now()") - loaded
    if ready_after < 1_200:  # else the 2 s bound came before Python (a busy machine)
        assert ran_after >= 1_500, (ready_after, ran_after)


def test_a_press_answered_while_python_is_ready_starts_material(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector(READY, timeout=PYODIDE_TIMEOUT_MS)
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="seed"]')).not_to_be_empty(timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function(MATERIAL_RUNS, timeout=5_000)


def test_a_text_page_runs_material_with_the_page(page: Page, base_url: str) -> None:
    page.goto(base_url, wait_until="domcontentloaded")
    assert _material_runs(page)
    assert page.locator("link[data-rp-theme-later]").count() == 0


def test_a_reader_in_dark_mode_sees_the_dark_scheme_before_material_runs(
    page: Page, base_url: str, built_site: Path
) -> None:
    use_system_scheme(page, "slate")
    python = HeldPython(page)
    page.add_init_script(RECORD_MATERIALS_START)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector(STARTING)
    _assert_material_held(page)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
    python.release()
    page.wait_for_function(MATERIAL_RUNS, timeout=PYODIDE_TIMEOUT_MS)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"


def test_a_link_within_the_page_leaves_the_page_and_what_was_typed_in_place(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog
) -> None:
    """Material's instant navigation fetched the page again for the first
    link followed after it opened, even one within the page, and drew every
    roller again: what the reader had typed was lost
    (runtime/material/same-page-links.js)."""
    path = sorted(set(pages_with_widget(built_site, "cairn.save"))
                  & set(pages_with_widget(built_site, "cairn.fatigue")))[0]
    save = open_widget(page, base_url + path, "cairn.save")
    first = press_for_new_seed(save, timeout=PYODIDE_TIMEOUT_MS)
    first_link = save.locator('[data-role="share"]').get_attribute("href")
    assert first_link and "#roll=" in first_link
    second = press_for_new_seed(save)
    slots = page.locator('.rp-widget[data-widget="cairn.fatigue"] [name="slots"]').first
    slots.fill("7")  # typed, not rolled
    page.evaluate("() => { document.querySelector('.md-container').rpSamePage = true; }")
    fetched = requests_to(page, path)

    # A heading's link: the browser moves to it, below Material's header.
    heading = page.locator("article h2").nth(2)
    heading.locator("a.headerlink").click()
    expect(page).to_have_url(re.compile("#" + str(heading.get_attribute("id")) + "$"))
    expect(heading).to_be_in_viewport()
    header, moved_to = page.locator(".md-header").bounding_box(), heading.bounding_box()
    assert header and moved_to and moved_to["y"] >= header["y"] + header["height"] - 1
    # A share link pasted over the address: replayed in place.
    page.evaluate("hash => { location.hash = hash; }", "#" + first_link.partition("#")[2])
    expect(save.locator('[data-role="seed"]')).to_have_text(first)
    # Back to the heading: nothing fetched or drawn again either.
    page.go_back()
    expect(page).to_have_url(re.compile("#" + str(heading.get_attribute("id")) + "$"))
    # The roll log's Replay, then the same Replay again over its own address.
    page.locator('[data-role="roll-log-toggle"]').click()
    entry = page.locator('[data-role="roll-log-entry"]').filter(has_text=second)
    entry.locator('[data-role="replay-entry"]').click()
    expect(save.locator('[data-role="seed"]')).to_have_text(second)
    press_for_new_seed(save)
    entry.locator('[data-role="replay-entry"]').click()
    expect(save.locator('[data-role="seed"]')).to_have_text(second)

    assert page.evaluate("() => document.querySelector('.md-container').rpSamePage === true"), (
        "the page's content was replaced")
    expect(slots).to_have_value("7")
    assert fetched == []
    # Another page is still Material's to fetch, and so is the way back.
    page.locator("a.md-header__button.md-logo").click()
    page.wait_for_function("() => !document.querySelector('.rp-widget')")
    page.go_back()
    expect(save).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    assert page.evaluate("() => document.querySelector('.md-container').rpSamePage === undefined")
    assert fetched, "the way back was not Material's: nothing fetched"
    assert console.errors == []


# A browser that refuses the site storage (cookies and site data blocked):
# reading either storage throws, as Chromium's does then.
STORAGE_REFUSED = """for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, {configurable: true, get() {
    throw new DOMException(`Failed to read the '${name}' property from 'Window': ` +
      "Access is denied for this document.", "SecurityError");
  }});
}"""


def test_a_browser_that_refuses_storage_gets_the_dark_scheme_and_no_error(
    page: Page, base_url: str, built_site: Path, console: ConsoleLog
) -> None:
    page.emulate_media(color_scheme="dark")
    page.add_init_script(STORAGE_REFUSED)
    page.add_init_script(RECORD_MATERIALS_START)
    python = HeldPython(page)
    page.goto(base_url + pages_with_widget(built_site, "cairn.save")[0])
    page.wait_for_selector(STARTING)
    assert page.evaluate("() => { try { localStorage; return false; } catch { return true; } }")
    # Material's palette script, before Material runs: the system's scheme.
    _assert_material_held(page)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
    python.release()
    widget = page.locator('.rp-widget[data-widget="cairn.save"]').first
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="seed"]')).not_to_be_empty(timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_function(MATERIAL_RUNS, timeout=5_000)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
    # Material's colour toggle stores the choice: refused, it still switches.
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    # A text page, where Material runs with the page.
    page.goto(base_url)
    page.wait_for_function(MATERIAL_RUNS)
    assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
    assert console.errors == []
