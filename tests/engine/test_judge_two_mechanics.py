"""Judge Two mechanics added to the engine: the environment's move of a
challenge level, proficiency, misdirected attacks, disguises, and the rules
that used to be written in the widgets (attack or defence from a roll,
counter-attacks, group attacks, resistance sources, condition lines, turns)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.judge_two.attacks import (
    ARMOUR_RESISTANCE,
    DISGUISES,
    MISDIRECTED_FINISHER_RULE,
    MISDIRECTED_RULE,
    PRESTIGE_RESISTANCE,
    RESISTANCE_SOURCES,
    VEILED_COUNTER_RULE,
    Consequence,
    Defender,
    DefenderKind,
    attack,
    burdened,
    disguise_revealed,
    group_counter,
    group_succeeds,
    half_risk,
    npc_attack,
    pc_attack,
    resistance_from,
)
from rules_py.judge_two.group import GroupJudgment, intervention_text, only_choice
from rules_py.judge_two.judging import (
    DICE_MODE_TEXT,
    LONG_SAVE_RULE,
    LONG_TEXT,
    QUICK_TEXT,
    ActionKind,
    DiceMode,
    Outcome,
    Priority,
    Roll,
    condition_lines,
    final_light_rank,
    judge,
    judge_roll,
    judgments,
    moved_cl,
    recommended,
    resolve_conditions,
)
from rules_py.judge_two.odds import judge_odds
from rules_py.judge_two.rounds import RESULT_LABELS, TurnResult, parse_players
from rules_py.judge_two.tables import tables

# ---------------------------------------------------------------- cover and high ground


def test_cover_lowers_and_the_environment_raises_the_challenge_level_by_one() -> None:
    """Martial Maneuvers: "the challenge level of the action is reduced by one"
    [...] "the challenger level of an action involving them is increased by one"."""
    assert moved_cl(6) == 6
    assert moved_cl(6, favoured=True) == 5
    assert moved_cl(6, npc_environment=True) == 7
    assert moved_cl(6, favoured=True, npc_environment=True) == 6  # both: they cancel
    # The text's range 4-8 becomes 3-9, the values the widget used to refuse.
    assert moved_cl(4, favoured=True) == 3
    assert moved_cl(8, npc_environment=True) == 9


def test_variel_with_cover_gains_a_degree() -> None:
    """Simple Test Example (Feet 2, CL 6, Light 5): +1; with cover the CL is 5, +2."""
    assert judge(5, 2, 2, moved_cl(6)).label == "Guilty Success +1"
    assert judge(5, 2, 2, moved_cl(6, favoured=True)).label == "Guilty Success +2"
    assert judge(5, 2, 2, moved_cl(6, npc_environment=True)).label == "Guilty Success +0"


def test_moved_challenge_levels_reach_zero_and_ten() -> None:
    """A player-versus-player save against a Final Light of 1 with cover: CL 0,
    always met; CL 9 moved up: 10, never met."""
    assert moved_cl(1, favoured=True) == 0
    assert judge(1, 4, 0, 0).label == "Innocent Success +1"
    assert moved_cl(9, npc_environment=True) == 10
    assert judge(6, 4, 3, 10).label == "Innocent Failure -1"


@pytest.mark.parametrize("cl", [0, 10])
def test_odds_at_the_moved_ends_match_enumeration(cl: int) -> None:
    odds = judge_odds(3, cl, DiceMode.NORMAL, Priority.SUCCESS)
    counted: Counter[bool] = Counter()
    for faces in product(range(1, 7), repeat=2):
        best = recommended(judgments(Roll(faces, DiceMode.NORMAL), 3, cl), Priority.SUCCESS)
        counted[best.success] += 1
    assert odds.success == Fraction(counted[True], 36)
    assert odds.success == (1 if cl == 0 else 0)


def test_a_set_challenge_level_is_one_to_nine() -> None:
    with pytest.raises(RulesInputError) as error:
        moved_cl(10)
    assert error.value.field == "cl"
    assert "from 1 to 9" in error.value.message
    with pytest.raises(RulesInputError):
        moved_cl(0, favoured=True)


# ---------------------------------------------------------------- proficiency


def test_without_proficiency_the_rank_is_not_added() -> None:
    """Weapon Proficiencies: "they do not add their most relevant attribute to
    their light die to form the Final Light of their attacks". Variel, Feet 2,
    Light 5 against CL 6: 7 with the proficiency, 5 without."""
    assert final_light_rank(2) == 2
    assert final_light_rank(2, proficient=False) == 0
    assert judge(5, 2, final_light_rank(2, proficient=False), 6).label == "Guilty Failure -1"
    with pytest.raises(RulesInputError):
        final_light_rank(4, proficient=False)


# ---------------------------------------------------------------- misdirected


def test_misdirected_attack_halves_the_risk_and_drops_threats_and_marks() -> None:
    """Misdirect: "Success [...] can not impose threats or marks and imposes half
    the risk it normally would." One degree against no risk normally imposes two
    risk and a threat; misdirected, one risk. Against three risk (the text's
    example: "three points of risk and a mark"), half of three, rounded down: 1."""
    plain = attack(1, Defender())
    assert plain.options == (Consequence(risk=2, threats=1),)
    assert attack(1, Defender(), misdirected=True).options == (Consequence(risk=1),)
    three = attack(1, Defender(risk=3), misdirected=True)
    assert three.options == (Consequence(risk=1),)
    assert three.risk_after == 4
    assert MISDIRECTED_RULE in three.notes


def test_misdirected_finisher_stands() -> None:
    result = attack(5, Defender(), misdirected=True)
    assert result.options == (Consequence(finisher=True),)
    assert MISDIRECTED_FINISHER_RULE in result.notes
    brute = attack(2, Defender(DefenderKind.BRUTE), misdirected=True)
    assert brute.options == (Consequence(finisher=True),)  # the threat option is gone


def test_misdirected_against_a_defender_who_takes_no_risk_imposes_nothing() -> None:
    nemesis = Defender(DefenderKind.NEMESIS, risk=4)
    assert attack(1, nemesis, misdirected=True).options == (Consequence(),)


@given(st.integers(0, 12), st.integers(0, 12), st.booleans())
def test_misdirected_risk_is_half_the_normal_risk(degrees: int, risk: int, veiled: bool) -> None:
    """Second method: the attack as it normally is, its risk halved by hand."""
    defender = Defender(risk=risk)
    normal = attack(degrees, defender, veiled=veiled)
    halved = attack(degrees, defender, veiled=veiled, misdirected=True)
    assert {o.risk for o in halved.options} == {o.risk // 2 for o in normal.options}
    assert all(o.threats == 0 and o.marks == 0 for o in halved.options)
    assert [half_risk(r) for r in (0, 1, 2, 3)] == [0, 0, 1, 1]


# ---------------------------------------------------------------- disguises


def test_a_disguise_fails_at_seven_risk() -> None:
    """Disguises: "if the disguised character ever reaches a critical state,
    defined as seven or more risk"."""
    assert not disguise_revealed(6)
    assert disguise_revealed(7)
    assert disguise_revealed(12)


def test_disguises_burden_as_the_table_says() -> None:
    assert DISGUISES == ("none", "kind_or_gender", "kind_and_gender")
    for outcome in Outcome:
        assert burdened(outcome, disguise="kind_or_gender") is (outcome is Outcome.GUILTY_FAILURE)
        assert burdened(outcome, disguise="kind_and_gender") is (not outcome.success)
        assert not burdened(outcome)
    with pytest.raises(RulesInputError) as error:
        burdened(Outcome.GUILTY_FAILURE, disguise="hat")
    assert error.value.field == "disguise"


def test_armour_and_disguise_tables_quote_the_text() -> None:
    rows = {row.armour: row for row in tables().armour}
    assert rows["light"].text.startswith("Light armor grants 2 ")
    assert rows["heavy"].text.startswith("Heavy armor grants 3 ")
    assert ARMOUR_RESISTANCE == {"none": 0, "light": 2, "heavy": 3}


# ---------------------------------------------------------------- resistance sources


def test_resistance_sources_are_armour_and_prestige() -> None:
    assert [(r.source, r.resistance) for r in RESISTANCE_SOURCES] == [
        ("number", None),
        ("light", 2),
        ("heavy", 3),
        ("highest", 4),
        ("middle", 2),
        ("low", 0),
    ]
    assert resistance_from("heavy", 9) == ARMOUR_RESISTANCE["heavy"]
    assert resistance_from("middle") == PRESTIGE_RESISTANCE["middle"]
    assert resistance_from("number", 5) == 5
    with pytest.raises(RulesInputError) as error:
        resistance_from("cloak")
    assert error.value.field == "resistance_from"


# ---------------------------------------------------------------- attack or defence from a roll


def test_a_players_successful_test_is_a_successful_attack() -> None:
    exchange = pc_attack(3, Defender(risk=1))
    assert exchange.attack_succeeds
    assert exchange.result is not None and exchange.result.degrees == 4
    assert exchange.counter == ()


def test_a_players_failed_test_opens_a_counter_attack() -> None:
    """Counter Attacking: a threat at six or less risk; two threats or a mark at seven."""
    assert pc_attack(-1, Defender(), attacker_risk=6).counter == (Consequence(threats=1),)
    assert pc_attack(-1, Defender(), attacker_risk=7).counter == (
        Consequence(threats=2),
        Consequence(marks=1),
    )
    by_nemesis = pc_attack(-2, Defender(DefenderKind.NEMESIS), attacker_risk=12)
    assert by_nemesis.counter == (Consequence(finisher=True),)
    veiled = pc_attack(-1, Defender(), attacker_risk=7, veiled=True)
    assert veiled.counter == ()
    assert VEILED_COUNTER_RULE in veiled.notes


def test_a_failed_save_gives_the_attack_its_degrees_of_failure() -> None:
    """ "The save's degrees of failure becomes the attack's degrees of success":
    the Simple Save Example fails by 1 (Final Light 4 against CL 5)."""
    exchange = npc_attack(-1, Defender())
    assert exchange.attack_succeeds
    assert exchange.result is not None and exchange.result.base_degrees == 1
    held = npc_attack(0, Defender(), attacker_risk=3)
    assert not held.attack_succeeds and held.counter == (Consequence(threats=1),)


def test_a_brute_is_counter_attacked_by_the_head_count() -> None:
    many = npc_attack(1, Defender(), attacker=DefenderKind.BRUTE, brutes=4, player_characters=4)
    assert many.counter == (Consequence(threats=1),)
    few = npc_attack(1, Defender(), attacker=DefenderKind.BRUTE, brutes=3, player_characters=4)
    assert few.counter == (Consequence(threats=1), Consequence(finisher=True))


def test_group_attacks_succeed_at_zero_total_and_their_counter_attack() -> None:
    assert group_succeeds([2, -2])
    assert not group_succeeds([1, -2])
    assert group_counter(DefenderKind.NEMESIS) == "A nemesis can counter-attack every attacker."
    assert "single attacker" in group_counter(DefenderKind.CHARACTER)


# ---------------------------------------------------------------- judging words and doubles


def test_condition_lines() -> None:
    assert condition_lines(resolve_conditions(ActionKind.TEST)) == (
        DICE_MODE_TEXT[DiceMode.NORMAL],
    )
    both = resolve_conditions(ActionKind.TEST, bold=True, quick=True, long=True)
    assert condition_lines(both) == (DICE_MODE_TEXT[DiceMode.BOLD], QUICK_TEXT, LONG_TEXT)
    save = resolve_conditions(ActionKind.SAVE, long=True)
    assert condition_lines(save) == (DICE_MODE_TEXT[DiceMode.FAINT],)
    assert LONG_SAVE_RULE in save.notes


def test_doubles_are_judged_for_the_player_and_nothing_else_is() -> None:
    conditions = resolve_conditions(ActionKind.SAVE)
    doubles = judge_roll(Roll((3, 3), DiceMode.NORMAL), conditions, 1, 5)
    assert doubles.forced is not None and doubles.forced.label == "Guilty Failure -1"
    assert judge_roll(Roll((2, 5), DiceMode.NORMAL), conditions, 1, 5).forced is None


def test_group_only_choice_and_intervention() -> None:
    same = GroupJudgment((4, 4), 4, (1, 1), 5)
    assert only_choice([same]) == same
    assert only_choice([same, GroupJudgment((4, 4), 2, (1, 1), 5)]) is None
    assert intervention_text(same).startswith("Innocent")
    assert intervention_text(GroupJudgment((4, 4), 2, (1, 1), 5)).startswith("Guilty")


# ---------------------------------------------------------------- turns


def test_players_are_named_by_letters() -> None:
    assert parse_players("a c", 3) == [0, 2]
    assert parse_players("A and B, C", 3) == [0, 1, 2]
    for bad in ("", "D", "A B C D", "AB"):
        with pytest.raises(RulesInputError) as error:
            parse_players(bad, 4 if bad == "A B C D" else 3)
        assert error.value.field == "player"
    assert list(RESULT_LABELS) == list(TurnResult)
    assert RESULT_LABELS[TurnResult.GUILTY] == "Guilty (Truth 1-3)"
