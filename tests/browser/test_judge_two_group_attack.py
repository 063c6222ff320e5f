"""A Judge Two group attack on a party defender, on a phone-sized window: the
roller is filled from the defender's sheet, each attacker chooses its own
consequences, Apply changes the defender in the party panel (risk capped at
three in all, a threat and a mark), and Undo takes it back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS
from tests.browser.party_helpers import (
    choose,
    create_member,
    fresh_start,
    kept_party,
    member,
    open_panel,
)


def _group_roller(page: Page) -> Locator:
    """The roller under "Group Attacks" (the conflicts page's third attack roller)."""
    widget = page.locator('.rp-widget[data-widget="judge_two.attack"]').nth(2)
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYODIDE_TIMEOUT_MS)
    expect(widget.locator('select[name="situation"]')).to_have_value("group")
    return widget


def _wen(page: Page) -> dict:
    kept = kept_party(page)["party"]["members"]
    found: dict = next(m for m in kept if m["name"] == "Wen")
    return found


@pytest.fixture
def phone(phone_page: Page) -> Iterator[Page]:
    """The phone tab, its party and choices cleared after the test: the tests
    of a session share one profile, and a party left acting would fill the
    rollers of the next test's pages."""
    yield phone_page
    phone_page.evaluate("() => localStorage.clear()")


def test_a_group_attack_applied_to_the_defender_and_undone(
    phone: Page, base_url: str
) -> None:
    page = phone
    fresh_start(page, base_url + "judge-two/conflicts/")
    create_member(page, "judge_two", "Ana")
    panel = open_panel(page)
    panel.locator('[data-role="party-game"]').select_option("judge_two")
    panel.locator('[data-role="new-member"]').click()
    form = panel.locator('[data-role="party-form"]')
    expect(form).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    form.locator('[data-field="name"] input').fill("Wen")
    form.locator('[data-field="kind"] select').select_option("foe")
    form.locator('[data-field="risk"] input').fill("2")
    form.locator('[data-role="save-member"]').click()
    expect(member(page, "Wen")).to_have_count(1)
    choose(page, "Ana", "actor")
    choose(page, "Wen", "target")
    page.locator('[data-role="close-party"]').click()

    roller = _group_roller(page)
    expect(roller.locator('input[name="risk"]')).to_have_value("2")  # from Wen's sheet
    expect(roller.locator('[data-role="party-fill"]')).to_contain_text("Wen's risk")
    roller.locator('input[name="degrees1"]').fill("0")
    roller.locator('input[name="degrees2"]').fill("1")
    more = roller.locator("details.rp-more")
    # Each of the two attackers' consequences, threats and mark; not the third's.
    expect(more.locator("summary")).to_have_text("More options (8)")
    roller.locator('select[name="attackers"]').select_option("3")
    expect(more.locator("summary")).to_have_text("More options (12)")
    roller.locator('select[name="attackers"]').select_option("2")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    roller.locator('select[name="attacker1_threat"]').select_option("weaken")
    roller.locator('input[name="attacker2_impose"]').fill("1")
    roller.locator('select[name="attacker2_mark"]').select_option("crush")
    roller.locator('button[data-action="work_out"]').click()

    # 0 and 1 degrees against 2 risk count 2 and 3: two risk and a threat,
    # then three risk and a mark, of which one risk counts.
    result = roller.locator('[data-role="result"]')
    expect(result).to_contain_text(
        "The group attack succeeds: 3 risk in all", timeout=PYODIDE_TIMEOUT_MS
    )
    expect(result).to_contain_text("3 counted: 3 risk and one mark (crush), 1 of its 3 risk")
    expect(result).to_contain_text("attacker 1 first")
    changes = roller.locator('[data-role="party-changes"]')
    expect(changes).to_contain_text("Wen: Risk 2 \u2192 5")
    expect(changes).to_contain_text("Wen: Marks none \u2192 crush martial")  # as the panel shows it
    roller.locator('button[data-role="apply"]').click()
    expect(roller.locator('button[data-role="undo"]')).to_be_visible()

    open_panel(page)
    values = member(page, "Wen").locator('[data-role="member-values"]')
    expect(values).to_contain_text("Risk 5")
    expect(values).to_contain_text("weaken")
    expect(values).to_contain_text("crush")
    wen = _wen(page)
    assert (wen["risk"], wen["threats"], wen["marks"]) == (
        5,
        ["weaken"],
        [{"mark": "crush", "form": "martial"}],
    )

    page.locator('[data-role="close-party"]').click()
    roller.locator('button[data-role="undo"]').click()
    open_panel(page)
    expect(values).to_contain_text("Risk 2")
    expect(values).not_to_contain_text("weaken")
    expect(values).not_to_contain_text("crush")
    wen = _wen(page)
    assert (wen["risk"], wen["threats"], wen["marks"]) == (2, [], [])
