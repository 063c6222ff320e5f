"""Dice notation in the common dialect of Roll20, Foundry VTT and rpg-dice-roller.

Parse an expression, roll it, or compute its exact odds. The forms, with what
each of those rollers writes for the same roll, are in
:data:`rules_py.core.notation.reference.FORMS` (the Dice notation page of the
site is generated from it).

>>> from rules_py.core.notation import parse, roll, distribution
>>> from rules_py.core.rng import Rng
>>> expr = parse("4d6kh3 + 1")
>>> result = roll(expr, Rng(1))
>>> result.total == sum(term.sign * term.value for term in result.terms)
True
>>> distribution("2d6")[7]
Fraction(1, 6)
>>> distribution("{d8, d8}kh1") == distribution("max(d8, d8)")
True
>>> distribution("4dF")[4]
Fraction(1, 81)

Exploding and recursive rerolls stop after so many extra rolls that getting
there has a chance of at most :data:`TAIL_BOUND` for the term: the odds are
exact for the roller and within that of dice that never stop
(:func:`odds` returns the bound as ``tail``).

Limits, refused before any die is rolled: :data:`MAX_LENGTH` characters,
:data:`MAX_DICE_PER_TERM` dice a term and :data:`MAX_DICE_TOTAL` in all, dice
of 1 to :data:`MAX_SIDES` sides, constants up to :data:`MAX_CONSTANT`,
brackets nested :data:`MAX_BRACKET_DEPTH` deep, :data:`MAX_GROUP_ITEMS` rolls in a
group. Exact odds are refused, before any work, when their estimated cost
(:func:`chartable`) is over the budget; such an expression can still be rolled.
"""

from __future__ import annotations

from rules_py.core.dist import Dist
from rules_py.core.errors import RulesInputError, describe
from rules_py.core.notation.bounds import bounds
from rules_py.core.notation.cost import MAX_OUTCOMES, MAX_WORK, Cost, final_cost
from rules_py.core.notation.exact import Odds, compute
from rules_py.core.notation.parser import parse
from rules_py.core.notation.rolling import Roll, RolledDie, TermRoll, roll_expression
from rules_py.core.notation.tree import (
    FIELD,
    MAX_BRACKET_DEPTH,
    MAX_CONSTANT,
    MAX_DICE_PER_TERM,
    MAX_DICE_TOTAL,
    MAX_GROUP_ITEMS,
    MAX_LENGTH,
    MAX_REPEAT_CHANCE,
    MAX_SIDES,
    TAIL_BOUND,
    Compare,
    Constant,
    DiceTerm,
    Explode,
    Expression,
    Extreme,
    Group,
    Keep,
    NotationError,
    Product,
    Reroll,
    Successes,
    Term,
)
from rules_py.core.rng import Rng

__all__ = [
    "FIELD",
    "MAX_BRACKET_DEPTH",
    "MAX_CONSTANT",
    "MAX_DICE_PER_TERM",
    "MAX_DICE_TOTAL",
    "MAX_GROUP_ITEMS",
    "MAX_LENGTH",
    "MAX_OUTCOMES",
    "MAX_REPEAT_CHANCE",
    "MAX_SIDES",
    "MAX_WORK",
    "TAIL_BOUND",
    "Compare",
    "Constant",
    "Cost",
    "DiceTerm",
    "Explode",
    "Expression",
    "Extreme",
    "Group",
    "Keep",
    "NotationError",
    "Odds",
    "Product",
    "Reroll",
    "Roll",
    "RolledDie",
    "Successes",
    "Term",
    "TermRoll",
    "bounds",
    "chartable",
    "distribution",
    "estimate",
    "odds",
    "parse",
    "roll",
]


def _parsed(expression: Expression | str) -> Expression:
    return parse(expression) if isinstance(expression, str) else expression


def roll(expression: Expression | str, rng: Rng) -> Roll:
    """Roll every die of the expression with ``rng``, in reading order."""
    return roll_expression(_parsed(expression), rng)


def estimate(expression: Expression | str) -> Cost:
    """The size and estimated work of the exact odds, computed without doing them."""
    return final_cost(_parsed(expression))


def chartable(expression: Expression | str) -> bool:
    """Whether :func:`odds` will compute this expression (within the budget)."""
    found = estimate(expression)
    return found.span <= MAX_OUTCOMES and found.work <= MAX_WORK


def odds(expression: Expression | str) -> Odds:
    """The exact odds as integer weights (fast to chart); refused before any
    work when :func:`chartable` is false."""
    parsed = _parsed(expression)
    if not chartable(parsed):
        raise RulesInputError(
            FIELD,
            f"The exact odds of {describe(parsed.text)} would take too long to compute here "
            f"(more than {MAX_OUTCOMES} results or about {MAX_WORK // 1000} ms of work); "
            "it can still be rolled.",
        )
    return compute(parsed)


def distribution(expression: Expression | str) -> Dist[int]:
    """The exact distribution of the expression's total (see :func:`odds`)."""
    return odds(expression).dist()
