"""The d10 dice-pool game's sheet: every field with its bounds and default,
written once, and what derives. Bounds are the engine's: traits up to
``pool.MAX_TRAIT``, Limit to its break at 10, Health to ``combat.MAX_HEALTH``,
Anima and motes to ``powers.MAX_POOL``, defences to ``combat.MAX_DV``."""

from __future__ import annotations

from rules_py.dice_pool.characters.records import Ability, Trait
from rules_py.dice_pool.combat import MAX_ACCURACY, MAX_BASE_DAMAGE, MAX_DV, MAX_HEALTH
from rules_py.dice_pool.pool import MAX_TRAIT
from rules_py.dice_pool.powers import LIMIT_BREAK, LIMIT_MIN, MAX_POOL
from rules_py.dice_pool.projects import MAX_MERIT_DOTS
from rules_py.dice_pool.tables import group_magnitudes, mundane_armor
from rules_py.party.sheet import ID_FIELD, NAME_FIELD, Cap, Derived, ListField, Sheet
from rules_py.widget import Field, bool_field, choice_field, int_field

__all__ = ["DICE_POOL_SHEET", "TRAITS_NOTE"]

TRAITS_NOTE = (
    "The text lists no Attributes or Abilities (it names Wits, Charisma, Awareness in "
    "passing): each character lists its own; maximum Health and motes are entered too."
)
_NAME = Field("name", "Name", "text", "", max_length=40)

DICE_POOL_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("kind", "Kind", (("pc", "Player character"), ("npc", "Storyteller's"))),
        bool_field("exalt", "Exalt", True, help="Exalts have Essence, Limit, Anima and motes."),
        int_field(
            "magnitude",
            "Group Magnitude",
            0,
            0,
            group_magnitudes()[-1].magnitude,
            help="0 for an individual; minor characters fighting together form a group.",
        ),
        ListField(
            "attributes",
            "Attributes",
            record=Trait,
            fields=(_NAME, int_field("rating", "Rating", 1, 0, MAX_TRAIT)),
            help=TRAITS_NOTE,
        ),
        ListField(
            "abilities",
            "Abilities",
            record=Ability,
            fields=(
                _NAME,
                int_field("rating", "Rating", 1, 0, MAX_TRAIT),
                bool_field("favored", "Favored"),
            ),
            max_items=30,
        ),
        ListField(
            "merits",
            "Merits",
            record=Trait,
            fields=(_NAME, int_field("rating", "Rating", 1, 0, MAX_MERIT_DOTS)),
        ),
        int_field("essence", "Essence", 1, 0, MAX_TRAIT),
        int_field("limit", "Limit", 0, LIMIT_MIN, LIMIT_BREAK),
        bool_field("broken", "Broken (Limit)"),
        int_field("anima", "Anima", 0, 0, MAX_POOL, help="Dissipates at a full night's rest."),
        int_field(
            "stunt_anima",
            "Stunt/Roleplay anima",
            0,
            0,
            MAX_POOL,
            help="Does not dissipate at rest.",
        ),
        int_field("motes", "Motes", 0, 0, MAX_POOL),
        int_field("max_motes", "Max motes", 0, 0, MAX_POOL),
        int_field("health", "Health", 10, 0, MAX_HEALTH),
        int_field("max_health", "Max Health", 10, 0, MAX_HEALTH),
        int_field("dv", "DV", 2, 0, MAX_DV, help="Defence Value: what a strike must match."),
        int_field("block", "Block", 1, 0, MAX_DV),
        int_field("evasion", "Evasion", 1, 0, MAX_DV),
        int_field("resolve", "Resolve", 1, 0, MAX_DV),
        choice_field("armor", "Armour", [(row.key, row.name) for row in mundane_armor()]),
        Field("weapon", "Weapon", "text", "", max_length=40),
        int_field("accuracy", "Weapon Accuracy", 0, 0, MAX_ACCURACY),
        int_field("base_damage", "Base Damage", 0, 0, MAX_BASE_DAMAGE),
    ),
    caps=(Cap("motes", "max_motes"),),
    derived=(
        Derived("health_max", "Health at most", "Max Health, plus 5 for each group Magnitude."),
        Derived("defeated", "Defeated", "At 5 Health or less a character wants to surrender."),
        Derived("block_worn", "Block in armour", "Block with the armour's modifier, at least 0."),
        Derived("evasion_worn", "Evasion in armour", "Evasion with the armour's, at least 0."),
        Derived("group", "Group bonus", "+1 Damage, Accuracy and die for each Magnitude."),
        Derived("break_chance", "Chance to break", "A 1d10 under the Limit; certain at 10."),
        Derived("strife_damage", "Strife strike Base Damage", "3 + Essence x 2."),
    ),
)
