"""Attack dice: which dice are rolled, which one is kept, armour, and exact damage odds."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import attack
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng

weapon_dice = st.sampled_from(attack.WEAPON_DICE)
armors = st.integers(min_value=0, max_value=3)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def plan(*dice: int, **changes: object) -> attack.AttackPlan:
    spec = attack.AttackSpec(rules=str(changes.pop("rules", CAIRN)), weapons=dice, **changes)  # type: ignore[arg-type]
    return attack.plan_attack(spec)


def brute_force_damage(dice: tuple[int, ...], armor: int, limit: int | None) -> dict[int, Fraction]:
    """Second method: every combination of faces, counted."""
    tally: dict[int, int] = {}
    for faces in product(*(range(1, sides + 1) for sides in dice)):
        hitting = [f for f in faces if limit is None or f <= limit]
        kept = max(hitting) if hitting else 0
        damage = max(kept - armor, 0)
        tally[damage] = tally.get(damage, 0) + 1
    total = 1
    for sides in dice:
        total *= sides
    return {value: Fraction(n, total) for value, n in tally.items()}


@given(st.lists(weapon_dice, min_size=1, max_size=3), armors)
def test_keep_highest_damage_equals_brute_force(dice: list[int], armor: int) -> None:
    planned = plan(*dice)
    assert dict(attack.damage_dist(planned, armor).items()) == brute_force_damage(
        tuple(dice), armor, None
    )


@given(st.lists(weapon_dice, min_size=1, max_size=3), armors, st.integers(1, 20))
def test_grit_hits_only_at_or_under_the_ability(dice: list[int], armor: int, ability: int) -> None:
    planned = plan(*dice, rules=GRIT, ability=ability)
    assert dict(attack.damage_dist(planned, armor).items()) == brute_force_damage(
        tuple(dice), armor, ability
    )
    misses = Fraction(1)
    for sides in dice:
        misses *= Fraction(max(sides - ability, 0), sides)
    assert attack.miss_chance(planned) == misses


@given(st.lists(weapon_dice, min_size=1, max_size=4), armors, seeds)
def test_armour_never_makes_damage_negative(dice: list[int], armor: int, seed: int) -> None:
    rolled = attack.roll_damage(plan(*dice), armor, Rng(seed))
    assert rolled.damage >= 0
    assert rolled.damage == max(max(rolled.faces) - armor, 0)
    assert all(value >= 0 for value in attack.damage_dist(plan(*dice), armor))


def test_the_wood_troll_hits_bea() -> None:
    # Cairn, "Combat" example: "The club does 1d10 damage and the Warden rolls a 4. They subtract 1
    # to account for Bea's leather armor, leaving Bea with 2 HP remaining" (from 5).
    club = plan(10)
    rolled = attack.judge_damage(club, (4,), 1)
    assert rolled.damage == 3
    assert 5 - rolled.damage == 2


def test_the_wood_trolls_claws_and_bite_are_d8_plus_d8_keep_highest() -> None:
    claws = plan(8, 8, blast=True)
    assert claws.dice == (8, 8) and claws.blast
    odds = attack.damage_dist(claws, 0)
    assert odds[8] == Fraction(15, 64)  # 1 - (7/8)^2
    assert odds[1] == Fraction(1, 64)


def test_impaired_and_enhanced_replace_every_die() -> None:
    assert plan(10, 6, modifier="impaired").dice == (4, 4)
    assert plan(6, modifier="enhanced").dice == (12,)
    assert attack.MODIFIER_SCOPE_NOTE in plan(10, 6, modifier="impaired").notes


def test_unarmed_is_always_a_d4() -> None:
    assert plan(4, unarmed=True).dice == (4,)
    fist = plan(4, unarmed=True, modifier="enhanced")
    assert fist.dice == (4,)
    assert attack.UNARMED_NOTE in fist.notes


def test_an_individual_against_a_detachment_is_impaired_unless_blast() -> None:
    against = plan(10, attacker="individual", target="detachment")
    assert against.dice == (4,) and against.modifier == "impaired"
    blast = plan(10, attacker="individual", target="detachment", blast=True)
    assert blast.dice == (10,) and blast.modifier == "none"


def test_a_detachment_against_an_individual_is_enhanced_blast() -> None:
    for target in ("pc", "npc"):
        by = plan(6, attacker="detachment", target=target, rules=MIGHT_HEART)
        assert by.dice == (12,) and by.blast
        assert attack.BY_DETACHMENT_NOTE in by.notes
    both = plan(6, attacker="detachment", target="detachment")
    assert both.dice == (6,) and not both.blast


def test_grit_has_no_detachments() -> None:
    with pytest.raises(RulesInputError) as caught:
        plan(6, rules=GRIT, ability=10, target="detachment")
    assert caught.value.field == "target"


def test_effort_rolls_one_more_of_the_first_die() -> None:
    effort = plan(8, rules=GRIT, ability=12, effort=True)
    assert effort.dice == (8, 8)
    with pytest.raises(RulesInputError) as caught:
        plan(8, effort=True)
    assert caught.value.field == "effort"


def test_grit_needs_the_attackers_ability() -> None:
    with pytest.raises(RulesInputError) as caught:
        plan(8, rules=GRIT)
    assert caught.value.field == "ability"


def test_a_grit_attack_keeps_the_highest_hitting_die() -> None:
    planned = plan(8, 8, rules=GRIT, ability=6)
    assert attack.judge_damage(planned, (7, 5), 0).kept == 5
    missed = attack.judge_damage(planned, (7, 8), 0)
    assert missed.missed and missed.damage == 0 and missed.kept_index is None


@pytest.mark.parametrize(
    ("text", "dice"),
    [("", ()), ("d6", (6,)), ("d6, d8", (6, 8)), ("D10 + d4", (10, 4)), ("1d12 8", (12, 8))],
)
def test_other_attackers_dice_are_parsed(text: str, dice: tuple[int, ...]) -> None:
    assert attack.parse_dice_list(text) == dice


# "\u00b2" and "\u0666" are digits to str.isdigit (a superscript two, an Arabic-Indic six).
@pytest.mark.parametrize(
    "text", ["d7", "d20", "2d6", "sword", "d", "d6, -", "d100", "d\u00b2", "\u0666"]
)
def test_bad_dice_name_the_allowed_dice(text: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        attack.parse_dice_list(text)
    assert caught.value.field == "others"
    assert "d4, d6, d8, d10, d12" in caught.value.message


def test_too_many_attackers_are_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        attack.parse_dice_list(" ".join(["d6"] * 13))
    assert "At most 12" in caught.value.message


@pytest.mark.parametrize("armor", [-1, 4, 10, "1", None])
def test_armour_is_at_most_three(armor: object) -> None:
    with pytest.raises(RulesInputError) as caught:
        attack.damage_dist(plan(6), armor)  # type: ignore[arg-type]
    assert caught.value.field == "armor"
    assert "from 0 to 3" in caught.value.message


@given(seeds)
def test_a_seeded_attack_replays(seed: int) -> None:
    planned = plan(8, 6, 10)
    assert attack.roll_damage(planned, 1, Rng(seed)) == attack.roll_damage(planned, 1, Rng(seed))


def test_unsure_blast_targets_roll_the_damage_die() -> None:
    planned = plan(8, blast=True)
    counts = {attack.roll_blast_targets(planned, Rng(seed)) for seed in range(300)}
    assert counts == set(range(1, 9))
