"""Anima, Limit, the Excellency, Strifes and rest in the d10 dice-pool game.

These are the figures around a roll: what it earns, what it costs, and what a
night's sleep gives back. The roll itself is in :mod:`rules_py.dice_pool.pool`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.errors import require_int
from rules_py.core.rng import Rng
from rules_py.dice_pool.tables import CriticalAnima, anima_bands

__all__ = [
    "ANIMA_DICE",
    "ANIMA_DICE_COST",
    "BUILD_POWER_BASE",
    "BUILD_POWER_MINUTES_PER_ANIMA",
    "BUILD_POWER_RULE",
    "DEFEAT_HEALTH",
    "DEFEAT_LIMIT",
    "EXCELLENCY_LIMIT",
    "HOURLY_HEALTH",
    "HOURLY_MOTES",
    "LIMIT_BREAK",
    "LIMIT_CHECK_DIE",
    "LIMIT_MIN",
    "MAX_POOL",
    "MAX_REST_HOURS",
    "NIGHT_HEALTH",
    "REST_RULE",
    "STRIFE_ANIMA_COST",
    "STUNT_ANIMA",
    "BreakCheck",
    "Recovery",
    "Rested",
    "break_chance",
    "break_distribution",
    "breaks_outright",
    "build_power_anima",
    "build_power_half",
    "build_power_minutes",
    "check_limit",
    "critical_anima",
    "critical_band",
    "critical_minimum",
    "full_night",
    "gain_limit",
    "hours_of_rest",
    "judge_break",
    "rest",
    "roll_break_check",
    "solar_excellency",
    "strife_successes",
]

# ------------------------------------------------------------------- anima

ANIMA_DICE = 2
""""1 Anima for 2 Dice on an action. Cannot grant more than once per action.\""""
ANIMA_DICE_COST = 1
STUNT_ANIMA = 1
"""Stunts "may grant 1 Anima for unique and interesting moments"."""
BUILD_POWER_BASE = 1
"""Build Power: "Gain 1 Anima. Roll (Essence + Favored Ability), and gain 1/2
Successes as Anima, rounded up." Read here as 1 Anima plus half the successes."""
BUILD_POWER_MINUTES_PER_ANIMA = 5
""""Or Spend 5 minutes per Anima required.\""""
STRIFE_ANIMA_COST = 3
"""Strifes: "By stunting and spending 3 anima, you may perform and invent a narrative power.\""""

BUILD_POWER_RULE = (
    "Build Power gives 1 Anima plus half the successes, rounded up "
    "(the text lists both; this roller adds them)."
)


def critical_band(successes: int) -> CriticalAnima | None:
    """The Critical Roll band a roll's successes fall in, if any."""
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    for band in anima_bands():
        if band.holds(successes):
            return band
    return None


def critical_anima(successes: int) -> int:
    """Anima for a critical roll: "1 Anima for a roll of 8-9, 2 Anima for a roll of
    10-11, 3 Anima for a roll of 12+"; nothing below 8."""
    band = critical_band(successes)
    return 0 if band is None else band.anima


def build_power_half(successes: int) -> int:
    """ "gain 1/2 Successes as Anima, rounded up"."""
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    return (successes + 1) // 2


def build_power_anima(successes: int) -> int:
    """Anima from a Build Power roll with ``successes``: 1 + ceil(successes / 2)."""
    return BUILD_POWER_BASE + build_power_half(successes)


def critical_minimum() -> int:
    """The fewest successes that make a Critical Roll (8)."""
    low = anima_bands()[0].range.low
    assert low is not None  # the table's first row is "8-9"
    return low


def build_power_minutes(anima: int) -> int:
    """The slow way: "Spend 5 minutes per Anima required"."""
    anima = require_int("anima", "Anima", anima, 0, 10_000)
    return BUILD_POWER_MINUTES_PER_ANIMA * anima


# ------------------------------------------------------------------- limit

LIMIT_MIN = 0
LIMIT_BREAK = 10
""""Break on 10 Limit, or early if encountering a particularly stressful situation.\""""
LIMIT_CHECK_DIE = 10
EXCELLENCY_LIMIT = 1
""""After a roll is resolved, Gain 1 Limit to activate the Exalt's Excellency.\""""
DEFEAT_LIMIT = 1
"""Defeat: "Exalts gain 1 Limit for being defeated.\""""
DEFEAT_HEALTH = 5
""""Characters at 5 Health will start to want to surrender.\""""


def check_limit(limit: int) -> int:
    return require_int("limit", "Limit", limit, LIMIT_MIN, LIMIT_BREAK)


def gain_limit(limit: int, amount: int) -> int:
    """Limit after gaining ``amount``; it stops at 10, where the character breaks."""
    limit = check_limit(limit)
    amount = require_int("amount", "Limit gained", amount, 0, LIMIT_BREAK)
    return min(LIMIT_BREAK, limit + amount)


def breaks_outright(limit: int) -> bool:
    """At 10 Limit the character breaks without a roll."""
    return check_limit(limit) >= LIMIT_BREAK


def break_distribution() -> dist.Dist[int]:
    """The 1d10 of the break check."""
    return dist.die(LIMIT_CHECK_DIE)


def break_chance(limit: int) -> Fraction:
    """Chance to break in a stressful situation: "Roll 1d10. If less than current
    limit, you break." At 10 Limit the break is certain."""
    limit = check_limit(limit)
    if breaks_outright(limit):
        return Fraction(1)
    return break_distribution().where(lambda face: face < limit)


@dataclass(frozen=True)
class BreakCheck:
    limit: int
    roll: int | None  # None: at 10 Limit there is nothing to roll
    broke: bool


def judge_break(limit: int, roll: int) -> BreakCheck:
    limit = check_limit(limit)
    roll = require_int("roll", "The d10", roll, 1, LIMIT_CHECK_DIE)
    if breaks_outright(limit):
        return BreakCheck(limit, None, True)
    return BreakCheck(limit, roll, roll < limit)


def roll_break_check(limit: int, rng: Rng) -> BreakCheck:
    limit = check_limit(limit)
    if breaks_outright(limit):
        return BreakCheck(limit, None, True)
    return judge_break(limit, rng.die(LIMIT_CHECK_DIE))


# --------------------------------------------------- excellency and strife


def solar_excellency(successes: int, ability: int) -> int:
    """Solars: "Gain (Ability) Successes" (after the roll, for 1 Limit)."""
    successes = require_int("successes", "Successes", successes, 0, 10_000)
    ability = require_int("ability", "Ability", ability, 0, 100)
    return successes + ability


def strife_successes(rolled: int, essence: int) -> int:
    """Strifes: "Rolls are not required, but when performed have a guaranteed
    (Essence) minimum successes"."""
    rolled = require_int("successes", "Successes", rolled, 0, 10_000)
    essence = require_int("essence", "Essence", essence, 0, 100)
    return max(rolled, essence)


# --------------------------------------------------------------------- rest

NIGHT_HEALTH = 15
""""Regain 15 Health and all motes over a full night's rest. Accumulated anima dissipates.\""""
HOURLY_HEALTH = 2
HOURLY_MOTES = 1
MAX_REST_HOURS = 24  # past a day, rest is counted in nights
""""Or: 2 Health, 1 Motes regained per hour.\""""


@dataclass(frozen=True)
class Recovery:
    health: int
    motes: int | None  # None: all motes
    anima_dissipates: bool


def full_night() -> Recovery:
    """A full night's rest: 15 Health, all motes; accumulated anima dissipates
    (except Stunt/Roleplay anima, which "Does not dissipate at rest")."""
    return Recovery(NIGHT_HEALTH, None, True)


def hours_of_rest(hours: int) -> Recovery:
    """Resting by the hour: 2 Health and 1 mote for each hour."""
    hours = require_int("hours", "Hours of rest", hours, 0, MAX_REST_HOURS)
    return Recovery(HOURLY_HEALTH * hours, HOURLY_MOTES * hours, False)


REST_RULE = (
    "Rest gives back at most what the character has lost (the text names no maximum); "
    "only a full night dissipates accumulated anima, while Stunt/Roleplay anima stays."
)
MAX_POOL = 200  # Health, motes and anima: the roller's bounds, not the text's


@dataclass(frozen=True)
class Rested:
    """What rest gives back, and what is still missing after it."""

    health: int  # regained
    health_missing: int
    motes: int  # regained
    motes_missing: int
    anima: int  # accumulated anima kept (Critical Roll, Build Power)
    stunt_anima: int  # "Does not dissipate at rest"


def rest(
    recovery: Recovery,
    *,
    health_missing: int,
    motes_missing: int,
    anima: int,
    stunt_anima: int,
) -> Rested:
    """Apply :func:`full_night` or :func:`hours_of_rest` to a character who is
    ``health_missing`` Health and ``motes_missing`` motes below their maximum."""
    health_missing = require_int("health_missing", "Health lost", health_missing, 0, MAX_POOL)
    motes_missing = require_int("motes_missing", "Motes spent", motes_missing, 0, MAX_POOL)
    anima = require_int("anima", "Accumulated anima", anima, 0, MAX_POOL)
    stunt_anima = require_int("stunt_anima", "Stunt/Roleplay anima", stunt_anima, 0, MAX_POOL)
    health = min(health_missing, recovery.health)
    motes = motes_missing if recovery.motes is None else min(motes_missing, recovery.motes)
    return Rested(
        health=health,
        health_missing=health_missing - health,
        motes=motes,
        motes_missing=motes_missing - motes,
        anima=0 if recovery.anima_dissipates else anima,
        stunt_anima=stunt_anima,
    )
