"""Build step: on a page with rollers, Material's own work waits for them.

Two parts of Material start as the page loads: its script (the bundle:
evaluating it and its DOMContentLoaded work take about 140 ms of the page's
thread on a slow phone) and its search worker (building the index takes a few
hundred milliseconds). Both would share the processor with Python's start,
just when the reader waits for a first roll. On a built page that holds a
widget root (an element of class ``rp-widget``), this step therefore:

- replaces the bundle's ``<script>`` with a preload of the same file marked
  ``data-rp-theme-later``: its bytes still arrive with the page, and
  ``assets/rp/material/theme-later.js`` runs it once the rollers have started
  or the reader reaches for the page around them;
- points Material's ``search`` setting (in the page's ``#__config`` JSON) at
  ``assets/rp/material/search-worker.js``, which loads Material's own worker
  once the rollers have started, a search is typed, or ten seconds have
  passed. :mod:`runtime.build.assets` writes the name of Material's worker
  into the built copy of that file.

Other pages keep Material as it is. It works on what the generator wrote,
MkDocs with Material or Zensical (the same bundle and setting; Zensical
writes the JSON without spaces, which is kept), and a page it has changed
already is left as it is, so a second run over a site changes nothing.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from runtime.build.assets import SEARCH_WRAPPER
from runtime.build.html_edit import Edit, PlacedParser, apply_edits, class_names

__all__ = [
    "ROLLER_CLASS", "SEARCH_WRAPPER", "has_rollers", "hold_material_in_site", "rollers_first",
]

ROLLER_CLASS = "rp-widget"
MATERIAL_BUNDLE = re.compile(r"(^|/)assets/javascripts/bundle\.[0-9a-f]+\.min\.js$")
MATERIAL_WORKER = re.compile(
    r"^(?P<base>.*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js$"
)
CONFIG_ID = "__config"


class _Page(PlacedParser):
    """Whether the page holds a roller; where Material's bundle ``<script>``
    is (from ``<`` to past ``</script>``) and where the text of its
    ``#__config`` script is."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.has_roller = False
        self.bundle: tuple[int, int, str] | None = None  # start, end, src
        self.config: tuple[int, int] | None = None  # the JSON's start and end
        self._open: tuple[str, int, str] | None = None  # kind, offset, src
        self.read(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if ROLLER_CLASS in class_names(attrs):
            self.has_roller = True
        if tag != "script":
            return
        named = dict(attrs)
        src = named.get("src") or ""
        if self.bundle is None and MATERIAL_BUNDLE.search(src):
            self._open = ("bundle", self.tag_offset(), src)
        elif self.config is None and named.get("id") == CONFIG_ID:
            self._open = ("config", self.start_tag_end(), "")

    def handle_endtag(self, tag: str) -> None:
        if tag != "script" or self._open is None:
            return
        kind, start, src = self._open
        self._open = None
        if kind == "bundle":
            self.bundle = (start, self.page.index(">", self.tag_offset()) + 1, src)
        else:
            self.config = (start, self.tag_offset())


def _search_edit(page: str, start: int, end: int) -> Edit | None:
    """The ``#__config`` text with Material's worker replaced by the wrapper,
    the rest of the JSON as the generator wrote it; None when it names no
    Material worker (the wrapper already, or no search)."""
    text = page[start:end]
    worker = json.loads(text).get("search")
    found = MATERIAL_WORKER.match(worker) if isinstance(worker, str) else None
    if found is None:
        return None
    wrapper = found["base"] + SEARCH_WRAPPER
    setting = re.compile(r'("search"\s*:\s*)' + re.escape(json.dumps(worker)))
    changed, count = setting.subn(lambda m: m[1] + json.dumps(wrapper), text)
    if count != 1 or json.loads(changed).get("search") != wrapper:
        raise ValueError(f"cannot rewrite Material's search setting in {text[:200]!r}")
    return Edit(start, end, changed)


def _held(page: str) -> tuple[str, bool]:
    """``page`` as :func:`rollers_first` leaves it, and whether it holds a roller."""
    found = _Page(page)
    if not found.has_roller:
        return page, False
    edits = []
    if found.bundle is not None:
        start, end, src = found.bundle
        preload = f'<link rel="preload" as="script" href="{html.escape(src)}" data-rp-theme-later>'
        edits.append(Edit(start, end, preload))
    if found.config is not None:
        search = _search_edit(page, *found.config)
        if search is not None:
            edits.append(search)
    return apply_edits(page, edits), True


def has_rollers(page: str) -> bool:
    """Whether ``page`` holds a widget root (the test every step here uses)."""
    return _Page(page).has_roller


def rollers_first(page: str) -> str:
    """``page`` with Material's bundle held for theme-later.js and its search
    started by the wrapper, if it holds a roller; else ``page`` itself."""
    return _held(page)[0]


def hold_material_in_site(site: Path) -> list[Path]:
    """Applies :func:`rollers_first` to every built page of ``site``; returns
    the pages that hold a roller."""
    with_rollers = []
    for path in sorted(site.rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        changed, has_roller = _held(page)
        if changed != page:
            path.write_text(changed, encoding="utf-8")
        if has_roller:
            with_rollers.append(path)
    return with_rollers
