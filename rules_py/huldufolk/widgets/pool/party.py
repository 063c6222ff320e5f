"""``huldufolk.pool`` and the party: the one who acts plays Side A and the
target Side B, with the party's cards, thresholds and damage instead of the
builder's saved ones; what a move does to them comes back as changes, and a
power's Spend or Burn draws on the acting member's Belief."""

from __future__ import annotations

from collections.abc import Mapping
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
from rules_py.huldufolk.demesne import house_costs_by_rank, pay_house
from rules_py.huldufolk.play import SideKey, Table, acting_side, other
from rules_py.huldufolk.powers import refresh_effects, restore_effects
from rules_py.widget import JsonValue

__all__ = [
    "BOOKKEEPING",
    "RESET_NOTE",
    "belief_left",
    "fill",
    "house_payment",
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


def house_payment(
    tbl: Table, table: AtTable, attacker: str, resolves: bool
) -> tuple[dict[SideKey, int], str]:
    """Not in My House's Spend for the defender of the exchange about to be
    resolved: its Belief to spend after it (a party member's, refused when
    short, field ``keep_card``) and the cost in words. A side the party does
    not play keeps no Belief: the words give the cost at each rank."""
    if not resolves:
        return {}, ""
    side = other(acting_side(tbl, attacker))
    member = dict(_members(table)).get(side)
    if member is None:
        name = tbl.actor(side).name
        return {}, (
            f"{name}: Not in My House costs {house_costs_by_rank()}. {name}'s Belief is not "
            "kept here: choose them in the party to have it drawn."
        )
    left, words = pay_house(member.belief, member.belief_to_spend, member.name)
    return {side: left}, words


def party_changes(
    tbl: Table, table: AtTable, action: str, summary: str, beliefs: Mapping[SideKey, int]
) -> dict[str, JsonValue]:
    pairs = []
    for key, member in _members(table):
        after = member_after(member, tbl.actor(key), tbl.damage(key))
        if key in beliefs:
            after = replace(after, belief_to_spend=beliefs[key])
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
