"""Every widget of the site, by name, and the module that defines it.

An explicit list, not a scan of the package: the browser restores Python from
a memory snapshot, which holds memory and no files, and a page should import
only the widgets it uses. A widget module is imported on its first request.
A test checks this list against the modules on disk.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from rules_py.widget import Widget

__all__ = ["WIDGET_MODULES", "all_widgets", "get", "names"]

WIDGET_MODULES: dict[str, str] = {
    "cairn.save": "rules_py.cairn.widgets.save",
    "cairn.attack": "rules_py.cairn.widgets.attack",
    "cairn.hireling": "rules_py.cairn.widgets.hireling",
    "cairn.spells": "rules_py.cairn.widgets.spells",
    "cairn.tables": "rules_py.cairn.widgets.tables",
    "cairn.grit": "rules_py.cairn.widgets.grit",
    "cairn.recovery": "rules_py.cairn.widgets.recovery",
    "cairn.fatigue": "rules_py.cairn.widgets.fatigue",
    "dice.notation": "rules_py.dice.widgets.notation",
    "dice_pool.roll": "rules_py.dice_pool.widgets.roll",
    "dice_pool.strike": "rules_py.dice_pool.widgets.strike",
    "dice_pool.project": "rules_py.dice_pool.widgets.project",
    "dice_pool.combat": "rules_py.dice_pool.widgets.combat",
    "dice_pool.scene": "rules_py.dice_pool.widgets.scene",
    "huldufolk.melee": "rules_py.huldufolk.widgets.melee",
    "huldufolk.pool": "rules_py.huldufolk.widgets.pool",
    "judge_two.judge": "rules_py.judge_two.widgets.judge",
    "judge_two.attack": "rules_py.judge_two.widgets.attack",
    "judge_two.rounds": "rules_py.judge_two.widgets.rounds",
    "judge_two.health": "rules_py.judge_two.widgets.health",
    "judge_two.prestige": "rules_py.judge_two.widgets.prestige",
    "judge_two.scripts": "rules_py.judge_two.widgets.scripts",
}


def names() -> tuple[str, ...]:
    return tuple(sorted(WIDGET_MODULES))


@cache
def get(name: str) -> Widget[Any]:
    """The widget called ``name``, importing its module now if need be."""
    module = importlib.import_module(WIDGET_MODULES[name])
    for widget in module.WIDGETS:
        if widget.name == name:
            found: Widget[Any] = widget
            return found
    raise LookupError(f"{WIDGET_MODULES[name]} defines no widget {name!r}")


def all_widgets() -> dict[str, Widget[Any]]:
    """Every widget, by name in sorted order (imports every widget module)."""
    return {name: get(name) for name in names()}
