"""The rules text's rolls with the party, on a phone-sized window: a save the
text names is made with the actor's score, a bestiary attack from the text
hits the party's target, Apply shows the new HP in the party panel, Undo takes
it back, and the roll log records it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS
from tests.browser.party_helpers import (
    choose,
    create_member,
    fresh_start,
    kept_party,
    member,
    open_panel,
)

pytestmark = pytest.mark.browser

POPOVER = '[data-role="inline-popover"]'
SAVE = 'button[data-role="inline-roll"][data-save="STR"]'
TROLL = 'button[data-role="inline-roll"][data-creature="Wood Troll"]'


@pytest.fixture(autouse=True)
def party_left_behind(page: Page) -> Iterator[None]:
    """The party these tests make is not left to the session's other tests."""
    yield
    if page.url.startswith("http"):
        page.evaluate("() => localStorage.removeItem('rp-kept:party')")


def _close_panel(page: Page) -> None:
    toggle = page.locator('[data-role="party-toggle"]')
    if toggle.get_attribute("aria-expanded") == "true":
        toggle.click()


def _tap(page: Page, button: str) -> None:
    page.locator(button).first.click()
    expect(page.locator(POPOVER + " [data-role=seed]")).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)


def _bea_hp(page: Page) -> int:
    bea = next(m for m in kept_party(page)["party"]["members"] if m["name"] == "Bea")
    hp: int = bea["hp"]
    return hp


def test_a_save_and_a_bestiary_attack_in_the_text_use_the_party(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + "cairn/combat/")
    create_member(page, "cairn", "Aldo", {"strength": "12", "max_strength": "12"})
    create_member(page, "cairn", "Bea", {"hp": "5", "max_hp": "5", "armor": "1"})
    choose(page, "Aldo", "actor")
    choose(page, "Bea", "target")
    _close_panel(page)

    # "They must then make a STR save": Aldo's STR, rolled by the engine.
    _tap(page, SAVE)
    popover = page.locator(POPOVER)
    expect(popover).to_contain_text("Aldo's STR 12")
    expect(popover).to_contain_text(re.compile(r"Aldo's STR 12: rolled \d+, (passes|fails)\."))
    popover.locator("[data-role=inline-odds]").click()
    expect(popover.locator("[data-role=odds]")).to_contain_text("60% (12/20)")
    page.keyboard.press("Escape")
    expect(popover).to_have_count(0)

    # The Wood Troll's claws and bite, from its stat block, at Bea. A roll of
    # 1 is all Armour (no change, nothing to apply): tap again.
    page.goto(base_url + "cairn/bestiary/")
    for _ in range(12):
        _tap(page, TROLL)
        if popover.locator('button[data-role="apply"]').count():
            break
        page.keyboard.press("Escape")
    changes = popover.locator('[data-role="party-changes"]')
    expect(changes).to_contain_text("Bea: HP 5 \u2192")
    shown = re.search(r"Bea: HP 5 \u2192 (\d+)", changes.inner_text())
    assert shown
    hp = int(shown.group(1))
    expect(popover).to_contain_text("\u2212 Armour 1 =")
    box = popover.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390

    popover.locator('button[data-role="apply"]').click()
    expect(popover.locator('button[data-role="undo"]')).to_be_visible()
    assert _bea_hp(page) == hp
    # The party panel shows the new HP; the popover stays for an Undo.
    open_panel(page)
    values = member(page, "Bea").locator('[data-role="member-values"]')
    expect(values).to_contain_text(f"HP {hp}/5")
    _close_panel(page)
    expect(popover).to_be_visible()
    popover.locator('button[data-role="undo"]').click()
    expect(popover).to_contain_text("Undone.")
    assert _bea_hp(page) == 5
    open_panel(page)
    expect(values).to_contain_text("HP 5/5")
    # The roll log holds the roll, and who changed and how.
    log = page.locator("[data-role=roll-log-entry]")
    expect(log.filter(has_text="claws and bite").first).to_be_attached()
    expect(log.filter(has_text="Bea: HP 5").first).to_be_attached()


def test_a_tampered_save_or_creature_gets_the_normal_error(page: Page, base_url: str) -> None:
    page.goto(base_url + "cairn/combat/")
    button = page.locator(SAVE).first.element_handle()
    button.evaluate("(b) => { b.dataset.save = 'Insight<img src=x>'; }")
    button.click()
    error = page.locator(POPOVER + " [data-role=error]")
    expect(error).to_contain_text("A save of this game names one of: STR, DEX, WIL",
                                  timeout=PYODIDE_TIMEOUT_MS)
    expect(error).to_have_attribute("data-field", "save")
    assert page.locator(POPOVER + " img").count() == 0
    page.keyboard.press("Escape")
    page.goto(base_url + "cairn/bestiary/")
    troll = page.locator(TROLL).element_handle()
    troll.evaluate("(b) => { b.dataset.creature = 'Root Goblin'; }")
    troll.click()
    expect(error).to_contain_text("Root Goblin's attack rolls 1d6", timeout=PYODIDE_TIMEOUT_MS)
    expect(error).to_have_attribute("data-field", "expression")
