"""dice_pool.roll and dice_pool.project in Chromium: mouse, keyboard, bad input, phone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Dialog, Locator, Page, expect

from rules_py.dice_pool import pool
from rules_py.dice_pool.widgets import view
from tests.browser.conftest import ConsoleLog, open_widget, press_for_new_seed
from tests.conftest import pages_with_widget

ROLL = '.rp-widget[data-widget="dice_pool.roll"]'
PROJECT = '.rp-widget[data-widget="dice_pool.project"]'
STRIKE = '.rp-widget[data-widget="dice_pool.strike"]'


def _page_with(built_site: Path, base_url: str, widget: str, fragment: str) -> str:
    pages = [p for p in pages_with_widget(built_site, widget) if fragment in p]
    assert pages, f"no built page under {fragment!r} embeds {widget}"
    return base_url + pages[0]


@pytest.fixture(scope="module")
def general_url(built_site: Path, base_url: str) -> str:
    return _page_with(built_site, base_url, "dice_pool.roll", "dice-pool/general")


@pytest.fixture(scope="module")
def actions_url(built_site: Path, base_url: str) -> str:
    return _page_with(built_site, base_url, "dice_pool.roll", "dice-pool/actions")


@pytest.fixture(scope="module")
def projects_url(built_site: Path, base_url: str) -> str:
    return _page_with(built_site, base_url, "dice_pool.project", "dice-pool/projects")


@pytest.fixture(scope="module")
def combat_url(built_site: Path, base_url: str) -> str:
    return _page_with(built_site, base_url, "dice_pool.strike", "dice-pool/combat")


def roll(widget: Locator) -> str:
    """Click the widget's roll button and return the seed of the new result."""
    return press_for_new_seed(widget, 'button[data-action="roll"]')


def die_faces(dice: Locator) -> list[tuple[int, set[str]]]:
    faces: list[tuple[int, set[str]]] = []
    for die in dice.all():
        classes = set((die.get_attribute("class") or "").split())
        faces.append((int(die.inner_text()), classes))
    return faces


def successes(face: int) -> int:
    return 2 if face == 10 else int(face >= 7)


def test_pool_roll_with_the_mouse(page: Page, general_url: str, console: ConsoleLog) -> None:
    open_widget(page, general_url, "dice_pool.roll")
    widget = page.locator(ROLL).first
    widget.locator('input[name="attribute"]').fill("4")
    widget.locator('input[name="ability"]').fill("3")
    widget.locator('input[name="difficulty"]').fill("5")
    odds = widget.locator('[data-role="odds"]')
    expect(odds).to_contain_text("Chance to meet difficulty 5 (Difficult) with 7 dice:")
    seven = dict(pool.successes_distribution(7).items())
    expected_bars = view.chart_bars(seven, keep=(4, 5))
    assert expected_bars[-1][0].endswith("+")  # the rare top results share one bar
    expect(odds.locator(".rp-bar-label")).to_have_text([bar[0] for bar in expected_bars])
    roll(widget)
    result = widget.locator('[data-role="result"]')
    faces = die_faces(result.locator(".rp-die"))
    assert len(faces) == 7
    for face, classes in faces:
        assert ("rp-die-success" in classes) == (face >= 7)
        assert ("rp-die-double" in classes) == (face == 10)  # 10s stand out
    total = sum(successes(face) for face, _ in faces)
    verdict = result.locator(".rp-outcome").first.inner_text()
    margin = total - 5
    sign = "+" if margin >= 0 else "\u2212"
    assert verdict == (
        f"{'SUCCESS' if total >= 5 else 'FAILURE'}: {total} "
        f"success{'' if total == 1 else 'es'} against 5 ({sign}{abs(margin)})"
    )
    expect(result).to_contain_text("Pool: Attribute 4 + Ability 3 = 7 dice.")
    assert console.errors == []


def test_same_seed_replays_the_same_dice(page: Page, general_url: str) -> None:
    widget = open_widget(page, general_url, "dice_pool.roll")
    seed = roll(widget)
    first = widget.locator('[data-role="result"]').inner_text()
    roll(widget)
    widget.locator(".rp-replay summary").click()
    widget.locator(".rp-seed-input").fill(seed)
    widget.get_by_role("button", name="Replay").click()
    expect(widget.locator('[data-role="seed"]')).to_have_text(seed)
    assert widget.locator('[data-role="result"]').inner_text() == first


def test_keyboard_only_contested_roll(page: Page, actions_url: str) -> None:
    open_widget(page, actions_url, "dice_pool.roll")
    # The page's third pool roller, after Teamwork's and Group's, is Contested's.
    widget = page.locator('.rp-widget[data-widget="dice_pool.roll"]').nth(2)
    opponent = widget.locator('input[name="opponent_dice"]')
    expect(opponent).to_be_visible()  # the page embeds the widget in contested mode
    for _ in range(300):
        page.keyboard.press("Tab")
        if (
            page.evaluate("document.activeElement && document.activeElement.name")
            == "opponent_dice"
        ):
            break
    else:
        pytest.fail("the opponent's dice are not reachable with Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("9")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("against 9 dice")
    page.keyboard.press("Enter")
    outcome = widget.locator('[data-role="result"] .rp-outcome')
    expect(outcome).to_have_text(re.compile(r"^(YOU WIN|OPPONENT WINS|TIE), \d+ to \d+$"))
    yours, theirs = (int(n) for n in re.findall(r"\d+", outcome.inner_text()))
    dice = widget.locator('[data-role="result"] .rp-dice')
    expect(dice).to_have_count(2)
    assert sum(successes(f) for f, _ in die_faces(dice.nth(0).locator(".rp-die"))) == yours
    assert sum(successes(f) for f, _ in die_faces(dice.nth(1).locator(".rp-die"))) == theirs
    if yours == theirs:
        expect(widget.locator('[data-role="result"] .rp-note')).to_contain_text("nobody wins")


def test_modes_show_their_own_fields(page: Page, general_url: str) -> None:
    widget = open_widget(page, general_url, "dice_pool.roll")
    mode = widget.locator('select[name="mode"]')
    fields = {
        name: widget.locator(f'[data-field="{name}"].rp-field')
        for name in ("attribute", "dice", "difficulty", "opponent_dice", "favored", "limit")
    }
    expect(fields["attribute"]).to_be_visible()
    expect(fields["opponent_dice"]).to_be_hidden()
    widget.locator('select[name="pool_from"]').select_option("raw")
    expect(fields["dice"]).to_be_visible()
    expect(fields["attribute"]).to_be_hidden()
    mode.select_option("npc")
    expect(fields["limit"]).to_be_hidden()
    widget.locator('input[name="dice"]').fill("7")
    roll_button = widget.locator('button[data-action="roll"]')
    roll_button.click()
    expect(widget.locator('[data-role="result"] .rp-outcome')).to_have_text(
        "SUCCESS: 3 successes against 3 (+0)"
    )
    mode.select_option("build_power")
    expect(fields["favored"]).to_be_visible()
    expect(fields["difficulty"]).to_be_hidden()
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Anima gained")


def test_big_pool_chart_stays_readable(page: Page, general_url: str) -> None:
    widget = open_widget(page, general_url, "dice_pool.roll")
    widget.locator('select[name="pool_from"]').select_option("raw")
    widget.locator('input[name="dice"]').fill("60")
    widget.locator('input[name="difficulty"]').fill("35")
    odds = widget.locator('[data-role="odds"]')
    expect(odds).to_contain_text("Chance to meet difficulty 35 with 60 dice: 19.19%.")
    bars = odds.locator(".rp-bar")
    assert 20 < bars.count() < 60
    expect(odds.locator(".rp-bar-highlight").first.locator(".rp-bar-label")).to_have_text("35")
    expect(odds.locator(".rp-chart-legend")).to_have_text("\u25b6\ufe0eSucceeds: 35 or more")
    widths = odds.locator(".rp-bar-track").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().width)"
    )
    assert min(widths) > 50  # the bars have room to be drawn


BAD_ATTRIBUTES = ["", "abc", "11", "-1", "2.5", "<img src=x onerror=alert(1)>"]


def test_bad_inputs_show_inline_errors_and_keep_the_result(page: Page, general_url: str) -> None:
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    widget = open_widget(page, general_url, "dice_pool.roll")
    roll(widget)
    kept = widget.locator('[data-role="result"]').inner_text()
    field = widget.locator('input[name="attribute"]')
    error = widget.locator('[data-role="error"][data-field="attribute"]')
    for bad in BAD_ATTRIBUTES:
        field.fill(bad)
        widget.locator('button[data-action="roll"]').click()
        expect(error).to_contain_text("Attribute must be a whole number from 0 to 10")
        expect(field).to_have_attribute("aria-invalid", "true")
        assert widget.locator('[data-role="result"]').inner_text() == kept
        assert field.input_value() == bad
    assert widget.locator("img").count() == 0
    assert dialogs == []
    field.fill("2")
    roll(widget)
    expect(error).to_be_empty()
    limit = widget.locator('input[name="limit"]')
    limit.fill("11")
    expect(widget.locator('[data-role="error"][data-field="limit"]')).to_contain_text(
        "Limit must be a whole number from 0 to 10 (got 11)."
    )


def test_limit_break_check_on_the_page(page: Page, general_url: str) -> None:
    page.goto(general_url)
    widget = page.locator(ROLL).nth(1)  # the page's second roller: the break check at Limit 5
    expect(widget).to_have_attribute("data-state", "ready", timeout=40_000)
    expect(widget.locator('[data-role="odds"]')).to_contain_text(
        "Break check at Limit 5: a d10 below 5 breaks: 40% (4/10)."
    )
    roll(widget)
    face = int(widget.locator('[data-role="result"] .rp-die').inner_text())
    expect(widget.locator('[data-role="result"] .rp-outcome')).to_have_text(
        "BREAKS" if face < 5 else "HOLDS"
    )


def test_project_roller_with_the_mouse(page: Page, projects_url: str) -> None:
    widget = open_widget(page, projects_url, "dice_pool.project")
    widget.locator('select[name="affects"]').select_option("city")
    widget.locator('select[name="nature"]').select_option("supernatural")
    widget.locator('input[name="ability"]').fill("4")
    odds = widget.locator('[data-role="odds"]')
    expect(odds).to_contain_text("Project Scale: City 3 + Overtly Supernatural 2 = 5.")
    expect(odds).to_contain_text("Keystone")
    labels = odds.locator(".rp-bar-label").all_inner_texts()
    assert labels == ["0-3", "4-6", "7-9", "10-11", "12+"]
    roll(widget)
    result = widget.locator('[data-role="result"]')
    face = int(result.locator(".rp-die").inner_text())
    total = face + 4 - 5
    expect(result.locator(".rp-facts")).to_contain_text(str(total))
    expect(result.locator(".rp-outcome")).to_have_text(
        re.compile(r"^(CRITICAL SUCCESS|SUCCESS|ALTERATION|PROBLEM|MAJOR PROBLEM) \(")
    )
    row = result.locator("tr.rp-row-highlight td").first.inner_text()
    low, _, high = row.rstrip("+").partition("-")
    assert int(low) <= max(total, 0) and (not high or total <= int(high))


def test_project_merit_dots_and_bad_ability(page: Page, projects_url: str) -> None:
    widget = open_widget(page, projects_url, "dice_pool.project")
    dots = widget.locator('[data-field="dots"].rp-field')
    expect(dots).to_be_hidden()
    widget.locator('select[name="kind"]').select_option("merit")
    expect(dots).to_be_visible()
    expect(widget.locator('[data-field="affects"].rp-field')).to_be_hidden()
    widget.locator('input[name="dots"]').fill("6")
    expect(widget.locator('[data-role="error"][data-field="dots"]')).to_contain_text(
        "Merit dots must be a whole number from 1 to 5 (got 6)."
    )
    widget.locator('input[name="dots"]').fill("2")
    widget.locator('select[name="repair"]').select_option("minor")
    expect(widget.locator('[data-role="odds"]')).to_contain_text(
        "Project Scale: Merit dots 2 \u2212 Minor repair 2 = 0, so 1."
    )
    ability = widget.locator('input[name="ability"]')
    ability.fill("ten")
    widget.locator('button[data-action="roll"]').click()
    expect(widget.locator('[data-role="error"][data-field="ability"]')).to_contain_text(
        "Ability must be a whole number from 0 to 10"
    )


def test_strike_with_mouse_and_keyboard(page: Page, combat_url: str) -> None:
    widget = open_widget(page, combat_url, "dice_pool.strike")
    widget.locator('input[name="dv"]').fill("3")
    widget.locator('input[name="base_damage"]').fill("4")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Chance to hit DV 3:")
    roll(widget)
    result = widget.locator('[data-role="result"]')
    rolled = sum(successes(face) for face, _ in die_faces(result.locator(".rp-die")))
    expected = f"HIT: {rolled - 3 + 4} damage" if rolled >= 3 else "MISS"
    expect(result.locator(".rp-outcome")).to_have_text(expected)
    # A Strife strike replaces the weapon's Base Damage: the field gives way to Essence.
    widget.locator(".rp-more summary").focus()
    widget.page.keyboard.press("Enter")  # Strife is under "More options"
    strife = widget.locator('input[name="strife"]')
    strife.focus()
    page.keyboard.press("Space")
    expect(widget.locator('[data-field="base_damage"].rp-field')).to_be_hidden()
    essence = widget.locator('input[name="essence"]')
    expect(essence).to_be_visible()
    essence.fill("2")
    expect(widget.locator('[data-role="odds"]')).to_contain_text(
        "Base Damage: Strife strike (3 + Essence x 2) = 7."
    )
    essence.fill("0")
    expect(widget.locator('[data-role="error"][data-field="essence"]')).to_contain_text(
        "Essence must be a whole number from 1 to 10 (got 0)."
    )


@pytest.mark.parametrize(
    ("fixture", "selector"),
    [("general_url", ROLL), ("projects_url", PROJECT), ("combat_url", STRIKE)],
)
def test_widgets_fit_a_phone_screen(
    phone_page: Page, request: Any, fixture: str, selector: str
) -> None:
    url = request.getfixturevalue(fixture)
    name = selector.split('"')[1]
    widget = open_widget(phone_page, url, name)
    roll(widget)
    box = widget.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390


def test_combat_helper_grades_a_maneuver(page: Page, combat_url: str, console: ConsoleLog) -> None:
    open_widget(page, combat_url, "dice_pool.combat")
    helpers = page.locator('.rp-widget[data-widget="dice_pool.combat"]')
    # The page embeds the helper once per section; this one opens on maneuvers.
    widget = helpers.filter(has=page.locator('select[name="maneuver"]:visible')).first
    expect(widget).to_have_attribute("data-state", "ready", timeout=60_000)
    maneuver = widget.locator('select[name="maneuver"]')
    maneuver.select_option("weaken_defense")
    expect(widget.locator('input[name="defence"]')).to_be_hidden()  # a ladder: (3 / 5 / 8)
    odds = widget.locator('[data-role="odds"]')
    expect(odds).to_contain_text("Weaken Defense: 5 dice against difficulty 3.")
    expect(odds.locator("tbody tr")).to_have_count(4)
    roll(widget)
    result = widget.locator('[data-role="result"]')
    total = sum(successes(face) for face, _ in die_faces(result.locator(".rp-die")))
    grade = 0 if total < 3 else 1 if total < 5 else 2 if total < 8 else 3
    verdict = result.locator(".rp-outcome").first
    if grade:
        expect(verdict).to_have_text(f"SUCCESS (+{total - 3})")
        expect(result).to_contain_text(f"decreased by {grade}")
    else:
        expect(verdict).to_contain_text("FAILS")
    assert console.errors == []
