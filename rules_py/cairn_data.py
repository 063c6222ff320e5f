"""Load the Cairn data tables shipped in ``rules_py/data/`` (JSON, read once)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> Any:
    """The parsed JSON file ``rules_py/data/<name>``; cached, so read once per process."""
    text = resources.files("rules_py").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)
