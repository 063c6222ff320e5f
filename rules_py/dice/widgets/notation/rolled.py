"""A roll of ``dice.notation``: every die of every term, what was kept or
dropped, the total, and the readings the notation chose where rollers differ."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_py.core import notation
from rules_py.core.notation import (
    Constant,
    DiceTerm,
    Expression,
    Extreme,
    Group,
    Product,
    Roll,
    Term,
    TermRoll,
)
from rules_py.core.rng import Rng
from rules_py.dice.widgets.notation.odds import at_least, chance_words, exact_odds
from rules_py.widget import Block, dice, die_face, line, note, outcome

__all__ = ["MINUS", "roll_view", "rolled_view"]

MINUS = "\u2212"


def _term_dice(
    term: DiceTerm, rolled: TermRoll, dropped: bool, chosen: bool
) -> list[dict[str, Any]]:
    """Each roll of each die; ``chosen`` when the option holding it counts."""
    faces: list[dict[str, Any]] = []
    sides = 3 if term.fate else term.sides
    for die in rolled.dice:
        for face in die.rerolled:
            faces.append(die_face(face, sides, "dropped", "rerolled"))
        for index, face in enumerate(die.rolls):
            tags: list[str] = []
            if dropped or not die.kept:
                tags.append("dropped")
            elif term.keep is not None or chosen:
                tags.append("kept")
            per_roll = term.explode is None or term.explode.mode == "explode"
            if term.successes is not None and per_roll:
                score = term.successes.score(face)
                tags.append({0: "failure", 1: "success", -1: "failure"}.get(score, "double"))
            if index + 1 < len(die.rolls):
                tags.append("exploded")
            faces.append(die_face(face, sides, *tags))
    return faces


def _children(term: Term) -> tuple[Expression, ...]:
    if isinstance(term, Extreme):
        return term.options
    if isinstance(term, Group):
        return term.items
    if isinstance(term, Product):
        return term.factors
    return ()


def _named(term: Term) -> str:
    return f"{term.text} [{term.label}]" if term.label else term.text


def _dice_blocks(
    expression: Expression,
    result: Roll,
    prefix: str = "",
    dropped: bool = False,
    chosen: bool = False,
) -> Iterator[Block]:
    """A dice row per dice term; the parts of max/min and groups marked kept or dropped."""
    for (sign, term), rolled in zip(expression.terms, result.terms, strict=True):
        sign_text = MINUS if sign < 0 else ""
        if isinstance(term, DiceTerm):
            label = f"{prefix}{sign_text}{_named(term)} = {rolled.value}"
            extra = sum(len(die.rolls) - 1 for die in rolled.dice)
            if extra:
                label += f" ({extra} extra {'roll' if extra == 1 else 'rolls'})"
            rerolls = sum(len(die.rerolled) for die in rolled.dice)
            if rerolls:
                label += f" ({rerolls} {'die' if rerolls == 1 else 'dice'} rerolled)"
            yield dice(label, _term_dice(term, rolled, dropped, chosen))
            continue
        parts = _children(term)
        marks = isinstance(term, Extreme) or (isinstance(term, Group) and term.keep is not None)
        word = term.text[:3] if isinstance(term, Extreme) else "part"
        for index, (part, part_roll) in enumerate(zip(parts, rolled.options, strict=True)):
            counts = rolled.kept[index] if rolled.kept else True
            mark = f" ({'kept' if counts and not dropped else 'dropped'})" if marks else ""
            inner = f"{prefix}{sign_text}{_named(term)} {word} {index + 1}{mark}: "
            yield from _dice_blocks(
                part,
                part_roll,
                inner,
                dropped or not counts,
                (chosen or marks) and counts and not dropped,
            )


def _breakdown(result: Roll) -> str:
    """ "11 + 1 = 12": each term's value with its sign, then the total."""
    parts: list[str] = []
    for index, term in enumerate(result.terms):
        if index == 0:
            parts.append(f"{MINUS}{term.value}" if term.sign < 0 else str(term.value))
        else:
            parts.append(f"{MINUS if term.sign < 0 else '+'} {term.value}")
    return f"{' '.join(parts)} = {result.total}"


def _terms(expression: Expression) -> Iterator[Term]:
    for _, term in expression.terms:
        yield term
        for child in _children(term):
            yield from _terms(child)


def _notes(expression: Expression) -> list[Block]:
    """One line for each reading the notation chose where the rollers differ."""
    terms = list(_terms(expression))
    dice_terms = [t for t in terms if isinstance(t, DiceTerm)]
    blocks: list[Block] = []
    exploding = [t for t in dice_terms if t.explode is not None]
    if exploding:
        depth = max(t.depth for t in exploding)
        blocks.append(
            note(
                f"An exploding die stops after {depth} extra "
                f"{'roll' if depth == 1 else 'rolls'} at most (a chance under 1 in "
                f"{notation.TAIL_BOUND.denominator:,}); the last one counts but does not explode."
            )
        )
    if any(t.explode and t.explode.mode == "explode" and t.successes for t in dice_terms):
        blocks.append(note("Each roll of an exploding die counts its successes on its own."))
    if any(t.reroll is not None and not t.reroll.once for t in dice_terms):
        blocks.append(
            note(
                "r rerolls until the die shows another face, as in Roll20 and "
                "rpg-dice-roller (Foundry VTT's r rerolls once: write ro for that)."
            )
        )
    if any(isinstance(t, Product) and "/" in t.operators for t in terms):
        blocks.append(note("A division rounds down to a whole number: 7/2 is 3, -7/2 is -4."))
    if any(t.keep is not None for t in dice_terms) or any(
        isinstance(t, Group) and t.keep is not None for t in terms
    ):
        blocks.append(note("Of equal dice (or rolls of a group), the one rolled first is kept."))
    return blocks


def roll_view(expression: Expression, rng: Rng) -> list[Block]:
    return rolled_view(expression, notation.roll(expression, rng))


def rolled_view(expression: Expression, result: Roll) -> list[Block]:
    """The view of ``result``, a roll of ``expression`` made already."""
    blocks: list[Block] = list(_dice_blocks(expression, result))
    counts = any(
        getattr(t, "successes", None) is not None
        for t in _terms(expression)
        if not isinstance(t, Constant)
    )
    total_word = "Total (successes)" if counts else "Total"
    named = f" ({expression.label})" if expression.label else ""
    blocks.append(outcome(f"{total_word}{named}: {result.total}"))
    if len(result.terms) > 1:
        blocks.append(line(f"{expression.text}: {_breakdown(result)}."))
    odds = exact_odds(expression)
    if odds is not None:
        chance = at_least(odds, result.total)
        blocks.append(line(f"Chance of {result.total} or more: {chance_words(chance)}."))
    return blocks + _notes(expression)
