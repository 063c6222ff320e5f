"""From the form of ``cairn.attack`` to the engine: the attack and its target."""

from __future__ import annotations

from rules_py.cairn import attack, harm
from rules_py.cairn.widgets.attack.form import AttackValues

__all__ = ["attack_spec", "dice_text", "target_of"]


def attack_spec(values: AttackValues) -> attack.AttackSpec:
    return attack.attack_spec(
        values.rules,
        values.weapon,
        values.second,
        values.others,
        modifier=values.modifier,
        blast=values.blast,
        attacker=values.attacker,
        target=values.target,
        effort=values.effort,
        ability=values.ability,
    )


def target_of(values: AttackValues) -> harm.Target:
    return harm.target_for(
        values.rules,
        values.target,
        hp=values.hp,
        max_hp=values.max_hp,
        goes_to=values.goes_to,
        strength=values.strength,
        dexterity=values.dexterity,
        willpower=values.willpower,
        might=values.might,
        heart=values.heart,
        harm=values.harm,
        grit=values.grit,
        prowess=values.prowess,
        insight=values.insight,
        resolve=values.resolve,
        grit_harm=values.grit_harm,
    )


def dice_text(plan: attack.AttackPlan) -> str:
    rolled = " + ".join(f"d{sides}" for sides in plan.dice)
    if plan.hit_limit is not None:
        several = "keeps the highest die" if len(plan.dice) > 1 else "hits"
        return f"Rolls {rolled} and {several} equal to or under {plan.hit_limit}."
    if len(plan.dice) == 1:
        return f"Rolls {rolled}."
    return f"Rolls {rolled} and keeps the single highest."
