"""The sheet of The Way of All the Earth: every field with its bounds and
default, written once. Ranks run 0 to 3, power levels 4 to 8 as challenge
levels do, risk to 12 ("A character can never have more than twelve risk")."""

from __future__ import annotations

from rules_py.judge_two.attacks import ARMOUR_RESISTANCE, DISGUISES, RESISTANCE_MAX, RISK_MAX
from rules_py.judge_two.characters.records import MarkRecord
from rules_py.judge_two.judging import ATTRIBUTES, CL_MAX, CL_MIN, RANK_MAX, RANK_MIN
from rules_py.judge_two.statuses import FORMS, MARKS, THREATS
from rules_py.judge_two.tables import tables
from rules_py.party.sheet import ID_FIELD, NAME_FIELD, Derived, ListField, Sheet
from rules_py.widget import Field, bool_field, choice_field, int_field

__all__ = ["ATTRIBUTE_FIELDS", "JUDGE_TWO_SHEET", "KINDS"]

KINDS = (
    ("pc", "Player character"),
    ("foe", "Foe"),
    ("brute", "Brute"),
    ("nemesis", "Nemesis"),
)
ATTRIBUTE_FIELDS = {name: name.lower() for name in ATTRIBUTES}
_PC = {"kind": ("pc",)}
_NPC = {"kind": ("foe", "brute", "nemesis")}
_FORM_CHOICES = [(form, form.capitalize()) for form in FORMS]
_DISGUISE_LABELS = {"none": "None", **{row.disguise: row.label for row in tables().disguises}}


def _rank(field: str, label: str) -> Field:
    return int_field(field, label, 1, RANK_MIN, RANK_MAX, shown_when=_PC)


JUDGE_TWO_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("kind", "Kind", KINDS),
        int_field("power_level", "Power level", CL_MIN, CL_MIN, CL_MAX, shown_when=_NPC),
        *(_rank(field, name) for name, field in ATTRIBUTE_FIELDS.items()),
        int_field(
            "faith",
            "Faith",
            0,
            RANK_MIN,
            RANK_MAX,
            shown_when=_PC,
            help="Not derived from attributes: the text sets it in its chapter 2.",
        ),
        int_field("risk", "Risk", 0, 0, RISK_MAX),
        ListField(
            "threats",
            "Threats",
            item=choice_field("threat", "Threat", [(t, t.capitalize()) for t in THREATS]),
            max_items=12,
        ),
        ListField(
            "marks",
            "Marks",
            record=MarkRecord,
            fields=(
                choice_field("mark", "Mark", [(m, m.capitalize()) for m in MARKS]),
                choice_field("form", "Imposed by a", _FORM_CHOICES),
            ),
            max_items=len(MARKS),
        ),
        choice_field("finished", "Finisher imposed by", [("", "None"), *_FORM_CHOICES]),
        bool_field("burdened", "Burdened"),
        bool_field("composed", "Composed", True),
        bool_field("shield", "Shield readied"),
        choice_field(
            "armour",
            "Armour",
            [(key, key.capitalize()) for key in ARMOUR_RESISTANCE],
        ),
        choice_field(
            "prestige",
            "Prestige",
            [(row.prestige, row.prestige.capitalize()) for row in tables().prestige],
            default="low",
        ),
        int_field("epic_resistance", "Epic resistance", 0, 0, RESISTANCE_MAX),
        int_field("resolve", "Resolve", 0, 0, RESISTANCE_MAX, shown_when=_PC),
        bool_field("captain", "Captain's proficiency", shown_when=_PC),
        choice_field("disguise", "Disguise", [(d, _DISGUISE_LABELS[d]) for d in DISGUISES]),
        bool_field("omen_met", "Omen condition met", shown_when={"kind": ("nemesis",)}),
    ),
    derived=(
        Derived("essences", "Essences", "Heart, Mind, Strength: half of three attributes."),
        Derived("critical", "Critical state", "Seven or more risk."),
        Derived("resistance", "Resistance", "Martial from armour, subtle from prestige, epic."),
        Derived("resolve_total", "Resolve", "A player character's resolve, +1 for a captain."),
        Derived("counted_risk", "Risk an attack adds", "Risk less resistance and resolve."),
        Derived("fate", "Fate", "A martial finisher, or three marks with one martial, kill."),
    ),
)
