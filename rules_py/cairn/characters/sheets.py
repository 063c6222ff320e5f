"""The sheets of the three Cairn-style rule sets: every field with its bounds
and default, written once; the caps between fields; what derives.

Bounds come from the engine: HP and Grit up to ``harm.MAX_POOL``, abilities
1 to 20 (``saves.ABILITY_MAX``; 0 is a score the rules give meaning to, so a
score now may be 0 while its maximum may not), Armour up to 3 ("No one can
have more than 3 Armor").
"""

from __future__ import annotations

from rules_py.cairn.attack import MAX_ARMOR
from rules_py.cairn.characters.records import Item, ScarRecord
from rules_py.cairn.harm import MAX_POOL
from rules_py.cairn.saves import ABILITY_MAX, ABILITY_MIN
from rules_py.cairn.scars import ADD, HIGHER, SCAR_TOTALS, SET
from rules_py.party.sheet import ID_FIELD, NAME_FIELD, Cap, Derived, Entry, ListField, Sheet
from rules_py.widget import Field, bool_field, choice_field, int_field

__all__ = [
    "CAIRN_SHEET",
    "GRIT_SHEET",
    "MAX_SCARS",
    "MIGHT_HEART_SHEET",
    "SCAR_SCORES",
    "SLOTS_DEFAULT",
    "SLOTS_MAX",
    "SLOTS_NOTE",
]

# The scars a sheet keeps: the list's bound, and the bound of the event that
# settles one of them by its number.
MAX_SCARS = 24

SLOTS_DEFAULT = 10
SLOTS_MAX = 20
SLOTS_NOTE = (
    "Slots: the texts count Fatigue, Spellbooks and items in slots but never say how many "
    f"a character has; it is entered here ({SLOTS_DEFAULT} unless changed)."
)

# The scores a scar's effect may change, by the engine's names, with the field of each.
SCAR_SCORES = {
    "max HP": "max_hp",
    "STR": "strength",
    "DEX": "dexterity",
    "WIL": "willpower",
    "max DEX": "max_dexterity",
    "max WIL": "max_willpower",
}

_KINDS = (("pc", "Player character"), ("npc", "Non-player character"))
_CAIRN_KINDS = (*_KINDS, ("detachment", "Detachment"))


def _score(name: str, label: str) -> tuple[Field, Field]:
    """A score now and its maximum."""
    return (
        int_field(name, label, 10, 0, ABILITY_MAX),
        int_field(f"max_{name}", f"Max {label}", 10, ABILITY_MIN, ABILITY_MAX),
    )


def _caps(*names: str) -> tuple[Cap, ...]:
    return tuple(Cap(name, f"max_{name}") for name in names)


_HP = (int_field("hp", "HP", 6, 0, MAX_POOL), int_field("max_hp", "Max HP", 6, 1, MAX_POOL))
_ARMOR = int_field("armor", "Armour", 0, 0, MAX_ARMOR, help="No one can have more than 3 Armor.")
_WEAPON = (
    Field("weapon", "Weapon", "text", "", max_length=40),
    Field(
        "weapon_dice",
        "Weapon dice",
        "text",
        "d6",
        max_length=40,
        help='Damage dice, highest kept: "d6", or "d8+d8" for two weapons; empty for none.',
    ),
    bool_field("blast", "Blast"),
)
_INVENTORY: tuple[Entry, ...] = (
    int_field("slots", "Inventory slots", SLOTS_DEFAULT, 1, SLOTS_MAX, help=SLOTS_NOTE),
    int_field("fatigue", "Fatigue", 0, 0, SLOTS_MAX, help="Each Fatigue occupies one slot."),
    ListField(
        "items",
        "Items",
        record=Item,
        fields=(
            Field("name", "Item", "text", "", max_length=60),
            int_field("slots", "Slots it takes", 1, 0, SLOTS_MAX),
        ),
        max_items=SLOTS_MAX,
        help="A Spellbook takes one slot; a Scroll none.",
    ),
)
_DEPRIVED = bool_field("deprived", "Deprived")
_DEAD = bool_field("dead", "Dead")
_TRAITS = ListField(
    "traits", "Traits", item=Field("trait", "Trait", "text", "", max_length=200), max_items=8
)
_SLOTS_DERIVED = (
    Derived("slots_used", "Slots used", "Items' slots plus one for each Fatigue."),
    Derived("slots_free", "Slots free", "Slots less the slots used."),
)
_STATE = Derived(
    "state", "State", "What the scores at 0, critical damage and deprivation mean now."
)

CAIRN_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("kind", "Kind", _CAIRN_KINDS),
        *_HP,
        *_score("strength", "STR"),
        *_score("dexterity", "DEX"),
        *_score("willpower", "WIL"),
        _ARMOR,
        *_WEAPON,
        *_INVENTORY,
        _DEPRIVED,
        bool_field("critical", "Critical damage"),
        _DEAD,
        ListField(
            "scars",
            "Scars",
            record=ScarRecord,
            fields=(
                int_field("total", "Total damage", 1, SCAR_TOTALS.start, SCAR_TOTALS.stop - 1),
                Field("name", "Scar", "text", "", max_length=40),
                Field("waiting", "Its effect waits for", "text", "", max_length=80),
                choice_field(
                    "score", "Score it changes", [("", "None"), *((s, s) for s in SCAR_SCORES)]
                ),
                choice_field(
                    "rule",
                    "How",
                    [("", "None"), (HIGHER, "Take if higher"), (ADD, "Add"), (SET, "Set")],
                ),
                int_field("amount", "Amount", 0, 0, 99),
            ),
            max_items=MAX_SCARS,
            shown_when={"kind": ("pc",)},
        ),
        ListField(
            "spellbook",
            "Spellbooks",
            item=Field("spell", "Spell", "text", "", max_length=40),
            max_items=12,
        ),
        _TRAITS,
    ),
    caps=(Cap("hp", "max_hp"), *_caps("strength", "dexterity", "willpower")),
    derived=(_STATE, *_SLOTS_DERIVED),
)

MIGHT_HEART_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("kind", "Kind", _CAIRN_KINDS),
        *_HP,
        *_score("might", "Might"),
        *_score("heart", "Heart"),
        _ARMOR,
        *_WEAPON,
        *_INVENTORY,
        _DEPRIVED,
        bool_field("critical", "Critical damage (detachment: routed)"),
        bool_field("stabilise", "Stabilisation required"),
        int_field("burdens", "Burdens", 0, 0, SLOTS_MAX),
        int_field("conditions", "Conditions", 0, 0, SLOTS_MAX),
        int_field("advancements", "Advancements", 0, 0, ABILITY_MAX),
        _DEAD,
        _TRAITS,
    ),
    caps=(Cap("hp", "max_hp"), *_caps("might", "heart")),
    derived=(_STATE, *_SLOTS_DERIVED),
)

GRIT_SHEET = Sheet(
    entries=(
        ID_FIELD,
        NAME_FIELD,
        choice_field("kind", "Kind", _KINDS),
        int_field("grit", "Grit", 3, 0, MAX_POOL, help="PCs start with 1d6 Grit."),
        int_field("prowess", "Prowess", 10, 0, ABILITY_MAX),
        int_field("max_prowess", "Permanent Prowess", 10, ABILITY_MIN, ABILITY_MAX),
        int_field("insight", "Insight", 10, 0, ABILITY_MAX),
        int_field("max_insight", "Permanent Insight", 10, ABILITY_MIN, ABILITY_MAX),
        int_field("resolve", "Resolve", 10, 0, ABILITY_MAX),
        int_field("max_resolve", "Permanent Resolve", 10, ABILITY_MIN, ABILITY_MAX),
        _ARMOR,
        *_WEAPON,
        _DEPRIVED,
        bool_field("critical", "Out of combat (critical damage)"),
        int_field("advancements", "Advancements", 0, 0, ABILITY_MAX),
        _DEAD,
        _TRAITS,
    ),
    caps=_caps("prowess", "insight", "resolve"),
    derived=(_STATE,),
)
