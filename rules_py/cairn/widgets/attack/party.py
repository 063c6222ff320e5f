"""``cairn.attack`` at the table: the attacker's weapon and the target's
Armour, HP and scores from the party, and the hit resolved on the target's
sheet so that its result is the change it makes.

The target's sheet decides the hit only while the form describes it as it
stands (the same HP, scores and kind: a number typed over is another target,
and its result changes nobody). The form's Armour may differ (a shield held
now). A blast's first target is the party's target; the others are not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import attack, harm
from rules_py.cairn.bestiary import Creature
from rules_py.cairn.characters.at_rolls import possessive
from rules_py.cairn.characters.foes import foe_from_creature
from rules_py.cairn.characters.hits import Character, target_of
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART
from rules_py.cairn.widgets.attack.form import AttackValues
from rules_py.cairn.widgets.attack.reading import target_of as form_target
from rules_py.core.errors import RulesInputError
from rules_py.widget import JsonValue

__all__ = [
    "GRIT_ABILITY_NOTE",
    "creature_attack",
    "fill",
    "harm_kind",
    "sheet_target",
    "weapon_values",
]

GRIT_ABILITY_NOTE = (
    "The Rules Summary says only that the attack die rolls under \u201can Ability\u201d: "
    "the attacker's Prowess is filled in."
)
_TARGET_SCORES = {
    CAIRN: ("hp", "max_hp", "strength", "dexterity", "willpower"),
    MIGHT_HEART: ("hp", "might", "heart"),
    GRIT: ("grit", "prowess", "insight", "resolve"),
}
_LABELS = {
    "hp": "HP",
    "max_hp": "max HP",
    "grit": "Grit",
    "strength": "STR",
    "dexterity": "DEX",
    "willpower": "WIL",
    "might": "Might",
    "heart": "Heart",
    "prowess": "Prowess",
    "insight": "Insight",
    "resolve": "Resolve",
}


def weapon_values(dice_text: str, blast: bool) -> dict[str, JsonValue]:
    """A sheet's weapon dice ("d8+d8") as the form's weapon, second weapon and
    other dice (every die is rolled and the highest kept, whichever field)."""
    dice = attack.parse_dice_list(dice_text, "weapon_dice") if dice_text.strip() else ()
    if not dice:
        return {"weapon": attack.UNARMED, "second": attack.NO_SECOND, "others": "", "blast": blast}
    second = f"d{dice[1]}" if len(dice) > 1 else attack.NO_SECOND
    others = ", ".join(f"d{sides}" for sides in dice[2:])
    return {"weapon": f"d{dice[0]}", "second": second, "others": others, "blast": blast}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    rules = table.form["rules"]
    table = table.of_game(rules)
    filled: dict[str, JsonValue] = {}
    origins: dict[str, JsonValue] = {}
    actor, target = table.actor, table.target
    if actor is not None:
        whose = possessive(actor)
        filled.update(weapon_values(actor.weapon_dice, actor.blast))
        weapon = actor.weapon or "weapon"
        for name in ("weapon", "second", "others", "blast"):
            origins[name] = f"{whose} {weapon}"
        filled["attacker"] = "detachment" if actor.kind == "detachment" else "individual"
        origins["attacker"] = f"{actor.name}, {filled['attacker']}"
        if rules == GRIT and actor.prowess >= 1:
            filled["ability"] = actor.prowess
            origins["ability"] = f"{whose} Prowess. {GRIT_ABILITY_NOTE}"
    if target is not None:
        whose = possessive(target)
        filled["target"] = target.kind
        origins["target"] = f"{target.name}, {target.kind.upper()}"
        filled["armor"] = target.armor
        origins["armor"] = f"{whose} Armour"
        for name in _TARGET_SCORES[rules]:
            value = getattr(target, name)
            if value >= (0 if name in ("hp", "grit") else 1):
                filled[name] = value
                origins[name] = f"{whose} {_LABELS[name]}"
    return {"values": filled, "from": origins}


def harm_kind(values: AttackValues) -> str:
    """The kind of harm the form names, in its rule set."""
    return {MIGHT_HEART: values.harm, GRIT: values.grit_harm}.get(values.rules, "physical")


def _as_form_holds(member: Any, name: str) -> int:
    """A sheet's value as the form can hold it: a score the hit does not reach
    may be 0 on the sheet, and the form's scores start at 1."""
    value: int = getattr(member, name)
    return value if name in ("hp", "grit", "max_hp") else max(value, 1)


def sheet_target(values: AttackValues, table: AtTable) -> tuple[Character | None, str]:
    """The party's target when the form describes it as its sheet stands, and
    else a line saying why the result changes nobody ("" with no target)."""
    member: Any = table.of_game(values.rules).target
    if member is None:
        return None, ""
    goes_to = values.goes_to if values.rules == CAIRN else harm.HP_TO
    try:
        sheet = target_of(member, goes_to, harm_kind(values))
    except RulesInputError as refused:
        return None, f"{member.name}: {refused.message} Nothing to apply."
    typed = harm.check_target(form_target(values))
    differ = [
        f"{_LABELS[name]} {getattr(values, name)} here, {getattr(member, name)} on the sheet"
        for name in _TARGET_SCORES[values.rules]
        if getattr(values, name) != _as_form_holds(member, name)
        and (name != "max_hp" or member.kind == "pc")
    ]
    if values.target != member.kind:
        differ.append(f"a {values.target.upper()} here, a {member.kind.upper()} on the sheet")
    if differ or typed.kind != sheet.kind:
        return None, (
            f"The form's target is not {possessive(member)} sheet as it stands "
            f"({'; '.join(differ)}): this hit changes nobody."
        )
    return member, ""


def creature_attack(creature: Creature, form: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """The form values of an attack by a bestiary creature, as the party's fill
    gives them for the creature as a foe (its weapon dice, blast, a detachment's
    enhanced attack), over ``form`` (the catalog's defaults)."""
    foe = foe_from_creature(creature, "m-000000000000")
    filled = fill(AtTable(foe, None, {**form, "rules": CAIRN}))["values"]
    return {name: value for name, value in filled.items() if form.get(name) != value}
