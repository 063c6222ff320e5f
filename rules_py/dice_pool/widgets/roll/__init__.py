"""Widget ``dice_pool.roll``: the d10 pool, a contest, an NPC's average,
Build Power and the Limit break check (d10 dice pool).

The form is in :mod:`.form`, the previews in :mod:`.odds`, the rolls in
:mod:`.rolls`; this module picks one for the mode and action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_py.at_table import AtTable
from rules_py.dice_pool import pool, powers
from rules_py.dice_pool.characters.at_rolls import pool_fill
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.roll import odds, rolls
from rules_py.dice_pool.widgets.roll.form import (
    BUILD_POWER,
    CONTESTED,
    FIELDS,
    LIMIT,
    NPC,
    ROLL,
    RollValues,
)
from rules_py.widget import Action, Block, Call, JsonValue, Widget

__all__ = ["WIDGETS"]

PREVIEWS: dict[str, Callable[[RollValues], list[Block]]] = {
    ROLL: odds.roll_odds,
    CONTESTED: odds.contest_odds,
    NPC: odds.npc_result,
    BUILD_POWER: odds.build_power_odds,
    LIMIT: odds.limit_odds,
}
ROLLS: dict[str, Callable[[RollValues, Call[RollValues]], rolls.Rolled]] = {
    ROLL: rolls.roll,
    CONTESTED: rolls.contest,
    NPC: lambda values, _call: (odds.npc_result(values), []),  # an NPC takes its average
    BUILD_POWER: rolls.build_power,
    LIMIT: rolls.break_check,
}


def handle(call: Call[RollValues]) -> dict[str, Any]:
    values = call.values
    if call.action == "odds":
        return {"view": PREVIEWS[values.mode](values)}
    view, changes = ROLLS[values.mode](values, call)
    return {"view": view, "changes": changes} if changes else {"view": view}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    """Attribute + Ability by the names in the form, Essence, Limit, Favored."""
    values, origins = pool_fill(table, table.form["attribute_name"], table.form["ability_name"])
    return {"values": values, "from": origins}


def _hand_roll() -> str:
    return (
        f"Roll (Attribute + Ability) d{pool.DIE}s. Each {view.single_faces()} is one success "
        f"and each {view.double_face()} is two. Succeed with at least as many successes as "
        f"the difficulty ({pool.DEFAULT_DIFFICULTY} by default). {powers.critical_minimum()} "
        "or more successes on the dice is a critical roll that gains Anima."
    )


WIDGETS = (
    Widget(
        name="dice_pool.roll",
        title="Dice pool roller",
        summary=(
            f"Roll (Attribute + Ability) d{pool.DIE}s and count successes: {view.single_span()} "
            f"is one, {view.double_face()} is two; see the exact chances, anima and Limit."
        ),
        hand_roll=_hand_roll(),
        fields=FIELDS,
        values=RollValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
