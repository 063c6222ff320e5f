"""The Way of All the Earth as a party game: its sheet, checks, what derives,
its events and the choices made where the text is silent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two import statuses
from rules_py.judge_two.attacks import CRITICAL_RISK, DEGREES_MAX, HEADCOUNT_MAX
from rules_py.judge_two.characters.happenings import (
    BRUTE_RESISTANCE_NOTE,
    BURDEN_AGAIN_NOTE,
    MARK_ONCE_NOTE,
    REST_NOTE,
    attack_made,
    attacked,
    compose,
    countered,
    defender_of,
    guard,
    omen,
    resistance,
    resolve_total,
    rest,
    threat_ends,
)
from rules_py.judge_two.characters.records import JudgeTwoCharacter
from rules_py.judge_two.characters.sheet import ATTRIBUTE_FIELDS, JUDGE_TWO_SHEET
from rules_py.judge_two.judging import ESSENCE_CAP_RULE, ESSENCE_SOURCES, derived_essence
from rules_py.judge_two.judging import Outcome as RollOutcome
from rules_py.party.events import Event, Outcome
from rules_py.party.games import GameRules
from rules_py.widget import Field, JsonValue, bool_field, choice_field, int_field

__all__ = ["JUDGE_TWO_RULES"]


def _check(member: JudgeTwoCharacter) -> None:
    seen: set[str] = set()
    for index, record in enumerate(member.marks):
        if record.mark in seen:
            raise RulesInputError(f"marks.{index}.mark", f"The {record.mark} mark is listed twice.")
        seen.add(record.mark)


def _attributes(member: JudgeTwoCharacter) -> dict[str, int]:
    return {name: getattr(member, field) for name, field in ATTRIBUTE_FIELDS.items()}


def _derive(member: JudgeTwoCharacter) -> dict[str, JsonValue]:
    fate: list[str] = []
    if member.finished:
        fate.append(
            "Finished by a martial attack: dies, with the gamemaster's confirmation"
            if statuses.finisher_kills(member.finished)
            else f"Finished by a {member.finished} attack: out of the conflict"
        )
    if statuses.dies_at_scene_end([record.form for record in member.marks]):
        fate.append("Three or more marks, one martial: dies at the scene's end without rest")
    essences: dict[str, JsonValue] = {}
    if member.kind == "pc":
        attributes = _attributes(member)
        essences = {name: derived_essence(name, attributes) for name in ESSENCE_SOURCES}
        essences["Faith"] = member.faith
    return {
        "essences": essences,
        "critical": member.risk >= CRITICAL_RISK,
        "resistance": {form: resistance(member, form) for form in statuses.FORMS},
        "resolve_total": resolve_total(member),
        "counted_risk": {form: defender_of(member, form).counted_risk for form in statuses.FORMS},
        "fate": list(fate),
    }


_FORM = choice_field("form", "Form of the attack", [(f, f.capitalize()) for f in statuses.FORMS])
_THREAT_CHOICES = [(t, t.capitalize()) for t in statuses.THREATS]
_CONSEQUENCES: tuple[Field, ...] = (
    int_field("option", "Consequences chosen (1 = the first the roller lists)", 1, 1, 3),
    choice_field("threat", "Threat", _THREAT_CHOICES),
    choice_field("threat2", "Second threat", _THREAT_CHOICES),
    choice_field("mark", "Mark", [(m, m.capitalize()) for m in statuses.MARKS]),
)
_MARK_OR_NONE = [("", "None"), *((m, m.capitalize()) for m in statuses.MARKS)]


def _attacked(member: JudgeTwoCharacter, values: Mapping[str, Any], rng: Rng) -> Outcome:
    return attacked(
        member,
        values["degrees"],
        values["form"],
        values["option"],
        (values["threat"], values["threat2"]),
        values["mark"],
        veiled=values["veiled"],
        power_boon=values["power_boon"],
        pierced=values["pierced"],
        misdirected=values["misdirected"],
    )


def _countered(member: JudgeTwoCharacter, values: Mapping[str, Any], rng: Rng) -> Outcome:
    return countered(
        member,
        values["form"],
        values["option"],
        (values["threat"], values["threat2"]),
        values["mark"],
        by_nemesis=values["by_nemesis"],
        brutes=values["brutes"],
        player_characters=values["player_characters"],
    )


JUDGE_TWO_RULES = GameRules(
    key="judge_two",
    title="The Way of All the Earth",
    sheet=JUDGE_TWO_SHEET,
    record=JudgeTwoCharacter,
    check=_check,
    derive=_derive,
    events=(
        Event(
            "attacked",
            "A successful attack on them",
            (
                int_field("degrees", "Degrees of success (before risk)", 0, 0, DEGREES_MAX),
                _FORM,
                *_CONSEQUENCES,
                bool_field("veiled", "Veiled attack"),
                bool_field("power_boon", "The attacker has a power boon readied", True),
                bool_field("pierced", "The attacker is pierced"),
                bool_field("misdirected", "The attacker was misdirected by them"),
            ),
            _attacked,
        ),
        Event(
            "countered",
            "A counter-attack on them",
            (
                _FORM,
                *_CONSEQUENCES,
                bool_field("by_nemesis", "By a nemesis"),
                int_field("brutes", "Brutes in the conflict", 1, 1, HEADCOUNT_MAX),
                int_field("player_characters", "Player characters", 1, 1, HEADCOUNT_MAX),
            ),
            _countered,
        ),
        Event("guard", "Guard an ally (+2 risk)", (), lambda member, values, rng: guard(member)),
        Event(
            "attack_made",
            "They attacked (armour or a disguise may burden)",
            (choice_field("outcome", "Outcome", [(o.value, o.value) for o in RollOutcome]),),
            lambda member, values, rng: attack_made(member, values["outcome"]),
        ),
        Event(
            "threat_ends",
            "A threat ends",
            (choice_field("threat", "Threat", _THREAT_CHOICES),),
            lambda member, values, rng: threat_ends(member, values["threat"]),
        ),
        Event(
            "rest",
            "Rest",
            (
                choice_field("length", "Rest", [(r, r.capitalize()) for r in statuses.RESTS]),
                choice_field("recover", "Recover from", _MARK_OR_NONE),
                choice_field("recover2", "And from (a long rest)", _MARK_OR_NONE),
            ),
            lambda member, values, rng: rest(
                member, values["length"], (values["recover"], values["recover2"])
            ),
        ),
        Event(
            "compose", "Regain composure (a deed)", (), lambda member, values, rng: compose(member)
        ),
        Event(
            "omen",
            "A nemesis's omen",
            (bool_field("met", "Omen condition met", True),),
            lambda member, values, rng: omen(member, values["met"]),
        ),
    ),
    notes=(
        MARK_ONCE_NOTE,
        BURDEN_AGAIN_NOTE,
        REST_NOTE,
        BRUTE_RESISTANCE_NOTE,
        ESSENCE_CAP_RULE,
    ),
)
