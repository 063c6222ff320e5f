"""Exact finite probability distributions: the one odds engine of every game.

A :class:`Dist` is an immutable mapping from outcome to exact probability
(:class:`fractions.Fraction`), outcomes sorted, probabilities positive and
summing to exactly 1. Outcomes are mostly ``int``; tuples (and strings) are
allowed for joint outcomes such as a card hand or a (Light, Truth) pair.

Pools are computed by convolution and multiset counting on integer weights,
never by enumerating every outcome, so 100d6 or "highest 3 of 20d6" is fast.

Building distributions::

    >>> from rules_py.core import dist
    >>> d6 = dist.die(6)                            # 1..6, each 1/6
    >>> pool_die = dist.faces([0] * 6 + [1] * 3 + [2])   # a d10 scored 0 x6, 1 x3, 2 x1
    >>> pool_die[1]
    Fraction(3, 10)
    >>> coin = dist.weighted({"heads": 1, "tails": 1})
    >>> dist.constant(4)[4]
    Fraction(1, 1)

Pools and dice tricks (all return a new ``Dist[int]``)::

    >>> three_d6 = dist.sum_of(3, d6)               # or d6 + d6 + d6
    >>> stat = dist.keep_highest(4, d6, 3)          # 4d6, keep the highest 3
    >>> adv = dist.keep_highest(2, dist.die(20), 1)  # 2d20, keep the highest
    >>> dis = dist.keep_lowest(2, dist.die(20), 1)
    >>> twin = dist.highest(dist.die(8), dist.die(8))   # Cairn's "d8+d8": the single highest
    >>> succ = dist.count_successes(6, dist.die(10), lambda f: 2 if f == 10 else int(f >= 7))
    >>> hand = dist.draw(range(1, 11), 3)           # 3 cards from Ace..10, without replacement
    >>> hand[(1, 2, 3)]
    Fraction(1, 120)
    >>> hand_total = hand.map(sum)

Arithmetic and queries::

    >>> (d6 + 2).mean()                             # add a constant
    Fraction(11, 2)
    >>> (d6 + d6).at_least(10)                      # P[X >= 10]
    Fraction(1, 6)
    >>> dist.compare(d6, d6)                        # P[X > Y], P[X = Y], P[X < Y]
    Comparison(greater=Fraction(5, 12), equal=Fraction(1, 6), less=Fraction(5, 12))
    >>> d6.given(lambda f: f >= 4).mean()           # conditioning
    Fraction(5, 1)
    >>> dist.mixture([(1, dist.die(4)), (1, dist.die(8))])[8]   # 50/50 of d4 or d8
    Fraction(1, 16)
    >>> d6.then(lambda n: dist.sum_of(n, dist.die(4))).mean()   # roll d6, then that many d4
    Fraction(35, 4)
    >>> dist.joint(d6, d6)[(1, 2)]                  # independent pair as tuple outcomes
    Fraction(1, 36)
    >>> dist.combine(lambda a, b: a - b, d6, d6)[0]
    Fraction(1, 6)
    >>> round(d6.stdev(), 4)                        # float, for display only
    1.7078

Sampling uses :mod:`rules_py.core.rng` with exactly one ``rng.below(d.denominator)``
draw, so a seeded sample replays on CPython and in the browser::

    >>> from rules_py.core.rng import Rng
    >>> d6.sample(Rng(7)) == d6.sample(Rng(7))
    True

The package's modules: :mod:`.distribution` (the :class:`Dist` type and its
arithmetic), :mod:`.building` (dice, faces, weights, hands of cards),
:mod:`.pools` (sums, keep highest or lowest, the highest of several dice,
exploding dice), :mod:`.combining` (independent results side by side and
compared) and :mod:`.kronecker` (products of integer weight lists).
"""

from __future__ import annotations

from rules_py.core.dist.building import constant, die, draw, faces, from_dense, weighted
from rules_py.core.dist.combining import Comparison, combine, compare, joint, pool_values
from rules_py.core.dist.distribution import Dist, T, U, Weight, mixture, sort_key
from rules_py.core.dist.pools import (
    count_successes,
    exploding,
    extreme_weights,
    highest,
    keep_highest,
    keep_highest_weights,
    keep_lowest,
    lowest,
    sum_of,
)

__all__ = [
    "Comparison",
    "Dist",
    "T",
    "U",
    "Weight",
    "combine",
    "compare",
    "constant",
    "count_successes",
    "die",
    "draw",
    "exploding",
    "extreme_weights",
    "faces",
    "from_dense",
    "highest",
    "joint",
    "keep_highest",
    "keep_highest_weights",
    "keep_lowest",
    "lowest",
    "mixture",
    "pool_values",
    "sort_key",
    "sum_of",
    "weighted",
]
