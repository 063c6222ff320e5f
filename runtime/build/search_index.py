"""Build step: the site's search finds every name and says which game.

The generators' search indexes a page by its headings, so a spell, a scar or
a table entry, which is a table row and not a heading, is only a few words in
a long section and loses to pages that merely mention the same words. And two
pages titled "Combat" look alike in the results. So, over the built index:

- every named table row becomes a search entry of its own, titled with its
  name and linked to the row (the built page gives the row an ``id`` when it
  has none), when a word search can single the name out (see
  :func:`is_distinct`);
- a page's own entry is titled with its game: "Combat (Cairn)" (the game is
  the page's top section in the nav, :mod:`runtime.build.site_nav`);
- British and American spellings find each other ("armour", "armor"): an
  entry's text holds the other spelling of each such word as often as the
  word itself, and a title names it: "Armor / armour".

It reads the index either generator writes (:data:`FORMATS`): MkDocs with
Material's ``search/search_index.json`` or Zensical's ``search.json``. In
both, titles and text are HTML (``&amp;``), and so is what this step adds.
Run again over its own output it changes nothing: a row keeps the id it was
given, an entry that is there is not added again, a title that names its
game or both spellings is kept, and a spelling is added only as often as it
is missing.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runtime.build.html_edit import Edit, PlacedParser, apply_edits
from runtime.build.site_nav import games_by_page

__all__ = [
    "FORMATS",
    "MAX_PAGES_FOR_A_NAME",
    "SPELLINGS",
    "STOP_WORDS",
    "IndexFormat",
    "NamedRow",
    "improve_entries",
    "improve_search",
    "is_distinct",
    "name_rows",
    "searched_words",
]

# British -> American, for the words the five texts use both ways.
SPELLINGS = {
    "armour": "armor",
    "armoured": "armored",
    "defence": "defense",
    "defences": "defenses",
    "colour": "color",
    "favour": "favor",
    "honour": "honor",
    "behaviour": "behavior",
    "grey": "gray",
    "offence": "offense",
}
_OTHER_SPELLING = {**SPELLINGS, **{us: uk for uk, us in SPELLINGS.items()}}
NAME_MAX_CHARS = 60  # a first cell longer than this is prose, not a name
# A word found on more pages than this singles out no page ("light", "day").
MAX_PAGES_FOR_A_NAME = 3
# The words lunr (Material's search engine) drops from text and queries.
_STOP_WORDS_TEXT = (
    "a able about across after all almost also am among an and any are as at be because "
    "been but by can cannot could dear did do does either else ever every for from get got "
    "had has have he her hers him his how however i if in into is it its just least let like "
    "likely may me might most must my neither no nor not of off often on only or other our "
    "own rather said say says she should since so some than that the their them then there "
    "these they this tis to too twas us wants was we were what when where which while who "
    "whom why will with would yet you your"
)
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split(" "))
MAX_LEVEL = 6


@dataclass(frozen=True)
class IndexFormat:
    """One generator's search index: its file in the site, the key of its
    list of entries, what a row's entry takes from its page's entry, and
    whether entries carry the level of their heading."""

    path: str
    entries_key: str
    from_page: tuple[str, ...]
    levels: bool


FORMATS = (
    # A row weighs what its page weighs (front matter's search.boost).
    IndexFormat("search/search_index.json", "docs", ("boost",), levels=False),
    # Every entry of a page carries the page's place in the nav and its tags.
    IndexFormat("search.json", "items", ("path", "tags"), levels=True),
)


@dataclass(frozen=True)
class NamedRow:
    """A table row of a page that has a name (see :func:`name_rows`)."""

    id: str
    name: str
    cells: tuple[str, ...]
    level: int  # one below the heading of its section


@dataclass
class _Row:
    tag_end_of_name: int  # where an id goes: just after "<tr"
    id: str | None
    level: int
    cells: list[str]


class _Rows(PlacedParser):
    """The body rows of every table of the page's article: where each
    ``<tr`` is, its id, its cells, the level of the heading above it."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.rows: list[_Row] = []
        self._in_article = False
        self._in_body = False
        self._heading_level = 0
        self._cell: list[str] | None = None
        self.read(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self._in_article = True
        elif not self._in_article:
            return
        elif re.fullmatch(r"h[1-6]", tag):
            self._heading_level = int(tag[1])
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            at = self.tag_offset() + len("<tr")
            self.rows.append(_Row(at, dict(attrs).get("id"), self._heading_level, []))
        elif tag in ("td", "th") and self._in_body and self.rows:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._in_article = False
        elif tag == "tbody":
            self._in_body = False
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1].cells.append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _row_name(cells: list[str]) -> str | None:
    """The row's name: its first cell with a letter that is not a die ("d6")."""
    for cell in cells:
        if re.search(r"[A-Za-z]{2}", cell) and not re.fullmatch(r"\d*d\d+", cell):
            return cell if len(cell) <= NAME_MAX_CHARS else None
    return None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def name_rows(page: str) -> tuple[str, list[NamedRow]]:
    """The named rows of the tables in ``page``'s article, and ``page`` with
    an ``id`` on each of them that had none (``row-`` and its name's slug,
    numbered from 2 when taken)."""
    rows = _Rows(page).rows
    taken = {row.id for row in rows if row.id}
    named, edits = [], []
    for row in rows:
        name = _row_name(row.cells)
        if name is None:
            continue
        row_id = row.id
        if not row_id:
            row_id, n = f"row-{_slug(name)}", 2
            while row_id in taken:
                row_id, n = f"row-{_slug(name)}-{n}", n + 1
            taken.add(row_id)
            at = row.tag_end_of_name
            edits.append(Edit(at, at, f' id="{html.escape(row_id)}"'))
        level = min(row.level + 1, MAX_LEVEL)
        named.append(NamedRow(row_id, name, tuple(row.cells), level))
    return apply_edits(page, edits), named


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _title_with_spellings(title: str) -> str:
    """``title`` naming the other spelling of each of its words that has one,
    unless it names it already."""
    words = set(_words(title))
    missing = sorted({_OTHER_SPELLING[w] for w in words if w in _OTHER_SPELLING} - words)
    return title + "".join(f" / {word}" for word in missing)


def _text_with_spellings(text: str) -> str:
    """``text`` with each spelling of a word that has two as often as the
    other, so that either spelling scores alike."""
    counts: dict[str, int] = {}
    for word in _words(text):
        if word in _OTHER_SPELLING:
            counts[word] = counts.get(word, 0) + 1
    added = []
    for word, count in counts.items():
        other = _OTHER_SPELLING[word]
        added += [other] * (count - counts.get(other, 0))
    return " ".join([text, *added]) if added else text


def searched_words(name: str) -> list[str]:
    """The words of ``name`` the search engine matches: lower case, no stop words."""
    return [w for w in re.findall(r"[\w']+", name.lower()) if w not in STOP_WORDS]


def is_distinct(name: str, pages_with: Callable[[str], int]) -> bool:
    """Whether a word search can single ``name`` out: lunr matches words, not
    phrases, so one of its words must stand on few pages ("Telekinesis",
    "Cobblehounds"); a name of common words only ("Light armor", "Critical
    Success") is found through the pages that use those words."""
    return any(pages_with(word) <= MAX_PAGES_FOR_A_NAME for word in searched_words(name))


def _page_of(entry: Mapping[str, Any]) -> str:
    return str(entry["location"]).split("#")[0]


def improve_entries(
    entries: list[dict[str, Any]],
    index_format: IndexFormat,
    rows_of: Callable[[str], list[NamedRow]],
    games: Mapping[str, str],
) -> list[dict[str, Any]]:
    """The index's ``entries`` with the named rows of each page (``rows_of``
    its address) after the page's own, titles naming their game (``games``:
    page address -> game) and both spellings."""
    locations = {entry["location"] for entry in entries}
    page_entries = {entry["location"]: entry for entry in entries if "#" not in entry["location"]}
    result: list[dict[str, Any]] = []
    new_rows: list[tuple[dict[str, Any], str]] = []  # a new row's entry, its name
    for n, entry in enumerate(entries):
        result.append(dict(entry))
        address = _page_of(entry)
        if n + 1 < len(entries) and _page_of(entries[n + 1]) == address:
            continue  # the page's rows go after its last entry
        own = page_entries.get(address, entry)
        for row in rows_of(address):
            location = f"{address}#{row.id}"
            if location in locations:
                continue
            locations.add(location)
            row_entry: dict[str, Any] = {"location": location}
            if index_format.levels:
                row_entry["level"] = row.level
            row_entry["title"] = html.escape(row.name, quote=False)
            row_entry["text"] = " ".join(
                html.escape(cell, quote=False) for cell in row.cells if cell != row.name
            )
            row_entry.update({key: own[key] for key in index_format.from_page if key in own})
            result.append(row_entry)
            new_rows.append((row_entry, row.name))
    for entry in result:
        game = games.get(_page_of(entry))
        game_html = html.escape(game, quote=False) if game else None
        if entry["location"] == _page_of(entry) and game_html and game_html not in entry["title"]:
            entry["title"] = f"{entry['title']} ({game_html})"
        entry["title"] = _title_with_spellings(entry["title"])
        entry["text"] = _text_with_spellings(entry["text"])
    return _without_indistinct_rows(result, new_rows)


def _without_indistinct_rows(
    entries: list[dict[str, Any]], new_rows: list[tuple[dict[str, Any], str]]
) -> list[dict[str, Any]]:
    """``entries`` less the new rows whose name a word search cannot single out."""
    words_of: dict[str, set[str]] = {}
    for entry in entries:
        text = re.sub(r"<[^>]+>", " ", entry["title"] + " " + entry["text"]).lower()
        words_of.setdefault(_page_of(entry), set()).update(re.findall(r"[\w']+", text))

    def pages_with(word: str) -> int:
        return sum(1 for words in words_of.values() if word in words)

    dropped = {id(entry) for entry, name in new_rows if not is_distinct(name, pages_with)}
    return [entry for entry in entries if id(entry) not in dropped]


def _page_file(site: Path, address: str) -> Path:
    path = site / address
    return path / "index.html" if address == "" or address.endswith("/") else path


def improve_search(site: Path, config_file: Path) -> list[str]:
    """Improves every index of ``site`` (see the module's docstring) and gives
    each named row of its pages an id; returns the indexes' paths. The site
    must hold one."""
    games = games_by_page(config_file)
    named: dict[str, list[NamedRow]] = {}

    def rows_of(address: str) -> list[NamedRow]:
        if address not in named:
            page_file = _page_file(site, address)
            page = page_file.read_text(encoding="utf-8")
            with_ids, named[address] = name_rows(page)
            if with_ids != page:
                page_file.write_text(with_ids, encoding="utf-8")
        return named[address]

    done = []
    for index_format in FORMATS:
        index_file = site / index_format.path
        if not index_file.is_file():
            continue
        data = json.loads(index_file.read_text(encoding="utf-8"))
        entries = data[index_format.entries_key]
        improved = improve_entries(entries, index_format, rows_of, games)
        if improved != entries:
            data[index_format.entries_key] = improved
            index_file.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        done.append(index_format.path)
    if not done:
        paths = " or ".join(index_format.path for index_format in FORMATS)
        raise ValueError(f"{site} has no search index ({paths})")
    return done
