"""The d10 dice-pool game: an Exalted-style ruleset of d10 pools.

Roll (Attribute + Ability) d10s; each 7, 8 or 9 is one success, each 10 two,
and the successes must reach the difficulty. The modules, one job each:

- :mod:`~rules_py.dice_pool.pool`: build a pool, roll it, count successes, exact odds;
- :mod:`~rules_py.dice_pool.special`: group, contested and NPC-average rolls;
- :mod:`~rules_py.dice_pool.powers`: Anima, Limit, the Excellency, Strifes, rest;
- :mod:`~rules_py.dice_pool.combat`: the decisive strike, groups, armour, environment;
- :mod:`~rules_py.dice_pool.projects`: a project's scale and the obstruction roll;
- :mod:`~rules_py.dice_pool.tables`: the tables, read from ``data/*.json``.

The widgets (``widgets/``) only present what these compute.
"""

from __future__ import annotations

from rules_py.dice_pool.combat import (
    armored,
    damage_distribution,
    hit_chance,
    strike,
    strike_check,
    strike_profile,
)
from rules_py.dice_pool.pool import (
    build_check,
    count_successes,
    judge_roll,
    player_check,
    roll_check,
    success_chance,
    successes_distribution,
)
from rules_py.dice_pool.powers import (
    break_chance,
    build_power_anima,
    critical_anima,
    roll_break_check,
)
from rules_py.dice_pool.projects import project_scale, roll_obstruction, row_chances
from rules_py.dice_pool.special import contest_odds, donate, npc_successes, roll_contest

__all__ = [
    "armored",
    "break_chance",
    "build_check",
    "build_power_anima",
    "contest_odds",
    "count_successes",
    "critical_anima",
    "damage_distribution",
    "donate",
    "hit_chance",
    "judge_roll",
    "npc_successes",
    "player_check",
    "project_scale",
    "roll_break_check",
    "roll_check",
    "roll_contest",
    "roll_obstruction",
    "row_chances",
    "strike",
    "strike_check",
    "strike_profile",
    "success_chance",
    "successes_distribution",
]
