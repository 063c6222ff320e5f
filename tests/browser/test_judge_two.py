"""The Judge Two widgets in Chromium: roll then judge with mouse and keyboard,
bad input, odds, group tests, attacks, the round tracker, phone screens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from rules_py.judge_two import judging as jt
from rules_py.judge_two.odds import judge_odds
from rules_py.widget import chance_text
from tests.browser.conftest import (
    ConsoleLog,
    describe_violations,
    open_widget,
    press_for_new_seed,
    run_axe,
)
from tests.conftest import pages_with_widget

JUDGE = '.rp-widget[data-widget="judge_two.judge"]'
CARD = ".rp-choice"


@pytest.fixture(scope="module")
def actions_url(built_site: Path, base_url: str) -> str:
    pages = pages_with_widget(built_site, "judge_two.judge")
    assert pages, "no built page embeds judge_two.judge"
    return base_url + pages[0]


@pytest.fixture(scope="module")
def attack_url(built_site: Path, base_url: str) -> str:
    plain = 'data-widget="judge_two.attack" data-config="{}"'  # the default situation
    pages = [
        page
        for page in pages_with_widget(built_site, "judge_two.attack")
        if plain in (built_site / page / "index.html").read_text(encoding="utf-8")
    ]
    assert pages, "no built page embeds judge_two.attack with its defaults"
    return base_url + pages[0]


@pytest.fixture(scope="module")
def rounds_url(built_site: Path, base_url: str) -> str:
    pages = pages_with_widget(built_site, "judge_two.rounds")
    assert pages, "no built page embeds judge_two.rounds"
    return base_url + pages[0]


def judge_widget(page: Page, url: str) -> Locator:
    open_widget(page, url, "judge_two.judge")
    widget = page.locator(JUDGE).first
    expect(widget).to_have_attribute("data-state", "ready")
    return widget


def roll(widget: Locator) -> str:
    return press_for_new_seed(widget, 'button[data-action="roll"]')


def dice_shown(widget: Locator) -> list[int]:
    faces = widget.locator('[data-role="result"] .rp-die').all_inner_texts()
    return sorted(int(face) for face in faces)


def roll_until_choice(widget: Locator) -> Locator:
    """Roll until the dice leave something to judge (doubles do not)."""
    for _ in range(20):
        roll(widget)
        cards = widget.locator(f'[data-role="result"] {CARD}')
        if cards.count() >= 2:
            return cards
    pytest.fail("twenty rolls in a row were doubles")


def test_roll_then_pick_any_card_with_the_mouse(
    page: Page, actions_url: str, console: ConsoleLog
) -> None:
    widget = judge_widget(page, actions_url)
    widget.locator('input[name="rank"]').fill("2")
    widget.locator('input[name="cl"]').fill("6")
    roll_until_choice(widget)
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_count(0)  # nothing judged yet
    expect(result.locator(".rp-badge")).to_have_count(1)
    expect(result.locator(".rp-badge")).to_have_text("Recommended")
    dice = dice_shown(widget)
    seed = widget.locator('[data-role="seed"]').inner_text()
    # Take the card that is not recommended: the player is never forced.
    other = result.locator(f"{CARD}:not(:has(.rp-badge))").first
    label = other.locator(".rp-choice-label").inner_text()
    verdict = other.locator(".rp-choice-line").nth(1).inner_text()
    other.click()
    expect(result.locator(".rp-outcome")).to_have_text(verdict)
    expect(widget.locator('[data-role="seed"]')).to_have_text(seed)
    assert dice_shown(widget) == dice  # the same dice, judged
    chosen = result.locator(f"{CARD}[aria-pressed=true]")
    expect(chosen).to_have_count(1)
    expect(chosen.locator(".rp-choice-label")).to_have_text(label)
    light, truth = (int(n) for n in re.findall(r"\d", label))
    expected = jt.Judgment(light, truth, 2, 6)
    assert verdict == expected.label
    intervention = "gamemaster intervenes" if not expected.innocent else "no intervention"
    expect(result).to_contain_text(intervention)
    assert console.errors == []


def test_judge_with_the_keyboard_only(page: Page, actions_url: str) -> None:
    widget = judge_widget(page, actions_url)
    widget.locator('select[name="mode"]').focus()
    for _ in range(40):  # tab from the first field to the Roll button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "roll":
            break
    else:
        pytest.fail("the Roll button is not reachable with Tab")
    seeds: list[str] = []
    for _ in range(20):
        page.keyboard.press("Enter")
        expect(widget.locator('[data-role="seed"]')).not_to_have_text(seeds or ["\u0000"])
        seeds = widget.locator('[data-role="seed"]').all_inner_texts()
        if widget.locator(f'[data-role="result"] {CARD}').count() >= 2:
            break
        widget.locator('button[data-action="roll"]').focus()
    else:
        pytest.fail("twenty rolls in a row were doubles")
    for _ in range(40):  # on to the first card
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('rp-choice')"):
            break
    else:
        pytest.fail("the judgment cards are not reachable with Tab")
    first_label = page.evaluate(
        "document.activeElement.querySelector('.rp-choice-label').textContent"
    )
    page.keyboard.press("Enter")
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_be_visible()
    # Focus stays on the card just chosen, so the next Tab reaches the other cards.
    expect(page.locator(":focus")).to_have_class(re.compile("rp-choice-selected"))
    assert (
        page.evaluate("document.activeElement.querySelector('.rp-choice-label').textContent")
        == first_label
    )
    page.keyboard.press("Tab")
    second_label = page.evaluate(
        "document.activeElement.querySelector('.rp-choice-label').textContent"
    )
    assert second_label != first_label
    page.keyboard.press("Space")
    expect(result.locator(f"{CARD}[aria-pressed=true] .rp-choice-label")).to_have_text(second_label)


BAD_CL = ["", "abc", "0", "10", "6.5", "<img src=x onerror=alert(1)>"]


def test_bad_input_shows_an_inline_error_and_keeps_the_result(
    page: Page, actions_url: str, console: ConsoleLog
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    widget = judge_widget(page, actions_url)
    roll(widget)
    kept = widget.locator('[data-role="result"]').inner_text()
    field = widget.locator('input[name="cl"]')
    error = widget.locator('[data-role="error"][data-field="cl"]')
    for bad in BAD_CL:
        field.fill(bad)
        widget.locator('button[data-action="roll"]').click()
        expect(error).to_contain_text("Challenge level must be a whole number from 1 to 9")
        expect(field).to_have_attribute("aria-invalid", "true")
        assert widget.locator('[data-role="result"]').inner_text() == kept
    assert widget.locator("img").count() == 0
    assert dialogs == []
    field.fill("5")
    roll(widget)
    expect(error).to_be_empty()
    assert console.errors == []


def test_odds_panel_follows_the_settings(page: Page, actions_url: str) -> None:
    widget = judge_widget(page, actions_url)
    odds = widget.locator('[data-role="odds"]')
    widget.locator('input[name="rank"]').fill("0")
    widget.locator('input[name="cl"]').fill("6")
    normal = judge_odds(0, 6).success
    expect(odds).to_contain_text(f"success {chance_text(normal)}")
    widget.get_by_label("Bold").check()
    bold = judge_odds(0, 6, jt.DiceMode.BOLD).success
    expect(odds).to_contain_text(f"success {chance_text(bold)}")
    expect(odds).to_contain_text("bold roll")
    widget.get_by_label("Faint").check()  # bold and faint cancel
    expect(odds).to_contain_text(f"success {chance_text(normal)}")
    expect(odds).to_contain_text("cancel each other out")
    expect(odds.locator(".rp-bar")).not_to_have_count(0)


def test_group_mode_takes_two_dice_per_player(page: Page, actions_url: str) -> None:
    open_widget(page, actions_url, "judge_two.judge")
    widget = page.locator(f"{JUDGE}[data-config*=group]")
    expect(widget).to_have_attribute("data-state", "ready")
    expect(widget.locator('input[name="rank"]')).to_be_hidden()
    expect(widget.locator('input[name="rank3"]')).to_be_hidden()
    widget.locator('select[name="players"]').select_option("3")
    expect(widget.locator('input[name="rank3"]')).to_be_visible()
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Group test, 3 players")
    roll(widget)
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-dice")).to_have_count(3)
    assert len(dice_shown(widget)) == 6
    cards = result.locator(CARD)
    if cards.count():
        cards.first.click()
        expect(result.locator(".rp-outcome")).to_be_visible()
    expect(result).to_contain_text("Total degrees")


def test_attack_consequences_appear_with_the_judgment(page: Page, actions_url: str) -> None:
    widget = judge_widget(page, actions_url)
    risk = widget.locator('input[name="risk"]')
    expect(risk).to_be_hidden()
    widget.get_by_label("Attack or defence").check()
    expect(risk).to_be_visible()
    expect(widget.locator('select[name="defender"]')).to_be_visible()
    risk.fill("12")  # any successful attack against 12 risk is a finisher
    widget.locator('input[name="rank"]').fill("3")
    widget.locator('input[name="cl"]').fill("4")  # every Light succeeds
    roll(widget)
    result = widget.locator('[data-role="result"]')
    cards = result.locator(CARD)
    if cards.count():
        cards.first.click()
    expect(result).to_contain_text("It imposes a finisher.")


def test_attack_calculator(page: Page, attack_url: str, console: ConsoleLog) -> None:
    open_widget(page, attack_url, "judge_two.attack")
    widget = page.locator('.rp-widget[data-widget="judge_two.attack"][data-config="{}"]')
    widget.locator('input[name="degrees"]').fill("1")
    widget.locator('input[name="risk"]').fill("3")
    widget.locator('button[data-action="work_out"]').click()
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text(
        "3 risk and one mark, or 3 risk and two threats"
    )
    widget.locator('select[name="resistance_from"]').select_option("heavy")
    expect(widget.locator('input[name="resistance"]')).to_be_hidden()
    widget.locator('button[data-action="work_out"]').click()
    expect(result.locator(".rp-outcome")).to_have_text("2 risk and one threat")
    widget.locator('input[name="risk"]').fill("13")
    widget.locator('button[data-action="work_out"]').click()
    expect(widget.locator('[data-role="error"][data-field="risk"]')).to_contain_text("from 0 to 12")
    assert console.errors == []


def test_round_tracker_remembers_turns(page: Page, rounds_url: str) -> None:
    open_widget(page, rounds_url, "judge_two.rounds")
    widget = page.locator('.rp-widget[data-widget="judge_two.rounds"]')
    widget.locator('button[data-action="reset"]').click()
    expect(widget.locator('[data-role="result"]')).to_contain_text("New tracker: 3 players")
    who = widget.locator('input[name="who"]')
    record = widget.locator('button[data-action="record"]')
    who.fill("A")
    widget.locator('select[name="result"]').select_option("guilty")
    record.click()
    expect(widget.locator('[data-role="result"]')).to_contain_text("The gamemaster intervenes")
    record.click()  # A again, before B and C
    expect(widget.locator('[data-role="error"][data-field="who"]')).to_contain_text(
        "has already taken a turn"
    )
    who.fill("b c")
    widget.locator('select[name="result"]').select_option("innocent")
    record.click()
    expect(widget.locator('[data-role="result"]')).to_contain_text("Round 1 is complete")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Interventions so far1")
    page.reload()
    open_widget(page, rounds_url, "judge_two.rounds")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Round2")


def test_axe_finds_no_serious_violation_after_judging(page: Page, actions_url: str) -> None:
    widget = judge_widget(page, actions_url)
    roll_until_choice(widget).first.click()
    expect(widget.locator('[data-role="result"] .rp-outcome')).to_be_visible()
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)


def test_judge_fits_a_phone_screen(phone_page: Page, actions_url: str) -> None:
    widget = judge_widget(phone_page, actions_url)
    widget.get_by_label("Attack or defence").check()
    roll_until_choice(widget).first.click()
    expect(widget.locator('[data-role="result"] .rp-outcome')).to_be_visible()
    box = widget.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    for card in widget.locator(CARD).all():
        card_box = card.bounding_box()
        assert card_box is not None and card_box["x"] + card_box["width"] <= 390


def test_attack_calculator_fits_a_phone_screen(phone_page: Page, attack_url: str) -> None:
    open_widget(phone_page, attack_url, "judge_two.attack")
    widget = phone_page.locator('.rp-widget[data-widget="judge_two.attack"][data-config="{}"]')
    widget.locator('input[name="risk"]').fill("4")
    widget.locator('button[data-action="work_out"]').click()
    expect(widget.locator('[data-role="result"] .rp-outcome')).to_have_text("A finisher")
    for value in widget.locator('[data-role="result"] .rp-facts dd').all():
        box = value.bounding_box()
        assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= 390
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390


def test_cover_preset_moves_the_challenge_level(page: Page, base_url: str) -> None:
    """Martial Maneuvers: cover or high ground lowers the challenge level by one;
    the opponent's use of the environment raises it back."""
    open_widget(page, base_url + "judge-two/martial/", "judge_two.judge")
    widget = page.locator(JUDGE).nth(1)  # the one after the cover rule
    expect(widget).to_have_attribute("data-state", "ready")
    expect(widget.get_by_label("Cover or high ground")).to_be_checked()
    odds = widget.locator('[data-role="odds"]')
    widget.locator('input[name="cl"]').fill("9")
    expect(odds).to_contain_text("Challenge level 9, cover or high ground -1: 8.")
    widget.get_by_label("Opponent uses the environment").check()
    expect(odds).to_contain_text(jt.CL_MOVE_RULE)
    expect(odds).to_contain_text("against CL 9")


def test_misdirected_attack_halves_the_risk(page: Page, base_url: str, console: ConsoleLog) -> None:
    open_widget(page, base_url + "judge-two/health-and-status/", "judge_two.attack")
    widget = page.locator('.rp-widget[data-widget="judge_two.attack"]').nth(1)
    expect(widget).to_have_attribute("data-state", "ready")
    expect(widget.get_by_label("Attacking the one who misdirected the attacker")).to_be_checked()
    widget.locator('input[name="degrees"]').fill("1")
    widget.locator('button[data-action="work_out"]').click()
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text("1 risk")  # two risk, halved
    expect(result).to_contain_text("rounds down")
    assert console.errors == []
