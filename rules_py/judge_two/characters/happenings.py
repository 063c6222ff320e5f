"""What happens to a character of The Way of All the Earth, by the engine's
rules: a successful attack's consequences (risk, threats, marks, a finisher),
a counter-attack's, guarding, the burdened condition, rest, composure and a
nemesis's omen.

The consequences an attack may impose come from
:func:`rules_py.judge_two.attacks.attack` (the band of its degrees plus the
risk that counts) and a counter-attack's from
:func:`~rules_py.judge_two.attacks.counter_attack`; the attacker chooses
among them and names the threats and the mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two import attacks, statuses
from rules_py.judge_two.attacks import (
    ARMOUR_RESISTANCE,
    CAPTAIN_RESOLVE,
    PRESTIGE_RESISTANCE,
    RISK_MAX,
    Consequence,
    Defender,
    DefenderKind,
)
from rules_py.judge_two.characters.records import JudgeTwoCharacter, MarkRecord
from rules_py.judge_two.judging import Outcome as RollOutcome
from rules_py.party.events import Outcome

__all__ = [
    "BRUTE_RESISTANCE_NOTE",
    "BURDEN_AGAIN_NOTE",
    "DEFENDER_KINDS",
    "MARK_ONCE_NOTE",
    "REST_NOTE",
    "AttackerChoice",
    "attack_made",
    "attacked",
    "compose",
    "countered",
    "defender_of",
    "group_attacked",
    "guard",
    "impose",
    "omen",
    "resistance",
    "resolve_total",
    "rest",
    "threat_ends",
]

DEFENDER_KINDS = {
    "pc": DefenderKind.CHARACTER,
    "foe": DefenderKind.CHARACTER,
    "brute": DefenderKind.BRUTE,
    "nemesis": DefenderKind.NEMESIS,
}
MARK_ONCE_NOTE = "A character bears each mark once: the attacker chooses a mark not already borne."
BURDEN_AGAIN_NOTE = (
    "The burdened condition goes after the attack it burdens; that attack's own result may "
    "burden the character again."
)
REST_NOTE = "The text rests player characters; any character resting here recovers the same."
BRUTE_RESISTANCE_NOTE = (
    "Brutes cannot benefit from boons: none of their resistance counts, nor a shield or "
    "composure against threats."
)


def resolve_total(member: JudgeTwoCharacter) -> int:
    """A player character's resolve, +1 with the captain's proficiency; none for others."""
    if member.kind != "pc":
        return 0
    return member.resolve + (CAPTAIN_RESOLVE if member.captain else 0)


def resistance(member: JudgeTwoCharacter, form: str) -> int:
    """Resistance in ``form``: martial from armour, subtle from prestige, epic as entered."""
    if member.kind == "brute":
        return 0
    return {
        "martial": ARMOUR_RESISTANCE[member.armour],
        "subtle": PRESTIGE_RESISTANCE[member.prestige],
        "epic": member.epic_resistance,
    }[form]


def defender_of(member: JudgeTwoCharacter, form: str) -> Defender:
    return Defender(
        DEFENDER_KINDS[member.kind],
        member.risk,
        resistance(member, form),
        resolve_total(member),
        member.omen_met,
    )


def _pick(options: Sequence[Consequence], choice: int) -> Consequence:
    choice = require_int("option", "Consequences chosen", choice, 1, len(options))
    return options[choice - 1]


def _impose(
    member: JudgeTwoCharacter,
    option: Consequence,
    form: str,
    threats: Sequence[str],
    mark: str,
) -> tuple[JudgeTwoCharacter, list[str]]:
    """Risk, threats, a mark and a finisher, as ``option`` allows."""
    lines: list[str] = []
    risk = min(RISK_MAX, member.risk + option.risk)
    if option.risk:
        lines.append(f"Risk {member.risk} + {option.risk} = {risk}.")
    imposed = list(threats[: option.threats])
    guarded = member.kind != "brute"
    for index, threat in enumerate(imposed):
        if guarded and statuses.keen_guarded(
            threat, form, shield=member.shield, composed=member.composed
        ):
            field = "threat" if index == 0 else "threat2"
            keeper = "a readied shield" if form == "martial" else "composure"
            raise RulesInputError(field, f"{member.name}'s {keeper} keeps the {threat} threat off.")
    if imposed:
        lines.append(f"Threats: {', '.join(imposed)}.")
    marks = member.marks
    composed = member.composed
    if option.marks:
        if any(record.mark == mark for record in marks):
            raise RulesInputError("mark", f"{member.name} already bears the {mark} mark.")
        marks = (*marks, MarkRecord(mark, form))
        lines.append(f"Mark: {mark} ({form}).")
        if form == "subtle":
            composed = False
    finished = form if option.finisher else member.finished
    if option.finisher:
        lines.append(f"A {form} finisher.")
    disguise = member.disguise
    if disguise != "none" and attacks.disguise_revealed(risk):
        disguise, composed = "none", False
        lines.append(attacks.DISGUISE_REVEALED)
    after = replace(
        member,
        risk=risk,
        threats=(*member.threats, *imposed),
        marks=marks,
        finished=finished,
        composed=composed,
        disguise=disguise,
    )
    return after, lines


def attacked(
    member: JudgeTwoCharacter,
    degrees: int,
    form: str,
    choice: int,
    threats: Sequence[str],
    mark: str,
    *,
    veiled: bool = False,
    power_boon: bool = True,
    pierced: bool = False,
    misdirected: bool = False,
) -> Outcome:
    """A successful attack on ``member`` with ``degrees`` of success (before risk)."""
    result = attacks.attack(
        degrees,
        defender_of(member, form),
        veiled=veiled,
        power_boon=power_boon,
        pierced=pierced,
        misdirected=misdirected,
    )
    option = _pick(result.options, choice)
    after, lines = _impose(member, option, form, threats, mark)
    counted = f" + {result.counted_risk} risk" if result.counted_risk else ""
    summary = f"Attacked: {degrees}{counted} degrees, {option.text}"
    notes = [*result.notes, MARK_ONCE_NOTE]
    if member.kind == "brute":
        notes.append(BRUTE_RESISTANCE_NOTE)
    return Outcome(after, summary, tuple(lines), tuple(notes))


@dataclass(frozen=True)
class AttackerChoice:
    """One attacker's choice in a group attack: the consequences (1 = the
    first listed), the threats and the mark it names."""

    option: int
    threats: tuple[str, ...]
    mark: str


def group_attacked(
    member: JudgeTwoCharacter,
    degrees: Sequence[int],
    form: str,
    choices: Sequence[AttackerChoice],
    *,
    veiled: bool = False,
) -> Outcome:
    """A successful group attack on ``member``: each attacker's own degrees
    against the risk before the attack, each its chosen consequences, in the
    attackers' order, risk until three in all (``attacks.GROUP_ORDER_RULE``)."""
    result = attacks.group_attack(degrees, defender_of(member, form), veiled=veiled)
    parts = attacks.group_consequences(
        result, [choice.option for choice in choices], [choice.mark for choice in choices]
    )
    after = member
    lines: list[str] = []
    for part, choice in zip(parts, choices, strict=True):
        try:
            after, said = _impose(after, part.imposed, form, choice.threats, choice.mark)
        except RulesInputError as error:  # name the attacker's own field
            field = f"attacker{part.attacker}_{error.field}"
            raise RulesInputError(field, error.message) from None
        capped = (
            f", {part.imposed.risk} of its {part.chosen.risk} risk counting" if part.capped else ""
        )
        lines.append(f"Attacker {part.attacker}: {part.chosen.text}{capped}.")
        lines.extend(said)
    risk = sum(part.imposed.risk for part in parts)
    each = "; ".join(f"attacker {part.attacker} imposes {part.imposed.text}" for part in parts)
    summary = f"Group attack: {each} ({risk} risk in all)"
    notes = [*result.notes, MARK_ONCE_NOTE]
    if member.kind == "brute":
        notes.append(BRUTE_RESISTANCE_NOTE)
    return Outcome(after, summary, tuple(lines), tuple(notes))


def countered(
    member: JudgeTwoCharacter,
    form: str,
    choice: int,
    threats: Sequence[str],
    mark: str,
    *,
    by_nemesis: bool = False,
    brutes: int = 1,
    player_characters: int = 1,
) -> Outcome:
    """A counter-attack on ``member``, whose attack failed."""
    options = attacks.counter_attack(
        member.risk,
        attacker=DEFENDER_KINDS[member.kind],
        by_nemesis=by_nemesis,
        brutes=brutes,
        player_characters=player_characters,
    )
    option = _pick(options, choice)
    after, lines = _impose(member, option, form, threats, mark)
    return Outcome(after, f"Counter-attacked: {option.text}", tuple(lines), (MARK_ONCE_NOTE,))


def impose(
    member: JudgeTwoCharacter,
    option: Consequence,
    form: str,
    threats: Sequence[str],
    mark: str,
    summary: str,
) -> Outcome:
    """``option`` imposed as worked out elsewhere (on a guard, or on the one guarded)."""
    after, lines = _impose(member, option, form, threats, mark)
    return Outcome(after, summary, tuple(lines), (MARK_ONCE_NOTE,))


def guard(member: JudgeTwoCharacter) -> Outcome:
    """Guarding an ally: "The guarding ally voluntarily increases their own risk by two"."""
    done = attacks.guard(defender_of(member, "martial"), None)
    after = replace(member, risk=done.guard_risk_after)
    return Outcome(
        after,
        f"Guards an ally: risk {done.guard_risk_before} + {attacks.GUARD_RISK} = "
        f"{done.guard_risk_after}",
    )


def attack_made(member: JudgeTwoCharacter, outcome: str) -> Outcome:
    """``member`` attacked; armour or a disguise may leave them burdened."""
    result = RollOutcome(outcome)
    now = attacks.burdened(
        result, armour=member.armour, captain=member.captain, disguise=member.disguise
    )
    lines = []
    if member.burdened:
        lines.append("The burdened condition is removed following the attack.")
    if now:
        lines.append(attacks.BURDENED_EFFECT)
    return Outcome(
        replace(member, burdened=now),
        f"Attacked: {outcome}" + (": burdened" if now else ""),
        tuple(lines),
        (BURDEN_AGAIN_NOTE,),
    )


def threat_ends(member: JudgeTwoCharacter, threat: str) -> Outcome:
    if threat not in member.threats:
        raise RulesInputError("threat", f"{member.name} does not suffer the {threat} threat.")
    threats = list(member.threats)
    threats.remove(threat)
    return Outcome(replace(member, threats=tuple(threats)), f"The {threat} threat ends")


def rest(member: JudgeTwoCharacter, length: str, recover: Sequence[str]) -> Outcome:
    """Risk to zero; a short rest recovers the afflict or stricken mark, a long one two marks."""
    chosen = [mark for mark in recover if mark]
    left = statuses.marks_after_rest(length, [record.mark for record in member.marks], chosen)
    # Each mark is borne once (MARK_ONCE_NOTE), so the records left are those named.
    after = replace(member, risk=0, marks=tuple(r for r in member.marks if r.mark in left))
    recovered = f", recovered from {', '.join(chosen)}" if chosen else ""
    return Outcome(after, f"A {length} rest: risk 0{recovered}", notes=(REST_NOTE,))


def compose(member: JudgeTwoCharacter) -> Outcome:
    """Composure regained with a deed, unless a subtle attack's mark is borne."""
    if any(record.form == "subtle" for record in member.marks):
        raise RulesInputError(
            "composed",
            f"{member.name} bears a mark from a subtle attack: no composure until it goes.",
        )
    return Outcome(replace(member, composed=True), "Composure regained")


def omen(member: JudgeTwoCharacter, met: bool) -> Outcome:
    if member.kind != "nemesis":
        raise RulesInputError("kind", "Only a nemesis has an omen.")
    said = "met: risk can be imposed" if met else "not met: their risk is ignored"
    return Outcome(replace(member, omen_met=met), f"Omen {said}")
