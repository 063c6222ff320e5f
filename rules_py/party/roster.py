"""A whole party as one JSON document: what the browser keeps and what an
exported file holds. ``{"version": 1, "members": [<member>, ...]}``.

An imported file is untrusted input: it is migrated, then every member is
read like typed input; one bad member refuses the whole file, with a message
that names the member and the field, so nothing is half-imported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.party import versions
from rules_py.party.members import member_json, read_member
from rules_py.widget import JsonValue

__all__ = ["PARTY_MAX", "party_json", "read_party"]

PARTY_MAX = 24  # two full tables of characters and foes


def party_json(members: Sequence[Any]) -> dict[str, JsonValue]:
    return {
        "version": versions.CURRENT_VERSION,
        "members": [member_json(member) for member in members],
    }


def read_party(raw: object) -> tuple[Any, ...]:
    """The members of a party document, checked; refuses the whole on any fault."""
    if not isinstance(raw, Mapping):
        raise RulesInputError("party", "A party must be a JSON object with its members.")
    document = versions.migrate(raw, "party", "party")
    if set(document) != {"version", "members"}:
        raise RulesInputError("party", "A party holds a version and its members, nothing else.")
    listed = document["members"]
    if not isinstance(listed, list):
        raise RulesInputError("party", "A party's members must be a list.")
    if len(listed) > PARTY_MAX:
        raise RulesInputError(
            "party", f"A party holds at most {PARTY_MAX} members (got {len(listed)})."
        )
    members: list[Any] = []
    for index, raw_member in enumerate(listed):
        try:
            member = read_member(raw_member)
        except RulesInputError as error:
            name = raw_member.get("name") if isinstance(raw_member, Mapping) else None
            who = f"Member {index + 1}" + (f" ({name})" if isinstance(name, str) else "")
            raise RulesInputError(
                f"members.{index}.{error.field}", f"{who[:60]}: {error.message}"
            ) from None
        if any(other.id == member.id for other in members):
            raise RulesInputError(
                f"members.{index}.id",
                f"Member {index + 1} ({member.name}) has the identifier of another member.",
            )
        members.append(member)
    return tuple(members)
