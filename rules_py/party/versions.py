"""The stored format's version, and the migrations that bring an older one up
to date.

Everything the browser keeps of the party (a character, a whole party, an
exported file, a shared link) carries ``"version"``. When the format changes,
:data:`CURRENT_VERSION` goes up by one and :data:`MIGRATIONS` gains the step
from the old version, with a test that reads a document of the old one: what
a reader saved is never dropped because the site moved on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_py.core.errors import RulesInputError, describe

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "Migration", "migrate"]

CURRENT_VERSION = 1

Migration = Callable[[dict[str, Any]], dict[str, Any]]
# version n -> the step that turns a document of version n into one of n + 1
MIGRATIONS: dict[int, Migration] = {}


def migrate(raw: Mapping[str, Any], what: str, field: str) -> dict[str, Any]:
    """``raw`` brought up to :data:`CURRENT_VERSION`, step by step.

    A document without a version, or from a newer site than this one, is
    refused with a plain message rather than guessed at.
    """
    version = raw.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesInputError(
            field,
            f"This {what} has no format version this site can read (got {describe(version)}).",
        )
    if version > CURRENT_VERSION:
        raise RulesInputError(
            field,
            f"This {what} was saved by a newer version of the site (format {version}; "
            f"this one reads formats up to {CURRENT_VERSION}). Reload to update the site.",
        )
    document = dict(raw)
    while version < CURRENT_VERSION:
        document = MIGRATIONS[version](document)
        version += 1
        document["version"] = version
    return document
