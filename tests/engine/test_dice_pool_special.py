"""Group, contested and NPC-average rolls (the d10 dice-pool game)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import pool, special

# -------------------------------------------------------------------- group


def test_two_extra_successes_buy_one_for_an_ally() -> None:
    # "give up 2 successes to boost an ally by 1 success."
    assert special.max_boost(7, 3) == 2
    donation = special.donate(7, 3, 2)
    assert (donation.kept, donation.boost) == (3, 2)
    assert special.max_boost(4, 3) == 0  # one extra success buys nothing
    assert special.max_boost(2, 3) == 0  # a failed roll has nothing extra


def test_giving_more_than_the_extra_is_refused() -> None:
    with pytest.raises(RulesInputError) as error:
        special.donate(6, 3, 2)
    assert error.value.field == "boost"
    assert "from 0 to 1" in error.value.message


@given(st.integers(0, 60), st.integers(0, 30))
def test_giver_still_meets_the_difficulty(successes: int, difficulty: int) -> None:
    most = special.max_boost(successes, difficulty)
    donation = special.donate(successes, difficulty, most)
    if successes >= difficulty:
        assert donation.kept >= difficulty
    assert donation.kept + 2 * donation.boost == successes


# ---------------------------------------------------------------- NPC average


@given(st.integers(0, 70))
def test_npc_takes_half_the_pool_rounded_down(dice: int) -> None:
    # "take the average (rounded down) of their dice pool"
    assert special.npc_successes(dice) == dice // 2


# ---------------------------------------------------------------- contested


def test_greater_successes_win_and_equal_is_a_tie() -> None:
    assert special.winner(3, 2) is special.Winner.FIRST
    assert special.winner(1, 4) is special.Winner.SECOND
    assert special.winner(2, 2) is special.Winner.TIE


def _enumerated_contest(first: int, second: int) -> tuple[Fraction, Fraction, Fraction]:
    wins = losses = ties = 0
    for faces in itertools.product(range(1, 11), repeat=first + second):
        a = pool.count_successes(faces[:first])
        b = pool.count_successes(faces[first:])
        wins += a > b
        losses += a < b
        ties += a == b
    whole = 10 ** (first + second)
    return Fraction(wins, whole), Fraction(losses, whole), Fraction(ties, whole)


@pytest.mark.parametrize(("first", "second"), [(1, 1), (2, 1), (1, 3), (2, 2), (0, 2)])
def test_contest_odds_equal_enumeration(first: int, second: int) -> None:
    odds = special.contest_odds(special.Side(first), special.Side(second))
    assert (odds.first, odds.second, odds.tie) == _enumerated_contest(first, second)


def test_contest_against_an_npc_uses_its_fixed_average() -> None:
    # An NPC with 7 dice takes 3 successes; beating it needs 4 or more.
    odds = special.contest_odds(special.Side(6), special.Side(7, npc=True))
    six = pool.successes_distribution(6)
    assert odds.first == six.at_least(4)
    assert odds.tie == six.prob(3)
    assert odds.second == six.at_most(2)


@given(st.integers(0, 25), st.integers(0, 25))
def test_contest_odds_sum_to_one_and_mirror(first: int, second: int) -> None:
    there = special.contest_odds(special.Side(first), special.Side(second))
    back = special.contest_odds(special.Side(second), special.Side(first))
    assert there.first + there.second + there.tie == 1
    assert (there.first, there.tie) == (back.second, back.tie)


def test_roll_contest_replays_and_counts() -> None:
    first, second = special.Side(5), special.Side(8, npc=True)
    result = special.roll_contest(first, second, Rng(31))
    assert result == special.roll_contest(first, second, Rng(31))
    assert len(result.first.faces) == 5
    assert result.second.faces == ()
    assert result.second.successes == 4
    assert result.first.successes == pool.count_successes(result.first.faces)
    assert result.winner is special.winner(result.first.successes, 4)
