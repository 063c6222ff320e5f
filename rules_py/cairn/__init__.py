"""The Cairn family: Cairn, the Might and Heart rules, and the Grit variant.

Three rule sets share d20 roll-under saves, damage dice that keep the single
highest die, armour, and harm that empties a pool (HP or Grit) before an
ability (:mod:`~rules_py.cairn.rulesets` names where they differ). The engine:

* :mod:`~rules_py.cairn.saves`: saves, contests, efforts, the saves the rules call for;
* :mod:`~rules_py.cairn.attack`: the dice of an attack, armour, exact damage odds;
* :mod:`~rules_py.cairn.harm`: what damage does to HP or Grit and to the abilities;
* :mod:`~rules_py.cairn.scars`: Cairn's Scars at exactly 0 HP;
* :mod:`~rules_py.cairn.grit`: the Grit roll, and harm and efforts against Grit;
* :mod:`~rules_py.cairn.recovery`: recovering attribute loss over weeks or days;
* :mod:`~rules_py.cairn.tables`, :mod:`~rules_py.cairn.spells`,
  :mod:`~rules_py.cairn.bestiary`, :mod:`~rules_py.cairn.hirelings`: the tables
  and lists, read from ``data/*.json``.

The widgets (``cairn.save``, ``cairn.attack``, ``cairn.grit``, ``cairn.recovery``,
``cairn.tables``, ``cairn.spells``, ``cairn.hireling``) live in ``widgets/`` and
only lay out what these functions return.
"""

from rules_py.cairn.attack import attack_spec, damage_dist, plan_attack, roll_damage
from rules_py.cairn.bestiary import creatures, statline
from rules_py.cairn.grit import grit_dist, roll_effort, roll_grit, take_harm
from rules_py.cairn.harm import apply_harm, outcome_dist, target_for
from rules_py.cairn.hirelings import roll_hireling
from rules_py.cairn.recovery import full_recovery_chance, recover, recovery_dist
from rules_py.cairn.rulesets import rule_set
from rules_py.cairn.saves import contest_odds, pass_chance, roll_contest, roll_save
from rules_py.cairn.scars import roll_scar
from rules_py.cairn.spells import matching, roll_spell
from rules_py.cairn.tables import roll_table, table, table_odds

__all__ = [
    "apply_harm",
    "attack_spec",
    "contest_odds",
    "creatures",
    "damage_dist",
    "full_recovery_chance",
    "grit_dist",
    "matching",
    "outcome_dist",
    "pass_chance",
    "plan_attack",
    "recover",
    "recovery_dist",
    "roll_contest",
    "roll_damage",
    "roll_effort",
    "roll_grit",
    "roll_hireling",
    "roll_save",
    "roll_scar",
    "roll_spell",
    "roll_table",
    "rule_set",
    "statline",
    "table",
    "table_odds",
    "take_harm",
    "target_for",
]
