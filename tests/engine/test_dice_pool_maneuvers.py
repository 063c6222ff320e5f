"""Combat in the d10 dice-pool game: the Sample Maneuver Effects, the order roll,
environmental damage, armour and rest, with the text's own numbers."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import combat, maneuvers, pool, powers
from rules_py.dice_pool import tables as data


def _grade(key: str, successes: int, defence: int = 0) -> str | None:
    move = maneuvers.maneuver(key)
    grade = maneuvers.maneuver_grade(move, successes, maneuvers.maneuver_difficulty(move, defence))
    return None if grade is None else grade.effect


def test_the_table_has_the_texts_rows_and_difficulties() -> None:
    rows = [(m.name, m.difficulty_text) for m in data.maneuvers()]
    assert rows == [
        ("Weaken Defense", "(3 / 5 / 8)"),
        ("Break/Bypass Defense", "(Varies)"),
        ("Knockback / Pull /", "Block"),
        ("Hold/ Grapple/ Restrain", "Evasion"),
        ("Distract / Intimidate / Stun", "Resolve"),
        ("Recover", "(3 / 5)"),
        ("Smash Scenery", "Based on Scenery"),
        ("Seek Cover/ Destroy Cover", "Based on Scenery"),
        ("Defend Other", "(None)"),
        ("Disarm", "Block"),
        ("Keep Pace/ Reactionary Move", "Evasion"),
    ]


def test_weaken_defense_grades() -> None:
    # "(-1) for a (3+), (-2) for (5+), or (-3) for (8+)."
    assert _grade("weaken_defense", 2) is None
    effects = [_grade("weaken_defense", n) for n in (3, 4, 5, 7, 8, 12)]
    assert [
        e is not None and f"decreased by {k}" in e
        for e, k in zip(effects, (1, 1, 2, 2, 3, 3), strict=True)
    ] == [True] * 6


def test_distract_exceeds_resolve_by_three() -> None:
    # "a -2 dice disadvantage ... If you exceed their Resolve by +3, ... -4 dice".
    assert _grade("distract", 1, defence=2) is None
    assert "-2 dice" in (_grade("distract", 2, defence=2) or "")
    assert "-2 dice" in (_grade("distract", 4, defence=2) or "")
    assert "-4 dice" in (_grade("distract", 5, defence=2) or "")


def test_recover_purges_by_its_ladder() -> None:
    # "Purge (-2) or lower for 3, and (-4) and lower for 5."
    assert _grade("recover", 2) is None
    assert "up to -2 dice" in (_grade("recover", 3) or "")
    assert "up to -4 dice" in (_grade("recover", 5) or "")


def test_block_and_evasion_maneuvers_need_the_defence() -> None:
    assert _grade("knockback", 2, defence=3) is None
    assert _grade("knockback", 3, defence=3) == "The target is moved up to one Zone."
    assert _grade("disarm", 0, defence=0) is not None
    move = maneuvers.maneuver("defend_other")
    assert maneuvers.maneuver_difficulty(move, 7) == 0
    with pytest.raises(RulesInputError) as error:
        maneuvers.maneuver("fly")
    assert error.value.field == "maneuver"


def test_hold_sets_the_targets_difficulty() -> None:
    move = maneuvers.maneuver("hold")
    check = pool.build_check(3, maneuvers.maneuver_difficulty(move, 2))
    result = maneuvers.resolve_maneuver(move, pool.judge_roll(check, (10, 8, 1)))
    assert result.roll.total == 3
    assert result.effect == (
        "The target must roll against 3 as a difficulty, or be unable to move, "
        "until your next action."
    )
    # Breaking a hold of 3 with 1 die is impossible; with 2 dice only 10 + 7-10 or 7-9 + 10.
    assert maneuvers.hold_escape_chance(3, 1) == 0
    assert maneuvers.hold_escape_chance(3, 2) == Fraction(1 * 4 + 3 * 1, 100)


def test_grade_chances_match_counting_the_faces() -> None:
    move = maneuvers.maneuver("weaken_defense")
    check = pool.build_check(3, maneuvers.maneuver_difficulty(move, 0))
    counted: dict[str | None, Fraction] = {}
    for faces in product(range(1, 11), repeat=3):
        grade = maneuvers.maneuver_grade(move, pool.count_successes(faces), check.difficulty)
        key = None if grade is None else grade.effect
        counted[key] = counted.get(key, Fraction(0)) + Fraction(1, 1000)
    chances = maneuvers.grade_chances(move, check)
    assert sum(chance for _, chance in chances) == 1
    for grade, chance in chances:
        assert chance == counted.get(None if grade is None else grade.effect, Fraction(0))


def test_order_roll_first_chance_against_brute_force() -> None:
    # Your 2 dice against two others with 1 die each, by every face.
    chance = combat.first_chance(2, 2, 1)
    alone = tied = Fraction(0)
    for faces in product(range(1, 11), repeat=4):
        mine = pool.count_successes(faces[:2])
        theirs = [pool.face_successes(f) for f in faces[2:]]
        if mine > max(theirs):
            alone += Fraction(1, 10**4)
        elif mine == max(theirs):
            tied += Fraction(1, 10**4)
    assert (chance.alone, chance.tied) == (alone, tied)
    assert combat.first_chance(3, 0, 5).alone == 1


def test_order_roll_sorts_highest_first_and_keeps_ties() -> None:
    order = combat.roll_order((("You", 4), ("A", 4), ("B", 4)), Rng(5))
    successes = [r.successes for r in order.rolls]
    assert successes == sorted(successes, reverse=True)
    assert order.first == tuple(r for r in order.rolls if r.successes == successes[0])
    check = combat.order_pool(2, 3)
    assert check.dice_parts == (("Wits", 2), ("Awareness", 3))
    with pytest.raises(RulesInputError):
        combat.roll_order((), Rng(1))


def test_environmental_damage_and_defeat() -> None:
    # "Light 3 ... Oppressive 9"; "Characters at 5 Health will start to want to surrender."
    hurt = combat.environmental_hit("Heavy", 12)
    assert (hurt.damage, hurt.after, hurt.defeated) == (7, 5, True)
    assert not combat.environmental_hit("Light", 9).defeated
    assert combat.environmental_hit("Oppressive", 4).after == 0


def test_armour_changes_block_and_evasion() -> None:
    worn = combat.armored(2, 0, "heavy")  # Heavy: Block +2, Evasion -1
    assert (worn.block, worn.evasion) == (4, 0)


def test_rest_a_night_and_by_the_hour() -> None:
    # "Regain 15 Health and all motes over a full night's rest. Accumulated anima
    # dissipates. Or: 2 Health, 1 Motes regained per hour."
    state = {"health_missing": 20, "motes_missing": 6, "anima": 4, "stunt_anima": 2}
    night = powers.rest(powers.full_night(), **state)
    assert (night.health, night.health_missing, night.motes, night.motes_missing) == (15, 5, 6, 0)
    assert (night.anima, night.stunt_anima) == (0, 2)
    hours = powers.rest(powers.hours_of_rest(3), **state)
    assert (hours.health, hours.motes, hours.motes_missing, hours.anima) == (6, 3, 3, 4)
    # Never more than was lost.
    light = powers.rest(powers.full_night(), **{**state, "health_missing": 4})
    assert (light.health, light.health_missing) == (4, 0)
    with pytest.raises(RulesInputError) as error:
        powers.rest(powers.hours_of_rest(25), **state)
    assert error.value.field == "hours"
