"""The Rollers page lists every widget of the catalog with its game, purpose and pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from macros.rollers import TEXT_CONTROLS, RollersPageError, pages_by_widget, rollers_markdown
from rules_py.registry import all_widgets
from tests.conftest import pages_with_widget


def test_every_widget_has_a_row_linking_each_page_that_embeds_it(built_site: Path) -> None:
    text = (built_site / "rollers" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.DOTALL)
    # A summary's dice are inline rolls: compared without their buttons.
    rows = [re.sub(r"</?button[^>]*>", "", row) for row in rows]
    for name, widget in all_widgets().items():
        if name in TEXT_CONTROLS:  # rolled from the rules text itself, on no page as a roller
            assert not pages_with_widget(built_site, name)
            continue
        row = next((r for r in rows if f"<strong>{html.escape(widget.title)}</strong>" in r), None)
        assert row is not None, name
        assert html.escape(widget.summary, quote=False) in row, name
        linked = set(re.findall(r'href="\.\./([^"#]*)"', row))
        assert linked == set(pages_with_widget(built_site, name)), name


def test_the_scan_finds_the_widget_lines_of_the_pages(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "page.md").write_text(
        '# A page\n\n{{ widget("cairn.save", rules="grit") }}\n{{ widget( "dice.notation") }}\n'
    )
    (tmp_path / "other.md").write_text("# Other\n\nwidget(cairn.save) is not a widget line.\n")
    found = pages_by_widget(tmp_path)
    assert found == {
        "cairn.save": [("game/page.md", "A page")],
        "dice.notation": [("game/page.md", "A page")],
    }


def test_pages_of_the_same_title_are_told_apart_by_their_section(built_site: Path) -> None:
    text = (built_site / "rollers" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.DOTALL)
    row = next(r for r in rows if "Attack roller" in r)
    assert "Combat (Cairn)" in row and "Combat (Might &amp; Heart)" in row


def test_a_widget_on_no_page_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "page.md").write_text('# Only one\n\n{{ widget("cairn.save") }}\n')
    with pytest.raises(RollersPageError, match="is on no page"):
        rollers_markdown(tmp_path)
