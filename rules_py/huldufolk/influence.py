"""How far a Huldufolk's influence reaches (Huldufolk, Belief).

Each rank of Belief sets two radii: "The Huldufolk's Personal Influence is
10 meters in radius" and "Territorial Influence is 1 km in radius" at Rank 1,
up to 50 meters and 5 km at Rank 5. Strife 5, I am become Death, strikes
every enemy "within their Personal Influence"; its Burn gives those a base
damage of 2 and "additionally inflicts the normal attack against all
characters within their Territorial Influence".

The text gives only the radii; someone standing exactly at a radius is read
as within it (:data:`EDGE_NOTE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules_py.huldufolk.tables import belief_rank

__all__ = ["EDGE_NOTE", "METRES_MAX", "Influence", "Reach", "influence", "reach"]

METRES_PER_KM = 1000
# A site bound for a distance typed in (five times the widest Territorial
# Influence): anyone farther is simply beyond every reach.
METRES_MAX = 25_000
EDGE_NOTE = "Someone exactly at a radius is within it: the text gives only the radius."


class Reach(StrEnum):
    """Where someone stands from a Huldufolk: within the Personal Influence,
    within the Territorial Influence only, or beyond both."""

    PERSONAL = "personal"
    TERRITORIAL = "territorial"
    BEYOND = "beyond"

    @property
    def words(self) -> str:
        return {
            Reach.PERSONAL: "within the Personal Influence",
            Reach.TERRITORIAL: "within the Territorial Influence",
            Reach.BEYOND: "beyond the Territorial Influence",
        }[self]


@dataclass(frozen=True)
class Influence:
    """The two radii of a Belief rank, in metres."""

    rank: int
    personal_m: int
    territorial_m: int

    @property
    def words(self) -> str:
        return (
            f"Rank {self.rank}: Personal Influence {self.personal_m} m, "
            f"Territorial Influence {self.territorial_m // METRES_PER_KM} km"
        )


def influence(rank: object) -> Influence:
    """The radii of Belief ``rank`` (1 to 5; refused otherwise, field ``belief``)."""
    rule = belief_rank(rank)
    return Influence(
        rule.rank, rule.personal_influence_m, rule.territorial_influence_km * METRES_PER_KM
    )


def reach(rank: object, metres: int) -> Reach:
    """Where someone ``metres`` away stands from a Huldufolk of Belief ``rank``."""
    radii = influence(rank)
    if metres <= radii.personal_m:
        return Reach.PERSONAL
    if metres <= radii.territorial_m:
        return Reach.TERRITORIAL
    return Reach.BEYOND
