"""How to roll by hand (each widget's fallback) says what the engine says: its
numbers and rows come from the engine's constants and data, so the fallback
and the roller cannot disagree."""

from __future__ import annotations

from rules_py import registry
from rules_py.cairn import grit, hirelings, recovery, saves
from rules_py.cairn import tables as cairn_tables
from rules_py.cairn.attack import ENHANCED_DIE, IMPAIRED_DIE, MAX_ARMOR, UNARMED_DIE
from rules_py.dice_pool import pool, powers, projects
from rules_py.dice_pool.tables import environmental_damage, obstructions
from rules_py.huldufolk.actors import DEFENCE_LOSS
from rules_py.huldufolk.pools import FOCUS_BONUS, QUALITY_BONUS
from rules_py.judge_two import judging
from rules_py.judge_two.tables import tables as judge_two_tables


def hand(name: str) -> str:
    return registry.get(name).hand_roll


def test_every_widget_says_how_to_roll_by_hand() -> None:
    for name in registry.names():
        assert len(hand(name)) > 40, name


def test_the_project_fallback_is_the_obstructions_table() -> None:
    text = hand("dice_pool.project")
    assert f"Roll 1d{projects.OBSTRUCTION_DIE}," in text
    for row in obstructions():
        assert f"{row.span}: {row.plain_text}" in text


def test_the_combat_fallback_reads_the_environmental_damage_and_rest() -> None:
    text = hand("dice_pool.combat")
    listed = ", ".join(f"{row.name} {row.damage}" for row in environmental_damage())
    assert f"environmental damage is {listed};" in text
    assert f"{powers.NIGHT_HEALTH} Health and all motes" in text
    assert f"an hour {powers.HOURLY_HEALTH} Health and {powers.HOURLY_MOTES} mote" in text


def test_the_pool_fallbacks_read_the_faces_and_the_difficulty() -> None:
    faces = ", ".join(str(face) for face in pool.SINGLE_FACES[:-1])
    singles = f"{faces} or {pool.SINGLE_FACES[-1]}"
    roll = hand("dice_pool.roll")
    assert f"Each {singles} is one success and each {pool.DOUBLE_FACE} is two" in roll
    assert f"({pool.DEFAULT_DIFFICULTY} by default)" in roll
    assert f"{powers.critical_minimum()} or more successes on the dice" in roll
    span = f"{pool.SINGLE_FACES[0]}-{pool.SINGLE_FACES[-1]}"
    assert f"{span} is one success, {pool.DOUBLE_FACE} is two" in hand("dice_pool.strike")


def test_the_attack_consequences_fallback_reads_every_band() -> None:
    text = hand("judge_two.attack")
    bands = judge_two_tables().attack_bands
    for row in bands:
        assert f"{row.range.span}:" in text or f"{row.range.low} or more:" in text
    with_risk = [o for row in bands for o in row.options if o.risk and (o.threats or o.marks)]
    assert text.count(" risk and ") == len(with_risk)
    assert text.endswith(": a finisher.") == bands[-1].options[0].finisher


def test_the_judge_fallback_reads_the_die_and_the_guilty_truths() -> None:
    text = hand("judge_two.judge")
    guilty = judging.GUILTY_TRUTHS
    assert f"{guilty[0]}-{guilty[-1]} is guilty" in text
    assert f"{guilty[-1] + 1}-{judging.SIDES} innocent" in text


def test_the_cairn_fallbacks_read_the_engine() -> None:
    assert f"Roll a d{saves.SAVE_DIE}." in hand("cairn.save")
    attack = hand("cairn.attack")
    assert f"d{UNARMED_DIE} unarmed" in attack and f"d{IMPAIRED_DIE}" in attack
    assert f"d{ENHANCED_DIE} enhanced" in attack and f"(at most {MAX_ARMOR})" in attack
    assert f"Roll 1d{grit.GRIT_DIE} for Grit" in hand("cairn.grit")
    assert "Prowess (physical), Insight (stress) or Resolve (effort)" in hand("cairn.grit")
    hireling = hand("cairn.hireling")
    assert f"Roll {hirelings.ABILITY_DICE}d{hirelings.ABILITY_DIE} for STR" in hireling
    assert f"1-{hirelings.COST_DIE} gp per day" in hireling
    assert f"roll 1d{recovery.RECOVERY_DIE} each week" in hand("cairn.recovery")
    reaction = cairn_tables.table(cairn_tables.REACTION)
    text = hand("cairn.tables")
    for row in reaction.rows:
        assert f"{row.range.span} {row.result}" in text
    fate = cairn_tables.table(cairn_tables.FATE)
    good = next(row for row in fate.rows if row.favours_pcs)
    assert f"{good.range.low} or more favours the PCs" in text


def test_the_card_pool_fallback_reads_the_bonuses() -> None:
    text = hand("huldufolk.pool")
    assert f"(Quality +{QUALITY_BONUS}, Focus +{FOCUS_BONUS}," in text
    assert f"lowers the threshold used by {DEFENCE_LOSS}." in text
