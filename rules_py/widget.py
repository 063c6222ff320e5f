"""What a widget is: its input fields, its actions, its handler, and its view.

A widget is described once, here in Python. The catalog built from these
descriptions validates macro arguments at build time and drives the form in
the browser, so a bound is written in exactly one place.

A handler turns validated input into *view blocks*: small JSON objects that
the browser runtime draws without knowing any rules (see ``Block`` helpers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Literal, TypeVar

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError, describe, require_choice, require_int
from rules_py.core.rng import Rng
from rules_py.values import FieldGroup, FormValues, NoValues, check_values, read_values

# The view blocks and their helpers live in rules_py.view_blocks; widget
# modules import them from here too.
from rules_py.view_blocks import (
    READABLE_DENOMINATOR,
    Block,
    at_least_fields,
    chance_text,
    chart,
    choices,
    copy_text,
    dice,
    die_face,
    facts,
    filter_rows,
    focus_element,
    fraction_text,
    line,
    note,
    option,
    outcome,
    percent,
    step,
    table,
)

__all__ = [
    "READABLE_DENOMINATOR",
    "Action",
    "Block",
    "Call",
    "Choice",
    "Field",
    "FieldGroup",
    "FieldKind",
    "Filler",
    "FormValues",
    "Handler",
    "JsonValue",
    "NoValues",
    "Widget",
    "advanced",
    "at_least_fields",
    "bool_field",
    "chance_text",
    "chart",
    "choice_field",
    "choices",
    "copy_text",
    "dice",
    "die_face",
    "facts",
    "filter_rows",
    "focus_element",
    "fraction_text",
    "int_field",
    "line",
    "note",
    "option",
    "outcome",
    "percent",
    "step",
    "table",
]

FieldKind = Literal["int", "choice", "bool", "text"]
JsonValue = Any


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Field:
    """One input of a widget.

    ``shown_when`` maps another field's name to the values for which this field
    applies (e.g. ``{"mode": ("contest",)}``); hidden fields still validate
    with their default, so a request is always complete.
    """

    name: str
    label: str
    kind: FieldKind
    default: int | str | bool
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    help: str = ""
    max_length: int = 200
    shown_when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Advanced fields sit under a labelled disclosure below the few a player
    # needs for the common roll; the form shows them first when this is False.
    advanced: bool = False
    # A text field whose Enter key runs the widget's preview (a filter) instead
    # of submitting the form (rolling).
    enter_previews: bool = False
    # Names this field had before, still read from a request, so a share link
    # made before a rename replays; never in the catalog.
    former_names: tuple[str, ...] = ()

    def applies(self, values: Mapping[str, Any]) -> bool:
        """Whether this field applies given the other fields' values (``shown_when``)."""
        return all(
            _as_choice_text(values.get(other)) in allowed
            for other, allowed in self.shown_when.items()
        )

    def value_text(self, value: object) -> str:
        """A value as a player reads it: a choice by its label, a box as yes or no."""
        if self.kind == "choice":
            for choice in self.choices:
                if choice.value == value:
                    return choice.label
        if self.kind == "bool":
            return "yes" if value else "no"
        return str(value)

    def validate(self, value: object) -> int | str | bool:
        """Return the value if it fits this field, else raise RulesInputError."""
        if self.kind == "int":
            assert self.minimum is not None and self.maximum is not None
            return require_int(self.name, self.label, value, self.minimum, self.maximum)
        if self.kind == "choice":
            return require_choice(
                self.name, self.label, value, tuple(choice.value for choice in self.choices)
            )
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesInputError(
                    self.name, f"{self.label} must be true or false (got {describe(value)})."
                )
            return value
        if not isinstance(value, str):
            raise RulesInputError(self.name, f"{self.label} must be text (got {describe(value)}).")
        if len(value) > self.max_length:
            raise RulesInputError(
                self.name,
                f"{self.label} must be at most {self.max_length} characters (got {len(value)}).",
            )
        return value

    def describe(self) -> dict[str, JsonValue]:
        info: dict[str, JsonValue] = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
        }
        if self.kind == "int":
            info["min"] = self.minimum
            info["max"] = self.maximum
        if self.kind == "choice":
            info["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.kind == "text":
            info["max_length"] = self.max_length
        if self.help:
            info["help"] = self.help
        if self.shown_when:
            info["shown_when"] = {name: list(values) for name, values in self.shown_when.items()}
        if self.advanced:
            info["advanced"] = True
        if self.enter_previews:
            info["enter"] = "preview"
        return info


def _as_choice_text(value: object) -> str:
    """A value as ``shown_when`` compares it (the form sends check boxes as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def advanced(declared: Field) -> Field:
    """The same field, placed under the form's "More options" disclosure."""
    return replace(declared, advanced=True)


def int_field(name: str, label: str, default: int, low: int, high: int, **extra: Any) -> Field:
    return Field(name, label, "int", default, minimum=low, maximum=high, **extra)


def bool_field(name: str, label: str, default: bool = False, **extra: Any) -> Field:
    """A check box; ``extra`` as for :class:`Field` (``help``, ``shown_when``...)."""
    return Field(name, label, "bool", default, **extra)


def choice_field(
    name: str,
    label: str,
    choices: Sequence[tuple[str, str]],
    default: str | None = None,
    **extra: Any,
) -> Field:
    options = tuple(Choice(value, text) for value, text in choices)
    return Field(name, label, "choice", default or options[0].value, choices=options, **extra)


@dataclass(frozen=True)
class Action:
    """Something the widget can do. ``auto`` actions run whenever the form
    changes (odds previews); the others are buttons. ``random`` actions roll
    dice and so report the seed that reproduces them."""

    name: str
    label: str
    auto: bool = False
    random: bool = True
    # As for a field: the button is shown only for these values of other
    # fields (a fight's buttons only in fight mode).
    shown_when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def describe(self) -> dict[str, JsonValue]:
        info: dict[str, JsonValue] = {
            "name": self.name,
            "label": self.label,
            "auto": self.auto,
            "random": self.random,
        }
        if self.shown_when:
            info["shown_when"] = {name: list(values) for name, values in self.shown_when.items()}
        return info


V = TypeVar("V", bound=FormValues)


@dataclass(frozen=True)
class Call(Generic[V]):
    """One validated request to a handler; ``values`` is the widget's typed form."""

    action: str
    values: V
    rng: Rng
    state: JsonValue = None
    extra: Mapping[str, JsonValue] = field(default_factory=dict)
    # The party members who act and are targeted, if the reader chose any.
    table: AtTable = field(default_factory=AtTable)


Handler = Callable[[Call[V]], dict[str, JsonValue]]
# The form values the one who acts and the target give (field name -> value),
# and why each: {"values": {...}, "from": {"strength": "Ada's STR"}}.
Filler = Callable[[AtTable], Mapping[str, Mapping[str, JsonValue]]]


@dataclass(frozen=True)
class Widget(Generic[V]):
    """A roller: ``name`` is ``game.thing``; ``hand_roll`` tells a reader
    without JavaScript how to do it at the table (the fallback).

    ``values`` is the frozen dataclass a handler reads its input from: its
    attributes mirror ``fields`` (see :mod:`rules_py.values`), checked here,
    so a widget whose class and fields disagree fails when it is made.
    """

    name: str
    title: str
    summary: str
    hand_roll: str
    fields: tuple[Field, ...]
    values: type[V]
    actions: tuple[Action, ...]
    handler: Handler[V]
    stateful: bool = False
    # Extra request keys (beyond fields) a follow-up request may carry, e.g. a
    # chosen judgment; validated by the handler itself.
    extra_keys: tuple[str, ...] = ()
    # Where a preview's ``step`` blocks are drawn: in the form, just before
    # this field, so a hand of cards to choose from stays next to the few
    # fields that set it up instead of under the whole form.
    step_before: str | None = None
    # Fills the form from the party's actor and target (see rules_py.at_table).
    fill: Filler | None = None

    def __post_init__(self) -> None:
        check_values(self.values, self.fields)
        names = [f.name for f in self.fields]
        former = [old for f in self.fields for old in f.former_names]
        if set(names) & set(former) or len(set(former)) != len(former):
            raise ValueError(f"{self.name}: a former field name must name one field, no other")
        if self.step_before is not None:
            self.field(self.step_before)  # KeyError: a step needs a real field to stand before

    def read(self, validated: Mapping[str, Any]) -> V:
        """The typed values of a request whose fields are all validated."""
        return read_values(self.values, validated)

    def field(self, name: str) -> Field:
        for candidate in self.fields:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    def action(self, name: str) -> Action:
        for candidate in self.actions:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    def describe(self) -> dict[str, JsonValue]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "hand_roll": self.hand_roll,
            "fields": [f.describe() for f in self.fields],
            "actions": [a.describe() for a in self.actions],
            "stateful": self.stateful,
            "step_before": self.step_before,
            "fills": self.fill is not None,
        }
