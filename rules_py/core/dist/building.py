"""Distributions to start from: a die, faces, weights, a constant, a hand of cards,
or dense integer weights whose total is a product of the dice's sides.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from rules_py.core.dist.distribution import Dist, T, Weight, from_probs, from_weights, sort_key

__all__ = ["constant", "die", "draw", "faces", "from_dense", "weighted"]


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
    return from_probs({o: Fraction(w) / total for o, w in weights.items()})


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
    return from_weights(counts, sum(counts.values()))


def die(sides: int) -> Dist[int]:
    """A fair die numbered 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, got {sides}")
    return faces(range(1, sides + 1))


def constant(value: T) -> Dist[T]:
    """A certain outcome."""
    return Dist(((value, Fraction(1)),))


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
    return from_weights(hands, math.comb(size, count))
