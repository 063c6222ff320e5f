"""The odds previews of ``judge_two.judge``: exact chances of each outcome and degree."""

from __future__ import annotations

from typing import Any

from rules_py.judge_two import group
from rules_py.judge_two import judging as jt
from rules_py.judge_two.odds import judge_odds
from rules_py.judge_two.widgets.judge.form import JudgeValues
from rules_py.judge_two.widgets.judge.settings import (
    conditions_of,
    light_rank,
    moved_cl,
    setting_notes,
    trait_name,
)
from rules_py.widget import Block, chance_text, chart, facts, line, note

__all__ = ["group_odds", "single_odds"]


def _outcome_facts(chance_of: Any, dice_count: int) -> Block:
    """Chances over the number of ordered rolls (36, 216...), as a player would count."""
    over = jt.SIDES**dice_count
    return facts([(o.value, chance_text(chance_of(o), over)) for o in jt.Outcome])


def _degree_chart(distribution: Any, title: str, summary: str) -> Block:
    bars = [(jt.signed(d), p) for d, p in distribution.items()]
    return chart(
        title,
        bars,
        highlight=[jt.signed(d) for d in distribution if d >= 0],
        marks=f"Success: {jt.signed(0)} or more",
        mean=distribution.mean(),
        summary=summary,
    )


def single_odds(values: JudgeValues) -> list[Block]:
    conditions = conditions_of(values)
    priority = jt.Priority(values.priority)
    rank, cl = light_rank(values), moved_cl(values)
    odds = judge_odds(rank, cl, conditions.dice, priority)
    who = f"{trait_name(values)} {rank} against CL {cl}"
    return [
        *setting_notes(values),
        line(
            f"{who}, {conditions.dice.value} roll, judged {jt.PRIORITY_TEXT[priority]}: "
            f"success {chance_text(odds.success)}."
        ),
        _outcome_facts(odds.chance, conditions.dice_rolled),
        _degree_chart(
            odds.degrees,
            "Degrees (+ success, - failure)",
            f"Degrees of success or failure for {who}; success (+0 or more) "
            f"{chance_text(odds.success)}.",
        ),
        *(note(text) for text in conditions.notes),
    ]


def group_odds(values: JudgeValues) -> list[Block]:
    ranks = values.ranks
    priority = jt.Priority(values.priority)
    odds = group.group_odds(ranks, values.cl, priority)
    who = f"{len(ranks)} players (ranks {', '.join(map(str, ranks))}) against CL {values.cl}"
    return [
        line(
            f"Group test, {who}, judged {jt.PRIORITY_TEXT[priority]}: "
            f"success {chance_text(odds.success)}."
        ),
        _outcome_facts(odds.chance, 2 * len(ranks)),
        _degree_chart(
            odds.degrees,
            "Total degrees (+ success, - failure)",
            f"Total degrees for {who}; success (+0 or more) {chance_text(odds.success)}.",
        ),
        note(group.IGNORED_CONDITIONS_RULE),
    ]
