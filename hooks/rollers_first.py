"""MkDocs hook: on a page with rollers, Material's own work waits for them.

Two parts of Material start as the page loads: its script (the bundle:
evaluating it and its DOMContentLoaded work take about 140 ms of the page's
thread on a slow phone) and its search worker (building the index takes a few
hundred milliseconds). Both would share the processor with Python's start,
just when the reader waits for a first roll. On a page that holds a widget
root, this hook therefore:

- replaces the bundle's ``<script>`` with a preload of the same file marked
  ``data-rp-theme-later``: its bytes still arrive with the page, and
  ``assets/rp/material/theme-later.js`` runs it once the rollers have started or the
  reader reaches for the page around them;
- points Material's ``search`` setting at ``assets/rp/material/search-worker.js``,
  which loads Material's own worker once the rollers have started, a search
  is typed, or ten seconds have passed. The build step that follows the
  pages (``runtime/build/assets.py``) gives the built copy of that file the
  name of Material's worker.

Other pages keep Material as it is.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["on_post_page", "search_after_rollers", "theme_after_rollers"]

ROLLER = 'class="rp-widget"'
MATERIAL_BUNDLE = re.compile(
    r'<script src="(?P<src>[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>'
)
# Material's setting, inside the page's #__config JSON.
MATERIAL_SEARCH = re.compile(
    r'"search": "(?P<base>[^"]*)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"'
)
SEARCH_WRAPPER = "assets/rp/material/search-worker.js"


def _first_on_roller_pages(output: str, pattern: re.Pattern[str], replace: Any) -> str:
    """``output`` with the first match of ``pattern`` replaced, on a page with a roller."""
    return pattern.sub(replace, output, count=1) if ROLLER in output else output


def theme_after_rollers(output: str) -> str:
    """The page with Material's bundle held for theme-later.js, if it holds a roller."""
    return _first_on_roller_pages(output, MATERIAL_BUNDLE, lambda found: (
        f'<link rel="preload" as="script" href="{found["src"]}" data-rp-theme-later>'
    ))


def search_after_rollers(output: str) -> str:
    """The page with Material's search started by the wrapper, if it holds a roller."""
    return _first_on_roller_pages(output, MATERIAL_SEARCH, lambda found: (
        f'"search": "{found["base"]}{SEARCH_WRAPPER}"'
    ))


def on_post_page(output: str, page: Any, config: Any) -> str:
    return search_after_rollers(theme_after_rollers(output))
