"""What a character sheet holds, described once: its fields, their bounds and
defaults, the bounds one field sets on another, and what derives from them.

A sheet is read the way a widget's request is: every value is checked by the
same :class:`rules_py.widget.Field` a form is drawn from, so a value typed in
the party panel, read back from storage, imported from a file or opened from
a link is refused with the same message, naming the same field. Lists (the
cards in hand, the items carried, the marks borne) are :class:`ListField`s of
plain values or of small records, each item checked by its own fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_py.core.errors import RulesInputError, describe
from rules_py.widget import Field, JsonValue

__all__ = [
    "ID_FIELD",
    "ID_MAX",
    "NAME_FIELD",
    "NAME_MAX",
    "Cap",
    "Derived",
    "Entry",
    "ListField",
    "Sheet",
    "check_id",
]

ID_MAX = 40
NAME_MAX = 40
_ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")

# Every sheet starts with these two: who the member is to the store and to the table.
ID_FIELD = Field(
    "id",
    "Identifier",
    "text",
    "",
    max_length=ID_MAX,
    help="Letters, digits, - and _; the party keeps one member per identifier.",
)
NAME_FIELD = Field("name", "Name", "text", "", max_length=NAME_MAX)


def check_id(value: object, field_name: str = "id") -> str:
    """A member's identifier: 1 to 40 letters, digits, ``-`` or ``_``."""
    allowed = f"Identifier must be 1 to {ID_MAX} letters, digits, - or _"
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= ID_MAX
        or not set(value) <= _ID_CHARACTERS
    ):
        raise RulesInputError(field_name, f"{allowed} (got {describe(value)}).")
    return value


def _at(place: str, index: int, error: RulesInputError) -> RulesInputError:
    """An item's error, renamed to its place in the list (``cards.2``, ``items.2.slots``)."""
    return RulesInputError(place, f"Item {index + 1}: {error.message}")


@dataclass(frozen=True)
class ListField:
    """A list on the sheet: of plain values (``item``), or of records, each
    with its ``fields`` and built as ``record(**values)``.

    ``distinct``: no value twice (plain values only).
    """

    name: str
    label: str
    item: Field | None = None
    record: Callable[..., Any] | None = None
    fields: tuple[Field, ...] = ()
    max_items: int = 20
    distinct: bool = False
    help: str = ""
    shown_when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    initial: tuple[Any, ...] = ()  # what a new member holds (a full deck)

    def __post_init__(self) -> None:
        if (self.item is None) == (self.record is None):
            raise ValueError(f"{self.name}: a list holds plain values or records, not both")

    @property
    def default(self) -> tuple[Any, ...]:
        return self.initial

    def validate(self, value: object) -> tuple[Any, ...]:
        """The list as a tuple of checked items; refuses anything else."""
        if not isinstance(value, list | tuple):
            raise RulesInputError(
                self.name, f"{self.label} must be a list (got {describe(value)})."
            )
        if len(value) > self.max_items:
            raise RulesInputError(
                self.name,
                f"{self.label} holds at most {self.max_items} entries (got {len(value)}).",
            )
        items = tuple(self._item(index, raw) for index, raw in enumerate(value))
        if self.distinct:
            for index, item in enumerate(items):
                if item in items[:index]:
                    raise RulesInputError(
                        f"{self.name}.{index}",
                        f"{self.label} lists {describe(item)} twice.",
                    )
        return items

    def _item(self, index: int, raw: object) -> Any:
        if self.item is not None:
            try:
                return self.item.validate(raw)
            except RulesInputError as error:
                raise _at(f"{self.name}.{index}", index, error) from None
        assert self.record is not None
        if not isinstance(raw, Mapping):
            raise RulesInputError(
                f"{self.name}.{index}",
                f"{self.label}: item {index + 1} must be an object of "
                f"{', '.join(f.name for f in self.fields)} (got {describe(raw)}).",
            )
        names = {f.name for f in self.fields}
        for key in raw:
            if key not in names:
                raise RulesInputError(
                    f"{self.name}.{index}.{key}",
                    f"{self.label}: item {index + 1} has no field {describe(key)}. "
                    f"Fields: {', '.join(sorted(names))}.",
                )
        values: dict[str, Any] = {}
        for item_field in self.fields:
            try:
                values[item_field.name] = item_field.validate(
                    raw.get(item_field.name, item_field.default)
                )
            except RulesInputError as error:
                raise _at(f"{self.name}.{index}.{item_field.name}", index, error) from None
        return self.record(**values)

    def to_json(self, value: tuple[Any, ...]) -> list[JsonValue]:
        if self.item is not None:
            return list(value)
        return [{f.name: getattr(item, f.name) for f in self.fields} for item in value]

    def describe(self) -> dict[str, JsonValue]:
        info: dict[str, JsonValue] = {
            "name": self.name,
            "label": self.label,
            "kind": "list",
            "default": self.to_json(self.initial),
            "max_items": self.max_items,
        }
        if self.item is not None:
            info["item"] = self.item.describe()
        else:
            info["record"] = [f.describe() for f in self.fields]
        if self.distinct:
            info["distinct"] = True
        if self.help:
            info["help"] = self.help
        if self.shown_when:
            info["shown_when"] = {name: list(values) for name, values in self.shown_when.items()}
        return info


Entry = Field | ListField


@dataclass(frozen=True)
class Cap:
    """One field bounded by another: HP by max HP, a threshold by its base."""

    field: str
    at_most: str


@dataclass(frozen=True)
class Derived:
    """A value worked out from the sheet, never stored: ``rule`` says how."""

    name: str
    label: str
    rule: str

    def describe(self) -> dict[str, JsonValue]:
        return {"name": self.name, "label": self.label, "rule": self.rule}


@dataclass(frozen=True)
class Sheet:
    """Every field of one game's characters, the caps between them, and what derives."""

    entries: tuple[Entry, ...]
    caps: tuple[Cap, ...] = ()
    derived: tuple[Derived, ...] = ()

    def __post_init__(self) -> None:
        names = [entry.name for entry in self.entries]
        if names[:2] != ["id", "name"] or len(set(names)) != len(names):
            raise ValueError("a sheet starts with id and name and names each field once")
        for cap in self.caps:
            self.entry(cap.field)
            self.entry(cap.at_most)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.entries)

    def entry(self, name: str) -> Entry:
        for candidate in self.entries:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    def read(self, raw: Mapping[str, object]) -> dict[str, Any]:
        """Every field checked, none left out (a stored member is whole: a field
        that went missing is not quietly replaced by a default); unknown fields
        are refused, naming them."""
        names = self.names
        for key in raw:
            if key not in names:
                raise RulesInputError(
                    str(key), f"Unknown field {describe(key)}. Fields: {', '.join(names)}."
                )
        values: dict[str, Any] = {}
        for entry in self.entries:
            if entry.name not in raw:
                raise RulesInputError(entry.name, f"{entry.label} is missing.")
            values[entry.name] = entry.validate(raw[entry.name])
        check_id(values["id"])
        if not values["name"].strip():
            raise RulesInputError("name", "Name must not be blank.")
        for cap in self.caps:
            value, top = values[cap.field], values[cap.at_most]
            if value > top:
                label = self.entry(cap.field).label
                top_label = self.entry(cap.at_most).label
                raise RulesInputError(
                    cap.field, f"{label} cannot be more than {top_label} ({value} > {top})."
                )
        return values

    def defaults(self, member_id: str, name: str) -> dict[str, JsonValue]:
        """A new member's fields as JSON: every default, with its identifier and name."""
        values = {entry.name: entry.default for entry in self.entries}
        values.update(id=member_id, name=name)
        return self.to_json(values)

    def to_json(self, values: Mapping[str, Any]) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {}
        for entry in self.entries:
            value = values[entry.name]
            out[entry.name] = entry.to_json(value) if isinstance(entry, ListField) else value
        return out

    def describe(self) -> dict[str, JsonValue]:
        fields: list[JsonValue] = []
        for entry in self.entries:
            info = entry.describe()
            caps = [cap.at_most for cap in self.caps if cap.field == entry.name]
            if caps:
                info["at_most"] = caps[0]
            fields.append(info)
        return {"fields": fields, "derived": [d.describe() for d in self.derived]}
