"""Two small tables: the Reaction roll and the Die of Fate, with exact odds.

Reactions (seed 004 and seed 001 alike): "When the PCs encounter an NPC whose
reaction to the party is not obvious, the Warden may roll 2d6 and consult the
following table": 2 Hostile, 3-5 Wary, 6-8 Curious, 9-11 Kind, 12 Helpful.

Die of Fate (seed 001 only): "roll 1d6 whenever the outcome of an event is
uncertain [...] A roll of 4 or more generally favors the PCs, while a roll of
3 or under usually means bad luck for the PCs."
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.rng import Rng

__all__ = [
    "FATE_BANDS",
    "FATE_DIE",
    "REACTION_BANDS",
    "Band",
    "TableRoll",
    "band_for",
    "band_odds",
    "fate_odds",
    "reaction_dist",
    "reaction_odds",
    "roll_fate",
    "roll_reaction",
]


@dataclass(frozen=True)
class Band:
    low: int
    high: int
    result: str

    @property
    def span(self) -> str:
        """ "3-5" as the table writes it, or "2" for a single number."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def holds(self, total: int) -> bool:
        return self.low <= total <= self.high


REACTION_BANDS = (
    Band(2, 2, "Hostile"),
    Band(3, 5, "Wary"),
    Band(6, 8, "Curious"),
    Band(9, 11, "Kind"),
    Band(12, 12, "Helpful"),
)
FATE_BANDS = (
    Band(1, 3, "Bad luck for the PCs"),
    Band(4, 6, "Favours the PCs"),
)
FATE_DIE = 6


def band_for(bands: tuple[Band, ...], total: int) -> Band:
    for band in bands:
        if band.holds(total):
            return band
    raise ValueError(f"no band holds {total}")


def reaction_dist() -> dist.Dist[int]:
    return dist.sum_of(2, dist.die(6))


def band_odds(bands: tuple[Band, ...], totals: dist.Dist[int]) -> tuple[tuple[Band, Fraction], ...]:
    """Each band with the exact chance that the roll lands in it."""
    return tuple((band, totals.where(band.holds)) for band in bands)


def reaction_odds() -> tuple[tuple[Band, Fraction], ...]:
    return band_odds(REACTION_BANDS, reaction_dist())


def fate_odds() -> tuple[tuple[Band, Fraction], ...]:
    return band_odds(FATE_BANDS, dist.die(FATE_DIE))


@dataclass(frozen=True)
class TableRoll:
    dice: tuple[int, ...]
    band: Band

    @property
    def total(self) -> int:
        return sum(self.dice)


def roll_reaction(rng: Rng) -> TableRoll:
    rolled = rng.dice(2, 6)
    return TableRoll(rolled, band_for(REACTION_BANDS, sum(rolled)))


def roll_fate(rng: Rng) -> TableRoll:
    rolled = (rng.die(FATE_DIE),)
    return TableRoll(rolled, band_for(FATE_BANDS, rolled[0]))
