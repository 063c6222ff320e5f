"""One hit, step by step: what the damage does to HP (or Grit) and to the
ability before any save is rolled, and the kind of outcome it leads to.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.cairn.harm.injuries import harm_band
from rules_py.cairn.harm.targets import Target, harmed_ability
from rules_py.cairn.rulesets import CAIRN, MIGHT_HEART
from rules_py.core.errors import require_int

__all__ = ["Stage", "outcome_key", "stage"]


@dataclass(frozen=True)
class Stage:
    """Everything a hit decides before any save is rolled."""

    damage: int
    pool_after: int
    overflow: int
    ability: str
    ability_after: int
    direct: bool = False

    @property
    def needs_save(self) -> bool:
        # Only damage carried over from HP calls for the save against critical damage.
        return self.overflow > 0 and self.ability_after > 0 and not self.direct


def stage(target: Target, damage: int) -> Stage:
    damage = require_int("damage", "Damage", damage, 0, 99)
    ability = harmed_ability(target)
    if target.direct:
        return Stage(
            damage=damage,
            pool_after=target.pool,
            overflow=damage,
            ability=ability,
            ability_after=max(target.score(ability) - damage, 0),
            direct=True,
        )
    overflow = max(damage - target.pool, 0)
    return Stage(
        damage=damage,
        pool_after=max(target.pool - damage, 0),
        overflow=overflow,
        ability=ability,
        ability_after=max(target.score(ability) - overflow, 0),
    )


def outcome_key(target: Target, hit: Stage, passed: bool | None) -> str:
    """The kind of outcome, named the same way for rolls and odds.

    ``passed`` is the save's result, or None where no save is rolled.
    """
    if hit.damage == 0:
        return "unhurt"
    if hit.direct:
        return "dead" if hit.ability_after == 0 else "ability"
    if hit.overflow == 0:
        return "zero" if hit.pool_after == 0 and target.rules == CAIRN else "pool"
    if target.rules == MIGHT_HEART and target.kind != "detachment":
        injury = harm_band(hit.overflow)[0].lower()
        return f"{'saved' if passed else 'failed'}-{injury}"
    if hit.ability_after == 0:
        return "dead"
    return "saved" if passed else "critical"
