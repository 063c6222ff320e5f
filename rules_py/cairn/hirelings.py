"""Hirelings (Cairn, "Hirelings").

    "To create a hireling, roll 3d6 for each ability score, then give them 1d6
    HP and a simple weapon (d6) [...] Hirelings cost between 1-3gp per day, or
    a share of whatever treasure the party obtains."

The text gives the daily cost as a range without a die; this site rolls 1d3.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.rng import Rng

__all__ = [
    "ABILITY_DICE",
    "ABILITY_DIE",
    "COST_DIE",
    "COST_RULE",
    "CREATION_TABLES_NOTE",
    "HP_DIE",
    "WEAPON_DIE",
    "Hireling",
    "roll_hireling",
]

ABILITY_DICE = 3  # "roll 3d6 for each ability score"
ABILITY_DIE = 6
HP_DIE = 6  # "1d6 HP"
WEAPON_DIE = 6  # "a simple weapon (d6)"
COST_DIE = 3  # "1-3gp per day", rolled as 1d3 (see COST_RULE)

COST_RULE = "Daily cost: the text says 1-3 gp; this roller rolls 1d3."
CREATION_TABLES_NOTE = (
    "The Character Creation tables the text points to are not part of these rules."
)


@dataclass(frozen=True)
class Hireling:
    strength: tuple[int, int, int]
    dexterity: tuple[int, int, int]
    willpower: tuple[int, int, int]
    hp: int
    weapon_die: int
    cost_gp: int

    @property
    def scores(self) -> tuple[tuple[str, int], ...]:
        return (
            ("STR", sum(self.strength)),
            ("DEX", sum(self.dexterity)),
            ("WIL", sum(self.willpower)),
        )

    def as_text(self) -> str:
        """The hireling as one line of plain text, to paste into notes."""
        scores = ", ".join(f"{name} {value}" for name, value in self.scores)
        return (
            f"Hireling: {scores}, {self.hp} HP, simple weapon (d{self.weapon_die}), "
            f"{self.cost_gp} gp per day or a share of the treasure."
        )


def _three_d6(rng: Rng) -> tuple[int, int, int]:
    first, second, third = rng.dice(ABILITY_DICE, ABILITY_DIE)
    return first, second, third


def roll_hireling(rng: Rng) -> Hireling:
    """3d6 each for STR, DEX and WIL (in that order), 1d6 HP, then 1d3 gp a day."""
    strength = _three_d6(rng)
    dexterity = _three_d6(rng)
    willpower = _three_d6(rng)
    hp = rng.die(HP_DIE)
    cost = rng.die(COST_DIE)
    return Hireling(strength, dexterity, willpower, hp, WEAPON_DIE, cost)
