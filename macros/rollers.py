"""The "Rollers" page: every widget with its game, its pages and its purpose.

``{{ rollers_table() }}`` lists the catalog (``rules_py.registry``), so a new
widget appears there on the next build; the pages come from scanning
``docs/`` for ``widget("NAME"`` lines, so no roller is hidden on a page a
player has to know about. A widget that no page embeds fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules_py.registry import all_widgets

__all__ = [
    "DOCS",
    "EMBED",
    "GAMES",
    "ROLLERS_PAGE",
    "TEXT_CONTROLS",
    "TITLE",
    "RollersPageError",
    "pages_by_widget",
    "register",
    "rollers_markdown",
]

DOCS = Path(__file__).resolve().parent.parent / "docs"
EMBED = re.compile(r"""widget\(\s*["']([a-z_]+\.[a-z_]+)["']""")
TITLE = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)
ROLLERS_PAGE = "rollers.md"

# The game a widget name's prefix belongs to, as the site's navigation names it.
GAMES: Mapping[str, str] = {
    "cairn": "Cairn",
    "dice": "Any game",
    "dice_pool": "Dice Pool",
    "huldufolk": "Huldufolk",
    "judge_two": "Judge Two",
}

# Rolled from the rules text itself (its dice, its tables), not embedded as a
# roller: they are on every page that names dice, so the table leaves them out.
TEXT_CONTROLS = ("dice.inline", "dice.table")


class RollersPageError(ValueError):
    """The catalog and the pages disagree (a widget on no page, a game unnamed)."""


def pages_by_widget(docs: Path = DOCS) -> dict[str, list[tuple[str, str]]]:
    """For each widget name, the (docs-relative path, page title) of each page embedding it."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(docs.rglob("*.md")):
        relative = path.relative_to(docs).as_posix()
        if relative.startswith("includes/") or relative == ROLLERS_PAGE:
            continue
        text = path.read_text(encoding="utf-8")
        names = sorted(set(EMBED.findall(text)))
        if not names:
            continue
        heading = TITLE.search(text)
        title = heading.group(1) if heading else relative
        for name in names:
            found.setdefault(name, []).append((relative, title))
    return found


def _section_title(path: str, docs: Path) -> str:
    """The title of the section (top folder) a page is in, from its index page."""
    folder = path.split("/", 1)[0]
    index = docs / folder / "index.md"
    heading = TITLE.search(index.read_text(encoding="utf-8")) if index.exists() else None
    return heading.group(1) if heading else folder


def _distinct_titles(pages: list[tuple[str, str]], docs: Path) -> list[tuple[str, str]]:
    """Pages of one row, a title shared by two of them followed by its section."""
    titles = [title for _, title in pages]
    return [
        (path, f"{title} ({_section_title(path, docs)})" if titles.count(title) > 1 else title)
        for path, title in pages
    ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def rollers_markdown(docs: Path = DOCS) -> str:
    pages = pages_by_widget(docs)
    rows = []
    for name, widget in all_widgets().items():
        if name in TEXT_CONTROLS:
            continue
        prefix = name.partition(".")[0]
        if prefix not in GAMES:
            raise RollersPageError(f"rollers page: no game name for widget prefix {prefix!r}")
        if name not in pages:
            raise RollersPageError(f"rollers page: widget {name!r} is on no page of docs/")
        links = ", ".join(
            f"[{_cell(title)}]({path})" for path, title in _distinct_titles(pages[name], docs)
        )
        rows.append((GAMES[prefix], f"**{_cell(widget.title)}**", _cell(widget.summary), links))
    rows.sort(key=lambda row: (row[0] == GAMES["dice"], row[0], row[1]))
    lines = ["| Game | Roller | What it does | On the page |", "| --- | --- | --- | --- |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def register(env: Any) -> None:
    @env.macro  # type: ignore[untyped-decorator]
    def rollers_table() -> str:
        return rollers_markdown()
