"""Does a JSON value have the shape a type describes? For the types of the
JSON that crosses to the browser (``TypedDict``s such as the view blocks).

The types understood are those JSON can hold: ``str``, ``int``, ``float``,
``bool``, ``None``, ``Literal``, unions, ``list[...]``, ``dict[str, Any]``,
``Any`` and ``TypedDict`` classes (their ``NotRequired`` keys may be absent;
a key a ``TypedDict`` does not name is a problem). A union of ``TypedDict``s
told apart by a ``Literal`` key (``type``) is checked against the one that
key names, so a problem is said about that member, not all of them.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

__all__ = ["discriminant", "is_typed_dict", "shape_problems", "typed_dict_fields"]


def is_typed_dict(hint: object) -> bool:
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__total__")


@cache
def typed_dict_fields(cls: type) -> dict[str, tuple[object, bool]]:
    """Each field of a ``TypedDict``: its type, and whether it is required."""
    # From the hints, not __required_keys__: before Python 3.13 that misses a
    # NotRequired written in a postponed (string) annotation.
    hints = get_type_hints(cls, include_extras=True)
    fields: dict[str, tuple[object, bool]] = {}
    for name, hint in hints.items():
        required = bool(getattr(cls, "__total__", True))
        while get_origin(hint) in (NotRequired, Required):
            required = get_origin(hint) is Required
            hint = get_args(hint)[0]
        fields[name] = (hint, required)
    return fields


def union_members(hint: object) -> tuple[object, ...] | None:
    if get_origin(hint) in (Union, types.UnionType):
        return get_args(hint)
    return None


@cache
def discriminant(members: tuple[object, ...]) -> tuple[str, dict[object, type]] | None:
    """The key that tells a union of ``TypedDict``s apart (each member has it,
    required, as a ``Literal`` of one value) and each value's member; None
    when there is no such key."""
    if not members or not all(is_typed_dict(member) for member in members):
        return None
    first = typed_dict_fields(members[0])
    for key in first:
        by_value: dict[object, type] = {}
        for member in members:
            assert isinstance(member, type)
            hint, required = typed_dict_fields(member).get(key, (None, False))
            values = get_args(hint) if get_origin(hint) is Literal else ()
            if not required or len(values) != 1 or values[0] in by_value:
                break
            by_value[values[0]] = member
        else:
            return key, by_value
    return None


def shape_problems(value: object, hint: object, where: str = "") -> list[str]:
    """What in ``value`` does not fit ``hint``, one line per problem
    (``where`` is the path to the value, as ``bars[2].width``)."""
    at = where or "the value"
    if hint is Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{at}: expected null, got {value!r}"]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{at}: expected true or false, got {value!r}"]
    if hint is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
        return [] if fits else [f"{at}: expected a whole number, got {value!r}"]
    if hint is float:
        fits = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if fits else [f"{at}: expected a number, got {value!r}"]
    if hint is str:
        return [] if isinstance(value, str) else [f"{at}: expected text, got {value!r}"]
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        return [] if value in allowed else [f"{at}: expected one of {list(allowed)}, got {value!r}"]
    members = union_members(hint)
    if members is not None:
        return _union_problems(value, members, where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{at}: expected a list, got {value!r}"]
        (item,) = get_args(hint)
        found: list[str] = []
        for index, element in enumerate(value):
            found += shape_problems(element, item, f"{where}[{index}]")
        return found
    if origin is dict:
        key, item = get_args(hint)
        if key is not str:
            raise TypeError(f"JSON objects have text keys, not {key}")
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            return [f"{at}: expected an object, got {value!r}"]
        found = []
        for name, element in value.items():
            found += shape_problems(element, item, f"{where}.{name}" if where else name)
        return found
    if is_typed_dict(hint):
        assert isinstance(hint, type)
        return _typed_dict_problems(value, hint, where)
    raise TypeError(f"not a JSON type: {hint!r}")


def _union_problems(value: object, members: tuple[object, ...], where: str) -> list[str]:
    tagged = discriminant(members)
    if tagged is not None and isinstance(value, dict):
        key, by_value = tagged
        member = by_value.get(value.get(key))
        if member is None:
            return [f"{where or 'the value'}: {key} {value.get(key)!r} is none of {list(by_value)}"]
        return shape_problems(value, member, where)
    attempts = [shape_problems(value, member, where) for member in members]
    if any(not found for found in attempts):
        return []
    return [problem for found in attempts for problem in found]


def _typed_dict_problems(value: object, cls: type, where: str) -> list[str]:
    at = where or "the value"
    if not isinstance(value, dict):
        return [f"{at}: expected an object ({cls.__name__}), got {value!r}"]
    fields = typed_dict_fields(cls)
    found = [f"{at}: {cls.__name__} has no field {name!r}" for name in value if name not in fields]
    for name, (hint, required) in fields.items():
        inner = f"{where}.{name}" if where else name
        if name not in value:
            if required:
                found.append(f"{at}: {cls.__name__} lacks {name!r}")
            continue
        found += shape_problems(value[name], hint, inner)
    return found
