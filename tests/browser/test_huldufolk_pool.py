"""huldufolk.pool in Chromium: cards played with the mouse and the keyboard, a
whole exchange, state kept across reloads, illegal moves, a phone screen."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import (
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    describe_violations,
    open_widget,
    run_axe,
)
from tests.conftest import pages_with_widget

NAME = "huldufolk.pool"
SLOW = 20_000  # each move is a round trip to Python in the worker


@pytest.fixture(scope="module")
def pool_urls(built_site: Path, base_url: str) -> dict[str, str]:
    pages = pages_with_widget(built_site, NAME)
    tests = [page for page in pages if "deck-and-pools" in page]
    fights = [page for page in pages if "miscellaneous-mechanics" in page]
    assert tests and fights, f"huldufolk.pool is not on the expected pages: {pages}"
    return {"test": base_url + tests[0], "fight": base_url + fights[0]}


def odds(widget: Locator) -> Locator:
    return widget.locator('[data-role="odds"]')


def step(widget: Locator) -> Locator:
    """The hand to choose from, drawn in the form above the typed cards."""
    return widget.locator('[data-role="step"]')


def result(widget: Locator) -> Locator:
    return widget.locator('[data-role="result"]')


def card_button(widget: Locator, label: str) -> Locator:
    """The button of one card in the hand drawn in the form."""
    return (
        step(widget)
        .locator(".rp-choice")
        .filter(has=widget.page.locator(".rp-choice-label", has_text=re.compile(f"^{label}$")))
    )


def hand_text(widget: Locator) -> str:
    facts = odds(widget).locator("dt", has_text=re.compile("^Cards in hand$")).first
    return facts.locator("xpath=following-sibling::dd[1]").inner_text()


def saved_state(page: Page) -> Any:
    """The saved decks as page/store.js keeps them (the value of its item), as JSON text."""
    return page.evaluate(
        "(() => { const k = Object.keys(localStorage).find(k => k.includes(':huldufolk.pool:'));"
        " return k ? JSON.stringify(JSON.parse(localStorage.getItem(k)).value) : null; })()"
    )


def fresh(page: Page, url: str) -> Locator:
    """The widget with its saved decks cleared, as for a first visit."""
    widget = open_widget(page, url, NAME)
    widget.locator('button[data-action="reset"]').click()
    expect(result(widget)).to_contain_text("New decks", timeout=SLOW)
    expect(odds(widget)).to_contain_text("Cards in hand", timeout=SLOW)
    return widget


def test_play_with_the_mouse_and_keep_the_deck_across_a_reload(
    page: Page, pool_urls: dict[str, str], console: ConsoleLog
) -> None:
    widget = fresh(page, pool_urls["test"])
    # The page sets Quality and Focus (+5) against CR 12: the 7 is the smallest success.
    expect(step(widget)).to_contain_text("smallest card that succeeds for sure: 7", timeout=SLOW)
    expect(card_button(widget, "Ace")).to_contain_text("never spent")
    card_button(widget, "7").click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("SUCCESS", timeout=SLOW)
    expect(result(widget)).to_contain_text("Quality 3 + Focus 2 + card 7 = 12 against CR 12.")
    expect(card_button(widget, "7")).to_have_count(0, timeout=SLOW)
    card_button(widget, "Ace").click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("FAILURE", timeout=SLOW)
    expect(card_button(widget, "Ace")).to_have_count(1, timeout=SLOW)  # never surrendered
    assert hand_text(widget) == "Ace (never spent), 2, 3, 4, 5, 6, 8, 9, 10"

    page.reload()
    page.wait_for_selector(
        f'.rp-widget[data-widget="{NAME}"][data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS
    )
    widget = page.locator(f'.rp-widget[data-widget="{NAME}"]').first
    expect(odds(widget)).to_contain_text("Cards in hand", timeout=SLOW)
    assert hand_text(widget) == "Ace (never spent), 2, 3, 4, 5, 6, 8, 9, 10"
    expect(odds(widget).locator("table")).to_contain_text("plays the 7 against CR 12")
    assert console.errors == []


def test_play_with_the_keyboard_only(page: Page, pool_urls: dict[str, str]) -> None:
    widget = fresh(page, pool_urls["test"])
    card = widget.locator('input[name="card"]')
    card.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("9")
    page.keyboard.press("Enter")  # the form's main button: Play card
    expect(result(widget).locator(".rp-outcome")).to_have_text("SUCCESS", timeout=SLOW)
    expect(card_button(widget, "9")).to_have_count(0, timeout=SLOW)
    # Shift+Tab back from the field to the hand drawn above it; play the 8 with Space.
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(
            "document.activeElement.classList.contains('rp-choice')"
            " && document.activeElement.textContent.startsWith('8')"
        ):
            break
    else:
        pytest.fail("the card buttons are not reachable with Tab")
    page.keyboard.press("Space")
    expect(result(widget)).to_contain_text("card 8 = 13", timeout=SLOW)
    expect(card_button(widget, "8")).to_have_count(0, timeout=SLOW)


def test_illegal_moves_are_refused_and_nothing_is_lost(
    page: Page, pool_urls: dict[str, str], console: ConsoleLog
) -> None:
    widget = fresh(page, pool_urls["test"])
    card_button(widget, "7").click()
    expect(card_button(widget, "7")).to_have_count(0, timeout=SLOW)
    kept_result = result(widget).inner_text()
    kept_state = saved_state(page)
    card = widget.locator('input[name="card"]')
    card_error = widget.locator('[data-role="error"][data-field="card"]')

    card.fill("7")  # spent
    widget.locator('button[data-action="play"]').click()
    expect(card_error).to_have_text(
        "The 7 has been spent. Cards in hand: Ace, 2, 3, 4, 5, 6, 8, 9, 10.", timeout=SLOW
    )
    expect(card).to_have_attribute("aria-invalid", "true")
    assert saved_state(page) == kept_state
    assert result(widget).inner_text() == kept_result

    card.fill("11")  # no such card
    widget.locator('button[data-action="play"]').click()
    expect(card_error).to_contain_text("from 1 to 10", timeout=SLOW)

    card.fill("2")
    expect(card_error).to_be_empty(timeout=SLOW)
    widget.locator(".rp-more summary").click()  # gear and the sides' setup are folded
    equipment = widget.locator('input[name="a_equipment"]')
    equipment.fill("3")  # mundane equipment stops at +2
    expect(widget.locator('[data-role="error"][data-field="a_equipment"]')).to_contain_text(
        "only magical equipment reaches +5", timeout=SLOW
    )
    widget.locator('input[name="a_magical"]').check()
    expect(widget.locator('[data-role="error"][data-field="a_equipment"]')).to_be_empty(
        timeout=SLOW
    )
    assert saved_state(page) == kept_state

    # A Minor Actor has no 6.
    widget.locator('select[name="a_rank"]').select_option("minor")
    expect(step(widget)).to_contain_text("Press Reset", timeout=SLOW)
    widget.locator('button[data-action="reset"]').click()
    expect(odds(widget)).to_contain_text("half deck (Ace-5)", timeout=SLOW)
    card.fill("6")
    widget.locator('button[data-action="play"]').click()
    expect(card_error).to_contain_text("half deck (Ace-5): there is no 6", timeout=SLOW)
    assert console.errors == []


def _store_while_away(page: Page, url: str, key: str, text: str) -> None:
    """Writes ``text`` under ``key`` from the site's home page (no roller
    there), then opens ``url``: a write the widget's page still had queued
    (its preview's state, under the store's lock) cannot land over it."""
    page.goto(url.split("huldufolk/")[0])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    page.goto(url)


def test_a_corrupt_saved_state_is_discarded_with_a_notice(
    page: Page, pool_urls: dict[str, str], console: ConsoleLog
) -> None:
    widget = fresh(page, pool_urls["test"])
    key = page.evaluate("Object.keys(localStorage).find(k => k.includes(':huldufolk.pool:'))")
    assert key
    # Kept as page/store.js keeps it, a state Python cannot use: Python's notice.
    for broken in ({"version": 99}, {"version": 1, "a": {"hand": [1, 77]}}):
        envelope = {"format": 1, "rev": 1, "applied": [], "value": broken}
        _store_while_away(page, pool_urls["test"], key, json.dumps(envelope))
        page.wait_for_selector(
            f'.rp-widget[data-widget="{NAME}"][data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS
        )
        widget = page.locator(f'.rp-widget[data-widget="{NAME}"]').first
        expect(widget.locator(".rp-notice")).to_contain_text(
            "The saved decks could not be used", timeout=SLOW
        )
        assert hand_text(widget) == "Ace (never spent), 2, 3, 4, 5, 6, 7, 8, 9, 10"
    # Not even JSON: the store sets it aside (offered for download) before Python sees it.
    _store_while_away(page, pool_urls["test"], key, "{not json")
    widget = page.locator(f'.rp-widget[data-widget="{NAME}"]').first
    expect(widget.locator('[data-role="odds"]')).to_contain_text(
        "Cards in hand", timeout=PYODIDE_TIMEOUT_MS
    )
    assert hand_text(widget) == "Ace (never spent), 2, 3, 4, 5, 6, 7, 8, 9, 10"
    page.locator('[data-role="roll-log-toggle"]').click()
    expect(page.locator('[data-role="kept-aside"]')).to_contain_text("could not be read")
    assert console.errors == []


def test_a_fight_exchange_by_exchange(page: Page, pool_urls: dict[str, str]) -> None:
    widget = fresh(page, pool_urls["fight"])
    # The page sets up Bob and a hexenwolf; no combat yet, so Side A would attack.
    expect(step(widget)).to_contain_text("No combat under way: Bob attacks", timeout=SLOW)

    # Initiative: the wolf's 4 beats Bob's 3, so the wolf attacks first.
    widget.locator('button[data-action="initiative"]').click()
    expect(step(widget)).to_contain_text("Initiative: Bob plays a card", timeout=SLOW)
    card_button(widget, "3").click()
    expect(step(widget)).to_contain_text("Initiative: Hexenwolf plays a card", timeout=SLOW)
    card_button(widget, "4").click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("Hexenwolf acts first", timeout=SLOW)
    expect(odds(widget)).to_contain_text("Initiative card (set aside)", timeout=SLOW)
    expect(step(widget)).to_contain_text("Hexenwolf attacks Bob", timeout=SLOW)

    # "the wolf selects its highest card (+5) while Bob plays [...] (+2)"
    card_button(widget, "5").click()
    expect(result(widget)).to_contain_text("Hexenwolf has chosen a card face down", timeout=SLOW)
    expect(step(widget)).to_contain_text("Bob defends", timeout=SLOW)
    card_button(widget, "2").click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("HELD: Bob defends", timeout=SLOW)
    expect(result(widget)).to_contain_text("11 against")
    expect(result(widget)).to_contain_text("Next: Bob's turn.")
    expect(odds(widget)).to_contain_text("mundane 4 of 5", timeout=SLOW)  # Bob's threshold

    # Bob's turn comes by itself; he swings with the form: his 10 against the Ace.
    expect(step(widget)).to_contain_text("Bob attacks Hexenwolf", timeout=SLOW)
    widget.locator('input[name="card"]').fill("10")
    widget.locator('input[name="defence_card"]').fill("1")
    widget.locator('button[data-action="play"]').click()
    expect(result(widget).locator(".rp-outcome")).to_have_text(
        "HIT: 2 damage to Hexenwolf", timeout=SLOW
    )
    log = odds(widget).locator("table")
    expect(log).to_contain_text("Bob attacks Hexenwolf (mundane)", timeout=SLOW)
    expect(log).to_contain_text("hit for 2 damage")
    expect(step(widget)).to_contain_text("Hexenwolf attacks Bob", timeout=SLOW)

    # The player may override the order.
    widget.locator('select[name="attacker"]').select_option("a")
    expect(step(widget)).to_contain_text("Bob attacks out of turn", timeout=SLOW)
    widget.locator('select[name="attacker"]').select_option("auto")

    widget.locator('button[data-action="end_combat"]').click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("Combat over", timeout=SLOW)
    expect(odds(widget)).not_to_contain_text("set aside", timeout=SLOW)

    widget.locator('button[data-action="rest"]').click()
    expect(result(widget).locator(".rp-outcome")).to_have_text("Rested", timeout=SLOW)
    expect(odds(widget)).to_contain_text("mundane 5 of 5; supernatural 5 of 5", timeout=SLOW)


def test_fits_a_phone_and_has_no_serious_accessibility_violation(
    phone_page: Page, pool_urls: dict[str, str]
) -> None:
    widget = fresh(phone_page, pool_urls["fight"])
    card_button(widget, "5").click()
    expect(step(widget)).to_contain_text("Hexenwolf defends", timeout=SLOW)
    # the hand of the current step comes before the reference material
    hand = step(widget).locator(".rp-choices").first.bounding_box()
    log = odds(widget).locator("table").first.bounding_box()
    assert hand is not None and log is not None and hand["y"] < log["y"]
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    box = widget.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    violations = run_axe(phone_page, ".rp-widget")
    assert violations == [], describe_violations(violations)


def test_each_mode_shows_only_the_buttons_that_apply(page: Page, pool_urls: dict[str, str]) -> None:
    widget = fresh(page, pool_urls["test"])
    expected = {
        "test": ["play", "reset"],
        "fight": ["play", "initiative", "end_combat", "rest", "reset"],
        "contest": ["play", "reset"],
        "powers": ["power", "rest", "reset"],
    }
    for mode, names in expected.items():
        widget.locator('select[name="mode"]').select_option(mode)
        shown = [
            button.get_attribute("data-action")
            for button in widget.locator(".rp-actions button").all()
            if button.is_visible()
        ]
        assert shown == names, mode
        # The first button that applies is the one drawn as the main button.
        main = widget.locator(".rp-actions button.md-button--primary")
        expect(main).to_have_count(1)
        expect(main).to_have_attribute("data-action", names[0])
    # Enter runs the first button that applies: in powers mode the power (its
    # own refusal, with no card spent yet), not Play card.
    widget.locator('input[name="power_card"]').press("Enter")
    expect(widget).to_contain_text("No spent low card (Ace-5) to refresh", timeout=SLOW)
    expect(widget).not_to_contain_text("Play card is for tests")


def test_a_hand_for_a_form_that_cannot_be_read_is_not_left_pressable(
    page: Page, pool_urls: dict[str, str]
) -> None:
    widget = fresh(page, pool_urls["fight"])
    expect(step(widget).locator(".rp-choice").first).to_be_visible(timeout=SLOW)
    card = widget.locator('input[name="card"]')
    card.fill("abc")
    expect(step(widget)).to_contain_text("The next choice shows once this is fixed", timeout=SLOW)
    expect(step(widget)).to_contain_text("must be a whole number from 1 to 10")
    expect(step(widget).locator(".rp-choice")).to_have_count(0)
    assert card.input_value() == "abc"  # nothing the player typed is lost
    card.fill("3")
    expect(step(widget).locator(".rp-choice").first).to_be_visible(timeout=SLOW)
