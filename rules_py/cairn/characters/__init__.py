"""Characters and foes of the Cairn family, for the party: what each holds
(:mod:`.records`, :mod:`.sheets`), what a hit does to them (:mod:`.hits`),
Fatigue, rest, recovery and scars that wait (:mod:`.upkeep`), a bestiary
creature as a foe (:mod:`.foes`), and the three rule sets as party games
(:mod:`.rules`).
"""

from rules_py.cairn.characters.foes import creature_named, foe_from_creature
from rules_py.cairn.characters.hits import take_damage, take_hit
from rules_py.cairn.characters.records import (
    CairnCharacter,
    GritCharacter,
    Item,
    MightHeartCharacter,
    ScarRecord,
)
from rules_py.cairn.characters.rules import CAIRN_RULES, GRIT_RULES, MIGHT_HEART_RULES

__all__ = [
    "CAIRN_RULES",
    "GRIT_RULES",
    "MIGHT_HEART_RULES",
    "CairnCharacter",
    "GritCharacter",
    "Item",
    "MightHeartCharacter",
    "ScarRecord",
    "creature_named",
    "foe_from_creature",
    "take_damage",
    "take_hit",
]
