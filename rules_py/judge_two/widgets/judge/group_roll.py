"""A group test in ``judge_two.judge``: each player's Light, one shared Truth."""

from __future__ import annotations

from rules_py.judge_two import group
from rules_py.judge_two import judging as jt
from rules_py.judge_two.widgets.judge.consequences import group_attack
from rules_py.judge_two.widgets.judge.form import JudgeValues
from rules_py.judge_two.widgets.judge.settings import RECOMMENDED, pick, tone
from rules_py.widget import Block, Call, choices, dice, die_face, facts, line, note, option, outcome

__all__ = ["group_roll"]


def _group_key(j: group.GroupJudgment) -> str:
    return f"{'.'.join(map(str, j.lights))}-{j.truth}"


def group_roll(values: JudgeValues, call: Call[JudgeValues]) -> list[Block]:
    ranks = values.ranks
    cl = values.cl
    priority = jt.Priority(values.priority)
    rolled = group.roll_group(len(ranks), call.rng)
    options = group.group_options(rolled, ranks, cl)
    best = group.group_recommended(options, priority)
    picked = group.only_choice(options)
    if "choice" in call.extra:
        picked = pick(options, call.extra["choice"], _group_key)
    blocks: list[Block] = [
        dice(
            f"Player {number}'s dice",
            [die_face(v, jt.SIDES) for v in rolled[2 * (number - 1) : 2 * number]],
        )
        for number in range(1, len(ranks) + 1)
    ]
    if picked is None:
        blocks.append(
            line(
                "Each player takes one die as their Light; together you choose one "
                f"Truth die. The recommended judgment ({jt.PRIORITY_TEXT[priority]}) is marked."
            )
        )
    else:
        blocks.extend(_group_judged(values, picked))
    if len(options) > 1:
        blocks.append(
            choices(
                "Judge the group's dice: which is the Truth die?",
                [
                    option(
                        f"Truth {j.truth} \u00b7 Lights {', '.join(map(str, j.lights))}",
                        {"choice": _group_key(j)},
                        lines=[
                            "Final Lights " + ", ".join(map(str, j.final_lights)) + f" vs CL {cl}",
                            j.label,
                        ],
                        badge=RECOMMENDED if j == best else "",
                        selected=picked is not None and j == picked,
                    )
                    for j in options
                ],
            )
        )
        blocks.append(note(group.GROUP_CHOICE_RULE))
    return blocks


def _group_judged(values: JudgeValues, j: group.GroupJudgment) -> list[Block]:
    rows = [
        (
            f"Player {n}",
            f"Light {light} + rank {rank} = {final} ({jt.signed(final - j.cl)})",
        )
        for n, (light, rank, final) in enumerate(
            zip(j.lights, j.ranks, j.final_lights, strict=True), start=1
        )
    ]
    guilty = not j.innocent
    blocks: list[Block] = [
        outcome(j.label, tone(j.outcome)),  # type: ignore[arg-type]
        facts(
            [
                *rows,
                ("Truth", f"{j.truth} ({'guilty' if guilty else 'innocent'})"),
                ("Total degrees", jt.signed(j.total)),
            ]
        ),
        line(group.intervention_text(j)),
        note(group.SHARING_RULE),
    ]
    if values.attack:
        blocks.extend(group_attack(values, j))
    return blocks
