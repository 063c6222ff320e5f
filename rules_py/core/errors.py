"""The one exception type for bad input, with messages written for players."""

from __future__ import annotations

__all__ = ["RulesInputError", "describe", "require_choice", "require_int"]


class RulesInputError(ValueError):
    """Input outside the rules: names the field and says what is allowed.

    ``field`` is the name of the request field (or a dotted path such as
    ``"state.hand"``) so the browser can show the message next to it.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def describe(value: object) -> str:
    """Show a rejected value briefly, so a message never echoes a whole essay."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def require_int(field: str, label: str, value: object, low: int, high: int) -> int:
    """Return ``value`` if it is a whole number in [low, high]; raise otherwise.

    ``bool`` is refused although it subclasses ``int``: ``true`` is not a score.
    """
    allowed = f"{label} must be a whole number from {low} to {high}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesInputError(field, f"{allowed} (got {describe(value)}).")
    if not low <= value <= high:
        raise RulesInputError(field, f"{allowed} (got {describe(value)}).")
    return value


def require_choice(field: str, label: str, value: object, allowed: tuple[str, ...]) -> str:
    """Return ``value`` if it is one of ``allowed``; raise otherwise."""
    if not isinstance(value, str) or value not in allowed:
        options = ", ".join(allowed)
        raise RulesInputError(field, f"{label} must be one of: {options} (got {describe(value)}).")
    return value
