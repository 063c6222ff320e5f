"""Fatigue in the inventory: the slots it takes, what happens with no free slot,
casting a spell and the leycap (Cairn and Might and Heart).

Cairn, "Deprivation & Fatigue": "Anyone deprived for more than a day adds
Fatigue to their inventory, one for each day. Each Fatigue occupies one slot
and lasts until they are able to recuperate (such as a full night's rest in a
safe spot)." Might and Heart adds: "A Deprived PC cannot recover HP,
Attributes, or item slots from Fatigue", and "If a character is forced to add
Fatigue to their inventory but they have no free slots, they must drop an
item from their inventory."

Cairn, "Casting Spells": "They must then add a Fatigue to inventory, occupying
one slot. [...] If the PC is deprived or in danger, the Warden may require a PC
to make a WIL save to avoid any ill-effects from casting the spell." Cairn,
"Relics": "Leycap, 1 use. Anyone ingesting this green-flecked mushroom loses a
Fatigue, but is then required to make a WIL save to avoid its addictive
properties. A fail leaves the PC deprived and unable to focus until they can
eat another leycap."

Readings where the texts are silent, each shown in the roller in one line:
``NO_SLOT_READING`` (Cairn says nothing of a full inventory: Might and Heart's
rule is used), ``DAY_READING`` (one Fatigue per day, added day by day) and
``LEYCAP_READING`` (the save is made even with no Fatigue to lose).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.cairn import saves
from rules_py.cairn.rulesets import CAIRN, MIGHT_HEART
from rules_py.core.errors import RulesInputError, require_int
from rules_py.core.rng import Rng

__all__ = [
    "CAST",
    "CAST_FAIL",
    "DAY",
    "DAY_READING",
    "FATIGUE_RULES",
    "LEYCAP",
    "LEYCAP_FAIL",
    "LEYCAP_READING",
    "MAX_SLOTS",
    "MODES",
    "NO_SLOT_READING",
    "RECUPERATE",
    "Load",
    "Step",
    "cast_spell",
    "check_load",
    "eat_leycap",
    "more_fatigue",
    "recuperate",
    "save_chance",
]

MAX_SLOTS = 20
FATIGUE_RULES = (CAIRN, MIGHT_HEART)
DAY, CAST, LEYCAP, RECUPERATE = "day", "cast", "leycap", "recuperate"
MODES = (
    (DAY, "Another day deprived"),
    (CAST, "Cast a spell"),
    (LEYCAP, "Eat a leycap (Cairn)"),
    (RECUPERATE, "Recuperate (a full night's rest in a safe spot)"),
)
NO_SLOT_READING = (
    "No free slot: they must drop an item (Might and Heart's rule; Cairn is silent and the "
    "same is done here)."
)
DAY_READING = "Deprivation adds one Fatigue for each day after the first, one day at a time."
LEYCAP_READING = "A leycap with no Fatigue to lose still calls for the WIL save."
CAST_FAIL = (
    "Ill-effects on par with the intended effect: added Fatigue, the Spellbook destroyed, "
    "injury, even death (the Warden decides)."
)
LEYCAP_FAIL = (
    "Deprived and unable to focus until they can eat another leycap (a brief reprieve only)."
)


@dataclass(frozen=True)
class Load:
    """An inventory's slots: how many, the slots its items take, its Fatigue."""

    slots: int
    items: int
    fatigue: int

    @property
    def used(self) -> int:
        return self.items + self.fatigue

    @property
    def free(self) -> int:
        return self.slots - self.used


@dataclass(frozen=True)
class Step:
    """What one happening does to the load: the load after, whether an item
    must be dropped first, and the WIL save it called for (None: none)."""

    before: Load
    after: Load
    must_drop: bool
    save: saves.SaveResult | None = None
    blocked: str = ""


def check_load(slots: int, items: int, fatigue: int) -> Load:
    slots = require_int("slots", "Inventory slots", slots, 1, MAX_SLOTS)
    items = require_int("items", "Slots the items take", items, 0, MAX_SLOTS)
    fatigue = require_int("fatigue", "Fatigue", fatigue, 0, MAX_SLOTS)
    if items + fatigue > slots:
        raise RulesInputError(
            "items", f"Items ({items}) and Fatigue ({fatigue}) fill more than {slots} slots."
        )
    return Load(slots, items, fatigue)


def _rules(rules: str) -> str:
    if rules not in FATIGUE_RULES:
        raise RulesInputError(
            "rules", "Fatigue and inventory slots are Cairn's and Might and Heart's rules."
        )
    return rules


def more_fatigue(load: Load) -> Step:
    """One Fatigue into a free slot; with none free, an item must go first (and
    the Fatigue then takes one of its slots)."""
    if load.free > 0:
        return Step(load, Load(load.slots, load.items, load.fatigue + 1), False)
    if load.items == 0:
        raise RulesInputError(
            "fatigue", f"Every slot holds Fatigue already ({load.fatigue} of {load.slots})."
        )
    return Step(load, load, True)


def cast_spell(
    rules: str, load: Load, rng: Rng, *, save_required: bool = False, willpower: int = 10
) -> Step:
    """A spell cast: one Fatigue; in Cairn, the WIL save the Warden may require."""
    rules = _rules(rules)
    step = more_fatigue(load)
    if save_required:
        if rules != CAIRN:
            raise RulesInputError("save", "The WIL save on casting is a Cairn rule.")
        save = saves.roll_save(willpower, rng, CAIRN)
        return Step(step.before, step.after, step.must_drop, save)
    return step


def eat_leycap(load: Load, rng: Rng, willpower: int) -> Step:
    """Cairn's leycap: a Fatigue lost, then the WIL save against addiction."""
    after = Load(load.slots, load.items, max(load.fatigue - 1, 0))
    return Step(load, after, False, saves.roll_save(willpower, rng, CAIRN))


def recuperate(rules: str, load: Load, deprived: bool) -> Step:
    """A full night's rest in a safe spot: the Fatigue goes, unless deprived."""
    _rules(rules)
    if deprived:
        return Step(load, load, False, blocked="Deprived: Fatigue cannot be recovered.")
    return Step(load, Load(load.slots, load.items, 0), False)


def save_chance(willpower: int) -> Fraction:
    """The exact chance of a WIL save in Cairn (1 always passes, 20 always fails)."""
    return saves.pass_chance(willpower, CAIRN)
