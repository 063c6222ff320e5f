"""The tables of the rules texts that are rolled on, as the page shows them.

Each is read from its game's engine data (the page renders the same data
through a macro): the dice rolled, the game whose reading applies to the dice
inside its rows, and each row's range and text, in the page's order. Tables
that are looked up rather than rolled on (Cairn's Scars, by the damage
taken; Might and Heart's harm table, by the harm received; the d10 game's
obstructions, by the obstruction roll) are not here: their rows' dice roll
inline.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules_py.cairn import spells, tables
from rules_py.core import dist
from rules_py.core.errors import require_choice
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

__all__ = ["TABLE_KEYS", "RolledTable", "TableRow", "rolled_table", "row_for", "row_odds"]

TABLE_KEYS = ("reaction", "fate", "spells")


@dataclass(frozen=True)
class TableRow:
    range: IntRange
    text: str


@dataclass(frozen=True)
class RolledTable:
    key: str
    title: str
    game: str
    count: int
    sides: int
    rows: tuple[TableRow, ...]

    @property
    def expression(self) -> str:
        return f"{self.count}d{self.sides}"

    def totals(self) -> dist.Dist[int]:
        return dist.sum_of(self.count, dist.die(self.sides))

    def roll(self, rng: Rng) -> tuple[tuple[int, ...], int]:
        """The dice, and the index of the row their total lands in."""
        rolled = rng.dice(self.count, self.sides)
        return rolled, row_for(self, sum(rolled))


@cache
def rolled_table(key: str) -> RolledTable:
    key = require_choice("table", "Table", key, TABLE_KEYS)
    if key == "spells":
        rows = tuple(
            TableRow(IntRange(s.number, s.number), f"{s.name}: {s.effect}") for s in spells.spells()
        )
        return RolledTable(key, "100 Spells", "cairn", 1, spells.SPELL_DIE, rows)
    found = tables.table(tables.REACTION if key == "reaction" else tables.FATE)
    rows = tuple(TableRow(row.range, row.result) for row in found.rows)
    game = "cairn" if key == "reaction" else "might_heart"
    return RolledTable(key, found.title, game, found.count, found.sides, rows)


def row_for(table: RolledTable, total: int) -> int:
    for index, row in enumerate(table.rows):
        if row.range.holds(total):
            return index
    raise ValueError(f"no row of {table.key} holds {total}")


def row_odds(table: RolledTable) -> tuple[Fraction, ...]:
    """Each row's exact chance, in the page's order."""
    totals = table.totals()
    return tuple(totals.where(row.range.holds) for row in table.rows)
