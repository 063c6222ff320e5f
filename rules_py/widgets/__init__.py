"""Every widget of the site, found by scanning this package.

Each module here defines ``WIDGETS: tuple[Widget, ...]``. Discovery (rather
than a hand-kept list) lets a new widget land as one new file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from rules_py.widget import Widget


@cache
def registry() -> dict[str, Widget]:
    found: dict[str, Widget] = {}
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        for widget in getattr(module, "WIDGETS", ()):
            if widget.name in found:
                raise RuntimeError(f"widget {widget.name} is defined twice")
            found[widget.name] = widget
    return dict(sorted(found.items()))
