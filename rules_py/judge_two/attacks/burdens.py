"""Armour, disguises and the burdened condition they bring on a failed attack,
and the disguise a critical state reveals.
"""

from __future__ import annotations

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.attacks.defenders import ARMOUR_RESISTANCE, CRITICAL_RISK, RISK_MAX
from rules_py.judge_two.judging import Outcome
from rules_py.judge_two.tables import tables

__all__ = ["BURDENED_EFFECT", "DISGUISES", "DISGUISE_REVEALED", "burdened", "disguise_revealed"]

DISGUISES: tuple[str, ...] = ("none", *(row.disguise for row in tables().disguises))

DISGUISE_REVEALED = (
    "At seven or more risk a disguise fails: the disguised character is revealed "
    "for who they really are and stripped of their composure."
)


def disguise_revealed(risk: int) -> bool:
    """Disguises: "a disguise will automatically fail to be persuasive if the
    disguised character ever reaches a critical state, defined as seven or
    more risk" (``DISGUISE_REVEALED``)."""
    return require_int("risk", "Risk", risk, 0, RISK_MAX) >= CRITICAL_RISK


BURDENED_EFFECT = (
    "Burdened: the next attack is resolved as a long test (a player character) "
    "or as a quick save (a non-player character attacking a player character)."
)


def burdened(
    outcome: Outcome, *, armour: str = "none", captain: bool = False, disguise: str = "none"
) -> bool:
    """Whether an attack's outcome leaves its attacker burdened.

    Light armour: on a guilty failure; heavy armour: on any failure, or on a
    guilty failure with the captain's proficiency ("reduces the penalty for
    wearing heavy armor to the light armor penalty"). A disguise differing in
    kind or gender: on a guilty failure; in kind and gender: on any failure.
    The outcomes are read from the armour and disguise tables.
    """
    if armour not in ARMOUR_RESISTANCE:
        allowed = ", ".join(ARMOUR_RESISTANCE)
        raise RulesInputError("armour", f"Armour must be one of: {allowed}.")
    if disguise not in DISGUISES:
        raise RulesInputError("disguise", f"Disguise must be one of: {', '.join(DISGUISES)}.")
    burdens = {
        "failure": not outcome.success,
        "guilty_failure": outcome is Outcome.GUILTY_FAILURE,
    }
    light_penalty = next(row.burdened_on for row in tables().armour if row.armour == "light")
    by_armour = any(
        burdens[light_penalty if captain and row.armour == "heavy" else row.burdened_on]
        for row in tables().armour
        if row.armour == armour
    )
    by_disguise = any(
        burdens[row.burdened_on] for row in tables().disguises if row.disguise == disguise
    )
    return by_armour or by_disguise
