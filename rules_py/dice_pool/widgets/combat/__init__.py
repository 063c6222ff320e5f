"""Widget ``dice_pool.combat``: the order roll, maneuvers, armour, environmental
damage and rest (d10 dice pool).

The form is in :mod:`.form`; the order roll in :mod:`.order`, maneuvers in
:mod:`.moves`, and what needs no dice (armour, environment, rest) in
:mod:`.upkeep`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_py.at_table import AtTable
from rules_py.dice_pool import pool, powers
from rules_py.dice_pool.characters.at_rolls import upkeep_changes, upkeep_fill
from rules_py.dice_pool.characters.happenings import hurt, rest_hours, rest_night
from rules_py.dice_pool.combat import environmental
from rules_py.dice_pool.tables import environmental_damage
from rules_py.dice_pool.widgets.combat import moves, order, upkeep
from rules_py.dice_pool.widgets.combat.form import (
    ARMOR,
    ENVIRONMENT,
    FIELDS,
    MANEUVER,
    NIGHT,
    ORDER,
    REST,
    CombatValues,
)
from rules_py.widget import Action, Block, Call, JsonValue, Widget

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
    if preview or values.mode not in (REST, ENVIRONMENT):
        return {"view": blocks}
    party, changes = _on_sheet(values, call)
    return {"view": [*blocks, *party], "changes": changes} if changes else {"view": blocks + party}


def _on_sheet(values: CombatValues, call: Call[CombatValues]) -> tuple[list[Block], list[Any]]:
    """A rest or environmental damage on the actor's sheet (the party's events)."""
    if values.mode == ENVIRONMENT:
        damage = environmental(values.environment).damage
        return upkeep_changes(
            call.table,
            {"health": values.health},
            lambda member: hurt(member, damage, f"{values.environment} environmental damage"),
        )
    typed = {
        "health_missing": values.health_missing,
        "motes_missing": values.motes_missing,
        "anima": values.anima,
        "stunt_anima": values.stunt_anima,
    }
    if values.rest == NIGHT:
        return upkeep_changes(call.table, typed, rest_night)
    return upkeep_changes(call.table, typed, lambda member: rest_hours(member, values.hours))


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    values, origins = upkeep_fill(table)
    return {"values": values, "from": origins}


def _hand_roll() -> str:
    damage = ", ".join(f"{row.name} {row.damage}" for row in environmental_damage())
    motes = f"{powers.HOURLY_MOTES} mote{'s' if powers.HOURLY_MOTES != 1 else ''}"
    return (
        f"Order: everyone rolls (Wits + Awareness) d{pool.DIE}s; the most successes acts "
        "first. Maneuver: roll (Attribute + Ability) against the maneuver's difficulty and "
        "read the Sample Maneuver Effects table. Armour adds its Block and Evasion; "
        f"environmental damage is {damage}; a full night of rest gives "
        f"{powers.NIGHT_HEALTH} Health and all motes, an hour {powers.HOURLY_HEALTH} Health "
        f"and {motes}."
    )


WIDGETS = (
    Widget(
        name="dice_pool.combat",
        title="Combat helper",
        summary=(
            "The (Wits + Awareness) order roll, maneuvers and their graded effects, armour, "
            "environmental damage and rest."
        ),
        hand_roll=_hand_roll(),
        fields=FIELDS,
        values=CombatValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
