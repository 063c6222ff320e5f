"""Turns of a combat (Huldufolk, Miscellaneous Mechanics: Initiative): the
initiative cards, whose turn it is, who attacks, and the end of the combat.
"""

from __future__ import annotations

from dataclasses import replace

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.cards import card_list, card_name
from rules_py.huldufolk.initiative import Initiative, initiative
from rules_py.huldufolk.play.table import SIDES, Pending, SideKey, Table, side_key

__all__ = [
    "AUTO",
    "TURN_RULE",
    "acting_side",
    "choose_initiative_card",
    "end_combat",
    "initiative_chooser",
    "initiative_entry",
    "next_to_act",
    "start_initiative",
]

AUTO = "auto"  # "who attacks": the side whose turn it is

TURN_RULE = (
    "Who attacks follows the initiative order, one side after the other; choosing "
    "a side by hand overrides it without moving the turn."
)


def next_to_act(table: Table) -> SideKey | None:
    """The side whose turn it is in the initiative order; ``None`` out of combat."""
    if not table.in_combat:
        return None
    return table.order[table.turn % len(table.order)]


def acting_side(table: Table, choice: str) -> SideKey:
    """Who attacks: ``choice`` "a" or "b" overrides; ``AUTO`` follows the table.

    With ``AUTO``: the attacker whose card is face down, else the side whose
    turn it is, else (no combat yet) Side A.
    """
    if choice in SIDES:
        return side_key(choice)
    if choice != AUTO:
        raise RulesInputError("attacker", f"Who attacks must be auto, a or b (got {choice!r:.20}).")
    pending = table.pending
    if pending is not None and pending.kind == "exchange":
        return pending.attacker
    return next_to_act(table) or "a"


def initiative_chooser(table: Table) -> SideKey:
    """Who chooses an initiative card now: Side A first, then Side B."""
    pending = table.pending
    if pending is None or pending.kind != "initiative":
        raise RulesInputError("initiative", "Press Play initiative first.")
    return "b" if pending.picks else "a"


def start_initiative(table: Table) -> Table:
    if table.in_combat:
        raise RulesInputError(
            "initiative",
            "A combat is already under way: end it first, and the initiative cards return.",
        )
    return replace(table, pending=Pending("initiative", "a"))


def choose_initiative_card(
    table: Table, side: SideKey, card: object, rng: Rng
) -> tuple[Table, Initiative | None]:
    """One side's initiative card; once both are chosen, the order is settled."""
    pending = table.pending
    if pending is None or pending.kind != "initiative":
        raise RulesInputError("pick", "Press Play initiative first.")
    value = table.actor(side).hand.require(card, "pick")
    picks = (*pending.picks, (side, value))
    if len(picks) < len(SIDES):
        return replace(table, pending=replace(pending, picks=picks)), None
    played = dict(picks)
    result = initiative([(key, played[key]) for key in SIDES], rng)  # actors named by side
    for key in SIDES:
        actor = table.actor(key)
        hand = actor.hand.set_aside_for_initiative(played[key])
        table = table.with_actor(key, actor.with_hand(hand))
    order = tuple(side_key(key) for key in result.order)
    table = replace(table, order=order, pending=None, turn=0)
    return table.logged(initiative_entry(table, result)), result


def initiative_entry(table: Table, result: Initiative) -> str:
    """The log line of an initiative; ``result`` names the actors by side key."""
    plays = ", ".join(
        f"{table.actor(side_key(key)).name} {card_name(card)}" for key, card in result.plays
    )
    ties = "".join(
        "; tie, storyteller's deck: "
        + ", ".join(
            f"{table.actor(side_key(key)).name} {card_name(draw)}" for key, draw in tie.draws
        )
        for tie in result.tie_breaks
    )
    order = ", then ".join(table.actor(key).name for key in table.order)
    return f"Initiative: {plays}{ties}. Order: {order}."


def end_combat(table: Table) -> Table:
    if not table.in_combat:
        raise RulesInputError("end_combat", "There is no combat to end.")
    returned = ", ".join(
        f"{table.actor(key).name} {card_list(table.actor(key).hand.set_aside)}" for key in SIDES
    )
    for key in SIDES:
        actor = table.actor(key)
        table = table.with_actor(key, actor.with_hand(actor.hand.end_combat()))
    table = replace(table, order=(), pending=None, turn=0)
    return table.logged(f"The combat ends; initiative cards return ({returned}).")
