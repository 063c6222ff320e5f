"""A creature of the Cairn bestiary as a foe, with its stat block, in one call."""

from __future__ import annotations

from rules_py.cairn.bestiary import Creature, creatures
from rules_py.cairn.characters.records import CairnCharacter
from rules_py.cairn.characters.sheets import SLOTS_DEFAULT
from rules_py.core.errors import RulesInputError, describe

__all__ = ["creature_named", "foe_from_creature"]


def creature_named(name: object) -> Creature:
    """The bestiary's creature called ``name`` (letter case aside)."""
    for creature in creatures():
        if isinstance(name, str) and creature.name.lower() == name.strip().lower():
            return creature
    known = ", ".join(creature.name for creature in creatures())
    raise RulesInputError("creature", f"Creature must be one of: {known} (got {describe(name)}).")


def foe_from_creature(creature: Creature, member_id: str) -> CairnCharacter:
    """The creature at full strength: its HP, Armor, scores, attack and traits."""
    attack = creature.attack
    return CairnCharacter(
        id=member_id,
        name=creature.name,
        kind="npc",
        hp=creature.hp,
        max_hp=creature.hp,
        strength=creature.strength,
        max_strength=creature.strength,
        dexterity=creature.dexterity,
        max_dexterity=creature.dexterity,
        willpower=creature.willpower,
        max_willpower=creature.willpower,
        armor=creature.armor,
        weapon="" if attack is None else attack.name,
        weapon_dice="" if attack is None else "+".join(attack.dice),
        blast=attack is not None and attack.blast,
        slots=SLOTS_DEFAULT,
        fatigue=0,
        items=(),
        deprived=False,
        critical=False,
        dead=False,
        scars=(),
        spellbook=creature.spellbook,
        traits=creature.traits,
    )
