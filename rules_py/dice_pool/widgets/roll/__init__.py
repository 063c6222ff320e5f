"""Widget ``dice_pool.roll``: the d10 pool, a contest, an NPC's average,
Build Power and the Limit break check (d10 dice pool).

The form is in :mod:`.form`, the previews in :mod:`.odds`, the rolls in
:mod:`.rolls`; this module picks one for the mode and action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_py.dice_pool import pool, powers
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
from rules_py.widget import Action, Block, Call, Widget

__all__ = ["WIDGETS"]

PREVIEWS: dict[str, Callable[[RollValues], list[Block]]] = {
    ROLL: odds.roll_odds,
    CONTESTED: odds.contest_odds,
    NPC: odds.npc_result,
    BUILD_POWER: odds.build_power_odds,
    LIMIT: odds.limit_odds,
}
ROLLS: dict[str, Callable[[RollValues, Call[RollValues]], list[Block]]] = {
    ROLL: rolls.roll,
    CONTESTED: rolls.contest,
    NPC: lambda values, _call: odds.npc_result(values),  # an NPC takes its average: no dice
    BUILD_POWER: rolls.build_power,
    LIMIT: rolls.break_check,
}


def handle(call: Call[RollValues]) -> dict[str, Any]:
    values = call.values
    if call.action == "odds":
        return {"view": PREVIEWS[values.mode](values)}
    return {"view": ROLLS[values.mode](values, call)}


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
    ),
)
