"""Maneuvers in the d10 dice-pool game (Combat: Maneuvers, Sample Maneuver Effects).

    "Maneuvers are any normal action taken during the course of combat, such as
    moving, distraction, Recover. Choose an (Att+Abi) that matches the action,
    and the sample maneuver that matches the effect."

A maneuver is an ordinary check. Its difficulty is a ladder ("Weaken Defense
(3 / 5 / 8)": the successes rolled pick the grade), the target's Block,
Evasion or Resolve, or one the Storyteller sets ("(Varies)", "Based on
Scenery"); against those the successes beyond the difficulty pick the grade
("If you exceed their Resolve by +3, this becomes a -4 dice Disadvantage").
Defend Other has no roll. The table is ``data/combat.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.core.errors import require_choice, require_int
from rules_py.dice_pool.pool import (
    MAX_DIFFICULTY,
    NO_EXTRAS,
    Check,
    Extras,
    RollResult,
    result_distribution,
    successes_distribution,
)
from rules_py.dice_pool.tables import Maneuver, ManeuverGrade, maneuvers

__all__ = [
    "DEFENCES",
    "LADDER",
    "NO_ROLL",
    "RECOVER_RULE",
    "SET_BY_STORYTELLER",
    "ManeuverResult",
    "grade_chances",
    "grade_effect",
    "hold_escape_chance",
    "maneuver",
    "maneuver_difficulty",
    "maneuver_grade",
    "resolve_maneuver",
]

LADDER = "ladder"
DEFENCES = ("block", "evasion", "resolve")
SET_BY_STORYTELLER = ("varies", "scenery")
NO_ROLL = "none"

RECOVER_RULE = (
    'Recover reads "Purge (-2) or lower for 3" as removing penalties of up to 2 dice, '
    'and "(-4) and lower for 5" as up to 4 dice.'
)


def maneuver(key: str) -> Maneuver:
    rows = {row.key: row for row in maneuvers()}
    return rows[require_choice("maneuver", "Maneuver", key, tuple(rows))]


def maneuver_difficulty(move: Maneuver, defence: int) -> int:
    """The difficulty to roll against: the ladder's first rung, or ``defence``
    (the target's Block, Evasion or Resolve, or the Storyteller's difficulty);
    0 for a maneuver without a roll."""
    defence = require_int("defence", "Target's defence or difficulty", defence, 0, MAX_DIFFICULTY)
    if move.against == LADDER:
        low = move.grades[0].range.low
        assert low is not None  # a ladder starts at its first rung
        return low
    if move.against == NO_ROLL:
        return 0
    return defence


def maneuver_grade(move: Maneuver, successes: int, difficulty: int) -> ManeuverGrade | None:
    """The grade of effect ``successes`` reach, or None when they miss the difficulty.

    On a ladder the successes themselves pick the grade; otherwise the
    successes beyond the difficulty do.
    """
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    difficulty = require_int("difficulty", "Difficulty", difficulty, 0, 10_000)
    if successes < difficulty:
        return None
    measure = successes if move.against == LADDER else successes - difficulty
    for grade in reversed(move.grades):
        if grade.range.holds(measure):
            return grade
    return None


def grade_chances(
    move: Maneuver, check: Check, extras: Extras = NO_EXTRAS
) -> tuple[tuple[ManeuverGrade | None, Fraction], ...]:
    """The exact chance of each outcome: failure (None) first, then each grade."""
    totals = result_distribution(check.dice, extras)
    chances: dict[int, Fraction] = {}
    for total, chance in totals.items():
        grade = maneuver_grade(move, total, check.difficulty)
        index = -1 if grade is None else move.grades.index(grade)
        chances[index] = chances.get(index, Fraction(0)) + chance
    outcomes: list[tuple[ManeuverGrade | None, Fraction]] = [(None, chances.get(-1, Fraction(0)))]
    outcomes += [(grade, chances.get(i, Fraction(0))) for i, grade in enumerate(move.grades)]
    return tuple(outcomes)


def hold_escape_chance(hold: int, target_dice: int) -> Fraction:
    """Hold/Grapple: "The target must make a roll against that number as a
    difficulty, or else be unable to move": the chance the target's pool
    reaches ``hold`` successes."""
    hold = require_int("hold", "Successes of the hold", hold, 0, 10_000)
    target_dice = require_int("target_dice", "Target's dice", target_dice, 0, MAX_DIFFICULTY)
    return successes_distribution(target_dice).at_least(hold)


def grade_effect(grade: ManeuverGrade, successes: int | None = None) -> str:
    """A grade's effect with the successes rolled filled in (a hold's difficulty);
    before the roll, "your successes"."""
    rolled = "your successes" if successes is None else str(successes)
    return grade.effect.replace("{successes}", rolled)


@dataclass(frozen=True)
class ManeuverResult:
    maneuver: Maneuver
    roll: RollResult
    grade: ManeuverGrade | None

    @property
    def effect(self) -> str | None:
        """The grade's effect, with the successes filled in (a hold's difficulty)."""
        return None if self.grade is None else grade_effect(self.grade, self.roll.total)


def resolve_maneuver(move: Maneuver, roll: RollResult) -> ManeuverResult:
    """Read a rolled check (its difficulty from :func:`maneuver_difficulty`) as ``move``."""
    return ManeuverResult(move, roll, maneuver_grade(move, roll.total, roll.check.difficulty))
