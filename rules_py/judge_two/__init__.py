"""The Way of All the Earth: the Judge Two System.

Roll two dice (three when bold or faint), judge one as Light and one as
Truth; the Light plus a rank meets a challenge level or not, and the Truth
says whether the gamemaster intervenes. The modules:

- :mod:`~rules_py.judge_two.judging`: attributes, essences, conditions,
  rolling and judging, challenge levels moved by the environment.
- :mod:`~rules_py.judge_two.odds`: exact odds of a roll judged the recommended way.
- :mod:`~rules_py.judge_two.group`: group tests of two or three characters.
- :mod:`~rules_py.judge_two.attacks`: what attacks impose, counter-attacks,
  guarding, burdened, player versus player.
- :mod:`~rules_py.judge_two.rounds`: turns, rounds and interventions.
- :mod:`~rules_py.judge_two.tables`: the text's tables, from ``data/judge_two.json``.

The widgets (``judge_two.judge``, ``judge_two.attack``, ``judge_two.rounds``)
live in :mod:`rules_py.judge_two.widgets` and decide no rule.
"""

from __future__ import annotations

from rules_py.judge_two.attacks import (
    Defender,
    DefenderKind,
    attack,
    burdened,
    counter_attack,
    group_attack,
    guard,
    npc_attack,
    pc_attack,
    player_versus_player,
)
from rules_py.judge_two.group import group_odds, group_options, group_recommended
from rules_py.judge_two.judging import (
    ActionKind,
    DiceMode,
    Priority,
    final_light_rank,
    judge,
    judge_roll,
    judgments,
    moved_cl,
    recommended,
    resolve_conditions,
    roll_and_judge,
)
from rules_py.judge_two.odds import judge_odds
from rules_py.judge_two.rounds import start, take_turn
from rules_py.judge_two.tables import tables

__all__ = [
    "ActionKind",
    "Defender",
    "DefenderKind",
    "DiceMode",
    "Priority",
    "attack",
    "burdened",
    "counter_attack",
    "final_light_rank",
    "group_attack",
    "group_odds",
    "group_options",
    "group_recommended",
    "guard",
    "judge",
    "judge_odds",
    "judge_roll",
    "judgments",
    "moved_cl",
    "npc_attack",
    "pc_attack",
    "player_versus_player",
    "recommended",
    "resolve_conditions",
    "roll_and_judge",
    "start",
    "tables",
    "take_turn",
]
