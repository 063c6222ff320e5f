"""The table in play: two sides (Side A and Side B), the damage each has taken,
the initiative order, the cards chosen face down, and the log of moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from rules_py.huldufolk.actors import Actor

__all__ = [
    "LOG_MAX",
    "SIDES",
    "Pending",
    "SideKey",
    "Table",
    "describe_actor",
    "differs_from_form",
    "fresh_table",
    "other",
    "same_kind",
    "side_key",
]

LOG_MAX = 40  # the saved log keeps the last 40 moves

SideKey = Literal["a", "b"]
SIDES: tuple[SideKey, SideKey] = ("a", "b")


@dataclass(frozen=True)
class Pending:
    """Cards chosen face down, waiting for the other side.

    ``kind`` "exchange": the attacker's card is in ``picks``; "initiative":
    each side's initiative card as it is chosen; "contest": Side A's card in a
    contest of attack pools.
    """

    kind: Literal["exchange", "initiative", "contest"]
    attacker: SideKey
    picks: tuple[tuple[SideKey, int], ...] = ()

    def pick(self, side: SideKey) -> int | None:
        return dict(self.picks).get(side)


@dataclass(frozen=True)
class Table:
    a: Actor
    b: Actor
    damage_a: int = 0
    damage_b: int = 0
    order: tuple[SideKey, ...] = ()  # the initiative order while a combat is on
    pending: Pending | None = None
    log: tuple[str, ...] = ()
    turn: int = 0  # index in ``order`` of the side whose turn it is

    @property
    def in_combat(self) -> bool:
        return bool(self.order)

    def actor(self, side: SideKey) -> Actor:
        return self.a if side == "a" else self.b

    def damage(self, side: SideKey) -> int:
        return self.damage_a if side == "a" else self.damage_b

    def with_actor(self, side: SideKey, actor: Actor) -> Table:
        return replace(self, a=actor) if side == "a" else replace(self, b=actor)

    def with_damage(self, side: SideKey, damage: int) -> Table:
        return replace(self, damage_a=damage) if side == "a" else replace(self, damage_b=damage)

    def logged(self, entry: str) -> Table:
        return replace(self, log=(*self.log, entry)[-LOG_MAX:])

    def renamed(self, names: Mapping[SideKey, str]) -> Table:
        return replace(self, a=replace(self.a, name=names["a"]), b=replace(self.b, name=names["b"]))


def other(side: SideKey) -> SideKey:
    return "b" if side == "a" else "a"


def fresh_table(a: Actor, b: Actor) -> Table:
    entry = f"New decks: {describe_actor(a)}; {describe_actor(b)}."
    return Table(a, b, log=(entry,))


def describe_actor(actor: Actor) -> str:
    return f"{actor.name}, {actor.nature.value} {actor.rank.label} with a {actor.rank.deck_name}"


def differs_from_form(actor: Actor, spec: Actor, fight: bool) -> bool:
    """Does the actor in play differ from the form's in what matters now? A
    test uses only the deck; a fight also the nature and the thresholds."""
    return not same_kind(actor, spec) if fight else actor.rank is not spec.rank


def same_kind(actor: Actor, spec: Actor) -> bool:
    """Do the actor in play and the form's actor have the same deck and bases?"""
    bases = (actor.mundane.base, actor.supernatural.base if actor.supernatural else None)
    wanted = (spec.mundane.base, spec.supernatural.base if spec.supernatural else None)
    return (actor.rank, actor.nature, bases) == (spec.rank, spec.nature, wanted)


def side_key(value: str) -> SideKey:
    """``value`` as a :data:`SideKey`; a ValueError for anything but "a" or "b"."""
    if value == "a":
        return "a"
    if value == "b":
        return "b"
    raise ValueError(value)
