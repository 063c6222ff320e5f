"""A widget reads its form through a typed, frozen values object whose attributes
mirror the fields it declares: what it reads is what the catalog publishes, so
the page, the macro check and the handler agree, and a mismatch fails when the
widget is made, not when a reader clicks."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
from dataclasses import FrozenInstanceError, dataclass
from typing import Literal

import pytest

import rules_py
from rules_py import registry, web
from rules_py.core.rng import Rng
from rules_py.values import FieldMismatchError, mirrored_fields, read_values
from rules_py.widget import (
    Action,
    Call,
    FieldGroup,
    FormValues,
    Widget,
    bool_field,
    choice_field,
    int_field,
)


def _widget_module_names() -> list[str]:
    """Every module under a game's ``widgets`` package, package modules included."""
    return sorted(
        info.name
        for info in pkgutil.walk_packages(rules_py.__path__, "rules_py.")
        if ".widgets" in info.name
    )


def _keys_read(source: str) -> set[str]:
    """String keys read from anything named like form values: ``values["x"]``,
    ``call.values["x"]``, ``values.get("x")``, ``values[f"{side}_x"]``."""
    found: set[str] = set()

    def is_values(node: ast.expr) -> bool:
        name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        return "values" in name

    def text(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return ast.unparse(node)
        return None

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and is_values(node.value):
            key = text(node.slice)
            if key is not None:
                found.add(key)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and is_values(node.func.value)
            and node.args
        ):
            key = text(node.args[0])
            if key is not None:
                found.add(key)
    return found


def test_the_scan_sees_reads() -> None:
    source = 'def h(call):\n    call.values["a"]; values.get("b", 1); values[f"{key}_c"]'
    assert _keys_read(source) == {"a", "b", "f'{key}_c'"}


def test_the_scan_covers_the_widget_packages() -> None:
    names = _widget_module_names()
    assert "rules_py.huldufolk.widgets.pool.moves" in names
    assert "rules_py.cairn.widgets.save" in names


@pytest.mark.parametrize("module", _widget_module_names())
def test_no_widget_module_looks_a_form_value_up_by_string(module: str) -> None:
    source = inspect.getsource(importlib.import_module(module))
    assert _keys_read(source) == set()


@pytest.mark.parametrize("name", registry.names())
def test_every_values_class_mirrors_its_widget_fields(name: str) -> None:
    widget = registry.get(name)
    assert [n for n, _ in mirrored_fields(widget.values)] == [f.name for f in widget.fields]


@pytest.mark.parametrize("name", registry.names())
def test_every_action_of_every_widget_runs_on_its_defaults(name: str) -> None:
    """Each action on default values answers (a handler failing on its own
    values would make the boundary report an unexpected failure)."""
    for action in registry.get(name).actions:
        response = json.loads(web.call(name, json.dumps({"action": action.name, "seed": 7})))
        if not response["ok"]:
            assert "unexpectedly" not in response["error"]["message"], (name, action.name)


# ---------------------------------------------------------------- the check itself

FIELDS = (
    int_field("armor", "Armour", 0, 0, 3),
    bool_field("blast", "Blast"),
    choice_field("side", "Side", (("a", "A"), ("b", "B"))),
)


def _widget(values: type[FormValues], fields: tuple = FIELDS) -> Widget[FormValues]:  # type: ignore[type-arg]
    return Widget(
        name="test.widget",
        title="Test",
        summary="",
        hand_roll="",
        fields=fields,
        values=values,
        actions=(Action("roll", "Roll"),),
        handler=lambda call: {"view": []},
    )


@dataclass(frozen=True)
class Mirror(FormValues):
    armor: int
    blast: bool
    side: Literal["a", "b"]


def test_a_mirroring_class_makes_a_widget_and_reads_typed_values() -> None:
    widget = _widget(Mirror)
    values = widget.read({"armor": 2, "blast": True, "side": "b"})
    assert values == Mirror(armor=2, blast=True, side="b")
    assert values.form() == {"armor": 2, "blast": True, "side": "b"}
    with pytest.raises(FrozenInstanceError):
        values.armor = 3  # type: ignore[misc]


def test_a_declared_field_missing_from_the_class_fails_when_the_widget_is_made() -> None:
    @dataclass(frozen=True)
    class Missing(FormValues):
        armor: int
        blast: bool

    with pytest.raises(FieldMismatchError, match=r"missing \['side'\]"):
        _widget(Missing)


def test_an_attribute_no_field_declares_fails_when_the_widget_is_made() -> None:
    @dataclass(frozen=True)
    class Extra(FormValues):
        armor: int
        blast: bool
        side: str
        armour: int

    with pytest.raises(FieldMismatchError, match=r"not declared \['armour'\]"):
        _widget(Extra)


def test_attributes_out_of_the_declared_order_fail() -> None:
    @dataclass(frozen=True)
    class Shuffled(FormValues):
        blast: bool
        armor: int
        side: str

    with pytest.raises(FieldMismatchError, match="out of order"):
        _widget(Shuffled)


@pytest.mark.parametrize(
    ("armor", "blast", "side"),
    [(str, bool, str), (int, int, str), (int, bool, int), (int, bool, Literal["a", "c"])],
)
def test_a_type_that_does_not_fit_the_field_kind_fails(
    armor: type, blast: type, side: type
) -> None:
    Wrong = dataclass(frozen=True)(
        type(
            "Wrong",
            (FormValues,),
            {"__annotations__": {"armor": armor, "blast": blast, "side": side}},
        )
    )
    with pytest.raises(FieldMismatchError, match="field"):
        _widget(Wrong)


def test_a_former_name_must_not_be_another_field_s_name() -> None:
    clash = (
        int_field("armor", "Armour", 0, 0, 3, former_names=("blast",)),
        bool_field("blast", "Blast"),
        choice_field("side", "Side", (("a", "A"), ("b", "B"))),
    )
    with pytest.raises(ValueError, match="former field name"):
        _widget(Mirror, clash)


def test_a_values_class_must_be_a_frozen_dataclass() -> None:
    @dataclass
    class Loose:
        armor: int
        blast: bool
        side: str

    with pytest.raises(FieldMismatchError, match="frozen dataclass"):
        _widget(Loose)  # type: ignore[arg-type]


def test_a_values_class_left_undecorated_declares_no_field() -> None:
    class Undecorated(FormValues):
        armor: int
        blast: bool
        side: str

    with pytest.raises(FieldMismatchError, match=r"missing \['armor', 'blast', 'side'\]"):
        _widget(Undecorated)


@dataclass(frozen=True)
class Side(FieldGroup):
    name: str
    quality: bool


@dataclass(frozen=True)
class Sides(FormValues):
    mode: str
    a: Side
    b: Side


def test_a_group_mirrors_the_fields_with_its_prefix() -> None:
    assert [name for name, _ in mirrored_fields(Sides)] == [
        "mode",
        "a_name",
        "a_quality",
        "b_name",
        "b_quality",
    ]
    flat = {
        "mode": "fight",
        "a_name": "Hero",
        "a_quality": True,
        "b_name": "Foe",
        "b_quality": False,
    }
    values = read_values(Sides, flat)
    assert values.a == Side("Hero", True) and values.b.name == "Foe"
    assert values.form() == flat


def test_a_handler_gets_the_typed_values() -> None:
    seen: list[Mirror] = []

    def handle(call: Call[Mirror]) -> dict[str, object]:
        seen.append(call.values)
        return {"view": []}

    widget = Widget(
        name="test.widget",
        title="Test",
        summary="",
        hand_roll="",
        fields=FIELDS,
        values=Mirror,
        actions=(Action("roll", "Roll", random=False),),
        handler=handle,
    )
    widget.handler(Call("roll", widget.read({"armor": 1, "blast": False, "side": "a"}), Rng(1)))
    assert seen == [Mirror(1, False, "a")]
