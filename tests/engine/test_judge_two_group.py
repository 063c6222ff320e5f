"""Group tests of two or three player characters."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two.group import (
    GroupJudgment,
    all_group_judgments,
    group_key,
    group_odds,
    group_options,
    group_recommended,
    roll_group,
    split_group,
)
from rules_py.judge_two.judging import Outcome, Priority

priorities = st.sampled_from(list(Priority))


def test_degrees_cancel_between_players() -> None:
    """ "one player character's degrees of failure cancelling out an equivalent
    number of the other player character's degrees of success"."""
    j = GroupJudgment(lights=(6, 2), truth=4, ranks=(1, 1), cl=5)
    assert j.final_lights == (7, 3)
    assert j.degrees == (2, -2)
    assert j.total == 0
    assert j.outcome is Outcome.INNOCENT_SUCCESS  # zero or greater succeeds
    assert j.label == "Innocent Success +0"
    short = GroupJudgment(lights=(6, 1), truth=2, ranks=(1, 1), cl=5)
    assert short.total == -1
    assert short.outcome is Outcome.GUILTY_FAILURE


def test_two_players_judge_four_dice_one_ignored() -> None:
    options = all_group_judgments((1, 2, 3, 4), (0, 0), 4)
    # 4 choices of Truth, then an ordered pair of Lights from the other 3.
    assert len(options) == 4 * 3 * 2
    for j in options:
        used = [*j.lights, j.truth]
        assert sorted(used) != [1, 2, 3, 4]  # exactly one die left over
        assert len(set(used)) == 3


def test_three_players_judge_six_dice_two_ignored() -> None:
    options = all_group_judgments((1, 2, 3, 4, 5, 6), (0, 1, 2), 6)
    assert len(options) == 6 * 5 * 4 * 3
    assert all(len(j.lights) == 3 for j in options)


def test_group_options_take_the_best_lights_for_each_truth() -> None:
    options = group_options((6, 1, 5, 3), (1, 2), 6)
    assert [(j.lights, j.truth) for j in options] == [
        ((5, 3), 6),
        ((6, 3), 5),
        ((6, 5), 3),
        ((6, 5), 1),
    ]
    best = group_recommended(options)
    assert (best.lights, best.truth) == ((6, 3), 5)  # 7 + 5 - 12 = 0: innocent success
    assert best.outcome is Outcome.INNOCENT_SUCCESS


@given(
    st.lists(st.integers(1, 6), min_size=4, max_size=4),
    st.lists(st.integers(0, 3), min_size=2, max_size=2),
    st.integers(4, 8),
    priorities,
)
def test_recommended_group_judgment_is_never_worse_two_players(
    dice: list[int], ranks: list[int], cl: int, priority: Priority
) -> None:
    every = all_group_judgments(dice, ranks, cl)
    best = group_recommended(group_options(dice, ranks, cl), priority)
    assert all(group_key(priority, best) >= group_key(priority, j) for j in every)


@given(
    st.lists(st.integers(1, 6), min_size=6, max_size=6),
    st.lists(st.integers(0, 3), min_size=3, max_size=3),
    st.integers(4, 8),
    priorities,
)
def test_recommended_group_judgment_is_never_worse_three_players(
    dice: list[int], ranks: list[int], cl: int, priority: Priority
) -> None:
    every = all_group_judgments(dice, ranks, cl)
    shown = group_options(dice, ranks, cl)
    best = group_recommended(shown, priority)
    assert all(group_key(priority, best) >= group_key(priority, j) for j in every)
    # every option shown is a legal judgment
    legal = {(j.lights, j.truth) for j in every}
    assert all((j.lights, j.truth) in legal for j in shown)


def test_group_odds_equal_enumeration_two_players() -> None:
    ranks, cl = (1, 2), 6
    counts: Counter[Outcome] = Counter()
    for dice in product(range(1, 7), repeat=4):
        every = all_group_judgments(dice, ranks, cl)
        counts[max(every, key=lambda j: group_key(Priority.SUCCESS, j)).outcome] += 1
    odds = group_odds(ranks, cl)
    for outcome in Outcome:
        assert odds.chance(outcome) == Fraction(counts[outcome], 6**4)


def test_group_odds_three_players_sum_to_one() -> None:
    odds = group_odds((1, 1, 1), 6, Priority.INNOCENCE)
    assert sum(odds.chance(outcome) for outcome in Outcome) == 1
    assert 0 < odds.success < 1


def test_group_needs_two_or_three() -> None:
    with pytest.raises(RulesInputError) as error:
        group_options((1, 2), (1,), 5)
    assert error.value.field == "players"
    with pytest.raises(RulesInputError):
        group_options((1, 2, 3, 4, 5, 6, 1, 2), (1, 1, 1, 1), 5)
    with pytest.raises(RulesInputError) as error:
        group_options((1, 2, 3), (1, 1), 5)
    assert error.value.field == "dice"


def test_each_player_rolls_two_dice() -> None:
    assert len(roll_group(3, Rng(5))) == 6
    assert roll_group(2, Rng(5)) == roll_group(2, Rng(5))


def test_four_or_more_act_in_twos_and_threes() -> None:
    """ "Four players could act in two pairs, five players could act as two then
    as three, six players could act either as three pairs or as two sets of three"."""
    assert split_group(4) == ((2, 2),)
    assert split_group(5) == ((3, 2),)
    assert set(split_group(6)) == {(2, 2, 2), (3, 3)}
    assert split_group(2) == ((2,),)
    assert split_group(3) == ((3,),)
    for characters in range(2, 13):
        for split in split_group(characters):
            assert sum(split) == characters
            assert set(split) <= {2, 3}
