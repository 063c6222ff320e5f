"""A Judge Two conflict on a phone: judged attacks carry the defender's risk
from roll to roll through the round tracker to a finisher, then a rest and the
death check at the scene's end; the new Judge Two rollers by keyboard on a
phone, and axe in both colour schemes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import (
    ConsoleLog,
    describe_violations,
    judge_once,
    open_widget,
    run_axe,
    use_system_scheme,
)


def widget_at(page: Page, name: str, nth: int = 0) -> Locator:
    widget = page.locator(f'.rp-widget[data-widget="{name}"]').nth(nth)
    expect(widget).to_have_attribute("data-state", "ready")
    return widget


def test_a_conflict_from_judged_rolls_to_a_finisher_then_rest_and_death(
    phone_page: Page, base_url: str, console: ConsoleLog
) -> None:
    page = phone_page
    open_widget(page, base_url + "judge-two/actions/", "judge_two.judge")
    judge = widget_at(page, "judge_two.judge")
    tracker = widget_at(page, "judge_two.rounds")
    tracker.locator('input[name="players"]').fill("1")
    tracker.locator('button[data-action="reset"]').click()
    expect(tracker.locator('[data-role="result"]')).to_contain_text("New tracker: 1 players")
    judge.get_by_label("Attack or defence").check()
    # Light less two: -1 to 4 degrees, never a finisher against no risk.
    judge.locator('input[name="rank"]').fill("1")
    judge.locator('input[name="cl"]').fill("3")
    risk = 0
    carried = []
    for number in range(1, 11):
        judge.locator('input[name="risk"]').fill(str(risk))
        text = judge_once(judge)
        truth = "guilty" if "(guilty)" in text else "innocent"
        tracker.locator('input[name="who"]').fill("A")
        tracker.locator('select[name="result"]').select_option(truth)
        tracker.locator('button[data-action="record"]').click()
        said = tracker.locator('[data-role="result"]')
        expect(said).to_contain_text(f"gets {'an' if truth == 'innocent' else 'a'} {truth} roll")
        expect(said).to_contain_text(f"Round {number} is complete")
        if "It imposes a finisher." in text:
            break
        if "The attack fails" in text:  # double ones: nothing to carry
            continue
        found = re.search(r"The defender's risk: (\d+)", text)
        assert found, text
        assert int(found.group(1)) > risk  # each hit adds two or three
        risk = int(found.group(1))
        carried.append(risk)
    else:
        pytest.fail("ten successful attacks and no finisher")
    assert carried, "the first attack was already a finisher: nothing carried"
    # One player, so each recorded turn completes a round, a failed attack's too.
    expect(tracker.locator('[data-role="odds"]')).to_contain_text(f"Round{number + 1}")
    # The scene ends for the attacker: three marks, one martial, and risk carried.
    open_widget(page, base_url + "judge-two/health-and-status/", "judge_two.health")
    rest = widget_at(page, "judge_two.health", 1)
    rest.locator('input[name="risk"]').fill(str(risk))
    rest.locator('select[name="mark_crush"]').select_option("martial")
    rest.locator('select[name="mark_afflict"]').select_option("subtle")
    rest.locator('select[name="length"]').select_option("short")
    rest.locator('select[name="recover"]').select_option("crush")
    rest.locator('button[data-action="show"]').click()
    error = rest.locator('[data-role="error"][data-field="recover"]')
    expect(error).to_contain_text("either the afflict mark or the stricken mark")
    rest.locator('select[name="recover"]').select_option("afflict")
    rest.locator('button[data-action="show"]').click()
    result = rest.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text("After a short rest: risk 0")
    expect(result).to_contain_text(f"{risk} to 0")
    expect(result).to_contain_text("Marks leftcrush")
    death = widget_at(page, "judge_two.health", 2)
    death.locator('button[data-action="show"]').click()
    verdict = death.locator('[data-role="result"] .rp-outcome')
    expect(verdict).to_contain_text("3 marks, 1 of them martial")
    expect(verdict).to_contain_text("dies")
    death.locator('select[name="scene_rest"]').select_option("short")
    death.locator('select[name="recover"]').select_option("afflict")
    death.locator('button[data-action="show"]').click()
    expect(verdict).to_have_text("2 marks after a short rest: the character lives.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert console.errors == []


def press_by_keyboard(page: Page, widget: Locator, first: str, action: str) -> None:
    """Tab from a widget's first field to ``action``'s button and press Enter."""
    widget.locator(first).first.focus()
    for _ in range(80):
        if page.evaluate("document.activeElement.dataset.action") == action:
            break
        page.keyboard.press("Tab")
    else:
        pytest.fail(f"{action} is not reachable with Tab")
    page.keyboard.press("Enter")


@pytest.mark.parametrize(
    ("path", "name", "nth", "action", "shown"),
    [
        ("judge-two/health-and-status/", "judge_two.health", 0, "show", "Risk 0 of 12"),
        ("judge-two/health-and-status/", "judge_two.health", 1, "show", "After a quick rest"),
        ("judge-two/health-and-status/", "judge_two.health", 2, "show", "dies"),
        ("judge-two/actions/", "judge_two.health", 0, "show", "Strength"),
        ("judge-two/conflicts/", "judge_two.attack", 0, "work_out", "Counter-attack"),
        ("judge-two/martial/", "judge_two.attack", 0, "work_out", "No counter-attack"),
        ("judge-two/subtle/", "judge_two.scripts", 0, "record", "A draws Appeal"),
        ("judge-two/subtle/", "judge_two.prestige", 0, "work_out", "A has the highest"),
    ],
)
def test_the_new_rollers_by_keyboard_on_a_phone(
    phone_page: Page, base_url: str, path: str, name: str, nth: int, action: str, shown: str
) -> None:
    open_widget(phone_page, base_url + path, name)
    widget = widget_at(phone_page, name, nth)
    if name == "judge_two.scripts":
        widget.locator('button[data-action="reset"]').click()
        expect(widget.locator('[data-role="result"]')).to_contain_text("no scripts in play")
    press_by_keyboard(phone_page, widget, "select", action)
    expect(widget.locator('[data-role="result"]')).to_contain_text(shown)
    box = widget.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_mode_chosen_by_keyboard(phone_page: Page, base_url: str) -> None:
    open_widget(phone_page, base_url + "judge-two/health-and-status/", "judge_two.health")
    widget = widget_at(phone_page, "judge_two.health")
    mode = widget.locator('select[name="mode"]')
    mode.focus()
    phone_page.keyboard.press("ArrowDown")  # Health and status -> Rest
    expect(mode).to_have_value("rest")
    expect(widget.locator('select[name="length"]')).to_be_visible()
    expect(widget.locator('input[name="disarm"]')).to_be_hidden()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_on_the_subtle_rollers(page: Page, base_url: str, scheme: str) -> None:
    use_system_scheme(page, scheme)
    open_widget(page, base_url + "judge-two/subtle/", "judge_two.prestige")
    for name, action in (("judge_two.prestige", "work_out"), ("judge_two.scripts", "record")):
        widget = widget_at(page, name)
        if name == "judge_two.scripts":
            widget.locator('button[data-action="reset"]').click()
        widget.locator(f'button[data-action="{action}"]').click()
        expect(widget.locator('[data-role="result"] > *').first).to_be_visible()
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)
