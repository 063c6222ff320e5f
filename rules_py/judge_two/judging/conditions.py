"""The conditions of a roll: bold and faint (how many dice, which are judged),
quick and long (the gamemaster's interventions), and how their sources combine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CANCEL_RULE",
    "DICE_MODE_TEXT",
    "LONG_SAVE_RULE",
    "LONG_TEXT",
    "QUICK_AND_LONG_RULE",
    "QUICK_TEXT",
    "ActionKind",
    "Conditions",
    "DiceMode",
    "condition_lines",
    "resolve_conditions",
]


class ActionKind(StrEnum):
    """Tests draw on attributes; saves, the defensive actions, on essences."""

    TEST = "test"
    SAVE = "save"


class DiceMode(StrEnum):
    """How many dice are rolled and which may be judged."""

    NORMAL = "normal"  # two dice, both judged
    BOLD = "bold"  # "rolls three six sided dice, chooses one to be the Light die and one
    #               to be the Truth die, and then ignores the third die"
    FAINT = "faint"  # "rolls three six-sided dice, discards the highest roll, then chooses"


CANCEL_RULE = (
    "Bold and faint cancel each other out: roll the default two dice, whatever the "
    "number of sources of each."
)
LONG_SAVE_RULE = "Saves cannot be long: a long save is resolved as a faint save instead."
QUICK_AND_LONG_RULE = (
    "Quick and long together: the text is silent; this site applies both (the "
    "gamemaster intervenes first, and no intervention follows the roll)."
)

DICE_MODE_TEXT: Mapping[DiceMode, str] = {
    DiceMode.NORMAL: "Roll two dice and judge them.",
    DiceMode.BOLD: "Bold: roll three dice, judge two, ignore the third.",
    DiceMode.FAINT: "Faint: roll three dice, discard the highest, judge the other two.",
}
QUICK_TEXT = "Quick: no gamemaster intervention, whatever the Truth die."
LONG_TEXT = "Long: the gamemaster intervenes first, then the test is rolled."


@dataclass(frozen=True)
class Conditions:
    """What the rules make of the bold, faint, quick and long sources on a roll."""

    kind: ActionKind
    dice: DiceMode
    quick: bool
    long: bool
    notes: tuple[str, ...] = ()

    @property
    def dice_rolled(self) -> int:
        return 2 if self.dice is DiceMode.NORMAL else 3


def condition_lines(conditions: Conditions) -> tuple[str, ...]:
    """How to roll under these conditions, then the rules that decided them."""
    lines = [DICE_MODE_TEXT[conditions.dice]]
    if conditions.quick:
        lines.append(QUICK_TEXT)
    if conditions.long:
        lines.append(LONG_TEXT)
    return tuple(lines)


def resolve_conditions(
    kind: ActionKind,
    *,
    bold: bool = False,
    faint: bool = False,
    quick: bool = False,
    long: bool = False,
) -> Conditions:
    """Apply the text's rules for combining sources, in the order they matter.

    A long save first becomes faint ("Saves cannot be long"), then bold and
    faint cancel ("even if there are more sources of one than the other").
    """
    notes: list[str] = []
    if kind is ActionKind.SAVE and long:
        long = False
        faint = True
        notes.append(LONG_SAVE_RULE)
    if bold and faint:
        bold = faint = False
        notes.append(CANCEL_RULE)
    if quick and long:
        notes.append(QUICK_AND_LONG_RULE)
    mode = DiceMode.BOLD if bold else DiceMode.FAINT if faint else DiceMode.NORMAL
    return Conditions(kind, mode, quick, long, tuple(notes))
