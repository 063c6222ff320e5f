"""One character's roll in ``judge_two.judge``: the dice, every judgment as a
card, and what the chosen one means."""

from __future__ import annotations

from typing import Any

from rules_py.judge_two import judging as jt
from rules_py.judge_two.tables import tables
from rules_py.judge_two.widgets.judge.consequences import single_attack, single_changes
from rules_py.judge_two.widgets.judge.form import TEST, JudgeValues
from rules_py.judge_two.widgets.judge.settings import (
    RECOMMENDED,
    condition_lines,
    conditions_of,
    light_rank,
    moved_cl,
    pick,
    setting_notes,
    tone,
    trait_name,
)
from rules_py.judge_two.widgets.party_links import judge_two_table, rank_on_sheet, sheet_mismatch
from rules_py.widget import (
    Block,
    Call,
    JsonValue,
    choices,
    dice,
    die_face,
    facts,
    line,
    note,
    option,
    outcome,
)

__all__ = ["single_roll"]


def _key(j: jt.Judgment) -> str:
    return f"{j.light}-{j.truth}"


def _judgment_option(j: jt.Judgment, best: jt.Judgment, picked: jt.Judgment | None) -> Any:
    return option(
        f"Light {j.light} \u00b7 Truth {j.truth}",
        {"choice": _key(j)},
        lines=[f"Final Light {j.final_light} vs CL {j.cl}", j.label],
        badge=RECOMMENDED if j == best else "",
        selected=picked is not None and j == picked,
    )


def _rolled_dice(roll: jt.Roll, picked: jt.Judgment | None) -> list[Block]:
    """All dice before judging; after it, the Light, the Truth and any left out."""
    if picked is None:
        faces = [
            die_face(v, jt.SIDES, *(("dropped", "discarded") if i == roll.discarded else ()))
            for i, v in enumerate(roll.dice)
        ]
        return [dice("Dice", faces)]
    unused = [
        die_face(v, jt.SIDES, "dropped")
        for i, v in enumerate(roll.dice)
        if i not in (picked.light_index, picked.truth_index)
    ]
    blocks = [
        dice("Light", [die_face(picked.light, jt.SIDES, "kept")]),
        dice("Truth", [die_face(picked.truth, jt.SIDES)]),
    ]
    if unused:
        label = "Discarded" if roll.mode is jt.DiceMode.FAINT else "Ignored"
        blocks.append(dice(label, unused))
    return blocks


def single_roll(
    values: JudgeValues, call: Call[JudgeValues]
) -> tuple[list[Block], list[JsonValue]]:
    """The roll's blocks, and what it changes in the party once judged."""
    conditions = conditions_of(values)
    priority = jt.Priority(values.priority)
    rank, cl = light_rank(values), moved_cl(values)
    judging = jt.roll_and_judge(conditions, rank, cl, call.rng, priority)
    picked = judging.forced
    found: list[JsonValue] = []
    if "choice" in call.extra:
        picked = pick(judging.options, call.extra["choice"], _key)
    blocks: list[Block] = [
        *_rolled_dice(judging.roll, picked),
        *condition_lines(conditions),
        *setting_notes(values),
    ]
    if picked is None:
        blocks.append(
            line(
                f"Choose your judgment. The recommended one ({jt.PRIORITY_TEXT[priority]}) "
                "is marked; any other is yours to take."
            )
        )
    else:
        blocks.extend(_judged(values, conditions, picked, judging.doubles))
        if values.attack:
            found, shown = single_changes(values, picked, call.table)
            blocks.extend(shown)
    actor = judge_two_table(call.table)[0]
    if actor is not None:
        trait = values.attribute if values.mode == TEST else values.essence
        blocks.extend(sheet_mismatch(actor, [(trait, values.rank, rank_on_sheet(actor, trait))]))
    if not judging.doubles:
        blocks.append(
            choices(
                "Judge the dice: which is Light, which is Truth?",
                [_judgment_option(j, judging.best, picked) for j in judging.options],
            )
        )
    return blocks, found


def _judged(
    values: JudgeValues, conditions: jt.Conditions, j: jt.Judgment, doubles: bool
) -> list[Block]:
    after = jt.aftermath(j, conditions)
    blocks: list[Block] = [
        outcome(j.label, tone(j.outcome)),  # type: ignore[arg-type]
        facts(
            [
                ("Light", str(j.light)),
                ("Truth", f"{j.truth} ({'innocent' if j.innocent else 'guilty'})"),
                ("Final Light", f"{j.light} + {trait_name(values)} {j.rank} = {j.final_light}"),
                ("Challenge level", str(j.cl)),
                ("Degrees", jt.signed(j.degrees)),
            ]
        ),
        line(tables().outcome(j.outcome.value).text),
        line(after.text),
    ]
    if doubles:
        blocks.append(note(jt.DOUBLES_RULE))
    if values.attack:
        blocks.extend(single_attack(values, j))
    return blocks
