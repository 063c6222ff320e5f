"""Two small tables: the Reaction roll and the Die of Fate, with exact odds.

Reactions (Cairn, "Reactions"; Might and Heart, "Reactions", alike): "When the
PCs encounter an NPC whose reaction to the party is not obvious, the Warden may
roll 2d6 and consult the following table": 2 Hostile, 3-5 Wary, 6-8 Curious,
9-11 Kind, 12 Helpful.

Die of Fate (Might and Heart, "Die of Fate", only): "Optionally, roll 1d6
whenever the outcome of an event is uncertain [...] A roll of 4 or more
generally favors the PCs, while a roll of 3 or under usually means bad luck for
the PCs."

Both tables live once as JSON (``data/reactions.json``, ``data/fate.json``);
each row holds an :class:`~rules_py.core.ranges.IntRange`. The pages render
them through the ``macros/cairn.py`` macros from the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from rules_py.core import dist
from rules_py.core.data import load_json
from rules_py.core.errors import require_choice
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

__all__ = [
    "FATE",
    "FATE_NOTE",
    "REACTION",
    "REACTION_NOTE",
    "TABLE_KEYS",
    "RollTable",
    "TableRoll",
    "TableRow",
    "band_for",
    "band_odds",
    "fate_odds",
    "reaction_dist",
    "reaction_odds",
    "roll_fate",
    "roll_reaction",
    "roll_table",
    "table",
    "table_odds",
]

REACTION = "reaction"
FATE = "fate"
TABLE_KEYS = (REACTION, FATE)
REACTION_NOTE = "The Reaction table is the same in the Cairn and the Might and Heart rules."
FATE_NOTE = "The Die of Fate is a rule of the Might and Heart text; it is optional."


@dataclass(frozen=True)
class TableRow:
    """One row: the totals it covers and what they mean.

    ``favours_pcs`` is the Die of Fate's verdict (None for a table without one).
    """

    range: IntRange
    result: str
    favours_pcs: bool | None = None


@dataclass(frozen=True)
class RollTable:
    """A table and the dice rolled on it: ``count`` dice of ``sides`` sides, summed."""

    key: str
    title: str
    count: int
    sides: int
    rows: tuple[TableRow, ...]
    note: str

    @property
    def notation(self) -> str:
        """ "2d6", or "d6" for a single die, as the texts write them."""
        return f"{self.count}d{self.sides}" if self.count > 1 else f"d{self.sides}"

    def totals(self) -> dist.Dist[int]:
        return dist.sum_of(self.count, dist.die(self.sides))


def _row(raw: dict[str, Any]) -> TableRow:
    favours = raw.get("favours_pcs")
    return TableRow(
        IntRange(raw["low"], raw["high"]),
        str(raw["result"]),
        None if favours is None else bool(favours),
    )


@cache
def table(key: str) -> RollTable:
    """The Reaction table (2d6) or the Die of Fate (d6), read from the game's data."""
    key = require_choice("table", "Table", key, TABLE_KEYS)
    if key == REACTION:
        rows = tuple(_row(raw) for raw in load_json("cairn", "reactions.json"))
        return RollTable(REACTION, "Reaction", 2, 6, rows, REACTION_NOTE)
    rows = tuple(_row(raw) for raw in load_json("cairn", "fate.json"))
    return RollTable(FATE, "Die of Fate", 1, 6, rows, FATE_NOTE)


def band_for(rows: tuple[TableRow, ...], total: int) -> TableRow:
    for row in rows:
        if row.range.holds(total):
            return row
    raise ValueError(f"no row holds {total}")


def reaction_dist() -> dist.Dist[int]:
    return table(REACTION).totals()


def band_odds(
    rows: tuple[TableRow, ...], totals: dist.Dist[int]
) -> tuple[tuple[TableRow, Fraction], ...]:
    """Each row with the exact chance that the roll lands in it."""
    return tuple((row, totals.where(row.range.holds)) for row in rows)


def table_odds(key: str) -> tuple[tuple[TableRow, Fraction], ...]:
    found = table(key)
    return band_odds(found.rows, found.totals())


def reaction_odds() -> tuple[tuple[TableRow, Fraction], ...]:
    return table_odds(REACTION)


def fate_odds() -> tuple[tuple[TableRow, Fraction], ...]:
    return table_odds(FATE)


@dataclass(frozen=True)
class TableRoll:
    table: RollTable
    dice: tuple[int, ...]
    band: TableRow

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def chance(self) -> Fraction:
        """The exact chance of landing in the row this roll landed in."""
        return self.table.totals().where(self.band.range.holds)


def roll_table(key: str, rng: Rng) -> TableRoll:
    found = table(key)
    rolled = rng.dice(found.count, found.sides)
    return TableRoll(found, rolled, band_for(found.rows, sum(rolled)))


def roll_reaction(rng: Rng) -> TableRoll:
    return roll_table(REACTION, rng)


def roll_fate(rng: Rng) -> TableRoll:
    return roll_table(FATE, rng)
