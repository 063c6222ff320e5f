"""What a score of 0 and critical damage mean in the words of each rule set, and
the notes the roller shows where the texts are silent.
"""

from __future__ import annotations

from rules_py.cairn.harm.targets import Target
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART

__all__ = [
    "CAIRN_DEX_WIL_ZERO",
    "CAIRN_PC_CRITICAL",
    "DIRECT_NOTE",
    "GRIT_CRITICAL",
    "GRIT_NPC_NOTE",
    "MIGHT_HEART_DETACHMENT_NOTE",
    "MIGHT_HEART_ZERO_NOTE",
    "REDUCED_SAVE_NOTE",
    "ZERO_MEANING",
    "ZERO_SAVE_NOTE",
    "cairn_zero",
    "zero_meaning",
]

ZERO_MEANING = {
    CAIRN: {"STR": "they die", "DEX": "they are paralyzed", "WIL": "they are delirious"},
    GRIT: {"Prowess": "death", "Insight": "condition", "Resolve": "panic"},
}
CAIRN_DEX_WIL_ZERO = (
    "Complete DEX and WIL loss renders the character unable to act until they are "
    "restored through extended rest or by extraordinary means."
)
REDUCED_SAVE_NOTE = "The save after ability loss is made against the reduced score."
ZERO_SAVE_NOTE = "A score of 0 cannot be saved against: no d20 roll is 0 or under."
MIGHT_HEART_ZERO_NOTE = (
    "This text gives no rule for Might or Heart at 0 (its sentence on loss to 0 speaks of "
    "STR, DEX and WIL); the Warden decides."
)
MIGHT_HEART_DETACHMENT_NOTE = (
    "A detachment takes harm on Might; a failed save is its critical damage, as in Cairn."
)
GRIT_NPC_NOTE = "The Rules Summary speaks of PCs; an NPC is treated the same way here."

CAIRN_PC_CRITICAL = (
    "Critical damage: the PC can do nothing but crawl weakly, grasping for life. "
    "With aid and rest they stabilize; left untreated, they die within the hour."
)
GRIT_CRITICAL = (
    "Critical damage: out of combat, and the {ability} is reduced by 1 permanently. "
    "The PC dies instantly if harmed further and cannot act until attended to; "
    "left alone, they die in one hour."
)

DIRECT_NOTE = (
    'Damage dealt straight to an ability (such as a creature\'s "1d4 WIL damage") skips HP, '
    "armour and the save against critical damage."
)


def cairn_zero(target: Target, ability: str) -> str:
    """What a Cairn ability at 0 means for ``target`` (a detachment at STR 0 is destroyed)."""
    if target.kind == "detachment" and ability == "STR":
        return "destroyed"
    return ZERO_MEANING[CAIRN][ability]


def zero_meaning(rules: str, ability: str) -> str:
    """What a score of 0 means, in the words of the rules."""
    if rules == MIGHT_HEART:
        return MIGHT_HEART_ZERO_NOTE
    meaning = ZERO_MEANING[rules][ability]
    if rules == CAIRN:
        return f"{ability} 0: {meaning}."
    return f"{ability} at 0 means {meaning}."
