"""Exact odds of recommended judging, checked against enumerating every roll."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.judge_two.judging import DiceMode, Outcome, Priority, Roll, judgments, recommended
from rules_py.judge_two.odds import dice_values, judge_odds


def enumerate_every_roll(
    rank: int, cl: int, mode: DiceMode, priority: Priority
) -> tuple[Counter[Outcome], Counter[int], int]:
    """Every ordered roll of the dice, judged one by one: the second method."""
    count = 2 if mode is DiceMode.NORMAL else 3
    outcomes: Counter[Outcome] = Counter()
    degrees: Counter[int] = Counter()
    total = 0
    for faces in product(range(1, 7), repeat=count):
        best = recommended(judgments(Roll(faces, mode), rank, cl), priority)
        outcomes[best.outcome] += 1
        degrees[best.degrees] += 1
        total += 1
    return outcomes, degrees, total


@pytest.mark.parametrize("mode", list(DiceMode))
@pytest.mark.parametrize("priority", list(Priority))
def test_odds_equal_enumeration_of_every_roll(mode: DiceMode, priority: Priority) -> None:
    for rank in range(4):
        for cl in range(4, 9):
            odds = judge_odds(rank, cl, mode, priority)
            outcomes, degrees, total = enumerate_every_roll(rank, cl, mode, priority)
            for outcome in Outcome:
                assert odds.chance(outcome) == Fraction(outcomes[outcome], total)
            assert dict(odds.degrees.items()) == {d: Fraction(n, total) for d, n in degrees.items()}


def test_odds_sum_to_one() -> None:
    odds = judge_odds(1, 6, DiceMode.BOLD)
    assert sum(odds.chance(outcome) for outcome in Outcome) == 1
    assert odds.success == odds.chance(Outcome.INNOCENT_SUCCESS) + odds.chance(
        Outcome.GUILTY_SUCCESS
    )


def test_known_value_rank_2_cl_6() -> None:
    """Rank 2 against CL 6 needs a Light of 4. Judged for success first, the
    roll fails only when both dice are 3 or less (9/36), and then it is guilty;
    it succeeds innocently when one die is 4+ and the other is too (9/36)."""
    odds = judge_odds(2, 6)
    assert odds.chance(Outcome.GUILTY_FAILURE) == Fraction(9, 36)
    assert odds.chance(Outcome.INNOCENT_FAILURE) == 0
    assert odds.chance(Outcome.INNOCENT_SUCCESS) == Fraction(9, 36)
    assert odds.chance(Outcome.GUILTY_SUCCESS) == Fraction(18, 36)


def test_dice_values_are_multisets_with_exact_weights() -> None:
    pairs = dice_values(2)
    assert pairs[(3, 3)] == Fraction(1, 36)
    assert pairs[(2, 5)] == Fraction(2, 36)
    assert len(dice_values(3)) == 56


@settings(max_examples=60)
@given(st.integers(0, 3), st.integers(1, 9), st.sampled_from(list(Priority)))
def test_bold_never_lowers_and_faint_never_raises_success(
    rank: int, cl: int, priority: Priority
) -> None:
    normal = judge_odds(rank, cl, DiceMode.NORMAL, priority).success
    assert judge_odds(rank, cl, DiceMode.BOLD, priority).success >= normal
    assert judge_odds(rank, cl, DiceMode.FAINT, priority).success <= normal


def test_bold_strictly_helps_a_hard_test() -> None:
    normal = judge_odds(0, 6).success
    bold = judge_odds(0, 6, DiceMode.BOLD).success
    faint = judge_odds(0, 6, DiceMode.FAINT).success
    assert faint < normal < bold
    assert normal == Fraction(11, 36)  # at least one 6 on two dice
    assert bold == Fraction(91, 216)  # at least one 6 on three dice
    assert faint == Fraction(16, 216)  # a 6 survives the discard only beside another 6


def test_innocence_priority_is_innocent_more_often() -> None:
    for rank in range(4):
        for cl in range(4, 9):
            success_first = judge_odds(rank, cl, DiceMode.NORMAL, Priority.SUCCESS)
            innocence_first = judge_odds(rank, cl, DiceMode.NORMAL, Priority.INNOCENCE)
            assert innocence_first.innocent >= success_first.innocent
            assert innocence_first.success <= success_first.success
            # any roll with a 4+ can be judged innocent: 1 - (1/2)^2
            assert innocence_first.innocent == Fraction(3, 4)
