"""``cairn.fatigue`` at the table: an inventory's slots, Fatigue and WIL from
the actor, and the happening replayed on the actor's sheet (the party's
events: :func:`.upkeep.add_fatigue`, :func:`.upkeep.drop_item`,
:func:`.upkeep.eat_leycap`, :func:`.upkeep.recuperate`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import fatigue
from rules_py.cairn.characters.at_rolls import possessive
from rules_py.cairn.characters.upkeep import (
    add_fatigue,
    drop_item,
    eat_leycap,
    recuperate,
    set_deprived,
    slots_used,
)
from rules_py.cairn.rulesets import CAIRN
from rules_py.core.errors import RulesInputError
from rules_py.party.changes import changes_json, diff
from rules_py.party.events import Outcome
from rules_py.widget import Block, JsonValue, line

__all__ = ["fatigue_changes", "fatigue_fill"]


def fatigue_fill(table: AtTable, rules: str) -> dict[str, dict[str, JsonValue]]:
    actor = table.of_game(rules).actor
    if actor is None:
        return {"values": {}, "from": {}}
    whose = possessive(actor)
    values: dict[str, JsonValue] = {
        "slots": actor.slots,
        "items": slots_used(actor) - actor.fatigue,
        "fatigue": actor.fatigue,
        "deprived": actor.deprived,
    }
    origins: dict[str, JsonValue] = {
        "slots": f"{whose} inventory slots",
        "items": f"{whose} items",
        "fatigue": f"{whose} Fatigue",
        "deprived": f"{whose} sheet",
    }
    if rules == CAIRN and actor.willpower >= 1:
        values["willpower"] = actor.willpower
        origins["willpower"] = f"{whose} WIL"
    return {"values": values, "from": origins}


def fatigue_changes(
    table: AtTable,
    rules: str,
    step: fatigue.Step,
    mode: str,
    drop_name: str,
    typed: tuple[object, ...],
) -> tuple[list[Block], list[JsonValue]]:
    """``step`` (already rolled) on the actor's sheet, when the form shows the
    sheet as it stands (``typed``: slots, items, Fatigue, deprivation, WIL)."""
    actor: Any = table.of_game(rules).actor
    if actor is None:
        return [], []
    sheet = (
        actor.slots,
        slots_used(actor) - actor.fatigue,
        actor.fatigue,
        actor.deprived,
        actor.willpower if rules == CAIRN else typed[-1],
    )
    if sheet != typed:
        return [
            line(f"The form is not {possessive(actor)} sheet as it stands: this changes nobody.")
        ], []
    steps: list[Callable[[Any], Outcome]] = []
    if mode in (fatigue.DAY, fatigue.CAST):
        if step.must_drop:
            if not drop_name.strip():
                carried = ", ".join(item.name for item in actor.items)
                return [line(f"Name the item {actor.name} drops: one of {carried}.")], []
            steps.append(lambda m: drop_item(m, drop_name))
        steps.append(lambda m: add_fatigue(m, "deprived" if mode == fatigue.DAY else "spell"))
        if mode == fatigue.DAY and not actor.deprived:
            steps.append(lambda m: set_deprived(m, True))
    elif mode == fatigue.LEYCAP:
        assert step.save is not None
        passed = step.save.passed
        steps.append(lambda m: eat_leycap(m, passed))
    else:
        steps.append(recuperate)
    now = actor
    said: list[str] = []
    for happen in steps:
        try:
            outcome = happen(now)
        except RulesInputError as refused:
            return [line(f"{actor.name}: {refused.message}")], []
        now = outcome.after
        said.append(outcome.summary)
    blocks: list[Block] = [line(f"{actor.name}: {summary}.") for summary in said]
    return blocks, changes_json(diff(actor, now, "; ".join(said)))
