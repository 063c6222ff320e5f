"""runtime/build/search_index.py: named table rows become search entries,
titles name their game, British and American spellings find each other, in
the index of MkDocs with Material and in Zensical's; a second run over a
site changes nothing. The ranking itself is tested in the browser
(tests/site/test_search.py, tests/browser/test_search_names.py)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from runtime.build import search_index
from runtime.build.search_index import FORMATS, improve_entries, improve_search, name_rows
from runtime.build.site_nav import games_by_page, page_address
from tests.conftest import ROOT

MATERIAL, ZENSICAL = FORMATS
PAGE = """<nav><table><tbody><tr><td>Nav table, not content</td></tr></tbody></table></nav>
<article class="md-content__inner md-typeset">
<h2 id="spells">Spells</h2>
<table><thead><tr><th>d6</th><th>Spell</th></tr></thead><tbody>
<tr><td>1</td><td>Telekinesis</td><td>Move things &amp; people</td></tr>
<tr><td>2</td><td>Telekinesis</td><td>Again</td></tr>
<tr id="own"><td>3</td><td>Befuddle</td><td>Armour of fog</td></tr>
<tr><td>d6</td><td>4</td></tr>
<tr><td>A first cell far too long to be the name of anything at all, which is prose</td></tr>
</tbody></table>
</article>"""


def test_named_rows_get_an_id_unless_they_have_one() -> None:
    page, rows = name_rows(PAGE)
    assert [(row.id, row.name, row.level) for row in rows] == [
        ("row-telekinesis", "Telekinesis", 3),
        ("row-telekinesis-2", "Telekinesis", 3),
        ("own", "Befuddle", 3),
    ]
    assert rows[0].cells == ("1", "Telekinesis", "Move things & people")
    assert re.findall(r"<tr[^>]*>", page)[1:5] == [
        "<tr>", '<tr id="row-telekinesis">', '<tr id="row-telekinesis-2">', '<tr id="own">'
    ]
    # Only the ids were added; a second run finds them and adds none.
    assert page.replace(' id="row-telekinesis"', "").replace(' id="row-telekinesis-2"', "") == PAGE
    assert name_rows(page) == (page, rows)


def _material_index() -> list[dict[str, Any]]:
    return [
        {"location": "cairn/spells/", "title": "100 Spells", "text": "Spells", "tags": ["magic"],
         "boost": 2},
        {"location": "cairn/spells/#spells", "title": "Spells", "text": "armour and armor, armour",
         "boost": 2},
        {"location": "dice/", "title": "Dice", "text": "Befuddle. Armor.", "tags": ["dice"]},
        {"location": "might-heart/", "title": "Might &amp; Heart", "text": "x"},
        {"location": "might-heart/combat/", "title": "Combat", "text": "x"},
    ]


def _rows_of(address: str) -> list[search_index.NamedRow]:
    return name_rows(PAGE)[1] if address == "cairn/spells/" else []


GAMES = {"cairn/spells/": "Cairn", "might-heart/": "Might & Heart",
         "might-heart/combat/": "Might & Heart"}


def test_material_rows_follow_their_page_and_weigh_what_it_weighs() -> None:
    entries = improve_entries(_material_index(), MATERIAL, _rows_of, GAMES)
    assert [entry["location"] for entry in entries] == [
        "cairn/spells/", "cairn/spells/#spells", "cairn/spells/#row-telekinesis",
        "cairn/spells/#row-telekinesis-2", "cairn/spells/#own", "dice/", "might-heart/",
        "might-heart/combat/",
    ]
    row = entries[2]
    # HTML as the generator's own entries; no tags (Material weighs a tag a million).
    assert row == {"location": "cairn/spells/#row-telekinesis", "title": "Telekinesis",
                   "text": "1 Move things &amp; people", "boost": 2}
    befuddle = entries[4]
    assert befuddle["text"] == "3 Armour of fog armor"


def test_titles_name_their_game_once_and_both_spellings() -> None:
    entries = {e["location"]: e for e in improve_entries(_material_index(), MATERIAL, _rows_of,
                                                         GAMES)}
    assert entries["cairn/spells/"]["title"] == "100 Spells (Cairn)"
    assert entries["cairn/spells/#spells"]["title"] == "Spells"  # a section: its page says
    assert entries["dice/"]["title"] == "Dice"  # in no game
    assert entries["might-heart/"]["title"] == "Might &amp; Heart"  # names it already
    assert entries["might-heart/combat/"]["title"] == "Combat (Might &amp; Heart)"
    # Either spelling as often as the other: two "armour", one "armor" -> one more "armor".
    text = entries["cairn/spells/#spells"]["text"]
    assert text == "armour and armor, armour armor"
    assert entries["dice/"]["text"] == "Befuddle. Armor. armour"
    title = improve_entries([{"location": "a/", "title": "Armor", "text": ""}], MATERIAL,
                           lambda address: [], {})[0]["title"]
    assert title == "Armor / armour"


def test_a_row_no_word_search_can_single_out_is_left_out() -> None:
    # "Telekinesis" stands on one page; a row named only with words of many pages does not.
    index = _material_index() + [
        {"location": f"page-{n}/", "title": "Befuddle", "text": "common words"} for n in range(4)
    ]
    locations = [e["location"] for e in improve_entries(index, MATERIAL, _rows_of, GAMES)]
    assert "cairn/spells/#row-telekinesis" in locations
    assert "cairn/spells/#own" not in locations


def test_zensical_rows_carry_their_level_path_and_tags() -> None:
    index = [
        {"location": "cairn/spells/", "level": 1, "title": "100 Spells", "text": "",
         "path": ["Cairn", "100 Spells"], "tags": ["magic"]},
        {"location": "cairn/spells/#spells", "level": 2, "title": "Spells", "text": "",
         "path": ["Cairn", "100 Spells"], "tags": ["magic"]},
    ]
    entries = improve_entries(index, ZENSICAL, _rows_of, GAMES)
    assert entries[0]["title"] == "100 Spells (Cairn)"
    assert entries[2] == {"location": "cairn/spells/#row-telekinesis", "level": 3,
                          "title": "Telekinesis", "text": "1 Move things &amp; people",
                          "path": ["Cairn", "100 Spells"], "tags": ["magic"]}
    assert list(entries[2]) == list(index[0])  # the generator's own order of fields


def test_a_second_run_changes_no_entry() -> None:
    for index_format, index in ((MATERIAL, _material_index()), (ZENSICAL, [
        {"location": "cairn/spells/", "level": 1, "title": "Armour", "text": "armour",
         "path": ["Cairn"], "tags": []},
    ])):
        once = improve_entries(index, index_format, _rows_of, GAMES)
        assert improve_entries(once, index_format, _rows_of, GAMES) == once


def test_games_are_the_top_sections_of_the_nav() -> None:
    games = games_by_page(ROOT / "mkdocs.yml")
    assert set(games.values()) == {"Huldufolk", "Cairn", "Might & Heart", "Dice Pool",
                                   "Judge Two"}
    assert games["cairn/rules/"] == "Cairn" and games["judge-two/"] == "Judge Two"
    assert games["huldufolk/magic/creation/"] == "Huldufolk"
    assert not {"", "dice/", "rollers/", "credits/"} & set(games)
    assert page_address("index.md") == "" and page_address("a/index.md") == "a/"
    assert page_address("a/b.md") == "a/b/" and page_address("a/b.md", False) == "a/b.html"


def _copy_pages(site: Path, to: Path) -> None:
    """The built pages and search indexes of ``site`` (not the runtime)."""
    for path in site.rglob("*"):
        relative = path.relative_to(site)
        if path.suffix == ".html" or relative.as_posix() in {f.path for f in FORMATS}:
            (to / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, to / relative)


def test_the_built_index_has_its_rows_and_a_second_run_changes_nothing(
    built_site: Path, tmp_path: Path
) -> None:
    index = json.loads((built_site / MATERIAL.path).read_text(encoding="utf-8"))["docs"]
    rows = [e for e in index if "#row-" in e["location"]]
    assert len(rows) >= 100, len(rows)
    for entry in rows:  # each names a row of its page
        address, row_id = entry["location"].split("#")
        page = (built_site / address / "index.html").read_text(encoding="utf-8")
        assert f'<tr id="{row_id}">' in page, entry["location"]
    _copy_pages(built_site, tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert improve_search(tmp_path, ROOT / "mkdocs.yml") == [MATERIAL.path]
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
