"""The bands of consequences an attack's degrees of success impose, and the
result of a successful attack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py.core.errors import require_int
from rules_py.judge_two.attacks.defenders import CRITICAL_RISK, RISK_MAX
from rules_py.judge_two.tables import tables

__all__ = [
    "DEGREES_MAX",
    "AttackResult",
    "Consequence",
    "band",
    "check_degrees",
    "consequences_text",
]

DEGREES_MAX = 12  # a Light of 6 at rank 3 against a challenge level of 0 is +9; PvP adds risk


@dataclass(frozen=True)
class Consequence:
    """One set of consequences the attacker may choose to impose."""

    risk: int = 0
    threats: int = 0
    marks: int = 0
    finisher: bool = False
    other_brutes: int = 0  # brutes beyond the defender who take the same threat

    @property
    def text(self) -> str:
        if self.finisher:
            return "a finisher"
        parts: list[str] = []
        if self.risk:
            parts.append(f"{self.risk} risk")
        if self.threats:
            whom = (
                f" on the brute and up to {self.other_brutes} other brute"
                f"{'s' if self.other_brutes != 1 else ''} of equal or lower power level"
                if self.other_brutes
                else ""
            )
            parts.append(f"{_count(self.threats, 'threat')}{whom}")
        if self.marks:
            parts.append(_count(self.marks, "mark"))
        return " and ".join(parts) if parts else "nothing"


def _count(number: int, noun: str) -> str:
    words = {1: "one", 2: "two"}
    return f"{words.get(number, str(number))} {noun}{'s' if number != 1 else ''}"


def consequences_text(options: Sequence[Consequence]) -> str:
    """Options joined for reading: 2 risk and one threat, or 3 risk and one mark."""
    return ", or ".join(option.text for option in options)


@dataclass(frozen=True)
class AttackResult:
    """A successful attack: its degrees as counted, and what it may impose."""

    base_degrees: int
    counted_risk: int
    options: tuple[Consequence, ...]
    risk_before: int
    notes: tuple[str, ...] = ()

    @property
    def degrees(self) -> int:
        return self.base_degrees + self.counted_risk

    @property
    def risk_imposed(self) -> int:
        """Risk of the first option (every option of a band imposes the same risk)."""
        return self.options[0].risk if self.options else 0

    @property
    def risk_after(self) -> int:
        """Capped at 12: "Any additional risk that is imposed on a character
        beyond twelve is ignored."
        """
        return min(RISK_MAX, self.risk_before + self.risk_imposed)

    @property
    def critical(self) -> bool:
        return self.risk_after >= CRITICAL_RISK


def band(degrees: int) -> tuple[Consequence, ...]:
    """The consequences of an attack with ``degrees`` (risk already added),
    read from the table the page prints; degrees below the first band (which
    no attack has) count as its lowest."""
    rows = tables().attack_bands
    for row in rows:
        if row.range.holds(max(degrees, rows[0].range.low or 0)):
            return tuple(
                Consequence(option.risk, option.threats, option.marks, option.finisher)
                for option in row.options
            )
    raise ValueError(f"no band of consequences holds {degrees}")  # the table is open-ended


def check_degrees(value: object, field: str = "degrees") -> int:
    return require_int(field, "Degrees of success", value, 0, DEGREES_MAX)
