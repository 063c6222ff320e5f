"""Widget ``cairn.tables``: the Reaction roll (2d6) and the Die of Fate (d6), with exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_py.cairn import tables
from rules_py.widget import (
    Action,
    Block,
    Call,
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

__all__ = ["FATE_NOTE", "REACTION_NOTE", "TABLES", "WIDGETS", "handle"]

TABLES = (("reaction", "Reaction (2d6)"), ("fate", "Die of Fate (d6)"))
REACTION_NOTE = "The Reaction table is the same in the Cairn and the Might and Heart rules."
FATE_NOTE = "The Die of Fate is a rule of the Might and Heart text; it is optional."


def _odds(which: str) -> tuple[tuple[tables.Band, Fraction], ...]:
    return tables.reaction_odds() if which == "reaction" else tables.fate_odds()


def _odds_table(which: str) -> Block:
    odds = _odds(which)
    if which == "reaction":
        caption, columns = "Reaction odds (2d6)", ["2d6", "Reaction", "Chance"]
    else:
        caption, columns = "Die of Fate odds (d6)", ["d6", "Result", "Chance"]
    rows = [[band.span, band.result, chance_text(chance)] for band, chance in odds]
    return table(caption, columns, rows)


def handle(call: Call) -> dict[str, Any]:
    which = call.values["table"]
    source = note(REACTION_NOTE if which == "reaction" else FATE_NOTE)
    if call.action == "odds":
        return {"view": [_odds_table(which), source]}
    rolled = tables.roll_reaction(call.rng) if which == "reaction" else tables.roll_fate(call.rng)
    sides = 6
    chance = dict(_odds(which))[rolled.band]
    tone = "neutral"
    if which == "fate":
        tone = "good" if rolled.band.low >= 4 else "bad"
    view: list[Block] = [
        dice("2d6" if which == "reaction" else "d6", [die_face(f, sides) for f in rolled.dice]),
        outcome(rolled.band.result, tone),  # type: ignore[arg-type]
        line(
            f"Rolled {rolled.total}: {rolled.band.result} ({rolled.band.span}), "
            f"a chance of {chance_text(chance)}."
        ),
    ]
    return {"view": view}


WIDGETS = (
    Widget(
        name="cairn.tables",
        title="Reaction and Die of Fate",
        summary="Roll the Reaction table (2d6) or the Die of Fate (d6), with the exact odds.",
        hand_roll=(
            "Reaction: roll 2d6. 2 Hostile, 3-5 Wary, 6-8 Curious, 9-11 Kind, 12 Helpful. "
            "Die of Fate: roll 1d6; 4 or more favours the PCs, 3 or under is bad luck for them."
        ),
        fields=(choice_field("table", "Table", TABLES),),
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
