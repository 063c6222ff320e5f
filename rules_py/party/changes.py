"""A change to a member, as data: who, which field, from what, to what, and why.

Every result that changes someone says so with changes ("HP 5 → 1: the Wood
Troll's claws, 4 after armour"). :func:`apply` applies them to a member and
returns the new one; :func:`undo` takes them back. Both are pure and check
as they go: a change applies only to the member it names and only while the
field still holds its ``from`` value, so a change made for an earlier state
(another tab, an Undo already taken) is refused rather than lost in silence;
and the member that comes out is checked like any other input.

JSON form: ``{"who": id, "field": "hp", "from": 5, "to": 1, "why": "..."}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_py.core.errors import RulesInputError, describe
from rules_py.party.events import Outcome
from rules_py.party.members import member_from_values, rules_of, values_of
from rules_py.party.sheet import check_id
from rules_py.widget import JsonValue

__all__ = [
    "CHANGES_MAX",
    "WHY_MAX",
    "Change",
    "apply",
    "apply_to_party",
    "changes_json",
    "diff",
    "outcome_changes",
    "read_changes",
    "same_json",
    "undo",
]

WHY_MAX = 300
CHANGES_MAX = 60  # more fields than any sheet has, twice over


@dataclass(frozen=True)
class Change:
    who: str
    field: str
    before: JsonValue
    after: JsonValue
    why: str

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "who": self.who,
            "field": self.field,
            "from": self.before,
            "to": self.after,
            "why": self.why,
        }


def changes_json(changes: Iterable[Change]) -> list[JsonValue]:
    return [change.to_json() for change in changes]


def same_json(first: object, second: object) -> bool:
    """Equal as JSON values: ``true`` is not ``1`` and ``[1]`` is not ``[true]``."""
    if isinstance(first, bool) or isinstance(second, bool):
        return type(first) is type(second) and first == second
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(
            same_json(first[key], second[key]) for key in first
        )
    if isinstance(first, list | tuple) and isinstance(second, list | tuple):
        return len(first) == len(second) and all(
            same_json(a, b) for a, b in zip(first, second, strict=True)
        )
    return type(first) is type(second) and first == second


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def read_changes(raw: object, field: str = "changes") -> tuple[Change, ...]:
    """Changes from JSON (from the browser, a stored log or a link), checked for
    shape; whether they fit a member is checked when they are applied."""
    if not isinstance(raw, list) or not raw:
        raise RulesInputError(field, "Changes must be a list of one or more changes.")
    if len(raw) > CHANGES_MAX:
        raise RulesInputError(field, f"At most {CHANGES_MAX} changes at once (got {len(raw)}).")
    changes = []
    for index, item in enumerate(raw):
        where = f"{field}.{index}"
        keys = {"who", "field", "from", "to", "why"}
        if not isinstance(item, Mapping) or set(item) != keys:
            raise RulesInputError(
                where, f"Change {index + 1} must be an object of who, field, from, to and why."
            )
        who = check_id(item["who"], f"{where}.who")
        name = item["field"]
        why = item["why"]
        if not isinstance(name, str) or not name:
            raise RulesInputError(f"{where}.field", f"Change {index + 1} names no field.")
        if not isinstance(why, str) or len(why) > WHY_MAX:
            raise RulesInputError(
                f"{where}.why",
                f"Change {index + 1}: why must be text of at most {WHY_MAX} characters.",
            )
        changes.append(Change(who, name, item["from"], item["to"], why))
    return tuple(changes)


def _replay(member: Any, changes: Sequence[Change], forward: bool) -> Any:
    rules = rules_of(member)
    values = rules.sheet.to_json(values_of(member))
    steps = changes if forward else tuple(reversed(changes))
    for change in steps:
        if change.who != member.id:
            raise RulesInputError(
                "who",
                f"This change is for {describe(change.who)}, not {member.name} ({member.id}).",
            )
        if change.field == "id" or change.field not in values:
            raise RulesInputError(
                "field",
                f"{rules.title} characters have no field {describe(change.field)} to change.",
            )
        expected, new = (change.before, change.after) if forward else (change.after, change.before)
        current = values[change.field]
        if not same_json(current, expected):
            label = rules.sheet.entry(change.field).label
            raise RulesInputError(
                change.field,
                f"{label} of {member.name} is {_shown(current)}, not {_shown(expected)}: "
                "this change was made for another state of the character.",
            )
        values[change.field] = new
    return member_from_values(rules, values)


def apply(member: Any, changes: Sequence[Change]) -> Any:
    """``member`` with ``changes`` applied in order; checked like typed input."""
    return _replay(member, changes, forward=True)


def undo(member: Any, changes: Sequence[Change]) -> Any:
    """``member`` with ``changes`` taken back, last first."""
    return _replay(member, changes, forward=False)


def apply_to_party(members: Sequence[Any], changes: Sequence[Change]) -> tuple[Any, ...]:
    """Each member with the changes that name it; a change naming nobody is refused."""
    ids = {member.id for member in members}
    for change in changes:
        if change.who not in ids:
            raise RulesInputError("who", f"Nobody in the party is {describe(change.who)}.")
    return tuple(
        apply(member, mine) if (mine := [c for c in changes if c.who == member.id]) else member
        for member in members
    )


def diff(
    before: Any, after: Any, summary: str, reasons: Mapping[str, str] | None = None
) -> tuple[Change, ...]:
    """The changes that turn ``before`` into ``after``, one per field that differs."""
    if before.id != after.id or type(before) is not type(after):
        raise ValueError("a diff compares two states of one member")
    rules = rules_of(before)
    old = rules.sheet.to_json(values_of(before))
    new = rules.sheet.to_json(values_of(after))
    reasons = reasons or {}
    return tuple(
        Change(before.id, name, old[name], new[name], reasons.get(name, summary))
        for name in rules.sheet.names
        if not same_json(old[name], new[name])
    )


def outcome_changes(before: Any, outcome: Outcome) -> tuple[Change, ...]:
    """The changes an event's outcome makes to ``before``."""
    return diff(before, outcome.after, outcome.summary, outcome.reasons)
