"""Huldufolk data tables, read once from ``rules_py/huldufolk/data/*.json``.

The challenge-rating bands and the Belief ranks are published on the rule pages
from these same records, so the page and the card pool builder agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules_py.core.data import load_json
from rules_py.core.errors import require_int
from rules_py.core.ranges import IntRange

__all__ = [
    "CR_MAX",
    "CR_MIN",
    "BeliefRank",
    "ChallengeBand",
    "band_of",
    "belief_rank",
    "belief_ranks",
    "challenge_bands",
    "check_rating",
]


@dataclass(frozen=True)
class ChallengeBand:
    """One band of challenge ratings, as the rules head it (``band``: "5",
    "6-12", "30+"). ``range`` is open below for the bottom band ("5 or below")
    and open above for the top band ("30+")."""

    band: str
    range: IntRange
    label: str
    text: str


@dataclass(frozen=True)
class BeliefRank:
    """One rank of Belief. The ``text`` lines are the rules' own words."""

    rank: int
    title: str
    free_up_to_level: int
    spend_to_use_level: int | None
    free_spend_effects_up_to_level: int | None
    personal_influence_m: int
    territorial_influence_km: int
    text: tuple[str, ...]


@cache
def challenge_bands() -> tuple[ChallengeBand, ...]:
    records = load_json("huldufolk", "challenge_ratings.json")["bands"]
    return tuple(
        ChallengeBand(
            band=str(record["band"]),
            range=IntRange(record["low"], record["high"]),
            label=str(record["label"]),
            text=str(record["text"]),
        )
        for record in records
    )


@cache
def belief_ranks() -> tuple[BeliefRank, ...]:
    records = load_json("huldufolk", "belief.json")["ranks"]
    return tuple(
        BeliefRank(
            rank=int(record["rank"]),
            title=str(record["title"]),
            free_up_to_level=int(record["free_up_to_level"]),
            spend_to_use_level=record["spend_to_use_level"],
            free_spend_effects_up_to_level=record["free_spend_effects_up_to_level"],
            personal_influence_m=int(record["personal_influence_m"]),
            territorial_influence_km=int(record["territorial_influence_km"]),
            text=tuple(str(line) for line in record["text"]),
        )
        for record in records
    )


CR_MIN = 1
CR_MAX = 60  # past 30 "here, there be dragons"; the form stops somewhere


def check_rating(value: object, field: str = "cr") -> int:
    return require_int(field, "Challenge rating", value, CR_MIN, CR_MAX)


def band_of(rating: int) -> ChallengeBand:
    """The band a challenge rating falls in (CR 1-5 are all "basic")."""
    rating = check_rating(rating)
    for band in challenge_bands():
        if band.range.holds(rating):
            return band
    raise AssertionError(f"no band holds CR {rating}")  # the data test rules this out


def belief_rank(rank: object) -> BeliefRank:
    value = require_int("belief", "Belief rank", rank, 1, len(belief_ranks()))
    return belief_ranks()[value - 1]
