"""The Might and Heart harm table (Might and Heart, "Attribute Loss"): the injury
and consequences of the harm received beyond HP, from ``data/harm.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules_py.core.data import load_json
from rules_py.core.ranges import IntRange

__all__ = ["HarmRow", "harm_band", "harm_table"]


@dataclass(frozen=True)
class HarmRow:
    """A row of the Might and Heart harm table (Might and Heart, "Attribute Loss").

    ``written`` is the Harm column as the text writes it ("1:3", "6+").
    """

    range: IntRange
    written: str
    injury: str
    on_fail: str
    on_success: str


@cache
def harm_table() -> tuple[HarmRow, ...]:
    """The harm table, from ``data/harm.json``: the page renders the same rows."""
    return tuple(
        HarmRow(
            IntRange(raw["low"], raw["high"]),
            str(raw["written"]),
            str(raw["injury"]),
            str(raw["on_fail"]),
            str(raw["on_success"]),
        )
        for raw in load_json("cairn", "harm.json")
    )


def harm_band(harm: int) -> tuple[str, str, str]:
    """(injury, fail consequence, success consequence) for harm received (1 or more)."""
    for row in harm_table():
        if row.range.holds(harm):
            return row.injury, row.on_fail, row.on_success
    raise ValueError(f"harm must be at least 1, got {harm}")
