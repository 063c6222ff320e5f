"""Rolling a parsed expression with :mod:`rules_py.core.rng`, die by die in reading order."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.core.notation.tree import (
    Constant,
    DiceTerm,
    Expression,
    Extreme,
    Group,
    Product,
    Term,
)
from rules_py.core.rng import Rng

__all__ = ["Roll", "RolledDie", "TermRoll", "die_value", "roll_expression"]


@dataclass(frozen=True)
class RolledDie:
    """One die: ``rolls`` are the faces that count, in order (more than one if it
    exploded); ``rerolled`` the faces it showed first and rolled again."""

    sides: int
    rolls: tuple[int, ...]
    value: int  # the faces added up, or the successes scored
    kept: bool = True
    rerolled: tuple[int, ...] = ()


@dataclass(frozen=True)
class TermRoll:
    """One rolled term. ``dice`` for a dice term; ``options`` for the parts of
    max(...), min(...), a group or a product, ``kept`` marking those that count
    (``chosen`` is the option max/min picked)."""

    sign: int
    text: str
    value: int
    dice: tuple[RolledDie, ...] = ()
    options: tuple[Roll, ...] = ()
    chosen: int = -1
    kept: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Roll:
    expression: str
    terms: tuple[TermRoll, ...]
    total: int


def roll_expression(expression: Expression, rng: Rng) -> Roll:
    terms = tuple(_roll_term(sign, term, rng) for sign, term in expression.terms)
    return Roll(expression.text, terms, sum(t.sign * t.value for t in terms))


def die_value(term: DiceTerm, rolls: tuple[int, ...]) -> int:
    """What one die counts: its faces (penetrating: each extra roll one less)
    added up, or the successes they score."""
    penetrate = term.explode is not None and term.explode.mode == "penetrate"
    values = [face - (1 if penetrate and i else 0) for i, face in enumerate(rolls)]
    successes = term.successes
    if successes is None:
        return sum(values)
    if term.explode is not None and term.explode.mode == "compound":
        return successes.score(sum(values))
    return sum(successes.score(v) for v in values)


def _roll_die(term: DiceTerm, rng: Rng, depth: int) -> RolledDie:
    def draw() -> int:
        return rng.die(3) - 2 if term.fate else rng.die(term.sides)

    face = draw()
    rerolled: list[int] = []
    if term.reroll is not None:
        while len(rerolled) < depth and term.reroll.on.passes(face):
            rerolled.append(face)
            face = draw()
    rolls = [face]
    if term.explode is not None:
        while len(rolls) <= depth and term.explode.on.passes(rolls[-1]):
            rolls.append(draw())
    return RolledDie(term.sides, tuple(rolls), die_value(term, tuple(rolls)), True, tuple(rerolled))


def _ranked_kept(values: list[int], count: int, highest: bool) -> set[int]:
    """Indices kept; among equal values the one rolled first is kept first."""
    ranked = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
    return set(ranked[:count])


def _roll_term(sign: int, term: Term, rng: Rng) -> TermRoll:
    if isinstance(term, Constant):
        return TermRoll(sign, term.text, term.value)
    if isinstance(term, Extreme):
        options = tuple(roll_expression(option, rng) for option in term.options)
        totals = [option.total for option in options]
        best = max(totals) if term.highest else min(totals)
        chosen = totals.index(best)
        marks = tuple(i == chosen for i in range(len(options)))
        return TermRoll(sign, term.text, best, options=options, chosen=chosen, kept=marks)
    if isinstance(term, Group):
        options = tuple(roll_expression(item, rng) for item in term.items)
        totals = [option.total for option in options]
        kept = set(range(len(totals)))
        if term.keep is not None:
            kept = _ranked_kept(totals, *term.keep.kept(len(totals)))
        if term.successes is not None:
            value = sum(term.successes.score(total) for total in totals)
        else:
            value = sum(totals[i] for i in kept)
        marks = tuple(i in kept for i in range(len(totals)))
        return TermRoll(sign, term.text, value, options=options, kept=marks)
    if isinstance(term, Product):
        options = tuple(roll_expression(factor, rng) for factor in term.factors)
        value = options[0].total
        for operator, option in zip(term.operators, options[1:], strict=True):
            value = value * option.total if operator == "*" else value // option.total
        return TermRoll(sign, term.text, value, options=options, kept=(True,) * len(options))
    depth = term.depth
    rolled = [_roll_die(term, rng, depth) for _ in range(term.count)]
    if term.keep is not None:
        kept = _ranked_kept([d.value for d in rolled], *term.keep.kept(term.count))
        rolled = [
            RolledDie(d.sides, d.rolls, d.value, i in kept, d.rerolled)
            for i, d in enumerate(rolled)
        ]
    value = sum(d.value for d in rolled if d.kept)
    return TermRoll(sign, term.text, value, dice=tuple(rolled))
