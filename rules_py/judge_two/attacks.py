"""Consequences of attacks (The Way of All the Earth, "Attacks and Defenses" to
"Player vs. Player").

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
from rules_py.judge_two.judging import (
    FINAL_LIGHT_MAX,
    FINAL_LIGHT_MIN,
    GUILTY_TRUTHS,
    SIDES,
    Outcome,
)
from rules_py.judge_two.tables import tables

__all__ = [
    "ARMOUR_RESISTANCE",
    "ATTACK_DEGREES_RULE",
    "ATTACK_NUMBER_MAX",
    "BURDENED_EFFECT",
    "CAPTAIN_RESOLVE",
    "COUNTER_NO_RISK",
    "CRITICAL_RISK",
    "DEGREES_MAX",
    "DISGUISES",
    "DISGUISE_REVEALED",
    "GROUP_RISK_MAX",
    "GROUP_SHORTFALL_RULE",
    "GUARD_RISK",
    "HEADCOUNT_MAX",
    "MISDIRECTED_FINISHER_RULE",
    "MISDIRECTED_RULE",
    "PRESTIGE_RESISTANCE",
    "PVP_RESISTANCE_RULE",
    "RESISTANCE_MAX",
    "RESISTANCE_SOURCES",
    "RISK_MAX",
    "VEILED_COUNTER_RULE",
    "VEILED_FINISHER_RULE",
    "AttackResult",
    "Consequence",
    "Defender",
    "DefenderKind",
    "Exchange",
    "GroupAttackResult",
    "GuardResult",
    "PlayerVersusPlayer",
    "ResistanceSource",
    "attack",
    "band",
    "burdened",
    "check_degrees",
    "consequences_text",
    "counter_attack",
    "disguise_revealed",
    "group_attack",
    "group_counter",
    "group_succeeds",
    "guard",
    "half_risk",
    "npc_attack",
    "pc_attack",
    "player_versus_player",
    "resistance_from",
]

RISK_MAX = 12  # "A character can never have more than twelve risk."
CRITICAL_RISK = 7  # "seven or more points of risk then they are said to be in a critical state"
GUARD_RISK = 2  # "The guarding ally voluntarily increases their own risk by two"
GROUP_RISK_MAX = 3  # "a group attack cannot impose more than three total risk"
RESISTANCE_MAX = 12  # no defender needs to ignore more risk than a character can hold
DEGREES_MAX = 12  # a Light of 6 at rank 3 against a challenge level of 0 is +9; PvP adds risk
HEADCOUNT_MAX = 99  # brutes or player characters counted in one conflict
ATTACK_NUMBER_MAX = 999  # attacks counted in one player-versus-player conflict
CAPTAIN_RESOLVE = 1  # "A character with a captain's proficiency gains 1 resolve permanently"

# Prestige: "Characters with the highest prestige have 4 subtle resistance.
# Characters with middle prestige have 2 subtle resistance. Characters with low
# prestige have 0 subtle resistance."
PRESTIGE_RESISTANCE: Mapping[str, int] = {row.prestige: row.resistance for row in tables().prestige}
# Martial vital boons: "Light armor grants 2 marital resistance [...] Heavy armor
# grants 3 martial resistance"
ARMOUR_RESISTANCE: Mapping[str, int] = {
    "none": 0,
    **{row.armour: row.resistance for row in tables().armour},
}
DISGUISES: tuple[str, ...] = ("none", *(row.disguise for row in tables().disguises))


@dataclass(frozen=True)
class ResistanceSource:
    """Where a defender's resistance comes from; ``resistance`` None: a number given."""

    source: str
    label: str
    resistance: int | None


# Vital boons: armour in martial conflicts, prestige in subtle ones.
RESISTANCE_SOURCES: tuple[ResistanceSource, ...] = (
    ResistanceSource("number", "A number", None),
    *(
        ResistanceSource(row.armour, f"{row.label} ({row.resistance})", row.resistance)
        for row in tables().armour
    ),
    *(
        ResistanceSource(
            row.prestige, f"{row.prestige.capitalize()} prestige ({row.resistance})", row.resistance
        )
        for row in tables().prestige
    ),
)


def resistance_from(source: str, number: int = 0) -> int:
    """The resistance a source grants: armour's or prestige's, or ``number`` as given."""
    for row in RESISTANCE_SOURCES:
        if row.source == source:
            if row.resistance is None:
                return require_int("resistance", "Resistance", number, 0, RESISTANCE_MAX)
            return row.resistance
    allowed = ", ".join(row.source for row in RESISTANCE_SOURCES)
    raise RulesInputError("resistance_from", f"Resistance must come from one of: {allowed}.")


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
VEILED_COUNTER_RULE = "Veiled attacks cannot be counterattacked."
COUNTER_NO_RISK = "Counter attacks do not impose risk or finishers on attackers by default."
PVP_RESISTANCE_RULE = (
    "Player versus player: the defender's resistance and resolve reduce their "
    "counted risk, as for every attack."
)
DISGUISE_REVEALED = (
    "At seven or more risk a disguise fails: the disguised character is revealed "
    "for who they really are and stripped of their composure."
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
    """The consequences of an attack with ``degrees`` (risk already added),
    read from the table the page prints; degrees below the first band (which
    no attack has) count as its lowest."""
    rows = tables().attack_bands
    for row in rows:
        if row.range.holds(max(degrees, rows[0].range.low or 0)):
            return tuple(
                Consequence(option.risk, option.threats, option.marks, option.finisher)
                for option in row.options
            )
    raise ValueError(f"no band of consequences holds {degrees}")  # the table is open-ended


def check_degrees(value: object, field: str = "degrees") -> int:
    return require_int(field, "Degrees of success", value, 0, DEGREES_MAX)


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


def group_succeeds(degrees: Sequence[int]) -> bool:
    """Group Tests: "If the total degrees of success earned by both player
    characters is zero or greater, then the test succeeds"."""
    return sum(degrees) >= 0


def group_counter(defender: DefenderKind) -> str:
    """Who a successful defender of a group attack may counter-attack.

    Group Attacks: "A successful defender of a group attack can only
    counterattack a single attacker if they are eligible to counterattack at
    all." Nemeses: "nemeses can counterattack every attacker when a group
    attack fails against them".
    """
    if defender is DefenderKind.NEMESIS:
        return "A nemesis can counter-attack every attacker."
    return "The defender can counter-attack a single attacker, if eligible."


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
        brutes = require_int("brutes", "Brutes in the conflict", brutes, 1, HEADCOUNT_MAX)
        player_characters = require_int(
            "player_characters", "Player characters", player_characters, 1, HEADCOUNT_MAX
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


@dataclass(frozen=True)
class Exchange:
    """An attack decided by one roll: what it imposes, or the counter-attack it opens.

    ``result`` is set when the attack succeeds; otherwise ``counter`` holds
    what the successful defender may impose if eligible (empty when no
    counter-attack is possible), and ``notes`` say why.
    """

    attack_succeeds: bool
    result: AttackResult | None
    counter: tuple[Consequence, ...]
    attacker_risk: int
    notes: tuple[str, ...] = ()


def pc_attack(
    test_degrees: int,
    defender: Defender,
    *,
    attacker_risk: int = 0,
    veiled: bool = False,
    power_boon: bool = True,
    pierced: bool = False,
    misdirected: bool = False,
) -> Exchange:
    """A player character's attack, decided by their test's signed degrees.

    Attacks and Defenses: "Attacks by player characters against non-player
    characters are resolved with a test [...] If the test is a success then the
    attack is a success and the defense is a failure. If the test is a failure
    then the attack is a failure and the defense is a success." Veiled Attacks:
    "Veiled attacks cannot be counterattacked however." A nemesis
    counter-attacking a player character at twelve risk imposes a finisher.
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if test_degrees >= 0:
        result = attack(
            test_degrees,
            defender,
            veiled=veiled,
            power_boon=power_boon,
            pierced=pierced,
            misdirected=misdirected,
        )
        return Exchange(True, result, (), attacker_risk)
    if veiled:
        return Exchange(False, None, (), attacker_risk, (VEILED_COUNTER_RULE,))
    counter = counter_attack(attacker_risk, by_nemesis=defender.kind is DefenderKind.NEMESIS)
    return Exchange(False, None, counter, attacker_risk, (COUNTER_NO_RISK,))


def npc_attack(
    save_degrees: int,
    defender: Defender,
    *,
    attacker: DefenderKind = DefenderKind.CHARACTER,
    attacker_risk: int = 0,
    brutes: int = 1,
    player_characters: int = 1,
) -> Exchange:
    """A non-player character's (or the environment's) attack, decided by the
    defending player character's save, given as its signed degrees.

    Attacks and Defenses: "If the save is a success then the attack is a
    failure and the defense is a success. If the save is a failure then the
    attack is a success and the defense is a failure. The save's degrees of
    failure becomes the attack's degrees of success."
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if save_degrees < 0:
        return Exchange(True, attack(-save_degrees, defender), (), attacker_risk)
    counter = counter_attack(
        attacker_risk, attacker=attacker, brutes=brutes, player_characters=player_characters
    )
    return Exchange(False, None, counter, attacker_risk, (COUNTER_NO_RISK,))


def disguise_revealed(risk: int) -> bool:
    """Disguises: "a disguise will automatically fail to be persuasive if the
    disguised character ever reaches a critical state, defined as seven or
    more risk" (``DISGUISE_REVEALED``)."""
    return require_int("risk", "Risk", risk, 0, RISK_MAX) >= CRITICAL_RISK


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
    guilty failure with the captain's proficiency ("reduces the penalty for
    wearing heavy armor to the light armor penalty"). A disguise differing in
    kind or gender: on a guilty failure; in kind and gender: on any failure.
    The outcomes are read from the armour and disguise tables.
    """
    if armour not in ARMOUR_RESISTANCE:
        allowed = ", ".join(ARMOUR_RESISTANCE)
        raise RulesInputError("armour", f"Armour must be one of: {allowed}.")
    if disguise not in DISGUISES:
        raise RulesInputError("disguise", f"Disguise must be one of: {', '.join(DISGUISES)}.")
    burdens = {
        "failure": not outcome.success,
        "guilty_failure": outcome is Outcome.GUILTY_FAILURE,
    }
    light_penalty = next(row.burdened_on for row in tables().armour if row.armour == "light")
    by_armour = any(
        burdens[light_penalty if captain and row.armour == "heavy" else row.burdened_on]
        for row in tables().armour
        if row.armour == armour
    )
    by_disguise = any(
        burdens[row.burdened_on] for row in tables().disguises if row.disguise == disguise
    )
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
        require_int(
            "attacker_final_light",
            "Attacker's Final Light",
            attacker_final_light,
            FINAL_LIGHT_MIN,
            FINAL_LIGHT_MAX,
        ),
        require_int("attacker_truth", "Attacker's Truth die", attacker_truth, 1, SIDES)
        not in GUILTY_TRUTHS,
        require_int(
            "defence_final_light",
            "Defender's Final Light",
            defence_final_light,
            FINAL_LIGHT_MIN,
            FINAL_LIGHT_MAX,
        ),
        defender,
        require_int("attack_number", "Attack number", attack_number, 1, ATTACK_NUMBER_MAX),
    )
