"""The lowest and highest value a term can take: cheap, before any odds are computed.

Used to refuse a divisor that can be 0 and to size the work of the exact odds.
Bounds may be wider than the true range, never narrower.
"""

from __future__ import annotations

from rules_py.core.notation.tree import DiceTerm, Expression, Extreme, Group, Product, Term

__all__ = ["bounds", "die_bounds", "term_bounds"]


def die_bounds(term: DiceTerm) -> tuple[int, int]:
    """The range of one die's value (its faces added up, or its score)."""
    faces = term.faces
    rolls = term.depth + 1 if term.explode is not None else 1
    if term.successes is not None:
        if term.explode is not None and term.explode.mode == "compound":
            values = range(faces[0], faces[-1] * rolls + 1)
        else:
            values = range(faces[0], faces[-1] + 1)
        scores = {term.successes.score(v) for v in _probes(values, term)}
        low, high = min(scores), max(scores)
        if term.explode is not None and term.explode.mode == "explode":
            return min(low, low * rolls), max(high, high * rolls)
        return low, high
    return faces[0], faces[-1] * rolls


def _probes(values: range, term: DiceTerm) -> set[int]:
    """Values enough to see every score: the ends and each target with its neighbours."""
    assert term.successes is not None
    tests = [term.successes.test, term.successes.double, term.successes.failure]
    probes = {values.start, values.stop - 1}
    for test in tests:
        if test is not None:
            probes |= {t for t in (test.target - 1, test.target, test.target + 1) if t in values}
    return probes


def term_bounds(term: Term) -> tuple[int, int]:
    if isinstance(term, DiceTerm):
        low, high = die_bounds(term)
        kept = term.keep.kept(term.count)[0] if term.keep is not None else term.count
        return low * kept, high * kept
    if isinstance(term, Extreme):
        ranges = [bounds(option) for option in term.options]
        if term.highest:
            return max(r[0] for r in ranges), max(r[1] for r in ranges)
        return min(r[0] for r in ranges), min(r[1] for r in ranges)
    if isinstance(term, Group):
        ranges = [bounds(item) for item in term.items]
        if term.successes is not None:
            return -len(ranges), len(ranges)
        if term.keep is not None:
            kept, _ = term.keep.kept(len(ranges))
            lows = sorted(r[0] for r in ranges)
            highs = sorted(r[1] for r in ranges)
            return sum(lows[:kept]), sum(highs[-kept:]) if kept else 0
        return sum(r[0] for r in ranges), sum(r[1] for r in ranges)
    if isinstance(term, Product):
        low, high = bounds(term.factors[0])
        for operator, factor in zip(term.operators, term.factors[1:], strict=True):
            f_low, f_high = bounds(factor)
            if operator == "*":
                corners = [low * f_low, low * f_high, high * f_low, high * f_high]
            else:
                corners = [low // f_low, low // f_high, high // f_low, high // f_high]
            low, high = min(corners), max(corners)
        return low, high
    return term.value, term.value


def bounds(expression: Expression) -> tuple[int, int]:
    low = high = 0
    for sign, term in expression.terms:
        t_low, t_high = term_bounds(term)
        if sign > 0:
            low, high = low + t_low, high + t_high
        else:
            low, high = low - t_high, high - t_low
    return low, high
