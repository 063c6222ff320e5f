"""Widget ``cairn.fatigue``: Fatigue in the inventory's slots (a day deprived,
a spell cast, a leycap, a night's rest), what happens with no free slot, and
the WIL saves of casting and the leycap (Cairn, Might and Heart).

Every rule is in :mod:`rules_py.cairn.fatigue`; a party member's sheet is
read and changed by :mod:`rules_py.cairn.characters.fatigue_rolls`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import fatigue, saves
from rules_py.cairn.characters.fatigue_rolls import fatigue_changes, fatigue_fill
from rules_py.cairn.rulesets import CAIRN, MIGHT_HEART
from rules_py.core.errors import RulesInputError
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    JsonValue,
    Widget,
    bool_field,
    chance_text,
    choice_field,
    dice,
    die_face,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

ADDS = {"mode": (fatigue.DAY, fatigue.CAST)}
SAVES_WIL = {"mode": (fatigue.LEYCAP, fatigue.CAST)}


@dataclass(frozen=True)
class FatigueValues(FormValues):
    rules: str
    mode: str
    slots: int
    items: int
    fatigue: int
    deprived: bool
    save: bool
    willpower: int
    drop_item: str

    @property
    def rolls_save(self) -> bool:
        return self.mode == fatigue.LEYCAP or (self.mode == fatigue.CAST and self.save)


def _load_text(load: fatigue.Load) -> str:
    return (
        f"{load.used} of {load.slots} slots used ({load.items} by items, {load.fatigue} by "
        f"Fatigue), {load.free} free"
    )


def _save_odds(values: FatigueValues) -> list[Block]:
    if not values.rolls_save:
        return []
    chance = fatigue.save_chance(values.willpower)
    fail = fatigue.LEYCAP_FAIL if values.mode == fatigue.LEYCAP else fatigue.CAST_FAIL
    return [
        facts([("WIL save passes", chance_text(chance, saves.SAVE_DIE))]),
        line(f"On a fail: {fail}"),
    ]


def _step(values: FatigueValues, call: Call[FatigueValues]) -> fatigue.Step:
    load = fatigue.check_load(values.slots, values.items, values.fatigue)
    if values.mode == fatigue.LEYCAP:
        if values.rules != CAIRN:
            raise RulesInputError("mode", "The leycap is a Cairn relic: choose the Cairn rules.")
        return fatigue.eat_leycap(load, call.rng, values.willpower)
    if values.mode == fatigue.CAST:
        return fatigue.cast_spell(
            values.rules, load, call.rng, save_required=values.save, willpower=values.willpower
        )
    if values.mode == fatigue.DAY:
        return fatigue.more_fatigue(load)
    return fatigue.recuperate(values.rules, load, values.deprived)


def _notes(values: FatigueValues) -> list[Block]:
    texts = {
        fatigue.DAY: [fatigue.DAY_READING, fatigue.NO_SLOT_READING],
        fatigue.CAST: [fatigue.NO_SLOT_READING],
        fatigue.LEYCAP: [fatigue.LEYCAP_READING],
        fatigue.RECUPERATE: [],
    }[values.mode]
    return [note(text) for text in texts]


def _story(values: FatigueValues, step: fatigue.Step) -> list[Block]:
    if step.blocked:
        return [outcome(f"No recovery: {step.blocked}", "bad"), line(_load_text(step.before))]
    if step.must_drop:
        return [
            outcome("NO FREE SLOT: DROP AN ITEM FIRST", "bad"),
            line(f"{_load_text(step.before)}: the Fatigue needs a slot an item holds now."),
        ]
    before, after = step.before.fatigue, step.after.fatigue
    return [
        outcome(f"Fatigue {before} \u2192 {after}", "neutral" if after > before else "good"),
        line(f"Now {_load_text(step.after)}."),
    ]


def _save_blocks(values: FatigueValues, step: fatigue.Step) -> list[Block]:
    if step.save is None:
        return []
    result = step.save
    tags = ("success",) if result.passed else ("failure",)
    fail = fatigue.LEYCAP_FAIL if values.mode == fatigue.LEYCAP else fatigue.CAST_FAIL
    return [
        dice("WIL save, d20", [die_face(result.roll, saves.SAVE_DIE, *tags)]),
        outcome(
            "WIL SAVE PASSED" if result.passed else "WIL SAVE FAILED",
            "good" if result.passed else "bad",
        ),
        line(f"Rolled {result.roll} against WIL {values.willpower}. {result.rule.value}"),
        *([] if result.passed else [line(fail)]),
    ]


def handle(call: Call[FatigueValues]) -> dict[str, Any]:
    values = call.values
    if values.rules not in fatigue.FATIGUE_RULES:
        raise RulesInputError("rules", "Rules must be cairn or might-heart.")
    if call.action == "odds":
        load = fatigue.check_load(values.slots, values.items, values.fatigue)
        return {
            "view": [line(f"Before: {_load_text(load)}."), *_save_odds(values), *_notes(values)]
        }
    step = _step(values, call)
    view = [*_save_blocks(values, step), *_story(values, step), *_notes(values)]
    typed = (values.slots, values.items, values.fatigue, values.deprived, values.willpower)
    party, changes = fatigue_changes(
        call.table, values.rules, step, values.mode, values.drop_item, typed
    )
    view += party
    return {"view": view, "changes": changes} if changes else {"view": view}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    return fatigue_fill(table, table.form["rules"])


def _fields() -> tuple[Field, ...]:
    return (
        choice_field("rules", "Rules", [(CAIRN, "Cairn"), (MIGHT_HEART, "Might and Heart")]),
        choice_field("mode", "What happens", fatigue.MODES),
        int_field("slots", "Inventory slots", 10, 1, fatigue.MAX_SLOTS),
        int_field(
            "items",
            "Slots the items take",
            4,
            0,
            fatigue.MAX_SLOTS,
            help="A Spellbook takes one slot; a Scroll none.",
        ),
        int_field(
            "fatigue", "Fatigue", 0, 0, fatigue.MAX_SLOTS, help="Each Fatigue occupies one slot."
        ),
        bool_field(
            "deprived",
            "Deprived (lacking food or rest)",
            shown_when={"mode": (fatigue.RECUPERATE,)},
        ),
        bool_field(
            "save",
            "Deprived or in danger: the Warden requires a WIL save",
            shown_when={"mode": (fatigue.CAST,), "rules": (CAIRN,)},
        ),
        int_field(
            "willpower", "WIL", 10, saves.ABILITY_MIN, saves.ABILITY_MAX, shown_when=SAVES_WIL
        ),
        Field(
            "drop_item",
            "Item dropped when no slot is free",
            "text",
            "",
            max_length=60,
            shown_when=ADDS,
            help="A party member's item, by its name: it leaves the inventory.",
        ),
    )


WIDGETS = (
    Widget(
        name="cairn.fatigue",
        title="Fatigue and inventory slots",
        summary=(
            "Add Fatigue for a day deprived or a spell cast, lose one to a leycap, clear it "
            "with a night's rest; see the slots it takes and what a full inventory means."
        ),
        hand_roll=(
            "Each Fatigue occupies one inventory slot until a full night's rest in a safe spot "
            "(not while deprived). With no free slot, drop an item first. Casting a spell adds "
            "a Fatigue (a WIL save on a d20 if the Warden requires one); a leycap takes one "
            "away, then a WIL save: a fail leaves the PC deprived."
        ),
        fields=_fields(),
        values=FatigueValues,
        actions=(Action("roll", "Go"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
