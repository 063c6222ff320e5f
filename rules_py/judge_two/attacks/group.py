"""Group attacks (The Way of All the Earth, "Group Attacks"): one set of
consequences per attacker, at most three risk in all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.attacks.consequences import DEGREES_MAX, AttackResult
from rules_py.judge_two.attacks.defenders import RISK_MAX, Defender, DefenderKind
from rules_py.judge_two.attacks.hits import attack

__all__ = [
    "GROUP_RISK_MAX",
    "GROUP_SHORTFALL_RULE",
    "GroupAttackResult",
    "group_attack",
    "group_counter",
    "group_succeeds",
]

GROUP_RISK_MAX = 3  # "a group attack cannot impose more than three total risk"

GROUP_SHORTFALL_RULE = (
    "A group attack member whose own Final Light fell short: the text is silent; "
    "this site counts their degrees as 0, so they still impose one set of consequences."
)


@dataclass(frozen=True)
class GroupAttackResult:
    each: tuple[AttackResult, ...]
    notes: tuple[str, ...]

    @property
    def risk_imposed(self) -> int:
        """Capped: "a group attack cannot impose more than three total risk"."""
        return min(GROUP_RISK_MAX, sum(result.risk_imposed for result in self.each))

    @property
    def risk_after(self) -> int:
        before = self.each[0].risk_before
        return min(RISK_MAX, before + self.risk_imposed)


def group_attack(
    degrees: Sequence[int], defender: Defender, *, veiled: bool = False
) -> GroupAttackResult:
    """A successful group attack: one set of consequences per attacker.

    Each attacker's own degrees count against the defender's risk before the
    attack ("Risk imposed by individual attackers in a group attack does not
    impact the degree of success of other individual attackers").
    """
    if not 2 <= len(degrees) <= 3:
        raise RulesInputError(
            "attackers", f"A group attack has 2 or 3 attackers (got {len(degrees)})."
        )
    notes: list[str] = []
    counted: list[int] = []
    for number, value in enumerate(degrees, start=1):
        whole = require_int(
            f"degrees{number}", f"Degrees of attacker {number}", value, -DEGREES_MAX, DEGREES_MAX
        )
        if whole < 0 and GROUP_SHORTFALL_RULE not in notes:
            notes.append(GROUP_SHORTFALL_RULE)
        counted.append(max(0, whole))
    results = tuple(attack(d, defender, veiled=veiled) for d in counted)
    notes.append(
        "A group attack imposes at most 3 risk in all; the attackers decide who "
        "imposes which consequences, in what order."
    )
    return GroupAttackResult(results, tuple(notes))


def group_succeeds(degrees: Sequence[int]) -> bool:
    """Group Tests: "If the total degrees of success earned by both player
    characters is zero or greater, then the test succeeds"."""
    return sum(degrees) >= 0


def group_counter(defender: DefenderKind) -> str:
    """Who a successful defender of a group attack may counter-attack.

    Group Attacks: "A successful defender of a group attack can only
    counterattack a single attacker if they are eligible to counterattack at
    all." Nemeses: "nemeses can counterattack every attacker when a group
    attack fails against them".
    """
    if defender is DefenderKind.NEMESIS:
        return "A nemesis can counter-attack every attacker."
    return "The defender can counter-attack a single attacker, if eligible."
