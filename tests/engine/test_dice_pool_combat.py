"""Combat (the d10 dice-pool game): decisive strike, Strife strikes, groups, armour, environment."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import combat, pool


def test_decisive_strike_formula() -> None:
    # "If it matches or exceeds DV, you hit and deal the excess of successes
    # rolled, plus your Base Damage: (Roll - DV) + (Base Damage)"
    assert combat.strike_damage(5, 3, 4) == 6
    assert combat.strike_damage(3, 3, 4) == 4  # matching the DV hits
    assert combat.strike_damage(2, 3, 4) is None  # below the DV misses


@given(st.integers(0, 60), st.integers(0, 20), st.integers(0, 40))
def test_damage_is_excess_plus_base(successes: int, dv: int, base: int) -> None:
    dealt = combat.strike_damage(successes, dv, base)
    if successes < dv:
        assert dealt is None
    else:
        assert dealt == successes - dv + base
        assert dealt >= base


@pytest.mark.parametrize(("essence", "damage"), [(1, 5), (2, 7), (3, 9), (5, 13)])
def test_strife_strike_base_damage(essence: int, damage: int) -> None:
    # "Strikes have +4 Acc, 3+(Essence)x2 Base Damage."
    assert combat.strife_base_damage(essence) == damage
    profile = combat.strike_profile(1, 2, strife_essence=essence)
    assert profile.accuracy == 1 + 4
    assert profile.base_damage == damage  # in place of the weapon's


@pytest.mark.parametrize("magnitude", range(0, 9))
def test_group_bonus_per_magnitude(magnitude: int) -> None:
    # "Add 5 Health for every Magnitude Scale increment. Add 1 Damage, 1 Accuracy,
    # and +1 Dice on an action for every Magnitude Scale increment"
    bonus = combat.group_bonus(magnitude)
    assert (bonus.health, bonus.damage, bonus.accuracy, bonus.dice) == (
        5 * magnitude,
        magnitude,
        magnitude,
        magnitude,
    )


def test_group_strike_takes_accuracy_and_dice() -> None:
    profile = combat.strike_profile(2, 3, magnitude=3)
    assert profile.accuracy == 2 + 3 + 3
    assert profile.base_damage == 3 + 3


def test_magnitude_beyond_the_table_is_refused() -> None:
    with pytest.raises(
        RulesInputError, match=r"Group Magnitude must be a whole number from 0 to 8"
    ):
        combat.group_bonus(9)


def test_rolled_strike_reads_damage() -> None:
    check = pool.build_check(6, 2)
    hit = combat.strike(pool.judge_roll(check, (10, 9, 8, 1, 1, 1)), 3)
    assert hit.hit
    assert hit.damage == (4 - 2) + 3
    miss = combat.strike(pool.judge_roll(check, (7, 1, 1, 1, 1, 1)), 3)
    assert not miss.hit
    assert miss.damage == 0


def test_damage_distribution_equals_enumeration() -> None:
    check = pool.build_check(3, 2)
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=3):
        successes = pool.count_successes(faces)
        counts[successes - 2 + 4 if successes >= 2 else 0] += 1
    exact = combat.damage_distribution(check, 4, pool.NO_EXTRAS)
    assert dict(exact.items()) == {k: Fraction(v, 1000) for k, v in counts.items()}
    assert combat.hit_chance(check, pool.NO_EXTRAS) == 1 - exact.prob(0)


def test_strike_replays_from_its_seed() -> None:
    check = pool.build_check(10, 4)
    first = combat.strike(pool.roll_check(check, Rng(5)), 6)
    assert first == combat.strike(pool.roll_check(check, Rng(5)), 6)


def test_environmental_damage_table() -> None:
    assert [combat.environmental(n).damage for n in ("Light", "Medium", "Heavy", "Oppressive")] == [
        3,
        5,
        7,
        9,
    ]
    with pytest.raises(RulesInputError, match="Environmental damage must be one of"):
        combat.environmental("Scalding")


@pytest.mark.parametrize(
    ("worn", "block", "evasion"),
    [("none", 3, 3), ("light", 3, 4), ("medium", 4, 3), ("heavy", 5, 2)],
)
def test_mundane_armor(worn: str, block: int, evasion: int) -> None:
    defences = combat.armored(3, 3, worn)
    assert (defences.block, defences.evasion) == (block, evasion)


def test_heavy_armor_never_takes_evasion_below_zero() -> None:
    assert combat.armored(0, 0, "heavy").evasion == 0
