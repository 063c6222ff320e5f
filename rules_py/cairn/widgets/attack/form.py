"""The form of ``cairn.attack``: its fields and typed values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_py.cairn import attack, harm
from rules_py.cairn.rulesets import CAIRN, CHOICES, GRIT, MIGHT_HEART
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN, EFFORT_HARM_DIE
from rules_py.widget import Field, FormValues, bool_field, choice_field, int_field

__all__ = ["FIELDS", "AttackValues"]

_WEAPON_DICE = tuple((f"d{sides}", f"d{sides}") for sides in attack.WEAPON_DICE)
WEAPONS = (*_WEAPON_DICE, (attack.UNARMED, f"Unarmed (d{attack.UNARMED_DIE})"))
SECOND_WEAPONS = ((attack.NO_SECOND, "None"), *_WEAPON_DICE)
MODIFIERS = (
    ("none", "Normal"),
    ("impaired", f"Impaired (d{attack.IMPAIRED_DIE})"),
    ("enhanced", f"Enhanced (d{attack.ENHANCED_DIE})"),
)
GOES_TO = (
    (harm.HP_TO, "HP, then STR"),
    *((ability, f"{ability} directly") for ability in harm.DIRECT_ABILITIES),
)
BLAST = {"blast": ("true",)}
CAIRN_ONLY = {"rules": (CAIRN,)}
CAIRN_PC = {"rules": (CAIRN,), "target": ("pc",)}
HP_RULES = {"rules": (CAIRN, MIGHT_HEART)}
MIGHT_HEART_ONLY = {"rules": (MIGHT_HEART,)}
GRIT_ONLY = {"rules": (GRIT,)}
_HARM_WORDS = {"physical": "Physical", "mind": "Mind", "stress": "Stress", "effort": "Effort"}


def _harm_kinds(rules: str) -> tuple[tuple[str, str], ...]:
    return tuple(
        (kind, f"{_HARM_WORDS[kind]} (to {ability})") for kind, ability in harm.HARM_KINDS[rules]
    )


def _score(
    name: str, label: str, shown_when: Mapping[str, tuple[str, ...]], default: int = 10
) -> Field:
    return int_field(name, label, default, ABILITY_MIN, ABILITY_MAX, shown_when=shown_when)


@dataclass(frozen=True)
class AttackValues(FormValues):
    rules: str
    weapon: str
    second: str
    others: str
    modifier: str
    blast: bool
    targets: int
    roll_targets: bool
    attacker: str
    target: str
    ability: int
    effort: bool
    armor: int
    hp: int
    grit: int
    max_hp: int
    goes_to: str
    strength: int
    dexterity: int
    willpower: int
    harm: str
    might: int
    heart: int
    grit_harm: str
    prowess: int
    insight: int
    resolve: int


FIELDS: tuple[Field, ...] = (
    choice_field("rules", "Rules", CHOICES, advanced=True),
    choice_field("weapon", "Weapon die", WEAPONS, default="d6"),
    choice_field("second", "Second weapon (dual weapons)", SECOND_WEAPONS),
    Field(
        "others",
        "Other attackers' dice",
        "text",
        "",
        help="For example: d6, d8. Every die is rolled and the single highest counts.",
        max_length=80,
        advanced=True,
    ),
    choice_field("modifier", "Attack", MODIFIERS, advanced=True),
    bool_field("blast", "Blast (rolled separately for each target)", advanced=True),
    int_field(
        "targets",
        "Targets in the blast",
        1,
        1,
        attack.MAX_BLAST_TARGETS,
        shown_when=BLAST,
        advanced=True,
    ),
    bool_field(
        "roll_targets",
        "Not sure how many? Roll the damage die",
        shown_when=BLAST,
        advanced=True,
    ),
    choice_field(
        "attacker",
        "Attacker",
        (("individual", "An individual"), ("detachment", "A detachment")),
    ),
    choice_field(
        "target",
        "Target",
        (("pc", "A PC"), ("npc", "An NPC or monster"), ("detachment", "A detachment")),
    ),
    _score(
        "ability",
        "Attacker's ability (each die must roll equal to or under it)",
        GRIT_ONLY,
        12,
    ),
    bool_field(
        "effort",
        f"Make an effort (take 1d{EFFORT_HARM_DIE} harm, roll one extra die)",
        shown_when=GRIT_ONLY,
    ),
    int_field("armor", "Target's armour", 0, 0, attack.MAX_ARMOR),
    int_field("hp", "Target's HP", 6, 0, harm.MAX_POOL, shown_when=HP_RULES),
    int_field("grit", "Target's Grit", 3, 0, harm.MAX_POOL, shown_when=GRIT_ONLY),
    int_field("max_hp", "Target's max HP", 6, 1, harm.MAX_POOL, shown_when=CAIRN_PC),
    choice_field(
        "goes_to",
        "Damage goes to",
        GOES_TO,
        shown_when=CAIRN_ONLY,
        help='Directly: a creature\'s effect such as "1d4 WIL damage".',
    ),
    _score("strength", "Target's STR", CAIRN_ONLY),
    _score("dexterity", "Target's DEX", CAIRN_ONLY),
    _score("willpower", "Target's WIL", CAIRN_ONLY),
    choice_field("harm", "Kind of harm", _harm_kinds(MIGHT_HEART), shown_when=MIGHT_HEART_ONLY),
    _score("might", "Target's Might", MIGHT_HEART_ONLY),
    _score("heart", "Target's Heart", MIGHT_HEART_ONLY),
    choice_field("grit_harm", "Kind of harm", _harm_kinds(GRIT), shown_when=GRIT_ONLY),
    _score("prowess", "Target's Prowess", GRIT_ONLY),
    _score("insight", "Target's Insight", GRIT_ONLY),
    _score("resolve", "Target's Resolve", GRIT_ONLY),
)
