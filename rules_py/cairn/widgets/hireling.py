"""Widget ``cairn.hireling``: roll a hireling (3d6 per ability, 1d6 HP, a d6 weapon, a cost)."""

from __future__ import annotations

from typing import Any

from rules_py.cairn import hirelings
from rules_py.widget import (
    Action,
    Block,
    Call,
    NoValues,
    Widget,
    copy_text,
    dice,
    die_face,
    facts,
    note,
)

__all__ = ["WIDGETS"]

_ABILITY_DICE = f"{hirelings.ABILITY_DICE}d{hirelings.ABILITY_DIE}"
_COST = f"1-{hirelings.COST_DIE}"  # "1-3gp per day", rolled as 1d3


def handle(call: Call[NoValues]) -> dict[str, Any]:
    hireling = hirelings.roll_hireling(call.rng)
    rolled = (
        (f"STR ({_ABILITY_DICE})", hireling.strength),
        (f"DEX ({_ABILITY_DICE})", hireling.dexterity),
        (f"WIL ({_ABILITY_DICE})", hireling.willpower),
    )
    view: list[Block] = [
        dice(label, [die_face(f, hirelings.ABILITY_DIE) for f in faces]) for label, faces in rolled
    ]
    view += [
        dice(f"HP (1d{hirelings.HP_DIE})", [die_face(hireling.hp, hirelings.HP_DIE)]),
        dice(
            f"Cost in gp per day (1d{hirelings.COST_DIE})",
            [die_face(hireling.cost_gp, hirelings.COST_DIE)],
        ),
        facts(
            [
                *((name, str(value)) for name, value in hireling.scores),
                ("HP", str(hireling.hp)),
                ("Weapon", f"simple weapon (d{hireling.weapon_die})"),
                ("Cost", f"{hireling.cost_gp} gp per day, or a share of the treasure"),
            ]
        ),
        copy_text("Copy as text", hireling.as_text()),
        note(hirelings.COST_RULE),
        note(hirelings.CREATION_TABLES_NOTE),
    ]
    return {"view": view}


WIDGETS = (
    Widget(
        name="cairn.hireling",
        title="Hireling generator",
        summary=(
            f"Roll a hireling: {_ABILITY_DICE} per ability, 1d{hirelings.HP_DIE} HP, a simple "
            f"weapon (d{hirelings.WEAPON_DIE}), {_COST} gp a day."
        ),
        hand_roll=(
            f"Roll {_ABILITY_DICE} for STR, DEX and WIL, 1d{hirelings.HP_DIE} for HP; give them "
            f"a simple weapon (d{hirelings.WEAPON_DIE}). They cost {_COST} gp per day, or a "
            "share of the treasure."
        ),
        fields=(),
        values=NoValues,
        actions=(Action("roll", "Roll a hireling"),),
        handler=handle,
    ),
)
