"""Projects in the d10 dice-pool game: scale and the obstruction roll.

    "When completing a project, a random event will happen, mitigated by
    Ability skill.  1d10 + (Ability) - (Project Scale)"

The scale starts from what the project affects (a World Project) or from its
dots (a Merit Project), rises for supernatural nature and opposition, and falls
for repair or alteration, "to a minimum of 1". Projects of scale 4-5 need a
Keystone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.errors import require_choice, require_int
from rules_py.core.rng import Rng
from rules_py.dice_pool.tables import (
    ObstructionRow,
    ScaleShift,
    WorldScale,
    keystone_from_scale,
    natures,
    obstructions,
    oppositions,
    repairs,
    world_scales,
)

__all__ = [
    "KEYSTONE_RULE",
    "KEYSTONE_TEXT_TOP",
    "LOW_ROLL_RULE",
    "MAX_ABILITY",
    "MAX_MERIT_DOTS",
    "MIN_SCALE",
    "OBSTRUCTION_DIE",
    "SCALE_RULE",
    "Obstruction",
    "ProjectKind",
    "ProjectScale",
    "check_ability",
    "check_scale",
    "faces_for_row",
    "judge_obstruction",
    "obstruction_distribution",
    "obstruction_row",
    "project_scale",
    "roll_obstruction",
    "row_chances",
    "total_bounds",
    "world_scale",
]

OBSTRUCTION_DIE = 10
MAX_ABILITY = 10
MIN_SCALE = 1
MAX_MERIT_DOTS = 5
KEYSTONE_TEXT_TOP = 5
"""The text's top: "For Merit and Projects of 4-5, a Keystone Resource must be
actively sought out"."""

SCALE_RULE = (
    "Nature and opposition both add (they stack); repair then lowers the total, never below 1."
)
KEYSTONE_RULE = "A Keystone is needed from scale 4 up, including scales above 5."
LOW_ROLL_RULE = "A total below 0 reads as 0-3, a Major Problem."


class ProjectKind(StrEnum):
    WORLD = "world"
    MERIT = "merit"


@dataclass(frozen=True)
class ProjectScale:
    parts: tuple[tuple[str, int], ...]

    @property
    def asked(self) -> int:
        return sum(value for _, value in self.parts)

    @property
    def scale(self) -> int:
        return max(MIN_SCALE, self.asked)

    @property
    def floored(self) -> bool:
        return self.asked < MIN_SCALE

    @property
    def needs_keystone(self) -> bool:
        return self.scale >= keystone_from_scale()

    @property
    def beyond_keystone_text(self) -> bool:
        """Above the "4-5" the Keystones rule names (see :data:`KEYSTONE_RULE`)."""
        return self.scale > KEYSTONE_TEXT_TOP


def _shift(field: str, label: str, key: str, table: tuple[ScaleShift, ...]) -> ScaleShift:
    rows = {row.key: row for row in table}
    return rows[require_choice(field, label, key, tuple(rows))]


def world_scale(affects: str) -> WorldScale:
    """The base scale of a World Project from the population or terrain it affects."""
    rows = {row.affects.lower(): row for row in world_scales()}
    return rows[require_choice("affects", "Affects", affects, tuple(rows))]


def project_scale(
    kind: str,
    *,
    affects: str = "village",
    dots: int = 1,
    nature: str = "natural",
    opposition: str = "none",
    repair: str = "none",
) -> ProjectScale:
    """Build a project's scale from its parts (see the module docstring)."""
    kind = ProjectKind(require_choice("kind", "Project", kind, tuple(k.value for k in ProjectKind)))
    if kind is ProjectKind.WORLD:
        base = world_scale(affects)
        parts = [(base.affects, base.scale)]
    else:
        dots = require_int("dots", "Merit dots", dots, 1, MAX_MERIT_DOTS)
        parts = [("Merit dots", dots)]
    for field, label, key, table, suffix in (
        ("nature", "Nature", nature, natures(), ""),
        ("opposition", "Opposition", opposition, oppositions(), " opposition"),
        ("repair", "Repair or alteration", repair, repairs(), " repair"),
    ):
        row = _shift(field, label, key, table)
        if row.key not in ("none", "natural"):
            parts.append((f"{row.label}{suffix}", row.shift))
    return ProjectScale(tuple(parts))


def check_scale(scale: int) -> int:
    return require_int("scale", "Project Scale", scale, MIN_SCALE, 20)


def check_ability(ability: int) -> int:
    return require_int("ability", "Ability", ability, 0, MAX_ABILITY)


def obstruction_row(total: int) -> ObstructionRow:
    """The row of the Obstructions table for a total; below 0 reads as 0-3.

    The rows run from the highest band down and meet without gaps, so the
    first row whose lower bound the total reaches is the one.
    """
    rows = obstructions()
    for row in rows:
        if row.range.low is None or total >= row.range.low:
            return row
    return rows[-1]


@dataclass(frozen=True)
class Obstruction:
    roll: int
    ability: int
    scale: int

    @property
    def total(self) -> int:
        return self.roll + self.ability - self.scale

    @property
    def row(self) -> ObstructionRow:
        return obstruction_row(self.total)

    @property
    def below_table(self) -> bool:
        """A total under 0, which the table does not print (:data:`LOW_ROLL_RULE`)."""
        return self.total < 0


def judge_obstruction(roll: int, ability: int, scale: int) -> Obstruction:
    roll = require_int("roll", "The d10", roll, 1, OBSTRUCTION_DIE)
    return Obstruction(roll, check_ability(ability), check_scale(scale))


def roll_obstruction(ability: int, scale: int, rng: Rng) -> Obstruction:
    ability = check_ability(ability)
    scale = check_scale(scale)
    return judge_obstruction(rng.die(OBSTRUCTION_DIE), ability, scale)


def total_bounds(ability: int, scale: int) -> tuple[int, int]:
    """The lowest and highest totals of 1d10 + Ability - Scale."""
    shift = check_ability(ability) - check_scale(scale)
    return 1 + shift, OBSTRUCTION_DIE + shift


def faces_for_row(key: str, ability: int, scale: int) -> tuple[int, ...]:
    """The d10 faces that land on the row ``key`` of the Obstructions table."""
    shift = check_ability(ability) - check_scale(scale)
    return tuple(
        face for face in range(1, OBSTRUCTION_DIE + 1) if obstruction_row(face + shift).key == key
    )


def obstruction_distribution(ability: int, scale: int) -> dist.Dist[int]:
    """Totals of 1d10 + Ability - Scale."""
    return dist.die(OBSTRUCTION_DIE) + (check_ability(ability) - check_scale(scale))


def row_chances(ability: int, scale: int) -> tuple[tuple[ObstructionRow, Fraction], ...]:
    """The exact chance of each row of the Obstructions table, in table order."""
    by_row = obstruction_distribution(ability, scale).map(lambda total: obstruction_row(total).key)
    return tuple((row, by_row.prob(row.key)) for row in obstructions())
