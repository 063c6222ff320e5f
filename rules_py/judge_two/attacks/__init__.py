"""Consequences of attacks (The Way of All the Earth, "Attacks and Defenses" to
"Player vs. Player").

"An attack with 0-2 degrees of success imposes two points of risk and one
threat of the attacker's choice on the defender. An attack with 3-4 degrees
of success imposes three points of risk and one mark of the attacker's
choice on the defender, or imposes three points of risk and two threats of
the attacker's choice on the defender. An attack with 5 or more degrees of
success imposes a finisher on the defender."

"Whenever an attack against a defender is successful the attack's degree of
success is increased by an amount equal to the defender's risk"; "one point
of the defender's risk is ignored for each rank they have in the
appropriate form of resistance"; "Resolve is added to a player character's
conflict specific forms of resistance".

One module for each part of the rules, all names read from here:

- :mod:`.defenders`: risk, resistance and resolve, brutes and nemeses;
- :mod:`.consequences`: the bands of consequences and a successful attack's result;
- :mod:`.hits`: what a successful attack imposes (veiled, pierced, misdirected);
- :mod:`.group`: group attacks;
- :mod:`.exchanges`: one roll decides an attack, or opens a counter-attack;
- :mod:`.counters`: who may counter-attack, by weapon range or script;
- :mod:`.guarding`: an ally guards;
- :mod:`.burdens`: armour, disguises and the burdened condition;
- :mod:`.versus`: player versus player.
"""

from __future__ import annotations

from rules_py.judge_two.attacks.burdens import (
    BURDENED_EFFECT,
    DISGUISE_REVEALED,
    DISGUISES,
    burdened,
    disguise_revealed,
)
from rules_py.judge_two.attacks.consequences import (
    DEGREES_MAX,
    AttackResult,
    Consequence,
    band,
    check_degrees,
    consequences_text,
)
from rules_py.judge_two.attacks.counters import (
    ATTACK_RANGES,
    COUNTER_WEAPONS,
    SUBTLE_BOONS,
    CounterEligibility,
    can_counter,
)
from rules_py.judge_two.attacks.defenders import (
    ARMOUR_RESISTANCE,
    CAPTAIN_RESOLVE,
    CRITICAL_RISK,
    PRESTIGE_RESISTANCE,
    RESISTANCE_MAX,
    RESISTANCE_SOURCES,
    RISK_MAX,
    Defender,
    DefenderKind,
    ResistanceSource,
    resistance_from,
)
from rules_py.judge_two.attacks.exchanges import (
    COUNTER_NO_RISK,
    HEADCOUNT_MAX,
    VEILED_COUNTER_RULE,
    Exchange,
    counter_attack,
    npc_attack,
    pc_attack,
)
from rules_py.judge_two.attacks.group import (
    GROUP_ORDER_RULE,
    GROUP_RISK_MAX,
    GROUP_SHORTFALL_RULE,
    GroupAttackResult,
    GroupImposed,
    group_attack,
    group_consequences,
    group_counter,
    group_succeeds,
)
from rules_py.judge_two.attacks.guarding import GUARD_RISK, GuardResult, guard
from rules_py.judge_two.attacks.hits import (
    ATTACK_DEGREES_RULE,
    MISDIRECTED_FINISHER_RULE,
    MISDIRECTED_RULE,
    VEILED_FINISHER_RULE,
    attack,
    half_risk,
)
from rules_py.judge_two.attacks.versus import (
    ATTACK_NUMBER_MAX,
    PVP_RESISTANCE_RULE,
    PlayerVersusPlayer,
    player_versus_player,
)

__all__ = [
    "ARMOUR_RESISTANCE",
    "ATTACK_DEGREES_RULE",
    "ATTACK_NUMBER_MAX",
    "ATTACK_RANGES",
    "BURDENED_EFFECT",
    "CAPTAIN_RESOLVE",
    "COUNTER_NO_RISK",
    "COUNTER_WEAPONS",
    "CRITICAL_RISK",
    "DEGREES_MAX",
    "DISGUISES",
    "DISGUISE_REVEALED",
    "GROUP_ORDER_RULE",
    "GROUP_RISK_MAX",
    "GROUP_SHORTFALL_RULE",
    "GUARD_RISK",
    "HEADCOUNT_MAX",
    "MISDIRECTED_FINISHER_RULE",
    "MISDIRECTED_RULE",
    "PRESTIGE_RESISTANCE",
    "PVP_RESISTANCE_RULE",
    "RESISTANCE_MAX",
    "RESISTANCE_SOURCES",
    "RISK_MAX",
    "SUBTLE_BOONS",
    "VEILED_COUNTER_RULE",
    "VEILED_FINISHER_RULE",
    "AttackResult",
    "Consequence",
    "CounterEligibility",
    "Defender",
    "DefenderKind",
    "Exchange",
    "GroupAttackResult",
    "GroupImposed",
    "GuardResult",
    "PlayerVersusPlayer",
    "ResistanceSource",
    "attack",
    "band",
    "burdened",
    "can_counter",
    "check_degrees",
    "consequences_text",
    "counter_attack",
    "disguise_revealed",
    "group_attack",
    "group_consequences",
    "group_counter",
    "group_succeeds",
    "guard",
    "half_risk",
    "npc_attack",
    "pc_attack",
    "player_versus_player",
    "resistance_from",
]
