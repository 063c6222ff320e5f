"""What the form of ``judge_two.judge`` sets before the dice: the conditions, the
challenge level as moved, the rank added, and the notes that say why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_py.core.errors import RulesInputError, describe
from rules_py.judge_two import judging as jt
from rules_py.judge_two.widgets.judge.form import GROUP, SAVE, TEST, JudgeValues
from rules_py.widget import Block, line, note

__all__ = [
    "RECOMMENDED",
    "condition_lines",
    "conditions_of",
    "light_rank",
    "moved_cl",
    "pick",
    "setting_notes",
    "tone",
    "trait_name",
]

RECOMMENDED = "Recommended"


def tone(j_outcome: jt.Outcome) -> str:
    if j_outcome is jt.Outcome.INNOCENT_SUCCESS:
        return "good"
    if j_outcome is jt.Outcome.GUILTY_FAILURE:
        return "bad"
    return "neutral"


def trait_name(values: JudgeValues) -> str:
    return str(values.attribute if values.mode == TEST else values.essence)


def conditions_of(values: JudgeValues) -> jt.Conditions:
    kind = jt.ActionKind.SAVE if values.mode == SAVE else jt.ActionKind.TEST
    return jt.resolve_conditions(
        kind,
        bold=values.bold,
        faint=values.faint,
        quick=values.quick,
        long=values.long,
    )


def moved_cl(values: JudgeValues) -> int:
    """The challenge level as set, moved by the environment (a single roll only)."""
    if values.mode == GROUP:
        return int(values.cl)
    return jt.moved_cl(values.cl, favoured=values.cover, npc_environment=values.npc_environment)


def light_rank(values: JudgeValues) -> int:
    """The rank added to the Light die: none for a test without the proficiency."""
    proficient = values.mode != TEST or not values.not_proficient
    return jt.final_light_rank(values.rank, proficient=proficient)


def setting_notes(values: JudgeValues) -> list[Block]:
    """What moved the challenge level or the rank, and the choices the site made."""
    blocks: list[Block] = []
    if values.mode == GROUP:
        return blocks
    cl = moved_cl(values)
    if cl != values.cl or (values.cover and values.npc_environment):
        why = [
            *(["cover or high ground -1"] if values.cover else []),
            *(
                ["the environment used by a non-player character +1"]
                if values.npc_environment
                else []
            ),
        ]
        blocks.append(line(f"Challenge level {values.cl}, {', '.join(why)}: {cl}."))
        if values.cover and values.npc_environment:
            blocks.append(note(jt.CL_MOVE_RULE))
    if values.mode == TEST and values.not_proficient:
        blocks.append(note(jt.PROFICIENCY_RULE))
    return blocks


def condition_lines(conditions: jt.Conditions) -> list[Block]:
    blocks: list[Block] = [line(text) for text in jt.condition_lines(conditions)]
    blocks.extend(note(text) for text in conditions.notes)
    return blocks


def pick(options: Sequence[Any], wanted: object, keyed: Any) -> Any:
    known = [keyed(o) for o in options]
    if not isinstance(wanted, str) or wanted not in known:
        raise RulesInputError(
            "choice",
            f"That judgment is not open for these dice: choose one of {', '.join(known)} "
            f"(got {describe(wanted)}).",
        )
    return options[known.index(wanted)]
