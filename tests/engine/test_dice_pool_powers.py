"""Anima, Limit, the Excellency, Strifes and rest (the d10 dice-pool game)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import powers


@pytest.mark.parametrize(
    ("successes", "anima"),
    [(0, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3), (40, 3)],
)
def test_critical_roll_bands(successes: int, anima: int) -> None:
    # "1 Anima for a roll of 8-9 2 Anima for a roll of 10-11 3 Anima for a roll of 12+"
    assert powers.critical_anima(successes) == anima


@pytest.mark.parametrize(("successes", "anima"), [(0, 1), (1, 2), (2, 2), (3, 3), (6, 4), (7, 5)])
def test_build_power_is_one_plus_half_rounded_up(successes: int, anima: int) -> None:
    # "Gain 1 Anima. Roll (Essence + Favored Ability), and gain 1/2 Successes as
    # Anima, rounded up."
    assert powers.build_power_anima(successes) == anima


def test_build_power_by_waiting() -> None:
    # "Or Spend 5 minutes per Anima required."
    assert powers.build_power_minutes(3) == 15


@pytest.mark.parametrize("limit", range(0, 10))
def test_break_chance_is_a_d10_below_the_limit(limit: int) -> None:
    # "Roll 1d10. If less than current limit, you break."
    breaking_faces = [face for face in range(1, 11) if face < limit]
    assert powers.break_chance(limit) == Fraction(len(breaking_faces), 10)
    for face in range(1, 11):
        assert powers.judge_break(limit, face).broke == (face in breaking_faces)


def test_ten_limit_always_breaks() -> None:
    # "Break on 10 Limit"
    assert powers.break_chance(10) == 1
    check = powers.roll_break_check(10, Rng(1))
    assert check.broke
    assert check.roll is None
    assert powers.judge_break(10, 10).broke


def test_break_check_replays_from_its_seed() -> None:
    first = powers.roll_break_check(6, Rng(99))
    assert first == powers.roll_break_check(6, Rng(99))
    assert first.roll is not None
    assert first.broke == (first.roll < 6)


def test_limit_gain_stops_at_ten() -> None:
    assert powers.gain_limit(3, powers.EXCELLENCY_LIMIT) == 4
    assert powers.gain_limit(9, 1) == 10
    assert powers.gain_limit(10, 1) == 10
    assert powers.DEFEAT_LIMIT == 1  # "Exalts gain 1 Limit for being defeated."


def test_limit_outside_zero_to_ten_is_refused() -> None:
    with pytest.raises(
        RulesInputError, match=r"Limit must be a whole number from 0 to 10 \(got 11\)"
    ):
        powers.break_chance(11)


def test_solar_excellency_adds_ability_successes() -> None:
    assert powers.solar_excellency(2, 4) == 6


@given(st.integers(0, 50), st.integers(0, 10))
def test_strife_guarantees_essence_successes(rolled: int, essence: int) -> None:
    result = powers.strife_successes(rolled, essence)
    assert result >= essence
    assert result >= rolled
    assert result in (rolled, essence)


def test_rest_figures() -> None:
    # "Regain 15 Health and all motes over a full night's rest. Accumulated anima
    # dissipates. Or: 2 Health, 1 Motes regained per hour."
    night = powers.full_night()
    assert (night.health, night.motes, night.anima_dissipates) == (15, None, True)
    three_hours = powers.hours_of_rest(3)
    assert (three_hours.health, three_hours.motes, three_hours.anima_dissipates) == (6, 3, False)


def test_strife_costs_three_anima_and_stunts_give_one() -> None:
    assert powers.STRIFE_ANIMA_COST == 3
    assert powers.STUNT_ANIMA == 1
    assert (powers.ANIMA_DICE_COST, powers.ANIMA_DICE) == (1, 2)
