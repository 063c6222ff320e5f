"""What computing the exact odds of an expression costs, estimated before any work.

The cost model mirrors each step of :mod:`rules_py.core.notation.exact`: the
big-integer products of sums, keep/drop state counts, max/min over every value,
products of two rolls, and the exact fractions made at the end. Its unit is
about a microsecond of CPython; the bench (``bench/bench_notation.py``) searches
the language for the slowest expressions the limits allow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules_py.core.notation.bounds import die_bounds, term_bounds
from rules_py.core.notation.tree import DiceTerm, Expression, Extreme, Group, Product, Term

__all__ = ["MAX_OUTCOMES", "MAX_WORK", "Cost", "cost", "final_cost"]

# The widest result (lowest to highest value) charted, and the most work allowed.
MAX_OUTCOMES = 20_000
MAX_WORK = 100_000


@dataclass(frozen=True)
class Cost:
    """``span``: values from lowest to highest; ``bits``: size of the total;
    ``work``: estimated microseconds so far."""

    span: int
    bits: int
    work: float


def _multiply(bits: float) -> float:
    """Microseconds of one product of two ``bits``-bit integers (Karatsuba)."""
    return float(0.1 * math.pow(bits / 64 + 1, 1.585))


def _packed(span: int, bits: int) -> float:
    """Packing and unpacking ``span`` slots of ``bits`` bits each."""
    return 1.5 * span + span * bits / 2000


def _add(a: Cost, b: Cost) -> Cost:
    span, bits = a.span + b.span - 1, a.bits + b.bits
    if min(a.span, b.span) == 1:  # a shift and a scaling, no product
        return Cost(span, bits, a.work + b.work + span * (0.2 + bits / 5000))
    slots = span * (bits + 8)
    return Cost(span, bits, a.work + b.work + _packed(span, bits) + _multiply(slots))


def _die_cost(term: DiceTerm) -> Cost:
    low, high = die_bounds(term)
    span = high - low + 1
    rolls = term.depth + 1
    bits = rolls * max(1, (len(term.faces)).bit_length())
    work = 2.0 * len(term.faces) * rolls
    if term.explode is not None:
        # One convolution and one merge per extra roll, each as wide as the
        # chain of raw values (a compounded die is scored only at the end).
        chain = span
        if term.successes is None or term.explode.mode == "compound":
            chain = term.faces[-1] * rolls - term.faces[0] + 1
        work += rolls * (_packed(chain, bits) + _multiply(chain * (bits + 8)) + chain)
    return Cost(span, bits, work)


def _dice_cost(term: DiceTerm) -> Cost:
    die = _die_cost(term)
    if term.keep is None:
        span = term.count * (die.span - 1) + 1
        bits = term.count * die.bits
        slots = span * (bits + 8)
        # the last squaring of the power is half as wide: about a third of the work
        return Cost(span, bits, die.work + _packed(span, bits) + 0.6 * _multiply(slots))
    kept, _ = term.keep.kept(term.count)
    span = kept * (die.span - 1) + 1
    bits = term.count * die.bits
    packed = span * (bits + 8)  # the size of one state polynomial
    steps = die.span * kept * (kept + 1) / 2
    # each step multiplies a state by a small power and shifts it
    # (a state times a count as wide as the total: linear in each, so their product)
    work = steps * (3 + packed / 3000 + packed * bits / 4e6 + _multiply(bits)) + _packed(span, bits)
    return Cost(span, bits, die.work + work)


def _extreme_cost(parts: list[Cost]) -> Cost:
    span = sum(p.span for p in parts)  # the union of the ranges is at most this
    bits = sum(p.bits for p in parts)
    work = sum(p.work for p in parts) + span * len(parts) * (1 + _multiply(bits) + bits / 500)
    return Cost(span, bits, work)


def _pairs_cost(parts: list[Cost], span: int) -> Cost:
    """Combining results pair by pair (products, groups of different rolls)."""
    work = sum(p.work for p in parts)
    states = parts[0].span
    bits = parts[0].bits
    for part in parts[1:]:
        bits += part.bits
        work += states * part.span * (1.2 + bits / 2000)
        states = min(states * part.span, span)
    return Cost(span, bits, work)


def _group_cost(term: Group) -> Cost:
    parts = [cost(item) for item in term.items]
    low, high = term_bounds(term)
    span = high - low + 1
    if term.successes is not None:
        result = Cost(1, 0, sum(p.work for p in parts) + sum(p.span for p in parts))
        for part in parts:
            result = _add(result, Cost(3, part.bits, 0))
        return result
    if term.keep is None:
        result = parts[0]
        for part in parts[1:]:
            result = _add(result, part)
        return result
    kept, _ = term.keep.kept(len(parts))
    # states: the kept values so far, a sorted tuple of up to ``kept`` values
    work = sum(p.work for p in parts)
    states = 1.0
    bits = 0
    seen = 0  # the values the kept ones can take so far
    for part in parts:
        bits += part.bits
        seen += part.span
        work += states * part.span * (2 + kept + bits / 2000)
        states = min(states * part.span, float(math.comb(seen + kept, kept)))
    return Cost(span, bits, work + states)


def _term_cost(term: Term) -> Cost:
    if isinstance(term, DiceTerm):
        return _dice_cost(term)
    if isinstance(term, Extreme):
        return _extreme_cost([cost(option) for option in term.options])
    if isinstance(term, Group):
        return _group_cost(term)
    if isinstance(term, Product):
        low, high = term_bounds(term)
        return _pairs_cost([cost(f) for f in term.factors], high - low + 1)
    return Cost(1, 0, 1)


def cost(expression: Expression) -> Cost:
    """The estimated size and work of the exact odds of ``expression``."""
    total = Cost(1, 0, 0)
    for _, term in expression.terms:
        total = _add(total, _term_cost(term))
    return total


def final_cost(expression: Expression) -> Cost:
    """:func:`cost` plus making one exact fraction per value at the end."""
    found = cost(expression)
    fractions = found.span * (3 + (found.bits / 64) ** 1.2 * 0.05)
    return Cost(found.span, found.bits, found.work + fractions)
