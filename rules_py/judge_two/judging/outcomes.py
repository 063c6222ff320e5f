"""The four outcomes of the Action Resolution Summary, and degrees of success or
failure as the text writes them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Outcome", "outcome_of", "signed"]


class Outcome(StrEnum):
    """The four outcomes of the Action Resolution Summary."""

    INNOCENT_SUCCESS = "Innocent Success"
    GUILTY_SUCCESS = "Guilty Success"
    INNOCENT_FAILURE = "Innocent Failure"
    GUILTY_FAILURE = "Guilty Failure"

    @property
    def success(self) -> bool:
        return self in (Outcome.INNOCENT_SUCCESS, Outcome.GUILTY_SUCCESS)

    @property
    def innocent(self) -> bool:
        return self in (Outcome.INNOCENT_SUCCESS, Outcome.INNOCENT_FAILURE)


def outcome_of(success: bool, innocent: bool) -> Outcome:
    if success:
        return Outcome.INNOCENT_SUCCESS if innocent else Outcome.GUILTY_SUCCESS
    return Outcome.INNOCENT_FAILURE if innocent else Outcome.GUILTY_FAILURE


def signed(degrees: int) -> str:
    """Degrees "noted with a number immediately following the result with a +X
    for degrees of success or a -X for degrees of failure"."""
    return f"+{degrees}" if degrees >= 0 else f"-{-degrees}"
