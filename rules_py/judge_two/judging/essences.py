"""Attributes and essences: tests draw on the nine attributes, saves on the four
essences, three of which are derived from attributes.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_py.core.errors import RulesInputError, require_choice
from rules_py.judge_two.judging.ranks import RANK_MAX, check_rank

__all__ = [
    "ATTRIBUTES",
    "ESSENCES",
    "ESSENCE_CAP_RULE",
    "ESSENCE_SOURCES",
    "FAITH_RULE",
    "derived_essence",
]

ATTRIBUTES = ("Arm", "Breath", "Eyes", "Feet", "Guts", "Hands", "Nose", "Spirit", "Tongue")
ESSENCES = ("Heart", "Mind", "Strength", "Faith")
# "Each of these three essences has a rank equal to the sum of the ranks of its
# three related attributes, divided by two and rounded down."
ESSENCE_SOURCES: Mapping[str, tuple[str, str, str]] = {
    "Heart": ("Nose", "Guts", "Tongue"),
    "Mind": ("Breath", "Eyes", "Hands"),
    "Strength": ("Arm", "Feet", "Spirit"),
}
ESSENCE_CAP_RULE = (
    "Three attributes at rank 3 would give an essence of 4, but essences rank "
    "from zero to three: this site caps a derived essence at 3."
)
# "Faith is determined differently and explained in detail in chapter 2."
FAITH_RULE = (
    "Faith is not derived from attributes: the text determines it differently, in its "
    "chapter 2, which these rules do not include."
)


def derived_essence(essence: str, attributes: Mapping[str, int]) -> int:
    """Rank of Heart, Mind or Strength from the three attributes it draws on.

    Rounded down after halving; capped at 3 (see ``ESSENCE_CAP_RULE``). Faith
    is refused with ``FAITH_RULE``: it is an essence, but not derived.
    """
    if essence == "Faith":
        raise RulesInputError("essence", FAITH_RULE)
    require_choice("essence", "Essence", essence, tuple(ESSENCE_SOURCES))
    total = 0
    for name in ESSENCE_SOURCES[essence]:
        if name not in attributes:
            raise RulesInputError(name.lower(), f"{name} is needed to work out {essence}.")
        total += check_rank(attributes[name], name.lower(), name)
    return min(total // 2, RANK_MAX)
