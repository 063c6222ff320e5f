"""The d10 dice pool: successes, the pool's sums, the roll and its exact odds."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import pool

# ------------------------------------------------------------- one die


def test_seven_eight_nine_are_one_success_and_ten_is_two() -> None:
    # "7,8,9 is 1 success / 10 is 2 successes."
    assert [pool.face_successes(face) for face in range(1, 11)] == [0] * 6 + [1, 1, 1, 2]


def test_count_successes_adds_faces() -> None:
    assert pool.count_successes((10, 7, 1, 9, 6, 10)) == 6
    assert pool.count_successes(()) == 0


@pytest.mark.parametrize("face", [0, 11, -1, True, 7.0, "7"])
def test_a_face_outside_the_d10_is_refused(face: object) -> None:
    with pytest.raises(RulesInputError) as error:
        pool.face_successes(face)  # type: ignore[arg-type]
    assert error.value.field == "face"
    assert "from 1 to 10" in error.value.message


# --------------------------------------------------------- building a pool


def test_attribute_plus_ability() -> None:
    # "Add together (Attribute + Ability) d10s"
    assert pool.trait_pool(3, 4) == 7
    with pytest.raises(RulesInputError, match=r"Attribute must be a whole number from 0 to 10"):
        pool.trait_pool(11, 0)


def test_default_difficulty_is_typical_three() -> None:
    # "Difficulty 3 (Typical) - [Default]"
    assert pool.DEFAULT_DIFFICULTY == 3
    assert pool.build_check(5).difficulty == 3


@pytest.mark.parametrize(
    ("side", "size", "target", "dice", "difficulty"),
    [
        ("advantage", "moderate", "dice", 7, 3),
        ("advantage", "major", "dice", 9, 3),
        ("disadvantage", "moderate", "dice", 3, 3),
        ("disadvantage", "major", "dice", 1, 3),
        ("advantage", "moderate", "difficulty", 5, 2),
        ("advantage", "major", "difficulty", 5, 1),
        ("disadvantage", "moderate", "difficulty", 5, 4),
        ("disadvantage", "major", "difficulty", 5, 5),
    ],
)
def test_advantages_table(side: str, size: str, target: str, dice: int, difficulty: int) -> None:
    # "Moderate | +-2 Dice | +-1 Difficulty; Major | +-4 | +-2"
    check = pool.build_check(5, 3, [pool.modifier(side, size, target)])
    assert (check.dice, check.difficulty) == (dice, difficulty)


def test_advantage_and_disadvantage_together() -> None:
    mods = [
        pool.modifier("advantage", "major", "dice"),
        pool.modifier("disadvantage", "moderate", "difficulty"),
    ]
    check = pool.build_check(6, 5, mods)
    assert (check.dice, check.difficulty) == (10, 6)
    assert check.dice_parts == (("Pool", 6), ("Major advantage", 4))
    assert check.difficulty_parts == (("Difficulty", 5), ("Moderate disadvantage", 1))


def test_pool_never_drops_below_zero_dice() -> None:
    check = pool.build_check(1, 3, [pool.modifier("disadvantage", "major", "dice")])
    assert check.dice == 0
    assert check.asked_dice == -3
    assert check.dice_floored
    # No dice, no successes: difficulty 3 cannot be met.
    assert pool.success_chance(check) == 0


def test_difficulty_never_drops_below_zero() -> None:
    check = pool.build_check(2, 1, [pool.modifier("advantage", "major", "difficulty")])
    assert check.difficulty == 0
    assert check.asked_difficulty == -1
    assert check.difficulty_floored
    # Difficulty 0 is met by any roll, even a pool of no dice.
    assert pool.success_chance(check) == 1
    assert pool.success_chance(pool.build_check(0, 0)) == 1


@pytest.mark.parametrize(("helpers", "dice"), [(0, 0), (1, 2), (2, 4), (3, 4), (10, 4)])
def test_teamwork_two_dice_per_helper_four_at_most(helpers: int, dice: int) -> None:
    # "grant +2 dice ... Another may help, but +4 dice is the maximum."
    assert pool.teamwork_dice(helpers) == dice
    assert pool.build_check(3, helpers=helpers).dice == 3 + dice


def test_anima_buys_two_dice() -> None:
    # "1 Anima for 2 Dice on an action."
    check = pool.build_check(3, anima_dice=True)
    assert check.dice == 5
    assert ("1 Anima spent", 2) in check.dice_parts


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"base_dice": 61}, "dice"),
        ({"base_dice": -1}, "dice"),
        ({"base_dice": 3, "difficulty": 61}, "difficulty"),
        ({"base_dice": 3, "helpers": 11}, "helpers"),
    ],
)
def test_bad_pool_input_names_the_field(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesInputError) as error:
        pool.build_check(**kwargs)
    assert error.value.field == field
    assert "must be a whole number from" in error.value.message


def test_bad_modifier_words_are_refused() -> None:
    with pytest.raises(RulesInputError, match="Advantage size must be one of: moderate, major"):
        pool.modifier("advantage", "huge", "dice")
    with pytest.raises(RulesInputError, match="Applied to must be one of: dice, difficulty"):
        pool.modifier("advantage", "major", "luck")


# ----------------------------------------------------------------- rolling


def test_judge_roll_reads_successes_and_margin() -> None:
    check = pool.build_check(5, 3)
    result = pool.judge_roll(check, (10, 7, 2, 3, 4))
    assert result.rolled == result.total == 3
    assert result.succeeded  # "greater or equal to the difficulty"
    assert result.margin == 0
    miss = pool.judge_roll(check, (9, 1, 2, 3, 4))
    assert not miss.succeeded
    assert miss.margin == -2


def test_judge_roll_wants_one_face_per_die() -> None:
    with pytest.raises(RulesInputError, match="The pool has 5 dice"):
        pool.judge_roll(pool.build_check(5), (1, 2))


def test_roll_replays_from_its_seed() -> None:
    check = pool.build_check(12, 5)
    first = pool.roll_check(check, Rng(2024))
    again = pool.roll_check(check, Rng(2024))
    assert first == again
    assert len(first.faces) == 12
    assert all(1 <= face <= 10 for face in first.faces)
    assert first.rolled == pool.count_successes(first.faces)


def test_strife_minimum_and_excellency() -> None:
    check = pool.build_check(4, 5)
    faces = (1, 2, 7, 3)  # one success
    # "guaranteed (Essence) minimum successes"
    strife = pool.judge_roll(check, faces, pool.Extras(strife_essence=3))
    assert (strife.rolled, strife.total) == (1, 3)
    # Solars: "Gain (Ability) Successes", for 1 Limit.
    excellency = pool.judge_roll(check, faces, pool.Extras(excellency_ability=4))
    assert (excellency.total, excellency.succeeded, excellency.limit_gain) == (5, True, 1)
    both = pool.judge_roll(check, faces, pool.Extras(excellency_ability=2, strife_essence=3))
    assert both.total == 5  # the minimum first, then the Excellency adds
    assert pool.judge_roll(check, faces).limit_gain == 0


def test_critical_anima_counts_the_dice_not_the_excellency() -> None:
    check = pool.build_check(6, 3)
    faces = (10, 10, 10, 10, 1, 1)  # 8 successes: "1 Anima for a roll of 8-9"
    assert pool.judge_roll(check, faces).anima == 1
    boosted = pool.judge_roll(check, faces, pool.Extras(excellency_ability=5))
    assert boosted.total == 13
    assert boosted.anima == 1


# -------------------------------------------------------------------- odds


def _enumerated(dice: int) -> dict[int, Fraction]:
    """Every ordered roll of ``dice`` d10s, counted one by one."""
    counts = Counter(
        pool.count_successes(faces) for faces in itertools.product(range(1, 11), repeat=dice)
    )
    return {total: Fraction(count, 10**dice) for total, count in counts.items()}


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4])
def test_distribution_equals_enumeration_for_small_pools(dice: int) -> None:
    assert dict(pool.successes_distribution(dice).items()) == _enumerated(dice)


def test_one_die_distribution() -> None:
    one = pool.successes_distribution(1)
    assert dict(one.items()) == {0: Fraction(6, 10), 1: Fraction(3, 10), 2: Fraction(1, 10)}


def test_sixty_dice_match_a_seeded_monte_carlo() -> None:
    """60 dice, 3000 seeded rolls: each tail chance within 5 standard errors."""
    dice, samples = 60, 3000
    exact = pool.successes_distribution(dice)
    rng = Rng(8_002)
    totals = [pool.count_successes(rng.dice(dice, 10)) for _ in range(samples)]
    for threshold in (20, 25, 30, 35, 40):
        p = exact.at_least(threshold)
        observed = sum(1 for total in totals if total >= threshold) / samples
        tolerance = 5 * math.sqrt(float(p * (1 - p)) / samples)
        assert abs(observed - float(p)) <= tolerance, threshold
    mean = sum(totals) / samples
    assert abs(mean - 30) <= 5 * math.sqrt(float(exact.variance()) / samples)


def test_distribution_of_sixty_dice_is_complete_and_exact() -> None:
    sixty = pool.successes_distribution(60)
    assert sixty.outcomes == tuple(range(121))
    assert sum(p for _, p in sixty.items()) == 1
    # All 120 successes need every die to show 10.
    assert sixty[120] == Fraction(1, 10**60)
    assert sixty[0] == Fraction(6, 10) ** 60


@given(st.integers(min_value=0, max_value=70))
def test_expected_successes_are_half_the_pool(dice: int) -> None:
    assert pool.expected_successes(dice) == Fraction(dice, 2)


@given(st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=20))
def test_success_chance_falls_with_difficulty_and_rises_with_dice(dice: int, level: int) -> None:
    here = pool.success_chance(pool.build_check(dice, level))
    assert 0 <= here <= 1
    assert pool.success_chance(pool.build_check(dice, level + 1)) <= here
    assert pool.success_chance(pool.build_check(dice + 1, level)) >= here


def test_success_chance_for_typical_difficulty_with_five_dice() -> None:
    # P(at least 3 successes with 5 dice), counted by enumeration.
    enumerated = sum(p for total, p in _enumerated(5).items() if total >= 3)
    assert pool.success_chance(pool.build_check(5, 3)) == enumerated


def test_result_distribution_applies_extras() -> None:
    extras = pool.Extras(excellency_ability=2, strife_essence=3)
    shifted = pool.result_distribution(2, extras)
    enumerated: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=2):
        enumerated[max(pool.count_successes(faces), 3) + 2] += 1
    assert dict(shifted.items()) == {t: Fraction(c, 100) for t, c in enumerated.items()}
