"""The explicit widget list matches the widget modules on disk, and widgets
are imported only when asked for."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pytest

import rules_py
from rules_py import registry, web


def _widget_modules_on_disk() -> dict[str, str]:
    """Widget name -> the module or package defining it (a large widget is a
    package whose ``__init__`` holds ``WIDGETS`` and whose modules hold its parts)."""
    found: dict[str, str] = {}
    for info in pkgutil.walk_packages(rules_py.__path__, "rules_py."):
        if ".widgets." not in info.name:
            continue
        module = importlib.import_module(info.name)
        for widget in getattr(module, "WIDGETS", ()):
            assert widget.name not in found, f"{widget.name} is defined twice"
            found[widget.name] = info.name
    return found


def test_every_widget_on_disk_is_listed_with_its_module() -> None:
    assert _widget_modules_on_disk() == registry.WIDGET_MODULES


def test_a_widget_lives_under_its_game() -> None:
    for name, module in registry.WIDGET_MODULES.items():
        game, thing = name.split(".")
        assert module == f"rules_py.{game}.widgets.{thing}", name


def test_a_call_imports_only_the_widget_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in [m for m in sys.modules if ".widgets." in m]:
        monkeypatch.delitem(sys.modules, module)
    registry.get.cache_clear()
    try:
        web.call("cairn.save", '{"seed": 1}')
        assert sorted(m for m in sys.modules if ".widgets." in m) == [
            "rules_py.cairn.widgets.save"
        ]
    finally:
        registry.get.cache_clear()  # the next caller imports the restored modules
