"""mkdocs-macros module: the ``widget`` macro and the data-table macros.

The browser runtime (Pyodide, the wheel, the catalog, the snapshot) is not
shipped from here: ``python -m runtime.build`` is a build step of its own,
run by the Makefile after ``mkdocs build``, so the build needs no
``on_post_build`` hook (Zensical has none).

Every other module in this package that defines ``register(env)`` is found
and registered, so a game's table macros land as one new file.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

# Zensical loads this file by its path and puts neither the project's folder on
# sys.path nor this package in sys.modules (MkDocs' macros plugin does the
# first): without the folder, neither this package's modules nor rules_py
# could be imported here.
_PROJECT = str(Path(__file__).resolve().parent.parent)
if _PROJECT not in sys.path:
    sys.path.append(_PROJECT)

from macros import widget_embed  # noqa: E402  (needs the path above)

__all__ = ["define_env"]

__all__ = ["define_env"]


def define_env(env: Any) -> None:
    widget_embed.register(env)
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module_info.name in {"widget_embed"}:
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        register = getattr(module, "register", None)
        if callable(register):
            register(env)
