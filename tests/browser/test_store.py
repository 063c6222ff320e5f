"""What the site keeps in the browser (page/store.js), in Chromium: the nine
ways the storage before it lost the reader's data, each held by a test
here, and the store's guarantees (two tabs, storage refused, full or
unreadable, the formats kept by older versions of the site)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.conftest import (
    PYODIDE_TIMEOUT_MS,
    ConsoleLog,
    describe_violations,
    open_widget,
    run_axe,
    use_system_scheme,
)
from tests.conftest import pages_with_widget

SLOW = 20_000  # a round trip to Python in the worker
POOL = "huldufolk.pool"
ROUNDS = "judge_two.rounds"
NOTATION = "dice.notation"

# A browser that refuses the site storage (cookies and site data blocked):
# reading localStorage throws, as Chromium's does then.
STORAGE_REFUSED = """Object.defineProperty(window, "localStorage", {configurable: true, get() {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': " +
    "Access is denied for this document.", "SecurityError");
}});"""

# Storage that holds at most `limit` characters in all (names and values), as
# a full disk or the browser's quota does: a write past it throws, as
# Chromium's does. window.rpStorageLimit sets the limit (none until set).
STORAGE_LIMITED = """(() => {
  const setItem = Storage.prototype.setItem;
  const size = (s) => {
    let n = 0;
    for (let i = 0; i < s.length; i++) n += s.key(i).length + s.getItem(s.key(i)).length;
    return n;
  };
  Storage.prototype.setItem = function (name, value) {
    const limit = window.rpStorageLimit ?? Infinity;
    const old = this.getItem(name);
    const before = size(this) - (old === null ? 0 : name.length + old.length);
    if (before + name.length + String(value).length > limit) {
      throw new DOMException("Setting the value of '" + name + "' exceeded the quota.",
        "QuotaExceededError");
    }
    return setItem.call(this, name, value);
  };
})();"""
STORAGE_FULL = "window.rpStorageLimit = 0;\n" + STORAGE_LIMITED


@pytest.fixture(scope="module")
def urls(built_site: Path, base_url: str) -> dict[str, str]:
    pool = [page for page in pages_with_widget(built_site, POOL) if "deck-and-pools" in page]
    return {
        "pool": base_url + pool[0],
        "rounds": base_url + pages_with_widget(built_site, ROUNDS)[0],
        "dice": base_url + pages_with_widget(built_site, NOTATION)[0],
        "home": base_url,
    }


def clear_storage(page: Page, url: str) -> None:
    page.goto(url)
    page.evaluate("() => localStorage.clear()")


def log_count(page: Page) -> int:
    text = page.locator('[data-role="roll-log-toggle"]').inner_text()
    found = re.search(r"\((\d+)\)", text)
    assert found, text
    return int(found.group(1))


def roll(widget: Locator) -> str:
    """Press Roll; the new seed."""
    seeds = widget.locator('[data-role="result"] [data-role="seed"]')
    before = seeds.all_inner_texts()
    widget.locator('button[data-action="roll"]').click()
    expect(seeds).not_to_have_text(before or ["\u0000"], timeout=SLOW)
    return seeds.inner_text()


def open_log(page: Page) -> Locator:
    toggle = page.locator('[data-role="roll-log-toggle"]')
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    return page.locator("#rp-roll-log")


def stored_item(page: Page, part: str) -> Any:
    """The value stored under the first item whose name holds ``part``,
    whichever format keeps it (a kept envelope's value, or the bare JSON
    the site kept before)."""
    return page.evaluate(
        """part => {
          const name = Object.keys(localStorage).find((n) => n.includes(part));
          if (!name) return null;
          const value = JSON.parse(localStorage.getItem(name));
          return name.startsWith("rp-kept:") ? value.value : value;
        }""",
        part,
    )


# ------------------------------------------------------------ the pool and the tracker


def card_result(widget: Locator) -> Locator:
    return widget.locator('[data-role="result"]')


def pool_reset(page: Page, url: str) -> Locator:
    widget = open_widget(page, url, POOL)
    widget.locator('button[data-action="reset"]').click()
    expect(card_result(widget)).to_contain_text("New decks", timeout=SLOW)
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Cards in hand", timeout=SLOW)
    return widget


def play(widget: Locator, card: str) -> None:
    widget.locator('input[name="card"]').fill(card)
    widget.locator('button[data-action="play"]').click()


def hand(widget: Locator) -> str:
    facts = widget.locator('[data-role="odds"] dt', has_text=re.compile("^Cards in hand$")).first
    return facts.locator("xpath=following-sibling::dd[1]").inner_text()


def pool_ready(page: Page) -> Locator:
    page.wait_for_selector(
        f'.rp-widget[data-widget="{POOL}"][data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS
    )
    widget = page.locator(f'.rp-widget[data-widget="{POOL}"]').first
    expect(widget.locator('[data-role="odds"]')).to_contain_text("Cards in hand", timeout=SLOW)
    return widget


def roll_link(url: str, widget: str, request: dict[str, Any]) -> str:
    text = json.dumps({"widget": widget, "request": request}, separators=(",", ":"))
    return url + "#roll=" + quote(text, safe="-_.!~*'()")


# ---------------------------------------------------------------- 1. two tabs


def test_1_two_tabs_pressing_roll_50_times_each_at_once_keep_all_100(
    browser_context: BrowserContext, urls: dict[str, str]
) -> None:
    tabs = [browser_context.new_page() for _ in range(2)]
    try:
        clear_storage(tabs[0], urls["dice"])
        widgets = [open_widget(tab, urls["dice"], NOTATION) for tab in tabs]
        assert [log_count(tab) for tab in tabs] == [0, 0]
        # Both tabs press Roll 50 times, at once: each click queues a roll.
        for widget in widgets:
            widget.evaluate(
                "root => { const b = root.querySelector('button[data-action=\"roll\"]');"
                " for (let i = 0; i < 50; i++) b.click(); }"
            )
        for tab in tabs:
            tab.wait_for_function(
                "() => document.querySelectorAll('[data-role=\"roll-log-entry\"]').length >= 50"
                " || /\\((\\d+)\\)/.exec(document.querySelector('[data-role=\"roll-log-toggle\"]')"
                ".textContent)[1] >= 50",
                timeout=120_000,
            )
        for widget in widgets:
            widget.evaluate("root => root.rpWidget.queue")
        # Every roll of both tabs is kept, and each tab shows them all.
        for tab in tabs:
            expect(tab.locator('[data-role="roll-log-toggle"]')).to_have_text(
                "Roll log (100)", timeout=10_000
            )
        tabs[0].reload()
        expect(tabs[0].locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (100)")
        seeds = tabs[0].evaluate(
            "() => [...document.querySelectorAll('.rp-log-seed code')].map((c) => c.textContent)"
        )
        assert len(set(seeds)) == 100
    finally:
        for tab in tabs:
            tab.close()


def test_a_roll_in_one_tab_shows_in_the_other(
    browser_context: BrowserContext, urls: dict[str, str]
) -> None:
    tabs = [browser_context.new_page() for _ in range(2)]
    try:
        clear_storage(tabs[0], urls["dice"])
        widget = open_widget(tabs[0], urls["dice"], NOTATION)
        tabs[1].goto(urls["home"])
        expect(tabs[1].locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (0)")
        seed = roll(widget)
        expect(tabs[1].locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (1)")
        expect(open_log(tabs[1]).locator(".rp-log-seed code").first).to_have_text(seed)
    finally:
        for tab in tabs:
            tab.close()


# -------------------------------------------------------- 2. and 4. a full or refused storage


def old_log_entries(count: int) -> list[dict[str, str]]:
    """Roll log entries as the site kept them before the store (format 0)."""
    return [
        {
            "time": "2026-01-01T00:00:00Z",
            "widget": NOTATION,
            "title": "t",
            "page": "/",
            "pageTitle": "p",
            "inputs": "",
            "summary": f"old {i}",
            "seed": str(i),
            "link": "/",
        }
        for i in range(count)
    ]


def test_2_storage_full_keeps_new_rolls_on_the_page_and_says_so(
    page: Page, urls: dict[str, str], console: ConsoleLog
) -> None:
    old = old_log_entries(3)
    clear_storage(page, urls["dice"])
    page.evaluate("entries => localStorage.setItem('rp-roll-log', JSON.stringify(entries))", old)
    page.add_init_script(STORAGE_FULL)
    widget = open_widget(page, urls["dice"], NOTATION)
    seeds = [roll(widget), roll(widget)]
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (5)")
    panel = open_log(page)
    assert panel.locator(".rp-log-seed code").all_inner_texts()[:2] == seeds[::-1]
    # The reader is told, before anything is dropped: nothing was.
    status = panel.locator('[data-role="kept-status"]')
    expect(status).to_contain_text("full")
    expect(status).to_contain_text("2 rolls")
    assert panel.locator(".rp-log-result").all_inner_texts()[2:] == ["old 0", "old 1", "old 2"]
    assert console.errors == []


def test_storage_full_makes_room_only_when_the_reader_says_so(
    page: Page, urls: dict[str, str]
) -> None:
    old = old_log_entries(40)
    clear_storage(page, urls["dice"])
    page.evaluate("entries => localStorage.setItem('rp-roll-log', JSON.stringify(entries))", old)
    page.add_init_script(STORAGE_LIMITED)
    widget = open_widget(page, urls["dice"], NOTATION)
    # The log is migrated to today's format; from now on, no more room than that.
    page.evaluate(
        "() => { let n = 0; for (let i = 0; i < localStorage.length; i++) {"
        " const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; }"
        " window.rpStorageLimit = n + 50; }"
    )
    seed = roll(widget)
    panel = open_log(page)
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (41)")
    expect(panel.locator('[data-role="kept-status"]')).to_contain_text("full")
    assert stored_item(page, "rp-kept:log")[-1]["summary"] == "old 39"  # nothing dropped unasked
    panel.locator('button[data-role="make-room"]').click()
    expect(panel.locator('[data-role="kept-status"]')).to_be_hidden()
    kept = stored_item(page, "rp-kept:log")
    assert kept[0]["seed"] == seed and len(kept) < 41
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text(f"Roll log ({len(kept)})")


def test_4_storage_refused_keeps_the_rolls_for_the_visit_and_says_nothing_is_kept(
    page: Page, urls: dict[str, str], console: ConsoleLog
) -> None:
    page.add_init_script(STORAGE_REFUSED)
    widget = open_widget(page, urls["dice"], NOTATION)
    roll(widget)
    roll(widget)
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (2)")
    panel = open_log(page)
    expect(panel.locator(".rp-log-entry")).to_have_count(2)
    expect(panel).not_to_contain_text("Kept on this device only")
    expect(panel.locator('[data-role="kept-status"]')).to_have_text(
        re.compile("Nothing is kept after this visit")
    )
    assert console.errors == []


# ------------------------------------------------- 3. a pool and a tracker that advance


@pytest.mark.parametrize("storage", ["refused", "full"])
def test_3_the_pool_advances_when_storage_is_refused_or_full(
    phone_page: Page, urls: dict[str, str], storage: str
) -> None:
    page = phone_page
    page.add_init_script(STORAGE_REFUSED if storage == "refused" else STORAGE_FULL)
    widget = pool_reset(page, urls["pool"])
    play(widget, "5")
    expect(card_result(widget)).to_contain_text("card 5 = 10 against CR 12", timeout=SLOW)
    expect(widget.locator('[data-role="odds"]')).not_to_contain_text("5, 6", timeout=SLOW)
    play(widget, "5")
    error = widget.locator('[data-role="error"][data-field="card"]')
    expect(error).to_contain_text("5", timeout=SLOW)
    assert "5, 6" not in hand(widget)


def test_3_the_round_tracker_advances_when_storage_is_refused(
    phone_page: Page, urls: dict[str, str]
) -> None:
    page = phone_page
    page.add_init_script(STORAGE_REFUSED)
    widget = open_widget(page, urls["rounds"], ROUNDS)
    widget.locator('button[data-action="reset"]').click()
    expect(card_result(widget)).not_to_be_empty(timeout=SLOW)
    for who in ("A", "B"):
        widget.locator('input[name="who"]').fill(who)
        widget.locator('button[data-action="record"]').click()
        expect(card_result(widget)).to_contain_text(f"Player {who} takes their turn", timeout=SLOW)
    # The second turn is recorded after the first, in the same round.
    expect(card_result(widget)).not_to_contain_text("Player A takes their turn")
    expect(widget).to_contain_text("Round 1")
    widget.locator('input[name="who"]').fill("A")
    widget.locator('button[data-action="record"]').click()
    expect(widget.locator('[data-role="error"]').filter(has_text="A")).not_to_have_count(
        0, timeout=SLOW
    )


# ------------------------------------------------------ 5. a link that would replace a deck


@pytest.mark.parametrize("action", ["reset", "play"])
def test_5_a_link_asks_before_it_replaces_a_saved_deck(
    phone_page: Page, urls: dict[str, str], action: str
) -> None:
    page = phone_page
    widget = pool_reset(page, urls["pool"])
    play(widget, "7")
    expect(card_result(widget)).to_contain_text("card 7 = 12", timeout=SLOW)
    expect(widget.locator('[data-role="odds"]')).not_to_contain_text("6, 7", timeout=SLOW)
    saved = stored_item(page, ":huldufolk.pool:")
    request: dict[str, Any] = {"action": action}
    if action == "play":
        request.update({"card": 3, "seed": "7"})
    page.goto(roll_link(urls["pool"], POOL, request))
    page.reload()
    widget = pool_ready(page)
    ask = widget.locator('[data-role="link-ask"]')
    expect(ask).to_be_visible(timeout=SLOW)
    expect(ask).to_contain_text("Replace yours with the link's?")
    # The link's roll is shown; its state is not kept until the reader says so.
    expect(card_result(widget)).to_contain_text("New decks" if action == "reset" else "card 3")
    page.wait_for_timeout(1000)
    assert stored_item(page, ":huldufolk.pool:") == saved
    assert "6, 8" in hand(widget)
    # Keep mine: the link is not played; the question goes.
    ask.locator('button[data-role="link-keep"]').click()
    expect(ask).to_be_hidden()
    assert stored_item(page, ":huldufolk.pool:") == saved
    # Asked again, the reader agrees: the link's move is played.
    page.reload()
    widget = pool_ready(page)
    widget.locator('[data-role="link-ask"] button[data-role="link-replace"]').click()
    expect(card_result(widget)).not_to_be_empty(timeout=SLOW)
    expect(widget.locator('[data-role="odds"]')).to_contain_text("7", timeout=SLOW)
    assert stored_item(page, ":huldufolk.pool:") != saved


def test_5_a_link_asks_before_it_resets_the_round_tracker(
    phone_page: Page, urls: dict[str, str]
) -> None:
    page = phone_page
    widget = open_widget(page, urls["rounds"], ROUNDS)
    widget.locator('button[data-action="reset"]').click()
    expect(card_result(widget)).not_to_be_empty(timeout=SLOW)
    widget.locator('button[data-action="record"]').click()
    expect(card_result(widget)).to_contain_text("Player A takes their turn", timeout=SLOW)
    saved = stored_item(page, ":judge_two.rounds:")
    assert saved and saved["acted"] == [0]
    page.goto(roll_link(urls["rounds"], ROUNDS, {"action": "reset"}))
    page.reload()
    page.wait_for_selector(
        f'.rp-widget[data-widget="{ROUNDS}"][data-state="ready"]', timeout=PYODIDE_TIMEOUT_MS
    )
    ask = page.locator(f'.rp-widget[data-widget="{ROUNDS}"] [data-role="link-ask"]')
    expect(ask).to_be_visible(timeout=SLOW)
    page.wait_for_timeout(1000)
    assert stored_item(page, ":judge_two.rounds:") == saved


# ------------------------------------------------------ 6. a long paste and the saved deck


def test_6_a_100000_character_paste_keeps_the_saved_deck(
    phone_page: Page, urls: dict[str, str]
) -> None:
    page = phone_page
    widget = pool_reset(page, urls["pool"])
    play(widget, "7")
    expect(card_result(widget)).to_contain_text("card 7 = 12", timeout=SLOW)
    name = widget.locator('input[name="a_name"]')
    assert name.get_attribute("maxlength") == "30"  # from the catalog's max_length
    saved = stored_item(page, ":huldufolk.pool:")
    # Past the attribute (a script, an old browser): the boundary refuses the
    # request as too long, and the saved deck is not blamed for it.
    name.evaluate(
        "(input) => { input.value = 'x'.repeat(100000);"
        " input.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    play(widget, "5")
    expect(widget.locator('[data-role="error"]').filter(has_text="too long")).not_to_have_count(
        0, timeout=SLOW
    )
    page.wait_for_timeout(500)
    expect(widget.locator(".rp-notice")).not_to_contain_text("discarded")
    assert stored_item(page, ":huldufolk.pool:") == saved
    name.evaluate(
        "(input) => { input.value = 'Bob';"
        " input.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    play(widget, "5")
    expect(card_result(widget)).to_contain_text("card 5", timeout=SLOW)
    assert "7" not in hand(widget).replace("never spent", "")


# --------------------------------------------------------- 7. a log nested too deep


def test_7_a_stored_log_nested_5000_deep_is_set_aside_and_logging_goes_on(
    page: Page, urls: dict[str, str], console: ConsoleLog
) -> None:
    clear_storage(page, urls["dice"])
    page.evaluate("""() => {
      let deep = "x";
      for (let i = 0; i < 5000; i++) deep = [deep];
      const good = {time: "2026-01-01T00:00:00Z", widget: "dice.notation", title: "t", page: "/",
        pageTitle: "p", inputs: "", summary: "an old roll", seed: "1", link: "/"};
      localStorage.setItem("rp-roll-log", JSON.stringify([good, {time: "x", summary: deep}]));
    }""")
    widget = open_widget(page, urls["dice"], NOTATION)
    seed = roll(widget)
    seed2 = roll(widget)
    panel = open_log(page)
    assert panel.locator(".rp-log-seed code").all_inner_texts()[:2] == [seed2, seed]
    page.reload()
    panel = open_log(page)
    assert panel.locator(".rp-log-seed code").all_inner_texts()[:2] == [seed2, seed]
    status = panel.locator('[data-role="kept-status"]')
    expect(status).to_contain_text("could not be read")
    expect(status.locator('a[data-role="kept-download"]')).to_have_attribute(
        "download", re.compile(r"\.json$")
    )


# ---------------------------------------------------------- 8. a "__proto__" key


def test_8_a_link_with_a_proto_key_never_shows_inputs_the_roll_did_not_use(
    page: Page, urls: dict[str, str]
) -> None:
    clear_storage(page, urls["home"])
    request = {"__proto__": {"expression": "1d4"}, "action": "roll", "seed": "5"}
    text = '{"widget":"dice.notation","request":' + json.dumps(request) + "}"
    page.goto(urls["dice"] + "#roll=" + quote(text, safe="-_.!~*'()"))
    widget = page.locator(f'.rp-widget[data-widget="{NOTATION}"]').first
    expect(widget.locator('[data-role="error"]').filter(has_text="__proto__")).not_to_have_count(
        0, timeout=PYODIDE_TIMEOUT_MS
    )
    expect(widget.locator('[data-role="replay-mark"]')).to_have_count(0)
    assert widget.locator('input[name="expression"]').input_value() != "1d4"


# --------------------------------------------------------- 9. links that cannot be played


def test_9_a_damaged_link_stays_reported_after_the_odds_preview(
    page: Page, urls: dict[str, str]
) -> None:
    page.goto(urls["dice"] + "#roll=%7Bbroken")
    widget = page.locator(f'.rp-widget[data-widget="{NOTATION}"]').first
    expect(widget).to_contain_text("This roll link is damaged", timeout=PYODIDE_TIMEOUT_MS)
    expect(widget.locator('[data-role="odds"]')).not_to_be_empty(timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    expect(widget).to_contain_text("This roll link is damaged")


def test_9_a_link_for_a_roller_not_on_the_page_is_told(page: Page, urls: dict[str, str]) -> None:
    link = roll_link(urls["dice"], "cairn.save", {"action": "roll", "seed": "5"})
    page.goto(link)
    widget = page.locator(f'.rp-widget[data-widget="{NOTATION}"]').first
    expect(widget.locator('[data-role="link-report"]')).to_contain_text(
        '"cairn.save"', timeout=PYODIDE_TIMEOUT_MS
    )
    expect(widget.locator('[data-role="link-report"]')).to_contain_text("not on this page")
    expect(widget.locator('[data-role="odds"]')).not_to_be_empty(timeout=PYODIDE_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    expect(widget.locator('[data-role="link-report"]')).to_contain_text("not on this page")


# ---------------------------------------------- survives reload, new format, unreadable data


def test_the_formats_kept_before_the_store_are_read_and_migrated(
    page: Page, urls: dict[str, str]
) -> None:
    """What the site kept before the store (format 0) is read by today's."""
    clear_storage(page, urls["pool"])
    widget = pool_reset(page, urls["pool"])
    play(widget, "7")
    expect(card_result(widget)).to_contain_text("card 7 = 12", timeout=SLOW)
    state = stored_item(page, ":huldufolk.pool:")
    index = page.evaluate(f"""() => Array.from(document.querySelectorAll('.rp-widget'))
      .indexOf(document.querySelector('.rp-widget[data-widget="{POOL}"]'))""")
    path = page.evaluate("() => location.pathname")
    old_log = [
        {
            "time": "2026-01-01T00:00:00Z",
            "widget": NOTATION,
            "title": "Dice",
            "page": "/dice/",
            "pageTitle": "Dice",
            "inputs": "4d6kh3",
            "summary": "an old roll",
            "seed": "42",
            "link": "/dice/#roll=",
        }
    ]
    page.evaluate(
        """([path, index, state, log]) => {
      localStorage.clear();
      localStorage.setItem("rp-state:" + path + ":huldufolk.pool:" + index, JSON.stringify(state));
      localStorage.setItem("rp-roll-log", JSON.stringify(log));
      localStorage.setItem("rp-more:huldufolk.pool", "open");
    }""",
        [path, index, state, old_log],
    )
    page.reload()
    widget = pool_ready(page)
    assert "6, 8" in hand(widget)  # the 7 is still spent
    assert widget.locator("details.rp-more").get_attribute("open") is not None
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (1)")
    expect(open_log(page).locator(".rp-log-result")).to_have_text(["an old roll"])
    names = page.evaluate("() => Object.keys(localStorage).sort()")
    assert "rp-roll-log" not in names and not [n for n in names if n.startswith("rp-state:")]
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('rp-kept:log'))")
    assert kept["format"] == 1 and kept["value"][0]["summary"] == "an old roll"


def test_unreadable_kept_data_is_set_aside_and_offered_for_download(
    page: Page, urls: dict[str, str], console: ConsoleLog
) -> None:
    clear_storage(page, urls["dice"])
    page.evaluate("() => localStorage.setItem('rp-kept:log', '{not json')")
    widget = open_widget(page, urls["dice"], NOTATION)
    seed = roll(widget)
    panel = open_log(page)
    status = panel.locator('[data-role="kept-status"]')
    expect(status).to_contain_text("could not be read")
    link = status.locator('a[data-role="kept-download"]')
    with page.expect_download() as info:
        link.click()
    saved = json.loads(Path(info.value.path()).read_text())
    assert [entry["text"] for entry in saved["entries"]] == ["{not json"]
    assert saved["entries"][0]["key"] == "log"
    page.reload()  # still offered, and the new roll is kept
    panel = open_log(page)
    expect(panel.locator('[data-role="kept-status"]')).to_contain_text("could not be read")
    assert panel.locator(".rp-log-seed code").all_inner_texts() == [seed]
    panel.locator('button[data-role="discard-aside"]').click()
    expect(panel.locator('[data-role="kept-status"]')).to_be_hidden()
    assert not page.evaluate(
        "() => Object.keys(localStorage).filter((n) => n.startsWith('rp-aside:'))"
    )
    assert console.errors == []


def test_a_format_from_a_newer_site_is_left_as_it_is(page: Page, urls: dict[str, str]) -> None:
    clear_storage(page, urls["dice"])
    newer = json.dumps({"format": 99, "rev": 3, "applied": [], "value": {"what": "the future"}})
    page.evaluate("text => localStorage.setItem('rp-kept:log', text)", newer)
    widget = open_widget(page, urls["dice"], NOTATION)
    roll(widget)
    expect(page.locator('[data-role="roll-log-toggle"]')).to_have_text("Roll log (1)")
    assert page.evaluate("() => localStorage.getItem('rp-kept:log')") == newer
    expect(open_log(page).locator('[data-role="kept-status"]')).to_contain_text("newer version")


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_nothing_serious_in_the_log_with_its_storage_lines_or_in_a_link_question(
    phone_page: Page, urls: dict[str, str], scheme: str
) -> None:
    page = phone_page
    use_system_scheme(page, scheme)
    clear_storage(page, urls["pool"])
    page.evaluate("() => localStorage.setItem('rp-kept:log', '{damaged')")
    page.add_init_script(STORAGE_LIMITED)
    widget = pool_reset(page, urls["pool"])
    page.evaluate("() => { window.rpStorageLimit = 0; }")
    play(widget, "7")
    expect(card_result(widget)).to_contain_text("card 7 = 12", timeout=SLOW)
    page.goto(roll_link(urls["pool"], POOL, {"action": "reset"}))
    page.reload()
    widget = pool_ready(page)
    expect(widget.locator('[data-role="link-ask"]')).to_be_visible(timeout=SLOW)
    page.evaluate("() => { window.rpStorageLimit = 0; }")
    panel = open_log(page)
    expect(panel.locator('[data-role="kept-aside"]')).to_be_visible()
    violations = run_axe(page)
    assert violations == [], describe_violations(violations)
