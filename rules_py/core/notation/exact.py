"""Exact odds of an expression.

Everything is computed on integer weights over a common total (dense lists:
``(lowest value, weights from it up, total)``), never on Fractions, which are
made once at the end. What this costs is estimated before any work, by
:mod:`rules_py.core.notation.cost`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.core.dist import Dist
from rules_py.core.dist.kronecker import convolve_dense, power_dense
from rules_py.core.notation.cost import MAX_OUTCOMES, MAX_WORK, Cost, cost, final_cost
from rules_py.core.notation.rolling import die_value
from rules_py.core.notation.tree import DiceTerm, Expression, Extreme, Group, Product, Term

# The cost model's names are read from here too, where they were first written.
__all__ = [
    "MAX_OUTCOMES",
    "MAX_WORK",
    "Cost",
    "Odds",
    "compute",
    "cost",
    "final_cost",
    "tail_bound",
]

W = tuple[int, list[int], int]  # (lowest value, dense weights, total)


@dataclass(frozen=True)
class Odds:
    """The exact distribution as integer weights: value ``low + i`` has
    ``weights[i]`` chances in ``total``; ``tail`` bounds how far any chance may
    differ from dice that explode (or reroll) without end."""

    low: int
    weights: tuple[int, ...]
    total: int
    tail: Fraction
    bases: tuple[int, ...]

    def dist(self) -> Dist[int]:
        return dist.from_dense(self.low, self.weights, self.total, self.bases)


def _dense(values: dict[int, int], total: int) -> W:
    low, high = min(values), max(values)
    dense = [0] * (high - low + 1)
    for value, weight in values.items():
        dense[value - low] += weight
    return low, dense, total


def _add_w(a: W, b: W) -> W:
    if len(a[1]) == 1:
        a, b = b, a
    if len(b[1]) == 1:  # a constant (or a certain result): shift and scale
        return a[0] + b[0], [w * b[1][0] for w in a[1]], a[2] * b[2]
    return a[0] + b[0], convolve_dense(a[1], b[1]), a[2] * b[2]


def _neg(a: W) -> W:
    return -(a[0] + len(a[1]) - 1), a[1][::-1], a[2]


def _chain(term: DiceTerm, depth: int, first: bool) -> W:
    """One die from this roll on: the roll, and if it explodes the rest (depth left)."""
    faces = term.faces
    scale = len(faces) ** depth
    stops: dict[int, int] = {}
    goes: dict[int, int] = {}
    assert term.explode is not None
    penetrate = term.explode.mode == "penetrate"
    per_roll = term.successes is not None and term.explode.mode == "explode"
    for face in faces:
        value = face - (1 if penetrate and not first else 0)
        if per_roll:
            assert term.successes is not None
            value = term.successes.score(value)
        if depth and term.explode.on.passes(face):
            goes[value] = goes.get(value, 0) + 1
        else:
            stops[value] = stops.get(value, 0) + scale
    result = _dense(stops, len(faces) ** (depth + 1))
    if goes:
        rest = _chain(term, depth - 1, first=False)
        moved = _add_w(_dense(goes, len(faces)), rest)
        result = _merge(result, moved)
    return result


def _merge(a: W, b: W) -> W:
    """Two parts of one distribution over the same total, added outcome by outcome."""
    low = min(a[0], b[0])
    high = max(a[0] + len(a[1]), b[0] + len(b[1])) - 1
    dense = [0] * (high - low + 1)
    for start, weights, _ in (a, b):
        for i, w in enumerate(weights, start - low):
            dense[i] += w
    return low, dense, a[2]


def _die(term: DiceTerm) -> W:
    """One die's value: its faces, rerolls and explosions; scored if successes count."""
    faces = term.faces
    sides = len(faces)
    depth = term.depth
    if term.explode is not None:
        one = _chain(term, depth, first=True)
        if term.successes is not None and term.explode.mode == "compound":
            scored: dict[int, int] = {}
            for i, w in enumerate(one[1]):
                if w:
                    key = die_value(term, (one[0] + i,))
                    scored[key] = scored.get(key, 0) + w
            return _dense(scored, one[2])
        return one
    weights: dict[int, int] = {}
    if term.reroll is not None:
        again = sum(term.reroll.on.passes(f) for f in faces)
        # a face that stays: shown after 0..depth rerolls; one rerolled: only on the last
        stays = sum(again**i * sides ** (depth - i) for i in range(depth + 1))
        for face in faces:
            weight = again**depth if term.reroll.on.passes(face) else stays
            key = die_value(term, (face,))
            weights[key] = weights.get(key, 0) + weight
        return _dense(weights, sides ** (depth + 1))
    for face in faces:
        key = die_value(term, (face,))
        weights[key] = weights.get(key, 0) + 1
    return _dense(weights, sides)


def _dice(term: DiceTerm) -> W:
    one = _die(term)
    if term.keep is None:
        return one[0] * term.count, power_dense(one[1], term.count), one[2] ** term.count
    kept, highest = term.keep.kept(term.count)
    if not highest:
        one = _neg(one)
    pairs = [(one[0] + i, w) for i, w in enumerate(one[1]) if w]
    result = dist.keep_highest_weights(term.count, pairs, one[2], kept)
    return result if highest else _neg(result)


def _sparse(a: W) -> dict[int, int]:
    return {a[0] + i: w for i, w in enumerate(a[1]) if w}


def _product(term: Product) -> W:
    first = _odds(term.factors[0])
    result, total = _sparse(first), first[2]
    for operator, factor in zip(term.operators, term.factors[1:], strict=True):
        other = _odds(factor)
        following: dict[int, int] = {}
        values = _sparse(other)
        for a, wa in result.items():
            for b, wb in values.items():
                key = a * b if operator == "*" else a // b
                following[key] = following.get(key, 0) + wa * wb
        result, total = following, total * other[2]
    return _dense(result, total)


def _group(term: Group) -> W:
    items = [_odds(item) for item in term.items]
    if term.successes is not None:
        result: W = (0, [1], 1)
        for item in items:
            scores: dict[int, int] = {}
            for value, w in _sparse(item).items():
                key = term.successes.score(value)
                scores[key] = scores.get(key, 0) + w
            result = _add_w(result, _dense(scores, item[2]))
        return result
    if term.keep is None:
        result = items[0]
        for item in items[1:]:
            result = _add_w(result, item)
        return result
    kept, highest = term.keep.kept(len(items))
    if all(item == items[0] for item in items):
        one = items[0] if highest else _neg(items[0])
        pairs = [(one[0] + i, w) for i, w in enumerate(one[1]) if w]
        same = dist.keep_highest_weights(len(items), pairs, one[2], kept)
        return same if highest else _neg(same)
    # Different rolls: carry the kept values so far (sorted, best first).
    states: dict[tuple[int, ...], int] = {(): 1}
    total = 1
    for item in items:
        following: dict[tuple[int, ...], int] = {}
        values = _sparse(item)
        for state, ws in states.items():
            for value, wv in values.items():
                ranked = sorted((*state, value), reverse=highest)[:kept]
                kept_values = tuple(ranked)
                following[kept_values] = following.get(kept_values, 0) + ws * wv
        states, total = following, total * item[2]
    sums: dict[int, int] = {}
    for state, weight in states.items():
        sums[sum(state)] = sums.get(sum(state), 0) + weight
    return _dense(sums, total)


def _term(term: Term) -> W:
    if isinstance(term, DiceTerm):
        return _dice(term)
    if isinstance(term, Extreme):
        options = [_odds(option) for option in term.options]
        return dist.extreme_weights(options, term.highest)
    if isinstance(term, Group):
        return _group(term)
    if isinstance(term, Product):
        return _product(term)
    return term.value, [1], 1


def _odds(expression: Expression) -> W:
    total: W = (0, [1], 1)
    for sign, term in expression.terms:
        part = _term(term)
        total = _add_w(total, part if sign > 0 else _neg(part))
    return total


def _dice_terms(expression: Expression) -> list[DiceTerm]:
    found: list[DiceTerm] = []
    for _, term in expression.terms:
        if isinstance(term, DiceTerm):
            found.append(term)
        elif isinstance(term, Extreme):
            found += [d for option in term.options for d in _dice_terms(option)]
        elif isinstance(term, Group):
            found += [d for item in term.items for d in _dice_terms(item)]
        elif isinstance(term, Product):
            found += [d for factor in term.factors for d in _dice_terms(factor)]
    return found


def tail_bound(expression: Expression) -> Fraction:
    """How far any chance of the roller may be from dice that explode (or
    reroll) without end: the chance that some die reaches its last allowed roll."""
    bound = Fraction(0)
    for term in _dice_terms(expression):
        recursive = term.explode is not None or (term.reroll is not None and not term.reroll.once)
        if recursive:
            bound += term.count * term.repeat_chance ** (term.depth + 1)
    return bound


def compute(expression: Expression) -> Odds:
    """The exact odds; the caller has checked :func:`final_cost` first."""
    low, dense, total = _odds(expression)
    # trim zero weights at either end (bounds are wide for some terms)
    first = next(i for i, w in enumerate(dense) if w)
    last = max(i for i, w in enumerate(dense) if w)
    bases = tuple(sorted({len(t.faces) for t in _dice_terms(expression)}))
    return Odds(low + first, tuple(dense[first : last + 1]), total, tail_bound(expression), bases)
