"""The built Dice notation page shows the reference table as the engine holds it."""

from __future__ import annotations

import html
import re
from pathlib import Path

from rules_py.core.notation.reference import FORMS, READINGS


def _table_rows(page: str, index: int) -> list[list[str]]:
    table = re.findall(r"<table>(.*?)</table>", page, re.S)[index]
    return [
        re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    ]


def _codes(cell: str) -> list[str]:
    return [html.unescape(code) for code in re.findall(r"<code>(.*?)</code>", cell, re.S)]


def test_every_spelling_is_one_code_span_in_its_row(built_site: Path) -> None:
    page = (built_site / "dice-notation" / "index.html").read_text(encoding="utf-8")
    rows = _table_rows(page, 0)[1:]
    assert len(rows) == len(FORMS)
    for form, row in zip(FORMS, rows, strict=True):
        shown = [_codes(row[0]), _codes(row[2]), _codes(row[3]), _codes(row[4])]
        wanted = [form.write, form.roll20, form.foundry, form.rpg_dice_roller]
        assert shown == [list(spellings) for spellings in wanted], form.write
        for spellings, cell in zip(wanted, (row[0], *row[2:]), strict=True):
            if not spellings:
                assert html.unescape(cell).strip() == "\u2014", form.write


def test_every_reading_is_on_the_page(built_site: Path) -> None:
    page = (built_site / "dice-notation" / "index.html").read_text(encoding="utf-8")
    rows = _table_rows(page, 1)[1:]
    assert [html.unescape(row[1]).strip() for row in rows] == [r.rollers for r in READINGS]
