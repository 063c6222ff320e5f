"""Widget ``cairn.spells``: roll d100 on the 100 Spells table, or filter the table by typing.

The table itself is on the page (rendered by the ``cairn_spells_table`` macro
from the same data); this widget scrolls to and marks the rolled row, and
hides the rows that do not match what the reader types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_py.cairn import spells
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    dice,
    die_face,
    filter_rows,
    focus_element,
    line,
    outcome,
)

__all__ = ["WIDGETS"]


@dataclass(frozen=True)
class SpellValues(FormValues):
    filter: str


def _matching_ids(query: str) -> list[str]:
    return [spell.row_id for spell in spells.matching(query)]


def _count_line(query: str, shown: int) -> Block:
    if not query.strip():
        return line(f"All {len(spells.spells())} spells are shown.")
    if shown == 0:
        return line(f"No spell matches \u201c{query.strip()}\u201d.")
    counted = "1 spell matches" if shown == 1 else f"{shown} spells match"
    return line(f"{counted} \u201c{query.strip()}\u201d.")


def handle(call: Call[SpellValues]) -> dict[str, Any]:
    query = call.values.filter
    visible = _matching_ids(query)
    if call.action == "filter":
        return {"view": [filter_rows(spells.TABLE_ID, visible), _count_line(query, len(visible))]}
    roll, spell = spells.roll_spell(call.rng)
    # A roll leaves the filter alone, so the match count stays the number of
    # rows shown; the rolled spell is in the result, and its row is marked.
    return {
        "view": [
            dice("d100", [die_face(roll, spells.SPELL_DIE)]),
            outcome(f"{spell.number}. {spell.name}"),
            line(spell.effect),
            focus_element(spell.row_id),
        ]
    }


def _hand_roll() -> str:
    # A d100 is two d10s read as tens and units, 00 reading as 100.
    return (
        f"Roll d{spells.SPELL_DIE} (two d10s, tens and units; 00 is {spells.SPELL_DIE}) "
        "and read the table below."
    )


WIDGETS = (
    Widget(
        name="cairn.spells",
        title="100 Spells",
        summary=f"Roll d{spells.SPELL_DIE} for a spell, or type to filter the table.",
        hand_roll=_hand_roll(),
        fields=(
            Field(
                "filter",
                "Find a spell",
                "text",
                "",
                help="A name, words of its effect, or its number.",
                max_length=spells.MAX_QUERY,
                enter_previews=True,
            ),
        ),
        values=SpellValues,
        actions=(
            Action("roll", f"Roll d{spells.SPELL_DIE}"),
            Action("filter", "Filter", auto=True, random=False),
        ),
        handler=handle,
    ),
)
