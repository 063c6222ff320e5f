"""Widget ``dice_pool.combat``: the order roll, maneuvers, armour, environmental
damage and rest (d10 dice pool).

The form is in :mod:`.form`; the order roll in :mod:`.order`, maneuvers in
:mod:`.moves`, and what needs no dice (armour, environment, rest) in
:mod:`.upkeep`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_py.dice_pool.widgets.combat import moves, order, upkeep
from rules_py.dice_pool.widgets.combat.form import (
    ARMOR,
    ENVIRONMENT,
    FIELDS,
    MANEUVER,
    ORDER,
    REST,
    CombatValues,
)
from rules_py.widget import Action, Block, Call, Widget

__all__ = ["WIDGETS"]

# What needs no dice answers the same to a roll and to the preview.
UNROLLED: dict[str, Callable[[CombatValues], list[Block]]] = {
    ARMOR: upkeep.armor,
    ENVIRONMENT: upkeep.environment,
    REST: upkeep.rest,
}


def handle(call: Call[CombatValues]) -> dict[str, Any]:
    values = call.values
    preview = call.action == "odds"
    if values.mode == ORDER:
        blocks = order.order_odds(values) if preview else order.order_roll(values, call)
    elif values.mode == MANEUVER:
        blocks = moves.maneuver_odds(values) if preview else moves.maneuver_roll(values, call)
    else:
        blocks = UNROLLED[values.mode](values)
    return {"view": blocks}




WIDGETS = (
    Widget(
        name="dice_pool.combat",
        title="Combat helper",
        summary=(

            "The (Wits + Awareness) order roll, maneuvers and their graded effects, armour, "
            "environmental damage and rest."

        ),
        hand_roll=(
            "Order: everyone rolls (Wits + Awareness) d10s; the most successes acts first. "
            "Maneuver: roll (Attribute + Ability) against the maneuver's difficulty and read "
            "the Sample Maneuver Effects table. Armour adds its Block and Evasion; "
            "environmental damage is Light 3, Medium 5, Heavy 7, Oppressive 9; a full night of "
            "rest gives 15 Health and all motes, an hour 2 Health and 1 mote."
        ),
        fields=FIELDS,
        values=CombatValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
