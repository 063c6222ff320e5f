"""Dice in the rules text and tables that roll, in Chromium: a tap starts
Python on a text page and shows the roll by the dice; Escape and a tap
elsewhere close it; the exact odds one tap away; the roll log; a table's
rolled row; the off switch on every page; a tampered button; axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    PYODIDE_TIMEOUT_MS,
    describe_violations,
    requests_to,
    run_axe,
    use_system_scheme,
)

pytestmark = pytest.mark.browser

INLINE = 'button[data-role="inline-roll"]'
POPOVER = '[data-role="inline-popover"]'
COMBAT = "cairn/combat/"
TEXT_PAGE = "cairn/bestiary/"  # dice and no roller


@pytest.fixture(autouse=True)
def no_party(page: Page, base_url: str) -> None:
    """These rolls are read with nobody at the table: a party kept by another
    test of the session (the tests share one browser profile) would make the
    text's saves use its actor's score."""
    page.goto(base_url + "credits/")  # a page without a roller: Python stays asleep
    page.evaluate("() => localStorage.removeItem('rp-kept:party')")


def tap_and_wait(page: Page, button: str) -> None:
    page.locator(button).first.click()
    expect(page.locator(POPOVER + " [data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)


def test_a_text_page_starts_python_on_the_first_tap_only(page: Page, base_url: str) -> None:
    workers = requests_to(page, "/worker/worker.js")
    page.goto(base_url + TEXT_PAGE)
    page.wait_for_timeout(2500)  # past the latest idle moment a warm-up could take
    assert workers == []
    button = page.locator(INLINE, has_text="bite").first
    expect(button).to_have_attribute("data-expression", "1d10")
    expect(button).to_have_attribute("aria-label", re.compile(r"Cobblehounds.*Roll 1d10"))
    button.click()
    popover = page.locator(POPOVER)
    expect(popover.locator("[data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    assert len(workers) == 1
    expect(popover).to_contain_text("Total:")
    expect(popover.locator(".rp-die")).to_have_count(1)
    expect(popover.locator("a[data-role=share]")).to_have_attribute("href", re.compile("#roll="))
    # Screen readers hear the result.
    announcer = page.locator('[data-role="inline-announcer"]')
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_contain_text("Total")
    # The popover is by the dice, in view.
    box = popover.bounding_box()
    anchor = button.bounding_box()
    assert box and anchor
    assert 0 <= box["y"] - (anchor["y"] + anchor["height"]) <= 12
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]
    # The exact odds, one tap away: the engine's distribution of 1d10.
    popover.locator("[data-role=inline-odds]").click()
    expect(popover.locator(".rp-chart, [data-role=odds] table").first).to_be_visible()
    expect(popover.locator("[data-role=odds]")).to_contain_text("1/10")
    # Into the roll log like any other roll.
    expect(page.locator("[data-role=roll-log-entry]").first).to_contain_text("bite")
    # Escape closes it and gives focus back to the dice.
    page.keyboard.press("Escape")
    expect(popover).to_have_count(0)
    expect(button).to_be_focused()


def test_a_tap_elsewhere_closes_the_popover(page: Page, base_url: str) -> None:
    page.goto(base_url + COMBAT)
    tap_and_wait(page, INLINE)
    page.locator("article h1").click()
    expect(page.locator(POPOVER)).to_have_count(0)


def test_a_bestiary_attack_rolls_its_damage_in_one_tap(page: Page, base_url: str) -> None:
    page.goto(base_url + "cairn/bestiary/")
    troll = page.locator(INLINE, has_text="claws and bite")
    expect(troll).to_have_attribute("data-expression", "2d8kh1")
    expect(troll).to_have_attribute("aria-label", re.compile("Wood Troll"))
    troll.click()
    popover = page.locator(POPOVER)
    expect(popover.locator("[data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    expect(popover.locator(".rp-die")).to_have_count(2)
    expect(popover.locator(".rp-die-kept")).to_have_count(1)
    expect(popover).to_contain_text("single highest")


def test_a_judge_two_roll_is_judged(page: Page, base_url: str) -> None:
    page.goto(base_url + "judge-two/actions/")
    button = page.locator(INLINE, has_text="two six sided dice").first
    expect(button).to_have_attribute("data-expression", "2d6")
    button.click()
    popover = page.locator(POPOVER)
    expect(popover.locator("[data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    expect(popover).to_contain_text(re.compile(r"Light \d, Truth \d|Doubles"))


def test_a_table_roll_highlights_the_row_it_names(page: Page, base_url: str) -> None:
    page.goto(base_url + "cairn/rules/")
    button = page.locator('button[data-role="table-roll"][data-table="reaction"]')
    for _ in range(3):
        button.click()
        popover = page.locator(POPOVER)
        expect(popover.locator("[data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
        rolled = page.locator("tr[data-rolled]")
        expect(rolled).to_have_count(1)
        named = popover.locator(".rp-outcome").inner_text()  # "6-8: Curious"
        span, _, text = named.partition(": ")
        cells = rolled.locator("td")
        assert cells.nth(0).inner_text().strip() == span
        assert cells.nth(1).inner_text().strip() == text
        expect(rolled).to_be_in_viewport()
        page.keyboard.press("Escape")
    # Each row's chance, one tap away.
    button.click()
    page.locator(POPOVER + " [data-role=inline-odds]").click()
    expect(page.locator(POPOVER + " [data-role=odds]")).to_contain_text("44.44% (4/9)")


def test_the_off_switch_holds_on_every_page(page: Page, base_url: str) -> None:
    page.goto(base_url + COMBAT)
    assert page.locator(INLINE).count() > 10
    page.locator("[data-role=roll-log-toggle]").click()
    switch = page.locator("[data-role=inline-rolls-setting]")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(page.locator(INLINE)).to_have_count(0)
    # The page's first control is its first save ("each PC must make a DEX save").
    expect(page.locator("[data-role=inline-off]").first).to_have_text("DEX")
    page.goto(base_url + "might-heart/rules/")
    expect(page.locator("[data-role=inline-off]").first).to_be_attached()
    expect(page.locator(INLINE)).to_have_count(0)
    page.locator("[data-role=roll-log-toggle]").click()
    page.locator("[data-role=inline-rolls-setting]").check()
    expect(page.locator(INLINE).first).to_be_visible()
    page.goto(base_url + COMBAT)
    expect(page.locator(INLINE).first).to_be_visible()


@pytest.mark.parametrize(
    ("tampered", "message"),
    [
        ("1d6<img src=x>", "An inline roll of this game is one of"),
        ("2d8kh1<img src=x onerror=alert(1)>", "at most 20 characters"),
        ("1d7", "An inline roll's dice are"),
    ],
)
def test_a_tampered_button_gets_the_normal_error(
    page: Page, base_url: str, tampered: str, message: str
) -> None:
    page.goto(base_url + COMBAT)
    page.locator(INLINE).first.evaluate("(b, text) => { b.dataset.expression = text; }", tampered)
    page.locator(INLINE).first.click()
    error = page.locator(POPOVER + " [data-role=error]")
    expect(error).to_contain_text(message, timeout=PYODIDE_TIMEOUT_MS)
    expect(error).to_have_attribute("data-field", "expression")
    assert page.locator(POPOVER + " img").count() == 0


def test_a_share_link_replays_the_inline_roll(page: Page, base_url: str) -> None:
    page.goto(base_url + COMBAT)
    tap_and_wait(page, INLINE)
    seed = page.locator(POPOVER + " [data-role=seed]").inner_text()
    total = page.locator(POPOVER + " .rp-outcome").inner_text()
    link = page.locator(POPOVER + " a[data-role=share]").get_attribute("href")
    assert link
    page.goto("about:blank")
    page.goto(link)
    expect(page.locator(POPOVER + " [data-role=replay-mark]")).to_be_visible(
        timeout=PYODIDE_TIMEOUT_MS
    )
    expect(page.locator(POPOVER + " [data-role=seed]")).to_have_text(seed)
    expect(page.locator(POPOVER + " .rp-outcome")).to_have_text(total)


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_nothing_serious_with_a_popover_open(
    page: Page, base_url: str, scheme: str
) -> None:
    use_system_scheme(page, scheme)
    page.goto(base_url + COMBAT)
    tap_and_wait(page, INLINE)
    page.locator(POPOVER + " [data-role=inline-odds]").click()
    expect(page.locator(POPOVER + " [data-role=odds] .rp-chart")).to_be_visible()
    assert describe_violations(run_axe(page)) == []
