"""What a judged roll imposes when it is an attack or a defence (``judge_two.judge``)."""

from __future__ import annotations

from rules_py.at_table import AtTable
from rules_py.judge_two import attacks, group
from rules_py.judge_two import judging as jt
from rules_py.judge_two.characters.happenings import (
    attack_made,
    attacked,
    countered,
    resistance,
    resolve_total,
)
from rules_py.judge_two.widgets.judge.form import TEST, JudgeValues
from rules_py.judge_two.widgets.party_links import (
    SHEET_WINS_NOTE,
    Step,
    changes_blocks,
    judge_two_table,
    sheet_mismatch,
)
from rules_py.widget import Block, JsonValue, line, note

__all__ = ["group_attack", "single_attack", "single_changes"]


def _defender(values: JudgeValues, kind: str) -> attacks.Defender:
    return attacks.Defender(
        attacks.DefenderKind(kind),
        values.risk,
        values.resistance,
        values.resolve,
        omen_met=values.omen,
    )


def _attack_blocks(result: attacks.AttackResult, whom: str) -> list[Block]:
    blocks: list[Block] = [
        line(
            f"The attack succeeds: {_degrees(result.base_degrees)} of success, plus "
            f"{whom}'s counted risk {result.counted_risk} (risk less resistance and "
            f"resolve): {result.degrees}."
        ),
        line(f"It imposes {attacks.consequences_text(result.options)}."),
    ]
    if result.risk_imposed:
        critical = " (critical state)" if result.critical else ""
        blocks.append(line(f"{whom.capitalize()}'s risk: {result.risk_after}{critical}."))
    blocks.extend(note(text) for text in result.notes)
    return blocks


def _degrees(count: int) -> str:
    return f"{count} degree" if count == 1 else f"{count} degrees"


def _exchange_blocks(exchange: attacks.Exchange, values: JudgeValues) -> list[Block]:
    if exchange.result is not None:
        blocks = _attack_blocks(exchange.result, "the defender")
        if values.disguised and attacks.disguise_revealed(exchange.result.risk_after):
            blocks.append(line(attacks.DISGUISE_REVEALED))
        return blocks
    blocks = [line("The attack fails: the defence succeeds.")]
    if exchange.counter:
        blocks.append(
            line(
                "If the defender can counter-attack, they impose "
                f"{attacks.consequences_text(exchange.counter)} on the attacker "
                f"(attacker's risk {exchange.attacker_risk})."
            )
        )
    blocks.extend(line(text) for text in exchange.notes)
    return blocks


def single_attack(values: JudgeValues, j: jt.Judgment) -> list[Block]:
    blocks: list[Block] = [note(attacks.ATTACK_DEGREES_RULE)]
    if values.mode == TEST:
        exchange = attacks.pc_attack(
            j.degrees,
            _defender(values, values.defender),
            attacker_risk=values.attacker_risk,
            veiled=values.veiled,
            misdirected=values.misdirected,
        )
        blocks.extend(_exchange_blocks(exchange, values))
        if attacks.burdened(
            j.outcome,
            armour=values.armor,
            captain=values.captain,
            disguise=values.disguise,
        ):
            blocks.append(line(attacks.BURDENED_EFFECT))
        return blocks
    exchange = attacks.npc_attack(
        j.degrees,
        _defender(values, "character"),
        attacker=attacks.DefenderKind(values.attacker),
        attacker_risk=values.attacker_risk,
        brutes=values.brutes,
        player_characters=values.player_characters,
    )
    blocks.extend(_exchange_blocks(exchange, values))
    return blocks


def group_attack(values: JudgeValues, j: group.GroupJudgment) -> list[Block]:
    blocks: list[Block] = [note(attacks.ATTACK_DEGREES_RULE)]
    kind = values.defender
    if not j.success:
        blocks.append(line("The group attack fails: the defence succeeds."))
        blocks.append(line(attacks.group_counter(attacks.DefenderKind(kind))))
        return blocks
    result = attacks.group_attack(j.degrees, _defender(values, kind), veiled=values.veiled)
    for number, each in enumerate(result.each, start=1):
        blocks.append(
            line(
                f"Player {number}: {_degrees(each.degrees)} with the defender's risk, imposes "
                f"{attacks.consequences_text(each.options)}."
            )
        )
    blocks.append(
        line(
            f"Risk imposed in all: {result.risk_imposed}; the defender's risk: {result.risk_after}."
        )
    )
    blocks.extend(note(text) for text in result.notes)
    return blocks


LABELS = {
    "option": "Consequences to impose",
    "threat": "Threat imposed",
    "threat2": "Second threat",
    "mark": "Mark imposed",
    "kind": "Kind",
}


def single_changes(
    values: JudgeValues, j: jt.Judgment, table: AtTable
) -> tuple[list[JsonValue], list[Block]]:
    """What a judged attack or defence changes in the party: the one who acts
    attacks with a test (the target defends) or defends with a save (the
    target attacks)."""
    actor, target = judge_two_table(table)
    if actor is None and target is None:
        return [], []
    threats = (values.threat, values.threat2)
    steps: list[Step] = []
    blocks: list[Block] = []
    attacker, defender = (actor, target) if values.mode == TEST else (target, actor)
    hit = j.degrees >= 0 if values.mode == TEST else j.degrees < 0
    if defender is not None:  # in a save the one who acts defends: the form may hold another's
        blocks.extend(
            sheet_mismatch(
                defender,
                [
                    ("risk", values.risk, defender.risk),
                    (
                        f"{values.conflict} resistance",
                        values.resistance,
                        resistance(defender, values.conflict),
                    ),
                    ("resolve", values.resolve, resolve_total(defender)),
                ],
            )
        )
    if hit and defender is not None:
        degrees = abs(j.degrees)
        steps.append(
            (
                defender,
                lambda m: attacked(
                    m,
                    degrees,
                    values.conflict,
                    values.impose,
                    threats,
                    values.mark,
                    veiled=values.veiled and values.mode == TEST,
                    misdirected=values.misdirected and values.mode == TEST,
                ),
            )
        )
    if not hit and values.counter and attacker is not None:
        if values.mode == TEST and values.veiled:
            blocks.append(note(attacks.VEILED_COUNTER_RULE))
        else:
            by_nemesis = defender is not None and defender.kind == "nemesis"
            steps.append(
                (
                    attacker,
                    lambda m: countered(
                        m,
                        values.conflict,
                        values.impose,
                        threats,
                        values.mark,
                        by_nemesis=by_nemesis,
                        brutes=values.brutes,
                        player_characters=values.player_characters,
                    ),
                )
            )
    if values.mode == TEST and actor is not None:
        steps.append((actor, lambda m: attack_made(m, j.outcome.value)))
    found, shown = changes_blocks(steps, LABELS)
    if found:
        shown.append(note(SHEET_WINS_NOTE))
    return found, blocks + shown
