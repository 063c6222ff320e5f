"""Group tests of two or three player characters (The Way of All the Earth, "Group Tests").

    "Each player judges one die of the four as their own Light die and then the
    players agree together on one die of the four to be the sole Truth die. The
    fourth die is ignored. [...] If the total degrees of success earned by both
    player characters is zero or greater, then the test succeeds"

"Group tests cannot be bold, faint, quick, or long, and ignore any effects that
would otherwise cause them to be so." Four or more characters act "in smaller
groups of two or three, one at a time" (:func:`split_group`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations

from rules_py.core import dist
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two.judging import (
    GUILTY_TRUTHS,
    SIDES,
    Outcome,
    Priority,
    check_cl,
    check_die,
    check_rank,
    outcome_of,
    signed,
)
from rules_py.judge_two.odds import dice_values

__all__ = [
    "GROUP_CHOICE_RULE",
    "GROUP_MAX",
    "GROUP_MIN",
    "IGNORED_CONDITIONS_RULE",
    "SHARING_RULE",
    "GroupJudgment",
    "GroupOdds",
    "all_group_judgments",
    "check_ranks",
    "group_key",
    "group_odds",
    "group_options",
    "group_recommended",
    "intervention_text",
    "only_choice",
    "roll_group",
    "split_group",
]

GROUP_MIN = 2
GROUP_MAX = 3
IGNORED_CONDITIONS_RULE = (
    "Group tests cannot be bold, faint, quick, or long, and ignore any effects "
    "that would otherwise cause them to be so."
)
GROUP_CHOICE_RULE = (
    "Each Truth die is shown once, with the highest other dice as Lights: any "
    "other way to share these dice only lowers the total."
)
SHARING_RULE = (
    "Only the total counts, so the players may share the Light dice among themselves as they like."
)


def check_ranks(ranks: Sequence[object]) -> tuple[int, ...]:
    if not GROUP_MIN <= len(ranks) <= GROUP_MAX:
        raise RulesInputError(
            "players",
            f"A group test has {GROUP_MIN} or {GROUP_MAX} player characters (got {len(ranks)}).",
        )
    return tuple(
        check_rank(rank, f"rank{number}", f"Rank of player {number}")
        for number, rank in enumerate(ranks, start=1)
    )


@dataclass(frozen=True)
class GroupJudgment:
    """One Light die per player (in player order) and the sole Truth die."""

    lights: tuple[int, ...]
    truth: int
    ranks: tuple[int, ...]
    cl: int

    @property
    def final_lights(self) -> tuple[int, ...]:
        return tuple(light + rank for light, rank in zip(self.lights, self.ranks, strict=True))

    @property
    def degrees(self) -> tuple[int, ...]:
        """Each player's own degrees (a failure's are negative)."""
        return tuple(final - self.cl for final in self.final_lights)

    @property
    def total(self) -> int:
        """The text: "one player character's degrees of failure cancelling out an
        equivalent number of the other player character's degrees of success"."""
        return sum(self.degrees)

    @property
    def success(self) -> bool:
        return self.total >= 0

    @property
    def innocent(self) -> bool:
        return self.truth not in GUILTY_TRUTHS

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.success, self.innocent)

    @property
    def label(self) -> str:
        return f"{self.outcome.value} {signed(self.total)}"


def group_key(priority: Priority, judgment: GroupJudgment) -> tuple[int, ...]:
    """The priority's order on group judgments (larger is better), as for one player."""
    j = judgment
    if priority is Priority.SUCCESS:
        return (j.success, j.innocent, j.total, j.truth)
    if priority is Priority.INNOCENCE:
        return (j.innocent, j.success, j.total, j.truth)
    return (j.total, j.innocent, j.truth)


def all_group_judgments(
    dice: Sequence[int], ranks: Sequence[int], cl: int
) -> tuple[GroupJudgment, ...]:
    """Every legal judgment: distinct dice for each Light and the Truth, told
    apart by their values (which player holds which value matters to that
    player's own Final Light, so it is kept)."""
    ranks = check_ranks(ranks)
    cl = check_cl(cl)
    values = _check_dice(dice, len(ranks))
    found: dict[tuple[tuple[int, ...], int], GroupJudgment] = {}
    for picked in permutations(range(len(values)), len(ranks) + 1):
        lights = tuple(values[i] for i in picked[:-1])
        truth = values[picked[-1]]
        found.setdefault((lights, truth), GroupJudgment(lights, truth, ranks, cl))
    return tuple(found.values())


def group_options(dice: Sequence[int], ranks: Sequence[int], cl: int) -> tuple[GroupJudgment, ...]:
    """One judgment per Truth value: with that Truth die, the highest of the
    other dice as Lights, the highest going to the first player.

    Any other judgment with the same Truth value has a total no higher, so it
    is never better under any priority; these are the choices worth showing.
    Ordered by Truth value, highest first.
    """
    ranks = check_ranks(ranks)
    cl = check_cl(cl)
    values = sorted(_check_dice(dice, len(ranks)), reverse=True)
    options: list[GroupJudgment] = []
    for truth in sorted(set(values), reverse=True):
        rest = list(values)
        rest.remove(truth)
        options.append(GroupJudgment(tuple(rest[: len(ranks)]), truth, ranks, cl))
    return tuple(options)


def group_recommended(
    options: Sequence[GroupJudgment], priority: Priority = Priority.SUCCESS
) -> GroupJudgment:
    if not options:
        raise RulesInputError("dice", "There is nothing to judge.")
    return max(options, key=lambda j: group_key(priority, j))


def only_choice(options: Sequence[GroupJudgment]) -> GroupJudgment | None:
    """The judgment when every die shows the same value: nothing to choose."""
    return options[0] if len(options) == 1 else None


def intervention_text(judgment: GroupJudgment) -> str:
    """ "The test's guilt or innocence is determined normally by the sole Truth
    die"; a group test cannot be quick or long, so guilt always brings an
    intervention."""
    if judgment.innocent:
        return "Innocent: the turn passes with no intervention."
    return "Guilty: the gamemaster intervenes before the turn passes."


def roll_group(players: int, rng: Rng) -> tuple[int, ...]:
    """Each player rolls two dice: the group's dice in player order."""
    return rng.dice(2 * players, SIDES)


def _check_dice(dice: Sequence[int], players: int) -> tuple[int, ...]:
    if len(dice) != 2 * players:
        raise RulesInputError(
            "dice", f"{players} players roll {2 * players} dice (got {len(dice)})."
        )
    return tuple(check_die(value) for value in dice)


def split_group(characters: int) -> tuple[tuple[int, ...], ...]:
    """Ways for four or more characters to act "in smaller groups of two or
    three, one at a time": every split into twos and threes, as group sizes in
    descending order (5 -> (3, 2); 6 -> (3, 3) and (2, 2, 2))."""
    if not 2 <= characters <= 12:
        raise RulesInputError(
            "characters", f"Characters must be a whole number from 2 to 12 (got {characters})."
        )
    splits: list[tuple[int, ...]] = []
    for threes in range(characters // 3, -1, -1):
        rest = characters - 3 * threes
        if rest % 2 == 0:
            splits.append((3,) * threes + (2,) * (rest // 2))
    return tuple(splits)


# ---------------------------------------------------------------- odds


@dataclass(frozen=True)
class GroupOdds:
    ranks: tuple[int, ...]
    cl: int
    priority: Priority
    results: dist.Dist[tuple[int, int]]  # (total degrees, innocent 0/1)

    def chance(self, outcome: Outcome) -> Fraction:
        return self.results.where(lambda r: outcome_of(r[0] >= 0, bool(r[1])) is outcome)

    @property
    def success(self) -> Fraction:
        return self.results.where(lambda r: r[0] >= 0)

    @property
    def degrees(self) -> dist.Dist[int]:
        return self.results.map(lambda r: r[0])


@cache
def group_odds(ranks: tuple[int, ...], cl: int, priority: Priority = Priority.SUCCESS) -> GroupOdds:
    """Exact chances when the group judges every roll the recommended way."""
    ranks = check_ranks(ranks)
    cl = check_cl(cl)

    def result(values: tuple[int, ...]) -> tuple[int, int]:
        best = group_recommended(group_options(values, ranks, cl), priority)
        return best.total, int(best.innocent)

    return GroupOdds(ranks, cl, priority, dice_values(2 * len(ranks)).map(result))
