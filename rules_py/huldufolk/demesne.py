"""Demesne 5, Not in My House, Spend, as a defence (Huldufolk, Magic System:
Demesne).

    "Any time a supernatural power is used in the Demesne while this power is
    active, the user can choose to disallow it. This is a Defended challenge,
    but the card the Huldufolk uses is not expended by the test."

It is the Spend of a level 5 power, so it costs what
:func:`~rules_py.huldufolk.belief_cost.belief_cost` says for the defender's
rank: one Belief spent from Rank 3, one burned at Rank 2 ("must spend Belief
to use them, or Burn Belief to access their spend effects"), out of reach at
Rank 1. The defence still lowers the threshold: it is a Defended challenge
(:data:`HOUSE_THRESHOLD_NOTE`).
"""

from __future__ import annotations

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.belief_cost import BeliefCost, belief_cost, pay
from rules_py.huldufolk.harm import power
from rules_py.huldufolk.tables import belief_ranks

__all__ = [
    "HOUSE_KEY",
    "HOUSE_THRESHOLD_NOTE",
    "house_cost",
    "house_costs_by_rank",
    "pay_house",
]

HOUSE_KEY = "house_spend"
HOUSE_THRESHOLD_NOTE = (
    "Not in My House's Spend keeps the card, but the defence still lowers the threshold: "
    "it is a Defended challenge."
)


def house_cost(rank: int) -> BeliefCost:
    """What Not in My House's Spend costs a defender of Belief ``rank``
    (refused, field ``keep_card``, where the rank cannot use it)."""
    chosen = power(HOUSE_KEY)
    try:
        return belief_cost(rank, chosen.level, chosen.use)
    except RulesInputError as error:
        raise RulesInputError("keep_card", f"Not in My House: {error.message}") from None


def pay_house(rank: int, held: int, who: str) -> tuple[int, str]:
    """``who``'s Belief to spend after the Spend, and the cost in words."""
    cost = house_cost(rank)
    try:
        left = pay(held, cost, who)
    except RulesInputError as error:
        raise RulesInputError("keep_card", error.message) from None
    return left, f"{who}: Not in My House, {cost.words} ({cost.reason})."


def house_costs_by_rank() -> str:
    """The cost at every rank, for a defender whose Belief is not kept here."""
    parts = []
    for rule in belief_ranks():
        try:
            words = house_cost(rule.rank).words
        except RulesInputError:
            words = "cannot use it"
        parts.append(f"Rank {rule.rank}: {words}")
    return "; ".join(parts)
