"""dist.from_dense, extreme_weights and keep_highest_weights: the integer-weight
entry points of the exact engine, checked against Fractions built the slow way."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from rules_py.core import dist
from rules_py.core.dist.building import _valuation


@given(
    st.sampled_from([2, 3, 5, 7]), st.integers(0, 300), st.integers(1, 10**6), st.integers(0, 400)
)
def test_valuation_counts_the_prime_up_to_the_limit(p: int, e: int, rest: int, limit: int) -> None:
    n = p**e * rest
    expected, m = 0, n
    while m % p == 0 and expected < limit:
        m //= p
        expected += 1
    assert _valuation(n, p, limit) == expected


@given(st.lists(st.integers(0, 50), min_size=1, max_size=12), st.integers(-5, 5))
def test_from_dense_makes_the_same_fractions(weights: list[int], low: int) -> None:
    # pad to a total that is a power of 6 so the bases are known
    total = 6 ** max(1, (sum(weights)).bit_length())
    dense = [*weights, total - sum(weights)]
    made = dist.from_dense(low, dense, total, [6])
    assert dict(made.items()) == {low + i: Fraction(w, total) for i, w in enumerate(dense) if w}


def test_extreme_weights_match_enumeration() -> None:
    d4 = (1, [1, 1, 1, 1], 4)
    two = (0, [1, 2, 1], 4)  # 2 coins: 0, 1, 2
    for highest in (True, False):
        low, dense, total = dist.extreme_weights([d4, two], highest)
        counted: dict[int, int] = {}
        for a, b, c in product(range(1, 5), (0, 1), (0, 1)):
            value = max(a, b + c) if highest else min(a, b + c)
            counted[value] = counted.get(value, 0) + 1
        assert total == 16
        assert {low + i: w for i, w in enumerate(dense) if w} == counted
