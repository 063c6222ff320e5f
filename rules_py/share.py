"""The share link of a roll: the format, written once.

A link is the page's URL with the fragment ``#roll=`` followed by the
percent-encoded JSON ``{"widget": NAME, "request": {...}}``, where the
request holds the field values, ``"action"`` and ``"seed"`` as a decimal
string (a seed may exceed 2**53, which JavaScript numbers cannot hold).

The browser builds the same fragment (``JSON.stringify`` +
``encodeURIComponent``) and, on opening one, replays the request through
:func:`rules_py.web.call` like anything typed: a link is untrusted input,
and a tampered one gets the widget's normal field error. ``rules-py replay``
reads links with :func:`parse_link`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote

from rules_py.core.errors import RulesInputError
from rules_py.web import MAX_JSON_DEPTH, nesting_depth

__all__ = ["FRAGMENT_PREFIX", "MAX_LINK_CHARS", "parse_link", "share_fragment"]

FRAGMENT_PREFIX = "#roll="
MAX_LINK_CHARS = 20_000  # far beyond any form; refused before decoding
# encodeURIComponent leaves these unescaped; quote() must do the same for the
# two sides to build identical fragments.
_URI_COMPONENT_SAFE = "-_.!~*'()"


def share_fragment(widget: str, request: Mapping[str, Any]) -> str:
    """``#roll=...`` for ``widget`` and a request; the seed is written as a decimal string."""
    body = dict(request)
    if "seed" in body and not isinstance(body["seed"], str):
        body["seed"] = str(body["seed"])
    text = json.dumps(
        {"widget": widget, "request": body}, separators=(",", ":"), ensure_ascii=False
    )
    return FRAGMENT_PREFIX + quote(text, safe=_URI_COMPONENT_SAFE)


def _malformed(why: str) -> RulesInputError:
    return RulesInputError(
        "link", f"This is not a roll link: {why}. A roll link ends in {FRAGMENT_PREFIX}\u2026"
    )


def parse_link(link: str) -> tuple[str, str]:
    """The widget name and the request JSON of a share link (or of its bare fragment).

    Only the envelope is checked here; the request itself is validated by
    ``rules_py.web.call``, which names the field a tampered value is in.
    """
    if not isinstance(link, str):
        raise _malformed("it is not text")
    link = link.strip()
    if len(link) > MAX_LINK_CHARS:
        raise _malformed(f"it is longer than {MAX_LINK_CHARS} characters")
    _, hash_mark, fragment = link.partition("#")
    if not hash_mark or not fragment.startswith(FRAGMENT_PREFIX[1:]):
        raise _malformed(f"it has no {FRAGMENT_PREFIX} part")
    try:
        text = unquote(fragment[len(FRAGMENT_PREFIX) - 1 :], errors="strict")
    except UnicodeDecodeError:
        raise _malformed("its roll part is not UTF-8 text") from None
    if nesting_depth(text) > MAX_JSON_DEPTH:
        raise _malformed(f"its roll part is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        raise _malformed("its roll part is not valid JSON") from None
    if not isinstance(envelope, dict) or set(envelope) != {"widget", "request"}:
        raise _malformed('its roll part must hold exactly "widget" and "request"')
    widget, request = envelope["widget"], envelope["request"]
    if not isinstance(widget, str) or not widget:
        raise _malformed("its widget is not a name")
    if not isinstance(request, dict):
        raise _malformed("its request is not a JSON object")
    return widget, json.dumps(request, ensure_ascii=False)
