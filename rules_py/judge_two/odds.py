"""Exact odds of a Judge Two roll judged the recommended way.

The chance of each of the four outcomes, and of each degree of success or
failure, when every roll is judged as :func:`rules_py.judge_two.recommended`
would judge it. Built on :mod:`rules_py.core.dist`: the dice form a distribution of
sorted value tuples (judging depends on values, not on which die is which),
mapped through the judgment.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules_py.core import dist
from rules_py.judge_two.judging import (
    SIDES,
    DiceMode,
    Judgment,
    Outcome,
    Priority,
    Roll,
    check_cl,
    check_rank,
    judgments,
    outcome_of,
    recommended,
)

__all__ = ["JudgeOdds", "chosen", "dice_values", "judge_odds"]


@cache
def dice_values(count: int) -> dist.Dist[tuple[int, ...]]:
    """``count`` d6 as a sorted tuple of values (a multiset), with exact chances."""
    return dist.pool_values(count, dist.die(SIDES))


def chosen(
    values: tuple[int, ...], mode: DiceMode, rank: int, cl: int, priority: Priority
) -> Judgment:
    """The recommended judgment of dice showing ``values``."""
    return recommended(judgments(Roll(values, mode), rank, cl), priority)


@dataclass(frozen=True)
class JudgeOdds:
    """Chances for one rank, challenge level and dice mode under one priority.

    ``results`` has outcomes ``(degrees, innocent)``: degrees signed (negative
    for failure), innocent 1 or 0.
    """

    rank: int
    cl: int
    mode: DiceMode
    priority: Priority
    results: dist.Dist[tuple[int, int]]

    def chance(self, outcome: Outcome) -> Fraction:
        return self.results.where(lambda r: outcome_of(r[0] >= 0, bool(r[1])) is outcome)

    @property
    def success(self) -> Fraction:
        return self.results.where(lambda r: r[0] >= 0)

    @property
    def innocent(self) -> Fraction:
        return self.results.where(lambda r: bool(r[1]))

    @property
    def degrees(self) -> dist.Dist[int]:
        """Signed degrees: +X success, -X failure."""
        return self.results.map(lambda r: r[0])


@cache
def judge_odds(
    rank: int, cl: int, mode: DiceMode = DiceMode.NORMAL, priority: Priority = Priority.SUCCESS
) -> JudgeOdds:
    rank = check_rank(rank)
    cl = check_cl(cl)
    count = 2 if mode is DiceMode.NORMAL else 3

    def result(values: tuple[int, ...]) -> tuple[int, int]:
        best = chosen(values, mode, rank, cl, priority)
        return best.degrees, int(best.innocent)

    return JudgeOdds(rank, cl, mode, priority, dice_values(count).map(result))
