"""Independent results together: side by side as pairs, through a function,
as the sorted faces of a pool, and compared.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_py.core.dist.building import constant
from rules_py.core.dist.distribution import Dist, T, U, from_probs

__all__ = ["Comparison", "combine", "compare", "joint", "pool_values"]


@dataclass(frozen=True)
class Comparison:
    """How two independent results compare: P[X > Y], P[X = Y] (ties), P[X < Y]."""

    greater: Fraction
    equal: Fraction
    less: Fraction


def joint(first: Dist[T], second: Dist[U]) -> Dist[tuple[T, U]]:
    """Two independent results side by side: outcomes are ``(x, y)`` pairs."""
    return from_probs({(x, y): px * py for x, px in first.pairs for y, py in second.pairs})


def combine(fn: Callable[[T, U], Hashable], first: Dist[T], second: Dist[U]) -> Dist[Any]:
    """The distribution of ``fn(X, Y)`` for independent X and Y."""
    merged: dict[Hashable, Fraction] = {}
    for x, px in first.pairs:
        for y, py in second.pairs:
            key = fn(x, y)
            merged[key] = merged.get(key, Fraction(0)) + px * py
    return from_probs(merged)


def pool_values(count: int, d: Dist[int]) -> Dist[tuple[int, ...]]:
    """``count`` independent rolls of ``d`` as a sorted tuple (a multiset of
    faces), for rules that look at the whole roll (e.g. choosing which die is
    which). Built die by die, so it grows with the multisets, not with every
    ordered outcome."""
    if count < 0:
        raise ValueError("count cannot be negative")
    values: Dist[tuple[int, ...]] = constant(())
    for _ in range(count):
        values = combine(lambda kept, new: tuple(sorted((*kept, new))), values, d)
    return values


def compare(x: Dist[int], y: Dist[int]) -> Comparison:
    """P[X > Y], P[X = Y] and P[X < Y] for independent X and Y."""
    y_pairs, y_total = y.weights()
    y_values = [o for o, _ in y_pairs]
    below = [0]  # below[i] = weight of the first i outcomes of y
    for _, w in y_pairs:
        below.append(below[-1] + w)
    greater = equal = 0
    x_pairs, x_total = x.weights()
    for value, wx in x_pairs:
        lo = bisect_left(y_values, value)
        hi = bisect_right(y_values, value)
        greater += wx * below[lo]
        equal += wx * (below[hi] - below[lo])
    whole = x_total * y_total
    return Comparison(
        greater=Fraction(greater, whole),
        equal=Fraction(equal, whole),
        less=Fraction(whole - greater - equal, whole),
    )
