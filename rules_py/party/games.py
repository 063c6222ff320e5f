"""Each game's characters, by key, and the module that defines them.

An explicit list, as the widget registry is: the browser restores Python from
a memory snapshot, which holds no files to scan. A game's module is imported
the first time one of its characters is read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_py.core.errors import RulesInputError, describe
from rules_py.party.events import Event
from rules_py.party.sheet import Sheet
from rules_py.widget import JsonValue

__all__ = ["GAME_MODULES", "GameRules", "game", "keys"]


@dataclass(frozen=True)
class GameRules:
    """What one game's characters hold, and what happens to them.

    ``record`` is the frozen dataclass of a member, whose fields are the
    sheet's, in order; ``check`` refuses what the caps cannot say (a Minor
    Actor's threshold above 5, items that overfill the slots), naming the
    field; ``derive`` works out the ``sheet.derived`` values; ``notes`` are
    the choices made where the text is silent, one line each.
    """

    key: str
    title: str
    sheet: Sheet
    record: type
    check: Callable[[Any], None]
    derive: Callable[[Any], dict[str, JsonValue]]
    events: tuple[Event, ...]
    notes: tuple[str, ...] = ()

    def event(self, name: object) -> Event:
        for candidate in self.events:
            if candidate.name == name:
                return candidate
        known = ", ".join(e.name for e in self.events)
        raise RulesInputError("event", f"Event must be one of: {known} (got {describe(name)}).")

    def describe(self) -> dict[str, JsonValue]:
        info = self.sheet.describe()
        info.update(
            {
                "key": self.key,
                "title": self.title,
                "events": [e.describe() for e in self.events],
                "notes": list(self.notes),
            }
        )
        return info


# game key -> (module, name of its GameRules in that module)
GAME_MODULES: dict[str, tuple[str, str]] = {
    "cairn": ("rules_py.cairn.characters", "CAIRN_RULES"),
    "might-heart": ("rules_py.cairn.characters", "MIGHT_HEART_RULES"),
    "grit": ("rules_py.cairn.characters", "GRIT_RULES"),
    "dice_pool": ("rules_py.dice_pool.characters", "DICE_POOL_RULES"),
    "judge_two": ("rules_py.judge_two.characters", "JUDGE_TWO_RULES"),
    "huldufolk": ("rules_py.huldufolk.characters", "HULDUFOLK_RULES"),
}


def keys() -> tuple[str, ...]:
    return tuple(GAME_MODULES)


@cache
def _load(key: str) -> GameRules:
    module_name, attribute = GAME_MODULES[key]
    found = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(found, GameRules) or found.key != key:
        raise LookupError(f"{module_name}.{attribute} is not the rules of {key!r}")
    return found


def game(key: object, field: str = "game") -> GameRules:
    """The rules of the game ``key``; a RulesInputError lists the games otherwise."""
    if not isinstance(key, str) or key not in GAME_MODULES:
        raise RulesInputError(
            field, f"Game must be one of: {', '.join(GAME_MODULES)} (got {describe(key)})."
        )
    return _load(key)
