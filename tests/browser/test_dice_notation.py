"""dice.notation in Chromium: roll, the odds chart, errors at their column, limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import (
    ConsoleLog,
    describe_violations,
    open_widget,
    press_for_new_seed,
    run_axe,
)
from tests.conftest import pages_with_widget

NAME = "dice.notation"


@pytest.fixture(scope="module")
def dice_url(built_site: Path, base_url: str) -> str:
    pages = pages_with_widget(built_site, NAME)
    assert "dice/" in pages, "the Dice page does not embed dice.notation"
    return base_url + "dice/"


def set_expression(widget: Locator, text: str) -> None:
    widget.locator('input[name="expression"]').fill(text)


def roll(widget: Locator) -> Locator:
    """Click Roll, wait for a new seed, return the result region."""
    press_for_new_seed(widget, 'button[data-action="roll"]')
    return widget.locator('[data-role="result"]')


def test_roll_shows_each_die_kept_and_dropped_and_the_total(
    page: Page, dice_url: str, console: ConsoleLog
) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "4d6kh3 + 2")
    result = roll(widget)
    dice = result.locator(".rp-die")
    expect(dice).to_have_count(4)
    faces = [int(text) for text in dice.all_inner_texts()]
    assert all(1 <= face <= 6 for face in faces)
    kept = result.locator(".rp-die-kept")
    dropped = result.locator(".rp-die-dropped")
    expect(kept).to_have_count(3)
    expect(dropped).to_have_count(1)
    assert int(dropped.inner_text()) == min(faces)
    assert "dropped" in (dropped.get_attribute("aria-label") or "")
    total = sum(sorted(faces)[1:]) + 2
    expect(result.locator(".rp-outcome")).to_have_text(f"Total: {total}")
    expect(result).to_contain_text(f"{total - 2} + 2 = {total}")
    expect(result).to_contain_text(f"Chance of {total} or more:")
    assert console.errors == []


def test_odds_chart_has_mean_table_and_focused_bar_chance(page: Page, dice_url: str) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "2d6")
    odds = widget.locator('[data-role="odds"]')
    expect(odds.locator(".rp-chart-title")).to_have_text("Exact odds of 2d6")
    expect(odds.locator(".rp-bar")).to_have_count(11)
    expect(odds.locator(".rp-chart-mean")).to_have_text("Mean: 7")
    # Focusing a bar (here by click) reads its chance and the chance of it or more.
    odds.locator(".rp-bar").nth(8).click()  # the bar of 10
    expect(odds.locator(".rp-chart-detail")).to_have_text(
        "10: 8.33% (1/12); 10 or more: 16.67% (1/6)"  # the percentage first
    )
    # Screen readers get the same numbers as a table.
    rows = odds.locator(".rp-chart-table tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.nth(5)).to_contain_text("7")
    expect(rows.nth(5)).to_contain_text("16.67% (1/6)")
    # Keyboard: the arrow keys walk the bars.
    explore = odds.get_by_role("button", name=re.compile("Explore bars"))
    explore.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(odds.locator(".rp-chart-detail")).to_have_text(
        "3: 5.56% (1/18); 3 or more: 97.22% (35/36)"
    )


def test_grouped_chart_reads_at_least_its_lowest_result(page: Page, dice_url: str) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "100d6")
    odds = widget.locator('[data-role="odds"]')
    expect(odds.locator(".rp-chart-title")).to_have_text("Exact odds of 100d6")
    bars = odds.locator(".rp-bar")
    assert 1 < bars.count() <= 60
    bars.first.click()
    expect(odds.locator(".rp-chart-detail")).to_have_text(
        re.compile(r"^\d+\u2013\d+: [\d.]+%; \d+ or more: [\d.]+%$")
    )
    expect(odds).to_contain_text("not drawn")


def test_bad_expression_shows_the_error_at_its_column(
    page: Page, dice_url: str, console: ConsoleLog
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    widget = open_widget(page, dice_url, NAME)
    result = roll(widget)
    kept = result.inner_text()
    field = widget.locator('input[name="expression"]')
    error = widget.locator('[data-role="error"][data-field="expression"]')
    for text, message in [
        ("2d6 + ?", "Column 7: unexpected character '?'"),
        ("3d6 kh 4", "Column 8: the number of dice kept (of 3) must be from 1 to 3"),
        ("max(d8, d10", "Column 12: expected ',' or ')'"),
        ("<img src=x onerror=alert(1)>", "Column 2: unknown word 'img'"),
    ]:
        field.fill(text)
        widget.locator('button[data-action="roll"]').click()
        expect(error).to_contain_text(message)
        expect(field).to_have_attribute("aria-invalid", "true")
        assert result.inner_text() == kept
        assert field.input_value() == text
    assert widget.locator("img").count() == 0
    assert dialogs == []
    field.fill("d20")
    roll(widget)
    expect(error).to_be_empty()
    assert console.errors == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("101d6", "Column 1: the number of dice must be from 1 to 100 (got 101)."),
        ("d6!7", "Column 4: the face to compare with must be from 1 to 6 (got 7)."),
        ("3d6>4", "Column 4: Roll20 reads '>4' as '4 or more'"),
        ("100d6 + 100d6 + 1d6", "Column 17: at most 200 dice in the whole expression"),
        ("d6+" * 70, "at most 200 characters"),
    ],
)
def test_expression_over_the_limits_shows_the_limit_error(
    page: Page, dice_url: str, text: str, message: str
) -> None:
    widget = open_widget(page, dice_url, NAME)
    field = widget.locator('input[name="expression"]')
    if len(text) > 200:
        # Typed, it is cut at the catalog's bound (maxlength); set past the
        # attribute (a script, an old browser), Python refuses it.
        set_expression(widget, text)
        assert field.input_value() == text[:200]
        field.evaluate(
            "(input, text) => { input.value = text;"
            " input.dispatchEvent(new Event('input', {bubbles: true})); }",
            text,
        )
    else:
        set_expression(widget, text)
    widget.locator('button[data-action="roll"]').click()
    expect(widget.locator('[data-role="error"][data-field="expression"]')).to_contain_text(message)
    expect(widget.locator('[data-role="result"] .rp-die')).to_have_count(0)


def test_too_large_to_chart_still_rolls(page: Page, dice_url: str) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "100d1000")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("too long to chart")
    result = roll(widget)
    expect(result.locator(".rp-die")).to_have_count(100)
    total = int(result.locator(".rp-outcome").inner_text().removeprefix("Total: "))
    assert 100 <= total <= 100_000


def test_max_of_different_dice_marks_the_kept_option(page: Page, dice_url: str) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "max(d8, d10)")
    result = roll(widget)
    labels = result.locator(".rp-dice-label").all_inner_texts()
    assert len(labels) == 2
    assert sum("(kept)" in label for label in labels) == 1
    assert sum("(dropped)" in label for label in labels) == 1
    faces = [int(text) for text in result.locator(".rp-die").all_inner_texts()]
    expect(result.locator(".rp-outcome")).to_have_text(f"Total: {max(faces)}")


def test_same_seed_replays_the_same_dice(page: Page, dice_url: str) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "6d10>=7dbl10")
    result = roll(widget)
    first = result.inner_text()
    seed = widget.locator('[data-role="seed"]').inner_text()
    roll(widget)
    widget.locator(".rp-replay summary").click()
    widget.locator(".rp-seed-input").fill(seed)
    widget.get_by_role("button", name="Replay").click()
    expect(widget.locator('[data-role="seed"]')).to_have_text(seed)
    assert result.inner_text() == first


def test_axe_finds_no_serious_violation_with_chart_dice_and_error(
    page: Page, dice_url: str
) -> None:
    widget = open_widget(page, dice_url, NAME)
    set_expression(widget, "max(d8, d10) + 4d6kh3")
    expect(widget.locator('[data-role="odds"] .rp-chart')).to_be_visible()
    roll(widget)
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)
    set_expression(widget, "2d")
    expect(widget.locator('[data-role="error"][data-field="expression"]')).not_to_be_empty()
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)


def test_fits_a_phone_screen(phone_page: Page, dice_url: str) -> None:
    widget = open_widget(phone_page, dice_url, NAME)
    set_expression(widget, "60d10>=7dbl10")
    expect(widget.locator('[data-role="odds"] .rp-chart')).to_be_visible()
    roll(widget)
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
