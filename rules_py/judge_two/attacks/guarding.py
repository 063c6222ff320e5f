"""An ally guards (The Way of All the Earth, "Guarding"): two risk to the guard,
who then defends in the target's place.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.attacks.consequences import AttackResult, Consequence
from rules_py.judge_two.attacks.defenders import RISK_MAX, Defender, DefenderKind
from rules_py.judge_two.attacks.hits import attack

__all__ = ["GUARD_RISK", "GuardResult", "guard"]

GUARD_RISK = 2  # "The guarding ally voluntarily increases their own risk by two"


@dataclass(frozen=True)
class GuardResult:
    guard_risk_before: int
    guard_risk_after: int  # after the voluntary +2
    defended: bool
    on_guard: tuple[Consequence, ...]  # a threat on the guard, if the defence fails
    on_target: AttackResult | None  # the attack's effects, counted against the guard


def guard(guard_defender: Defender, degrees: int | None, target_risk: int = 0) -> GuardResult:
    """An ally guards: +2 risk to the guard, who then defends.

    ``degrees`` is None when the guard's defence succeeds. Otherwise "the
    attacker may impose a threat on the guarding ally and then impose the normal
    effects of an attack on their original target, whatever is appropriate for
    the attack's degree of success against the guarding ally".
    """
    if guard_defender.kind is not DefenderKind.CHARACTER:
        raise RulesInputError("kind", "Only a player character or a foe can guard here.")
    if guard_defender.risk >= RISK_MAX:
        raise RulesInputError(
            "risk",
            "A guard at 12 risk cannot voluntarily increase their own risk, so cannot guard.",
        )
    target_risk = require_int("target_risk", "Target's risk", target_risk, 0, RISK_MAX)
    raised = min(RISK_MAX, guard_defender.risk + GUARD_RISK)
    if degrees is None:
        return GuardResult(guard_defender.risk, raised, True, (), None)
    as_guarded = Defender(
        DefenderKind.CHARACTER, raised, guard_defender.resistance, guard_defender.resolve
    )
    against_guard = attack(degrees, as_guarded)
    on_target = AttackResult(
        against_guard.base_degrees,
        against_guard.counted_risk,
        against_guard.options,
        target_risk,
        against_guard.notes,
    )
    return GuardResult(guard_defender.risk, raised, False, (Consequence(threats=1),), on_target)
