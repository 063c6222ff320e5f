"""A party member in a Huldufolk roller: its deck, thresholds, damage and
Belief go in from the member, and what the roll did comes back as changes.

One deck state per actor: when the reader has chosen a Huldufolk member, a
roller takes that member's cards, thresholds, damage and Belief instead of
its own saved ones, and its result carries the changes, made with
:func:`rules_py.party.changes.diff`. Cards played from the actor's own deck
(and nothing else) are bookkeeping the reader did not choose: such a result
says ``"apply": "auto"``; anything else waits for Apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules_py.at_table import AtTable
from rules_py.huldufolk.actors import Actor
from rules_py.huldufolk.characters.happenings import actor_of, with_actor
from rules_py.huldufolk.characters.records import HuldufolkActor
from rules_py.party.changes import Change, changes_json, diff
from rules_py.widget import JsonValue

__all__ = [
    "DECK_FIELDS",
    "PARTY_NOTE",
    "engine_actor",
    "huldufolk_table",
    "member_after",
    "party_result",
]

DECK_FIELDS = frozenset({"cards", "set_aside"})
PARTY_NOTE = "Cards, thresholds, damage and Belief come from the party; Apply keeps the rest."


def huldufolk_table(table: AtTable) -> AtTable:
    """Only the Huldufolk members of the table."""
    return table.of_game("huldufolk")


def member_after(
    member: HuldufolkActor, actor: Actor, damage: int, belief_to_spend: int | None = None
) -> HuldufolkActor:
    """``member`` holding what the roller left it: cards, thresholds, damage, Belief."""
    after = replace(with_actor(member, actor), damage=damage)
    if belief_to_spend is not None:
        after = replace(after, belief_to_spend=belief_to_spend)
    return after


def party_result(
    pairs: Sequence[tuple[Any, Any]], summary: str, actor: Any, *, bookkeeping: bool
) -> dict[str, JsonValue]:
    """``changes`` for every (before, after) member pair, and ``apply: auto``
    when the move is ``bookkeeping`` (cards played, set aside for initiative
    or back after a combat: nothing the reader chose to do to anyone) and
    only the acting member's own cards change."""
    changes: list[Change] = []
    for before, after in pairs:
        if before is not None and after is not None:
            changes.extend(diff(before, after, summary[:300]))
    if not changes:
        return {}
    result: dict[str, JsonValue] = {"changes": changes_json(changes)}
    if (
        bookkeeping
        and actor is not None
        and all(c.field in DECK_FIELDS and c.who == actor.id for c in changes)
    ):
        result["apply"] = "auto"
    return result


def engine_actor(member: HuldufolkActor) -> Actor:
    """The engine's actor for ``member`` (its deck and thresholds)."""
    return actor_of(member)


def actor_fill(
    member: Any, prefix: str, *, belief: bool
) -> tuple[dict[str, JsonValue], dict[str, str]]:
    """Form values a roller's side takes from ``member`` (``prefix`` "a_",
    "hero_"...): name, actor, nature and base thresholds (and Belief), each
    with where it came from."""
    values: dict[str, JsonValue] = {
        f"{prefix}name": member.name,
        f"{prefix}rank": member.rank,
        f"{prefix}nature": member.nature,
        f"{prefix}mundane": member.mundane_base,
        f"{prefix}supernatural": member.supernatural_base,
    }
    sources = {
        f"{prefix}name": f"{member.name}'s name",
        f"{prefix}rank": f"{member.name}'s actor",
        f"{prefix}nature": f"{member.name}'s nature",
        f"{prefix}mundane": f"{member.name}'s mundane base threshold",
        f"{prefix}supernatural": f"{member.name}'s supernatural base threshold",
    }
    if belief:
        values[f"{prefix}belief"] = member.belief
        values[f"{prefix}belief_to_spend"] = member.belief_to_spend
        sources[f"{prefix}belief"] = f"{member.name}'s Belief rank"
        sources[f"{prefix}belief_to_spend"] = f"{member.name}'s Belief to spend"
    return values, sources
