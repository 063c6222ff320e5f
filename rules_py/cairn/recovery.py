"""Recovering lost attribute points, week by week or day by day.

Might and Heart ("Healing & Recovery"):

    "Attribute loss can usually be restored (1d6 per week), facilitated by a
    healer or other appropriate source of expertise."

and ("Deprivation & Fatigue"): "A Deprived PC cannot recover HP, Attributes, or
item slots from Fatigue." The Rules Summary says nothing of deprivation and
ability loss; Cairn ("Deprivation & Fatigue") does, and is used for it.

The Grit variant (Cairn, Rules Summary: Healing): "Ability loss recovers at a
rate of one per day, and requires a skilled healer." Its critical damage
"reduces the Ability in 1 permanently": that point is not loss to recover, so
the score to recover to is the new permanent one.

Readings where the texts are silent, each shown in the roller as a note:

* recovery restores what was lost and no more: a score never rises above the
  score it had before the loss (:data:`CAP_READING`);
* the Might and Heart 1d6 is rolled at the end of each week of recovery, and
  no die is rolled once the loss is made good (:data:`WEEKLY_READING`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.cairn.rulesets import GRIT, MIGHT_HEART, rule_set
from rules_py.cairn.saves import ABILITY_MAX
from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_int
from rules_py.core.rng import Rng

__all__ = [
    "CAP_READING",
    "DEPRIVED_RULES",
    "GRIT_HEALER_RULE",
    "GRIT_PER_DAY",
    "MAX_PERIODS",
    "MIGHT_HEART_HEALER_NOTE",
    "RECOVERY_DIE",
    "RECOVERY_RULES",
    "WEEKLY_READING",
    "Recovery",
    "blocked",
    "full_recovery_chance",
    "period",
    "readings",
    "recover",
    "recovery_dist",
]

RECOVERY_DIE = 6  # "1d6 per week"
GRIT_PER_DAY = 1  # "one per day"
MAX_PERIODS = 52  # a year of weeks (or of days): longer than any loss of 1-20 needs
RECOVERY_RULES = (MIGHT_HEART, GRIT)

CAP_READING = "Recovery restores the loss only: a score never rises above its score before it."
WEEKLY_READING = "Each week of recovery rolls 1d6; no die is rolled once the loss is made good."
DEPRIVED_RULES = {
    MIGHT_HEART: "A Deprived PC cannot recover HP, Attributes, or item slots from Fatigue.",
    # The Rules Summary has no word on it; Cairn's "Deprivation & Fatigue" does.
    GRIT: (
        "Deprived: the Rules Summary is silent; Cairn's rule applies here: a PC deprived "
        "of a crucial need is unable to recover HP or ability scores."
    ),
}
GRIT_HEALER_RULE = "Ability loss recovers at a rate of one per day, and requires a skilled healer."
MIGHT_HEART_HEALER_NOTE = (
    'Without a healer: the text gives 1d6 a week "facilitated by a healer"; '
    "here there is no recovery without one."
)


def period(rules: str) -> str:
    """ "week" for Might and Heart's 1d6, "day" for the Grit variant's one point."""
    return "week" if _rules(rules) == MIGHT_HEART else "day"


def _rules(rules: str) -> str:
    key = rule_set(rules).key
    if key not in RECOVERY_RULES:
        raise RulesInputError(
            "rules",
            "Recovery is rolled for the Might and Heart rules or the Grit variant "
            f"(got {rule_set(rules).name}).",
        )
    return key


def blocked(rules: str, deprived: bool, healer: bool) -> str:
    """Why nothing can be recovered (the rule, or the reading), or "" when recovery goes on."""
    rules = _rules(rules)
    if deprived:
        return DEPRIVED_RULES[rules]
    if not healer:
        return GRIT_HEALER_RULE if rules == GRIT else MIGHT_HEART_HEALER_NOTE
    return ""


def readings(rules: str) -> tuple[str, ...]:
    """The choices this site made where the text of ``rules`` is silent."""
    if _rules(rules) == MIGHT_HEART:
        return (CAP_READING, WEEKLY_READING)
    return (CAP_READING,)


def _check(current: int, before: int, periods: int, rules: str) -> tuple[int, int, int]:
    before = require_int("before", "Score before the loss", before, 1, ABILITY_MAX)
    current = require_int("current", "Score now", current, 0, ABILITY_MAX)
    if current > before:
        raise RulesInputError(
            "current",
            f"The score now cannot be above the score before the loss ({current} > {before}).",
        )
    label = f"{period(rules).capitalize()}s of recovery"
    periods = require_int("periods", label, periods, 1, MAX_PERIODS)
    return current, before, periods


@dataclass(frozen=True)
class Recovery:
    """A stretch of recovery: ``gains`` per week (the 1d6s) or per day (1 each)."""

    rules: str
    before: int
    start: int
    gains: tuple[int, ...]
    score: int
    blocked: str  # why nothing was recovered (deprived, no healer), or ""

    @property
    def restored(self) -> bool:
        return self.score == self.before


def recover(
    rules: str,
    current: int,
    before: int,
    periods: int,
    rng: Rng,
    *,
    deprived: bool = False,
    healer: bool = True,
    first_rolled: int | None = None,
) -> Recovery:
    """Recover ``periods`` weeks (Might and Heart) or days (Grit variant) of
    rest; the first week's 1d6 is ``first_rolled`` when it was rolled already
    (the text's own "1d6 per week", tapped)."""
    rules = _rules(rules)
    current, before, periods = _check(current, before, periods, rules)
    if first_rolled is not None:
        first_rolled = require_int("rolled", "The week's 1d6", first_rolled, 1, RECOVERY_DIE)
    why = blocked(rules, deprived, healer)
    if why:
        return Recovery(rules, before, current, (), current, why)
    gains: list[int] = []
    score = current
    for week in range(periods):
        if score >= before:
            break
        if rules != MIGHT_HEART:
            gain = GRIT_PER_DAY
        elif week == 0 and first_rolled is not None:
            gain = first_rolled
        else:
            gain = rng.die(RECOVERY_DIE)
        gains.append(gain)
        score = min(score + gain, before)
    return Recovery(rules, before, current, tuple(gains), score, "")


def recovery_dist(rules: str, current: int, before: int, periods: int) -> dist.Dist[int]:
    """Exact distribution of the score after ``periods`` of recovery with a healer."""
    rules = _rules(rules)
    current, before, periods = _check(current, before, periods, rules)
    if rules == GRIT:
        return dist.constant(min(current + GRIT_PER_DAY * periods, before))
    scores = dist.constant(current)
    for _ in range(periods):
        scores = scores.then(
            lambda score: dist.die(RECOVERY_DIE).map(lambda gain: min(score + gain, before))
        )
    return scores


def full_recovery_chance(rules: str, current: int, before: int, periods: int) -> Fraction:
    """The chance that the whole loss is made good within ``periods``."""
    return recovery_dist(rules, current, before, periods).prob(before)
