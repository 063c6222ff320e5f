"""Grit, the Grit variant's pool against harm (Cairn, Rules Summary: Grit, Healing, Effort).

    "Grit indicates a PC's ability to avoid getting hurt. It is lost when harmed
    & recovered after a few hours' rest. PC's start with 1d6 Grit, which they
    re-roll every time they rest." (Grit)

    "After a few hours' rest and a meal you re-roll your Grit. Deprived PCs roll
    -1d6 Grit when resting." (Healing)

What Grit feeds: harm comes off Grit first, and only what goes below 0 comes
off Prowess (physical harm), Insight (stress) or Resolve (effort harm), with an
Ability save against critical damage (Harm; :mod:`rules_py.cairn.harm`). An
effort costs "1d6 harm" taken "before any roll" (Effort): effort harm, so Grit
then Resolve.

Readings where the text is silent, each shown in the roller as a note:

* "roll -1d6 Grit" for a Deprived PC is the usual 1d6 less another 1d6, never
  below 0 (:data:`DEPRIVED_READING`);
* a re-roll replaces the Grit left before the rest, even when it is lower
  (:data:`REROLL_READING`): the text says "re-roll", not "roll and keep the best".
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.cairn import harm
from rules_py.cairn.rulesets import GRIT
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN, EFFORT_HARM_DIE
from rules_py.core import dist
from rules_py.core.errors import require_choice, require_int
from rules_py.core.rng import Rng

__all__ = [
    "ADVANCEMENT_READING",
    "ADVANCEMENT_RULE",
    "DEPRIVED_READING",
    "EFFORT",
    "GRIT_DIE",
    "MAX_HARM",
    "REROLL_READING",
    "REST",
    "START",
    "WHEN",
    "EffortHarm",
    "GritRoll",
    "advancement_open",
    "effort_outcomes",
    "grit_dist",
    "harm_outcomes",
    "harm_target",
    "roll_effort",
    "roll_grit",
    "take_harm",
]

GRIT_DIE = 6  # "PC's start with 1d6 Grit"
START = "start"
REST = "rest"
EFFORT = "effort"  # the kind of harm an effort costs: "Resolve, if it is an effort harm"
WHEN = (START, REST)
MAX_HARM = harm.MAX_POOL

DEPRIVED_READING = (
    'Deprived: "roll -1d6 Grit" is read as the usual 1d6 less another 1d6, never below 0.'
)
REROLL_READING = "A rest re-rolls Grit: the new roll replaces what was left, even when lower."
ADVANCEMENT_RULE = (
    "When they recover, if their new permanent Ability is equal or lower than their number "
    "of Advancements, they can choose an additional Advancement."
)
ADVANCEMENT_READING = (
    '"When they recover" is read as each recovery from critical damage: the ability back to '
    "its new permanent score, compared with the Advancements held then."
)


def advancement_open(permanent: int, advancements: int) -> bool:
    """Whether a recovery from critical damage opens an additional Advancement
    (``ADVANCEMENT_RULE``): the new permanent score at most the Advancements."""
    permanent = require_int("before", "Permanent score", permanent, ABILITY_MIN, ABILITY_MAX)
    advancements = require_int("advancements", "Advancements", advancements, 0, ABILITY_MAX)
    return permanent <= advancements


@dataclass(frozen=True)
class GritRoll:
    """A Grit roll: ``rolled`` is the 1d6; ``less`` the Deprived 1d6 taken off it, if any."""

    when: str
    rolled: int
    less: int | None
    grit: int

    @property
    def deprived(self) -> bool:
        return self.less is not None


def _deprived(when: str, deprived: bool) -> bool:
    """Deprivation changes only the roll after a rest ("when resting")."""
    return deprived and require_choice("when", "When", when, WHEN) == REST


def roll_grit(
    when: str, rng: Rng, deprived: bool = False, less_rolled: int | None = None
) -> GritRoll:
    """Roll Grit for a new PC (``START``) or after a rest (``REST``); a
    deprived rest's "-1d6" is ``less_rolled`` when that die was rolled
    already (the text's own "-1d6", tapped)."""
    less_too = _deprived(when, deprived)
    rolled = rng.die(GRIT_DIE)
    if less_rolled is not None:
        less_rolled = require_int("less", "The -1d6", less_rolled, 1, GRIT_DIE)
    less = (rng.die(GRIT_DIE) if less_rolled is None else less_rolled) if less_too else None
    return GritRoll(when, rolled, less, max(rolled - (less or 0), 0))


def grit_dist(when: str, deprived: bool = False) -> dist.Dist[int]:
    """Exact distribution of the Grit a roll gives."""
    one = dist.die(GRIT_DIE)
    if not _deprived(when, deprived):
        return one
    return one.then(lambda rolled: one.map(lambda less: max(rolled - less, 0)))


def harm_target(grit: int, kind: str, score: int) -> harm.Target:
    """A PC with ``grit`` Grit whose ability for harm of ``kind`` is ``score``.

    Only that ability is entered: harm of one kind never reaches the others.
    """
    allowed = tuple(name for name, _ in harm.HARM_KINDS[GRIT])
    kind = require_choice("grit_harm", "Kind of harm", kind, allowed)
    ability = dict(harm.HARM_KINDS[GRIT])[kind]
    score = require_int("score", f"{ability}", score, ABILITY_MIN, ABILITY_MAX)
    return harm.check_target(harm.Target(GRIT, "pc", grit, ((ability, score),), kind))


def take_harm(grit: int, amount: int, kind: str, score: int, rng: Rng) -> harm.HarmResult:
    """Harm off Grit first, the rest off the ability, with the save it calls for."""
    amount = require_int("harm", "Harm", amount, 0, MAX_HARM)
    return harm.apply_harm(harm_target(grit, kind, score), amount, rng)


def harm_outcomes(grit: int, amount: int, kind: str, score: int) -> dist.Dist[str]:
    """Exact chance of each outcome of ``amount`` harm (see :func:`harm.outcome_labels`)."""
    amount = require_int("harm", "Harm", amount, 0, MAX_HARM)
    return harm.outcome_dist(harm_target(grit, kind, score), dist.constant(amount))


def effort_outcomes(grit: int, resolve: int) -> dist.Dist[str]:
    """Exact chance of each outcome of an effort's 1d6 effort harm."""
    return harm.outcome_dist(harm_target(grit, EFFORT, resolve), dist.die(EFFORT_HARM_DIE))


@dataclass(frozen=True)
class EffortHarm:
    taken: int
    result: harm.HarmResult


def roll_effort(grit: int, resolve: int, rng: Rng) -> EffortHarm:
    """An effort's price: 1d6 effort harm, off Grit and then Resolve."""
    taken = rng.die(EFFORT_HARM_DIE)
    return EffortHarm(taken, take_harm(grit, taken, EFFORT, resolve, rng))
