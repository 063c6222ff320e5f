"""Widget ``cairn.attack``: roll an attack, subtract armour, and follow the damage through.

The odds preview (:mod:`.odds`) shows the exact distribution of damage after
armour and the chance of each outcome of one hit; a roll (:mod:`.rolls`) shows
every die, the one kept, and what the damage does to the target under the
chosen rules. The form is in :mod:`.form`.
"""

from __future__ import annotations

from typing import Any

from rules_py.cairn import attack
from rules_py.cairn.rulesets import rule_set
from rules_py.cairn.widgets.attack.form import FIELDS, AttackValues
from rules_py.cairn.widgets.attack.odds import odds_view
from rules_py.cairn.widgets.attack.party import fill
from rules_py.cairn.widgets.attack.rolls import roll_view
from rules_py.widget import Action, Call, Widget

__all__ = ["WIDGETS"]


def handle(call: Call[AttackValues]) -> dict[str, Any]:
    values = call.values
    rule_set(values.rules)
    if call.action == "odds":
        return {"view": odds_view(values)}
    view, changes = roll_view(values, call.rng, call.table)
    return {"view": view, "changes": changes} if changes else {"view": view}


def _special_dice() -> str:
    """ "d4 unarmed or impaired, d12 enhanced": the dice that replace the weapon's."""
    if attack.UNARMED_DIE == attack.IMPAIRED_DIE:
        smaller = f"d{attack.UNARMED_DIE} unarmed or impaired"
    else:
        smaller = f"d{attack.UNARMED_DIE} unarmed, d{attack.IMPAIRED_DIE} impaired"
    return f"{smaller}, d{attack.ENHANCED_DIE} enhanced"


WIDGETS = (
    Widget(
        name="cairn.attack",
        title="Attack roller",
        summary=(
            "Roll the damage dice, keep the single highest, subtract armour, and follow the "
            "damage through HP (or Grit) to the abilities."
        ),
        hand_roll=(
            f"Roll the weapon die ({_special_dice()}); with two weapons or "
            "several attackers roll every die and keep the single highest. Subtract the "
            f"target's armour (at most {attack.MAX_ARMOR}). Damage comes off HP; what goes "
            "below 0 comes off STR, and the target makes a STR save against critical damage."
        ),
        fields=FIELDS,
        values=AttackValues,
        actions=(Action("roll", "Attack"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
