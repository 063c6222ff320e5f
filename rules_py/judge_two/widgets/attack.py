"""Widget ``judge_two.attack``: what an attack imposes, from its degrees
(The Way of All the Earth).

For a roll made at the table (the judge widget shows the same for its own
rolls): a successful attack, a group attack, guarding, a counter-attack, and
player-versus-player resolution.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import attacks
from rules_py.judge_two import judging as jt
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    bool_field,
    choice_field,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

ATTACK, GROUP, GUARD, COUNTER, PVP = "attack", "group", "guard", "counter", "pvp"
DEFENDED = (ATTACK, GROUP, GUARD, PVP)  # situations with a defender's risk and resistance


def _resistance(values: Mapping[str, Any]) -> int:
    return attacks.resistance_from(values["resistance_from"], values["resistance"])


def _defender(values: Mapping[str, Any], risk_field: str = "risk") -> attacks.Defender:
    kind = values["defender"] if values["situation"] in (ATTACK, GROUP) else "character"
    return attacks.Defender(
        attacks.DefenderKind(kind),
        values[risk_field],
        _resistance(values),
        values["resolve"],
        omen_met=values["omen"],
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


def _attack(values: Mapping[str, Any]) -> list[Block]:
    result = attacks.attack(
        values["degrees"],
        _defender(values),
        veiled=values["veiled"],
        power_boon=not values["no_power_boon"],
        pierced=values["pierced"],
        misdirected=values["misdirected"],
    )
    return _options(result, values["disguised"])


def _group(values: Mapping[str, Any]) -> list[Block]:
    count = int(values["attackers"])
    degrees = [values[f"degrees{n}"] for n in range(1, count + 1)]
    if not attacks.group_succeeds(degrees):
        kind = attacks.DefenderKind(values["defender"])
        return [
            outcome("The group attack fails", "neutral"),
            line(f"Total degrees {sum(degrees)}: less than zero fails."),
            line(attacks.group_counter(kind)),
        ]
    result = attacks.group_attack(degrees, _defender(values), veiled=values["veiled"])
    blocks: list[Block] = [
        outcome(f"The group attack succeeds: {result.risk_imposed} risk in all", "bad"),
        facts(
            [
                (
                    f"Attacker {n}",
                    f"{each.degrees} counted: {attacks.consequences_text(each.options)}",
                )
                for n, each in enumerate(result.each, start=1)
            ]
            + [("Defender's risk after", _risk(result.risk_after))]
        ),
    ]
    blocks.extend(note(text) for text in result.notes)
    return blocks


def _guard(values: Mapping[str, Any]) -> list[Block]:
    held = values["guard_defence"] == "held"
    try:
        result = attacks.guard(
            _defender(values, "guard_risk"),
            None if held else values["degrees"],
            values["target_risk"],
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


def _counter(values: Mapping[str, Any]) -> list[Block]:
    kind = attacks.DefenderKind(values["attacker_kind"])
    options = attacks.counter_attack(
        values["attacker_risk"],
        attacker=kind,
        by_nemesis=values["by_nemesis"],
        brutes=values["brutes"],
        player_characters=values["player_characters"],
    )
    return [
        outcome(f"Counter-attack: {attacks.consequences_text(options)}", "neutral"),
        line(attacks.COUNTER_NO_RISK),
    ]


def _pvp(values: Mapping[str, Any]) -> list[Block]:
    fight = attacks.player_versus_player(
        values["attacker_final_light"],
        values["attacker_truth"],
        values["defence_final_light"],
        _defender(values),
        values["attack_number"],
    )
    blocks: list[Block] = []
    result = fight.result
    if result is None:
        blocks.append(outcome("The defence succeeds: the attack fails", "good"))
    else:
        blocks.append(line("The defence fails: the attack succeeds."))
        blocks.extend(_options(result, values["disguised"]))
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


HANDLERS = {ATTACK: _attack, GROUP: _group, GUARD: _guard, COUNTER: _counter, PVP: _pvp}


def handle(call: Call) -> dict[str, Any]:
    return {"view": HANDLERS[call.values["situation"]](call.values)}


def _when(*situations: str, **more: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {"situation": situations, **more}


FIELDS: tuple[Field, ...] = (
    choice_field(
        "situation",
        "Situation",
        [
            (ATTACK, "A successful attack"),
            (GROUP, "A group attack"),
            (GUARD, "An ally guards"),
            (COUNTER, "A counter-attack"),
            (PVP, "Player versus player"),
        ],
    ),
    int_field(
        "degrees",
        "Degrees of success",
        1,
        0,
        attacks.DEGREES_MAX,
        help="A test's degrees of success, or a failed save's degrees of failure.",
        shown_when=_when(ATTACK, GUARD),
    ),
    choice_field("attackers", "Attackers", [("2", "Two"), ("3", "Three")], shown_when=_when(GROUP)),
    *(
        int_field(
            f"degrees{n}",
            f"Attacker {n}'s degrees",
            1,
            -attacks.DEGREES_MAX,
            attacks.DEGREES_MAX,
            help="Negative when their own Final Light fell short." if n == 1 else "",
            shown_when=_when(GROUP) if n < 3 else _when(GROUP, attackers=("3",)),
        )
        for n in (1, 2, 3)
    ),
    choice_field(
        "defender",
        "Defender",
        [("character", "Player character or foe"), ("brute", "Brute"), ("nemesis", "Nemesis")],
        shown_when=_when(ATTACK, GROUP),
    ),
    bool_field(
        "omen",
        "Omen condition met",
        help="Until it is, the nemesis takes no risk.",
        shown_when=_when(ATTACK, GROUP, defender=("nemesis",)),
    ),
    int_field(
        "risk", "Defender's risk", 0, 0, attacks.RISK_MAX, shown_when=_when(ATTACK, GROUP, PVP)
    ),
    int_field("guard_risk", "Guard's risk", 0, 0, attacks.RISK_MAX, shown_when=_when(GUARD)),
    choice_field(
        "guard_defence",
        "The guard's defence",
        [("failed", "Fails"), ("held", "Succeeds")],
        shown_when=_when(GUARD),
    ),
    int_field(
        "target_risk", "Original target's risk", 0, 0, attacks.RISK_MAX, shown_when=_when(GUARD)
    ),
    choice_field(
        "resistance_from",
        "Resistance from",
        [(row.source, row.label) for row in attacks.RESISTANCE_SOURCES],
        help="Armour in martial conflicts, prestige in subtle ones.",
        shown_when=_when(*DEFENDED),
    ),
    int_field(
        "resistance",
        "Resistance",
        0,
        0,
        attacks.RESISTANCE_MAX,
        shown_when=_when(*DEFENDED, resistance_from=("number",)),
    ),
    int_field(
        "resolve",
        "Resolve",
        0,
        0,
        attacks.RESISTANCE_MAX,
        help=f"The captain's proficiency gives {attacks.CAPTAIN_RESOLVE}.",
        shown_when=_when(*DEFENDED),
    ),
    bool_field(
        "disguised",
        "Defender is disguised",
        help=f"At {attacks.CRITICAL_RISK} or more risk the disguise fails.",
        shown_when=_when(ATTACK, PVP),
    ),
    bool_field(
        "veiled",
        "Veiled attack",
        help="Risk only: no threats, marks or finishers.",
        shown_when=_when(ATTACK, GROUP),
    ),
    bool_field(
        "misdirected",
        "Attacking the one who misdirected the attacker",
        help="Half the risk (rounded down), no threats or marks; success ends the misdirection.",
        shown_when=_when(ATTACK),
    ),
    bool_field(
        "no_power_boon",
        "No power boon readied",
        help="Unarmed or unscripted: no marks.",
        shown_when=_when(ATTACK),
    ),
    bool_field(
        "pierced",
        "Attacker is pierced",
        help="Cannot impose threats or marks.",
        shown_when=_when(ATTACK),
    ),
    choice_field(
        "attacker_kind",
        "Counter-attacked attacker",
        [("character", "Player character or foe"), ("brute", "Brute")],
        shown_when=_when(COUNTER),
    ),
    int_field(
        "attacker_risk",
        "Attacker's risk",
        0,
        0,
        attacks.RISK_MAX,
        shown_when=_when(COUNTER, attacker_kind=("character",)),
    ),
    bool_field(
        "by_nemesis",
        "The defender is a nemesis",
        help=f"A nemesis finishes a player character at {attacks.RISK_MAX} risk.",
        shown_when=_when(COUNTER, attacker_kind=("character",)),
    ),
    int_field(
        "brutes",
        "Brutes in the conflict",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        shown_when=_when(COUNTER, attacker_kind=("brute",)),
    ),
    int_field(
        "player_characters",
        "Player characters",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        shown_when=_when(COUNTER, attacker_kind=("brute",)),
    ),
    int_field(
        "attacker_final_light",
        "Attacker's Final Light",
        6,
        jt.FINAL_LIGHT_MIN,
        jt.FINAL_LIGHT_MAX,
        shown_when=_when(PVP),
    ),
    int_field("attacker_truth", "Attacker's Truth die", 4, 1, jt.SIDES, shown_when=_when(PVP)),
    int_field(
        "defence_final_light",
        "Defender's Final Light",
        5,
        jt.FINAL_LIGHT_MIN,
        jt.FINAL_LIGHT_MAX,
        help="From a quick save against the attacker's Final Light.",
        shown_when=_when(PVP),
    ),
    int_field(
        "attack_number",
        "Attack number in this conflict",
        1,
        1,
        attacks.ATTACK_NUMBER_MAX,
        shown_when=_when(PVP),
    ),
)

WIDGETS = (
    Widget(
        name="judge_two.attack",
        title="Attack consequences",
        summary="What a successful attack imposes, from its degrees, risk, resistance and resolve.",
        hand_roll=(
            "Add the defender's risk, less their resistance and resolve, to the attack's "
            "degrees of success. 0-2: two risk and one threat. 3-4: three risk and one "
            "mark, or three risk and two threats. 5 or more: a finisher."
        ),
        fields=FIELDS,
        actions=(Action("work_out", "Work out", random=False),),
        handler=handle,
    ),
)
