"""The form of ``huldufolk.melee``: who acts, the attack or power, its
targets, and (under "More options") the hero and the foes of a new fight."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.huldufolk.actors import NAME_MAX, PATRON_THRESHOLD, PLAYER_THRESHOLD
from rules_py.huldufolk.characters.sheet import BELIEF_TO_SPEND_MAX
from rules_py.huldufolk.harm import PROPER_FUNCTION_SPEND, power
from rules_py.huldufolk.influence import METRES_MAX
from rules_py.huldufolk.melee import AID_POWERS, ATTACK_POWERS, FOES_MAX, fighter_keys
from rules_py.huldufolk.melee.saved import POOL_MAX
from rules_py.huldufolk.tables import belief_ranks
from rules_py.widget import (
    Field,
    FieldGroup,
    FormValues,
    advanced,
    bool_field,
    choice_field,
    int_field,
)

__all__ = ["DEATH_POWERS", "FIELDS", "NOBODY", "MeleeValues", "fighter_label"]

NOBODY = "none"
ATTACK = {"mode": ("attack",)}
DEATH_POWERS = ("death", "death_spend", "death_burn")
AID = {"mode": ("power",)}


def fighter_label(key: str) -> str:
    return "The hero" if key == "hero" else f"Foe {key.removeprefix('foe')}"


_WHO = [(key, fighter_label(key)) for key in fighter_keys()]
_OR_NOBODY = [(NOBODY, "Nobody"), *_WHO]


@dataclass(frozen=True)
class Setup(FieldGroup):
    """One kind of fighter at Reset: the hero, or each of the foes."""

    name: str
    rank: str
    nature: str
    mundane: int
    supernatural: int
    attack: int
    defence: int
    belief: int
    belief_to_spend: int


@dataclass(frozen=True)
class MeleeValues(FormValues):
    mode: str
    attacker: str
    power: str
    aid: str
    attack_kind: str
    melee_attack: bool
    target: str
    target_2: str
    target_3: str
    exclude: str
    defend_with: str
    keep_card: bool
    metres: int
    card: int
    proper_function: bool
    keep_vengeance: bool
    keep_guard: bool
    heal_1: int
    heal_2: int
    heal_3: int
    foes: int
    hero: Setup
    foe: Setup


def _setup(key: str, label: str, name: str, rank: str, attack: int, defence: int) -> list[Field]:
    fields = [
        Field(f"{key}_name", f"{label}: name", "text", name, max_length=NAME_MAX),
        choice_field(
            f"{key}_rank",
            f"{label}: actor",
            [("major", "Major Actor (full deck)"), ("minor", "Minor Actor (half deck)")],
            rank,
        ),
        choice_field(
            f"{key}_nature",
            f"{label}: nature",
            [("supernatural", "Supernatural"), ("mundane", "Mundane")],
        ),
        int_field(
            f"{key}_mundane",
            f"{label}: base mundane threshold",
            PLAYER_THRESHOLD,
            0,
            PATRON_THRESHOLD,
        ),
        int_field(
            f"{key}_supernatural",
            f"{label}: base supernatural threshold",
            PLAYER_THRESHOLD,
            0,
            PATRON_THRESHOLD,
            help="A mundane Minor Actor has none: 0.",
        ),
        int_field(
            f"{key}_attack",
            f"{label}: attack pool before the card",
            attack,
            0,
            POOL_MAX,
            help="Quality, Focus, equipment, assistance, supernatural bonuses.",
        ),
        int_field(
            f"{key}_defence",
            f"{label}: defence before threshold and card",
            defence,
            0,
            POOL_MAX,
            help="Quality, equipment, supernatural bonuses; the threshold is added.",
        ),
        int_field(
            f"{key}_belief",
            f"{label}: Belief rank",
            0 if key == "foe" else 1,
            0,
            len(belief_ranks()),
            help="0 for none: no powers.",
        ),
        int_field(
            f"{key}_belief_to_spend",
            f"{label}: Belief to spend",
            0 if key == "foe" else 3,
            0,
            BELIEF_TO_SPEND_MAX,
        ),
    ]
    return [advanced(f) for f in fields]


def _attack_with(*keys: str) -> dict[str, tuple[str, ...]]:
    return {**ATTACK, "power": keys}


def _power_with(*keys: str) -> dict[str, tuple[str, ...]]:
    return {**AID, "aid": keys}


# Who acts, what and on whom; then the hand of whoever chooses now (the
# preview's step, drawn before "card"); the hero's and foes' setup under
# "More options". A field shows only where the move uses it.
FIELDS: tuple[Field, ...] = (
    choice_field("mode", "Move", [("attack", "Attack"), ("power", "Use a power")]),
    choice_field("attacker", "Who acts", _WHO),
    choice_field(
        "power",
        "Attack",
        [(key, power(key).label) for key in ATTACK_POWERS],
        shown_when=ATTACK,
    ),
    choice_field("aid", "Power", [(key, power(key).label) for key in AID_POWERS], shown_when=AID),
    choice_field(
        "attack_kind",
        "Against the threshold",
        [("mundane", "Mundane"), ("supernatural", "Supernatural")],
        shown_when=_attack_with("attack", "death_spend", "death_burn"),
    ),
    bool_field(
        "melee_attack",
        "A melee attack (Swift Vengeance punishes it)",
        True,
        shown_when=_attack_with("attack"),
    ),
    choice_field("target", "Target", _WHO, "foe1"),
    choice_field(
        "target_2",
        "Second target",
        _OR_NOBODY,
        NOBODY,
        help="Entropy's Spend, Field Medic's Spend.",
    ),
    choice_field("target_3", "Third target", _OR_NOBODY, NOBODY),
    choice_field(
        "exclude",
        "Kept out of I am become Death",
        _OR_NOBODY,
        NOBODY,
        shown_when=_attack_with("death", "death_spend", "death_burn"),
        help="Every other foe of the attacker is attacked.",
    ),
    choice_field(
        "defend_with",
        "The defender resists with",
        [("mundane", "Mundane threshold"), ("supernatural", "Supernatural threshold")],
        shown_when=_attack_with("death"),
        help="The defender's choice against I am become Death.",
    ),
    bool_field(
        "keep_card",
        "Defender: Not in My House, Spend (Demesne 5): the card is not expended",
        shown_when=_attack_with("entropy", "entropy_spend", "death", "death_spend", "death_burn"),
    ),
    int_field(
        "metres",
        "Target's distance from the hero (metres)",
        0,
        0,
        METRES_MAX,
        shown_when=_attack_with(*DEATH_POWERS),
        help="Place target marks it; the attacker's Belief rank gives the Influence radii.",
    ),
    # The hand (the preview's step) is drawn here.
    int_field(
        "card",
        "Card to play (whoever chooses now)",
        1,
        1,
        10,
        shown_when=ATTACK,
        help="1 is the Ace. Or choose a card from the hand shown above.",
    ),
    bool_field(
        "proper_function",
        "The healer has Proper Function (Alleviation 4)",
        shown_when=_power_with("field_medic", "field_medic_spend"),
    ),
    bool_field(
        "keep_vengeance",
        "Keep Swift Vengeance on the user",
        shown_when=_power_with("christi_spend", "christi_burn"),
        help="In Persona Christi's Spend: the effects you keep; the others end.",
    ),
    bool_field(
        "keep_guard",
        "Keep the Bodyguard on the user",
        shown_when=_power_with("christi_spend", "christi_burn"),
    ),
    int_field(
        "heal_1",
        "Field Medic's Spend: points to the target",
        1,
        0,
        PROPER_FUNCTION_SPEND,
        shown_when=_power_with("field_medic_spend"),
    ),
    int_field(
        "heal_2",
        "... to the second target",
        0,
        0,
        PROPER_FUNCTION_SPEND,
        shown_when=_power_with("field_medic_spend"),
    ),
    int_field(
        "heal_3",
        "... to the third target",
        0,
        0,
        PROPER_FUNCTION_SPEND,
        shown_when=_power_with("field_medic_spend"),
    ),
    advanced(
        int_field(
            "foes",
            "Foes in a new fight",
            3,
            1,
            FOES_MAX,
            help="Each with its own deck and thresholds. On Reset.",
        )
    ),
    *_setup("hero", "Hero", "Hero", "major", 0, 0),
    *_setup("foe", "Each foe", "Foe", "minor", 0, 0),
)
