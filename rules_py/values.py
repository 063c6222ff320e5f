"""A widget's form values as one typed, frozen object.

A widget declares its fields once (:class:`rules_py.widget.Field`: the catalog,
the form, the bounds) and a frozen dataclass whose attributes mirror them,
name for name and in the same order, so a handler reads ``call.values.armor``
(an ``int`` to mypy) instead of looking a string up. :func:`check_values`
compares the two when the widget is made: a field declared but missing from
the class, an attribute no field declares, or a type that does not fit the
field's kind fails on import, never on a reader's click.

Fields that share a prefix may be read as one group: an attribute ``a: Side``
whose class derives from :class:`FieldGroup` mirrors the fields ``a_name``,
``a_rank``..., one for each attribute of ``Side``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar, get_args, get_origin, get_type_hints

if TYPE_CHECKING:
    from rules_py.widget import Field

__all__ = [
    "FieldGroup",
    "FieldMismatchError",
    "FormValues",
    "NoValues",
    "check_values",
    "mirrored_fields",
    "read_values",
]

# The type an attribute has for each kind of field; a choice may also be a
# Literal of exactly its choices' values.
_KIND_TYPES: dict[str, type] = {"int": int, "bool": bool, "text": str, "choice": str}


class FieldMismatchError(TypeError):
    """A values class and the fields its widget declares disagree (a bug, not bad input)."""


@dataclasses.dataclass(frozen=True)
class FieldGroup:
    """Fields that share a prefix, read as one object: ``values.a.name`` is field ``a_name``."""


@dataclasses.dataclass(frozen=True)
class FormValues(FieldGroup):
    """Base of a widget's values class: every field of the widget, validated."""

    def form(self) -> dict[str, Any]:
        """Field name -> value, in the declared order: the form as a request carries it."""
        return _flatten(self, "")


@dataclasses.dataclass(frozen=True)
class NoValues(FormValues):
    """The values of a widget without fields."""


G = TypeVar("G", bound=FieldGroup)


def _is_group(hint: object) -> bool:
    return isinstance(hint, type) and issubclass(hint, FieldGroup)


# Each class's members, read once: a handler runs on every keystroke of a form.
_MEMBERS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _members(cls: type) -> tuple[tuple[str, Any], ...]:
    """(attribute, type) of a values class or group, in order of declaration."""
    if cls not in _MEMBERS:
        params = getattr(cls, "__dataclass_params__", None)
        if not dataclasses.is_dataclass(cls) or params is None or not params.frozen:
            raise FieldMismatchError(f"{cls.__qualname__} must be a frozen dataclass")
        hints = get_type_hints(cls)
        _MEMBERS[cls] = tuple(
            (member.name, hints[member.name]) for member in dataclasses.fields(cls)
        )
    return _MEMBERS[cls]


def mirrored_fields(cls: type, prefix: str = "") -> tuple[tuple[str, Any], ...]:
    """(field name, type) of every field a values class mirrors, groups spelled out."""
    found: list[tuple[str, Any]] = []
    for attribute, hint in _members(cls):
        if _is_group(hint):
            found += mirrored_fields(hint, f"{prefix}{attribute}_")
        else:
            found.append((prefix + attribute, hint))
    return tuple(found)


def _fits(field: Field, hint: object) -> bool:
    if hint is _KIND_TYPES[field.kind]:
        return True
    if field.kind == "choice" and get_origin(hint) is Literal:
        return set(get_args(hint)) == {choice.value for choice in field.choices}
    return False


def check_values(cls: type, fields: Sequence[Field]) -> None:
    """Raise FieldMismatchError unless ``cls`` mirrors ``fields``: names, order and types."""
    mirrored = mirrored_fields(cls)
    names = [name for name, _ in mirrored]
    declared = [field.name for field in fields]
    if names != declared:
        missing = [name for name in declared if name not in names]
        undeclared = [name for name in names if name not in declared]
        raise FieldMismatchError(
            f"{cls.__qualname__} does not mirror its widget's fields: "
            f"missing {missing}, not declared {undeclared}"
            + ("" if missing or undeclared else f", or out of order (declared: {declared})")
        )
    for field, (name, hint) in zip(fields, mirrored, strict=True):
        if not _fits(field, hint):
            wanted = _KIND_TYPES[field.kind].__name__
            raise FieldMismatchError(
                f"{cls.__qualname__}: field {name!r} is a {field.kind} field, read as {wanted}"
                + (" or a Literal of its choices" if field.kind == "choice" else "")
                + f", not {hint!r}"
            )


def read_values(cls: type[G], validated: Mapping[str, Any], prefix: str = "") -> G:
    """The values object of ``cls`` from validated field values (by field name)."""
    found: dict[str, Any] = {}
    for attribute, hint in _members(cls):
        name = prefix + attribute
        found[attribute] = (
            read_values(hint, validated, f"{name}_") if _is_group(hint) else validated[name]
        )
    return cls(**found)


def _flatten(group: FieldGroup, prefix: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for attribute, hint in _members(type(group)):
        value = getattr(group, attribute)
        if _is_group(hint):
            flat.update(_flatten(value, f"{prefix}{attribute}_"))
        else:
            flat[prefix + attribute] = value
    return flat
