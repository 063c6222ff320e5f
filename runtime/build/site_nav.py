"""Which game each page belongs to: its top section in the nav of ``mkdocs.yml``.

The site has a top section per game ("Cairn", "Judge Two"); the pages outside
every section (the home page, Dice, Credits) belong to none. MkDocs and
Zensical both read the nav from ``mkdocs.yml`` and give a page the address
its source file has, so the build steps that follow the page build read it
there too, whichever generator built the pages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML: MkDocs' and Zensical's own dependency

__all__ = ["games_by_page", "page_address"]


class _ConfigLoader(yaml.SafeLoader):  # type: ignore[misc]
    """YAML's safe loader, reading the generators' own tags (``!ENV``,
    ``!!python/name:...``) as nothing: only the nav is wanted here."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def page_address(source: str, directory_urls: bool = True) -> str:
    """The site-relative address of the page built from ``source`` (a path
    under ``docs/``): ``cairn/rules.md`` is ``cairn/rules/``, ``cairn/index.md``
    is ``cairn/``, ``index.md`` is the empty address of the home page."""
    stem = source.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        folder = stem.removesuffix("index")
        return folder if directory_urls else folder + "index.html"
    return stem + "/" if directory_urls else stem + ".html"


def _sources(items: Any) -> list[str]:
    """Every Markdown source the nav ``items`` name, at any depth."""
    found: list[str] = []
    for item in items if isinstance(items, list) else [items]:
        if isinstance(item, str) and item.endswith(".md"):
            found.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                found += _sources(value)
    return found


def games_by_page(config_file: Path) -> dict[str, str]:
    """Page address -> the title of the top nav section that holds the page."""
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}
    directory_urls = config.get("use_directory_urls", True) is not False
    games: dict[str, str] = {}
    for item in config.get("nav") or []:
        if not isinstance(item, dict):
            continue
        for title, children in item.items():
            if isinstance(children, list):  # a section, not a page
                for source in _sources(children):
                    games[page_address(source, directory_urls)] = str(title)
    return games
