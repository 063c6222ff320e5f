"""Special rolls of the d10 dice-pool game: group, contested, NPC average.

    "GROUP: When rolling as a group, you may donate extra successes to another
    character: give up 2 successes to boost an ally by 1 success."
    "CONTESTED: Each Character rolls their dice pool, with the greater number of
    successes winning. NPC's should just take the average (rounded down) of
    their dice pool instead of rolling."

Teamwork (+2 dice per helper) changes the pool itself, so it lives in
:func:`rules_py.dice_pool.build_check`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_int
from rules_py.core.rng import Rng
from rules_py.dice_pool.pool import DIE, Check, count_successes, successes_distribution

__all__ = [
    "GROUP_COST",
    "GROUP_RULE",
    "NPC_RULE",
    "TIE_RULE",
    "ContestOdds",
    "ContestResult",
    "ContestSide",
    "Donation",
    "NpcResult",
    "Side",
    "Winner",
    "contest_odds",
    "donate",
    "extra_successes",
    "max_boost",
    "npc_result",
    "npc_successes",
    "roll_contest",
    "winner",
]

GROUP_COST = 2  # successes given up for each success an ally gains

TIE_RULE = (
    "On equal successes nobody wins the contest and things stay as they were "
    "(the text names only the greater number as winning)."
)
NPC_RULE = "Non-player characters take half their pool, rounded down, instead of rolling."
GROUP_RULE = "Only successes above the difficulty are extra, so only those can be given away."


# -------------------------------------------------------------------- group


def extra_successes(successes: int, difficulty: int) -> int:
    """Successes beyond what the roll needed."""
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    difficulty = require_int("difficulty", "Difficulty", difficulty, 0, 10_000)
    return max(0, successes - difficulty)


def max_boost(successes: int, difficulty: int) -> int:
    """The most an ally can gain from this roll's extra successes (2 for 1)."""
    return extra_successes(successes, difficulty) // GROUP_COST


@dataclass(frozen=True)
class Donation:
    kept: int  # the giver's successes after giving
    boost: int  # successes the ally gains


def donate(successes: int, difficulty: int, boost: int) -> Donation:
    """Give up 2 successes for each success an ally gains."""
    most = max_boost(successes, difficulty)
    boost = require_int("boost", "Successes given to an ally", boost, 0, 10_000)
    if boost > most:
        raise RulesInputError(
            "boost",
            f"Successes given to an ally must be a whole number from 0 to {most}: "
            f"{extra_successes(successes, difficulty)} extra successes buy at most {most} "
            f"(got {boost}).",
        )
    return Donation(successes - GROUP_COST * boost, boost)


# ---------------------------------------------------------------- NPC average


def npc_successes(dice: int) -> int:
    """An NPC's successes without rolling: the pool's average, rounded down."""
    return math.floor(successes_distribution(dice).mean())


@dataclass(frozen=True)
class NpcResult:
    check: Check
    successes: int

    @property
    def succeeded(self) -> bool:
        return self.successes >= self.check.difficulty

    @property
    def margin(self) -> int:
        return self.successes - self.check.difficulty


def npc_result(check: Check) -> NpcResult:
    """An NPC's check: its average successes against the difficulty, no dice."""
    return NpcResult(check, npc_successes(check.dice))


# ---------------------------------------------------------------- contested


class Winner(StrEnum):
    FIRST = "first"
    SECOND = "second"
    TIE = "tie"


def winner(first: int, second: int) -> Winner:
    """The greater number of successes wins; equal numbers are a tie."""
    if first > second:
        return Winner.FIRST
    if second > first:
        return Winner.SECOND
    return Winner.TIE


@dataclass(frozen=True)
class Side:
    """One side of a contest: a pool that rolls, or an NPC that takes the average."""

    dice: int
    npc: bool = False

    def distribution(self) -> dist.Dist[int]:
        if self.npc:
            return dist.constant(npc_successes(self.dice))
        return successes_distribution(self.dice)


@dataclass(frozen=True)
class ContestOdds:
    first: Fraction
    second: Fraction
    tie: Fraction


def contest_odds(first: Side, second: Side) -> ContestOdds:
    """Exact chances of each outcome."""
    comparison = dist.compare(first.distribution(), second.distribution())
    return ContestOdds(first=comparison.greater, second=comparison.less, tie=comparison.equal)


@dataclass(frozen=True)
class ContestSide:
    side: Side
    faces: tuple[int, ...]  # empty for an NPC taking the average
    successes: int


@dataclass(frozen=True)
class ContestResult:
    first: ContestSide
    second: ContestSide

    @property
    def winner(self) -> Winner:
        return winner(self.first.successes, self.second.successes)

    @property
    def margin(self) -> int:
        return abs(self.first.successes - self.second.successes)


def _take_side(side: Side, rng: Rng) -> ContestSide:
    if side.npc:
        return ContestSide(side, (), npc_successes(side.dice))
    faces = rng.dice(side.dice, DIE)
    return ContestSide(side, faces, count_successes(faces))


def roll_contest(first: Side, second: Side, rng: Rng) -> ContestResult:
    """Both sides roll (or take their average); the first side's dice come first."""
    return ContestResult(_take_side(first, rng), _take_side(second, rng))
