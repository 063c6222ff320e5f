"""Attack consequences: bands, risk, resistance, brutes, nemeses, and the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.judge_two.attacks import (
    ARMOUR_RESISTANCE,
    PRESTIGE_RESISTANCE,
    VEILED_FINISHER_RULE,
    Consequence,
    Defender,
    DefenderKind,
    attack,
    band,
    burdened,
    consequences_text,
    counter_attack,
    group_attack,
    guard,
    player_versus_player,
)
from rules_py.judge_two.judging import Outcome
from rules_py.judge_two.tables import tables

TWO_AND_THREAT = (Consequence(risk=2, threats=1),)
THREE_AND_MARK_OR_THREATS = (Consequence(risk=3, marks=1), Consequence(risk=3, threats=2))
FINISHER = (Consequence(finisher=True),)


@pytest.mark.parametrize(
    ("degrees", "expected"),
    [
        (0, TWO_AND_THREAT),
        (2, TWO_AND_THREAT),
        (3, THREE_AND_MARK_OR_THREATS),
        (4, THREE_AND_MARK_OR_THREATS),
        (5, FINISHER),
        (11, FINISHER),
    ],
)
def test_bands(degrees: int, expected: tuple[Consequence, ...]) -> None:
    assert band(degrees) == expected


def test_band_edges_match_the_table() -> None:
    for row in tables().attack_bands:
        low, high = row.range.low, row.range.high
        assert low is not None
        assert band(low) == band(high if high is not None else 12)
        assert band(low) != band(low - 1) or low == 0


def test_consequence_text() -> None:
    assert consequences_text(THREE_AND_MARK_OR_THREATS) == (
        "3 risk and one mark, or 3 risk and two threats"
    )
    assert consequences_text(FINISHER) == "a finisher"


def test_risk_example_from_the_text() -> None:
    """ "An attack with one degree of success against a defender with zero risk
    would impose two points of risk and a threat. But an attack with one degree
    of success against a defender with three risk would impose three points of
    risk and a mark." (or two threats, as the 3-4 band allows)"""
    assert attack(1, Defender(risk=0)).options == TWO_AND_THREAT
    result = attack(1, Defender(risk=3))
    assert result.degrees == 4
    assert Consequence(risk=3, marks=1) in result.options
    assert result.risk_after == 6


def test_resistance_example_from_the_text() -> None:
    """ "If a character has zero resistance and four risk then they add four ...
    three resistance and four risk then they add only one"."""
    assert Defender(risk=4).counted_risk == 4
    assert Defender(risk=4, resistance=3).counted_risk == 1
    assert Defender(risk=4, resistance=2, resolve=1).counted_risk == 1  # resolve adds


def test_resistance_never_makes_risk_negative() -> None:
    assert Defender(risk=1, resistance=4).counted_risk == 0
    assert attack(2, Defender(risk=1, resistance=4)).degrees == 2


def test_high_enough_risk_always_finishes() -> None:
    """ "If a defender has a high enough risk then any successful attack against
    them regardless of the attack's base degree of success will lead to a finisher"."""
    assert attack(0, Defender(risk=5)).options == FINISHER


def test_risk_caps_at_twelve_and_seven_is_critical() -> None:
    result = attack(0, Defender(risk=4, resistance=4))
    assert (result.risk_after, result.critical) == (6, False)
    result = attack(1, Defender(risk=4, resistance=3))
    assert (result.risk_after, result.critical) == (6, False)
    result = attack(2, Defender(risk=3, resistance=3))
    assert (result.risk_after, result.critical) == (5, False)
    result = attack(4, Defender(risk=4, resistance=4))
    assert (result.risk_after, result.critical) == (7, True)
    result = attack(0, Defender(risk=11, resistance=12))
    assert result.risk_after == 12  # 11 + 2, the excess ignored


def test_brute_example_from_the_text() -> None:
    """ "A character successfully attacks a brute with two degrees of success.
    The character can either impose a finisher on the brute, or, impose a
    threat on the brute and two additional brutes"."""
    result = attack(2, Defender(DefenderKind.BRUTE, risk=0))
    assert result.options == (Consequence(finisher=True), Consequence(threats=1, other_brutes=2))
    assert result.risk_imposed == 0
    assert "two" not in result.options[1].text  # counts are digits for other brutes
    assert result.options[1].text == (
        "one threat on the brute and up to 2 other brutes of equal or lower power level"
    )


def test_brutes_take_no_risk_whatever_their_risk_field() -> None:
    result = attack(1, Defender(DefenderKind.BRUTE, risk=6))
    assert result.counted_risk == 0
    assert result.options[1].other_brutes == 1


def test_nemesis_before_omen_ignores_risk() -> None:
    before = attack(1, Defender(DefenderKind.NEMESIS, risk=6))
    assert before.counted_risk == 0
    assert before.options == (Consequence(threats=1),)
    assert before.risk_after == 0
    after = attack(1, Defender(DefenderKind.NEMESIS, risk=6, omen_met=True))
    assert after.options == FINISHER


def test_nemesis_before_omen_still_takes_a_finisher() -> None:
    assert attack(5, Defender(DefenderKind.NEMESIS)).options == FINISHER


def test_veiled_attack_imposes_risk_only() -> None:
    """Gaalik's veiled attack: "an innocent success ... imposing two risk"."""
    result = attack(1, Defender(risk=0), veiled=True)
    assert result.options == (Consequence(risk=2),)
    assert attack(3, Defender(), veiled=True).options == (Consequence(risk=3),)


def test_veiled_attack_of_five_or_more_imposes_three_risk() -> None:
    result = attack(6, Defender(), veiled=True)
    assert result.options == (Consequence(risk=3),)
    assert VEILED_FINISHER_RULE in result.notes


def test_veiled_attack_on_a_brute_does_nothing() -> None:
    result = attack(4, Defender(DefenderKind.BRUTE), veiled=True)
    assert result.options == (Consequence(),)
    assert result.options[0].text == "nothing"


def test_no_power_boon_means_no_marks() -> None:
    result = attack(3, Defender(), power_boon=False)
    assert result.options == (Consequence(risk=3, threats=2),)


def test_pierced_attacker_imposes_no_threats_or_marks() -> None:
    assert attack(1, Defender(), pierced=True).options == (Consequence(risk=2),)
    assert attack(3, Defender(), pierced=True).options == (Consequence(risk=3),)
    assert attack(5, Defender(), pierced=True).options == FINISHER


def test_degrees_are_validated() -> None:
    with pytest.raises(RulesInputError) as error:
        attack(-1, Defender())
    assert error.value.message == "Degrees of success must be a whole number from 0 to 12 (got -1)."
    with pytest.raises(RulesInputError) as error:
        Defender(risk=13)
    assert error.value.field == "risk"


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
def test_more_risk_never_softens_an_attack(
    degrees: int, risk: int, resistance: int, resolve: int
) -> None:
    low = attack(degrees, Defender(risk=risk, resistance=resistance, resolve=resolve))
    high = attack(degrees, Defender(risk=min(12, risk + 1), resistance=resistance, resolve=resolve))
    assert high.degrees >= low.degrees
    assert 0 <= low.counted_risk <= risk
    assert low.risk_after <= 12


# ---------------------------------------------------------------- group attacks


def test_group_attack_caps_total_risk_at_three() -> None:
    result = group_attack((1, 2), Defender(risk=0))
    assert [r.options for r in result.each] == [TWO_AND_THREAT, TWO_AND_THREAT]
    assert result.risk_imposed == 3
    assert result.risk_after == 3


def test_group_attack_each_counts_risk_before_the_attack() -> None:
    result = group_attack((0, 0, 3), Defender(risk=2))
    assert [r.degrees for r in result.each] == [2, 2, 5]
    assert result.each[2].options == FINISHER
    assert result.risk_imposed == 3


def test_group_attack_member_who_fell_short_counts_zero() -> None:
    result = group_attack((3, -1), Defender())
    assert [r.base_degrees for r in result.each] == [3, 0]
    assert any("counts their degrees as 0" in n for n in result.notes)


def test_group_attack_needs_two_or_three() -> None:
    with pytest.raises(RulesInputError):
        group_attack((1,), Defender())


# ---------------------------------------------------------------- counter-attacks


def test_counter_attack_by_the_attackers_risk() -> None:
    assert counter_attack(6) == (Consequence(threats=1),)
    assert counter_attack(7) == (Consequence(threats=2), Consequence(marks=1))
    assert all(c.risk == 0 for c in counter_attack(12))  # never risk


def test_nemesis_finishes_a_player_character_at_twelve() -> None:
    assert counter_attack(12, by_nemesis=True) == FINISHER
    assert counter_attack(11, by_nemesis=True) == (Consequence(threats=2), Consequence(marks=1))
    assert counter_attack(12) != FINISHER


def test_counter_attacking_brutes() -> None:
    assert counter_attack(0, attacker=DefenderKind.BRUTE, brutes=4, player_characters=4) == (
        Consequence(threats=1),
    )
    assert counter_attack(0, attacker=DefenderKind.BRUTE, brutes=3, player_characters=4) == (
        Consequence(threats=1),
        Consequence(finisher=True),
    )


# ---------------------------------------------------------------- guarding


def test_guard_takes_two_risk_and_the_attack_counts_against_the_guard() -> None:
    result = guard(Defender(risk=1), degrees=1, target_risk=0)
    assert (result.guard_risk_before, result.guard_risk_after) == (1, 3)
    assert result.on_guard == (Consequence(threats=1),)
    assert result.on_target is not None
    assert result.on_target.degrees == 4  # 1 + the guard's 3 risk
    assert result.on_target.options == THREE_AND_MARK_OR_THREATS
    assert result.on_target.risk_after == 3  # the target's own risk 0 + 3


def test_successful_guard_thwarts_the_attack() -> None:
    result = guard(Defender(risk=11), degrees=None)
    assert result.defended
    assert result.guard_risk_after == 12
    assert result.on_target is None


def test_guard_at_twelve_cannot_guard() -> None:
    with pytest.raises(RulesInputError) as error:
        guard(Defender(risk=12), degrees=None)
    assert "cannot guard" in error.value.message


# ---------------------------------------------------------------- burdened


@pytest.mark.parametrize(
    ("armour", "captain", "outcome", "expected"),
    [
        ("light", False, Outcome.GUILTY_FAILURE, True),
        ("light", False, Outcome.INNOCENT_FAILURE, False),
        ("heavy", False, Outcome.INNOCENT_FAILURE, True),
        ("heavy", False, Outcome.GUILTY_FAILURE, True),
        ("heavy", True, Outcome.INNOCENT_FAILURE, False),
        ("heavy", True, Outcome.GUILTY_FAILURE, True),
        ("heavy", False, Outcome.GUILTY_SUCCESS, False),
        ("none", False, Outcome.GUILTY_FAILURE, False),
    ],
)
def test_armour_burdens(armour: str, captain: bool, outcome: Outcome, expected: bool) -> None:
    assert burdened(outcome, armour=armour, captain=captain) is expected


def test_disguise_burdens_like_armour() -> None:
    assert burdened(Outcome.GUILTY_FAILURE, disguise="kind_or_gender")
    assert not burdened(Outcome.INNOCENT_FAILURE, disguise="kind_or_gender")
    assert burdened(Outcome.INNOCENT_FAILURE, disguise="kind_and_gender")


def test_armour_and_prestige_resistance() -> None:
    assert ARMOUR_RESISTANCE == {"none": 0, "light": 2, "heavy": 3}
    assert PRESTIGE_RESISTANCE == {"highest": 4, "middle": 2, "low": 0}


# ---------------------------------------------------------------- player vs player


def test_player_versus_player() -> None:
    """The defence is a quick save against the attacker's Final Light; its
    degrees of failure plus the defender's risk are the attack's degrees."""
    fight = player_versus_player(7, 2, 5, Defender(risk=1))
    assert not fight.defended
    assert fight.result is not None
    assert fight.result.degrees == 3  # 7 - 5 = 2, plus 1 risk
    assert fight.next_side == "defender"  # the attacker's Truth was guilty
    assert not fight.intervention
    second = player_versus_player(6, 5, 6, Defender(), attack_number=2)
    assert second.defended  # equal Final Light meets the challenge level
    assert second.result is None
    assert second.next_side == "attacker"
    assert second.intervention  # "after every second attack"
