"""The d10 dice-pool game's tables (seed 002), loaded once from ``rules_py/dice_pool/data``.

Every table the rollers use and the pages print lives in one JSON file, read
here into frozen dataclasses, so the page and the roller never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.data import load_json

__all__ = [
    "AdvantageSize",
    "AnimaBand",
    "AnimaRow",
    "Armor",
    "Difficulty",
    "EnvironmentalDamage",
    "GroupMagnitude",
    "KeyIssueComplexity",
    "ObstructionRow",
    "ScaleShift",
    "TimeMagnitude",
    "WorldScale",
    "advantage_sizes",
    "anima_bands",
    "anima_rows",
    "difficulties",
    "environmental_damage",
    "group_magnitudes",
    "key_issue_complexities",
    "keystone_from_scale",
    "limit_gains",
    "mundane_armor",
    "natures",
    "obstructions",
    "oppositions",
    "repairs",
    "time_magnitudes",
    "world_scales",
]


@dataclass(frozen=True)
class Difficulty:
    value: int
    name: str
    default: bool


@dataclass(frozen=True)
class AdvantageSize:
    """A row of the Advantages table: the dice it moves, or the difficulty."""

    key: str
    name: str
    dice: int
    difficulty: int


@dataclass(frozen=True)
class AnimaBand:
    """ "1 Anima for a roll of 8-9": ``high`` is None for an open band ("12+")."""

    low: int
    high: int | None
    anima: int

    @property
    def span(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"

    def holds(self, successes: int) -> bool:
        return successes >= self.low and (self.high is None or successes <= self.high)


@dataclass(frozen=True)
class AnimaRow:
    source: str
    text: str


@dataclass(frozen=True)
class KeyIssueComplexity:
    name: str
    actions: int


@dataclass(frozen=True)
class EnvironmentalDamage:
    name: str
    damage: int


@dataclass(frozen=True)
class Armor:
    key: str
    name: str
    block: int
    evasion: int


@dataclass(frozen=True)
class WorldScale:
    scale: int
    affects: str


@dataclass(frozen=True)
class ObstructionRow:
    """A row of the Obstructions table; ``low``/``high`` None means open-ended."""

    key: str
    name: str  # a short name for charts: "Major Problem"
    low: int | None
    high: int | None
    text: str

    @property
    def span(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return f"{self.low}-{self.high}"

    @property
    def plain_text(self) -> str:
        """The outcome without Markdown emphasis, for the roller's plain text."""
        return self.text.replace("*", "")


@dataclass(frozen=True)
class ScaleShift:
    key: str
    label: str
    shift: int


@dataclass(frozen=True)
class GroupMagnitude:
    magnitude: int
    population: int
    common_name: str
    military: str | None


@dataclass(frozen=True)
class TimeMagnitude:
    magnitude: int
    name: str


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = load_json("dice_pool", f"{name}.json")
    return data


@cache
def difficulties() -> tuple[Difficulty, ...]:
    return tuple(Difficulty(**row) for row in _load("core")["difficulties"])


@cache
def advantage_sizes() -> tuple[AdvantageSize, ...]:
    return tuple(AdvantageSize(**row) for row in _load("core")["advantages"])


@cache
def anima_bands() -> tuple[AnimaBand, ...]:
    return tuple(AnimaBand(**row) for row in _load("core")["anima_gain"]["critical_bands"])


@cache
def anima_rows() -> tuple[AnimaRow, ...]:
    return tuple(AnimaRow(**row) for row in _load("core")["anima_gain"]["other_rows"])


@cache
def limit_gains() -> tuple[str, ...]:
    return tuple(_load("core")["limit_gains"])


@cache
def key_issue_complexities() -> tuple[KeyIssueComplexity, ...]:
    return tuple(KeyIssueComplexity(**row) for row in _load("core")["key_issue_complexity"])


@cache
def environmental_damage() -> tuple[EnvironmentalDamage, ...]:
    return tuple(EnvironmentalDamage(**row) for row in _load("combat")["environmental_damage"])


@cache
def mundane_armor() -> tuple[Armor, ...]:
    return tuple(Armor(**row) for row in _load("combat")["mundane_armor"])


@cache
def world_scales() -> tuple[WorldScale, ...]:
    return tuple(WorldScale(**row) for row in _load("projects")["world_scales"])


@cache
def obstructions() -> tuple[ObstructionRow, ...]:
    return tuple(ObstructionRow(**row) for row in _load("projects")["obstructions"])


@cache
def _shifts(kind: str) -> tuple[ScaleShift, ...]:
    return tuple(ScaleShift(**row) for row in _load("projects")[kind])


def natures() -> tuple[ScaleShift, ...]:
    return _shifts("nature")


def oppositions() -> tuple[ScaleShift, ...]:
    return _shifts("opposition")


def repairs() -> tuple[ScaleShift, ...]:
    return _shifts("repair")


@cache
def keystone_from_scale() -> int:
    value: int = _load("projects")["keystone_from_scale"]
    return value


@cache
def group_magnitudes() -> tuple[GroupMagnitude, ...]:
    return tuple(GroupMagnitude(**row) for row in _load("magnitudes")["groups"])


@cache
def time_magnitudes() -> tuple[TimeMagnitude, ...]:
    return tuple(TimeMagnitude(**row) for row in _load("magnitudes")["time"])
