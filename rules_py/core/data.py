"""The one loader of the games' data tables: ``rules_py/<game>/data/<name>.json``.

Tables that are data (spells, scars, difficulties...) live once as JSON, so the
page that publishes a table and the roller that reads it cannot disagree.
Read through :mod:`importlib.resources`, so it works from a wheel, a zip or
Pyodide's file system alike; cached, so each file is parsed once per process.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["load_json"]


@cache
def load_json(game: str, name: str) -> Any:
    """The parsed ``rules_py/<game>/data/<name>``, e.g. ``load_json("cairn", "spells.json")``."""
    text = resources.files(f"rules_py.{game}").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)
