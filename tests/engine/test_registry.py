"""The explicit widget list matches the widget modules on disk, and widgets
are imported only when asked for."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import rules_py
from rules_py import registry


def _widget_modules_on_disk() -> dict[str, str]:
    found: dict[str, str] = {}
    for info in pkgutil.walk_packages(rules_py.__path__, "rules_py."):
        if ".widgets." not in info.name or info.ispkg:
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


def test_a_call_imports_only_the_widget_it_runs() -> None:
    code = (
        "import sys, rules_py.web as w; w.call('cairn.save', '{\"seed\": 1}');"
        "print(sorted(m for m in sys.modules if '.widgets.' in m))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['rules_py.cairn.widgets.save']"
