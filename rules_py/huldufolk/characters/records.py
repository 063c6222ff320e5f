"""What a Huldufolk actor holds (Huldufolk, Core Rules: Alpha Slice).

"A Huldfolk character sheet is a simple thing. It has four primary sections:
Qualities, affinities, Paths, and Equipment." At the table an actor also
holds its deck (a Major Actor's full deck Ace-10, a Minor Actor's half deck
Ace-5: the cards in hand and any set aside for initiative), its mundane and
supernatural thresholds (their base and where they stand), the damage it has
taken, and its Belief.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["Equipment", "HuldufolkActor"]


@dataclass(frozen=True)
class Equipment:
    """A piece of equipment and its bonus: mundane +0 to +2, magical up to +5."""

    name: str
    bonus: int
    magical: bool


@dataclass(frozen=True)
class HuldufolkActor:
    game: ClassVar[str] = "huldufolk"

    id: str
    name: str
    rank: str  # major / minor
    nature: str  # mundane / supernatural
    cards: tuple[int, ...]  # held, lowest first
    set_aside: tuple[int, ...]  # played for initiative, back when the combat ends
    mundane_base: int
    mundane: int
    supernatural_base: int  # 0 for a mundane Minor Actor, who has none
    supernatural: int
    fatigued: bool  # Life 4's Fatigue: a mundane attack takes 2 off the mundane threshold
    damage: int
    belief: int  # the rank, 1-5; 0 for none
    belief_to_spend: int
    qualities: tuple[str, ...]
    affinities: tuple[str, ...]
    foci: tuple[str, ...]
    equipment: tuple[Equipment, ...]
