"""The party at the browser boundary: each operation takes a parsed JSON
request and returns a JSON-ready result; :func:`rules_py.web.call` routes
``party.*`` names here and turns every refusal into an error answer.

Operations (request keys in brackets, ``?`` when optional):

- ``party.new`` (game, id?, name?): a new member as the rules start one;
- ``party.validate`` (member): the member checked, with what derives;
- ``party.apply`` / ``party.undo`` (member, changes): the member after them;
- ``party.event`` (member, event, values?, seed?): what the rules make of an
  event (a hit, a card played, a night's rest): the changes, the member after
  them, and lines for the roll log; a random event reports its seed;
- ``party.from_bestiary`` (creature, id?): a bestiary creature as a foe;
- ``party.load`` (party): a whole party (an imported file, the stored party)
  checked and brought to the current format.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from rules_py.cairn.bestiary import creatures, statline
from rules_py.core.errors import RulesInputError, describe
from rules_py.core.rng import Rng
from rules_py.party import versions
from rules_py.party.changes import (
    CHANGES_MAX,
    apply,
    changes_json,
    outcome_changes,
    read_changes,
    undo,
)
from rules_py.party.games import game, keys
from rules_py.party.members import derived_json, member_json, new_member, read_member, rules_of
from rules_py.party.roster import PARTY_MAX, party_json, read_party
from rules_py.party.sheet import NAME_MAX, check_id
from rules_py.widget import JsonValue

__all__ = ["NEW_NAME", "OPERATIONS", "SeedReader", "catalog", "new_id", "run"]

NEW_NAME = "New character"

SeedReader = Callable[[object], int]
Request = Mapping[str, Any]
Result = dict[str, JsonValue]


def new_id() -> str:
    """A fresh identifier from the OS's entropy (the browser's crypto in Pyodide)."""
    return f"m-{secrets.token_hex(6)}"


def _keys(request: Request, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in request:
        if key not in required and key not in optional:
            allowed = ", ".join((*required, *optional))
            raise RulesInputError(str(key), f"Unknown key {describe(key)}. Keys: {allowed}.")
    for key in required:
        if key not in request:
            raise RulesInputError(key, f"The request needs {key}.")


def _id(request: Request) -> str:
    return check_id(request["id"]) if "id" in request else new_id()


def _with_derived(member: Any) -> Result:
    return {"member": member_json(member), "derived": derived_json(member)}


def _new(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("game",), ("id", "name"))
    rules = game(request["game"])
    name = request.get("name", NEW_NAME)
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        raise RulesInputError("name", f"Name must be 1 to {NAME_MAX} characters.")
    return _with_derived(new_member(rules, _id(request), name))


def _validate(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("member",))
    return _with_derived(read_member(request["member"]))


def _apply(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("member", "changes"))
    member = read_member(request["member"])
    changes = read_changes(request["changes"])
    return {**_with_derived(apply(member, changes)), "changes": changes_json(changes)}


def _undo(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("member", "changes"))
    member = read_member(request["member"])
    changes = read_changes(request["changes"])
    return {**_with_derived(undo(member, changes)), "changes": changes_json(changes)}


def _event_values(fields: tuple[Any, ...], raw: object) -> dict[str, Any]:
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise RulesInputError("values", "An event's values must be a JSON object.")
    names = {f.name for f in fields}
    for key in raw:
        if key not in names:
            allowed = ", ".join(sorted(names)) or "none"
            raise RulesInputError(str(key), f"Unknown field {describe(key)}. Fields: {allowed}.")
    return {f.name: f.validate(raw.get(f.name, f.default)) for f in fields}


def _event(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("member", "event"), ("values", "seed"))
    member = read_member(request["member"])
    event = rules_of(member).event(request["event"])
    values = _event_values(event.fields, request.get("values"))
    seed = seed_of(request.get("seed"))
    outcome = event.handler(member, values, Rng(seed))
    changes = outcome_changes(member, outcome)
    after = apply(member, changes)  # the outcome, checked like any other input
    result: Result = {
        **_with_derived(after),
        "event": event.name,
        "changes": changes_json(changes),
        "summary": outcome.summary,
        "lines": [line for line in outcome.lines if line],
        "notes": list(outcome.notes),
    }
    if event.random:
        result["seed"] = seed
        result["seed_text"] = str(seed)
    return result


def _from_bestiary(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("creature",), ("id",))
    from rules_py.cairn.characters import creature_named, foe_from_creature

    foe = foe_from_creature(creature_named(request["creature"]), _id(request))
    return _with_derived(read_member(member_json(foe)))


def _load(request: Request, seed_of: SeedReader) -> Result:
    _keys(request, ("party",))
    members = read_party(request["party"])
    return {"party": party_json(members), "count": len(members)}


_HANDLERS: dict[str, Callable[[Request, SeedReader], Result]] = {
    "party.new": _new,
    "party.validate": _validate,
    "party.apply": _apply,
    "party.undo": _undo,
    "party.event": _event,
    "party.from_bestiary": _from_bestiary,
    "party.load": _load,
}
OPERATIONS = tuple(_HANDLERS)


def run(name: str, request: Request, seed_of: SeedReader) -> Result:
    """Run the operation ``name`` on ``request`` (both already checked for shape)."""
    return _HANDLERS[name](request, seed_of)


def catalog() -> dict[str, JsonValue]:
    """Every game's sheet (fields with bounds and defaults, caps, what derives),
    its events and its notes; the bestiary's creatures; the limits."""
    return {
        "version": versions.CURRENT_VERSION,
        "operations": list(OPERATIONS),
        "games": [game(key).describe() for key in keys()],
        "bestiary": [
            {"game": "cairn", "name": c.name, "anchor": c.anchor, "statline": statline(c)}
            for c in creatures()
        ],
        "limits": {"party": PARTY_MAX, "changes": CHANGES_MAX},
    }
