"""cairn.save in Chromium: mouse, keyboard, bad input, navigation, failure, a11y."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import (
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    describe_violations,
    open_widget,
    press_for_new_seed,
    run_axe,
    use_system_scheme,
)
from tests.conftest import pages_with_widget

WIDGET = '.rp-widget[data-widget="cairn.save"]'


@pytest.fixture(scope="module")
def save_url(built_site: Path, base_url: str) -> str:
    pages = pages_with_widget(built_site, "cairn.save")
    assert pages, "no built page embeds cairn.save"
    return base_url + pages[0]


def roll(page: Page) -> str:
    """Click Roll and return the seed of the new result."""
    return press_for_new_seed(page.locator(WIDGET).first, 'button[data-action="roll"]')


def test_roll_with_the_mouse_shows_die_verdict_rule_and_seed(
    page: Page, save_url: str, console: ConsoleLog
) -> None:
    widget = open_widget(page, save_url, "cairn.save")
    widget.locator('input[name="attribute"]').fill("12")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("60% (12/20)")
    roll(page)
    result = widget.locator('[data-role="result"]')
    verdict = result.locator(".rp-outcome").inner_text()
    assert verdict in {"PASS", "FAIL"}
    face = int(result.locator(".rp-die").inner_text())
    assert 1 <= face <= 20
    sentence = result.locator(".rp-line").inner_text()
    assert f"Rolled {face} against 12." in sentence
    expected = face == 1 or (face != 20 and face <= 12)
    assert (verdict == "PASS") == expected
    assert console.errors == []


def test_same_seed_replays_the_same_roll(page: Page, save_url: str) -> None:
    widget = open_widget(page, save_url, "cairn.save")
    seed = roll(page)
    first = widget.locator('[data-role="result"]').inner_text()
    widget.locator(".rp-replay summary").click()
    widget.locator(".rp-seed-input").fill(seed)
    roll(page)  # a fresh roll in between, so the replay has something to change
    widget.get_by_role("button", name="Replay").click()
    expect(widget.locator('[data-role="seed"]')).to_have_text(seed)
    assert widget.locator('[data-role="result"]').inner_text() == first


def test_roll_with_the_keyboard_only(page: Page, save_url: str) -> None:
    widget = open_widget(page, save_url, "cairn.save")
    # "More options" remembers being opened (by another test, or a reader): fold it.
    widget.locator(".rp-more").evaluate("details => { details.open = false; }")
    for _ in range(300):  # tab from the top of the page to the widget's first field
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.name") == "mode":
            break
    else:
        pytest.fail("the widget's fields are not reachable with Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "attribute"
    page.keyboard.press("Control+A")
    page.keyboard.type("15")
    page.keyboard.press("Enter")
    expect(widget.locator('[data-role="result"] .rp-line')).to_contain_text("against 15.")
    first_seed = widget.locator('[data-role="seed"]').inner_text()
    page.keyboard.press("Tab")  # past "More options" (the rules), folded
    assert page.evaluate("document.activeElement.textContent").startswith("More options")
    page.keyboard.press("Tab")  # to the Roll button
    assert page.evaluate("document.activeElement.dataset.action") == "roll"
    page.keyboard.press("Space")
    expect(widget.locator('[data-role="seed"]')).not_to_have_text(first_seed)


def test_contest_mode_names_a_winner_in_one_line(page: Page, save_url: str) -> None:
    widget = open_widget(page, save_url, "cairn.save")
    rival = widget.locator('input[name="rival"]')
    expect(rival).to_be_hidden()
    widget.locator('select[name="mode"]').select_option("contest")
    expect(rival).to_be_visible()
    rival.fill("14")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Second side wins")
    roll(page)
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text(
        re.compile("FIRST SIDE WINS|SECOND SIDE WINS|NOBODY WINS")
    )
    assert result.locator(".rp-line").count() == 1


BAD_INPUTS = ["", "abc", "0", "21", "1e9", "<img src=x onerror=alert(1)>"]


def test_bad_inputs_show_inline_errors_and_keep_the_result(
    page: Page, save_url: str, console: ConsoleLog
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    widget = open_widget(page, save_url, "cairn.save")
    roll(page)
    kept = widget.locator('[data-role="result"]').inner_text()
    field = widget.locator('input[name="attribute"]')
    error = widget.locator('[data-role="error"][data-field="attribute"]')
    for bad in BAD_INPUTS:
        field.fill(bad)
        widget.locator('button[data-action="roll"]').click()
        expect(error).to_contain_text("Attribute must be a whole number from 1 to 20")
        expect(field).to_have_attribute("aria-invalid", "true")
        assert widget.locator('[data-role="result"]').inner_text() == kept
        assert field.input_value() == bad  # the player's text is not wiped
    assert widget.locator("img").count() == 0
    assert dialogs == []
    field.fill("9")
    roll(page)
    expect(error).to_be_empty()
    expect(field).not_to_have_attribute("aria-invalid", "true")
    assert console.errors == []


def test_instant_navigation_away_and_back_keeps_one_runtime(
    page: Page, save_url: str, base_url: str
) -> None:
    wasm_requests: list[str] = []
    page.on("request", lambda r: wasm_requests.append(r.url) if r.url.endswith(".wasm") else None)
    open_widget(page, save_url, "cairn.save")
    roll(page)
    # The page's prefetch and the worker's own request (runtime/build/first_visit.py).
    first_load = len(wasm_requests)
    assert first_load >= 1
    home = page.locator("a.md-header__button.md-logo, a.md-tabs__link").first
    home.click()
    page.wait_for_function("() => !document.querySelector('.rp-widget')")
    assert page.evaluate("typeof document$") == "object"  # still the same document: instant nav
    page.go_back()
    page.wait_for_selector(WIDGET + '[data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS)
    roll(page)
    assert len(wasm_requests) == first_load  # the worker survived the page change


def _text_page(built_site: Path) -> str:
    widget_pages = set(pages_with_widget(built_site, "cairn.save"))
    text_page = next(
        html.parent.relative_to(built_site).as_posix()
        for html in sorted(built_site.rglob("index.html"))
        if 'class="rp-widget' not in html.read_text(encoding="utf-8")
        and html.parent.relative_to(built_site).as_posix() + "/" not in widget_pages
    )
    return "" if text_page == "." else text_page + "/"


def test_a_text_page_starts_no_runtime_at_open(
    page: Page, base_url: str, built_site: Path
) -> None:
    # Its dice in the text start Python on the first tap (tests/browser/test_inline_rolls.py).
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(base_url + _text_page(built_site))  # waits for the load event
    page.wait_for_timeout(2500)  # past the idle warm-up's latest moment (2 s)
    assert not [url for url in fetched if "/worker/worker.js" in url or "/pyodide/" in url]


def test_a_text_page_warms_the_runtime_once_the_service_worker_holds_it(
    fresh_context: BrowserContext, base_url: str, built_site: Path
) -> None:
    page = fresh_context.new_page()
    page.goto(base_url + _text_page(built_site))
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=60_000)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.reload()  # waits for the load event
    assert not [url for url in fetched if "/worker/worker.js" in url]  # nothing before it
    page.wait_for_event(
        "request", lambda request: "/worker/worker.js" in request.url, timeout=10_000
    )


def test_a_text_page_starts_no_runtime_when_the_reader_saves_data(
    page: Page, base_url: str, built_site: Path
) -> None:
    page.add_init_script(
        "Object.defineProperty(navigator, 'connection', {get: () => ({saveData: true})})"
    )
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(base_url + _text_page(built_site))
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(2500)  # past the idle warm-up's latest moment (2 s)
    assert not [url for url in fetched if "/pyodide/" in url or "worker.js" in url]


def test_blocked_pyodide_shows_a_failure_message_in_time(
    page: Page, save_url: str
) -> None:
    page.route("**/pyodide/**", lambda route: route.abort())
    started = time.monotonic()
    page.goto(save_url)
    page.wait_for_selector(WIDGET + '[data-state="failed"]', timeout=25_000)
    assert time.monotonic() - started < 25
    expect(page.locator(WIDGET).first.locator("[data-role=status]")).to_contain_text("still work")
    expect(page.locator("article h1")).to_be_visible()  # the rules are still there


def test_hanging_pyodide_times_out_with_a_message(page: Page, save_url: str) -> None:
    # A .wasm that never arrives: no progress for 20 s is a stall.
    page.route("**/*.wasm", lambda route: None)
    started = time.monotonic()
    page.goto(save_url)
    page.wait_for_selector(WIDGET + '[data-state="failed"]', timeout=25_000)
    assert 19 <= time.monotonic() - started < 25
    expect(page.locator(WIDGET).first.locator("[data-role=status]")).to_contain_text(
        "nothing has arrived for 20 seconds"
    )


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_no_serious_violation(page: Page, save_url: str, scheme: str) -> None:
    use_system_scheme(page, scheme)
    widget = open_widget(page, save_url, "cairn.save")
    assert page.evaluate("document.body.dataset.mdColorScheme") == scheme
    roll(page)
    widget.locator('input[name="attribute"]').fill("abc")
    widget.locator('button[data-action="roll"]').click()
    expect(widget.locator('[data-role="error"][data-field="attribute"]')).not_to_be_empty()
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)


def test_widget_fits_a_phone_screen(phone_page: Page, save_url: str) -> None:
    widget = open_widget(phone_page, save_url, "cairn.save")
    roll(phone_page)
    box = widget.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390


def test_steppers_and_arrow_keys_change_the_attribute_within_bounds(
    page: Page, save_url: str
) -> None:
    widget = open_widget(page, save_url, "cairn.save")
    field = widget.locator('input[name="attribute"]')
    widget.get_by_role("button", name="Increase Attribute").click()
    expect(field).to_have_value("11")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("55% (11/20)")
    field.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(field).to_have_value("9")
    field.fill("20")
    widget.get_by_role("button", name="Increase Attribute").click()
    expect(field).to_have_value("20")  # the catalog's maximum holds
    expect(widget.locator('[data-role="odds"]')).to_contain_text("95% (19/20)")
