"""A member of the party as JSON and back: the game it belongs to, its sheet
read field by field, and what derives from it.

JSON form: ``{"version": 1, "game": "cairn", "id": ..., "name": ..., <the
sheet's fields>}``. Every field is present (nothing stored is quietly
replaced by a default) and checked like typed input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from rules_py.core.errors import RulesInputError
from rules_py.party import versions
from rules_py.party.games import GameRules, game
from rules_py.widget import JsonValue

__all__ = [
    "HEADER_KEYS",
    "derived_json",
    "member_from_values",
    "member_json",
    "new_member",
    "read_member",
    "rules_of",
    "values_of",
    "with_fields",
]

HEADER_KEYS = ("version", "game")

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    Record = TypeVar("Record", bound=DataclassInstance)
else:
    Record = TypeVar("Record")


def with_fields(member: Record, **changed: Any) -> Record:
    """``member`` with some fields changed, named as strings (a rule that
    reaches "the ability the harm took" picks the field at run time)."""
    return replace(member, **changed)


def rules_of(member: Any) -> GameRules:
    """The rules of the game ``member`` belongs to (its record class names it)."""
    return game(type(member).game)


def values_of(member: Any) -> dict[str, Any]:
    """The member's fields, in the sheet's order, as Python values."""
    return {name: getattr(member, name) for name in rules_of(member).sheet.names}


def member_from_values(rules: GameRules, raw: Mapping[str, object]) -> Any:
    """A member of ``rules``' game from its fields (no header), every value checked."""
    member = rules.record(**rules.sheet.read(raw))
    rules.check(member)
    return member


def new_member(rules: GameRules, member_id: str, name: str) -> Any:
    """A new member of ``rules``' game: the sheet's defaults, its identifier and name."""
    return member_from_values(rules, rules.sheet.defaults(member_id, name))


def read_member(raw: object) -> Any:
    """A member from its JSON form (typed, stored, imported or linked), migrated
    to the current format and checked field by field."""
    if not isinstance(raw, Mapping):
        raise RulesInputError("member", "A character must be a JSON object of its fields.")
    document = versions.migrate(raw, "character", "version")
    rules = game(document.get("game"))
    return member_from_values(
        rules, {key: value for key, value in document.items() if key not in HEADER_KEYS}
    )


def member_json(member: Any) -> dict[str, JsonValue]:
    rules = rules_of(member)
    return {
        "version": versions.CURRENT_VERSION,
        "game": rules.key,
        **rules.sheet.to_json(values_of(member)),
    }


def derived_json(member: Any) -> list[JsonValue]:
    """What derives from the member, in the order the sheet describes it."""
    rules = rules_of(member)
    values = rules.derive(member)
    return [
        {"name": d.name, "label": d.label, "value": values[d.name]} for d in rules.sheet.derived
    ]
