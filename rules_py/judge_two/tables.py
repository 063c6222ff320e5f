"""The Judge Two tables (The Way of All the Earth), loaded once from
``rules_py/judge_two/data/judge_two.json``.

Attributes, essences, challenge levels, the Action Resolution Summary, the
bands of attack consequences, prestige, armour and disguises, in the text's
own words, so the pages (through a macro) and the rollers print the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.data import load_json
from rules_py.core.ranges import IntRange

__all__ = [
    "ArmourRow",
    "AttackBandRow",
    "BandOption",
    "ChallengeLevel",
    "DisguiseRow",
    "OutcomeRow",
    "PrestigeRow",
    "Tables",
    "Trait",
    "tables",
]


@dataclass(frozen=True)
class Trait:
    """An attribute or an essence: its name and the text's summary of it."""

    name: str
    summary: str
    derived_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChallengeLevel:
    cl: int
    description: str
    examples: str


@dataclass(frozen=True)
class OutcomeRow:
    name: str
    condition: str  # as the text writes it: "Truth 4-6 and FL >/= CL"
    text: str


@dataclass(frozen=True)
class BandOption:
    """One set of consequences a band lets the attacker choose."""

    risk: int = 0
    threats: int = 0
    marks: int = 0
    finisher: bool = False


@dataclass(frozen=True)
class AttackBandRow:
    """Degrees of success in ``range`` and the consequences they impose."""

    range: IntRange
    options: tuple[BandOption, ...]
    text: str


@dataclass(frozen=True)
class ArmourRow:
    """A martial vital boon: its resistance, and the outcome that burdens its wearer."""

    armour: str
    label: str
    resistance: int
    burdened_on: str  # "guilty_failure" or "failure"
    text: str


@dataclass(frozen=True)
class DisguiseRow:
    """A disguise by how far it differs, and the outcome that burdens its wearer."""

    disguise: str
    label: str
    burdened_on: str  # "guilty_failure" or "failure"
    text: str


@dataclass(frozen=True)
class PrestigeRow:
    prestige: str
    resistance: int


@dataclass(frozen=True)
class Tables:
    attributes: tuple[Trait, ...]
    essences: tuple[Trait, ...]
    challenge_levels: tuple[ChallengeLevel, ...]
    outcomes: tuple[OutcomeRow, ...]
    attack_bands: tuple[AttackBandRow, ...]
    prestige: tuple[PrestigeRow, ...]
    armour: tuple[ArmourRow, ...]
    disguises: tuple[DisguiseRow, ...]

    def outcome(self, name: str) -> OutcomeRow:
        for row in self.outcomes:
            if row.name == name:
                return row
        raise KeyError(name)

    def challenge_level(self, cl: int) -> ChallengeLevel | None:
        for row in self.challenge_levels:
            if row.cl == cl:
                return row
        return None


@cache
def tables() -> Tables:
    raw: dict[str, Any] = load_json("judge_two", "judge_two.json")
    return Tables(
        attributes=tuple(Trait(a["name"], a["summary"]) for a in raw["attributes"]),
        essences=tuple(
            Trait(e["name"], e["summary"], tuple(e["derived_from"])) for e in raw["essences"]
        ),
        challenge_levels=tuple(
            ChallengeLevel(c["cl"], c["description"], c["examples"])
            for c in raw["challenge_levels"]
        ),
        outcomes=tuple(OutcomeRow(o["name"], o["condition"], o["text"]) for o in raw["outcomes"]),
        attack_bands=tuple(
            AttackBandRow(
                IntRange(b["low"], b["high"]),
                tuple(BandOption(**option) for option in b["options"]),
                b["text"],
            )
            for b in raw["attack_bands"]
        ),
        prestige=tuple(PrestigeRow(p["prestige"], p["resistance"]) for p in raw["prestige"]),
        armour=tuple(ArmourRow(**row) for row in raw["armour"]),
        disguises=tuple(DisguiseRow(**row) for row in raw["disguises"]),
    )
