"""The :class:`Dist` type: an immutable mapping from outcome to exact probability,
with its queries, transformations and arithmetic (see :mod:`rules_py.core.dist`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules_py.core.dist.kronecker import convolve_dense

if TYPE_CHECKING:
    from rules_py.core.rng import Rng

__all__ = [
    "Dist",
    "T",
    "U",
    "Weight",
    "dense_weights",
    "from_dense_weights",
    "from_probs",
    "from_weights",
    "mixture",
    "sort_key",
]

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
        return from_probs(merged)

    def given(self, condition: Callable[[T], bool]) -> Dist[T]:
        """X conditioned on ``condition(X)``. Raises ValueError if that is impossible."""
        kept = {o: p for o, p in self.pairs if condition(o)}
        mass = sum(kept.values(), Fraction(0))
        if mass == 0:
            raise ValueError("cannot condition on an impossible event")
        return from_probs({o: p / mass for o, p in kept.items()})

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
            return from_probs({o + other: p for o, p in self.pairs})
        return _convolve(self, other)

    def __radd__(self: Dist[int], other: int) -> Dist[int]:
        return self + other

    def __neg__(self: Dist[int]) -> Dist[int]:
        return from_probs({-o: p for o, p in self.pairs})

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


def from_probs(probs: Mapping[U, Fraction]) -> Dist[U]:
    """A Dist from outcome -> probability (zeros dropped, sorted)."""
    pairs = sorted(((o, p) for o, p in probs.items() if p), key=lambda pair: sort_key(pair[0]))
    return Dist(tuple(pairs))


def from_weights(weights: Mapping[U, int], total: int) -> Dist[U]:
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


def dense_weights(d: Dist[int]) -> tuple[int, list[int], int]:
    """``(lowest outcome, weights for lowest..highest, total)`` of an integer Dist."""
    pairs, total = d.weights()
    low = pairs[0][0]
    dense = [0] * (pairs[-1][0] - low + 1)
    for outcome, weight in pairs:
        dense[outcome - low] = weight
    return low, dense, total


def from_dense_weights(low: int, dense: list[int], total: int) -> Dist[int]:
    """An integer Dist from dense weights (outcome ``low + i`` has ``dense[i]``) over ``total``."""
    return from_weights({low + i: w for i, w in enumerate(dense) if w}, total)


def _convolve(a: Dist[int], b: Dist[int]) -> Dist[int]:
    low_a, dense_a, total_a = dense_weights(a)
    low_b, dense_b, total_b = dense_weights(b)
    return from_dense_weights(low_a + low_b, convolve_dense(dense_a, dense_b), total_a * total_b)


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
    return from_probs(merged)
