"""Judge Two's dice named in the text, rolled and judged in every way the
rules allow (Actions in Action: two dice judged, bold and faint rolls).

Who acts is not known to an inline roll, so no rank or challenge level is
added: the result lists each way to judge the dice, with the Truth die's
verdict, and the odds are those of the best Light die the dice allow.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from rules_py.core import dist
from rules_py.core.rng import Rng
from rules_py.judge_two.judging.conditions import DiceMode
from rules_py.judge_two.judging.ranks import GUILTY_TRUTHS
from rules_py.judge_two.judging.rolls import Roll, roll_dice
from rules_py.judge_two.odds import dice_values

__all__ = ["MODES", "best_light", "best_light_dist", "doubles_chance", "judgments", "roll"]

MODES = {"judged": DiceMode.NORMAL, "bold": DiceMode.BOLD, "faint": DiceMode.FAINT}


def roll(kind: str, rng: Rng) -> Roll:
    return roll_dice(MODES[kind], rng)


def judgments(rolled: Roll) -> tuple[tuple[int, int, bool], ...]:
    """Each distinct (Light, Truth, innocent) the judgeable dice allow."""
    seen: dict[tuple[int, int], bool] = {}
    for light, truth in permutations(rolled.judged, 2):
        pair = (rolled.dice[light], rolled.dice[truth])
        seen.setdefault(pair, pair[1] not in GUILTY_TRUTHS)
    return tuple((light, truth, innocent) for (light, truth), innocent in sorted(seen.items()))


def best_light(rolled: Roll) -> int:
    """The highest die the player may judge as Light."""
    return max(rolled.dice[i] for i in rolled.judged)


def best_light_dist(kind: str) -> dist.Dist[int]:
    """The exact distribution of :func:`best_light` over every roll."""
    mode = MODES[kind]
    count = 2 if mode is DiceMode.NORMAL else 3
    return dice_values(count).map(lambda dice: best_light(Roll(tuple(dice), mode)))


def doubles_chance(kind: str) -> Fraction:
    """The chance that the judged dice can only be judged one way (doubles)."""
    mode = MODES[kind]
    count = 2 if mode is DiceMode.NORMAL else 3
    return dice_values(count).where(lambda dice: len(judgments(Roll(tuple(dice), mode))) == 1)

