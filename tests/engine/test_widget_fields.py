"""A widget reads only the form values it declares: what it reads is what the
catalog publishes, so the page, the macro check and the handler agree."""

from __future__ import annotations

import ast
import importlib
import inspect
import json

import pytest

from rules_py import registry, web
from rules_py.widget import DeclaredValues, UndeclaredFieldError


def _modules() -> dict[str, set[str]]:
    """Widget module -> the field names its widgets declare."""
    declared: dict[str, set[str]] = {}
    for name, module in registry.WIDGET_MODULES.items():
        declared.setdefault(module, set()).update(f.name for f in registry.get(name).fields)
    return declared


def _keys_read(source: str) -> set[str]:
    """String keys read from anything named like form values: ``values["x"]``,
    ``call.values["x"]``, ``values.get("x")``."""
    found: set[str] = set()

    def is_values(node: ast.expr) -> bool:
        name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        return "values" in name

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and is_values(node.value):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                found.add(node.slice.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and is_values(node.func.value)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


@pytest.mark.parametrize(("module", "declared"), sorted(_modules().items()))
def test_widget_modules_read_only_declared_fields(module: str, declared: set[str]) -> None:
    source = inspect.getsource(importlib.import_module(module))
    assert _keys_read(source) - declared == set()


def test_the_scan_sees_reads() -> None:
    assert _keys_read('def h(call):\n    call.values["a"]; values.get("b", 1)') == {"a", "b"}


def test_an_undeclared_read_fails_even_through_get() -> None:
    values = DeclaredValues({"attribute": 12})
    assert values["attribute"] == 12 and dict(values) == {"attribute": 12}
    with pytest.raises(UndeclaredFieldError):
        values.get("armour", 0)
    with pytest.raises(UndeclaredFieldError):
        values["armour"]


@pytest.mark.parametrize("name", registry.names())
def test_every_action_of_every_widget_runs_on_its_defaults(name: str) -> None:
    """Each action on default values answers (a handler reading an undeclared
    field would make the boundary report an unexpected failure)."""
    for action in registry.get(name).actions:
        response = json.loads(web.call(name, json.dumps({"action": action.name, "seed": 7})))
        if not response["ok"]:
            assert "unexpectedly" not in response["error"]["message"], (name, action.name)
