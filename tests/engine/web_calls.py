"""Calls to ``rules_py.web`` as the browser makes them, for the engine tests
of the rollers and the party: JSON in, JSON out."""

from __future__ import annotations

import json
from typing import Any

from rules_py import web

__all__ = ["call", "new_member", "ok", "refused"]


def call(name: str, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return answer


def ok(name: str, request: dict[str, Any]) -> dict[str, Any]:
    """The result of a call that must be answered."""
    answer = call(name, request)
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def refused(name: str, request: dict[str, Any]) -> dict[str, Any]:
    """The error of a call that must be refused: its field and message."""
    answer = call(name, request)
    assert not answer["ok"], answer
    error: dict[str, Any] = answer["error"]
    return error


def new_member(game: str, name: str, **values: Any) -> dict[str, Any]:
    """A new party member of ``game`` as ``party.new`` makes it, with ``values`` set."""
    member: dict[str, Any] = ok("party.new", {"game": game, "name": name})["member"]
    member.update(values)
    return member
