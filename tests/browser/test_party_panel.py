"""The party panel on a phone-sized window, by pointer and by keyboard:
members created from their game's sheet (a bad value refused with its field
named and nothing typed lost), edited, duplicated, reordered, removed; the one
who acts and the one targeted; events with Undo, their values carried across
two pages and a reload; a bestiary creature as a foe; export, clear and
import; a member shared as a link; two tabs; axe with the panel open."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from tests.browser.conftest import (
    PYODIDE_TIMEOUT_MS,
    describe_violations,
    run_axe,
    use_system_scheme,
)
from tests.browser.party_helpers import (
    MEMBER,
    PANEL,
    choose,
    create_member,
    fresh_start,
    kept_party,
    member,
    open_panel,
    run_event,
)
from tests.conftest import CHROMIUM, TEST_CHROMIUM_ARGS

COMBAT = "cairn/combat/"
RULES = "cairn/rules/"
BESTIARY = "cairn/bestiary/"


def _names(page: Page) -> list[str]:
    return page.locator(f'{MEMBER} [data-role="member-name"]').all_inner_texts()


def test_a_member_is_created_from_its_sheet_and_a_bad_value_names_its_field(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + COMBAT)
    panel = open_panel(page)
    panel.locator('[data-role="party-game"]').select_option("cairn")
    panel.locator('[data-role="new-member"]').click()
    form = panel.locator('[data-role="party-form"]')
    expect(form).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    # The sheet's bounds are in its labels.
    expect(form.locator('[data-field="hp"] label')).to_have_text("HP (0\u201340)")
    form.locator('[data-field="name"] input').fill("Ada")
    form.locator('[data-field="hp"] input').fill("9")  # more than max HP 6
    form.locator('[data-role="save-member"]').click()
    error = form.locator('[data-role="error"][data-field="hp"]')
    expect(error).to_contain_text("HP")
    expect(form.locator('[data-field="name"] input')).to_have_value("Ada")
    expect(form.locator('[data-field="hp"] input')).to_have_value("9")
    assert kept_party(page) is None  # nothing kept from a refused form
    form.locator('[data-field="hp"] input').fill("4")
    form.locator('[data-role="save-member"]').click()
    row = member(page, "Ada")
    expect(row.locator('[data-role="member-values"]')).to_contain_text("HP 4/6")
    kept = kept_party(page)
    assert [m["name"] for m in kept["party"]["members"]] == ["Ada"]
    assert kept["party"]["members"][0]["hp"] == 4


def test_members_are_edited_duplicated_reordered_and_removed_by_keyboard(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + COMBAT)
    create_member(page, "cairn", "Ada")
    create_member(page, "cairn", "Bea")
    create_member(page, "dice_pool", "Kestrel")
    # Grouped by game, each under its title.
    groups = page.locator(f"{PANEL} .rp-party-group h3")
    expect(groups).to_have_text(["Cairn", "d10 dice pool"])
    # Edit by keyboard: focus Edit, Enter, type, Enter saves.
    member(page, "Bea").locator('[data-role="edit-member"]').focus()
    page.keyboard.press("Enter")
    name = page.locator('[data-role="party-form"] [data-field="name"] input')
    expect(name).to_be_focused()
    name.fill("Bea the Bold")
    page.keyboard.press("Enter")
    expect(member(page, "Bea the Bold")).to_have_count(1)
    # Duplicate: a copy right after it, with a new identifier.
    member(page, "Ada").locator('[data-role="duplicate-member"]').click()
    expect(page.locator(MEMBER)).to_have_count(4)
    assert _names(page) == ["Ada", "Ada", "Bea the Bold", "Kestrel"]
    ids = [m["id"] for m in kept_party(page)["party"]["members"]]
    assert len(set(ids)) == 4
    # Move Bea up twice by keyboard: focus stays on the button.
    up = member(page, "Bea the Bold").locator('[data-role="move-up"]')
    up.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{MEMBER} [data-role='member-name']")).to_have_text(
        ["Ada", "Bea the Bold", "Ada", "Kestrel"]
    )
    page.keyboard.press("Enter")
    expect(page.locator(f"{MEMBER} [data-role='member-name']")).to_have_text(
        ["Bea the Bold", "Ada", "Ada", "Kestrel"]
    )
    # The first of its game cannot go up; focus went to its Down button.
    expect(member(page, "Bea the Bold").locator('[data-role="move-up"]')).to_be_disabled()
    expect(member(page, "Bea the Bold").locator('[data-role="move-down"]')).to_be_focused()
    # Remove, then Undo remove puts it back where it was.
    member(page, "Kestrel").locator('[data-role="remove-member"]').click()
    expect(page.locator(MEMBER)).to_have_count(3)
    page.locator('[data-role="undo-remove"]').click()
    expect(page.locator(MEMBER)).to_have_count(4)
    assert [m["name"] for m in kept_party(page)["party"]["members"]][-1] == "Kestrel"


def test_a_bestiary_creature_becomes_a_foe_in_one_tap(phone_page: Page, base_url: str) -> None:
    page = phone_page
    fresh_start(page, base_url + BESTIARY)
    button = page.locator('button[data-role="add-foe"][data-creature="Wood Troll"]')
    expect(button).to_be_visible()
    button.click()
    status = button.locator('xpath=following-sibling::*[@data-role="add-foe-status"]')
    expect(status).to_have_text("Wood Troll is in the party as a foe.", timeout=PYODIDE_TIMEOUT_MS)
    troll = kept_party(page)["party"]["members"][0]
    assert (troll["name"], troll["hp"], troll["strength"], troll["weapon_dice"]) == (
        "Wood Troll",
        12,
        15,
        "d8+d8",
    )
    # The entry links to the roller that attacks with it.
    card = page.locator(".rp-statblock").filter(has=button)
    link = card.locator('[data-role="creature-attack"]')
    assert "combat/#roll=" in (link.get_attribute("href") or "")


def test_an_event_applies_undoes_and_its_values_last_across_pages_and_a_reload(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + COMBAT)
    create_member(page, "cairn", "Ada")
    choose(page, "Ada", "actor")
    expect(page.locator('[data-role="party-table"]')).to_have_text("Acts: Ada. Targeted: nobody.")
    form = run_event(page, "Ada", "hit", {"rolled": "4"})
    values = member(page, "Ada").locator('[data-role="member-values"]')
    expect(values).to_contain_text("HP 2/6")
    expect(form.locator('[data-role="seed"]')).to_have_count(1)  # a random event shows its seed
    form.locator('[data-role="undo"]').click()
    expect(values).to_contain_text("HP 6/6")
    form.locator('[data-event="hit"]').click()
    expect(values).to_contain_text("HP 2/6")
    # The roll log records who changed and how (the open panel covers its
    # button on a phone: Escape closes it).
    page.keyboard.press("Escape")
    page.locator('[data-role="roll-log-toggle"]').click()
    entries = page.locator('[data-role="roll-log-entry"]')
    expect(entries.first).to_contain_text("Ada: HP 6 \u2192 2")
    expect(entries.nth(1)).to_contain_text("Undone: Take a hit")
    # Another page, then a reload: the same HP, and Ada still acts.
    page.goto(base_url + RULES)
    open_panel(page)
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 2/6")
    page.reload()
    open_panel(page)
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 2/6")
    expect(member(page, "Ada").locator('[data-role="choose-actor"]')).to_have_attribute(
        "aria-pressed", "true"
    )


def test_the_party_is_exported_cleared_and_imported_again(
    phone_page: Page, base_url: str, tmp_path: Path
) -> None:
    page = phone_page
    fresh_start(page, base_url + COMBAT)
    create_member(page, "cairn", "Ada", {"hp": "3"})
    create_member(page, "huldufolk", "Sigrun")
    with page.expect_download() as download:
        page.locator('[data-role="export-party"]').click()
    exported = tmp_path / "party.json"
    download.value.save_as(exported)
    document = json.loads(exported.read_text())
    assert document["version"] == 1
    assert [m["name"] for m in document["members"]] == ["Ada", "Sigrun"]
    page.locator('[data-role="clear-party"]').click()
    page.locator('[data-role="confirm-clear"]').click()
    expect(page.locator(MEMBER)).to_have_count(0)
    # A bad file: a plain message, nothing changes.
    bad = tmp_path / "bad.json"
    broken = dict(document, members=[dict(document["members"][0], hp=99)])
    bad.write_text(json.dumps(broken))
    page.locator('[data-role="import-party"]').set_input_files(str(bad))
    expect(page.locator('[data-role="party-status"]')).to_contain_text("Nothing was imported")
    expect(page.locator('[data-role="party-status"]')).to_contain_text("HP")
    expect(page.locator(MEMBER)).to_have_count(0)
    not_json = tmp_path / "notes.json"
    not_json.write_text("{ not json")
    page.locator('[data-role="import-party"]').set_input_files(str(not_json))
    expect(page.locator('[data-role="party-status"]')).to_contain_text("not JSON")
    # The file, into an empty party: at once.
    page.locator('[data-role="import-party"]').set_input_files(str(exported))
    expect(page.locator(MEMBER)).to_have_count(2)
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 3/6")
    # Into a party that has members: asked first, and "keep" changes nothing.
    create_member(page, "cairn", "Cato")
    page.locator('[data-role="import-party"]').set_input_files(str(exported))
    expect(page.locator('[data-role="party-offer"]')).to_contain_text("Replace the 3 members")
    page.locator('[data-role="cancel-import"]').click()
    expect(page.locator(MEMBER)).to_have_count(3)
    page.locator('[data-role="import-party"]').set_input_files(str(exported))
    page.locator('[data-role="confirm-import"]').click()
    expect(page.locator(MEMBER)).to_have_count(2)
    assert [m["name"] for m in kept_party(page)["party"]["members"]] == ["Ada", "Sigrun"]


def test_a_member_shared_as_a_link_is_offered_never_overwritten_unasked(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + COMBAT)
    create_member(page, "cairn", "Ada", {"hp": "5"})
    member(page, "Ada").locator('[data-role="share-member"]').click()
    link = page.locator('[data-role="member-link"]').get_attribute("href")
    assert link and "#member=" in link
    # The same Ada, changed since: the link asks before replacing her.
    run_event(page, "Ada", "hit", {"rolled": "3"})
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 2/6")
    page.goto(link)
    offer = page.locator('[data-role="party-offer"]')
    expect(offer).to_contain_text("already in your party", timeout=PYODIDE_TIMEOUT_MS)
    page.locator('[data-role="dismiss"]').click()
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 2/6")
    # In a party without her: offered, added on Add.
    fresh_start(page, link)
    expect(offer).to_contain_text("Add Ada (Cairn)", timeout=PYODIDE_TIMEOUT_MS)
    page.locator('[data-role="add-linked"]').click()
    expect(member(page, "Ada").locator('[data-role="member-values"]')).to_contain_text("HP 5/6")
    # A tampered link is refused with a plain message and adds nothing.
    page.goto(link.replace("%22hp%22%3A5", "%22hp%22%3A50"))
    expect(offer).to_contain_text("Nothing was added", timeout=PYODIDE_TIMEOUT_MS)
    expect(page.locator(MEMBER)).to_have_count(1)


def test_two_tabs_see_the_same_party_and_lose_no_change(
    browser_context: BrowserContext, base_url: str
) -> None:
    first = browser_context.new_page()
    second = browser_context.new_page()
    try:
        for tab in (first, second):
            tab.set_viewport_size({"width": 390, "height": 844})
        fresh_start(first, base_url + COMBAT)
        second.goto(base_url + RULES)
        create_member(first, "cairn", "Ada")
        open_panel(second)
        expect(member(second, "Ada")).to_have_count(1)
        # Both tabs change Ada at once: a hit in one, Fatigue in the other.
        run_event(first, "Ada", "hit", {"rolled": "2"})
        run_event(second, "Ada", "fatigue")
        for tab in (first, second):
            values = member(tab, "Ada").locator('[data-role="member-values"]')
            expect(values).to_contain_text("HP 4/6")
            expect(values).to_contain_text("Fatigue 1")
        ada = kept_party(first)["party"]["members"][0]
        assert (ada["hp"], ada["fatigue"]) == (4, 1)
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_with_the_party_open_finds_no_serious_violation(
    page: Page, base_url: str, scheme: str
) -> None:
    use_system_scheme(page, scheme)
    fresh_start(page, base_url + COMBAT)
    create_member(page, "cairn", "Ada")
    create_member(page, "judge_two", "Gaalik")
    choose(page, "Ada", "actor")
    choose(page, "Gaalik", "target")
    run_event(page, "Ada", "hit", {"rolled": "2"})
    violations = run_axe(page, PANEL)
    assert not violations, describe_violations(violations)


@pytest.fixture
def touch_page(playwright_driver: Playwright, base_url: str) -> Iterator[Page]:
    """A phone with a touch screen (a browser of its own: the session's profile has none)."""
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS)
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        service_workers="block",
    )
    try:
        yield context.new_page()
    finally:
        context.close()
        browser.close()


def test_a_member_is_made_and_chosen_by_touch(touch_page: Page, base_url: str) -> None:
    page = touch_page
    page.goto(base_url + COMBAT)
    page.locator('[data-role="party-toggle"]').tap()
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel.locator('[data-role="party-game"] option').first).to_be_attached()
    panel.locator('[data-role="party-game"]').select_option("judge_two")
    panel.locator('[data-role="new-member"]').tap()
    form = panel.locator('[data-role="party-form"]')
    expect(form).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    form.locator('[data-field="name"] input').tap()
    page.keyboard.press("Control+A")
    page.keyboard.type("Gaalik")
    # A Judge Two foe's fields show once its kind is chosen (shown_when).
    expect(form.locator('.rp-field[data-field="power_level"]')).to_be_hidden()
    form.locator('[data-field="kind"] select').select_option("foe")
    expect(form.locator('.rp-field[data-field="power_level"]')).to_be_visible()
    form.locator('[data-role="save-member"]').tap()
    expect(form).to_have_count(0)
    row = member(page, "Gaalik")
    expect(row).to_have_count(1)
    # At a glance, only what a foe's sheet holds (no PC attributes).
    expect(row.locator('[data-role="member-values"]')).to_contain_text("Power level 4")
    expect(row.locator('[data-role="member-values"]')).not_to_contain_text("Arm")
    row.locator('[data-role="choose-target"]').tap()
    expect(row.locator('[data-role="choose-target"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-role="party-table"]')).to_have_text(
        "Acts: nobody. Targeted: Gaalik."
    )
    # A second tap on the chosen one chooses nobody.
    row.locator('[data-role="choose-target"]').tap()
    expect(page.locator('[data-role="party-table"]')).to_have_text(
        "Acts: nobody. Targeted: nobody."
    )


def _takes_taps(page: Page, selector: str) -> bool:
    """Whether a tap at the middle of ``selector`` reaches it."""
    return bool(
        page.locator(selector).evaluate(
            "t => { const b = t.getBoundingClientRect(); return t.contains("
            "document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)); }"
        )
    )


def test_a_full_panel_on_a_phone_leaves_the_roll_logs_button_uncovered(
    phone_page: Page, base_url: str
) -> None:
    page = phone_page
    fresh_start(page, base_url + BESTIARY)
    foes = page.locator('button[data-role="add-foe"]')
    for index in range(6):
        foes.nth(index).click()
        expect(page.locator('[data-role="add-foe-status"]').nth(index)).not_to_be_empty(
            timeout=PYODIDE_TIMEOUT_MS
        )
    open_panel(page)
    expect(page.locator(MEMBER)).to_have_count(6)
    # The panel, taller than the window as its members are, scrolls inside
    # itself above the two buttons; its dock (as wide as the panel) took the
    # roll log's taps before.
    log_toggle = '[data-role="roll-log-toggle"]'
    assert _takes_taps(page, log_toggle), "the party panel covers the roll log's button"
    panel = page.locator(PANEL).bounding_box()
    toggle = page.locator(log_toggle).bounding_box()
    assert panel is not None and toggle is not None and panel["y"] >= 0
    assert panel["y"] + panel["height"] <= toggle["y"] + 1
    page.locator(log_toggle).click()
    expect(page.locator("#rp-roll-log")).to_be_visible()
    # And the other way round: the open roll log leaves the party's button.
    assert _takes_taps(page, '[data-role="party-toggle"]'), "the roll log covers the party's button"
