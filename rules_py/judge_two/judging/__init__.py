"""The Way of All the Earth: the Judge Two System ("The Judge Two System").

    "Whenever a player character attempts a difficult action the player rolls
    two dice and then "judges" the dice by assigning one to be called the Light
    die and one to be called the Truth die. The result of the Light die, plus
    the player character's most relevant attribute, forms a sum that is
    compared against a challenge level set by the gamemaster."

This module holds the core: attributes and essences, the conditions of a roll
(bold, faint, quick, long), rolling, every legal judgment of a roll, and the
recommended judgment under a priority the player picks. Odds are in
:mod:`rules_py.judge_two.odds`, group tests in :mod:`rules_py.judge_two.group`,
attacks in :mod:`rules_py.judge_two.attacks`, rounds in
:mod:`rules_py.judge_two.rounds`.

The package's modules: :mod:`.ranks` (the die, ranks and challenge levels),
:mod:`.essences` (attributes and essences), :mod:`.conditions` (bold, faint,
quick, long), :mod:`.rolls` (the dice as rolled), :mod:`.outcomes` (the four
outcomes and degrees), :mod:`.choosing` (every judgment of a roll and the
recommended one) and :mod:`.interventions` (the gamemaster's, before and
after a roll).
"""

from __future__ import annotations

from rules_py.judge_two.judging.choosing import (
    DOUBLES_RULE,
    PRIORITY_TEXT,
    Judging,
    Judgment,
    Priority,
    check_priority,
    judge,
    judge_roll,
    judgments,
    priority_key,
    recommended,
    roll_and_judge,
)
from rules_py.judge_two.judging.conditions import (
    CANCEL_RULE,
    DICE_MODE_TEXT,
    LONG_SAVE_RULE,
    LONG_TEXT,
    QUICK_AND_LONG_RULE,
    QUICK_TEXT,
    ActionKind,
    Conditions,
    DiceMode,
    condition_lines,
    resolve_conditions,
)
from rules_py.judge_two.judging.essences import (
    ATTRIBUTES,
    ESSENCE_CAP_RULE,
    ESSENCE_SOURCES,
    ESSENCES,
    FAITH_RULE,
    derived_essence,
)
from rules_py.judge_two.judging.interventions import Aftermath, aftermath
from rules_py.judge_two.judging.outcomes import Outcome, outcome_of, signed
from rules_py.judge_two.judging.ranks import (
    ANY_CL_MAX,
    ANY_CL_MIN,
    CL_MAX,
    CL_MIN,
    CL_MOVE_RULE,
    FINAL_LIGHT_MAX,
    FINAL_LIGHT_MIN,
    GUILTY_TRUTHS,
    MOVED_CL_MAX,
    MOVED_CL_MIN,
    PROFICIENCY_RULE,
    RANK_MAX,
    RANK_MIN,
    SIDES,
    check_cl,
    check_die,
    check_rank,
    final_light_rank,
    moved_cl,
)
from rules_py.judge_two.judging.rolls import Roll, roll_dice

__all__ = [
    "ANY_CL_MAX",
    "ANY_CL_MIN",
    "ATTRIBUTES",
    "CANCEL_RULE",
    "CL_MAX",
    "CL_MIN",
    "CL_MOVE_RULE",
    "DICE_MODE_TEXT",
    "DOUBLES_RULE",
    "ESSENCES",
    "ESSENCE_CAP_RULE",
    "ESSENCE_SOURCES",
    "FAITH_RULE",
    "FINAL_LIGHT_MAX",
    "FINAL_LIGHT_MIN",
    "GUILTY_TRUTHS",
    "LONG_SAVE_RULE",
    "LONG_TEXT",
    "MOVED_CL_MAX",
    "MOVED_CL_MIN",
    "PRIORITY_TEXT",
    "PROFICIENCY_RULE",
    "QUICK_AND_LONG_RULE",
    "QUICK_TEXT",
    "RANK_MAX",
    "RANK_MIN",
    "SIDES",
    "ActionKind",
    "Aftermath",
    "Conditions",
    "DiceMode",
    "Judging",
    "Judgment",
    "Outcome",
    "Priority",
    "Roll",
    "aftermath",
    "check_cl",
    "check_die",
    "check_priority",
    "check_rank",
    "condition_lines",
    "derived_essence",
    "final_light_rank",
    "judge",
    "judge_roll",
    "judgments",
    "moved_cl",
    "outcome_of",
    "priority_key",
    "recommended",
    "resolve_conditions",
    "roll_and_judge",
    "roll_dice",
    "signed",
]
