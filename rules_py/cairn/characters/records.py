"""What a character holds in each of the three Cairn-style rule sets.

Cairn (STR, DEX, WIL; HP then STR; scars), the Might and Heart rules (Might
and Heart; HP; the harm table's Burdens, Conditions and Advancements) and the
Grit variant of the Rules Summary (Prowess, Insight, Resolve; Grit). Each
ability has the score now and its maximum (the Grit variant's "permanent"
score), which recovery restores and scars raise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART

__all__ = ["CairnCharacter", "GritCharacter", "Item", "MightHeartCharacter", "ScarRecord"]


@dataclass(frozen=True)
class Item:
    """Something carried, and the slots it takes (a Spellbook one, a Scroll none)."""

    name: str
    slots: int


@dataclass(frozen=True)
class ScarRecord:
    """A scar a PC bears; ``waiting`` names the moment its effect still waits
    for ("once mended"), "" once it has come. ``score``, ``rule`` and
    ``amount`` are the effect (:class:`rules_py.cairn.scars.ScarEffect`)."""

    total: int
    name: str
    waiting: str
    score: str
    rule: str
    amount: int


@dataclass(frozen=True)
class CairnCharacter:
    game: ClassVar[str] = CAIRN

    id: str
    name: str
    kind: str  # pc / npc / detachment
    hp: int
    max_hp: int
    strength: int
    max_strength: int
    dexterity: int
    max_dexterity: int
    willpower: int
    max_willpower: int
    armor: int
    weapon: str
    weapon_dice: str  # "d8+d8": the dice it rolls, the highest kept; "" for none
    blast: bool
    slots: int
    fatigue: int
    items: tuple[Item, ...]
    deprived: bool
    critical: bool  # failed a save against critical damage, not yet stabilized
    dead: bool  # a death no score shows (Doomed)
    scars: tuple[ScarRecord, ...]
    spellbook: tuple[str, ...]
    traits: tuple[str, ...]


@dataclass(frozen=True)
class MightHeartCharacter:
    game: ClassVar[str] = MIGHT_HEART

    id: str
    name: str
    kind: str
    hp: int
    max_hp: int
    might: int
    max_might: int
    heart: int
    max_heart: int
    armor: int
    weapon: str
    weapon_dice: str
    blast: bool
    slots: int
    fatigue: int
    items: tuple[Item, ...]
    deprived: bool
    critical: bool  # a detachment's critical damage: routed or weakened
    stabilise: bool  # "Stabilisation required"
    burdens: int
    conditions: int
    advancements: int
    dead: bool
    traits: tuple[str, ...]


@dataclass(frozen=True)
class GritCharacter:
    game: ClassVar[str] = GRIT

    id: str
    name: str
    kind: str  # pc / npc
    grit: int
    prowess: int
    max_prowess: int
    insight: int
    max_insight: int
    resolve: int
    max_resolve: int
    armor: int
    weapon: str
    weapon_dice: str
    blast: bool
    deprived: bool
    critical: bool  # out of combat until attended to
    advancements: int
    dead: bool
    traits: tuple[str, ...]
