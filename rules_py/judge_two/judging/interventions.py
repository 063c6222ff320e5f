"""The gamemaster's interventions a judged roll leads to, before and after it."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.judge_two.judging.choosing import Judgment
from rules_py.judge_two.judging.conditions import ActionKind, Conditions

__all__ = ["Aftermath", "aftermath"]


@dataclass(frozen=True)
class Aftermath:
    """Whether the gamemaster intervenes, before and after the roll."""

    before: bool
    after: bool
    text: str


def aftermath(judgment: Judgment, conditions: Conditions) -> Aftermath:
    """Interventions a judged roll leads to.

    Quick: "Quick tests and saves cannot lead to a gamemaster intervention,
    regardless of test's or save's Truth die." Long: "the gamemaster first
    intervenes, with any saves this prompts being quick, and then the player
    resolves their test as normal."
    """
    before = conditions.long
    after = not judgment.innocent and not conditions.quick
    parts: list[str] = []
    if before:
        parts.append(
            "Long test: the gamemaster intervened first (any saves it prompted were quick)."
        )
    if after:
        if conditions.kind is ActionKind.SAVE:
            parts.append(
                "Guilty save: the gamemaster intervenes again; only an innocent save "
                "passes the turn to the next player."
            )
        else:
            parts.append(
                "Guilty: the gamemaster intervenes before the turn passes to another player."
            )
    elif conditions.quick and not judgment.innocent:
        parts.append(
            "Quick: no intervention although the Truth die is guilty; the turn passes to "
            "another player. The roll still counts as guilty for feats and abilities."
        )
    else:
        parts.append("Innocent: the turn passes directly to another player, no intervention.")
    return Aftermath(before, after, " ".join(parts))
