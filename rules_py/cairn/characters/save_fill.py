"""``cairn.save`` at the table: the score a save takes from the party, and
what an effort's harm does to the one who makes it.

The one who saves is the actor, except in Morale: "Morale does not affect
PCs", so the enemies' save is filled from the target (``MORALE_FILL_NOTE``).
A contest's second side is the target. Which score: the one the mode names
(DEX to act first or retreat, WIL for Morale; Insight and Resolve in the Grit
variant), else the one chosen in the form's "Ability" field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn.characters.at_rolls import ability_of, possessive
from rules_py.cairn.rulesets import CAIRN, GRIT, MIGHT_HEART, rule_set, sheet_score
from rules_py.cairn.saves import ABILITY_MIN
from rules_py.widget import Field, JsonValue, choice_field

__all__ = [
    "CALL_MODES",
    "MORALE_FILL_NOTE",
    "SCORE_FIELDS",
    "fill",
    "saved_ability",
    "score_fields",
]

CALL_MODES = ("act", "retreat", "morale")
MORALE_FILL_NOTE = (
    "Morale is the enemies' save (it does not affect PCs): it is filled from the target."
)
# The form field naming the score of a single save or a contest, in each rule set.
SCORE_FIELDS = {
    CAIRN: ("cairn_score", ("STR", "DEX", "WIL")),
    MIGHT_HEART: ("mh_score", ("Might", "Heart")),
    GRIT: ("grit_score", ("Prowess", "Insight", "Resolve")),
}


def score_fields() -> tuple[Field, ...]:
    """The "Ability" field of each rule set, shown for a single save or a contest."""
    return tuple(
        choice_field(
            name,
            "Ability",
            [(ability, ability) for ability in abilities],
            shown_when={"rules": (rules,), "mode": ("save", "contest")},
            help="The score the save is made with; a party member's is filled in.",
        )
        for rules, (name, abilities) in SCORE_FIELDS.items()
    )


def saved_ability(form: Mapping[str, Any]) -> str:
    """The name of the score the form's save is made with."""
    ruleset = rule_set(form["rules"])
    if form["mode"] in CALL_MODES:
        return ruleset.call(form["mode"]).ability
    return str(form[SCORE_FIELDS[ruleset.key][0]])


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    form = table.form
    table = table.of_game(form["rules"])
    named = saved_ability(form)
    ability = sheet_score(form["rules"], named)
    read_as = f" (the text's {named})" if ability != named else ""
    morale = form["mode"] == "morale"
    sides: list[tuple[str, Any]] = [("attribute", table.target if morale else table.actor)]
    if form["mode"] == "contest":
        sides.append(("rival", table.target))
    values: dict[str, JsonValue] = {}
    origins: dict[str, JsonValue] = {}
    for field, member in sides:
        score = None if member is None else ability_of(member, ability)
        if score is not None and score >= ABILITY_MIN:
            values[field] = score
            origins[field] = f"{possessive(member)} {ability}{read_as}"
    return {"values": values, "from": origins}
