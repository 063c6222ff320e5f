"""The Grit roll and what it feeds (Cairn, Rules Summary: Grit, Healing, Effort, Harm)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import grit, harm
from rules_py.cairn.saves import pass_chance
from rules_py.core import dist
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_a_new_pc_rolls_1d6_grit() -> None:
    # "PC's start with 1d6 Grit"
    odds = grit.grit_dist(grit.START)
    assert dict(odds.items()) == {face: Fraction(1, 6) for face in range(1, 7)}


def test_deprivation_does_not_touch_the_starting_roll() -> None:
    # "Deprived PCs roll -1d6 Grit when resting": when resting only.
    assert grit.grit_dist(grit.START, deprived=True) == grit.grit_dist(grit.START)
    rolled = grit.roll_grit(grit.START, Rng(4), deprived=True)
    assert rolled.less is None and rolled.grit == Rng(4).die(6)


def test_a_deprived_rest_is_1d6_less_1d6_never_below_zero() -> None:
    counted: dict[int, int] = {}
    for rolled, less in product(range(1, 7), repeat=2):
        value = max(rolled - less, 0)
        counted[value] = counted.get(value, 0) + 1
    odds = grit.grit_dist(grit.REST, deprived=True)
    assert dict(odds.items()) == {value: Fraction(n, 36) for value, n in counted.items()}
    assert odds.prob(0) == Fraction(21, 36)  # 15 ways the second die is higher, 6 ties
    assert odds.prob(5) == Fraction(1, 36)  # only 6 less 1
    assert odds.mean() == Fraction(35, 36)


def test_an_ordinary_rest_re_rolls_1d6() -> None:
    assert grit.grit_dist(grit.REST) == grit.grit_dist(grit.START)


@given(seeds)
def test_a_rolled_grit_is_its_dice(seed: int) -> None:
    rolled = grit.roll_grit(grit.REST, Rng(seed), deprived=True)
    replay = Rng(seed)
    first, second = replay.die(6), replay.die(6)
    assert (rolled.rolled, rolled.less) == (first, second)
    assert rolled.grit == max(first - second, 0)
    assert grit.grit_dist(grit.REST, deprived=True).prob(rolled.grit) > 0


def test_grit_when_is_checked() -> None:
    with pytest.raises(RulesInputError) as raised:
        grit.roll_grit("nap", Rng(1), deprived=True)
    assert raised.value.field == "when"


def test_harm_comes_off_grit_first() -> None:
    # "Harm that reduces a target's Grit below 0 decreases the remainder from their
    # Prowess, if it is physical harm."
    result = grit.take_harm(4, 3, "physical", 9, Rng(1))
    assert (result.stage.pool_after, result.stage.overflow, result.save) == (1, 0, None)
    result = grit.take_harm(2, 5, "stress", 9, Rng(1))
    assert (result.stage.ability, result.stage.ability_after) == ("Insight", 6)
    assert result.save is not None and result.save.ability == 6


def test_harm_to_grit_exactly_zero_is_no_ability_loss() -> None:
    # Only harm taking Grit *below* 0 reaches the ability.
    result = grit.take_harm(3, 3, "physical", 9, Rng(1))
    assert (result.outcome, result.stage.overflow) == ("pool", 0)


def test_an_effort_costs_1d6_effort_harm_to_grit_then_resolve() -> None:
    # "A PC can chose to make an effort and, before any roll, take 1d6 harm."
    for seed in range(40):
        paid = grit.roll_effort(2, 8, Rng(seed))
        assert paid.taken == Rng(seed).die(6)
        assert paid.result.stage.ability == "Resolve"
        assert paid.result.stage.overflow == max(paid.taken - 2, 0)


def test_effort_odds_by_enumeration() -> None:
    target = grit.harm_target(2, "effort", 6)
    outcomes = harm.outcome_dist(target, dist.die(6))
    # 1 or 2 harm: Grit only. 3-6: Resolve 6 loses 1-4, then saves against 5, 4, 3, 2.
    critical = sum((1 - pass_chance(6 - over, "grit") for over in range(1, 5)), Fraction(0))
    assert outcomes.prob("pool") == Fraction(2, 6)
    assert outcomes.prob("critical") == critical / 6
    assert outcomes.prob("critical") == Fraction(11, 20)


def test_harm_input_is_checked() -> None:
    with pytest.raises(RulesInputError) as raised:
        grit.take_harm(2, 1, "mind", 9, Rng(1))
    assert raised.value.field == "grit_harm"
    with pytest.raises(RulesInputError) as raised:
        grit.take_harm(2, grit.MAX_HARM + 1, "physical", 9, Rng(1))
    assert raised.value.field == "harm"
    with pytest.raises(RulesInputError) as raised:
        grit.take_harm(2, 1, "physical", 0, Rng(1))
    assert raised.value.field == "score"


def test_effort_outcomes_are_the_effort_harm_of_1d6() -> None:
    target = grit.harm_target(2, grit.EFFORT, 6)
    assert grit.effort_outcomes(2, 6) == harm.outcome_dist(target, dist.die(6))


def test_harm_outcomes_of_a_fixed_harm() -> None:
    # 5 harm against Grit 2: 3 off Prowess 8, then a save against 5.
    outcomes = grit.harm_outcomes(2, 5, "physical", 8)
    assert outcomes.prob("saved") == pass_chance(5, "grit") == Fraction(1, 4)
    assert outcomes.prob("critical") == Fraction(3, 4)
    assert grit.harm_outcomes(2, 2, "physical", 8).prob("pool") == 1
