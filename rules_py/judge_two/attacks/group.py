"""Group attacks (The Way of All the Earth, "Group Attacks"): one set of
consequences per attacker, at most three risk in all.

"The attackers can decide among themselves who imposes which consequences in
what order": each attacker chooses among the options its own degrees give
(:func:`group_attack`), and :func:`group_consequences` takes them in the
order the attackers are numbered, counting risk until three in all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules_py.core.errors import RulesInputError, require_int
from rules_py.judge_two.attacks.consequences import (
    DEGREES_MAX,
    AttackResult,
    Consequence,
)
from rules_py.judge_two.attacks.defenders import RISK_MAX, Defender, DefenderKind
from rules_py.judge_two.attacks.hits import attack
from rules_py.judge_two.statuses import MARKS

__all__ = [
    "GROUP_ORDER_RULE",
    "GROUP_RISK_MAX",
    "GROUP_SHORTFALL_RULE",
    "GroupAttackResult",
    "GroupImposed",
    "group_attack",
    "group_consequences",
    "group_counter",
    "group_succeeds",
]

GROUP_RISK_MAX = 3  # "a group attack cannot impose more than three total risk"

GROUP_ORDER_RULE = (
    "The text lets the attackers decide who imposes what, in what order: this site takes "
    "them in the form's order, attacker 1 first, each imposing its risk until 3 in all; "
    "number the attackers in the order you agree."
)
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
    notes.append(GROUP_ORDER_RULE)
    return GroupAttackResult(results, tuple(notes))


@dataclass(frozen=True)
class GroupImposed:
    """One attacker's part of a successful group attack: the consequences it
    chose, and what of them counts once the group's risk reaches three."""

    attacker: int
    chosen: Consequence
    imposed: Consequence

    @property
    def capped(self) -> bool:
        return self.imposed.risk < self.chosen.risk


def group_consequences(
    result: GroupAttackResult, choices: Sequence[int], marks: Sequence[str] = ()
) -> tuple[GroupImposed, ...]:
    """Each attacker's chosen consequences (1 = the first listed), in the
    attackers' order (``GROUP_ORDER_RULE``): risk counts until
    ``GROUP_RISK_MAX`` in all, threats, marks and finishers all count.

    ``marks``, each attacker's mark, when given, must differ among the
    attackers whose choice imposes one: a character bears each mark once.
    """
    if len(choices) != len(result.each):
        raise RulesInputError(
            "attackers",
            f"A group attack of {len(result.each)} attackers needs {len(result.each)} "
            f"choices of consequences (got {len(choices)}).",
        )
    imposed: list[GroupImposed] = []
    left = GROUP_RISK_MAX
    marked: dict[str, int] = {}
    for number, (each, choice) in enumerate(zip(result.each, choices, strict=True), start=1):
        chosen = _choice(number, each, choice)
        risk = min(chosen.risk, left)
        left -= risk
        imposed.append(GroupImposed(number, chosen, replace(chosen, risk=risk)))
        if chosen.marks and number <= len(marks):
            mark = marks[number - 1]
            if mark in marked:
                free = ", ".join(m for m in MARKS if m not in marked)
                raise RulesInputError(
                    f"attacker{number}_mark",
                    f"Attacker {number}: mark imposed: attacker {marked[mark]} already imposes "
                    f"the {mark} mark, and a character bears each mark once; choose one of "
                    f"{free}.",
                )
            marked[mark] = number
    return tuple(imposed)


def _choice(number: int, each: AttackResult, choice: int) -> Consequence:
    options = each.options
    if isinstance(choice, bool) or not isinstance(choice, int) or not 1 <= choice <= len(options):
        listed = "; ".join(f"{n} = {o.text}" for n, o in enumerate(options, start=1))
        allowed = "1" if len(options) == 1 else f"1 to {len(options)}"
        raise RulesInputError(
            f"attacker{number}_impose",
            f"Attacker {number}: consequences to impose must be {allowed} ({listed}) "
            f"for {each.degrees} degrees counted (got {choice!r}).",
        )
    return options[choice - 1]


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
