"""The one range type of the tables: "3-5", "12+", "5 or below".

Every game's tables band numbers into rows (reaction rolls, anima for
successes, challenge ratings, degrees of an attack). Each row holds an
:class:`IntRange`; ``None`` marks an open end.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["IntRange"]


@dataclass(frozen=True)
class IntRange:
    """Whole numbers from ``low`` to ``high``, both included; ``None`` is open."""

    low: int | None
    high: int | None

    def __post_init__(self) -> None:
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"empty range {self.low}-{self.high}")

    def holds(self, number: int) -> bool:
        return (self.low is None or number >= self.low) and (
            self.high is None or number <= self.high
        )

    @property
    def span(self) -> str:
        """As the tables write it: "2", "3-5", "12+", "5 or below", "any"."""
        if self.low is None:
            return "any" if self.high is None else f"{self.high} or below"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
