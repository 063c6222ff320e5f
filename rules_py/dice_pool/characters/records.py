"""What a character of the d10 dice-pool game holds.

The text rolls "(Attribute + Ability) d10s" and names some traits in passing
(Wits + Awareness, Charisma + Wealth, Essence + Favored Ability) without a
list: each character lists its own Attributes, Abilities and Merits. Exalts
also hold Essence, Limit, Anima and motes; every character has Health, the
defences attacks and maneuvers roll against, and a weapon's Accuracy and
Base Damage. Minor characters that fight as a group have a Magnitude.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["Ability", "PoolCharacter", "Trait"]


@dataclass(frozen=True)
class Trait:
    """An Attribute or a Merit, by name, with its rating (dots)."""

    name: str
    rating: int


@dataclass(frozen=True)
class Ability:
    name: str
    rating: int
    favored: bool  # rolled with Essence to Build Power


@dataclass(frozen=True)
class PoolCharacter:
    game: ClassVar[str] = "dice_pool"

    id: str
    name: str
    kind: str  # pc / npc
    exalt: bool
    magnitude: int  # 0: an individual; 1-8: a group of minor characters
    attributes: tuple[Trait, ...]
    abilities: tuple[Ability, ...]
    merits: tuple[Trait, ...]
    essence: int
    limit: int
    broken: bool  # the character has broken and not yet come back from it
    anima: int  # accumulated: dissipates at a full night's rest
    stunt_anima: int  # from stunts and roleplay: "Does not dissipate at rest"
    motes: int
    max_motes: int
    health: int
    max_health: int  # an individual's; a group adds 5 for each Magnitude
    dv: int
    block: int
    evasion: int
    resolve: int
    armor: str
    weapon: str
    accuracy: int
    base_damage: int
