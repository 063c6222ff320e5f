"""The ``widget`` macro: one Markdown line becomes a widget root.

``{{ widget("cairn.save", attribute=12) }}`` emits the root element of the
widget contract (see CONTRIBUTING.md) with a fallback that tells how to roll by
hand. Arguments are checked against ``rules_py.web.catalog`` at build time:
an unknown widget or a bad argument fails the build, naming the page.

The root carries the widget's own catalog entry (``data-spec``, exactly its
entry of ``rules_py.web.catalog()``), so the page draws the form the moment
its scripts run, with no download and before Python has started.
"""

from __future__ import annotations

import functools
import html
import json
from typing import Any

from macros.print_view import print_html
from rules_py.core.errors import RulesInputError
from rules_py.registry import all_widgets
from rules_py.web import catalog

__all__ = ["WidgetArgumentError", "register", "spec_json", "widget_html"]


class WidgetArgumentError(ValueError):
    """A page embeds a widget wrongly; the message names page, widget and argument."""


@functools.cache
def spec_json(name: str) -> str:
    """The catalog entry of widget ``name``, as JSON text."""
    return json.dumps(next(entry for entry in catalog() if entry["name"] == name),
                      separators=(",", ":"))


def widget_html(name: str, page: str, arguments: dict[str, Any]) -> str:
    widgets = all_widgets()
    if name not in widgets:
        known = ", ".join(widgets)
        raise WidgetArgumentError(f"{page}: unknown widget {name!r} (known widgets: {known})")
    spec = widgets[name]
    field_names = {f.name for f in spec.fields}
    config: dict[str, Any] = {}
    for key, value in arguments.items():
        if key not in field_names:
            allowed = ", ".join(sorted(field_names))
            raise WidgetArgumentError(
                f"{page}: widget {name!r} has no argument {key!r} (arguments: {allowed})"
            )
        try:
            config[key] = spec.field(key).validate(value)
        except RulesInputError as error:
            raise WidgetArgumentError(
                f"{page}: widget {name!r}, argument {key!r}: {error.message}"
            ) from None
    config_attr = html.escape(json.dumps(config, sort_keys=True), quote=True)
    spec_attr = html.escape(spec_json(name), quote=True)
    title = html.escape(spec.title)
    hand = html.escape(spec.hand_roll)
    # One line of HTML: Markdown keeps a block of raw HTML intact only without blank lines.
    # No <div> inside the root: Material's search parser matches closing tags by
    # name only, so a nested </div> would end the data-search-exclude region early.
    return (
        f'<div class="rp-widget" data-widget="{html.escape(name)}" data-config="{config_attr}" '
        f'data-spec="{spec_attr}" data-state="loading" data-search-exclude>'
        f'<p class="rp-title">{title}</p>'
        f'<p class="rp-fallback"><strong>By hand:</strong> {hand}</p>'
        f'<p class="rp-status" data-role="status" role="status">'
        f"The roller needs JavaScript; it is loading\u2026</p></div>"
        + print_html(name, config)
    )


def _page_path(page: Any) -> str:
    """The page's source path, for error messages: MkDocs has ``page.file.src_uri``,
    Zensical's macros ``page.path``."""
    if page is None:
        return "?"
    source = getattr(getattr(page, "file", None), "src_uri", None)
    return str(source or getattr(page, "path", "?"))


def register(env: Any) -> None:
    @env.macro  # type: ignore[untyped-decorator]
    def widget(name: str, **arguments: Any) -> str:
        page = _page_path(getattr(env, "page", None))
        return widget_html(name, page, arguments)
