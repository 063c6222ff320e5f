"""The form of ``judge_two.attack``: its situations, fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_py.judge_two import attacks, statuses
from rules_py.judge_two import judging as jt
from rules_py.judge_two.characters.happenings import AttackerChoice
from rules_py.judge_two.widgets.party_links import CONFLICT_FIELD, choice_fields
from rules_py.widget import Field, FormValues, bool_field, choice_field, int_field

__all__ = [
    "ATTACK",
    "COUNTER",
    "DEFENDED",
    "FIELDS",
    "GROUP",
    "GROUP_CHOICE_FIELDS",
    "GUARD",
    "PVP",
    "AttackValues",
]

ATTACK, GROUP, GUARD, COUNTER, PVP = "attack", "group", "guard", "counter", "pvp"
DEFENDED = (ATTACK, GROUP, GUARD, PVP)  # situations with a defender's risk and resistance


@dataclass(frozen=True)
class AttackValues(FormValues):
    situation: str
    degrees: int
    attackers: str
    degrees1: int
    degrees2: int
    degrees3: int
    defender: str
    omen: bool
    risk: int
    guard_risk: int
    guard_defence: str
    target_risk: int
    resistance_from: str
    resistance: int
    resolve: int
    disguised: bool
    veiled: bool
    misdirected: bool
    no_power_boon: bool
    pierced: bool
    attacker_kind: str
    attacker_risk: int
    by_nemesis: bool
    brutes: int
    player_characters: int
    attacker_final_light: int
    attacker_truth: int
    defence_final_light: int
    attack_number: int
    conflict: str
    counter_boon: str
    attack_range: str
    impose: int
    threat: str
    threat2: str
    mark: str
    attacker1_impose: int
    attacker1_threat: str
    attacker1_threat2: str
    attacker1_mark: str
    attacker2_impose: int
    attacker2_threat: str
    attacker2_threat2: str
    attacker2_mark: str
    attacker3_impose: int
    attacker3_threat: str
    attacker3_threat2: str
    attacker3_mark: str

    @property
    def group_degrees(self) -> list[int]:
        """Each attacker's degrees in a group attack, for as many as attack."""
        return [self.degrees1, self.degrees2, self.degrees3][: int(self.attackers)]

    @property
    def group_choices(self) -> list[AttackerChoice]:
        """Each attacker's consequences, threats and mark, for as many as attack."""
        return [
            AttackerChoice(
                getattr(self, f"attacker{n}_impose"),
                (getattr(self, f"attacker{n}_threat"), getattr(self, f"attacker{n}_threat2")),
                getattr(self, f"attacker{n}_mark"),
            )
            for n in range(1, int(self.attackers) + 1)
        ]


def _when(*situations: str, **more: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {"situation": situations, **more}


_THREATS = [(t, t.capitalize()) for t in statuses.THREATS]
_MARKS = [(m, m.capitalize()) for m in statuses.MARKS]


def _attacker_fields(number: int) -> tuple[Field, ...]:
    """One group attacker's own consequences, as a single attack chooses them;
    each attacker's default threats and mark differ (a mark is borne once)."""
    shown = _when(GROUP) if number < 3 else _when(GROUP, attackers=("3",))
    threats = statuses.THREATS
    return (
        int_field(
            f"attacker{number}_impose",
            f"Attacker {number}: consequences to impose (1 = the first listed)",
            1,
            1,
            3,
            shown_when=shown,
            advanced=True,
        ),
        choice_field(
            f"attacker{number}_threat",
            f"Attacker {number}: threat imposed",
            _THREATS,
            threats[(number - 1) % len(threats)],
            shown_when=shown,
            advanced=True,
        ),
        choice_field(
            f"attacker{number}_threat2",
            f"Attacker {number}: second threat",
            _THREATS,
            threats[number % len(threats)],
            shown_when=shown,
            advanced=True,
        ),
        choice_field(
            f"attacker{number}_mark",
            f"Attacker {number}: mark imposed",
            _MARKS,
            statuses.MARKS[number - 1],
            shown_when=shown,
            advanced=True,
        ),
    )


GROUP_CHOICE_FIELDS = tuple(field for number in (1, 2, 3) for field in _attacker_fields(number))

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
        shown_when=_when(ATTACK, GROUP, COUNTER),
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
    replace(CONFLICT_FIELD, shown_when=_when(ATTACK, GROUP, GUARD, COUNTER, PVP)),
    choice_field(
        "counter_boon",
        "Defender's readied power boon",
        [
            ("close", "Close range weapon"),
            ("near", "Near range weapon"),
            ("far", "Far range weapon"),
            ("improvised", "Improvised weapon"),
            ("none", "None (unarmed or unscripted)"),
            ("script", "A script (subtle)"),
        ],
        help="Decides whether the defender may counter-attack at all.",
        shown_when=_when(COUNTER),
    ),
    choice_field(
        "attack_range",
        "Range of the attack",
        [(r, r.capitalize()) for r in attacks.ATTACK_RANGES],
        shown_when=_when(COUNTER, conflict=("martial",)),
    ),
    *choice_fields(_when(ATTACK, GUARD, COUNTER, PVP), advanced=True),
    *GROUP_CHOICE_FIELDS,
)
