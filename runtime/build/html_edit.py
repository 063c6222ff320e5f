"""Edits of a built page at places an HTML parser found, the rest kept byte for byte.

The build steps that change the generator's pages (:mod:`runtime.build.roller_pages`,
:mod:`runtime.build.search_index`) read them with the standard library's
``html.parser`` and change only what they must: writing the parsed tree back
would reformat the whole page. :class:`PlacedParser` gives the offset in the
page of each tag it reports; :func:`apply_edits` makes the changes.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from itertools import pairwise

__all__ = ["Edit", "PlacedParser", "apply_edits", "class_names"]


@dataclass(frozen=True)
class Edit:
    """``text`` in place of the page's characters from ``start`` to ``end``
    (an insertion when they are equal)."""

    start: int
    end: int
    text: str


class PlacedParser(HTMLParser):
    """An ``HTMLParser`` that knows where in the page it is: :meth:`tag_offset` is
    the offset of the tag being reported, :meth:`start_tag_end` the offset
    just past the start tag being reported. Feed it the whole page at once
    (:meth:`read`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._line_starts: list[int] = [0]

    def read(self, page: str) -> None:
        # The parser counts lines at "\n" only (not at the other characters
        # str.splitlines splits at), so offsets are computed the same way.
        self._line_starts = [0] + [i + 1 for i, char in enumerate(page) if char == "\n"]
        self.feed(page)
        self.close()

    def tag_offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def start_tag_end(self) -> int:
        return self.tag_offset() + len(self.get_starttag_text() or "")


def class_names(attrs: list[tuple[str, str | None]]) -> set[str]:
    """The class names of a tag's attributes."""
    return {name for key, value in attrs if key == "class" and value for name in value.split()}


def apply_edits(page: str, edits: Iterable[Edit]) -> str:
    """``page`` with each edit made; edits may not overlap."""
    ordered = sorted(edits, key=lambda edit: (edit.start, edit.end))
    for before, after in pairwise(ordered):
        if after.start < before.end:
            raise ValueError(f"overlapping edits at {before.start} and {after.start}")
    parts, at = [], 0
    for edit in ordered:
        parts += [page[at:edit.start], edit.text]
        at = edit.end
    parts.append(page[at:])
    return "".join(parts)
