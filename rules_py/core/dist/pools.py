"""Pools of dice: sums, the highest or lowest few kept, the single highest or
lowest of several dice, and dice that explode; counted on integer weights.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from rules_py.core.dist.building import constant
from rules_py.core.dist.distribution import Dist, T, dense_weights, from_dense_weights
from rules_py.core.dist.kronecker import power_dense, slot_width, unpack

__all__ = [
    "count_successes",
    "exploding",
    "extreme_weights",
    "highest",
    "keep_highest",
    "keep_highest_weights",
    "keep_lowest",
    "lowest",
    "sum_of",
]


def sum_of(count: int, d: Dist[int]) -> Dist[int]:
    """The total of ``count`` independent rolls of ``d`` (``sum_of(3, die(6))`` is 3d6)."""
    if count < 0:
        raise ValueError(f"cannot roll a negative number of dice ({count})")
    if count == 0:
        return constant(0)
    low, dense, total = dense_weights(d)
    return from_dense_weights(low * count, power_dense(dense, count), total**count)


def count_successes(count: int, d: Dist[T], score: Callable[[T], int]) -> Dist[int]:
    """Successes over a pool of ``count`` dice, each face scored by ``score``.

    ``count_successes(6, die(10), lambda f: 2 if f == 10 else int(f >= 7))``
    counts 7-9 as one success and 10 as two.
    """
    return sum_of(count, d.map(score))


def keep_highest(count: int, d: Dist[int], keep: int) -> Dist[int]:
    """The total of the highest ``keep`` of ``count`` rolls of ``d`` (4d6 keep 3).

    Counts multisets face by face, from the highest face down. The state is
    how many dice are placed so far (fewer than ``keep``), each with the
    polynomial of their totals; once ``keep`` dice are placed the others only
    need to fall lower, which is counted in closed form. Polynomials are packed
    big integers (as in :func:`sum_of`): shifting one multiplies by x^face.
    """
    if not 0 <= keep <= count:
        raise ValueError(f"can keep 0 to {count} dice, not {keep}")
    if keep == 0:
        return constant(0)
    pairs, total = d.weights()
    low, dense, whole = keep_highest_weights(count, pairs, total, keep)
    return from_dense_weights(low, dense, whole)


def keep_highest_weights(
    count: int, pairs: Sequence[tuple[int, int]], total: int, keep: int
) -> tuple[int, list[int], int]:
    """:func:`keep_highest` on integer weights: ``pairs`` are ``(face, weight)``
    sorted by face, over ``total``; returns ``(lowest total, weights from it up,
    total ** count)``."""
    if not 1 <= keep <= count:
        raise ValueError(f"can keep 1 to {count} dice, not {keep}")
    low, high = pairs[0][0], pairs[-1][0]
    whole = total**count
    width = slot_width(whole)  # no count of weighted arrangements exceeds ``whole``
    lower = total  # weight of the faces below the current one
    # states[placed]: totals (offset by low per die) of ``placed`` dice above this face
    states = [1] + [0] * (keep - 1)
    finished = 0
    for face, weight in sorted(pairs, reverse=True):
        lower -= weight
        shift = (face - low) * width * 8
        following = [0] * keep
        for placed, totals in enumerate(states):
            if not totals:
                continue
            left = count - placed
            need = keep - placed
            # j more dice show this face, the remaining left - j fall lower (later faces).
            terms = [math.comb(left, j) * weight**j * lower ** (left - j) for j in range(need)]
            for j in range(min(left + 1, need)):
                following[placed + j] += (totals * math.comb(left, j) * weight**j) << (j * shift)
            # need or more dice show this face: the kept set is complete.
            completing = (weight + lower) ** left - sum(terms)
            finished += (totals * completing) << (need * shift)
        states = following
    return keep * low, unpack(finished, width, keep * (high - low) + 1), whole


def keep_lowest(count: int, d: Dist[int], keep: int) -> Dist[int]:
    """The total of the lowest ``keep`` of ``count`` rolls of ``d`` (2d20 keep lowest 1)."""
    return -keep_highest(count, -d, keep)


def _extreme(dists: Sequence[Dist[int]], highest: bool) -> Dist[int]:
    if not dists:
        raise ValueError("need at least one distribution")
    low, dense, total = extreme_weights([dense_weights(d) for d in dists], highest)
    return from_dense_weights(low, dense, total)


def extreme_weights(
    parts: Sequence[tuple[int, list[int], int]], highest: bool
) -> tuple[int, list[int], int]:
    """The highest (or lowest) of independent results given as dense integer
    weights ``(lowest outcome, weights from it up, total)``.

    P[max <= v] is the product of each P[X_i <= v]; with running sums of the
    integer weights that is one product per outcome, no Fractions.
    """
    low = min(p[0] for p in parts)
    high = max(p[0] + len(p[1]) - 1 for p in parts)
    span = high - low + 1
    whole = math.prod(p[2] for p in parts)
    joint = [1] * span  # joint[i]: product of each P[X <= low + i] (or >=), as weights
    for start, weights, _total in parts:
        running = 0
        offset = start - low
        cumulative = [0] * span
        for i in range(span):
            index = i - offset if highest else span - 1 - i - offset
            if 0 <= index < len(weights):
                running += weights[index]
            cumulative[i if highest else span - 1 - i] = running
        for i in range(span):
            joint[i] *= cumulative[i]
    if highest:
        dense = [joint[0]] + [joint[i] - joint[i - 1] for i in range(1, span)]
    else:
        dense = [joint[i] - joint[i + 1] for i in range(span - 1)] + [joint[-1]]
    return low, dense, whole


def highest(*dists: Dist[int]) -> Dist[int]:
    """The single highest of several independent (possibly different) dice.

    ``highest(die(8), die(8))`` is Cairn's "d8+d8"; ``highest(die(8), die(10))``
    mixes sizes.
    """
    return _extreme(dists, highest=True)


def lowest(*dists: Dist[int]) -> Dist[int]:
    """The single lowest of several independent dice."""
    return _extreme(dists, highest=False)


def exploding(
    d: Dist[int],
    explode_on: Callable[[int], bool],
    depth: int,
    score: Callable[[int], int] | None = None,
) -> Dist[int]:
    """A die rolled again whenever it shows a face where ``explode_on``; the rolls add up.

    At most ``depth`` extra rolls: the last allowed roll counts but never explodes.
    With ``score``, each roll adds ``score(face)`` instead of its face (to count
    successes roll by roll, as pools with exploding dice do).
    """
    if depth < 0:
        raise ValueError(f"explosion depth cannot be negative ({depth})")
    value: Callable[[int], int] = score if score is not None else (lambda face: face)
    result = d.map(value)
    for _ in range(depth):
        result = _explode_once(d, explode_on, value, result)
    return result


def _explode_once(
    d: Dist[int],
    explode_on: Callable[[int], bool],
    value: Callable[[int], int],
    rest: Dist[int],
) -> Dist[int]:
    """One more level: a roll that explodes is followed by ``rest``."""

    def step(face: int) -> Dist[int]:
        return rest + value(face) if explode_on(face) else constant(value(face))

    return d.then(step)
