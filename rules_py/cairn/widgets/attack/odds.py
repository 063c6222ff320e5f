"""The odds preview of ``cairn.attack``: exact damage after armour, and what one hit does."""

from __future__ import annotations

from fractions import Fraction

from rules_py.cairn import attack, harm
from rules_py.cairn.widgets.attack.form import AttackValues
from rules_py.cairn.widgets.attack.reading import attack_spec, dice_text, target_of
from rules_py.widget import Block, chance_text, chart, facts, line, note

__all__ = ["odds_view"]


def _miss_text(chance: Fraction) -> str:
    return chance_text(chance) if chance else "0% (every face is at or under the ability)"


def odds_view(values: AttackValues) -> list[Block]:
    plan = attack.plan_attack(attack_spec(values))
    target = target_of(values)
    armor = harm.armor_against(target, values.armor)
    damage = attack.damage_dist(plan, armor)
    bars = [(str(amount), chance) for amount, chance in damage.items()]
    blocks: list[Block] = [
        line(dice_text(plan)),
        chart(
            f"Damage after {armor} armour",
            bars,
            mean=damage.mean(),
            summary=f"Exact chance of each damage total after subtracting {armor} armour.",
        ),
    ]
    if plan.hit_limit is not None:
        blocks.append(
            facts(
                [
                    (
                        "Chance to miss (every die over the ability)",
                        _miss_text(attack.miss_chance(plan)),
                    )
                ]
            )
        )
    outcomes = harm.outcome_dist(target, damage)
    blocks.append(line("What one hit does:"))
    blocks.append(
        facts(
            (label, chance_text(outcomes.prob(key)))
            for key, label in harm.outcome_labels(target)
            if outcomes.prob(key)
        )
    )
    blocks += [note(text) for text in plan.notes]
    if target.direct:
        blocks.append(note(harm.DIRECT_NOTE))
    return blocks
