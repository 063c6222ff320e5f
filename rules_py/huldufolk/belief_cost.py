"""What a power's use costs in Belief (Huldufolk, Belief; Magic System).

Every Spend effect draws one Belief and every Burn effect burns one, except
where the rank says otherwise:

    Rank 1: "can purchase powers of level 3 or below and use them freely";
    "powers of level 4, but must spend Belief to use them, or Burn Belief to
    access their spend effects." Rank 2: likewise for level 4 and 5.
    Rank 3: "can purchase powers of level 5 or below and use them freely."
    Rank 4: "can use the Spend effect of level 1 powers without expenditure."
    Rank 5: "can use the Spend effect of level 2 and below powers without
    expenditure."

Read here: a rank's freedoms carry upwards (a Sovereign also uses level 5
freely); a power above what the rank can purchase is refused. The text is
silent on two cases, each a note the widgets show: a Burn effect of a power
the rank must spend to use costs one burned Belief, like any Burn; an actor
with no Belief rating cannot use a power (every power is bought by rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, require_int
from rules_py.huldufolk.tables import belief_rank, belief_ranks

__all__ = [
    "BURN_ABOVE_RANK_NOTE",
    "NO_RANK_NOTE",
    "POWER_LEVEL_MAX",
    "BeliefCost",
    "Use",
    "belief_cost",
    "pay",
]

POWER_LEVEL_MAX = 5
BURN_ABOVE_RANK_NOTE = (
    "A Burn effect of a power your rank must spend Belief to use costs one burned Belief, "
    "like any Burn: the text is silent."
)
NO_RANK_NOTE = "Without a Belief rating no power can be used: the text sells powers by rank."


class Use(StrEnum):
    """Which effect of a power: its plain effect, its Spend or its Burn."""

    PLAIN = "plain"
    SPEND = "spend"
    BURN = "burn"


@dataclass(frozen=True)
class BeliefCost:
    """``spent`` Belief spent and ``burned`` Belief burned, and why in words."""

    spent: int
    burned: int
    reason: str

    @property
    def total(self) -> int:
        return self.spent + self.burned

    @property
    def words(self) -> str:
        if self.burned:
            return "one Belief burned"
        if self.spent:
            return "one Belief spent"
        return "no Belief"


def belief_cost(rank: int, level: int, use: Use) -> BeliefCost:
    """The Belief a power of ``level`` costs an actor of Belief ``rank`` used as ``use``."""
    level = require_int("level", "Power level", level, 1, POWER_LEVEL_MAX)
    if rank == 0:
        raise RulesInputError("belief", NO_RANK_NOTE)
    rule = belief_rank(rank)
    title = f"Rank {rule.rank} ({rule.title})"
    # What lower ranks allow is allowed above them too (a Knight uses level 5 freely).
    free_spends = max(
        (r.free_spend_effects_up_to_level or 0 for r in belief_ranks() if r.rank <= rank),
        default=0,
    )
    must_spend = level == rule.spend_to_use_level
    if level > rule.free_up_to_level and not must_spend:
        raise RulesInputError(
            "power",
            f"{title} cannot purchase a level {level} power (powers up to level "
            f"{rule.spend_to_use_level or rule.free_up_to_level}).",
        )
    if use is Use.BURN:
        return BeliefCost(0, 1, "a Burn effect burns one Belief")
    if must_spend:
        if use is Use.PLAIN:
            return BeliefCost(1, 0, f"{title} must spend Belief to use a level {level} power")
        return BeliefCost(0, 1, f"{title} burns Belief for a level {level} power's Spend")
    if use is Use.PLAIN:
        return BeliefCost(0, 0, f"{title} uses level {level} powers freely")
    if level <= free_spends:
        return BeliefCost(
            0, 0, f"{title} uses the Spend of level {free_spends} and lower powers freely"
        )
    return BeliefCost(1, 0, "a Spend effect spends one Belief")


def pay(held: int, cost: BeliefCost, who: str) -> int:
    """Belief left to spend after ``cost``; refused when there is not enough."""
    if cost.total > held:
        raise RulesInputError(
            "belief_to_spend",
            f"{who} has {held} Belief to spend; this needs {cost.words} ({cost.reason}).",
        )
    return held - cost.total
