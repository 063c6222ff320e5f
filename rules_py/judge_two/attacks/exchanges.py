"""An attack decided by one roll: a player character's test or, against a
non-player character's attack, their save; a failed attack opens a
counter-attack (The Way of All the Earth, "Attacks and Defenses", "Counter
Attacking").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import require_int
from rules_py.judge_two.attacks.consequences import AttackResult, Consequence
from rules_py.judge_two.attacks.defenders import CRITICAL_RISK, RISK_MAX, Defender, DefenderKind
from rules_py.judge_two.attacks.hits import attack

__all__ = [
    "COUNTER_NO_RISK",
    "HEADCOUNT_MAX",
    "VEILED_COUNTER_RULE",
    "Exchange",
    "counter_attack",
    "npc_attack",
    "pc_attack",
]

HEADCOUNT_MAX = 99  # brutes or player characters counted in one conflict

VEILED_COUNTER_RULE = "Veiled attacks cannot be counterattacked."
COUNTER_NO_RISK = "Counter attacks do not impose risk or finishers on attackers by default."


def counter_attack(
    attacker_risk: int,
    *,
    attacker: DefenderKind = DefenderKind.CHARACTER,
    by_nemesis: bool = False,
    brutes: int = 0,
    player_characters: int = 1,
) -> tuple[Consequence, ...]:
    """What a successful defender may impose on the attacker, if eligible.

    "impose a threat of their choice on the attacker, if the attacker has six or
    less total risk, or either two threats of their choice or one mark of their
    choice on the attacker, if the attacker has seven or more total risk.
    Counter attacks do not impose risk or finishers on attackers by default."
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if attacker is DefenderKind.BRUTE:
        brutes = require_int("brutes", "Brutes in the conflict", brutes, 1, HEADCOUNT_MAX)
        player_characters = require_int(
            "player_characters", "Player characters", player_characters, 1, HEADCOUNT_MAX
        )
        if brutes >= player_characters:
            return (Consequence(threats=1),)
        return (Consequence(threats=1), Consequence(finisher=True))
    if by_nemesis and attacker_risk == RISK_MAX:
        # "if a nemesis counterattacks a player character at twelve risk the
        # nemesis imposes a finisher on the player character"
        return (Consequence(finisher=True),)
    if attacker_risk < CRITICAL_RISK:
        return (Consequence(threats=1),)
    return (Consequence(threats=2), Consequence(marks=1))


@dataclass(frozen=True)
class Exchange:
    """An attack decided by one roll: what it imposes, or the counter-attack it opens.

    ``result`` is set when the attack succeeds; otherwise ``counter`` holds
    what the successful defender may impose if eligible (empty when no
    counter-attack is possible), and ``notes`` say why.
    """

    attack_succeeds: bool
    result: AttackResult | None
    counter: tuple[Consequence, ...]
    attacker_risk: int
    notes: tuple[str, ...] = ()


def pc_attack(
    test_degrees: int,
    defender: Defender,
    *,
    attacker_risk: int = 0,
    veiled: bool = False,
    power_boon: bool = True,
    pierced: bool = False,
    misdirected: bool = False,
) -> Exchange:
    """A player character's attack, decided by their test's signed degrees.

    Attacks and Defenses: "Attacks by player characters against non-player
    characters are resolved with a test [...] If the test is a success then the
    attack is a success and the defense is a failure. If the test is a failure
    then the attack is a failure and the defense is a success." Veiled Attacks:
    "Veiled attacks cannot be counterattacked however." A nemesis
    counter-attacking a player character at twelve risk imposes a finisher.
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if test_degrees >= 0:
        result = attack(
            test_degrees,
            defender,
            veiled=veiled,
            power_boon=power_boon,
            pierced=pierced,
            misdirected=misdirected,
        )
        return Exchange(True, result, (), attacker_risk)
    if veiled:
        return Exchange(False, None, (), attacker_risk, (VEILED_COUNTER_RULE,))
    counter = counter_attack(attacker_risk, by_nemesis=defender.kind is DefenderKind.NEMESIS)
    return Exchange(False, None, counter, attacker_risk, (COUNTER_NO_RISK,))


def npc_attack(
    save_degrees: int,
    defender: Defender,
    *,
    attacker: DefenderKind = DefenderKind.CHARACTER,
    attacker_risk: int = 0,
    brutes: int = 1,
    player_characters: int = 1,
) -> Exchange:
    """A non-player character's (or the environment's) attack, decided by the
    defending player character's save, given as its signed degrees.

    Attacks and Defenses: "If the save is a success then the attack is a
    failure and the defense is a success. If the save is a failure then the
    attack is a success and the defense is a failure. The save's degrees of
    failure becomes the attack's degrees of success."
    """
    attacker_risk = require_int("attacker_risk", "Attacker's risk", attacker_risk, 0, RISK_MAX)
    if save_degrees < 0:
        return Exchange(True, attack(-save_degrees, defender), (), attacker_risk)
    counter = counter_attack(
        attacker_risk, attacker=attacker, brutes=brutes, player_characters=player_characters
    )
    return Exchange(False, None, counter, attacker_risk, (COUNTER_NO_RISK,))
