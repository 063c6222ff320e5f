"""What a character of The Way of All the Earth holds.

A player character has nine attributes (ranks 0 to 3) and Faith; Heart, Mind
and Strength derive from the attributes. Every character in a conflict
carries risk (to twelve), the threats and marks imposed on it, a finisher if
one was, the burdened condition, composure, and what grants resistance:
armour (martial), prestige (subtle), epic resistance, and a player
character's resolve. Non-player characters are brutes, foes or nemeses, with
a power level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["JudgeTwoCharacter", "MarkRecord"]


@dataclass(frozen=True)
class MarkRecord:
    """A mark borne, and the form of the attack that imposed it (a martial
    mark counts toward death, a subtle one strips composure)."""

    mark: str
    form: str


@dataclass(frozen=True)
class JudgeTwoCharacter:
    game: ClassVar[str] = "judge_two"

    id: str
    name: str
    kind: str  # pc / foe / brute / nemesis
    power_level: int  # a non-player character's
    arm: int
    breath: int
    eyes: int
    feet: int
    guts: int
    hands: int
    nose: int
    spirit: int
    tongue: int
    faith: int
    risk: int
    threats: tuple[str, ...]
    marks: tuple[MarkRecord, ...]
    finished: str  # the form of the attack that imposed a finisher, or ""
    burdened: bool
    composed: bool
    shield: bool  # a shield readied
    armour: str
    prestige: str
    epic_resistance: int
    resolve: int
    captain: bool
    disguise: str
    omen_met: bool  # a nemesis's omen condition
