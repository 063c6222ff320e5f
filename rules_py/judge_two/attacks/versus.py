"""Player versus player (The Way of All the Earth, "Player vs. Player
Conflicts"): the attacker's Final Light against the defender's quick save.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import require_int
from rules_py.judge_two.attacks.consequences import AttackResult
from rules_py.judge_two.attacks.defenders import Defender
from rules_py.judge_two.attacks.hits import attack
from rules_py.judge_two.judging import FINAL_LIGHT_MAX, FINAL_LIGHT_MIN, GUILTY_TRUTHS, SIDES

__all__ = ["ATTACK_NUMBER_MAX", "PVP_RESISTANCE_RULE", "PlayerVersusPlayer", "player_versus_player"]

ATTACK_NUMBER_MAX = 999  # attacks counted in one player-versus-player conflict

PVP_RESISTANCE_RULE = (
    "Player versus player: the defender's resistance and resolve reduce their "
    "counted risk, as for every attack."
)


@dataclass(frozen=True)
class PlayerVersusPlayer:
    attacker_final_light: int
    attacker_innocent: bool
    defence_final_light: int
    defender: Defender
    attack_number: int

    @property
    def defended(self) -> bool:
        """The defence is a quick save "with a challenge level equal to the
        attacking player character's final Light"."""
        return self.defence_final_light >= self.attacker_final_light

    @property
    def result(self) -> AttackResult | None:
        """The text: "the attack is a success with a number of degrees of success equal to
        the defense's degrees of failure plus the defender's risk"."""
        if self.defended:
            return None
        return attack(self.attacker_final_light - self.defence_final_light, self.defender)

    @property
    def next_side(self) -> str:
        """The text: "If it was guilty, then the defender's side takes the next turn. If it
        was innocent, the attacker's side takes the next turn."
        """
        return "attacker" if self.attacker_innocent else "defender"

    @property
    def intervention(self) -> bool:
        """The text: "The gamemaster intervenes after every second attack"."""
        return self.attack_number % 2 == 0


def player_versus_player(
    attacker_final_light: int,
    attacker_truth: int,
    defence_final_light: int,
    defender: Defender,
    attack_number: int = 1,
) -> PlayerVersusPlayer:
    return PlayerVersusPlayer(
        require_int(
            "attacker_final_light",
            "Attacker's Final Light",
            attacker_final_light,
            FINAL_LIGHT_MIN,
            FINAL_LIGHT_MAX,
        ),
        require_int("attacker_truth", "Attacker's Truth die", attacker_truth, 1, SIDES)
        not in GUILTY_TRUTHS,
        require_int(
            "defence_final_light",
            "Defender's Final Light",
            defence_final_light,
            FINAL_LIGHT_MIN,
            FINAL_LIGHT_MAX,
        ),
        defender,
        require_int("attack_number", "Attack number", attack_number, 1, ATTACK_NUMBER_MAX),
    )
