"""Recovery of attribute loss: 1d6 per week (Might and Heart, "Healing & Recovery"),
one per day (Cairn, Rules Summary: Healing)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import recovery
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def _by_enumeration(current: int, before: int, weeks: int) -> dict[int, Fraction]:
    counted: dict[int, int] = {}
    for gains in product(range(1, 7), repeat=weeks):
        score = min(current + sum(gains), before)
        counted[score] = counted.get(score, 0) + 1
    return {score: Fraction(n, 6**weeks) for score, n in counted.items()}


@pytest.mark.parametrize(("current", "before", "weeks"), [(6, 10, 1), (2, 12, 2), (1, 18, 3)])
def test_1d6_per_week_matches_counting_the_dice(current: int, before: int, weeks: int) -> None:
    odds = recovery.recovery_dist(MIGHT_HEART, current, before, weeks)
    assert dict(odds.items()) == _by_enumeration(current, before, weeks)


def test_the_texts_numbers() -> None:
    # "Attribute loss can usually be restored (1d6 per week)": a loss of 4 is made
    # good in one week on a 4, 5 or 6; a loss of 10 in two weeks on 10+ with 2d6.
    assert recovery.full_recovery_chance(MIGHT_HEART, 6, 10, 1) == Fraction(1, 2)
    assert recovery.full_recovery_chance(MIGHT_HEART, 2, 12, 2) == Fraction(6, 36)
    assert recovery.full_recovery_chance(MIGHT_HEART, 1, 2, 1) == 1


def test_grit_variant_recovers_one_a_day() -> None:
    # "Ability loss recovers at a rate of one per day, and requires a skilled healer."
    result = recovery.recover(GRIT, 3, 9, 4, Rng(1))
    assert (result.gains, result.score, result.restored) == ((1, 1, 1, 1), 7, False)
    assert recovery.recover(GRIT, 3, 9, 10, Rng(1)).gains == (1,) * 6
    assert dict(recovery.recovery_dist(GRIT, 3, 9, 4).items()) == {7: 1}


@given(seeds, st.integers(0, 20), st.integers(1, 20), st.integers(1, 8))
def test_a_rolled_recovery_is_its_dice_capped(
    seed: int, current: int, before: int, weeks: int
) -> None:
    current = min(current, before)
    result = recovery.recover(MIGHT_HEART, current, before, weeks, Rng(seed))
    replay = Rng(seed)
    score, gains = current, []
    for _ in range(weeks):
        if score >= before:
            break
        gains.append(replay.die(6))
        score = min(score + gains[-1], before)
    assert (result.gains, result.score) == (tuple(gains), score)
    assert result.score <= before
    assert recovery.recovery_dist(MIGHT_HEART, current, before, weeks).prob(result.score) > 0


@pytest.mark.parametrize("rules", [MIGHT_HEART, GRIT])
def test_a_deprived_pc_recovers_nothing(rules: str) -> None:
    # "A Deprived PC cannot recover HP, Attributes, or item slots from Fatigue."
    result = recovery.recover(rules, 3, 9, 4, Rng(1), deprived=True)
    assert (result.gains, result.score) == ((), 3)
    assert result.blocked == recovery.DEPRIVED_RULES[rules]


def test_without_a_healer() -> None:
    assert recovery.recover(GRIT, 3, 9, 4, Rng(1), healer=False).blocked == (
        recovery.GRIT_HEALER_RULE
    )
    assert recovery.recover(MIGHT_HEART, 3, 9, 4, Rng(1), healer=False).score == 3


@pytest.mark.parametrize(
    ("rules", "current", "before", "periods", "field"),
    [
        (CAIRN, 3, 9, 1, "rules"),
        (MIGHT_HEART, 10, 9, 1, "current"),
        (MIGHT_HEART, 3, 0, 1, "before"),
        (MIGHT_HEART, 3, 9, 0, "periods"),
        (GRIT, 3, 9, recovery.MAX_PERIODS + 1, "periods"),
    ],
)
def test_bad_input(rules: str, current: int, before: int, periods: int, field: str) -> None:
    with pytest.raises(RulesInputError) as raised:
        recovery.recover(rules, current, before, periods, Rng(1))
    assert raised.value.field == field


def test_period_names() -> None:
    assert (recovery.period(MIGHT_HEART), recovery.period(GRIT)) == ("week", "day")


def test_blocked_names_the_rule_or_reading() -> None:
    assert recovery.blocked(MIGHT_HEART, False, True) == ""
    assert recovery.blocked(GRIT, True, False) == recovery.DEPRIVED_RULES[GRIT]
    assert recovery.blocked(GRIT, False, False) == recovery.GRIT_HEALER_RULE
    assert recovery.blocked(MIGHT_HEART, False, False) == recovery.MIGHT_HEART_HEALER_NOTE


def test_readings_per_rule_set() -> None:
    assert recovery.readings(MIGHT_HEART) == (recovery.CAP_READING, recovery.WEEKLY_READING)
    assert recovery.readings(GRIT) == (recovery.CAP_READING,)


def test_a_week_whose_1d6_was_rolled_already_adds_that_die() -> None:
    # "Attribute loss can usually be restored (1d6 per week)": the text's die, tapped.
    done = recovery.recover(MIGHT_HEART, 4, 10, 2, Rng(3), first_rolled=5)
    assert done.gains[0] == 5
    assert done.gains[1:] == (Rng(3).die(6),)[: len(done.gains) - 1]
    assert recovery.recover(MIGHT_HEART, 8, 10, 1, Rng(3), first_rolled=6).score == 10
    with pytest.raises(RulesInputError) as refused:
        recovery.recover(MIGHT_HEART, 4, 10, 1, Rng(3), first_rolled=7)
    assert refused.value.field == "rolled"
