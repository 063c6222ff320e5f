"""Widget ``cairn.tables``: the Reaction roll (2d6) and the Die of Fate (d6), with exact odds.

The rows, dice and sources come from :mod:`rules_py.cairn.tables`; this module
only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules_py.cairn import tables
from rules_py.widget import (
    Action,
    Block,
    Call,
    FormValues,
    Widget,
    chance_text,
    choice_field,
    dice,
    die_face,
    line,
    note,
    outcome,
    table,
)

__all__ = ["WIDGETS"]

Tone = Literal["good", "bad", "neutral"]
_HEADINGS = {tables.REACTION: "Reaction", tables.FATE: "Result"}


@dataclass(frozen=True)
class TablesValues(FormValues):
    table: str


def _choices() -> tuple[tuple[str, str], ...]:
    return tuple(
        (key, f"{tables.table(key).title} ({tables.table(key).notation})")
        for key in tables.TABLE_KEYS
    )


def _odds_table(key: str) -> Block:
    found = tables.table(key)
    rows = [
        [row.range.span, row.result, chance_text(chance)] for row, chance in tables.table_odds(key)
    ]
    caption = f"{found.title} odds ({found.notation})"
    return table(caption, [found.notation, _HEADINGS[key], "Chance"], rows)


def _tone(row: tables.TableRow) -> Tone:
    if row.favours_pcs is None:
        return "neutral"
    return "good" if row.favours_pcs else "bad"


def handle(call: Call[TablesValues]) -> dict[str, Any]:
    key = call.values.table
    found = tables.table(key)
    if call.action == "odds":
        return {"view": [_odds_table(key), note(found.note)]}
    rolled = tables.roll_table(key, call.rng)
    view: list[Block] = [
        dice(found.notation, [die_face(face, found.sides) for face in rolled.dice]),
        outcome(rolled.band.result, _tone(rolled.band)),
        line(
            f"Rolled {rolled.total}: {rolled.band.result} ({rolled.band.range.span}), "
            f"a chance of {chance_text(rolled.chance)}."
        ),
    ]
    return {"view": view}


def _hand_roll() -> str:
    reaction = tables.table(tables.REACTION)
    rows = ", ".join(f"{row.range.span} {row.result}" for row in reaction.rows)
    fate = tables.table(tables.FATE)
    good = next(row for row in fate.rows if row.favours_pcs)
    bad = next(row for row in fate.rows if row.favours_pcs is False)
    return (
        f"{reaction.title}: roll {reaction.count}d{reaction.sides}. {rows}. "
        f"{fate.title}: roll {fate.count}d{fate.sides}; {good.range.low} or more favours the "
        f"PCs, {bad.range.high} or under is bad luck for them."
    )


WIDGETS = (
    Widget(
        name="cairn.tables",
        title="Reaction and Die of Fate",
        summary=(
            f"Roll the Reaction table ({tables.table(tables.REACTION).notation}) or the Die of "
            f"Fate ({tables.table(tables.FATE).notation}), with the exact odds."
        ),
        hand_roll=_hand_roll(),
        fields=(choice_field("table", "Table", _choices()),),
        values=TablesValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
