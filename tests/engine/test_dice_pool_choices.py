"""The choices a roller offers, decided by the engine (the d10 dice-pool game):
the advantage menu, what each kind of roll leaves out, Build Power's pool,
the strike's pool and its hits, and the obstruction's faces and bounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.dice_pool import combat, pool, powers, projects, special


def test_the_menu_is_every_row_of_the_advantages_table_on_either_side() -> None:
    assert pool.modifier_choices() == (
        ("none", "None"),
        ("moderate_advantage", "Moderate advantage"),
        ("major_advantage", "Major advantage"),
        ("moderate_disadvantage", "Moderate disadvantage"),
        ("major_disadvantage", "Major disadvantage"),
    )
    assert pool.named_modifiers("none", "dice") == ()
    (major,) = pool.named_modifiers("major_disadvantage", "dice")
    assert (major.dice, major.difficulty) == (-4, 0)
    (moderate,) = pool.named_modifiers("moderate_advantage", "difficulty")
    assert (moderate.dice, moderate.difficulty) == (0, -1)
    with pytest.raises(RulesInputError) as error:
        pool.named_modifiers("huge", "dice")
    assert error.value.field == "modifier"


def test_target_labels_read_the_table() -> None:
    # "Moderate: +-2 Dice, +-1 Difficulty; Major: +-4 Dice, +-2 Difficulty".
    assert pool.target_label("dice") == "Dice (moderate 2, major 4)"
    assert pool.target_label("difficulty") == "Difficulty (moderate 1, major 2)"
    assert pool.target_label("difficulty", "DV") == "DV (moderate 1, major 2)"


def test_a_contest_moves_dice_and_has_no_difficulty() -> None:
    parts = pool.trait_parts(3, 2)
    check = pool.player_check(
        "contested", parts, difficulty=5, modifier_key="major_advantage", modifier_on="difficulty"
    )
    assert (check.dice, check.difficulty) == (9, 0)
    plain = pool.player_check(
        "roll", parts, difficulty=5, modifier_key="major_advantage", modifier_on="difficulty"
    )
    assert (plain.dice, plain.difficulty) == (5, 3)


def test_an_npc_spends_no_anima_on_dice() -> None:
    parts = (("Pool", 6),)
    assert pool.player_check("roll", parts, anima_dice=True).dice == 8
    assert pool.player_check("contested", parts, anima_dice=True).dice == 8
    assert pool.player_check("npc", parts, anima_dice=True).dice == 6
    with pytest.raises(RulesInputError) as error:
        pool.player_check("guess", parts)
    assert error.value.field == "mode"


def test_extras_count_only_against_a_difficulty() -> None:
    extras = pool.player_extras("roll", excellency_ability=3, strife_essence=2)
    assert extras.apply(0) == 5  # Strife minimum 2, then +3
    assert pool.player_extras("contested", excellency_ability=3) == pool.NO_EXTRAS
    assert pool.player_extras("npc", strife_essence=2) == pool.NO_EXTRAS


def test_build_power_pool_and_anima() -> None:
    check = pool.build_power_check(2, 3)
    assert check.dice == 5 and check.difficulty == 0
    assert check.dice_parts == (("Essence", 2), ("Favored Ability", 3))
    # "Gain 1 Anima ... gain 1/2 Successes as Anima, rounded up": 5 successes give 1 + 3.
    assert [powers.build_power_half(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]
    anima = pool.build_power_distribution(2, 3)
    by_successes = pool.successes_distribution(5)
    assert anima.prob(1) == by_successes.prob(0)
    assert anima.prob(2) == by_successes.prob(1) + by_successes.prob(2)
    assert sum(p for _, p in anima.items()) == 1
    with pytest.raises(RulesInputError) as error:
        pool.build_power_check(1, 11)
    assert error.value.field == "favored"


def test_a_critical_roll_starts_at_eight() -> None:
    assert powers.critical_minimum() == 8
    assert powers.critical_anima(powers.critical_minimum() - 1) == 0


def test_npc_result_against_the_difficulty() -> None:
    # Seven dice average 3.5 successes: the NPC takes 3.
    result = special.npc_result(pool.build_check(7, 3))
    assert (result.successes, result.succeeded, result.margin) == (3, True, 0)
    result = special.npc_result(pool.build_check(7, 5))
    assert (result.succeeded, result.margin) == (False, -2)


def test_strike_pool_adds_weapon_accuracy_and_groups() -> None:
    profile = combat.strike_profile(2, 4, magnitude=1)
    check = combat.strike_check(
        3, 2, profile, 4, pool.named_modifiers("moderate_advantage", "dice")
    )
    assert check.dice_parts == (
        ("Attribute", 3),
        ("Ability", 2),
        ("Weapon Accuracy", 2),
        ("Magnitude 1 Accuracy", 1),
        ("Magnitude 1 dice", 1),
        ("Moderate advantage", 2),
    )
    assert (check.dice, check.difficulty) == (11, 4)
    with pytest.raises(RulesInputError) as error:
        combat.strike_check(3, 2, profile, 21)
    assert error.value.field == "dv"


def test_hit_damages_keep_a_hit_for_nothing_apart_from_a_miss() -> None:
    check = combat.strike_check(1, 0, combat.strike_profile(0, 0), 1)
    # One d10: 1 success (7-9) hits for 0, a 10 (2 successes) for 1; a miss is not listed.
    assert combat.hit_damages(check, 0) == {0: Fraction(3, 10), 1: Fraction(1, 10)}
    assert combat.hit_damages(check, 3) == {3: Fraction(3, 10), 4: Fraction(1, 10)}


def test_obstruction_faces_and_bounds() -> None:
    # 1d10 + 4 - 4: faces 1-3 are 0-3 (Major Problem), 10 is 10-11 (Success).
    assert projects.faces_for_row("major", 4, 4) == (1, 2, 3)
    assert projects.faces_for_row("success", 4, 4) == (10,)
    assert projects.faces_for_row("critical", 4, 4) == ()
    assert projects.total_bounds(4, 4) == (1, 10)
    assert projects.total_bounds(0, 5) == (-4, 5)
    assert projects.judge_obstruction(1, 0, 5).below_table
    assert not projects.judge_obstruction(5, 0, 5).below_table


def test_keystone_text_stops_at_five() -> None:
    assert not projects.project_scale("merit", dots=5).beyond_keystone_text
    scale = projects.project_scale("merit", dots=5, nature="unnatural")
    assert scale.needs_keystone and scale.beyond_keystone_text
