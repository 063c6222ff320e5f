"""``huldufolk.pool`` and the party: the one who acts plays Side A and the
target Side B, with the party's cards, thresholds and damage instead of the
builder's saved ones; what a move does to them comes back as changes, and a
power's Spend or Burn draws on the acting member's Belief."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_py.at_table import AtTable
from rules_py.huldufolk.belief_cost import Use, belief_cost, pay
from rules_py.huldufolk.characters.at_play import (
    actor_fill,
    engine_actor,
    huldufolk_table,
    member_after,
    party_result,
)
from rules_py.huldufolk.play import SideKey, Table
from rules_py.huldufolk.powers import refresh_effects, restore_effects
from rules_py.widget import JsonValue

__all__ = [
    "BOOKKEEPING",
    "RESET_NOTE",
    "belief_left",
    "fill",
    "party_changes",
    "seat",
    "seated",
]

BOOKKEEPING = ("play", "initiative", "end_combat")
RESET_NOTE = "Reset gives new decks to the sides the party does not play: a party deck stays."


def _members(table: AtTable) -> tuple[tuple[SideKey, Any], ...]:
    table = huldufolk_table(table)
    pairs: list[tuple[SideKey, Any]] = []
    if table.actor is not None:
        pairs.append(("a", table.actor))
    if table.target is not None:
        pairs.append(("b", table.target))
    return tuple(pairs)


def seated(table: AtTable) -> bool:
    """Does the party play a side?"""
    return bool(_members(table))


def seat(tbl: Table, table: AtTable) -> Table:
    """The party's members in their sides' places, with their own decks,
    thresholds and damage."""
    for key, member in _members(table):
        tbl = tbl.with_actor(key, engine_actor(member)).with_damage(key, member.damage)
    return tbl


def belief_left(table: AtTable, power_key: str) -> tuple[int | None, str]:
    """The acting member's Belief to spend after using ``power_key``, and why
    in words; ``None`` without a Huldufolk actor (nobody's Belief is kept)."""
    actor = huldufolk_table(table).actor
    if actor is None:
        return None, ""
    levels: dict[str, tuple[int, Use]] = {e.key: (e.level, e.use) for e in refresh_effects()}
    levels.update({e.key: (e.level, e.use) for e in restore_effects()})
    level, use = levels[power_key]
    cost = belief_cost(actor.belief, level, use)
    if not cost.total:
        return actor.belief_to_spend, ""
    return pay(
        actor.belief_to_spend, cost, actor.name
    ), f"{actor.name}: {cost.words} ({cost.reason})."


def party_changes(
    tbl: Table, table: AtTable, action: str, summary: str, belief: int | None
) -> dict[str, JsonValue]:
    pairs = []
    for key, member in _members(table):
        after = member_after(member, tbl.actor(key), tbl.damage(key))
        if key == "a" and belief is not None:
            after = replace(after, belief_to_spend=belief)
        pairs.append((member, after))
    actor = huldufolk_table(table).actor
    return party_result(pairs, summary, actor, bookkeeping=action in BOOKKEEPING)


def fill(table: AtTable) -> dict[str, dict[str, Any]]:
    """Side A's setup from the one who acts, Side B's from the target."""
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for key, member in _members(table):
        found, why = actor_fill(member, f"{key}_", belief=False)
        found[f"{key}_fatigued"] = member.fatigued
        why[f"{key}_fatigued"] = f"{member.name}'s Fatigue (Life 4)"
        values.update(found)
        sources.update(why)
    return {"values": values, "from": sources}
