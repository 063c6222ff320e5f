"""MkDocs hook: on a page with rollers, Material's search starts after them.

Material starts its search worker as the page loads, and the worker builds
the search index at once: a few hundred milliseconds of a phone's processor,
spent just when Python starts for the reader's first roll. On a page that
holds a widget root, this hook points Material's ``search`` setting at
``assets/rp/search-worker.js``, which loads Material's own worker (named after
the ``#``) once the page's rollers have started, a search is typed, or ten
seconds have passed. Other pages keep Material's worker as it is.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["on_post_page", "search_after_rollers"]

# Material's setting, inside the page's #__config JSON.
MATERIAL_SEARCH = re.compile(
    r'"search": "(?P<base>[^"]*)assets/javascripts/workers/(?P<worker>search\.[0-9a-f]+\.min\.js)"'
)


def search_after_rollers(output: str) -> str:
    """The page with Material's search started by the wrapper, if it holds a roller."""
    if 'class="rp-widget"' not in output:
        return output
    return MATERIAL_SEARCH.sub(
        lambda found: f'"search": "{found["base"]}assets/rp/search-worker.js#{found["worker"]}"',
        output,
        count=1,
    )


def on_post_page(output: str, page: Any, config: Any) -> str:
    return search_after_rollers(output)
