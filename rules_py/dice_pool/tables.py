"""The d10 dice-pool game's tables, loaded once from ``rules_py/dice_pool/data``.

Every table the rollers use and the pages print lives in one JSON file, read
here into frozen dataclasses, so the page and the roller never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.data import load_json
from rules_py.core.ranges import IntRange

__all__ = [
    "AdvantageSize",
    "AnimaRow",
    "Armor",
    "CriticalAnima",
    "Difficulty",
    "EnvironmentalDamage",
    "GroupMagnitude",
    "KeyIssueComplexity",
    "Maneuver",
    "ManeuverGrade",
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
    "maneuver_difficulty_names",
    "maneuvers",
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
class CriticalAnima:
    """A row of the Critical Roll: "1 Anima for a roll of 8-9" (successes)."""

    range: IntRange
    anima: int

    @property
    def span(self) -> str:
        return self.range.span

    def holds(self, successes: int) -> bool:
        return self.range.holds(successes)


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
class ManeuverGrade:
    """One grade of a maneuver's effect. ``range`` counts the successes rolled
    on a ladder of difficulties ("(3 / 5 / 8)"), else the successes beyond the
    difficulty (the target's Block, Evasion or Resolve, or the Storyteller's)."""

    range: IntRange
    effect: str


@dataclass(frozen=True)
class Maneuver:
    """A row of the Sample Maneuver Effects table."""

    key: str
    name: str
    against: str  # "ladder", "block", "evasion", "resolve", "varies", "scenery" or "none"
    description: str
    grades: tuple[ManeuverGrade, ...]

    @property
    def difficulty_text(self) -> str:
        """The Difficulty column as the text prints it: "(3 / 5 / 8)", "Block"..."""
        if self.against == "ladder":
            rungs = " / ".join(str(grade.range.low) for grade in self.grades)
            return f"({rungs})"
        return maneuver_difficulty_names()[self.against]


@dataclass(frozen=True)
class WorldScale:
    scale: int
    affects: str


@dataclass(frozen=True)
class ObstructionRow:
    """A row of the Obstructions table: the totals it covers and what happens."""

    key: str
    name: str  # a short name for charts: "Major Problem"
    range: IntRange
    text: str

    @property
    def span(self) -> str:
        return self.range.span

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
def anima_bands() -> tuple[CriticalAnima, ...]:
    return tuple(
        CriticalAnima(IntRange(row["low"], row["high"]), row["anima"])
        for row in _load("core")["anima_gain"]["critical_bands"]
    )


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
def maneuver_difficulty_names() -> dict[str, str]:
    names: dict[str, str] = _load("combat")["maneuver_difficulty_names"]
    return names


def _grades(rows: list[dict[str, Any]]) -> tuple[ManeuverGrade, ...]:
    """Each grade runs up to the next one's start; the last is open."""
    starts = [row["from"] for row in rows]
    ends = [start - 1 for start in starts[1:]] + [None]
    return tuple(
        ManeuverGrade(IntRange(start, end), row["effect"])
        for start, end, row in zip(starts, ends, rows, strict=True)
    )


@cache
def maneuvers() -> tuple[Maneuver, ...]:
    return tuple(
        Maneuver(
            row["key"], row["name"], row["against"], row["description"], _grades(row["grades"])
        )
        for row in _load("combat")["maneuvers"]
    )


@cache
def world_scales() -> tuple[WorldScale, ...]:
    return tuple(WorldScale(**row) for row in _load("projects")["world_scales"])


@cache
def obstructions() -> tuple[ObstructionRow, ...]:
    return tuple(
        ObstructionRow(row["key"], row["name"], IntRange(row["low"], row["high"]), row["text"])
        for row in _load("projects")["obstructions"]
    )


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
