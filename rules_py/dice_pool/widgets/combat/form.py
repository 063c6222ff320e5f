"""The form of ``dice_pool.combat``: its modes, fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.dice_pool import combat, maneuvers, pool, powers
from rules_py.dice_pool.tables import environmental_damage, mundane_armor
from rules_py.dice_pool.tables import maneuvers as maneuver_rows
from rules_py.dice_pool.widgets import view
from rules_py.widget import Field, FormValues, choice_field, int_field

__all__ = [
    "ARMOR",
    "ENVIRONMENT",
    "FIELDS",
    "HOURS",
    "MANEUVER",
    "NIGHT",
    "ORDER",
    "REST",
    "CombatValues",
]

ORDER, MANEUVER, ARMOR, ENVIRONMENT, REST = "order", "maneuver", "armor", "environment", "rest"
NIGHT, HOURS = "night", "hours"


@dataclass(frozen=True)
class CombatValues(FormValues):
    mode: str
    wits: int
    awareness: int
    others: int
    others_dice: int
    maneuver: str
    attribute: int
    ability: int
    defence: int
    target_dice: int
    block: int
    evasion: int
    armor: str
    environment: str
    rest: str
    hours: int
    health: int
    health_missing: int
    motes_missing: int
    anima: int
    stunt_anima: int


def _modes(*modes: str) -> dict[str, tuple[str, ...]]:
    return {"mode": modes}


def _fields() -> tuple[Field, ...]:
    return (
        choice_field(
            "mode",
            "Combat",
            [
                (ORDER, "Order roll (Wits + Awareness)"),
                (MANEUVER, "Maneuver"),
                (ARMOR, "Armour on Block and Evasion"),
                (ENVIRONMENT, "Environmental damage"),
                (REST, "Rest"),
            ],
        ),
        int_field("wits", "Wits", 2, 0, pool.MAX_TRAIT, shown_when=_modes(ORDER)),
        int_field("awareness", "Awareness", 2, 0, pool.MAX_TRAIT, shown_when=_modes(ORDER)),
        int_field(
            "others",
            "Other combatants",
            3,
            0,
            combat.MAX_COMBATANTS - 1,
            shown_when=_modes(ORDER),
        ),
        int_field(
            "others_dice",
            "Their Wits + Awareness dice",
            4,
            0,
            2 * pool.MAX_TRAIT,
            shown_when=_modes(ORDER),
        ),
        choice_field(
            "maneuver",
            "Maneuver",
            [(m.key, f"{m.name} ({m.difficulty_text})") for m in maneuver_rows()],
            shown_when=_modes(MANEUVER),
        ),
        int_field("attribute", "Attribute", 3, 0, pool.MAX_TRAIT, shown_when=_modes(MANEUVER)),
        int_field("ability", "Ability", 2, 0, pool.MAX_TRAIT, shown_when=_modes(MANEUVER)),
        int_field(
            "defence",
            "Difficulty: the target's Block, Evasion or Resolve",
            2,
            0,
            pool.MAX_DIFFICULTY,
            help="Or the Storyteller's difficulty for (Varies) and Based on Scenery.",
            shown_when={
                "mode": (MANEUVER,),
                "maneuver": tuple(
                    m.key
                    for m in maneuver_rows()
                    if m.against not in (maneuvers.LADDER, maneuvers.NO_ROLL)
                ),
            },
        ),
        int_field(
            "target_dice",
            "Target's dice to break free",
            4,
            0,
            pool.MAX_DIFFICULTY,
            shown_when={"mode": (MANEUVER,), "maneuver": ("hold",)},
        ),
        int_field("block", "Block", 2, 0, combat.MAX_DV, shown_when=_modes(ARMOR)),
        int_field("evasion", "Evasion", 2, 0, combat.MAX_DV, shown_when=_modes(ARMOR)),
        choice_field(
            "armor",
            "Mundane armour",
            [
                (
                    a.key,
                    f"{a.name} (Block {view.signed(a.block)}, Evasion {view.signed(a.evasion)})",
                )
                for a in mundane_armor()
            ],
            shown_when=_modes(ARMOR),
        ),
        choice_field(
            "environment",
            "Environmental damage",
            [(e.name, f"{e.name} ({e.damage})") for e in environmental_damage()],
            shown_when=_modes(ENVIRONMENT),
        ),
        choice_field(
            "rest",
            "Rest",
            [
                (NIGHT, f"A full night ({powers.NIGHT_HEALTH} Health, all motes)"),
                (
                    HOURS,
                    f"By the hour ({powers.HOURLY_HEALTH} Health, {powers.HOURLY_MOTES} mote each)",
                ),
            ],
            shown_when=_modes(REST),
        ),
        int_field(
            "hours",
            "Hours of rest",
            1,
            0,
            powers.MAX_REST_HOURS,
            shown_when={"mode": (REST,), "rest": (HOURS,)},
        ),
        int_field("health", "Health", 10, 0, combat.MAX_HEALTH, shown_when=_modes(ENVIRONMENT)),
        int_field(
            "health_missing",
            "Health lost (below the maximum)",
            10,
            0,
            powers.MAX_POOL,
            shown_when=_modes(REST),
        ),
        int_field(
            "motes_missing",
            "Motes spent (below the maximum)",
            5,
            0,
            powers.MAX_POOL,
            shown_when=_modes(REST),
        ),
        int_field("anima", "Accumulated anima", 0, 0, powers.MAX_POOL, shown_when=_modes(REST)),
        int_field(
            "stunt_anima", "Stunt/Roleplay anima", 0, 0, powers.MAX_POOL, shown_when=_modes(REST)
        ),
    )


FIELDS = _fields()
