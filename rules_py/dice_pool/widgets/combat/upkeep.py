"""Armour, environmental damage and rest in ``dice_pool.combat``: no dice, only sums."""

from __future__ import annotations

from rules_py.dice_pool import combat, powers
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.combat.form import NIGHT, CombatValues
from rules_py.widget import Block, facts, line, note, outcome

__all__ = ["armor", "environment", "rest"]


def armor(values: CombatValues) -> list[Block]:
    suit = combat.armor(values.armor)
    worn = combat.armored(values.block, values.evasion, values.armor)
    return [
        outcome(f"BLOCK {worn.block}, EVASION {worn.evasion}", "neutral"),
        facts(
            [
                ("Armour", suit.name),
                ("Block", f"{values.block} {view.signed(suit.block)} = {worn.block}"),
                ("Evasion", f"{values.evasion} {view.signed(suit.evasion)} = {worn.evasion}"),
            ]
        ),
        note(combat.ARMOR_FLOOR_RULE),
    ]


def environment(values: CombatValues) -> list[Block]:
    hurt = combat.environmental_hit(values.environment, values.health)
    blocks: list[Block] = [
        outcome(f"{hurt.damage} DAMAGE: Health {hurt.before} \u2192 {hurt.after}", "bad"),
    ]
    if hurt.defeated:
        blocks.append(
            line(
                f"At {powers.DEFEAT_HEALTH} Health or less the character starts to want to "
                f"surrender; an Exalt defeated gains {powers.DEFEAT_LIMIT} Limit."
            )
        )
    blocks.append(note(combat.ENVIRONMENT_RULE))
    return blocks


def rest(values: CombatValues) -> list[Block]:
    night = values.rest == NIGHT
    recovery = powers.full_night() if night else powers.hours_of_rest(values.hours)
    after = powers.rest(
        recovery,
        health_missing=values.health_missing,
        motes_missing=values.motes_missing,
        anima=values.anima,
        stunt_anima=values.stunt_anima,
    )
    gained = (
        f"a full night: up to {recovery.health} Health, all motes"
        if recovery.motes is None
        else f"{values.hours} hours: up to {recovery.health} Health, {recovery.motes} motes"
    )
    return [
        outcome(f"+{after.health} HEALTH, +{after.motes} MOTES", "good"),
        line(f"Rest for {gained}."),
        facts(
            [
                ("Health still missing", str(after.health_missing)),
                ("Motes still missing", str(after.motes_missing)),
                ("Accumulated anima", f"{values.anima} \u2192 {after.anima}"),
                ("Stunt/Roleplay anima", f"{after.stunt_anima} (does not dissipate)"),
            ]
        ),
        note(powers.REST_RULE),
    ]
