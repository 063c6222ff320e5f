"""The dice as rolled, and which of them may be judged."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.judge_two.judging.conditions import DiceMode
from rules_py.judge_two.judging.ranks import SIDES, check_die

__all__ = ["Roll", "roll_dice"]


@dataclass(frozen=True)
class Roll:
    """Dice as rolled, and which of them may be judged.

    A faint roll discards its highest die before judging (one die when the
    highest is tied); a bold roll keeps all three, and the die left out is
    chosen by the judgment.
    """

    dice: tuple[int, ...]
    mode: DiceMode

    def __post_init__(self) -> None:
        expected = 2 if self.mode is DiceMode.NORMAL else 3
        if len(self.dice) != expected:
            raise RulesInputError(
                "dice", f"A {self.mode.value} roll has {expected} dice (got {len(self.dice)})."
            )
        for value in self.dice:
            check_die(value)

    @property
    def discarded(self) -> int | None:
        """Index of the die a faint roll discards, if any."""
        if self.mode is not DiceMode.FAINT:
            return None
        return self.dice.index(max(self.dice))

    @property
    def judged(self) -> tuple[int, ...]:
        """Indices of the dice the player may judge."""
        return tuple(i for i in range(len(self.dice)) if i != self.discarded)


def roll_dice(mode: DiceMode, rng: Rng) -> Roll:
    count = 2 if mode is DiceMode.NORMAL else 3
    return Roll(rng.dice(count, SIDES), mode)
