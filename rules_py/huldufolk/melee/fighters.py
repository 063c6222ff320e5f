"""A fight of one against several (Huldufolk, Miscellaneous Mechanics:
Example of Mundane Defense): every fighter keeps its own deck, thresholds and
damage ("a storyteller with multiple NPCs needs to track thresholds for each,
as well as the cards spent by each"), and the powers active on it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor

__all__ = [
    "FIGHTERS_MAX",
    "FOES_MAX",
    "HERO",
    "LOG_MAX",
    "Fighter",
    "Guard",
    "Melee",
    "Pending",
    "fighter_keys",
]

FOES_MAX = 6  # the text's example is one against three; a site bound, not a rule
FIGHTERS_MAX = FOES_MAX + 1
HERO = 0
LOG_MAX = 40


def fighter_keys() -> tuple[str, ...]:
    """The form's names of the fighters: the hero, then each foe."""
    return ("hero", *(f"foe{n}" for n in range(1, FOES_MAX + 1)))


@dataclass(frozen=True)
class Guard:
    """Bodyguard on a fighter: ``by`` takes its damage this turn (1 less on a Spend)."""

    by: int
    spend: bool


@dataclass(frozen=True)
class Fighter:
    actor: Actor
    damage: int = 0
    attack: int = 0  # the attack pool before the card
    defence: int = 0  # Quality, equipment and bonuses; the threshold is added
    belief: int = 0  # the rank, 0 for none
    belief_to_spend: int = 0
    out: bool = False  # brought down or fled: the storyteller's word
    vengeance: Literal["", "plain", "spend"] = ""  # Swift Vengeance active on it
    guard: Guard | None = None
    # How far it stands from the hero, marked by the player (distance is not on
    # the page): what I am become Death reaches (Huldufolk, Belief: Influence).
    metres: int = 0

    @property
    def name(self) -> str:
        return self.actor.name


@dataclass(frozen=True)
class Pending:
    """An attack under way: the attacker's card face down, the targets, and the
    defence cards chosen so far (one per target, in order)."""

    attacker: int
    power: str
    targets: tuple[int, ...]
    card: int
    attack: str  # mundane / supernatural (the attacker's choice, where it has one)
    melee: bool
    defences: tuple[tuple[int, str, bool], ...] = ()  # card, threshold used, card kept
    # The targets reached only by the Territorial Influence (I am become Death's
    # Burn): they take "the normal attack", base damage 1.
    territorial: tuple[int, ...] = ()

    @property
    def defender(self) -> int:
        """Whose defence card is chosen next."""
        return self.targets[len(self.defences)]


@dataclass(frozen=True)
class Melee:
    fighters: tuple[Fighter, ...]
    pending: Pending | None = None
    log: tuple[str, ...] = ()

    def fighter(self, index: int, field: str = "target") -> Fighter:
        if not 0 <= index < len(self.fighters):
            raise RulesInputError(
                field, f"There is no fighter {index + 1}: this fight has {len(self.fighters)}."
            )
        return self.fighters[index]

    def standing(self, index: int, field: str) -> Fighter:
        fighter = self.fighter(index, field)
        if fighter.out:
            raise RulesInputError(field, f"{fighter.name} is out of the fight.")
        return fighter

    def with_fighter(self, index: int, fighter: Fighter) -> Melee:
        fighters = list(self.fighters)
        fighters[index] = fighter
        return replace(self, fighters=tuple(fighters))

    def logged(self, entry: str) -> Melee:
        return replace(self, log=(*self.log, entry)[-LOG_MAX:])

    def metres_between(self, one: int, other: int) -> int:
        """How far apart two fighters stand: every distance is marked from the hero."""
        return self.fighters[other].metres if one == HERO else self.fighters[one].metres

    def foes_of(self, index: int) -> tuple[int, ...]:
        """The fighters standing against ``index``: the hero's foes are every
        standing foe; a foe's is the hero."""
        if index == HERO:
            return tuple(i for i in range(1, len(self.fighters)) if not self.fighters[i].out)
        return () if self.fighters[HERO].out else (HERO,)
