"""Two Huldufolk powers through the party on a phone-sized window, on the
Dominion page where the text describes them: In Persona Christi's Burn heals
the one who acts to full health and draws a Belief, and Not in My House's
Spend in the card pool builder keeps the defence card in the actor's deck and
draws another; each applied and seen in the party panel. Then I am become
Death's reach on the Destruction page: a foe placed beyond the Personal
Influence is not struck by the plain use."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS, ConsoleLog
from tests.browser.party_helpers import (
    choose,
    create_member,
    fresh_start,
    kept_party,
    member,
    open_panel,
)

SLOW = PYODIDE_TIMEOUT_MS


def roller(page: Page, name: str, nth: int) -> Locator:
    widget = page.locator(f'.rp-widget[data-widget="{name}"]').nth(nth)
    expect(widget).to_have_attribute("data-state", "ready", timeout=SLOW)
    return widget


def close_panel(page: Page) -> None:
    if page.locator('[data-role="party"]').is_visible():
        page.locator('[data-role="close-party"]').click()


def sigrun(page: Page) -> dict:
    return next(m for m in kept_party(page)["party"]["members"] if m["name"] == "Sigrun")


def hand_card(widget: Locator, label: str) -> Locator:
    return (
        widget.locator('[data-role="step"] .rp-choice')
        .filter(has=widget.page.locator(".rp-choice-label", has_text=re.compile(f"^{label}$")))
        .first
    )


def test_in_persona_christi_and_not_in_my_house_through_the_party(
    phone_page: Page, base_url: str, console: ConsoleLog
) -> None:
    page = phone_page
    fresh_start(page, base_url + "huldufolk/magic/dominion/")
    # A Knight (Rank 3) with 3 damage and 2 Belief to spend.
    create_member(
        page, "huldufolk", "Sigrun", {"belief": "3", "belief_to_spend": "2", "damage": "3"}
    )
    choose(page, "Sigrun", "actor")
    close_panel(page)

    # In Persona Christi, under Autocracy 5: the Burn.
    fight = roller(page, "huldufolk.melee", 0)
    fight.locator('select[name="aid"]').select_option("christi_burn")
    fight.locator('button[data-action="use"]').click()
    result = fight.locator('[data-role="result"]')
    expect(result).to_contain_text("by Sigrun: damage 3 \u2192 0 (full health)", timeout=SLOW)
    expect(result).to_contain_text("disappears from the fight without a test")
    fight.locator('button[data-role="apply"]').click()
    expect(fight.locator('button[data-role="undo"]')).to_be_visible(timeout=SLOW)
    kept = sigrun(page)
    assert (kept["damage"], kept["belief_to_spend"]) == (0, 1), kept
    open_panel(page)
    values = member(page, "Sigrun").locator('[data-role="member-values"]')
    expect(values).to_contain_text(re.compile(r"[Dd]amage[^0-9]*0\b"), timeout=SLOW)
    close_panel(page)

    # Not in My House, under Demesne 5: the Intruder's supernatural attack,
    # Sigrun's 7 kept in her deck.
    pool = roller(page, "huldufolk.pool", 1)
    expect(pool.locator('input[name="keep_card"]')).to_be_checked()
    hand_card(pool, "6").click()  # the Intruder's card, face down
    expect(pool.locator('[data-role="result"]')).to_contain_text("face down", timeout=SLOW)
    hand_card(pool, "7").click()  # Sigrun's defence
    result = pool.locator('[data-role="result"]')
    expect(result).to_contain_text("7 (kept: Not in My House)", timeout=SLOW)
    expect(result).to_contain_text("Sigrun: Not in My House, one Belief spent")
    pool.locator('button[data-role="apply"]').click()
    expect(pool.locator('button[data-role="undo"]')).to_be_visible(timeout=SLOW)
    kept = sigrun(page)
    assert 7 in kept["cards"] and kept["belief_to_spend"] == 0, kept
    assert kept["supernatural"] == kept["supernatural_base"] - 1
    open_panel(page)
    expect(member(page, "Sigrun").locator('[data-role="member-values"]')).to_contain_text(
        "7", timeout=SLOW
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert console.errors == []


def test_i_am_become_death_strikes_only_within_the_personal_influence(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + "huldufolk/magic/destruction/")
    death = roller(page, "huldufolk.melee", 1)
    death.locator('button[data-action="reset"]').click()
    expect(death.locator('[data-role="result"]')).to_contain_text("A new fight", timeout=SLOW)
    # Foe 3 placed 500 m away: beyond the Knight's 30 m, within her 3 km.
    expect(death.locator('input[name="metres"]')).to_have_value("500")
    death.locator('button[data-action="place"]').click()
    expect(death.locator('[data-role="result"]')).to_contain_text(
        "stands 500 m from Hero: within the Territorial Influence", timeout=SLOW
    )
    step = death.locator('[data-role="step"]')
    expect(step).to_contain_text("Hero attacks Foe 1, Foe 2, Foe 3", timeout=SLOW)
    death.locator('select[name="power"]').select_option("death")
    expect(step).to_contain_text("Hero attacks Foe 1, Foe 2: choose a card", timeout=SLOW)
    expect(death).to_contain_text("Mark each foe's distance from the hero with Place target")
