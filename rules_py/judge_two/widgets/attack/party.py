"""``judge_two.attack`` and the party: the form filled from the one who acts
and the target, and what each situation changes in them.

The one who acts attacks (or guards, or counter-attacks); the target is the
defender (the one guarded, the attacker countered).
"""

from __future__ import annotations

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.judge_two import attacks
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.characters.happenings import (
    attacked,
    countered,
    defender_of,
    group_attacked,
    guard,
    impose,
)
from rules_py.judge_two.widgets.attack.eligibility import counter_eligibility
from rules_py.judge_two.widgets.attack.form import (
    ATTACK,
    COUNTER,
    GROUP,
    GROUP_CHOICE_FIELDS,
    GUARD,
    PVP,
    AttackValues,
)
from rules_py.judge_two.widgets.party_links import (
    SHEET_WINS_NOTE,
    Filled,
    Step,
    attack_fill,
    changes_blocks,
    judge_two_table,
)
from rules_py.party.events import Outcome
from rules_py.widget import Block, JsonValue, note

__all__ = ["LABELS", "fill", "situation_changes"]

LABELS = {
    "option": "Consequences to impose",
    "threat": "Threat imposed",
    "threat2": "Second threat",
    "mark": "Mark imposed",
    "kind": "Kind",
    "risk": "Risk",
    **{field.name: field.label for field in GROUP_CHOICE_FIELDS},
}


def fill(table: AtTable) -> Filled:
    filled = attack_fill(
        table,
        attacker={"risk": "guard_risk"},
        defender={
            "kind": "defender",
            "risk": "risk",
            "resistance": "resistance",
            "resolve": "resolve",
            "disguised": "disguised",
            "omen": "omen",
        },
    )
    if "resistance" in filled["values"]:  # the sheet gives a number, not a source
        filled["values"]["resistance_from"] = "number"
        filled["from"]["resistance_from"] = filled["from"]["resistance"]
    countered_side = attack_fill(table, attacker={}, defender={"risk": "attacker_risk"})
    for key in ("values", "from"):
        filled[key].update(countered_side[key])
        if "risk" in filled[key] and "target_risk" not in filled[key]:
            filled[key]["target_risk"] = filled[key]["risk"]
    actor, target = judge_two_table(table)
    if target is not None:
        kind = "brute" if target.kind == "brute" else "character"
        filled["values"]["attacker_kind"] = kind
        filled["from"]["attacker_kind"] = f"{target.name}'s kind"
    if actor is not None:
        filled["values"]["by_nemesis"] = actor.kind == "nemesis"
        filled["from"]["by_nemesis"] = f"{actor.name}'s kind"
    return filled


def situation_changes(values: AttackValues, table: AtTable) -> tuple[list[JsonValue], list[Block]]:
    actor, target = judge_two_table(table)
    threats = (values.threat, values.threat2)
    steps: list[Step] = []
    blocks: list[Block] = []
    situation = values.situation
    if situation == ATTACK and target is not None:
        steps.append(
            (
                target,
                lambda m: attacked(
                    m,
                    values.degrees,
                    values.conflict,
                    values.impose,
                    threats,
                    values.mark,
                    veiled=values.veiled,
                    power_boon=not values.no_power_boon,
                    pierced=values.pierced,
                    misdirected=values.misdirected,
                ),
            )
        )
    elif situation == GROUP and target is not None:
        # A failed group attack changes no one: the view says who may counter.
        if attacks.group_succeeds(values.group_degrees):
            steps.append(
                (
                    target,
                    lambda m: group_attacked(
                        m,
                        values.group_degrees,
                        values.conflict,
                        values.group_choices,
                        veiled=values.veiled,
                    ),
                )
            )
    elif situation == COUNTER and target is not None:
        if not counter_eligibility(values).eligible:
            blocks.append(note("Nothing to apply: this defender cannot counter-attack."))
        else:
            steps.append(
                (
                    target,
                    lambda m: countered(
                        m,
                        values.conflict,
                        values.impose,
                        threats,
                        values.mark,
                        by_nemesis=actor is not None and actor.kind == "nemesis",
                        brutes=values.brutes,
                        player_characters=values.player_characters,
                    ),
                )
            )
    elif situation == GUARD and actor is not None:
        steps.append((actor, guard))
        if values.guard_defence == "failed":
            steps.append(
                (
                    actor,
                    lambda m: impose(
                        m,
                        attacks.Consequence(threats=1),
                        values.conflict,
                        (values.threat,),
                        values.mark,
                        "A threat on the guard whose defence failed",
                    ),
                )
            )
            if target is not None:
                guard_member = actor
                steps.append((target, lambda m: _on_guarded(m, values, guard_member)))
    elif situation == PVP and target is not None:
        fight = attacks.player_versus_player(
            values.attacker_final_light,
            values.attacker_truth,
            values.defence_final_light,
            defender_of(target, values.conflict),
            values.attack_number,
        )
        if fight.result is not None:
            degrees = fight.result.base_degrees
            steps.append(
                (
                    target,
                    lambda m: attacked(
                        m, degrees, values.conflict, values.impose, threats, values.mark
                    ),
                )
            )
    found, shown = changes_blocks(steps, LABELS)
    if found:
        shown.append(note(SHEET_WINS_NOTE))
    return found, blocks + shown


def _on_guarded(
    member: JudgeTwoCharacter, values: AttackValues, guard_member: JudgeTwoCharacter
) -> Outcome:
    """The attack's effects on the one guarded, counted against the guard."""
    done = attacks.guard(defender_of(guard_member, values.conflict), values.degrees, member.risk)
    assert done.on_target is not None  # the guard's defence failed
    options = done.on_target.options
    if not 1 <= values.impose <= len(options):
        raise RulesInputError(
            "option", f"Choose 1 to {len(options)}: {attacks.consequences_text(options)}."
        )
    option = options[values.impose - 1]
    return impose(
        member,
        option,
        values.conflict,
        (values.threat, values.threat2),
        values.mark,
        f"Guarded, the attack's {done.on_target.degrees} degrees against the guard: {option.text}",
    )
