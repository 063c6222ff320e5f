"""The Cairn bestiary (Cairn, "Bestiary"): six creatures as data.

Each creature is stored once in ``data/bestiary.json``; the page draws
stat-block cards from it and :func:`statline` writes the source's one-line form
back ("12 HP, 2 Armor, 14 STR, 1 DEX, 8 WIL, bite (d10)"), which the tests
compare with the text word for word.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.data import load_json

__all__ = [
    "TEMPLATE_NAME",
    "TEMPLATE_STATLINE",
    "TEMPLATE_TRAITS",
    "Attack",
    "Creature",
    "creatures",
    "stat_parts",
    "statline",
]


@dataclass(frozen=True)
class Attack:
    name: str
    dice: tuple[str, ...]  # "d8", "d8": two dice, keep the highest (d8+d8)
    blast: bool

    @property
    def notation(self) -> str:
        """ "d8+d8 blast" as the text writes it."""
        quality = " blast" if self.blast else ""
        return "+".join(self.dice) + quality

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(int(die.removeprefix("d")) for die in self.dice)


@dataclass(frozen=True)
class Creature:
    name: str
    hp: int
    armor: int
    strength: int
    dexterity: int
    willpower: int
    attack: Attack | None
    spellbook: tuple[str, ...]  # "Choose one" of these spells
    traits: tuple[str, ...]

    @property
    def anchor(self) -> str:
        return "creature-" + "-".join(self.name.lower().split())


def _creature(row: dict[str, Any]) -> Creature:
    attack = row["attack"]
    return Creature(
        name=str(row["name"]),
        hp=int(row["hp"]),
        armor=int(row["armor"]),
        strength=int(row["str"]),
        dexterity=int(row["dex"]),
        willpower=int(row["wil"]),
        attack=None
        if attack is None
        else Attack(str(attack["name"]), tuple(attack["dice"]), bool(attack["blast"])),
        spellbook=tuple(row["spellbook"]),
        traits=tuple(row["traits"]),
    )


@cache
def creatures() -> tuple[Creature, ...]:
    """The six creatures, in the order of the text."""
    return tuple(_creature(row) for row in load_json("cairn", "bestiary.json"))


def stat_parts(creature: Creature) -> tuple[str, ...]:
    """The comma-separated parts of the stat line; Armor only when it is not 0."""
    parts = [f"{creature.hp} HP"]
    if creature.armor:
        parts.append(f"{creature.armor} Armor")
    parts += [f"{creature.strength} STR", f"{creature.dexterity} DEX", f"{creature.willpower} WIL"]
    if creature.attack is not None:
        parts.append(f"{creature.attack.name} ({creature.attack.notation})")
    if creature.spellbook:
        parts.append(f"a Spellbook (Choose one: {', '.join(creature.spellbook)})")
    return tuple(parts)


def statline(creature: Creature) -> str:
    return ", ".join(stat_parts(creature))


# "Creating Monsters": the template, kept as data so the card and the text agree.
TEMPLATE_NAME = "Name"
TEMPLATE_STATLINE = "X HP, X Armor, X STR, X DEX, X WIL, Weapon (dX, special items, qualities)"
TEMPLATE_TRAITS = (
    "Engaging descriptor of appearance or demeanor",
    "Quirk, tactic, or peculiarity making this NPC unique",
    "Special effect or critical damage consequence",
)
