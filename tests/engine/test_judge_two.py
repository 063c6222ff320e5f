"""The Judge Two core: conditions, rolls, judgments, recommendations, interventions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two.judging import (
    ATTRIBUTES,
    CANCEL_RULE,
    ESSENCES,
    FAITH_RULE,
    LONG_SAVE_RULE,
    ActionKind,
    DiceMode,
    Judgment,
    Outcome,
    Priority,
    Roll,
    aftermath,
    derived_essence,
    judge,
    judge_roll,
    judgments,
    priority_key,
    recommended,
    resolve_conditions,
    roll_and_judge,
    signed,
)
from rules_py.judge_two.tables import tables

TEST = ActionKind.TEST
SAVE = ActionKind.SAVE

dice_values = st.integers(1, 6)
ranks = st.integers(0, 3)
cls = st.integers(4, 8)
modes = st.sampled_from(list(DiceMode))
priorities = st.sampled_from(list(Priority))


def roll_of(mode: DiceMode, values: list[int]) -> Roll:
    count = 2 if mode is DiceMode.NORMAL else 3
    return Roll(tuple(values[:count]), mode)


# ---------------------------------------------------------------- worked examples


def test_simple_test_example_variel_sprints_across_the_roof() -> None:
    """Feet 2, CL 6, dice 2 and 5: "judge the 5 as Light and the 2 as Truth ...
    a Final Light of 7 ... Variel's roll results in a guilty success"."""
    conditions = resolve_conditions(TEST)
    judging = judge_roll(Roll((2, 5), DiceMode.NORMAL), conditions, rank=2, cl=6)
    chosen = next(j for j in judging.options if j.light == 5 and j.truth == 2)
    assert chosen.final_light == 7
    assert chosen.outcome is Outcome.GUILTY_SUCCESS
    assert chosen.label == "Guilty Success +1"
    assert aftermath(chosen, conditions).after is True
    # The other judgment is open to the player too: Light 2, Truth 5.
    other = next(j for j in judging.options if j.light == 2)
    assert (other.final_light, other.outcome) == (4, Outcome.INNOCENT_FAILURE)
    assert len(judging.options) == 2


def test_simple_save_example_variel_dives_for_cover() -> None:
    """Mind 1, CL 5, two 3s: "With doubles, there isn't anything to judge ...
    Final Light of 4 ... guilty failure. The gamemaster would then intervene"."""
    conditions = resolve_conditions(SAVE)
    judging = judge_roll(Roll((3, 3), DiceMode.NORMAL), conditions, rank=1, cl=5)
    assert judging.doubles
    (only,) = judging.options
    assert (only.light, only.truth, only.final_light) == (3, 3, 4)
    assert only.outcome is Outcome.GUILTY_FAILURE
    assert only.label == "Guilty Failure -1"
    assert aftermath(only, conditions).after is True


def test_degrees_are_written_plus_or_minus() -> None:
    assert signed(0) == "+0"
    assert signed(3) == "+3"
    assert signed(-2) == "-2"
    assert judge(6, 4, 3, 4).label == "Innocent Success +5"


@pytest.mark.parametrize(
    ("truth", "innocent"), [(1, False), (2, False), (3, False), (4, True), (5, True), (6, True)]
)
def test_truth_1_to_3_is_guilty_4_to_6_innocent(truth: int, innocent: bool) -> None:
    assert judge(4, truth, 0, 4).innocent is innocent


def test_final_light_equal_to_cl_succeeds() -> None:
    """ "If the test's Final Light is greater than or equal to the test's challenge level"."""
    assert judge(4, 5, 1, 5).success
    assert not judge(3, 5, 1, 5).success


# ---------------------------------------------------------------- essences


def test_essences_are_half_their_three_attributes_rounded_down() -> None:
    attributes = dict.fromkeys(ATTRIBUTES, 0) | {"Nose": 1, "Guts": 2, "Tongue": 2}
    assert derived_essence("Heart", attributes) == 2  # 5 // 2
    attributes |= {"Breath": 1, "Eyes": 0, "Hands": 0}
    assert derived_essence("Mind", attributes) == 0  # 1 // 2
    attributes |= {"Arm": 3, "Feet": 1, "Spirit": 2}
    assert derived_essence("Strength", attributes) == 3


def test_essence_is_capped_at_three() -> None:
    attributes = dict.fromkeys(ATTRIBUTES, 3)
    assert derived_essence("Heart", attributes) == 3  # 9 // 2 = 4, but ranks stop at 3


def test_faith_is_not_derived() -> None:
    """ "Faith is determined differently and explained in detail in chapter 2." """
    with pytest.raises(RulesInputError) as error:
        derived_essence("Faith", dict.fromkeys(ATTRIBUTES, 1))
    assert error.value.field == "essence"
    assert error.value.message == FAITH_RULE


def test_bad_attribute_rank_names_the_attribute() -> None:
    attributes = dict.fromkeys(ATTRIBUTES, 1) | {"Guts": 4}
    with pytest.raises(RulesInputError) as error:
        derived_essence("Heart", attributes)
    assert error.value.field == "guts"
    assert error.value.message == "Guts must be a whole number from 0 to 3 (got 4)."


def test_engine_names_match_the_tables() -> None:
    assert tuple(t.name for t in tables().attributes) == ATTRIBUTES
    assert tuple(t.name for t in tables().essences) == ESSENCES
    assert tuple(row.name for row in tables().outcomes) == tuple(o.value for o in Outcome)
    assert tuple(row.cl for row in tables().challenge_levels) == (4, 5, 6, 7, 8)


# ---------------------------------------------------------------- conditions


def test_bold_and_faint_cancel() -> None:
    conditions = resolve_conditions(TEST, bold=True, faint=True)
    assert conditions.dice is DiceMode.NORMAL
    assert conditions.dice_rolled == 2
    assert CANCEL_RULE in conditions.notes


def test_long_save_becomes_faint() -> None:
    conditions = resolve_conditions(SAVE, long=True)
    assert conditions.dice is DiceMode.FAINT
    assert conditions.long is False
    assert LONG_SAVE_RULE in conditions.notes


def test_long_bold_save_is_faint_and_bold_which_cancel() -> None:
    conditions = resolve_conditions(SAVE, long=True, bold=True)
    assert conditions.dice is DiceMode.NORMAL
    assert conditions.notes == (LONG_SAVE_RULE, CANCEL_RULE)


def test_long_test_stays_long() -> None:
    conditions = resolve_conditions(TEST, long=True)
    assert (conditions.dice, conditions.long) == (DiceMode.NORMAL, True)


def test_bold_and_faint_alone() -> None:
    assert resolve_conditions(TEST, bold=True).dice is DiceMode.BOLD
    assert resolve_conditions(SAVE, faint=True).dice is DiceMode.FAINT
    assert resolve_conditions(SAVE, bold=True).dice_rolled == 3


# ---------------------------------------------------------------- rolls


def test_faint_discards_the_highest_die() -> None:
    roll = Roll((2, 6, 4), DiceMode.FAINT)
    assert roll.discarded == 1
    assert roll.judged == (0, 2)
    values = {(j.light, j.truth) for j in judgments(roll, 0, 4)}
    assert values == {(2, 4), (4, 2)}


def test_faint_discards_only_one_of_tied_highest() -> None:
    roll = Roll((5, 5, 1), DiceMode.FAINT)
    assert {(j.light, j.truth) for j in judgments(roll, 0, 4)} == {(5, 1), (1, 5)}


def test_bold_judges_any_two_of_three() -> None:
    options = judgments(Roll((1, 4, 6), DiceMode.BOLD), 1, 6)
    assert {(j.light, j.truth) for j in options} == {
        (1, 4),
        (4, 1),
        (1, 6),
        (6, 1),
        (4, 6),
        (6, 4),
    }


def test_bold_with_a_pair_dedupes_same_values() -> None:
    options = judgments(Roll((3, 3, 5), DiceMode.BOLD), 1, 6)
    assert {(j.light, j.truth) for j in options} == {(3, 3), (3, 5), (5, 3)}


def test_triples_leave_nothing_to_judge() -> None:
    assert len(judgments(Roll((2, 2, 2), DiceMode.BOLD), 1, 6)) == 1


def test_roll_must_have_the_right_number_of_dice() -> None:
    with pytest.raises(RulesInputError) as error:
        Roll((1, 2, 3), DiceMode.NORMAL)
    assert error.value.field == "dice"
    with pytest.raises(RulesInputError):
        Roll((1, 7), DiceMode.NORMAL)


def test_rolls_replay_from_their_seed() -> None:
    conditions = resolve_conditions(TEST, bold=True)
    first = roll_and_judge(conditions, 2, 6, Rng(99))
    again = roll_and_judge(conditions, 2, 6, Rng(99))
    assert first == again
    assert len(first.roll.dice) == 3


# ---------------------------------------------------------------- recommendations


def test_default_priority_prefers_success_over_innocence() -> None:
    best = recommended(judgments(Roll((2, 5), DiceMode.NORMAL), 2, 6))
    assert (best.light, best.truth) == (5, 2)  # guilty success beats innocent failure


def test_innocence_priority_prefers_innocence() -> None:
    best = recommended(judgments(Roll((2, 5), DiceMode.NORMAL), 2, 6), Priority.INNOCENCE)
    assert (best.light, best.truth) == (2, 5)


def test_success_priority_then_prefers_innocence_then_degrees() -> None:
    # Rank 3, CL 4: Light 6 with Truth 2 is a guilty +5, Light 2 with
    # Truth 6 an innocent +1: innocence comes before degrees.
    best = recommended(judgments(Roll((1, 2, 6), DiceMode.BOLD), 3, 4))
    assert (best.light, best.truth) == (2, 6)
    assert best.label == "Innocent Success +1"


def test_degrees_priority_takes_the_highest_light() -> None:
    best = recommended(judgments(Roll((1, 2, 6), DiceMode.BOLD), 3, 4), Priority.DEGREES)
    assert (best.light, best.truth) == (6, 2)  # ties on Light break to the higher Truth


def test_recommendation_is_never_forced() -> None:
    judging = judge_roll(Roll((2, 5), DiceMode.NORMAL), resolve_conditions(TEST), 2, 6)
    assert judging.best in judging.options
    assert len(judging.options) == 2


def test_priority_is_validated() -> None:
    from rules_py.judge_two.judging import check_priority

    assert check_priority("innocence") is Priority.INNOCENCE
    with pytest.raises(RulesInputError) as error:
        check_priority("luck")
    assert error.value.field == "priority"
    assert "success, innocence, degrees" in error.value.message


@given(modes, st.lists(dice_values, min_size=3, max_size=3), ranks, cls, priorities)
def test_recommended_is_never_worse_than_any_other(
    mode: DiceMode, values: list[int], rank: int, cl: int, priority: Priority
) -> None:
    options = judgments(roll_of(mode, values), rank, cl)
    best = recommended(options, priority)
    key = priority_key(priority)
    assert all(key(best) >= key(other) for other in options)


@given(modes, st.lists(dice_values, min_size=3, max_size=3), ranks, cls)
def test_success_first_recommendation_succeeds_whenever_any_judgment_does(
    mode: DiceMode, values: list[int], rank: int, cl: int
) -> None:
    options = judgments(roll_of(mode, values), rank, cl)
    best = recommended(options, Priority.SUCCESS)
    assert best.success == any(j.success for j in options)
    if best.success:
        assert best.innocent == any(j.success and j.innocent for j in options)


@given(modes, st.lists(dice_values, min_size=3, max_size=3), ranks, cls)
def test_every_judgment_uses_two_different_judged_dice(
    mode: DiceMode, values: list[int], rank: int, cl: int
) -> None:
    roll = roll_of(mode, values)
    for j in judgments(roll, rank, cl):
        assert j.light_index != j.truth_index
        assert {j.light_index, j.truth_index} <= set(roll.judged)
        assert (roll.dice[j.light_index], roll.dice[j.truth_index]) == (j.light, j.truth)


@given(dice_values, dice_values, ranks, cls)
def test_outcome_matches_the_summary(light: int, truth: int, rank: int, cl: int) -> None:
    j = Judgment(light, truth, rank, cl)
    row = tables().outcome(j.outcome.value)
    truth_part, light_part = row.condition.split(" and ")
    assert (truth_part == "Truth 4-6") == (truth >= 4)
    assert (light_part == "FL >/= CL") == (light + rank >= cl)
    assert j.degrees == light + rank - cl


# ---------------------------------------------------------------- interventions


def test_quick_never_leads_to_an_intervention() -> None:
    conditions = resolve_conditions(TEST, quick=True)
    after = aftermath(judge(6, 1, 0, 4), conditions)
    assert (after.before, after.after) == (False, False)
    assert "still counts as guilty" in after.text


def test_long_intervention_comes_first() -> None:
    conditions = resolve_conditions(TEST, long=True)
    innocent = aftermath(judge(6, 5, 0, 4), conditions)
    guilty = aftermath(judge(6, 2, 0, 4), conditions)
    assert (innocent.before, innocent.after) == (True, False)
    assert (guilty.before, guilty.after) == (True, True)
    assert guilty.text.startswith("Long test: the gamemaster intervened first")


def test_guilty_save_keeps_the_gamemaster_intervening() -> None:
    after = aftermath(judge(6, 2, 0, 4), resolve_conditions(SAVE))
    assert after.after
    assert "only an innocent save passes the turn" in after.text


def test_innocent_passes_the_turn() -> None:
    after = aftermath(judge(1, 6, 0, 8), resolve_conditions(TEST))
    assert (after.before, after.after) == (False, False)
