"""A printed page gives the rules: Chromium's print to PDF of a Cairn, a
Huldufolk and a Judge Two page holds no button's text, holds each roller's
by-hand text, the dice of the text as plain text and the collapsed examples
opened. The PDFs and their pages as pictures are left in PRINT_DIR to look at."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

from rules_py.registry import get

pytestmark = pytest.mark.browser

PRINT_DIR = Path(os.environ.get("PRINT_DIR", "/tmp/srd-print"))
PAGES = {
    "cairn": "cairn/combat/",
    "huldufolk": "huldufolk/deck-and-pools/",
    "judge_two": "judge-two/actions/",
}
# The text of the site's own controls: none may be printed.
CONTROL_TEXT = (
    "Roll on this table", "Roll log", "Copy link", "Copy result", "Exact odds", "Try again",
    "More options", "Replay from a seed", "starting\u2026", "Link to this roll", "Show as table",
    "Skip to content", "Back to top",
)


def words(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


def printed(page: Page, base_url: str, name: str, address: str) -> str:
    page.goto(base_url + address)
    page.wait_for_load_state("load")
    PRINT_DIR.mkdir(parents=True, exist_ok=True)
    pdf = PRINT_DIR / f"{name}.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    if shutil.which("pdftoppm"):  # the pages as pictures, to look at
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", str(pdf), str(PRINT_DIR / name)], check=True
        )
    return words(" ".join(p.extract_text() or "" for p in PdfReader(pdf).pages))


@pytest.mark.parametrize("game", PAGES)
def test_a_printed_page_gives_the_rules_and_no_controls(
    page: Page, base_url: str, game: str
) -> None:
    address = PAGES[game]
    widgets = page.goto(base_url + address) and page.eval_on_selector_all(
        ".rp-widget", "roots => roots.map(r => r.dataset.widget)"
    )
    text = printed(page, base_url, game, address)
    for control in CONTROL_TEXT:
        assert control not in text, control
    assert widgets, "each printed page has a roller"
    for name in set(widgets):
        widget = get(name)
        assert f"{widget.title}, by hand:" in text
        assert words(widget.hand_roll)[:60] in text
    assert "Chance" in text or "What it gives" in text  # the odds tables


def test_a_printed_page_opens_its_examples_and_keeps_its_dice_as_text(
    page: Page, base_url: str
) -> None:
    text = printed(page, base_url, "cairn", PAGES["cairn"])
    # "??? example" starts collapsed on screen; printed, it is open.
    collapsed = page.eval_on_selector_all(
        "article details:not([open])",
        "ds => ds.filter(d => !d.closest('.rp-widget')).map(d => "
        "[...d.children].filter(c => c.tagName !== 'SUMMARY').map(c => c.textContent).join(' '))",
    )
    assert collapsed
    for example in collapsed:
        assert words(example)[:50] in text
    assert re.search(r"Unarmed attacks always do 1d4 damage", text)
