"""The form of ``judge_two.judge``: its modes, fields and typed values."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules_py.judge_two import attacks, group
from rules_py.judge_two import judging as jt
from rules_py.judge_two.tables import tables
from rules_py.judge_two.widgets.party_links import CONFLICT_FIELD, choice_fields
from rules_py.widget import Field, FormValues, bool_field, choice_field, int_field

__all__ = ["FIELDS", "GROUP", "SAVE", "TEST", "JudgeValues"]

TEST, SAVE, GROUP = "test", "save", "group"
SINGLE = {"mode": (TEST, SAVE)}
ATTACK_TEST = {"attack": ("true",), "mode": (TEST, GROUP)}
ATTACK_ANY = {"attack": ("true",)}
PRIORITY_CHOICES = [
    (jt.Priority.SUCCESS.value, "Success first"),
    (jt.Priority.INNOCENCE.value, "Innocence first"),
    (jt.Priority.DEGREES.value, "Most degrees first"),
]
NPC_KINDS = [("character", "Foe"), ("brute", "Brute"), ("nemesis", "Nemesis")]
DISGUISE_CHOICES = [("none", "None"), *((row.disguise, row.label) for row in tables().disguises)]
# The engine's table keys its rows "armour"; the field is spelled as the
# rules text spells it ("Light armor"), like every other widget's.
ARMOR_CHOICES = [("none", "None"), *((row.armour, row.label) for row in tables().armour)]


@dataclass(frozen=True)
class JudgeValues(FormValues):
    mode: str
    attribute: str
    essence: str
    rank: int
    not_proficient: bool
    players: str
    rank1: int
    rank2: int
    rank3: int
    cl: int
    cover: bool
    npc_environment: bool
    bold: bool
    faint: bool
    quick: bool
    long: bool
    priority: str
    attack: bool
    defender: str
    attacker: str
    brutes: int
    player_characters: int
    risk: int
    resistance: int
    resolve: int
    disguised: bool
    omen: bool
    veiled: bool
    misdirected: bool
    attacker_risk: int
    armor: str
    captain: bool
    disguise: str
    conflict: str
    impose: int
    threat: str
    threat2: str
    mark: str
    counter: bool

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks of the players in a group test, for as many as take part."""
        return (self.rank1, self.rank2, self.rank3)[: int(self.players)]


ATTACK_SAVE = {"attack": ("true",), "mode": (SAVE,)}
ATTACK_SINGLE = {"attack": ("true",), "mode": (TEST, SAVE)}
RESISTANCE_HELP = "; ".join(
    f"{row.label.split(' (')[0].lower()} {row.resistance}"
    for row in attacks.RESISTANCE_SOURCES
    if row.resistance is not None
)

FIELDS: tuple[Field, ...] = (
    choice_field(
        "mode",
        "Roll",
        [(TEST, "Test (attribute)"), (SAVE, "Save (essence)"), (GROUP, "Group test")],
    ),
    choice_field(
        "attribute",
        "Attribute",
        [(name, name) for name in jt.ATTRIBUTES],
        "Arm",
        shown_when={"mode": (TEST,)},
    ),
    choice_field(
        "essence",
        "Essence",
        [(name, name) for name in jt.ESSENCES],
        "Strength",
        help=jt.ESSENCE_CAP_RULE,
        shown_when={"mode": (SAVE,)},
    ),
    int_field("rank", "Rank", 1, jt.RANK_MIN, jt.RANK_MAX, shown_when=SINGLE),
    bool_field(
        "not_proficient",
        "Not proficient",
        help="Without the weapon's proficiency (or, in a social test or subtle attack, "
        "the language's) the rank is not added to the Light die.",
        shown_when={"mode": (TEST,)},
    ),
    choice_field(
        "players",
        "Players",
        [(str(n), {2: "Two", 3: "Three"}[n]) for n in range(group.GROUP_MIN, group.GROUP_MAX + 1)],
        shown_when={"mode": (GROUP,)},
    ),
    *(
        int_field(
            f"rank{n}",
            f"Player {n}'s rank",
            1,
            jt.RANK_MIN,
            jt.RANK_MAX,
            shown_when={"mode": (GROUP,)}
            if n <= group.GROUP_MIN
            else {"mode": (GROUP,), "players": (str(n),)},
        )
        for n in range(1, group.GROUP_MAX + 1)
    ),
    int_field(
        "cl",
        "Challenge level",
        6,
        jt.ANY_CL_MIN,
        jt.ANY_CL_MAX,
        help="Set by the gamemaster (4 to 8), an opposing character's power level, or, "
        "player against player, the attacker's Final Light (1 to 9).",
    ),
    bool_field(
        "cover",
        "Cover or high ground",
        help="The environment strongly benefits the action: challenge level -1.",
        shown_when=SINGLE,
    ),
    bool_field(
        "npc_environment",
        "Opponent uses the environment",
        help="A non-player character manipulates the environment in their favour: "
        "challenge level +1.",
        shown_when=SINGLE,
    ),
    bool_field(
        "bold", "Bold", help="Roll three dice, judge two, ignore the third.", shown_when=SINGLE
    ),
    bool_field(
        "faint",
        "Faint",
        help="Roll three dice, discard the highest, judge the rest.",
        shown_when=SINGLE,
    ),
    bool_field(
        "quick",
        "Quick",
        help="No gamemaster intervention, whatever the Truth die.",
        shown_when=SINGLE,
        advanced=True,
    ),
    bool_field(
        "long",
        "Long",
        help="The gamemaster intervenes first. A long save is faint.",
        shown_when=SINGLE,
        advanced=True,
    ),
    choice_field(
        "priority",
        "Recommend",
        PRIORITY_CHOICES,
        jt.Priority.SUCCESS.value,
        help="Success first: then innocence, then the most degrees. Innocence first: then "
        "success, then degrees. Most degrees first: then innocence.",
        advanced=True,
    ),
    bool_field(
        "attack",
        "Attack or defence",
        help="Show what the result imposes: a test attacks, a save defends.",
    ),
    choice_field("defender", "Defender", NPC_KINDS, shown_when=ATTACK_TEST),
    choice_field("attacker", "Attacker", NPC_KINDS, shown_when=ATTACK_SAVE),
    int_field(
        "brutes",
        "Brutes in the conflict",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        help="Decides a counter-attack on a brute.",
        shown_when={**ATTACK_SAVE, "attacker": ("brute",)},
    ),
    int_field(
        "player_characters",
        "Player characters",
        4,
        1,
        attacks.HEADCOUNT_MAX,
        shown_when={**ATTACK_SAVE, "attacker": ("brute",)},
    ),
    int_field("risk", "Defender's risk", 0, 0, attacks.RISK_MAX, shown_when=ATTACK_ANY),
    int_field(
        "resistance",
        "Defender's resistance",
        0,
        0,
        attacks.RESISTANCE_MAX,
        help=f"Armour and prestige: {RESISTANCE_HELP}.",
        shown_when=ATTACK_ANY,
    ),
    int_field(
        "resolve",
        "Defender's resolve",
        0,
        0,
        attacks.RESISTANCE_MAX,
        help=f"The captain's proficiency gives {attacks.CAPTAIN_RESOLVE}.",
        shown_when=ATTACK_ANY,
    ),
    bool_field(
        "disguised",
        "Defender is disguised",
        help=f"At {attacks.CRITICAL_RISK} or more risk the disguise fails.",
        shown_when=ATTACK_ANY,
    ),
    bool_field(
        "omen",
        "Omen condition met",
        help="Until it is, the nemesis takes no risk.",
        shown_when={"attack": ("true",), "mode": (TEST, GROUP), "defender": ("nemesis",)},
    ),
    bool_field(
        "veiled",
        "Veiled attack",
        help="Risk only: no threats, marks or finishers.",
        shown_when=ATTACK_TEST,
    ),
    bool_field(
        "misdirected",
        "Attacking the one who misdirected you",
        help="Half the risk (rounded down), no threats or marks; success ends the misdirection.",
        shown_when={"attack": ("true",), "mode": (TEST,)},
    ),
    int_field(
        "attacker_risk",
        "Attacker's risk",
        0,
        0,
        attacks.RISK_MAX,
        help=f"Decides a counter-attack: {attacks.CRITICAL_RISK} or more allows two threats "
        "or a mark.",
        shown_when={"attack": ("true",), "mode": SINGLE["mode"]},
    ),
    choice_field(
        "armor",
        "Your armour",
        ARMOR_CHOICES,
        shown_when={"attack": ("true",), "mode": (TEST,)},
        former_names=("armour",),  # links made before the rename
    ),
    bool_field(
        "captain",
        "Captain's proficiency",
        help="Heavy armour then burdens only on a guilty failure.",
        shown_when={"attack": ("true",), "mode": (TEST,), "armor": ("heavy",)},
    ),
    choice_field(
        "disguise",
        "Your disguise",
        DISGUISE_CHOICES,
        help="A disguise burdens as armour does.",
        shown_when={"attack": ("true",), "mode": (TEST,)},
    ),
    replace(CONFLICT_FIELD, shown_when=ATTACK_SINGLE, advanced=True),
    *choice_fields(ATTACK_SINGLE, advanced=True),
    bool_field(
        "counter",
        "The successful defender counter-attacks",
        help="Only if eligible (the attack roller checks weapon range).",
        shown_when=ATTACK_SINGLE,
        advanced=True,
    ),
)
