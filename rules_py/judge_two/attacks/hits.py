"""What a successful attack imposes on its defender, with the limits of veiled,
pierced and misdirected attacks and of attackers without a readied power boon.
"""

from __future__ import annotations

from rules_py.judge_two.attacks.consequences import AttackResult, Consequence, band, check_degrees
from rules_py.judge_two.attacks.defenders import Defender, DefenderKind

__all__ = [
    "ATTACK_DEGREES_RULE",
    "MISDIRECTED_FINISHER_RULE",
    "MISDIRECTED_RULE",
    "VEILED_FINISHER_RULE",
    "attack",
    "half_risk",
]

VEILED_FINISHER_RULE = (
    "A veiled attack of 5 or more degrees: the text is silent on its risk; this "
    "site imposes 3, the most any band of consequences imposes."
)
MISDIRECTED_RULE = (
    "A misdirected attack imposes half the risk: the text does not say how to "
    "round; this site rounds down, as the text does when it halves three "
    "attributes into an essence (2 risk becomes 1, 3 becomes 1)."
)
MISDIRECTED_FINISHER_RULE = (
    "A misdirected attack that could impose a finisher: the text forbids it only "
    "threats and marks, so this site keeps the finisher."
)
ATTACK_DEGREES_RULE = (
    "Attack: a test's degrees of success are the attack's. Defence: a failed "
    "save's degrees of failure become the attack's degrees of success."
)


def attack(
    degrees: int,
    defender: Defender,
    *,
    veiled: bool = False,
    power_boon: bool = True,
    pierced: bool = False,
    misdirected: bool = False,
) -> AttackResult:
    """What a successful attack with ``degrees`` of success imposes.

    ``power_boon``: "Having a power boon readied is required [...] to impose
    marks". ``pierced``: "Pierce prevents a character from imposing threats or
    marks". ``veiled``: "cannot impose threats, marks, or finishers, but they
    do impose appropriate amounts of risk". ``misdirected`` (The Way of All
    the Earth, Threats: Misdirect), an attack on the character who misdirected
    the attacker: "Success removes the misdirected effect but can not impose
    threats or marks and imposes half the risk it normally would."
    """
    degrees = check_degrees(degrees)
    notes: list[str] = []
    if defender.kind is DefenderKind.BRUTE:
        options = _brute_options(degrees)
        notes.append("Brutes cannot have risk imposed on them.")
    else:
        counted = defender.counted_risk
        options = band(degrees + counted)
        if not defender.takes_risk:
            notes.append(
                "The nemesis's omen condition is not met: their risk is ignored and "
                "no risk can be imposed on them."
            )
            options = tuple(_without_risk(option) for option in options)
    if veiled:
        options, veiled_notes = _veiled(degrees + defender.counted_risk, defender)
        notes.extend(veiled_notes)
    else:
        options = _limit(options, power_boon=power_boon, pierced=pierced, notes=notes)
    if misdirected:
        options = _misdirected(options, notes)
    return AttackResult(
        degrees,
        defender.counted_risk,
        options,
        defender.risk if defender.takes_risk else 0,
        tuple(notes),
    )


def _brute_options(degrees: int) -> tuple[Consequence, ...]:
    """The text: "the attacker can either choose to impose a finisher on the brute,
    irrespective of the attack's degree of success, or to impose a threat on
    the brute and a number of other brutes equal to the attack's degree of success"."""
    return (Consequence(finisher=True), Consequence(threats=1, other_brutes=degrees))


def _without_risk(option: Consequence) -> Consequence:
    return Consequence(0, option.threats, option.marks, option.finisher, option.other_brutes)


def _veiled(degrees: int, defender: Defender) -> tuple[tuple[Consequence, ...], list[str]]:
    notes = ["Veiled attack: risk only, no threats, marks or finishers."]
    if not defender.takes_risk:
        notes.append("This defender cannot take risk, so the veiled attack imposes nothing.")
        return (Consequence(),), notes
    if degrees >= 5:
        notes.append(VEILED_FINISHER_RULE)
        return (Consequence(risk=3),), notes
    return (Consequence(risk=band(degrees)[0].risk),), notes


def half_risk(risk: int) -> int:
    """Half the risk, rounded down (``MISDIRECTED_RULE``)."""
    return risk // 2


def _misdirected(options: tuple[Consequence, ...], notes: list[str]) -> tuple[Consequence, ...]:
    notes.append("Misdirected: success removes the misdirection; no threats or marks.")
    kept: list[Consequence] = []
    for option in options:
        halved = Consequence(risk=half_risk(option.risk), finisher=option.finisher)
        if halved not in kept and (halved != Consequence() or option == Consequence()):
            kept.append(halved)
    if any(option.risk for option in options) and MISDIRECTED_RULE not in notes:
        notes.append(MISDIRECTED_RULE)
    if any(option.finisher for option in kept):
        notes.append(MISDIRECTED_FINISHER_RULE)
    return tuple(kept) or (Consequence(),)


def _limit(
    options: tuple[Consequence, ...], *, power_boon: bool, pierced: bool, notes: list[str]
) -> tuple[Consequence, ...]:
    kept = list(options)
    if pierced:
        notes.append("A pierced attacker cannot impose threats or marks.")
        kept = [Consequence(o.risk, 0, 0, o.finisher, 0) for o in kept]
    elif not power_boon:
        notes.append("Without a readied power boon the attacker cannot impose marks.")
        kept = [o for o in kept if not o.marks]
    unique: list[Consequence] = []
    for option in kept:
        if option not in unique:
            unique.append(option)
    return tuple(unique)
