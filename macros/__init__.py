"""mkdocs-macros module: the ``widget`` macro, data-table macros, and the
build step that ships the browser runtime.

Every other module in this package that defines ``register(env)`` is found
and registered, so a game's table macros land as one new file.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from macros import runtime_assets, widget_embed


def define_env(env: Any) -> None:
    widget_embed.register(env)
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module_info.name in {"widget_embed", "runtime_assets", "wheel"}:
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        register = getattr(module, "register", None)
        if callable(register):
            register(env)


def on_post_build(env: Any) -> None:
    runtime_assets.ship(env.conf["site_dir"])
