"""Each scar's rolls say, as data, which score they change, how, and when the
text says it happens (Cairn, "Scars")."""

from __future__ import annotations

import pytest

from rules_py.cairn import scars
from rules_py.core.rng import Rng

MAXIMUMS = scars.PcScores(max_hp=5, strength=12, dexterity=9, willpower=11)
HURT = scars.PcScores(max_hp=5, strength=12, dexterity=9, willpower=11, current=(4, 9, 3))

# scar -> (score, rule, when) of the roll that changes a score
EFFECTS = {
    1: ("max HP", scars.HIGHER, ""),
    2: ("max HP", scars.HIGHER, ""),
    3: ("max HP", scars.ADD, "after a few hours' rest"),
    4: ("max HP", scars.HIGHER, "once mended"),
    5: ("max HP", scars.HIGHER, "when you get over it"),
    7: ("max DEX", scars.HIGHER, "after recovery"),
    9: ("max WIL", scars.HIGHER, ""),
    11: ("max HP", scars.SET, "upon recovery"),
    12: ("max HP", scars.HIGHER, "if the next save against critical damage passes"),
}


@pytest.mark.parametrize(("total", "expected"), EFFECTS.items())
def test_the_roll_that_changes_a_score_names_it(total: int, expected: tuple[str, str, str]) -> None:
    for seed in range(10):
        result = scars.roll_scar(total, MAXIMUMS, Rng(seed))
        effects = [roll.effect for roll in result.rolls if roll.effect is not None]
        assert len(effects) == 1
        effect = effects[0]
        assert (effect.score, effect.rule, effect.when) == expected
        changing = next(roll for roll in result.rolls if roll.effect is not None)
        assert effect.amount == changing.total


def test_head_wound_takes_the_new_result_over_the_current_score() -> None:
    for seed in range(30):
        which, check = scars.roll_scar(scars.HEAD_WOUND, HURT, Rng(seed)).rolls
        assert check.effect is not None
        assert check.effect.score == which.result  # STR, DEX or WIL, the score now
        assert check.effect.when == ""
        assert f" {which.result} {HURT.current_ability(which.result)}" in check.result


@pytest.mark.parametrize(("total", "sides"), [(8, 4), (10, 6)])
def test_deafened_and_sundered_save_against_wil_now_and_add_to_max_wil(
    total: int, sides: int
) -> None:
    seen = set()
    for seed in range(80):
        rolls = scars.roll_scar(total, HURT, Rng(seed)).rolls
        assert rolls[0].label == "WIL save against 3"
        if len(rolls) == 2:
            assert rolls[1].effect == scars.ScarEffect("max WIL", scars.ADD, rolls[1].total)
            assert 1 <= rolls[1].total <= sides
        seen.add(len(rolls))
    assert seen == {1, 2}


@pytest.mark.parametrize(
    ("rule", "score", "after"),
    [(scars.HIGHER, 5, 9), (scars.HIGHER, 12, 12), (scars.ADD, 5, 14), (scars.SET, 12, 9)],
)
def test_an_effect_applies_its_rule_to_the_score(rule: str, score: int, after: int) -> None:
    assert scars.ScarEffect("max HP", rule, 9).result(score) == after


def test_the_scars_that_deprive_are_walloped_and_mortal_wound() -> None:
    for total in scars.DEPRIVING_SCARS:
        assert "deprived" in scars.scar(total).text
    others = set(scars.SCAR_TOTALS) - set(scars.DEPRIVING_SCARS)
    assert not any("You are deprived" in scars.scar(total).text for total in others)
