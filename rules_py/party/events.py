"""What happens to a character, as the rules say: an event takes a member and
the numbers of what happened (a hit of 4, a card played, a night's rest) and
returns the member the rules make of it.

An event's inputs are :class:`rules_py.widget.Field`s, checked and described
like a widget's; an event that rolls dice (a save against critical damage, a
scar, a break check) is ``random`` and gets an :class:`~rules_py.core.rng.Rng`
from a seed, so the same seed gives the same result on every machine. What it
returns is turned into changes (:mod:`rules_py.party.changes`): the event
decides, the change records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_py.core.rng import Rng
from rules_py.widget import Field, JsonValue

__all__ = ["Event", "EventHandler", "Outcome"]


@dataclass(frozen=True)
class Outcome:
    """The member after an event, and what to tell the table about it.

    ``summary`` is the reason every change carries, unless ``reasons`` gives
    a field one of its own ("STR 12 - 3 = 9: damage past HP").
    """

    after: Any
    summary: str
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    reasons: Mapping[str, str] = field(default_factory=dict)


EventHandler = Callable[[Any, Mapping[str, Any], Rng], Outcome]


@dataclass(frozen=True)
class Event:
    name: str
    label: str
    fields: tuple[Field, ...]
    handler: EventHandler
    random: bool = False
    help: str = ""

    def describe(self) -> dict[str, JsonValue]:
        info: dict[str, JsonValue] = {
            "name": self.name,
            "label": self.label,
            "fields": [f.describe() for f in self.fields],
            "random": self.random,
        }
        if self.help:
            info["help"] = self.help
        return info
