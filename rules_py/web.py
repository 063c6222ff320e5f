"""The browser boundary: JSON text in, JSON text out, never an exception.

The browser runtime calls :func:`call` inside Pyodide. Strings cross the
boundary rather than proxies, because a JavaScript ``null`` or ``undefined``
does not arrive as Python expects; JSON has one meaning on both sides.

Request: a JSON object of field values (fields left out take the catalog's
defaults), plus optional ``"action"`` (default: the widget's first action),
``"seed"`` (a whole number from 0 to 2**64 - 1, as a JSON integer or as a
decimal string, to replay a roll exactly: JavaScript numbers lose integers
above 2**53, so links and the browser send seeds as strings) and ``"state"``
(for stateful widgets: what the previous response returned).

A random result also carries ``seed_text`` (the seed as a decimal string),
``inputs_text`` (the inputs in words) and ``summary`` (the result in one
line): what the browser's roll log stores. A result may carry ``form``, a
mapping of field names to values the browser puts in the form (the side
to act next, say), so the next request starts from them.

A field renamed since a link was made is still read under its former name
(``Field.former_names``), and the result's ``form`` then gives that value
under today's name.

Response: ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": {"field": ..., "message": ...}}``.

The party (characters and foes, and what happens to them) answers through
the same call under ``party.*`` names (:mod:`rules_py.party.boundary`), and
describes its sheets in :func:`party_catalog`, apart from the widgets'
catalog, whose entries the built pages embed.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rules_py import log_entry, registry
from rules_py.at_table import ROLES, AtTable
from rules_py.core.errors import RulesInputError, describe
from rules_py.core.rng import SEED_LIMIT, Rng, fresh_seed
from rules_py.party import boundary as party
from rules_py.party.members import read_member
from rules_py.widget import Call, Field, Widget

__all__ = [
    "FILL_OPERATION",
    "MAX_JSON_DEPTH",
    "MAX_REQUEST_CHARS",
    "RESERVED_KEYS",
    "call",
    "catalog",
    "catalog_json",
    "nesting_depth",
    "party_catalog",
    "party_catalog_json",
    "read_at_table",
]

FILL_OPERATION = "party.fill"

RESERVED_KEYS = ("action", "seed", "state", "party")
MAX_REQUEST_CHARS = 100_000  # a form never needs more; refuse before parsing
# How deep brackets may nest in JSON text from the browser (a request, or the
# roll part of a share link), counted before parsing: json.loads recurses in C,
# and in Pyodide a few thousand levels exhaust the stack and kill the worker
# instead of raising. The deepest the site sends is 5 (a card pool table saved
# with a card face down: request, state, pending, picks, pick); 32 leaves room
# for any new state and is far below what the stack holds.
MAX_JSON_DEPTH = 32


def catalog() -> list[dict[str, Any]]:
    """Every widget with its fields (type, bounds, default) and actions."""
    return [widget.describe() for widget in registry.all_widgets().values()]


def catalog_json() -> str:
    return json.dumps(catalog())


def party_catalog() -> dict[str, Any]:
    """Every game's character sheet (fields with type, bounds and default; the
    caps between them; what derives), its events, the bestiary's foes."""
    return party.catalog()


def party_catalog_json() -> str:
    return json.dumps(party_catalog())


def call(name: str, request_json: str) -> str:
    """Run widget ``name`` on a JSON request; always returns a JSON response."""
    try:
        result = _run(name, request_json)
        return json.dumps({"ok": True, "result": result}, allow_nan=False)
    except RulesInputError as error:
        return _error(error.field, error.message)
    except Exception as error:  # the boundary must answer, whatever went wrong
        return _error(
            None,
            f"The roller failed unexpectedly ({type(error).__name__}). "
            "Please report the widget and the input you gave.",
        )


def _error(field: str | None, message: str) -> str:
    return json.dumps({"ok": False, "error": {"field": field, "message": message}})


def _run(name: str, request_json: str) -> dict[str, Any]:
    if name == FILL_OPERATION:
        return _fill(_parse(request_json))
    if isinstance(name, str) and name.startswith("party."):
        if name not in party.OPERATIONS:
            known = ", ".join(party.OPERATIONS)
            raise RulesInputError(
                "widget", f"Unknown party operation {describe(name)}. Known: {known}."
            )
        return party.run(name, _parse(request_json), _seed)
    if not isinstance(name, str) or name not in registry.WIDGET_MODULES:
        known = ", ".join(registry.names())
        raise RulesInputError("widget", f"Unknown widget {describe(name)}. Known widgets: {known}.")
    widget = registry.get(name)
    request = _parse(request_json)
    action = _action(widget, request.get("action"))
    seed = _seed(request.get("seed"))
    values = _values(widget, request)
    extra = {key: request[key] for key in widget.extra_keys if key in request}
    state = request.get("state") if widget.stateful else None
    table = read_at_table(request.get("party"))
    result = widget.handler(Call(action, widget.read(values), Rng(seed), state, extra, table))
    result = dict(result)
    result["action"] = action
    renamed = _renamed(widget, request, values)
    if renamed:  # an older link: the form shows its values under today's names
        result["form"] = {**renamed, **result.get("form", {})}
    if widget.action(action).random:
        result["seed"] = seed
        result["seed_text"] = str(seed)
        result["inputs_text"] = log_entry.inputs_text(widget, values)
        result.setdefault("summary", log_entry.summary_line(result.get("view", [])))
    return result


def read_at_table(raw: object) -> AtTable:
    """``{"actor": member | null, "target": member | null}`` from a request,
    each member checked like any stored or typed character."""
    if raw is None:
        return AtTable()
    if not isinstance(raw, dict) or not set(raw) <= set(ROLES):
        raise RulesInputError("party", "Party must be an object of actor and target.")
    actor, target = (None if raw.get(role) is None else _member(role, raw[role]) for role in ROLES)
    return AtTable(actor, target)


def _member(role: str, raw: object) -> Any:
    try:
        return read_member(raw)
    except RulesInputError as error:
        raise RulesInputError(f"party.{role}", f"The {role}: {error.message}") from None


def _fill(request: dict[str, Any]) -> dict[str, Any]:
    """``party.fill`` (widget, actor?, target?, form?): the form values the
    actor and target give a widget, each checked as the field checks typed
    input, and where each came from. ``form``, the form's values now (checked
    like a request's, missing ones at their defaults), tells a filler which
    score the form asks for (a save's mode; a pool's Attribute by name)."""
    for key in request:
        if key not in ("widget", "form", *ROLES):
            raise RulesInputError(
                str(key), f"Unknown key {describe(key)}. Keys: widget, actor, target, form."
            )
    name = request.get("widget")
    if not isinstance(name, str) or name not in registry.WIDGET_MODULES:
        raise RulesInputError("widget", f"Unknown widget {describe(name)}.")
    widget = registry.get(name)
    if widget.fill is None:
        return {"values": {}, "from": {}}
    form = request.get("form", {})
    if not isinstance(form, dict) or set(form) & set(RESERVED_KEYS):
        raise RulesInputError("form", "Form must be an object of the widget's field values.")
    table = read_at_table({role: request.get(role) for role in ROLES})
    table = replace(table, form=_values(widget, form))
    filled = widget.fill(table)
    values = {key: widget.field(key).validate(value) for key, value in filled["values"].items()}
    return {"values": values, "from": dict(filled.get("from", {}))}


def _parse(request_json: str) -> dict[str, Any]:
    if not isinstance(request_json, str):
        raise RulesInputError("request", "The request must be JSON text.")
    if len(request_json) > MAX_REQUEST_CHARS:
        raise RulesInputError(
            "request", f"The request is too long (at most {MAX_REQUEST_CHARS} characters)."
        )
    if nesting_depth(request_json) > MAX_JSON_DEPTH:
        raise RulesInputError(
            "request", f"The request is nested too deeply (at most {MAX_JSON_DEPTH} levels)."
        )
    try:
        request = json.loads(request_json)
    except (ValueError, RecursionError) as error:
        raise RulesInputError("request", f"The request is not valid JSON ({error}).") from None
    if not isinstance(request, dict):
        raise RulesInputError("request", "The request must be a JSON object of field values.")
    return request


def nesting_depth(text: str) -> int:
    """Deepest bracket nesting outside JSON strings, found without recursion.

    json.loads recurses in C; in Pyodide a few thousand "[" exhaust the wasm
    stack and kill the worker instead of raising RecursionError.
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _action(widget: Widget[Any], requested: object) -> str:
    names = tuple(action.name for action in widget.actions)
    if requested is None:
        return names[0]
    if not isinstance(requested, str) or requested not in names:
        raise RulesInputError(
            "action", f"Action must be one of: {', '.join(names)} (got {describe(requested)})."
        )
    return requested


def _seed(requested: object) -> int:
    if requested is None:
        return fresh_seed()
    refusal = RulesInputError(
        "seed",
        f"Seed must be a whole number from 0 to {SEED_LIMIT - 1} (got {describe(requested)}).",
    )
    if isinstance(requested, str):
        # Only the canonical decimal form: no sign, spaces or leading zeros,
        # so one roll has one link.
        if not (requested.isascii() and requested.isdigit() and len(requested) <= 20):
            raise refusal
        if requested != str(int(requested)):
            raise refusal
        requested = int(requested)
    if isinstance(requested, bool) or not isinstance(requested, int):
        raise refusal
    if not 0 <= requested < SEED_LIMIT:
        raise refusal
    return requested


def _values(widget: Widget[Any], request: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in widget.fields}
    former = {old: f.name for f in widget.fields for old in f.former_names}
    for key in request:
        known = key in names or key in former
        if not known and key not in RESERVED_KEYS and key not in widget.extra_keys:
            allowed = ", ".join(sorted(names)) or "none"
            raise RulesInputError(key, f"Unknown field {describe(key)}. Fields: {allowed}.")
    values: dict[str, Any] = {}
    for widget_field in widget.fields:
        values[widget_field.name] = widget_field.validate(_given(widget_field, request))
    return values


def _renamed(
    widget: Widget[Any], request: dict[str, Any], values: dict[str, Any]
) -> dict[str, Any]:
    """The values a request gave under a field's former name, by today's name."""
    return {
        f.name: values[f.name]
        for f in widget.fields
        if f.name not in request and any(old in request for old in f.former_names)
    }


def _given(widget_field: Field, request: dict[str, Any]) -> object:
    """The request's value for a field, under its name or a former one (an older
    link), else the field's default."""
    for name in (widget_field.name, *widget_field.former_names):
        if name in request:
            return request[name]
    return widget_field.default
