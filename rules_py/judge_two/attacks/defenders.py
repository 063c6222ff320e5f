"""Who defends against an attack: risk, resistance (granted by vital boons) and
resolve (The Way of All the Earth, "Attacks and Defenses"); brutes and nemeses
have rules of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.tables import tables

__all__ = [
    "ARMOUR_RESISTANCE",
    "CAPTAIN_RESOLVE",
    "CRITICAL_RISK",
    "PRESTIGE_RESISTANCE",
    "RESISTANCE_MAX",
    "RESISTANCE_SOURCES",
    "RISK_MAX",
    "Defender",
    "DefenderKind",
    "ResistanceSource",
    "resistance_from",
]

RISK_MAX = 12  # "A character can never have more than twelve risk."
CRITICAL_RISK = 7  # "seven or more points of risk then they are said to be in a critical state"
RESISTANCE_MAX = 12  # no defender needs to ignore more risk than a character can hold
CAPTAIN_RESOLVE = 1  # "A character with a captain's proficiency gains 1 resolve permanently"

# Prestige: "Characters with the highest prestige have 4 subtle resistance.
# Characters with middle prestige have 2 subtle resistance. Characters with low
# prestige have 0 subtle resistance."
PRESTIGE_RESISTANCE: Mapping[str, int] = {row.prestige: row.resistance for row in tables().prestige}
# Martial vital boons: "Light armor grants 2 marital resistance [...] Heavy armor
# grants 3 martial resistance"
ARMOUR_RESISTANCE: Mapping[str, int] = {
    "none": 0,
    **{row.armour: row.resistance for row in tables().armour},
}


@dataclass(frozen=True)
class ResistanceSource:
    """Where a defender's resistance comes from; ``resistance`` None: a number given."""

    source: str
    label: str
    resistance: int | None


# Vital boons: armour in martial conflicts, prestige in subtle ones.
RESISTANCE_SOURCES: tuple[ResistanceSource, ...] = (
    ResistanceSource("number", "A number", None),
    *(
        ResistanceSource(row.armour, f"{row.label} ({row.resistance})", row.resistance)
        for row in tables().armour
    ),
    *(
        ResistanceSource(
            row.prestige, f"{row.prestige.capitalize()} prestige ({row.resistance})", row.resistance
        )
        for row in tables().prestige
    ),
)


def resistance_from(source: str, number: int = 0) -> int:
    """The resistance a source grants: armour's or prestige's, or ``number`` as given."""
    for row in RESISTANCE_SOURCES:
        if row.source == source:
            if row.resistance is None:
                return require_int("resistance", "Resistance", number, 0, RESISTANCE_MAX)
            return row.resistance
    allowed = ", ".join(row.source for row in RESISTANCE_SOURCES)
    raise RulesInputError("resistance_from", f"Resistance must come from one of: {allowed}.")


class DefenderKind(StrEnum):
    """Foes "function exactly like player characters" with respect to risk,
    threats, marks and finishers; brutes and nemeses have their own rules."""

    CHARACTER = "character"  # a player character or a foe
    BRUTE = "brute"
    NEMESIS = "nemesis"


@dataclass(frozen=True)
class Defender:
    kind: DefenderKind = DefenderKind.CHARACTER
    risk: int = 0
    resistance: int = 0  # of the conflict's form: martial, subtle or epic
    resolve: int = 0
    omen_met: bool = False  # nemeses only: "cannot have risk imposed on them until
    #                         their omen condition is met"

    def __post_init__(self) -> None:
        require_int("risk", "Defender's risk", self.risk, 0, RISK_MAX)
        require_int("resistance", "Resistance", self.resistance, 0, RESISTANCE_MAX)
        require_int("resolve", "Resolve", self.resolve, 0, RESISTANCE_MAX)

    @property
    def takes_risk(self) -> bool:
        """False for brutes ("Brutes cannot have risk imposed on them") and for
        nemeses whose omen condition is not met."""
        if self.kind is DefenderKind.BRUTE:
            return False
        return not (self.kind is DefenderKind.NEMESIS and not self.omen_met)

    @property
    def counted_risk(self) -> int:
        """Risk added to an attack's degrees: risk less resistance and resolve.

        A nemesis whose omen is not met "ignores all of their current risk".
        """
        if not self.takes_risk:
            return 0
        return max(0, self.risk - self.resistance - self.resolve)
