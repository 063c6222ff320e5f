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
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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

if TYPE_CHECKING:
    from rules_py.core.rng import Rng

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

Weight = int | Fraction


def sort_key(outcome: object) -> tuple[int, Any]:
    """Total order on outcomes: numbers, then strings, then tuples (element-wise).

    Mixed types (e.g. ``0`` and ``"miss"``) still sort, the same way everywhere.
    """
    if isinstance(outcome, bool):
        return (0, int(outcome))
    if isinstance(outcome, int | Fraction):
        return (0, outcome)
    if isinstance(outcome, str):
        return (1, outcome)
    if isinstance(outcome, tuple):
        return (2, tuple(sort_key(item) for item in outcome))
    raise TypeError(f"outcomes must be numbers, strings or tuples, not {type(outcome).__name__}")


@dataclass(frozen=True)
class Comparison:
    """How two independent results compare: P[X > Y], P[X = Y] (ties), P[X < Y]."""

    greater: Fraction
    equal: Fraction
    less: Fraction


@dataclass(frozen=True)
class Dist(Mapping[T, Fraction], Generic[T]):
    """Outcome -> exact probability. Build with :func:`die`, :func:`faces`, :func:`weighted`...

    ``pairs`` holds ``(outcome, probability)`` sorted by outcome (see :func:`sort_key`).
    Read it as a mapping: ``d[x]`` (KeyError if impossible), ``d.prob(x)`` (0 if
    impossible), ``len(d)``, ``list(d)`` (the outcomes, in order), ``d.items()``.
    """

    pairs: tuple[tuple[T, Fraction], ...]
    _index: dict[T, Fraction] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.pairs:
            raise ValueError("a distribution needs at least one outcome")
        keys = [sort_key(outcome) for outcome, _ in self.pairs]
        if any(a >= b for a, b in pairwise(keys)):
            raise ValueError("outcomes must be distinct and sorted")
        if any(not isinstance(p, Fraction) or p <= 0 for _, p in self.pairs):
            raise ValueError("probabilities must be positive Fractions")
        if sum(p for _, p in self.pairs) != 1:
            raise ValueError("probabilities must sum to exactly 1")
        object.__setattr__(self, "_index", dict(self.pairs))

    # -- the mapping ---------------------------------------------------------

    def __getitem__(self, outcome: T) -> Fraction:
        return self._index[outcome]

    def __iter__(self) -> Iterator[T]:
        return (outcome for outcome, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def prob(self, outcome: T) -> Fraction:
        """P[X = outcome]; 0 for an impossible outcome."""
        return self._index.get(outcome, Fraction(0))

    @property
    def outcomes(self) -> tuple[T, ...]:
        """The possible outcomes, in order."""
        return tuple(outcome for outcome, _ in self.pairs)

    @property
    def denominator(self) -> int:
        """The least common denominator of all probabilities."""
        return math.lcm(*(p.denominator for _, p in self.pairs))

    def weights(self) -> tuple[tuple[tuple[T, int], ...], int]:
        """Integer weights over the common denominator: ``((outcome, w), ...), total``."""
        total = self.denominator
        return tuple((o, p.numerator * (total // p.denominator)) for o, p in self.pairs), total

    # -- transformations -----------------------------------------------------

    def map(self, fn: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``fn(X)``; outcomes that land together add up."""
        merged: dict[U, Fraction] = {}
        for outcome, p in self.pairs:
            key = fn(outcome)
            merged[key] = merged.get(key, Fraction(0)) + p
        return _from_probs(merged)

    def given(self, condition: Callable[[T], bool]) -> Dist[T]:
        """X conditioned on ``condition(X)``. Raises ValueError if that is impossible."""
        kept = {o: p for o, p in self.pairs if condition(o)}
        mass = sum(kept.values(), Fraction(0))
        if mass == 0:
            raise ValueError("cannot condition on an impossible event")
        return _from_probs({o: p / mass for o, p in kept.items()})

    def then(self, step: Callable[[T], Dist[U]]) -> Dist[U]:
        """Roll X, then the distribution ``step(X)``: the mixture weighted by P[X]."""
        return mixture([(p, step(o)) for o, p in self.pairs])

    def where(self, condition: Callable[[T], bool]) -> Fraction:
        """P[condition(X)]."""
        return sum((p for o, p in self.pairs if condition(o)), Fraction(0))

    # -- numeric outcomes ----------------------------------------------------

    def at_least(self: Dist[int], threshold: int) -> Fraction:
        """P[X >= threshold]."""
        return sum((p for o, p in self.pairs if o >= threshold), Fraction(0))

    def at_most(self: Dist[int], threshold: int) -> Fraction:
        """P[X <= threshold]."""
        return sum((p for o, p in self.pairs if o <= threshold), Fraction(0))

    def above(self: Dist[int], threshold: int) -> Fraction:
        """P[X > threshold]."""
        return sum((p for o, p in self.pairs if o > threshold), Fraction(0))

    def below(self: Dist[int], threshold: int) -> Fraction:
        """P[X < threshold]."""
        return sum((p for o, p in self.pairs if o < threshold), Fraction(0))

    def at_least_table(self: Dist[int]) -> tuple[tuple[int, Fraction], ...]:
        """``(x, P[X >= x])`` for every outcome x, in order (for odds charts)."""
        rows: list[tuple[int, Fraction]] = []
        tail = Fraction(1)
        for outcome, p in self.pairs:
            rows.append((outcome, tail))
            tail -= p
        return tuple(rows)

    def mean(self: Dist[int]) -> Fraction:
        """The exact expected value."""
        return sum((o * p for o, p in self.pairs), Fraction(0))

    def variance(self: Dist[int]) -> Fraction:
        """The exact variance."""
        mu = self.mean()
        return sum(((o - mu) ** 2 * p for o, p in self.pairs), Fraction(0))

    def stdev(self: Dist[int]) -> float:
        """The standard deviation, as a float (it is rarely rational): for display."""
        return math.sqrt(self.variance())

    def __add__(self: Dist[int], other: Dist[int] | int) -> Dist[int]:
        if isinstance(other, int):
            return _from_probs({o + other: p for o, p in self.pairs})
        return _convolve(self, other)

    def __radd__(self: Dist[int], other: int) -> Dist[int]:
        return self + other

    def __neg__(self: Dist[int]) -> Dist[int]:
        return _from_probs({-o: p for o, p in self.pairs})

    def __sub__(self: Dist[int], other: Dist[int] | int) -> Dist[int]:
        return self + (-other)

    def __rsub__(self: Dist[int], other: int) -> Dist[int]:
        return (-self) + other

    # -- sampling ------------------------------------------------------------

    def sample(self, rng: Rng) -> T:
        """One outcome, from exactly one ``rng.below(self.denominator)`` draw."""
        weighted_pairs, total = self.weights()
        ticket = rng.below(total)
        for outcome, weight in weighted_pairs:
            if ticket < weight:
                return outcome
            ticket -= weight
        raise AssertionError("weights cover the whole denominator")


# -- constructors ---------------------------------------------------------------


def _from_probs(probs: Mapping[U, Fraction]) -> Dist[U]:
    """A Dist from outcome -> probability (zeros dropped, sorted)."""
    pairs = sorted(((o, p) for o, p in probs.items() if p), key=lambda pair: sort_key(pair[0]))
    return Dist(tuple(pairs))


def _from_weights(weights: Mapping[U, int], total: int) -> Dist[U]:
    """A Dist from outcome -> integer weight, over ``total``.

    The checks of :class:`Dist` are done here on integers (cheap), not on the
    Fractions (a sum of hundreds of Fractions with huge denominators is not).
    """
    if sum(weights.values()) != total or any(w < 0 for w in weights.values()):
        raise ValueError("weights must be non-negative and add up to the total")
    ordered = sorted(((o, w) for o, w in weights.items() if w), key=lambda pair: sort_key(pair[0]))
    pairs = tuple((o, Fraction(w, total)) for o, w in ordered)
    checked: Dist[U] = object.__new__(Dist)
    object.__setattr__(checked, "pairs", pairs)
    object.__setattr__(checked, "_index", dict(pairs))
    return checked


def _coprime(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for numbers known to be coprime,
    without the gcd (the costly part for the huge denominators of many dice)."""
    make = getattr(Fraction, "_from_coprime_ints", None)  # Python 3.12+
    if make is not None:
        made: Fraction = make(numerator, denominator)
        return made
    return Fraction(numerator, denominator, _normalize=False)  # type: ignore[call-overload,no-any-return]


def _valuation(n: int, p: int, limit: int) -> int:
    """The exponent of the prime ``p`` in ``n`` (at most ``limit``), in a few
    big divisions: by p, p^2, p^4... then back down."""
    if n == 0:
        return limit
    if p == 2:
        return min((n & -n).bit_length() - 1, limit)
    powers = [p]
    while 2 ** len(powers) <= limit:
        powers.append(powers[-1] ** 2)
    found = 0
    for i in reversed(range(len(powers))):
        if found + 2**i <= limit and n % powers[i] == 0:
            n //= powers[i]
            found += 2**i
    # a second pass catches the powers skipped while going down
    for i in reversed(range(len(powers))):
        if found + 2**i <= limit and n % powers[i] == 0:
            n //= powers[i]
            found += 2**i
    return found if n % p or found == limit else found + _valuation(n, p, limit - found)


def _reduced(weight: int, total: int, exponents: Sequence[tuple[int, int]]) -> Fraction:
    """``weight / total`` where ``total`` is the product of ``p ** e`` over ``exponents``."""
    common = 1
    for p, e in exponents:
        v = _valuation(weight, p, e)
        if v:
            common *= p**v
    return _coprime(weight // common, total // common)


def _prime_factors(n: int) -> list[int]:
    found: list[int] = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            found.append(p)
            while n % p == 0:
                n //= p
        p += 1
    if n > 1:
        found.append(n)
    return found


def from_dense(low: int, dense: Sequence[int], total: int, bases: Iterable[int]) -> Dist[int]:
    """A Dist from dense integer weights (outcome ``low + i`` has ``dense[i]``)
    over ``total``, a product of powers of ``bases`` (the sides of the dice).

    Knowing the prime factors of ``total`` makes each exact fraction a few
    divisions instead of a gcd of numbers thousands of bits long.
    """
    primes = sorted({p for base in bases for p in _prime_factors(base)})
    exponents = [(p, _valuation(total, p, total.bit_length())) for p in primes]
    if math.prod(p**e for p, e in exponents) != total:
        raise ValueError("the total has a prime factor outside the given bases")
    if sum(dense) != total or any(w < 0 for w in dense):
        raise ValueError("weights must be non-negative and add up to the total")
    pairs = tuple((low + i, _reduced(w, total, exponents)) for i, w in enumerate(dense) if w)
    checked: Dist[int] = object.__new__(Dist)
    object.__setattr__(checked, "pairs", pairs)
    object.__setattr__(checked, "_index", dict(pairs))
    return checked


def weighted(weights: Mapping[T, Weight]) -> Dist[T]:
    """Outcomes with relative weights (ints or Fractions, need not sum to 1)."""
    if any(w < 0 for w in weights.values()):
        raise ValueError("weights cannot be negative")
    total = sum(weights.values(), Fraction(0))
    if total == 0:
        raise ValueError("weights must not all be zero")
    return _from_probs({o: Fraction(w) / total for o, w in weights.items()})


def faces(values: Iterable[T]) -> Dist[T]:
    """A die (or a card drawn from a deck) whose equally likely faces are ``values``.

    Repeated values add up: ``faces([0] * 6 + [1] * 3 + [2])`` is a d10 scored
    0 on 1-6, 1 on 7-9 and 2 on 10.
    """
    counts: dict[T, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    if not counts:
        raise ValueError("a die needs at least one face")
    return _from_weights(counts, sum(counts.values()))


def die(sides: int) -> Dist[int]:
    """A fair die numbered 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, got {sides}")
    return faces(range(1, sides + 1))


def constant(value: T) -> Dist[T]:
    """A certain outcome."""
    return Dist(((value, Fraction(1)),))


# -- combining independent results ----------------------------------------------


def _dense(d: Dist[int]) -> tuple[int, list[int], int]:
    """``(lowest outcome, weights for lowest..highest, total)`` of an integer Dist."""
    pairs, total = d.weights()
    low = pairs[0][0]
    dense = [0] * (pairs[-1][0] - low + 1)
    for outcome, weight in pairs:
        dense[outcome - low] = weight
    return low, dense, total


def _pack(coefficients: Sequence[int], width: int) -> int:
    """Non-negative integers side by side in one big integer, ``width`` bytes each."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little")


def _unpack(packed: int, width: int, length: int) -> list[int]:
    data = packed.to_bytes(width * length, "little")
    return [int.from_bytes(data[i * width : (i + 1) * width], "little") for i in range(length)]


def _slot_width(bound: int) -> int:
    """Bytes per slot so that no coefficient up to ``bound`` spills into the next."""
    return bound.bit_length() // 8 + 1


# Polynomial products by Kronecker substitution: pack each weight list into one
# integer, multiply (Python's big-integer multiplication is Karatsuba, in C),
# unpack. Coefficients never exceed the product of the weight totals, so slots
# of that width cannot overlap. Much faster than a double loop in Python.


def _convolve_dense(a: list[int], b: list[int]) -> list[int]:
    width = _slot_width(sum(a) * sum(b))
    product = _pack(a, width) * _pack(b, width)
    return _unpack(product, width, len(a) + len(b) - 1)


def _power_dense(a: list[int], count: int) -> list[int]:
    width = _slot_width(sum(a) ** count)
    return _unpack(_pack(a, width) ** count, width, (len(a) - 1) * count + 1)


def _dense_to_dist(low: int, dense: list[int], total: int) -> Dist[int]:
    return _from_weights({low + i: w for i, w in enumerate(dense) if w}, total)


def _convolve(a: Dist[int], b: Dist[int]) -> Dist[int]:
    low_a, dense_a, total_a = _dense(a)
    low_b, dense_b, total_b = _dense(b)
    return _dense_to_dist(low_a + low_b, _convolve_dense(dense_a, dense_b), total_a * total_b)


def sum_of(count: int, d: Dist[int]) -> Dist[int]:
    """The total of ``count`` independent rolls of ``d`` (``sum_of(3, die(6))`` is 3d6)."""
    if count < 0:
        raise ValueError(f"cannot roll a negative number of dice ({count})")
    if count == 0:
        return constant(0)
    low, dense, total = _dense(d)
    return _dense_to_dist(low * count, _power_dense(dense, count), total**count)


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
    return _dense_to_dist(low, dense, whole)


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
    width = _slot_width(whole)  # no count of weighted arrangements exceeds ``whole``
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
    return keep * low, _unpack(finished, width, keep * (high - low) + 1), whole


def keep_lowest(count: int, d: Dist[int], keep: int) -> Dist[int]:
    """The total of the lowest ``keep`` of ``count`` rolls of ``d`` (2d20 keep lowest 1)."""
    return -keep_highest(count, -d, keep)


def _extreme(dists: Sequence[Dist[int]], highest: bool) -> Dist[int]:
    if not dists:
        raise ValueError("need at least one distribution")
    low, dense, total = extreme_weights([_dense(d) for d in dists], highest)
    return _dense_to_dist(low, dense, total)


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


def joint(first: Dist[T], second: Dist[U]) -> Dist[tuple[T, U]]:
    """Two independent results side by side: outcomes are ``(x, y)`` pairs."""
    return _from_probs({(x, y): px * py for x, px in first.pairs for y, py in second.pairs})


def combine(fn: Callable[[T, U], Hashable], first: Dist[T], second: Dist[U]) -> Dist[Any]:
    """The distribution of ``fn(X, Y)`` for independent X and Y."""
    merged: dict[Hashable, Fraction] = {}
    for x, px in first.pairs:
        for y, py in second.pairs:
            key = fn(x, y)
            merged[key] = merged.get(key, Fraction(0)) + px * py
    return _from_probs(merged)


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


def mixture(parts: Iterable[tuple[Weight, Dist[T]]]) -> Dist[T]:
    """With relative weight ``w_i``, the result follows ``d_i`` (weights need not sum to 1)."""
    chosen = [(Fraction(w), d) for w, d in parts if w]
    if any(w < 0 for w, _ in chosen):
        raise ValueError("weights cannot be negative")
    total = sum((w for w, _ in chosen), Fraction(0))
    if total == 0:
        raise ValueError("a mixture needs some positive weight")
    merged: dict[T, Fraction] = {}
    for w, d in chosen:
        share = w / total
        for o, p in d.pairs:
            merged[o] = merged.get(o, Fraction(0)) + share * p
    return _from_probs(merged)


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


def draw(cards: Iterable[T], count: int) -> Dist[tuple[T, ...]]:
    """The hand of ``count`` cards drawn without replacement from ``cards``.

    A hand is a tuple sorted by :func:`sort_key` (order of drawing ignored);
    repeated cards are alike. Counted as multisets, not by listing every order.
    """
    counts: dict[T, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    kinds = sorted(counts, key=sort_key)
    size = sum(counts.values())
    if not 0 <= count <= size:
        raise ValueError(f"can draw 0 to {size} cards, not {count}")
    hands: dict[tuple[T, ...], int] = {}

    def extend(index: int, left: int, hand: tuple[T, ...], ways: int) -> None:
        if left == 0:
            hands[hand] = ways
            return
        if index == len(kinds):
            return
        kind = kinds[index]
        for taken in range(min(left, counts[kind]), -1, -1):
            extend(
                index + 1,
                left - taken,
                hand + (kind,) * taken,
                ways * math.comb(counts[kind], taken),
            )

    extend(0, count, (), 1)
    return _from_weights(hands, math.comb(size, count))


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
