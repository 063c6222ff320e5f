"""Judging a roll: one die Light, one Truth; every legal judgment of a roll, and
the one a priority the player picks recommends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_choice
from rules_py.core.rng import Rng
from rules_py.judge_two.judging.conditions import Conditions
from rules_py.judge_two.judging.outcomes import Outcome, outcome_of, signed
from rules_py.judge_two.judging.ranks import GUILTY_TRUTHS, check_cl, check_die, check_rank
from rules_py.judge_two.judging.rolls import Roll, roll_dice

__all__ = [
    "DOUBLES_RULE",
    "PRIORITY_TEXT",
    "Judging",
    "Judgment",
    "Priority",
    "check_priority",
    "judge",
    "judge_roll",
    "judgments",
    "priority_key",
    "recommended",
    "roll_and_judge",
]


class Priority(StrEnum):
    """What the recommended judgment looks for first.

    The text leaves the choice to the player; "success" is the default because
    the text calls an innocent success "the best result" and a guilty failure
    "the worst", and ranks both moderate results equally.
    """

    SUCCESS = "success"  # success, then innocence, then the most degrees
    INNOCENCE = "innocence"  # innocence, then success, then the most degrees
    DEGREES = "degrees"  # the highest Final Light, then innocence


PRIORITY_TEXT: Mapping[Priority, str] = {
    Priority.SUCCESS: "success first, then innocence, then the most degrees",
    Priority.INNOCENCE: "innocence first, then success, then the most degrees",
    Priority.DEGREES: "the most degrees first, then innocence",
}

DOUBLES_RULE = "With doubles, there isn't anything to judge: Light and Truth are the same."


def check_priority(value: object, field: str = "priority") -> Priority:
    allowed = tuple(priority.value for priority in Priority)
    return Priority(require_choice(field, "Priority", value, allowed))


@dataclass(frozen=True)
class Judgment:
    """One die judged Light and another Truth, and what follows from it."""

    light: int
    truth: int
    rank: int
    cl: int
    light_index: int = 0
    truth_index: int = 1

    @property
    def final_light(self) -> int:
        return self.light + self.rank

    @property
    def success(self) -> bool:
        return self.final_light >= self.cl

    @property
    def innocent(self) -> bool:
        return self.truth not in GUILTY_TRUTHS

    @property
    def degrees(self) -> int:
        """Degrees of success (>= 0) or, negative, of failure: Final Light minus CL."""
        return self.final_light - self.cl

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.success, self.innocent)

    @property
    def label(self) -> str:
        """The text's notation, e.g. "Guilty Success +1"."""
        return f"{self.outcome.value} {signed(self.degrees)}"


def judge(light: int, truth: int, rank: int, cl: int) -> Judgment:
    """Judge two dice by hand: one Light, one Truth."""
    return Judgment(
        check_die(light, "light", "The Light die"),
        check_die(truth, "truth", "The Truth die"),
        check_rank(rank),
        check_cl(cl),
    )


def judgments(roll: Roll, rank: int, cl: int) -> tuple[Judgment, ...]:
    """Every legal judgment of a roll, one per distinct (Light, Truth) pair.

    Judging the same values from different dice changes nothing, so doubles
    give a single judgment, as the text says. Ordered by Final Light, highest
    first, then by Truth, highest first.
    """
    rank = check_rank(rank)
    cl = check_cl(cl)
    found: dict[tuple[int, int], Judgment] = {}
    for light_index in roll.judged:
        for truth_index in roll.judged:
            if light_index == truth_index:
                continue
            key = (roll.dice[light_index], roll.dice[truth_index])
            if key not in found:
                found[key] = Judgment(*key, rank, cl, light_index, truth_index)
    return tuple(sorted(found.values(), key=lambda j: (-j.light, -j.truth)))


def priority_key(priority: Priority) -> Callable[[Judgment], tuple[int, ...]]:
    """The ordering a priority puts on judgments: larger is better.

    Every key ends with the Truth die so that ties (judgments the rules treat
    alike) break the same way every time.
    """
    if priority is Priority.SUCCESS:
        return lambda j: (j.success, j.innocent, j.degrees, j.truth)
    if priority is Priority.INNOCENCE:
        return lambda j: (j.innocent, j.success, j.degrees, j.truth)
    return lambda j: (j.degrees, j.innocent, j.truth)


def recommended(options: Sequence[Judgment], priority: Priority = Priority.SUCCESS) -> Judgment:
    """The judgment the priority ranks highest. The player may pick any other."""
    if not options:
        raise RulesInputError("dice", "There is nothing to judge.")
    return max(options, key=priority_key(priority))


@dataclass(frozen=True)
class Judging:
    """A roll with every judgment open to the player and the recommended one."""

    conditions: Conditions
    roll: Roll
    rank: int
    cl: int
    priority: Priority
    options: tuple[Judgment, ...]
    best: Judgment

    @property
    def doubles(self) -> bool:
        return len(self.options) == 1

    @property
    def forced(self) -> Judgment | None:
        """The judgment when there is no choice: "With doubles, there isn't
        anything to judge, and both Light and Truth become" the same value."""
        return self.options[0] if self.doubles else None


def judge_roll(
    roll: Roll,
    conditions: Conditions,
    rank: int,
    cl: int,
    priority: Priority = Priority.SUCCESS,
) -> Judging:
    if roll.mode is not conditions.dice:
        raise RulesInputError("dice", f"These conditions call for a {conditions.dice.value} roll.")
    options = judgments(roll, rank, cl)
    return Judging(conditions, roll, rank, cl, priority, options, recommended(options, priority))


def roll_and_judge(
    conditions: Conditions,
    rank: int,
    cl: int,
    rng: Rng,
    priority: Priority = Priority.SUCCESS,
) -> Judging:
    return judge_roll(roll_dice(conditions.dice, rng), conditions, rank, cl, priority)
