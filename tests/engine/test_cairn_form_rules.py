"""Rules that used to be decided in the Cairn widget modules, now in the engine."""

from __future__ import annotations

from itertools import product

import pytest

from rules_py.cairn import attack, harm, hirelings, saves, scars, tables
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set
from rules_py.core.errors import RulesInputError
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

# ---------------------------------------------------------------- attack


def test_attack_spec_reads_the_form_choices() -> None:
    spec = attack.attack_spec(CAIRN, "unarmed", "d8", "d6, d10")
    assert spec.weapons == (attack.UNARMED_DIE, 8, 6, 10)
    assert spec.unarmed
    assert attack.attack_spec(CAIRN, "d6").weapons == (6,)


def test_effort_and_ability_count_in_the_grit_variant_only() -> None:
    cairn = attack.attack_spec(CAIRN, "d6", effort=True, ability=5)
    assert (cairn.effort, cairn.ability) == (False, None)
    grit = attack.attack_spec(GRIT, "d6", effort=True, ability=5)
    assert (grit.effort, grit.ability) == (True, 5)


def test_attack_spec_refuses_a_bad_second_weapon() -> None:
    with pytest.raises(RulesInputError) as raised:
        attack.attack_spec(CAIRN, "d6", "d20")
    assert raised.value.field == "second"


def test_effort_harm_is_one_d6_from_the_generator() -> None:
    # "A PC can chose to make an effort and, before any roll, take 1d6 harm."
    for seed in range(30):
        assert attack.roll_effort_harm(Rng(seed)) == Rng(seed).die(6)
    assert {attack.roll_effort_harm(Rng(seed)) for seed in range(200)} == set(range(1, 7))


def test_one_target_unless_the_attack_is_a_blast() -> None:
    single = attack.plan_attack(attack.attack_spec(CAIRN, "d8"))
    assert attack.blast_targets(single, 5, True, Rng(1)) == attack.BlastTargets(1)
    blast = attack.plan_attack(attack.attack_spec(CAIRN, "d8", blast=True))
    assert attack.blast_targets(blast, 5, False, Rng(1)) == attack.BlastTargets(5)


def test_an_unsure_blast_rolls_its_damage_die_for_the_count() -> None:
    # "If unsure how many targets can be affected, roll the related damage die."
    blast = attack.plan_attack(attack.attack_spec(CAIRN, "d8", blast=True))
    for seed in range(20):
        found = attack.blast_targets(blast, 1, True, Rng(seed))
        assert found.count == found.rolled == Rng(seed).die(8)


@pytest.mark.parametrize("targets", [0, attack.MAX_BLAST_TARGETS + 1])
def test_blast_targets_are_bounded(targets: int) -> None:
    blast = attack.plan_attack(attack.attack_spec(CAIRN, "d8", blast=True))
    with pytest.raises(RulesInputError) as raised:
        attack.blast_targets(blast, targets, False, Rng(1))
    assert raised.value.field == "targets"


def test_grit_harm_is_the_roll_minus_the_armour() -> None:
    # Rules Summary, Combat: "subtract the roll from the target's Armour, then deal
    # the remaining total as harm": what the roll leaves after the Armour is harm.
    plan = attack.plan_attack(attack.attack_spec(GRIT, "d8", ability=12))
    assert attack.judge_damage(plan, (5,), 2).damage == 3
    assert attack.judge_damage(plan, (2,), 3).damage == 0
    assert attack.GRIT_ARMOUR_NOTE in plan.notes
    # A bigger roll never deals less harm (the other reading would reverse this).
    for armor, low, high in product(range(4), range(1, 9), range(1, 9)):
        if low <= high:
            assert attack.after_armor(low, armor) <= attack.after_armor(high, armor)


# ---------------------------------------------------------------- targets


def test_target_for_reads_only_the_scores_of_its_rules() -> None:
    cairn = harm.target_for(CAIRN, "pc", hp=4, max_hp=6, strength=12, might=3)
    assert (cairn.pool, cairn.max_hp, cairn.score("STR")) == (4, 6, 12)
    npc = harm.target_for(CAIRN, "npc", hp=4, max_hp=2)  # max HP counts for PCs only
    assert npc.max_hp == 4
    might = harm.target_for(MIGHT_HEART, "pc", hp=3, heart=7, harm="mind")
    assert harm.harmed_ability(might) == "Heart" and might.score("Heart") == 7
    grit = harm.target_for(GRIT, "npc", grit=2, resolve=9, grit_harm="effort")
    assert (grit.pool, harm.harmed_ability(grit), grit.score("Resolve")) == (2, "Resolve", 9)


def test_direct_damage_skips_the_armour() -> None:
    direct = harm.target_for(CAIRN, "pc", goes_to="WIL")
    assert direct.direct == "WIL"
    assert harm.armor_against(direct, 3) == 0
    assert harm.armor_against(harm.target_for(CAIRN, "pc"), 3) == 3
    with pytest.raises(RulesInputError) as raised:
        harm.armor_against(direct, 4)
    assert raised.value.field == "armor"


def test_a_scar_carries_its_readings() -> None:
    target = harm.target_for(CAIRN, "pc", hp=3, max_hp=6)
    result = harm.apply_harm(target, 3, Rng(5))
    assert result.scar is not None
    assert result.notes[-2:] == (scars.TOTAL_READING, scars.MAXIMUM_READING)


def test_harm_table_rows_hold_int_ranges() -> None:
    assert [row.range for row in harm.harm_table()] == [
        IntRange(1, 3),
        IntRange(4, 5),
        IntRange(6, None),
    ]
    assert [row.written for row in harm.harm_table()] == ["1:3", "4:5", "6+"]


# ---------------------------------------------------------------- saves


def test_an_effort_counts_where_a_pc_rolls_and_not_for_morale() -> None:
    assert saves.effort_applies("save", GRIT, True)
    assert saves.effort_applies("retreat", GRIT, True)
    assert not saves.effort_applies("morale", GRIT, True)
    assert not saves.effort_applies("save", GRIT, False)
    with pytest.raises(RulesInputError) as raised:
        saves.effort_applies("save", CAIRN, True)
    assert raised.value.field == "effort"
    assert not saves.effort_applies("morale", CAIRN, True)  # ignored, so not refused


def test_morale_may_use_the_leaders_score() -> None:
    # "Some groups may use their leader's WIL in place of their own."
    assert saves.morale_ability(7, 15, True) == 15
    assert saves.morale_ability(7, 15, False) == 7


def test_contest_notes_name_the_borrowed_rule_for_cairn_only() -> None:
    assert saves.contest_notes(CAIRN, False, False) == (
        saves.TIE_RULE,
        rule_set(CAIRN).contest_note,
    )
    assert saves.contest_notes(GRIT, True, False) == (saves.TIE_RULE, saves.EFFORT_TIE_RULE)
    with pytest.raises(RulesInputError):
        saves.contest_notes(MIGHT_HEART, False, False)  # "whoever is most at risk should save"


def test_passing_spans() -> None:
    assert saves.passing_spans(20, CAIRN) == (IntRange(1, 19),)
    assert saves.passing_spans(20, GRIT) == (IntRange(1, 20),)
    assert saves.passing_spans(5, CAIRN) == (IntRange(1, 5),)


def test_rule_sets_name_their_calls() -> None:
    assert rule_set(GRIT).call("retreat").ability == "Insight"
    assert rule_set(CAIRN).call("morale").ability == "WIL"
    with pytest.raises(RulesInputError):
        rule_set(CAIRN).call("parley")


# ---------------------------------------------------------------- tables, hirelings


def test_tables_carry_their_dice_and_sources() -> None:
    reaction, fate = tables.table(tables.REACTION), tables.table(tables.FATE)
    assert (reaction.notation, reaction.count, reaction.sides) == ("2d6", 2, 6)
    assert (fate.notation, fate.count, fate.sides) == ("d6", 1, 6)
    assert [row.favours_pcs for row in fate.rows] == [False, True]
    assert all(row.favours_pcs is None for row in reaction.rows)
    with pytest.raises(RulesInputError):
        tables.table("weather")


def test_a_table_roll_knows_its_chance() -> None:
    rolled = tables.roll_reaction(Rng(3))
    expected = {"Hostile": 1, "Wary": 9, "Curious": 16, "Kind": 9, "Helpful": 1}
    assert rolled.chance * 36 == expected[rolled.band.result]


def test_hireling_dice_are_the_texts() -> None:
    # "roll 3d6 for each ability score, then give them 1d6 HP and a simple weapon (d6)"
    assert (hirelings.ABILITY_DICE, hirelings.ABILITY_DIE) == (3, 6)
    assert (hirelings.HP_DIE, hirelings.WEAPON_DIE, hirelings.COST_DIE) == (6, 6, 3)
    assert hirelings.roll_hireling(Rng(1)).weapon_die == hirelings.WEAPON_DIE


def test_the_package_names_its_engine_functions() -> None:
    import rules_py.cairn as cairn_package

    for name in cairn_package.__all__:
        assert callable(getattr(cairn_package, name)), name
    # A re-exported function never hides a module of the same name.
    for module in ("attack", "grit", "harm", "recovery", "saves", "scars", "spells", "tables"):
        assert not callable(getattr(cairn_package, module)), module
