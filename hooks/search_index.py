"""MkDocs hook: make Material's search find every name and say which game.

Material's search indexes a page by its headings, so a spell, a scar or a
table entry, which is a table row and not a heading, is only a few words in a
long section and loses to pages that merely mention the same words. And two
pages titled "Combat" look alike in the results. After the search plugin has
indexed a page (this hook runs after it), three things change:

- every named table row becomes a search entry of its own, titled with its
  name and linked to the row (rows get an ``id`` when they have none), when
  a word search can single the name out (see :func:`is_distinct`);
- the page's own entry is titled with its game: "Combat (Cairn)";
- British and American spellings find each other ("armour", "armor"): an
  entry's text ends with the other spelling of each such word it holds, and a
  title names it: "Armor / armour".
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

from mkdocs.plugins import event_priority

__all__ = [
    "MAX_PAGES_FOR_A_NAME",
    "SPELLINGS",
    "STOP_WORDS",
    "is_distinct",
    "on_page_context",
    "on_post_build",
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


class _Rows(HTMLParser):
    """The body rows of every table: where each ``<tr`` starts, its id, its cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[dict[str, Any]] = []
        self.heading_id: str | None = None
        self._in_body = False
        self._cell: list[str] | None = None
        self._heading: bool = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag) and named.get("id"):
            self.heading_id = named["id"]
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.rows.append(
                {"at": self.getpos(), "id": named.get("id"), "cells": [],
                 "section": self.heading_id}
            )
        elif tag in ("td", "th") and self._in_body and self.rows:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self._in_body = False
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1]["cells"].append(" ".join("".join(self._cell).split()))
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


def _offset(lines: list[str], position: tuple[int, int]) -> int:
    line, column = position
    return sum(len(text) for text in lines[: line - 1]) + column


def _with_row_ids(content: str, rows: list[dict[str, Any]]) -> str:
    """``content`` with an ``id`` on each named row that had none."""
    lines = content.splitlines(keepends=True)
    inserts = [
        (_offset(lines, row["at"]) + len("<tr"), f' id="{html.escape(row["id"])}"')
        for row in rows
        if row.get("new_id")
    ]
    for at, text in sorted(inserts, reverse=True):
        content = content[:at] + text + content[at:]
    return content


def _game(page: Any) -> str | None:
    """The title of the page's top section in the nav ("Cairn"), if any."""
    section, top = page.parent, None
    while section is not None:
        top, section = section, section.parent
    return str(top.title) if top is not None else None


def _other_spellings(text: str) -> list[str]:
    """The other spelling of each word of ``text`` that has one, as often as the
    word stands there, so that either spelling scores alike."""
    words = re.findall(r"[a-z]+", text.lower())
    pairs = dict([*SPELLINGS.items(), *((us, uk) for uk, us in SPELLINGS.items())])
    return [pairs[word] for word in words if word in pairs]


def _search_index(config: Any) -> Any:
    for plugin in config.plugins.values():
        if hasattr(plugin, "search_index"):
            return plugin.search_index
    return None


@event_priority(-100)  # after the search plugin has indexed the page
def on_page_context(context: Any, *, page: Any, config: Any, nav: Any) -> Any:
    index = _search_index(config)
    if index is None:
        return context
    entries = [e for e in index.entries if e["location"].split("#")[0] == page.url]
    parser = _Rows()
    parser.feed(page.content)
    taken = {row["id"] for row in parser.rows if row["id"]}
    for row in parser.rows:
        name = _row_name(row["cells"])
        if name is None:
            continue
        if not row["id"]:
            row_id, n = f"row-{_slug(name)}", 2
            while row_id in taken:
                row_id, n = f"row-{_slug(name)}-{n}", n + 1
            row["id"], row["new_id"] = row_id, True
            taken.add(row_id)
        entry = {"location": f"{page.url}#{row['id']}", "title": name, "row": True,
                 "text": " ".join(cell for cell in row["cells"] if cell != name)}
        search = page.meta.get("search") or {}
        if "boost" in search:  # a row weighs what its page weighs
            entry["boost"] = search["boost"]
        index.entries.append(entry)
        entries.append(entry)
    page.content = _with_row_ids(page.content, parser.rows)
    game = _game(page)
    for entry in entries:
        if entry["location"] == page.url and game and game not in entry["title"]:
            entry["title"] = f"{entry['title']} ({game})"
        in_title = sorted(set(_other_spellings(entry["title"])))
        if in_title:
            entry["title"] += " / " + " / ".join(in_title)
        others = _other_spellings(entry["text"])
        if others:
            entry["text"] += " " + " ".join(others)
    return context


def searched_words(name: str) -> list[str]:
    """The words of ``name`` the search engine matches: lower case, no stop words."""
    return [w for w in re.findall(r"[\w']+", name.lower()) if w not in STOP_WORDS]


def is_distinct(name: str, pages_with: Callable[[str], int]) -> bool:
    """Whether a word search can single ``name`` out: lunr matches words, not
    phrases, so one of its words must stand on few pages ("Telekinesis",
    "Cobblehounds"); a name of common words only ("Light armor", "Critical
    Success") is found through the pages that use those words."""
    return any(pages_with(word) <= MAX_PAGES_FOR_A_NAME for word in searched_words(name))


@event_priority(100)  # before the search plugin writes its index
def on_post_build(*, config: Any) -> None:
    index = _search_index(config)
    if index is None:
        return
    words_of: dict[str, set[str]] = {}
    for entry in index.entries:
        page = entry["location"].split("#")[0]
        text = re.sub(r"<[^>]+>", " ", entry["title"] + " " + entry["text"]).lower()
        words_of.setdefault(page, set()).update(re.findall(r"[\w']+", text))

    def pages_with(word: str) -> int:
        return sum(1 for words in words_of.values() if word in words)

    index.entries[:] = [
        entry for entry in index.entries
        if not entry.pop("row", False) or is_distinct(entry["title"], pages_with)
    ]
