"""The situations of ``judge_two.attack``: what an attack, a group attack, a guard,
a counter-attack or a fight between players imposes."""

from __future__ import annotations

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import attacks
from rules_py.judge_two.characters.happenings import AttackerChoice
from rules_py.judge_two.widgets.attack.eligibility import counter_eligibility
from rules_py.judge_two.widgets.attack.form import ATTACK, COUNTER, GROUP, GUARD, PVP, AttackValues
from rules_py.widget import Block, facts, line, note, outcome

__all__ = ["SITUATIONS"]


def _resistance(values: AttackValues) -> int:
    return attacks.resistance_from(values.resistance_from, values.resistance)


def _defender(values: AttackValues, risk: int | None = None) -> attacks.Defender:
    """The defender the form describes; ``risk`` when it is not the defender's risk field."""
    kind = values.defender if values.situation in (ATTACK, GROUP) else "character"
    return attacks.Defender(
        attacks.DefenderKind(kind),
        values.risk if risk is None else risk,
        _resistance(values),
        values.resolve,
        omen_met=values.omen,
    )


def _options(result: attacks.AttackResult, disguised: bool = False) -> list[Block]:
    blocks: list[Block] = [
        outcome(attacks.consequences_text(result.options).capitalize(), "bad"),
        facts(
            [
                ("Degrees of success", str(result.base_degrees)),
                ("Counted risk", f"{result.counted_risk} (risk less resistance and resolve)"),
                ("Degrees counted", str(result.degrees)),
                ("Defender's risk after", _risk(result.risk_after)),
            ]
        ),
    ]
    blocks.extend(note(text) for text in result.notes)
    if disguised and attacks.disguise_revealed(result.risk_after):
        blocks.append(line(attacks.DISGUISE_REVEALED))
    return blocks


def _risk(value: int) -> str:
    return f"{value} (critical state)" if value >= attacks.CRITICAL_RISK else str(value)


def _attack(values: AttackValues) -> list[Block]:
    result = attacks.attack(
        values.degrees,
        _defender(values),
        veiled=values.veiled,
        power_boon=not values.no_power_boon,
        pierced=values.pierced,
        misdirected=values.misdirected,
    )
    return _options(result, values.disguised)


def _group(values: AttackValues) -> list[Block]:
    degrees = values.group_degrees
    if not attacks.group_succeeds(degrees):
        kind = attacks.DefenderKind(values.defender)
        return [
            outcome("The group attack fails", "neutral"),
            line(f"Total degrees {sum(degrees)}: less than zero fails."),
            line(attacks.group_counter(kind)),
        ]
    result = attacks.group_attack(degrees, _defender(values), veiled=values.veiled)
    choices = values.group_choices
    parts = attacks.group_consequences(
        result, [choice.option for choice in choices], [choice.mark for choice in choices]
    )
    chosen_risk = sum(part.chosen.risk for part in parts)
    rows = [
        (f"Attacker {part.attacker}", _attacker_text(each, part, choice))
        for each, part, choice in zip(result.each, parts, choices, strict=True)
    ]
    rows.append(("Risk in all", _risk_in_all(result.risk_imposed, chosen_risk)))
    rows.append(("Defender's risk after", _risk(result.risk_after)))
    blocks: list[Block] = [
        outcome(f"The group attack succeeds: {result.risk_imposed} risk in all", "bad"),
        facts(rows),
    ]
    blocks.extend(
        line(f"Attacker {n} may impose: {_numbered(each.options)}.")
        for n, each in enumerate(result.each, start=1)
    )
    blocks.extend(note(text) for text in result.notes)
    return blocks


def _attacker_text(
    each: attacks.AttackResult, part: attacks.GroupImposed, choice: AttackerChoice
) -> str:
    """ "4 counted: 3 risk and two threats (weaken, disarm), 1 of its 3 risk counting"."""
    chosen = part.chosen
    named = [*choice.threats[: chosen.threats], *([choice.mark] if chosen.marks else [])]
    text = f"{each.degrees} counted: {chosen.text}"
    if named:
        text += f" ({', '.join(named)})"
    if part.capped:
        text += f", {part.imposed.risk} of its {chosen.risk} risk counting"
    return text


def _risk_in_all(imposed: int, chosen: int) -> str:
    if chosen > attacks.GROUP_RISK_MAX:
        return f"{imposed} ({chosen} chosen; at most {attacks.GROUP_RISK_MAX} in all)"
    return str(imposed)


def _numbered(options: tuple[attacks.Consequence, ...]) -> str:
    """ "1 = 3 risk and one mark, 2 = 3 risk and two threats"."""
    return ", ".join(f"{n} = {option.text}" for n, option in enumerate(options, start=1))


def _guard(values: AttackValues) -> list[Block]:
    held = values.guard_defence == "held"
    try:
        result = attacks.guard(
            _defender(values, values.guard_risk),
            None if held else values.degrees,
            values.target_risk,
        )
    except RulesInputError as error:  # the engine's "risk" is the guard's here
        raise RulesInputError("guard_risk", error.message) from None
    blocks: list[Block] = [
        line(
            f"The guard raises their own risk by {attacks.GUARD_RISK}: "
            f"{result.guard_risk_before} to {_risk(result.guard_risk_after)}."
        )
    ]
    if result.on_target is None:
        blocks.insert(0, outcome("The attack is thwarted", "good"))
        blocks.append(line("The guard may counter-attack as appropriate."))
        return blocks
    target = result.on_target
    blocks.insert(0, outcome("The guard's defence fails", "bad"))
    blocks.append(
        line(f"The attacker may impose {attacks.consequences_text(result.on_guard)} on the guard.")
    )
    blocks.append(
        line(
            f"Then, on the original target, what {target.degrees} degrees against the guard "
            f"imposes: {attacks.consequences_text(target.options)}."
        )
    )
    blocks.append(line(f"The target's risk after: {_risk(target.risk_after)}."))
    return blocks


def _counter(values: AttackValues) -> list[Block]:
    eligibility = counter_eligibility(values)
    if not eligibility.eligible:
        return [
            outcome("No counter-attack", "neutral"),
            line(eligibility.reason),
            *(note(text) for text in eligibility.notes),
        ]
    kind = attacks.DefenderKind(values.attacker_kind)
    options = attacks.counter_attack(
        values.attacker_risk,
        attacker=kind,
        by_nemesis=values.by_nemesis,
        brutes=values.brutes,
        player_characters=values.player_characters,
    )
    return [
        outcome(f"Counter-attack: {attacks.consequences_text(options)}", "neutral"),
        line(eligibility.reason),
        *(note(text) for text in eligibility.notes),
        line(attacks.COUNTER_NO_RISK),
    ]


def _pvp(values: AttackValues) -> list[Block]:
    fight = attacks.player_versus_player(
        values.attacker_final_light,
        values.attacker_truth,
        values.defence_final_light,
        _defender(values),
        values.attack_number,
    )
    blocks: list[Block] = []
    result = fight.result
    if result is None:
        blocks.append(outcome("The defence succeeds: the attack fails", "good"))
    else:
        blocks.append(line("The defence fails: the attack succeeds."))
        blocks.extend(_options(result, values.disguised))
        blocks.append(note(attacks.PVP_RESISTANCE_RULE))
    side = "the attacker's" if fight.next_side == "attacker" else "the defender's"
    truth = "innocent" if fight.attacker_innocent else "guilty"
    blocks.append(line(f"The attacker's Truth die was {truth}: {side} side takes the next turn."))
    blocks.append(
        line(
            "The gamemaster intervenes now (after every second attack)."
            if fight.intervention
            else "No intervention yet: the gamemaster intervenes after every second attack."
        )
    )
    return blocks


SITUATIONS = {ATTACK: _attack, GROUP: _group, GUARD: _guard, COUNTER: _counter, PVP: _pvp}
