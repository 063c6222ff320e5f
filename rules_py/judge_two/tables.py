"""The Judge Two tables (seed 003), loaded once from ``rules_py/judge_two/data/judge_two.json``.

Attributes, essences, challenge levels, the Action Resolution Summary, the
bands of attack consequences and prestige, in the text's own words, so the
pages (through a macro) and the rollers print the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.data import load_json

__all__ = [
    "AttackBand",
    "ChallengeLevel",
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
class AttackBand:
    """Degrees ``low`` to ``high`` (None: "or more") and what they impose."""

    low: int
    high: int | None
    text: str

    @property
    def span(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


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
    attack_bands: tuple[AttackBand, ...]
    prestige: tuple[PrestigeRow, ...]

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
        attack_bands=tuple(AttackBand(b["low"], b["high"], b["text"]) for b in raw["attack_bands"]),
        prestige=tuple(PrestigeRow(p["prestige"], p["resistance"]) for p in raw["prestige"]),
    )
