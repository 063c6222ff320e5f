"""Widget ``judge_two.health``: a character's risk and status tokens, a rest,
the death check at the end of a scene, and the essences their attributes
give (The Way of All the Earth, "Health and Status", "Rest and Recovery",
"Death and Dying", "Saves").

With the party, the form is filled from the one who acts; a rest and an
advance carry the changes they make to that character's sheet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.judge_two import health, statuses
from rules_py.judge_two import judging as jt
from rules_py.judge_two.attacks import CRITICAL_RISK, RISK_MAX
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.characters.happenings import REST_NOTE, rest
from rules_py.judge_two.characters.sheet import ATTRIBUTE_FIELDS
from rules_py.judge_two.widgets.health.form import (
    ADVANCE_NOTE,
    ESSENCES,
    FIELDS,
    REST,
    SCENE_END,
    HealthValues,
    mark_field,
)
from rules_py.judge_two.widgets.party_links import (
    Filled,
    Step,
    changes_blocks,
    judge_two_table,
)
from rules_py.party.events import Outcome
from rules_py.widget import Action, Block, Call, Widget, facts, line, note, outcome, table

__all__ = ["WIDGETS"]

LABELS = {"recover": "Recover from", "advance": "Advance"}


def fill(table_: AtTable) -> Filled:
    actor = judge_two_table(table_)[0]
    filled: Filled = {"values": {}, "from": {}}
    if actor is None:
        return filled
    name = actor.name

    def put(field: str, value: Any, said: str) -> None:
        filled["values"][field] = value
        filled["from"][field] = f"{name}'s {said}"

    put("risk", actor.risk, "risk")
    for threat in statuses.THREATS:
        put(threat, threat in actor.threats, "threats")
    forms = {record.mark: record.form for record in actor.marks}
    for mark in statuses.MARKS:
        put(mark_field(mark), forms.get(mark, ""), "marks")
    put("burdened", actor.burdened, "burdened condition")
    if actor.kind == "pc":
        for attribute, field in ATTRIBUTE_FIELDS.items():
            put(field, getattr(actor, field), attribute)
        put("faith", actor.faith, "Faith")
    return filled


def _tokens(values: HealthValues) -> list[tuple[str, str]]:
    marks = ", ".join(f"{m} ({form})" for m, form in values.marks) or "none"
    return [
        ("Threats", ", ".join(values.threats) or "none"),
        ("Marks", marks),
        ("Burdened", "yes" if values.burdened else "no"),
    ]


def _status(values: HealthValues) -> list[Block]:
    critical = values.risk >= CRITICAL_RISK
    blocks: list[Block] = [
        outcome(
            f"Risk {values.risk} of {RISK_MAX}" + (": a critical state" if critical else ""),
            "bad" if critical else "neutral",
        ),
        facts(_tokens(values)),
    ]
    lines = health.status_lines(values.risk, values.threats, values.marks, values.burdened)
    blocks.extend(line(text) for text in lines[1:])
    if statuses.dies_at_scene_end([form for _, form in values.marks]):
        blocks.append(note(health.scene_end(values.marks).text + " (at the scene's end)"))
    return blocks


def _recovered(values: HealthValues) -> tuple[str, str]:
    return (values.recover, values.recover2)


def _rest(values: HealthValues) -> list[Block]:
    chosen = [m for m in _recovered(values) if m]
    left = statuses.marks_after_rest(values.length, [m for m, _ in values.marks], chosen)
    return [
        outcome(f"After a {values.length} rest: risk 0", "good"),
        facts(
            [
                ("Risk", f"{values.risk} to 0"),
                ("Recovered from", ", ".join(chosen) or "no mark"),
                ("Marks left", ", ".join(left) or "none"),
            ]
        ),
        note(REST_NOTE),
    ]


def _scene_end(values: HealthValues) -> list[Block]:
    end = health.scene_end(values.marks, values.scene_rest, _recovered(values))
    return [
        outcome(end.text, "bad" if end.dies else "good"),
        line(
            "The second way to die: three or more marks at the end of a scene, one of them "
            "imposed by a martial attack, without the chance to rest and recover at once."
        ),
    ]


def _advanced(values: HealthValues) -> dict[str, int]:
    attributes = values.attributes
    if values.advance:
        rank = attributes[values.advance]
        if rank >= jt.RANK_MAX:
            raise RulesInputError(
                "advance", f"{values.advance} is already at rank {jt.RANK_MAX}, the highest."
            )
        attributes[values.advance] = rank + 1
    return attributes


def _essences(values: HealthValues) -> list[Block]:
    before = values.attributes
    after = _advanced(values)
    rows = []
    for essence, sources in jt.ESSENCE_SOURCES.items():
        old = jt.derived_essence(essence, before)
        new = jt.derived_essence(essence, after)
        total = sum(after[name] for name in sources)
        shown = f"{old} to {new}" if new != old else str(new)
        rows.append((essence, f"({' + '.join(sources)}) {total} / 2 = {shown}"))
    rows.append(("Faith", f"{values.faith} (not derived)"))
    blocks: list[Block] = [
        table("Essences", ["Essence", "Rank"], rows),
        note(jt.ESSENCE_CAP_RULE),
    ]
    if values.advance:
        blocks.insert(
            0,
            outcome(
                f"{values.advance} {before[values.advance]} to {after[values.advance]}", "good"
            ),
        )
        blocks.append(note(ADVANCE_NOTE))
    return blocks


def _steps(values: HealthValues, actor: JudgeTwoCharacter) -> list[Step]:
    if values.mode == REST:
        return [(actor, lambda m: rest(m, values.length, _recovered(values)))]
    if values.mode == SCENE_END and values.scene_rest != health.NO_REST:
        return [(actor, lambda m: rest(m, values.scene_rest, _recovered(values)))]
    if values.mode == ESSENCES and values.advance and actor.kind == "pc":
        return [(actor, lambda m: _advance(m, values.advance))]
    return []


def _advance(member: JudgeTwoCharacter, attribute: str) -> Outcome:
    field = ATTRIBUTE_FIELDS[attribute]
    rank: int = getattr(member, field)
    if rank >= jt.RANK_MAX:
        raise RulesInputError("advance", f"{member.name}'s {attribute} is already {rank}.")
    return Outcome(
        replace(member, **_raised(field, rank)), f"Advance: {attribute} {rank} to {rank + 1}"
    )


def _raised(field: str, rank: int) -> dict[str, Any]:
    return {field: rank + 1}


VIEWS = {REST: _rest, SCENE_END: _scene_end, ESSENCES: _essences}


def handle(call: Call[HealthValues]) -> dict[str, Any]:
    values = call.values
    view = VIEWS.get(values.mode, _status)(values)
    actor = judge_two_table(call.table)[0]
    if actor is None:
        return {"view": view}
    found, shown = changes_blocks(_steps(values, actor), LABELS)
    result: dict[str, Any] = {"view": view + shown}
    if found:
        result["changes"] = found
    return result


WIDGETS = (
    Widget(
        name="judge_two.health",
        title="Health and status",
        summary="Risk and the tokens borne, a rest, the death check at a scene's end, essences.",
        hand_roll=(
            f"Track risk (0 to {RISK_MAX}) on a die and each threat and mark with a token. "
            "A quick rest clears risk; a short one also the afflict or stricken mark; a long "
            "one also any two marks. At a scene's end, three or more marks with one martial, "
            "and no rest at once, kill."
        ),
        fields=FIELDS,
        values=HealthValues,
        actions=(Action("show", "Work out", random=False),),
        handler=handle,
        fill=fill,
    ),
)
