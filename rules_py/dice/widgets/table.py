"""Widget ``dice.table``: "Roll on this table" under a table of the rules.

A roll names the row that came up (the result's ``row``, its index in the
page's table, which the page highlights) and rolls the dice written inside
that row with the table's game's reading ("Restore 1d4 STR" shows the 1d4).
The ``odds`` action gives each row's exact chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules_py.core import notation
from rules_py.dice.inline import find
from rules_py.dice.rolled_tables import TABLE_KEYS, RolledTable, rolled_table, row_odds
from rules_py.dice.widgets.notation.odds import chance_words
from rules_py.dice.widgets.notation.rolled import roll_view
from rules_py.widget import (
    Action,
    Block,
    Call,
    FormValues,
    Widget,
    choice_field,
    dice,
    die_face,
    line,
    outcome,
    table,
)

__all__ = ["WIDGETS", "handle", "odds_blocks", "roll_blocks"]


@dataclass(frozen=True)
class TableValues(FormValues):
    table: Literal["reaction", "fate", "spells"]


def roll_blocks(found: RolledTable, call: Call[TableValues]) -> tuple[list[Block], int]:
    rolled, index = found.roll(call.rng)
    row = found.rows[index]
    chance = row_odds(found)[index]
    faces = [die_face(value, found.sides) for value in rolled]
    blocks: list[Block] = [
        dice(f"{found.title}: {found.expression} = {sum(rolled)}", faces),
        outcome(f"{row.range.span}: {row.text}"),
        line(f"Chance of this row: {chance_words(chance)}."),
    ]
    mentions, _ = find(found.game, row.text)
    for mention in mentions:  # the row's own dice roll with it
        blocks.append(line(f"In this row, {mention.written}:"))
        blocks += roll_view(notation.parse(mention.roll.expression), call.rng)
    return blocks, index


def odds_blocks(found: RolledTable) -> list[Block]:
    rows = [
        [row.range.span, row.text if len(row.text) <= 60 else row.text[:57] + "\u2026",
         chance_words(chance)]
        for row, chance in zip(found.rows, row_odds(found), strict=True)
    ]
    return [table(f"{found.title} ({found.expression}): each row's exact chance",
                  [found.expression, "Row", "Chance"], rows)]


def handle(call: Call[TableValues]) -> dict[str, Any]:
    found = rolled_table(call.values.table)
    if call.action == "odds":
        return {"view": odds_blocks(found)}
    blocks, index = roll_blocks(found, call)
    return {"view": blocks, "row": index}


WIDGETS = (
    Widget(
        name="dice.table",
        title="Roll on this table",
        summary="Roll the dice of a table of the rules and see the row that comes up.",
        hand_roll=(
            "Roll the dice in the table's first column and read the row that holds the total."
        ),
        fields=(
            choice_field(
                "table", "Table", tuple((key, rolled_table(key).title) for key in TABLE_KEYS)
            ),
        ),
        values=TableValues,
        actions=(
            Action("roll", "Roll on this table"),
            Action("odds", "Each row's chance", random=False),
        ),
        handler=handle,
    ),
)
