"""Widget ``dice.notation``: type a dice expression, roll it, see its exact odds.

The odds are drawn by :mod:`.odds`, a roll by :mod:`.rolled`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_py.core import notation
from rules_py.core.notation import Expression
from rules_py.dice.widgets.notation.odds import MAX_BARS, TAIL, odds_view
from rules_py.dice.widgets.notation.rolled import MINUS, roll_view
from rules_py.widget import Action, Call, Field, FormValues, Widget

__all__ = ["EXAMPLES", "MAX_BARS", "MINUS", "TAIL", "WIDGETS", "handle"]

EXAMPLES = "2d6+1, 4d6kh3, 4d6d1, 2d20kl1, {d8,d8}kh1, 6d10>=7dbl10, 3d6!, 2d6!!, 4dF, 2d6[fire]"


@dataclass(frozen=True)
class NotationValues(FormValues):
    expression: str


@lru_cache(maxsize=16)
def _parse(text: str) -> Expression:
    return notation.parse(text)


def handle(call: Call[NotationValues]) -> dict[str, Any]:
    expression = _parse(call.values.expression)
    if call.action == "odds":
        return {"view": odds_view(expression)}
    return {"view": roll_view(expression, call.rng)}


WIDGETS = (
    Widget(
        name="dice.notation",
        title="Dice roller",
        summary="Roll any dice expression and see its exact odds.",
        hand_roll=(
            "Roll the dice the expression names and add them up: 4d6kh3 is four six-sided "
            "dice keeping the highest three; 6d10>=7 counts the dice showing 7 or more."
        ),
        fields=(
            Field(
                "expression",
                "Dice expression",
                "text",
                "4d6kh3",
                max_length=notation.MAX_LENGTH,
                help=f"As in Roll20, Foundry VTT or rpg-dice-roller, for example {EXAMPLES}.",
            ),
        ),
        values=NotationValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
