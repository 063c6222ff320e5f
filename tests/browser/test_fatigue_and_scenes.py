"""The Fatigue roller (Cairn, Might and Heart) and the Key Issues tracker (d10
dice pool) in Chromium: fill, act, result, a bad input named by its field, the
keyboard and a phone; and the bestiary's link to the attack roller set for a
creature."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import ConsoleLog, open_widget, press_for_new_seed, use_system_scheme

RULES = "cairn/rules/"
MAGIC = "cairn/magic/"
SCENES = "dice-pool/dramatic-scenes/"
BESTIARY = "cairn/bestiary/"


def _widget(page: Page, url: str, name: str, index: int = 0) -> Locator:
    open_widget(page, url, name)
    widget = page.locator(f'.rp-widget[data-widget="{name}"]').nth(index)
    expect(widget).to_have_attribute("data-state", "ready")
    return widget


# ---------------------------------------------------------------- cairn.fatigue


def test_fatigue_fills_the_slots_and_takes_one(
    page: Page, base_url: str, console: ConsoleLog
) -> None:
    widget = _widget(page, base_url + RULES, "cairn.fatigue")
    widget.locator('input[name="slots"]').fill("6")
    widget.locator('input[name="items"]').fill("3")
    widget.locator('input[name="fatigue"]').fill("2")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("5 of 6 slots used")
    widget.locator("button.md-button--primary").click()
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text("Fatigue 2 \u2192 3")
    expect(result).to_contain_text("6 of 6 slots used (3 by items, 3 by Fatigue), 0 free")
    widget.locator("button.md-button--primary").click()  # the form still says 2 of 6
    widget.locator('input[name="fatigue"]').fill("3")
    widget.locator("button.md-button--primary").click()
    expect(result.locator(".rp-outcome")).to_have_text("NO FREE SLOT: DROP AN ITEM FIRST")
    expect(result).to_contain_text("Cairn is silent and the same is done here")
    assert console.errors == []


def test_fatigue_bad_input_names_the_field_and_keeps_the_result(page: Page, base_url: str) -> None:
    widget = _widget(page, base_url + RULES, "cairn.fatigue")
    widget.locator("button.md-button--primary").click()
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome")).to_have_text("Fatigue 0 \u2192 1")
    widget.locator('input[name="slots"]').fill("2")  # 4 items in 2 slots
    widget.locator("button.md-button--primary").click()
    error = widget.locator('[data-role="error"][data-field="items"]')
    expect(error).to_contain_text("fill more than 2 slots")
    expect(result.locator(".rp-outcome")).to_have_text("Fatigue 0 \u2192 1")
    widget.locator('input[name="slots"]').fill("99")
    widget.locator("button.md-button--primary").click()
    expect(widget.locator('[data-role="error"][data-field="slots"]')).to_contain_text(
        "Inventory slots must be a whole number from 1 to 20"
    )


def test_a_leycap_by_the_keyboard(page: Page, base_url: str) -> None:
    widget = _widget(page, base_url + MAGIC, "cairn.fatigue", 1)
    willpower = widget.locator('input[name="willpower"]')
    willpower.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("60% (12/20)")
    page.keyboard.press("Enter")  # submits: the primary action
    result = widget.locator('[data-role="result"]')
    expect(result.locator(".rp-outcome").first).to_have_text(re.compile("WIL SAVE (PASSED|FAILED)"))
    expect(result).to_contain_text("Fatigue 1 \u2192 0")
    seed = press_for_new_seed(widget)
    assert seed


def test_casting_a_spell_with_the_wardens_save(page: Page, base_url: str) -> None:
    widget = _widget(page, base_url + MAGIC, "cairn.fatigue", 0)
    widget.get_by_label("Deprived or in danger: the Warden requires a WIL save").check()
    widget.locator("button.md-button--primary").click()
    result = widget.locator('[data-role="result"]')
    expect(result).to_contain_text("Rolled ")
    expect(result).to_contain_text("Fatigue 0 \u2192 1")


# ---------------------------------------------------------------- dice_pool.scene


def _press(widget: Locator, action: str) -> None:
    widget.locator(f'button[data-action="{action}"]').click()


def test_key_issues_to_a_partial_victory(page: Page, base_url: str, console: ConsoleLog) -> None:
    widget = _widget(page, base_url + SCENES, "dice_pool.scene")
    _press(widget, "reset")
    result = widget.locator('[data-role="result"]')
    expect(result).to_contain_text("No Key Issue yet")
    widget.locator('input[name="name"]').fill("Convince the magistrate")
    _press(widget, "add")
    expect(result).to_contain_text("Key Issue added: Convince the magistrate.")
    widget.locator('input[name="name"]').fill("Find the ledger")
    widget.locator('select[name="complexity"]').select_option("simple")
    _press(widget, "add")
    widget.locator('input[name="issue"]').fill("2")
    widget.locator('select[name="side"]').select_option("antagonists")
    _press(widget, "progress")
    expect(result).to_contain_text("claimed by the antagonists")
    widget.locator('input[name="issue"]').fill("1")
    widget.locator('select[name="side"]').select_option("players")
    for _ in range(3):
        _press(widget, "progress")
    expect(result.locator(".rp-outcome")).to_contain_text("PARTIAL VICTORY")
    assert console.errors == []


def test_key_issues_bad_input_and_sabotage(page: Page, base_url: str) -> None:
    widget = _widget(page, base_url + SCENES, "dice_pool.scene")
    _press(widget, "reset")
    widget.locator('input[name="name"]').fill("Hold the bridge")
    _press(widget, "add")
    widget.locator('input[name="issue"]').fill("2")  # only one issue so far
    _press(widget, "progress")
    expect(widget.locator('[data-role="error"][data-field="issue"]')).to_contain_text(
        "Key Issue must be a whole number from 1 to 1"
    )
    widget.locator('input[name="issue"]').fill("1")
    _press(widget, "sabotage")
    expect(widget.locator('[data-role="error"][data-field="issue"]')).to_contain_text(
        "The antagonists have no progress on Hold the bridge to knock back"
    )
    widget.locator('select[name="side"]').select_option("antagonists")
    _press(widget, "progress")
    widget.locator('select[name="side"]').select_option("players")
    _press(widget, "sabotage")
    expect(widget.locator('[data-role="result"]')).to_contain_text("The players sabotage")


# ---------------------------------------------------------------- the bestiary's link


def test_the_wood_trolls_link_sets_the_attack_roller(page: Page, base_url: str) -> None:
    page.goto(base_url + BESTIARY)
    page.locator('[data-role="creature-attack"]', has_text="Wood Troll").click()
    widget = page.locator('.rp-widget[data-widget="cairn.attack"]').first
    expect(widget).to_have_attribute("data-state", "ready", timeout=40_000)
    expect(widget.locator('select[name="weapon"]')).to_have_value("d8")
    expect(widget.locator('select[name="second"]')).to_have_value("d8")
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Damage after")


# ---------------------------------------------------------------- a phone and a desktop

_CASES = [
    (RULES, "cairn.fatigue", 0),
    (MAGIC, "cairn.fatigue", 1),
    (SCENES, "dice_pool.scene", 0),
]


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize(("path", "name", "index"), _CASES)
def test_each_new_roller_fits_a_phone_and_a_desktop(
    page: Page, base_url: str, scheme: str, path: str, name: str, index: int
) -> None:
    use_system_scheme(page, scheme)
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        widget = _widget(page, base_url + path, name, index)
        if name == "dice_pool.scene":
            _press(widget, "reset")
            widget.locator('input[name="name"]').fill("Convince the magistrate")
            _press(widget, "add")
            _press(widget, "progress")
            expect(widget.locator('[data-role="result"]')).to_contain_text("still open")
        else:
            widget.locator("button.md-button--primary").click()
            expect(widget.locator('[data-role="result"] .rp-outcome').first).to_be_visible()
        box = widget.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
