"""Projects (the d10 dice-pool game): the scale builder and the obstruction roll."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import projects


@pytest.mark.parametrize(
    ("affects", "scale"),
    [("village", 1), ("town", 2), ("city", 3), ("prefecture", 4), ("province", 5)],
)
def test_world_project_scale_from_what_it_affects(affects: str, scale: int) -> None:
    built = projects.project_scale("world", affects=affects)
    assert built.scale == scale
    # "For Merit and Projects of 4-5, a Keystone Resource must be actively sought"
    assert built.needs_keystone == (scale >= 4)


@pytest.mark.parametrize("dots", range(1, 6))
def test_merit_project_scale_is_its_dots(dots: int) -> None:
    # "The Scale of a Merit Project is equal to its dots."
    assert projects.project_scale("merit", dots=dots).scale == dots


def test_nature_and_opposition_raise_the_scale() -> None:
    # "(+1) Unnatural / Significant; (+2) Overtly Supernatural / Overwhelming."
    assert projects.project_scale("world", affects="town", nature="unnatural").scale == 3
    assert projects.project_scale("world", affects="town", opposition="overwhelming").scale == 4
    both = projects.project_scale(
        "world", affects="city", nature="supernatural", opposition="significant"
    )
    assert both.scale == 6
    assert both.needs_keystone


@pytest.mark.parametrize(("repair", "scale"), [("minor", 2), ("moderate", 3), ("major", 4)])
def test_repair_lowers_the_scale(repair: str, scale: int) -> None:
    # "(-2) Minor (-1) Moderate (-0) Major"
    assert projects.project_scale("world", affects="prefecture", repair=repair).scale == scale


def test_repair_never_takes_the_scale_below_one() -> None:
    # "This will decrease the project scale, to a minimum of 1"
    built = projects.project_scale("world", affects="village", repair="minor")
    assert built.asked == -1
    assert built.scale == 1
    assert built.floored


def test_scale_parts_explain_the_sum() -> None:
    built = projects.project_scale("world", affects="city", nature="unnatural", repair="moderate")
    assert built.parts == (("City", 3), ("Unnatural", 1), ("Moderate repair", -1))
    merit = projects.project_scale("merit", dots=2, opposition="significant")
    assert merit.parts == (("Merit dots", 2), ("Significant opposition", 1))


def test_bad_project_words_are_refused() -> None:
    with pytest.raises(RulesInputError, match="Affects must be one of: village, town"):
        projects.project_scale("world", affects="continent")
    with pytest.raises(RulesInputError, match="Merit dots must be a whole number from 1 to 5"):
        projects.project_scale("merit", dots=6)
    with pytest.raises(RulesInputError, match="Project must be one of: world, merit"):
        projects.project_scale("guild")


@pytest.mark.parametrize(
    ("total", "key"),
    [
        (30, "critical"),
        (12, "critical"),
        (11, "success"),
        (10, "success"),
        (9, "alteration"),
        (7, "alteration"),
        (6, "problem"),
        (4, "problem"),
        (3, "major"),
        (0, "major"),
        (-4, "major"),
    ],
)
def test_obstruction_table_rows(total: int, key: str) -> None:
    assert projects.obstruction_row(total).key == key


def test_obstruction_roll_formula() -> None:
    # "1d10 + (Ability) - (Project Scale)"
    result = projects.judge_obstruction(7, 4, 2)
    assert result.total == 9
    assert result.row.key == "alteration"
    assert projects.judge_obstruction(10, 5, 3).row.text == "Critical Success. Gain 1 Resource."


def test_obstruction_roll_replays() -> None:
    first = projects.roll_obstruction(3, 2, Rng(77))
    assert first == projects.roll_obstruction(3, 2, Rng(77))
    assert 1 <= first.roll <= 10


@given(st.integers(0, 10), st.integers(1, 20))
def test_row_chances_equal_counting_the_d10(ability: int, scale: int) -> None:
    chances = dict((row.key, p) for row, p in projects.row_chances(ability, scale))
    counted = {key: Fraction(0) for key in chances}
    for face in range(1, 11):
        counted[projects.obstruction_row(face + ability - scale).key] += Fraction(1, 10)
    assert chances == counted
    assert sum(chances.values()) == 1


def test_row_chances_for_ability_three_scale_two() -> None:
    # totals 2..11: 0-3 on d10 1-2, 4-6 on 3-5, 7-9 on 6-8, 10-11 on 9-10
    chances = {row.key: p for row, p in projects.row_chances(3, 2)}
    assert chances == {
        "critical": 0,
        "success": Fraction(2, 10),
        "alteration": Fraction(3, 10),
        "problem": Fraction(3, 10),
        "major": Fraction(2, 10),
    }


def test_bad_obstruction_input() -> None:
    with pytest.raises(RulesInputError, match="Ability must be a whole number from 0 to 10"):
        projects.roll_obstruction(11, 2, Rng(1))
    with pytest.raises(RulesInputError, match="Project Scale must be a whole number from 1"):
        projects.obstruction_distribution(2, 0)
