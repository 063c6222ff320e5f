"""Steps of the party panel the browser tests share: open it, create a member
from its game's sheet, add a bestiary foe, choose who acts and who is
targeted, run one of a member's events."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import PYODIDE_TIMEOUT_MS

PANEL = '[data-role="party"]'
MEMBER = '[data-role="party-member"]'


def fresh_start(page: Page, url: str) -> None:
    """``url`` with nothing kept (the tests of a session share one profile)."""
    page.goto(url)
    page.evaluate("() => localStorage.clear()")
    page.reload()


def open_panel(page: Page) -> Locator:
    panel = page.locator(PANEL)
    if not panel.is_visible():
        page.locator('[data-role="party-toggle"]').click()
    expect(panel).to_be_visible()
    # The game list comes with the catalog.
    expect(panel.locator('[data-role="party-game"] option').first).to_be_attached()
    return panel


def member(page: Page, name: str) -> Locator:
    return page.locator(MEMBER).filter(
        has=page.locator(f'[data-role="member-name"]:text-is("{name}")')
    )


def create_member(
    page: Page, game: str, name: str, values: dict[str, str] | None = None
) -> Locator:
    """A new member of ``game`` (its key) named ``name``, with ``values`` typed
    into the sheet's fields (by field name), saved."""
    panel = open_panel(page)
    panel.locator('[data-role="party-game"]').select_option(game)
    panel.locator('[data-role="new-member"]').click()
    form = panel.locator('[data-role="party-form"]')
    expect(form).to_be_visible(timeout=PYODIDE_TIMEOUT_MS)
    form.locator('[data-field="name"] input').fill(name)
    for field, value in (values or {}).items():
        form.locator(f'[data-field="{field}"] input').fill(value)
    form.locator('[data-role="save-member"]').click()
    expect(form).to_have_count(0)
    row = member(page, name)
    expect(row).to_have_count(1)
    return row


def choose(page: Page, name: str, role: str) -> None:
    """``role`` is "actor" or "target"."""
    button = member(page, name).locator(f'[data-role="choose-{role}"]')
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def run_event(page: Page, name: str, event: str, values: dict[str, str] | None = None) -> Locator:
    """Runs a member's event from its sheet; returns the event's form."""
    row = member(page, name)
    sheet = row.locator("details.rp-party-sheet")
    if sheet.get_attribute("open") is None:
        sheet.locator("summary").click()
    form = row.locator(f'form:has([data-event="{event}"])')
    fold = row.locator(f'details.rp-party-event-fold:has([data-event="{event}"])')
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    for field, value in (values or {}).items():
        form.locator(f'[data-field="{field}"] input, [data-field="{field}"] select').first.fill(
            value
        )
    outcome = form.locator(".rp-party-outcome")
    before = outcome.inner_text()
    form.locator(f'[data-event="{event}"]').click()
    expect(outcome).not_to_have_text(before or "\u0000", timeout=PYODIDE_TIMEOUT_MS)
    return form


def kept_party(page: Page) -> dict:
    """The party as the store keeps it under "party" (its envelope's value)."""
    # The store writes under a lock every tab shares: asking for it after a
    # change waits for that change's write.
    return page.evaluate(
        "() => navigator.locks.request('rp-kept:party', () => {"
        " const t = localStorage.getItem('rp-kept:party');"
        " return t ? JSON.parse(t).value : null; })"
    )
