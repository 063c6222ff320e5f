"""Consequences of attacks (seed 003, "Attacks and Defenses" to "Player vs. Player").

"An attack with 0-2 degrees of success imposes two points of risk and one
threat of the attacker's choice on the defender. An attack with 3-4 degrees
of success imposes three points of risk and one mark of the attacker's
choice on the defender, or imposes three points of risk and two threats of
the attacker's choice on the defender. An attack with 5 or more degrees of
success imposes a finisher on the defender."

"Whenever an attack against a defender is successful the attack's degree of
success is increased by an amount equal to the defender's risk"; "one point
of the defender's risk is ignored for each rank they have in the
appropriate form of resistance"; "Resolve is added to a player character's
conflict specific forms of resistance".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.judging import Outcome
from rules_py.judge_two.tables import tables

__all__ = [
    "ARMOUR_RESISTANCE",
    "BURDENED_EFFECT",
    "CRITICAL_RISK",
    "DEGREES_MAX",
    "GROUP_RISK_MAX",
    "GROUP_SHORTFALL_RULE",
    "GUARD_RISK",
    "PRESTIGE_RESISTANCE",
    "RESISTANCE_MAX",
    "RISK_MAX",
    "VEILED_FINISHER_RULE",
    "AttackResult",
    "Consequence",
    "Defender",
    "DefenderKind",
    "GroupAttackResult",
    "GuardResult",
    "PlayerVersusPlayer",
    "attack",
    "band",
    "burdened",
    "check_degrees",
    "consequences_text",
    "counter_attack",
    "group_attack",
    "guard",
    "player_versus_player",
]

RISK_MAX = 12  # "A character can never have more than twelve risk."
CRITICAL_RISK = 7  # "seven or more points of risk then they are said to be in a critical state"
GUARD_RISK = 2  # "The guarding ally voluntarily increases their own risk by two"
GROUP_RISK_MAX = 3  # "a group attack cannot impose more than three total risk"
RESISTANCE_MAX = 12  # no defender needs to ignore more risk than a character can hold
DEGREES_MAX = 12  # a Light of 6 at rank 3 against a challenge level of 1 is +8; PvP adds risk

# Prestige: "Characters with the highest prestige have 4 subtle resistance.
# Characters with middle prestige have 2 subtle resistance. Characters with low
# prestige have 0 subtle resistance."
PRESTIGE_RESISTANCE: Mapping[str, int] = {row.prestige: row.resistance for row in tables().prestige}
# Martial vital boons: "Light armor grants 2 marital resistance [...] Heavy armor
# grants 3 martial resistance"
ARMOUR_RESISTANCE: Mapping[str, int] = {"none": 0, "light": 2, "heavy": 3}

VEILED_FINISHER_RULE = (
    "A veiled attack of 5 or more degrees: the text is silent on its risk; this "
    "site imposes 3, the most any band of consequences imposes."
)
GROUP_SHORTFALL_RULE = (
    "A group attack member whose own Final Light fell short: the text is silent; "
    "this site counts their degrees as 0, so they still impose one set of consequences."
)


class DefenderKind(StrEnum):
    """Foes "function exactly like player characters" with respect to risk,
    threats, marks and finishers; brutes and nemeses have their own rules."""

    CHARACTER = "character"  # a player character or a foe
    BRUTE = "brute"
    NEMESIS = "nemesis"


@dataclass(frozen=True)
class Consequence:
    """One set of consequences the attacker may choose to impose."""

    risk: int = 0
    threats: int = 0
    marks: int = 0
    finisher: bool = False
    other_brutes: int = 0  # brutes beyond the defender who take the same threat

    @property
    def text(self) -> str:
        if self.finisher:
            return "a finisher"
        parts: list[str] = []
        if self.risk:
            parts.append(f"{self.risk} risk")
        if self.threats:
            whom = (
                f" on the brute and up to {self.other_brutes} other brute"
                f"{'s' if self.other_brutes != 1 else ''} of equal or lower power level"
                if self.other_brutes
                else ""
            )
            parts.append(f"{_count(self.threats, 'threat')}{whom}")
        if self.marks:
            parts.append(_count(self.marks, "mark"))
        return " and ".join(parts) if parts else "nothing"


def _count(number: int, noun: str) -> str:
    words = {1: "one", 2: "two"}
    return f"{words.get(number, str(number))} {noun}{'s' if number != 1 else ''}"


def consequences_text(options: Sequence[Consequence]) -> str:
    """Options joined for reading: 2 risk and one threat, or 3 risk and one mark."""
    return ", or ".join(option.text for option in options)


@dataclass(frozen=True)
class Defender:
    kind: DefenderKind = DefenderKind.CHARACTER
    risk: int = 0
    resistance: int = 0  # of the conflict's form: martial, subtle or epic
    resolve: int = 0
    omen_met: bool = False  # nemeses only: "cannot have risk imposed on them until
    #                         their omen condition is met"

    def __post_init__(self) -> None:
        require_int("risk", "Defender's risk", self.risk, 0, RISK_MAX)
        require_int("resistance", "Resistance", self.resistance, 0, RESISTANCE_MAX)
        require_int("resolve", "Resolve", self.resolve, 0, RESISTANCE_MAX)

    @property
    def takes_risk(self) -> bool:
        """False for brutes ("Brutes cannot have risk imposed on them") and for
        nemeses whose omen condition is not met."""
        if self.kind is DefenderKind.BRUTE:
            return False
        return not (self.kind is DefenderKind.NEMESIS and not self.omen_met)

    @property
    def counted_risk(self) -> int:
        """Risk added to an attack's degrees: risk less resistance and resolve.

        A nemesis whose omen is not met "ignores all of their current risk".
        """
        if not self.takes_risk:
            return 0
        return max(0, self.risk - self.resistance - self.resolve)


@dataclass(frozen=True)
class AttackResult:
    """A successful attack: its degrees as counted, and what it may impose."""

    base_degrees: int
    counted_risk: int
    options: tuple[Consequence, ...]
    risk_before: int
    notes: tuple[str, ...] = ()

    @property
    def degrees(self) -> int:
        return self.base_degrees + self.counted_risk

    @property
    def risk_imposed(self) -> int:
        """Risk of the first option (every option of a band imposes the same risk)."""
        return self.options[0].risk if self.options else 0

    @property
    def risk_after(self) -> int:
        """Capped at 12: "Any additional risk that is imposed on a character
        beyond twelve is ignored."
        """
        return min(RISK_MAX, self.risk_before + self.risk_imposed)

    @property
    def critical(self) -> bool:
        return self.risk_after >= CRITICAL_RISK


def band(degrees: int) -> tuple[Consequence, ...]:
    """The consequences of an attack with ``degrees`` (risk already added)."""
    if degrees <= 2:
        return (Consequence(risk=2, threats=1),)
    if degrees <= 4:
        return (Consequence(risk=3, marks=1), Consequence(risk=3, threats=2))
    return (Consequence(finisher=True),)


def check_degrees(value: object, field: str = "degrees") -> int:
    return require_int(field, "Degrees of success", value, 0, DEGREES_MAX)


def attack(
    degrees: int,
    defender: Defender,
    *,
    veiled: bool = False,
    power_boon: bool = True,
    pierced: bool = False,
) -> AttackResult:
    """What a successful attack with ``degrees`` of success imposes.

    ``power_boon``: "Having a power boon readied is required [...] to impose
    marks". ``pierced``: "Pierce prevents a character from imposing threats or
    marks". ``veiled``: "cannot impose threats, marks, or finishers, but they
    do impose appropriate amounts of risk".
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


# ---------------------------------------------------------------- group attacks


@dataclass(frozen=True)
class GroupAttackResult:
    each: tuple[AttackResult, ...]
    notes: tuple[str, ...]

    @property
    def risk_imposed(self) -> int:
        """Capped: "a group attack cannot impose more than three total risk"."""
        return min(GROUP_RISK_MAX, sum(result.risk_imposed for result in self.each))

    @property
    def risk_after(self) -> int:
        before = self.each[0].risk_before
        return min(RISK_MAX, before + self.risk_imposed)


def group_attack(
    degrees: Sequence[int], defender: Defender, *, veiled: bool = False
) -> GroupAttackResult:
    """A successful group attack: one set of consequences per attacker.

    Each attacker's own degrees count against the defender's risk before the
    attack ("Risk imposed by individual attackers in a group attack does not
    impact the degree of success of other individual attackers").
    """
    if not 2 <= len(degrees) <= 3:
        raise RulesInputError(
            "attackers", f"A group attack has 2 or 3 attackers (got {len(degrees)})."
        )
    notes: list[str] = []
    counted: list[int] = []
    for number, value in enumerate(degrees, start=1):
        whole = require_int(
            f"degrees{number}", f"Degrees of attacker {number}", value, -DEGREES_MAX, DEGREES_MAX
        )
        if whole < 0 and GROUP_SHORTFALL_RULE not in notes:
            notes.append(GROUP_SHORTFALL_RULE)
        counted.append(max(0, whole))
    results = tuple(attack(d, defender, veiled=veiled) for d in counted)
    notes.append(
        "A group attack imposes at most 3 risk in all; the attackers decide who "
        "imposes which consequences, in what order."
    )
    return GroupAttackResult(results, tuple(notes))


# ---------------------------------------------------------------- counter-attacks


def counter_attack(
    attacker_risk: int,
    *,
    attacker: DefenderKind = DefenderKind.CHARACTER,
    by_nemesis: bool = False,
    brutes: int = 0,
    player_characters: int = 1,
) -> tuple[Consequence, ...]:
    """What a successful defender may impose on the attacker, if eligible.

    "impose a threat of their choice on the attacker, if the attacker has six or
    less total risk, or either two threats of their choice or one mark of their
    choice on the attacker, if the attacker has seven or more total risk.
    Counter attacks do not impose risk or finishers on attackers by default."
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if attacker is DefenderKind.BRUTE:
        brutes = require_int("brutes", "Brutes in the conflict", brutes, 1, 99)
        player_characters = require_int(
            "player_characters", "Player characters", player_characters, 1, 99
        )
        if brutes >= player_characters:
            return (Consequence(threats=1),)
        return (Consequence(threats=1), Consequence(finisher=True))
    if by_nemesis and attacker_risk == RISK_MAX:
        # "if a nemesis counterattacks a player character at twelve risk the
        # nemesis imposes a finisher on the player character"
        return (Consequence(finisher=True),)
    if attacker_risk < CRITICAL_RISK:
        return (Consequence(threats=1),)
    return (Consequence(threats=2), Consequence(marks=1))


# ---------------------------------------------------------------- guarding


@dataclass(frozen=True)
class GuardResult:
    guard_risk_before: int
    guard_risk_after: int  # after the voluntary +2
    defended: bool
    on_guard: tuple[Consequence, ...]  # a threat on the guard, if the defence fails
    on_target: AttackResult | None  # the attack's effects, counted against the guard


def guard(guard_defender: Defender, degrees: int | None, target_risk: int = 0) -> GuardResult:
    """An ally guards: +2 risk to the guard, who then defends.

    ``degrees`` is None when the guard's defence succeeds. Otherwise "the
    attacker may impose a threat on the guarding ally and then impose the normal
    effects of an attack on their original target, whatever is appropriate for
    the attack's degree of success against the guarding ally".
    """
    if guard_defender.kind is not DefenderKind.CHARACTER:
        raise RulesInputError("kind", "Only a player character or a foe can guard here.")
    if guard_defender.risk >= RISK_MAX:
        raise RulesInputError(
            "risk",
            "A guard at 12 risk cannot voluntarily increase their own risk, so cannot guard.",
        )
    target_risk = require_int("target_risk", "Target's risk", target_risk, 0, RISK_MAX)
    raised = min(RISK_MAX, guard_defender.risk + GUARD_RISK)
    if degrees is None:
        return GuardResult(guard_defender.risk, raised, True, (), None)
    as_guarded = Defender(
        DefenderKind.CHARACTER, raised, guard_defender.resistance, guard_defender.resolve
    )
    against_guard = attack(degrees, as_guarded)
    on_target = AttackResult(
        against_guard.base_degrees,
        against_guard.counted_risk,
        against_guard.options,
        target_risk,
        against_guard.notes,
    )
    return GuardResult(guard_defender.risk, raised, False, (Consequence(threats=1),), on_target)


# ---------------------------------------------------------------- burdened


BURDENED_EFFECT = (
    "Burdened: the next attack is resolved as a long test (a player character) "
    "or as a quick save (a non-player character attacking a player character)."
)


def burdened(
    outcome: Outcome, *, armour: str = "none", captain: bool = False, disguise: str = "none"
) -> bool:
    """Whether an attack's outcome leaves its attacker burdened.

    Light armour: on a guilty failure; heavy armour: on any failure, or on a
    guilty failure with the captain's proficiency. A disguise differing in kind
    or gender: on a guilty failure; in kind and gender: on any failure.
    """
    if armour not in ARMOUR_RESISTANCE:
        raise RulesInputError("armour", "Armour must be one of: none, light, heavy.")
    if disguise not in ("none", "kind_or_gender", "kind_and_gender"):
        raise RulesInputError(
            "disguise", "Disguise must be one of: none, kind_or_gender, kind_and_gender."
        )
    failed = not outcome.success
    guilty_failure = outcome is Outcome.GUILTY_FAILURE
    heavy_rule = guilty_failure if captain else failed
    by_armour = {"none": False, "light": guilty_failure, "heavy": heavy_rule}[armour]
    by_disguise = {"none": False, "kind_or_gender": guilty_failure, "kind_and_gender": failed}[
        disguise
    ]
    return by_armour or by_disguise


# ---------------------------------------------------------------- player vs player


@dataclass(frozen=True)
class PlayerVersusPlayer:
    attacker_final_light: int
    attacker_innocent: bool
    defence_final_light: int
    defender: Defender
    attack_number: int

    @property
    def defended(self) -> bool:
        """The defence is a quick save "with a challenge level equal to the
        attacking player character's final Light"."""
        return self.defence_final_light >= self.attacker_final_light

    @property
    def result(self) -> AttackResult | None:
        """The text: "the attack is a success with a number of degrees of success equal to
        the defense's degrees of failure plus the defender's risk"."""
        if self.defended:
            return None
        return attack(self.attacker_final_light - self.defence_final_light, self.defender)

    @property
    def next_side(self) -> str:
        """The text: "If it was guilty, then the defender's side takes the next turn. If it
        was innocent, the attacker's side takes the next turn."
        """
        return "attacker" if self.attacker_innocent else "defender"

    @property
    def intervention(self) -> bool:
        """The text: "The gamemaster intervenes after every second attack"."""
        return self.attack_number % 2 == 0


def player_versus_player(
    attacker_final_light: int,
    attacker_truth: int,
    defence_final_light: int,
    defender: Defender,
    attack_number: int = 1,
) -> PlayerVersusPlayer:
    return PlayerVersusPlayer(
        require_int("attacker_final_light", "Attacker's Final Light", attacker_final_light, 1, 9),
        require_int("attacker_truth", "Attacker's Truth die", attacker_truth, 1, 6) > 3,
        require_int("defence_final_light", "Defender's Final Light", defence_final_light, 1, 9),
        defender,
        require_int("attack_number", "Attack number", attack_number, 1, 999),
    )
