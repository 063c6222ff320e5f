"""What a widget is: its input fields, its actions, its handler, and its view.

A widget is described once, here in Python. The catalog built from these
descriptions validates macro arguments at build time and drives the form in
the browser, so a bound is written in exactly one place.

A handler turns validated input into *view blocks*: small JSON objects that
the browser runtime draws without knowing any rules (see ``Block`` helpers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar

from rules_py.core.errors import RulesInputError, describe, require_choice, require_int
from rules_py.core.rng import Rng
from rules_py.values import FieldGroup, FormValues, NoValues, check_values, read_values

__all__ = [
    "READABLE_DENOMINATOR",
    "Action",
    "Block",
    "Call",
    "Choice",
    "Field",
    "FieldGroup",
    "FieldKind",
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
Block = dict[str, Any]
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


Handler = Callable[[Call[V]], dict[str, JsonValue]]


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
        }


# ---------------------------------------------------------------- display


def percent(chance: Fraction) -> str:
    """A chance as a percentage: 3/5 -> "60%", 1/3 -> "33.33%".

    Two decimals, or more near 0% and 100% (up to six), so rounding never
    turns a possible result into 0% or an uncertain one into 100%; beyond six
    decimals it reads "< 0.000001%" or "> 99.999999%".
    """
    value = chance * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    tiny = Fraction(1, 10**6)
    if value < tiny:
        return "< 0.000001%"
    if 100 - value < tiny:
        return "> 99.999999%"
    decimals = 2
    while decimals < 6 and (round(value, decimals) == 0 or round(value, decimals) == 100):
        decimals += 1
    text = f"{float(value):.{decimals}f}".rstrip("0").rstrip(".")
    return f"{text}%"


READABLE_DENOMINATOR = 10**6  # beyond this a fraction is noise to a reader


def chance_text(chance: Fraction, over: int | None = None) -> str:
    """Percentage first, the exact fraction after it: "60% (12/20)" when ``over``
    names the natural denominator, else "60% (3/5)"; only the percentage when
    the fraction would be too long to read (a phone keeps what comes first)."""
    if over is not None and (chance * over).denominator == 1:
        return f"{percent(chance)} ({chance * over}/{over})"
    if chance.denominator > READABLE_DENOMINATOR:
        return percent(chance)
    return f"{percent(chance)} ({chance.numerator}/{chance.denominator})"


def fraction_text(chance: Fraction) -> str:
    """The exact chance as "a/b", or "" when the fraction is too long to read
    or adds nothing to the percentage (0% and 100%)."""
    if chance.denominator > READABLE_DENOMINATOR or chance.denominator == 1:
        return ""
    return f"{chance.numerator}/{chance.denominator}"


def at_least_fields(chance: Fraction) -> dict[str, JsonValue]:
    """A chart bar's chance of "this or more", in the forms the chart shows."""
    return {
        "at_least": chance_text(chance),
        "at_least_percent": percent(chance),
        "at_least_fraction": fraction_text(chance),
    }


# ---------------------------------------------------------------- view blocks


def outcome(text: str, tone: Literal["good", "bad", "neutral"] = "neutral") -> Block:
    return {"type": "outcome", "text": text, "tone": tone}


def line(text: str) -> Block:
    return {"type": "line", "text": text}


def note(text: str) -> Block:
    """A one-line rules note: what the text says, or what this site chose."""
    return {"type": "note", "text": text}


def die_face(value: int, sides: int, *tags: str) -> dict[str, JsonValue]:
    """One die; tags such as "kept", "dropped", "success", "double", "best"."""
    return {"value": value, "sides": sides, "tags": list(tags)}


def dice(label: str, faces: Iterable[dict[str, JsonValue]]) -> Block:
    return {"type": "dice", "label": label, "dice": list(faces)}


def facts(items: Iterable[tuple[str, str]]) -> Block:
    return {"type": "facts", "items": [[name, value] for name, value in items]}


def table(
    caption: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[str]],
    highlight: int | None = None,
) -> Block:
    return {
        "type": "table",
        "caption": caption,
        "columns": list(columns),
        "rows": [list(row) for row in rows],
        "highlight": highlight,
    }


def chart(
    title: str,
    bars: Sequence[tuple[str, Fraction]],
    *,
    highlight: Iterable[str] = (),
    marks: str = "",
    mean: Fraction | None = None,
    cumulative: bool = True,
    summary: str = "",
) -> Block:
    """The accessible odds chart: bars with exact chances, optional mean, and
    for each bar the chance of that result or more (when outcomes are ordered).

    ``highlight`` names the bars to mark and ``marks`` is the legend that says
    what the mark means ("Most likely: 13", "Succeeds: 3 or more"), so a mark
    is never taken for the result just rolled.
    ``summary`` is the one sentence a screen reader hears before the data table.
    """
    marked = set(highlight)
    if marked and not marks:
        raise ValueError("a chart that marks bars says what the mark means (marks=...)")
    rendered: list[dict[str, JsonValue]] = []
    remaining = sum((chance for _, chance in bars), Fraction(0))
    top = max((chance for _, chance in bars), default=Fraction(0))
    for label, chance in bars:
        # "percent" and "fraction" apart, so a narrow screen shows the
        # percentage first and drops the fraction, never the other way round.
        bar: dict[str, JsonValue] = {
            "label": label,
            "chance": chance_text(chance),
            "percent": percent(chance),
            "fraction": fraction_text(chance),
            "width": float(chance / top) if top else 0.0,
            "highlight": label in marked,
        }
        if cumulative:
            bar.update(at_least_fields(remaining))
        remaining -= chance
        rendered.append(bar)
    block: Block = {"type": "chart", "title": title, "bars": rendered, "summary": summary}
    if marked:
        block["marks"] = marks
    if mean is not None:
        block["mean"] = f"{float(mean):.3g}" if mean.denominator != 1 else str(mean.numerator)
    return block


def choices(prompt: str, options: Iterable[dict[str, JsonValue]]) -> Block:
    """Buttons that send a follow-up request: each option is made by ``option``."""
    return {"type": "choices", "prompt": prompt, "options": list(options)}


def step(blocks: Iterable[Block]) -> Block:
    """What the player chooses now (a turn line, a hand of cards): drawn where
    the widget's ``step_before`` says, else in place."""
    return {"type": "step", "blocks": list(blocks)}


def option(
    label: str,
    request: Mapping[str, JsonValue],
    *,
    lines: Sequence[str] = (),
    badge: str = "",
    selected: bool = False,
) -> dict[str, JsonValue]:
    return {
        "label": label,
        "lines": list(lines),
        "badge": badge,
        "selected": selected,
        "request": dict(request),
    }


def copy_text(label: str, text: str) -> Block:
    return {"type": "copy", "label": label, "text": text}


def focus_element(element_id: str) -> Block:
    """Scroll to an element of the page (e.g. a spell's table row) and mark it."""
    return {"type": "focus_element", "id": element_id}


def filter_rows(table_id: str, visible: Iterable[str]) -> Block:
    """Show only the listed rows (by id) of a table on the page."""
    return {"type": "filter_rows", "table": table_id, "visible": list(visible)}
