"""The exact chance of every outcome of a hit whose damage follows a
distribution, and the outcomes' labels in display order.
"""

from __future__ import annotations

from fractions import Fraction

from rules_py.cairn import saves as cairn
from rules_py.cairn.harm.injuries import harm_table
from rules_py.cairn.harm.stages import Stage, outcome_key, stage
from rules_py.cairn.harm.targets import Target, check_target, harmed_ability
from rules_py.cairn.harm.texts import ZERO_MEANING, cairn_zero
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set
from rules_py.core import dist

__all__ = ["chance_of", "outcome_dist", "outcome_labels"]


def outcome_labels(target: Target) -> tuple[tuple[str, str], ...]:
    """Every outcome of a hit on ``target`` in display order, with its label."""
    ruleset = rule_set(target.rules)
    pool = ruleset.protection
    ability = harmed_ability(target)
    if target.direct:
        return (
            ("unhurt", "No damage"),
            ("ability", f"{ability} loss"),
            ("dead", f"{ability} 0: {cairn_zero(target, ability)}"),
        )
    labels: list[tuple[str, str]] = [("unhurt", "No damage"), ("pool", f"{pool} loss only")]
    if target.rules == CAIRN:
        exact = "HP exactly 0 (scar)" if target.kind == "pc" else "HP exactly 0"
        labels.append(("zero", exact))
    if target.rules == MIGHT_HEART and target.kind != "detachment":
        for row in harm_table():
            key = row.injury.lower()
            labels.append((f"saved-{key}", f"{row.injury} harm, save passed"))
            labels.append((f"failed-{key}", f"{row.injury} harm, save failed ({row.on_fail})"))
            if row.on_success:
                labels[-2] = (
                    f"saved-{key}",
                    f"{row.injury} harm, save passed ({row.on_success})",
                )
        return tuple(labels)
    labels.append(("saved", f"{ability} loss, save passed"))
    if target.kind == "detachment":
        labels += [("critical", "Critical damage: routed"), ("dead", f"{ability} 0: destroyed")]
    elif target.rules == GRIT:
        meaning = ZERO_MEANING[GRIT][ability]
        labels += [("critical", "Critical damage"), ("dead", f"{ability} 0: {meaning}")]
    else:
        labels += [("critical", "Critical damage"), ("dead", f"{ability} 0: dies")]
    return tuple(labels)


def _hit_outcomes(target: Target, hit: Stage) -> dist.Dist[str]:
    if not hit.needs_save:
        # Might and Heart at 0: the save cannot pass, so it is a failure.
        return dist.constant(outcome_key(target, hit, False))
    passed = cairn.pass_chance(hit.ability_after, target.rules)
    return dist.weighted(
        {
            outcome_key(target, hit, True): passed,
            outcome_key(target, hit, False): 1 - passed,
        }
    )


def outcome_dist(target: Target, damage: dist.Dist[int]) -> dist.Dist[str]:
    """Exact chance of each outcome of one hit whose damage follows ``damage``."""
    target = check_target(target)
    return damage.then(lambda amount: _hit_outcomes(target, stage(target, amount)))


def chance_of(outcomes: dist.Dist[str], keys: tuple[str, ...]) -> Fraction:
    return outcomes.where(lambda key: key in keys)
