"""Exact distributions: each checked against brute-force enumeration or a seeded Monte Carlo."""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.core import dist
from rules_py.core.dist import Comparison, Dist
from rules_py.core.rng import Rng

EXALTED_SCORE: Callable[[int], int] = lambda face: 2 if face == 10 else int(face >= 7)  # noqa: E731


def brute(outcomes: Iterable[object]) -> dict[object, Fraction]:
    """Every equally likely elementary outcome listed, then counted."""
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {o: Fraction(c, total) for o, c in counts.items()}


def as_dict(d: Dist[Any]) -> dict[object, Fraction]:
    return dict(d.items())


def assert_proper(d: Dist[Any]) -> None:
    assert sum(d.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in d.values())
    assert list(d) == sorted(d, key=dist.sort_key)


# Small dice with repeated and gapped faces, to exercise the multiset counting.
small_faces = st.lists(st.integers(-3, 12), min_size=1, max_size=6)


# -- construction ----------------------------------------------------------------


def test_die_is_uniform() -> None:
    d6 = dist.die(6)
    assert d6.outcomes == (1, 2, 3, 4, 5, 6)
    assert set(d6.values()) == {Fraction(1, 6)}
    assert_proper(d6)


def test_custom_faces_count_repeats() -> None:
    pool_die = dist.faces([0] * 6 + [1] * 3 + [2])
    assert as_dict(pool_die) == {0: Fraction(6, 10), 1: Fraction(3, 10), 2: Fraction(1, 10)}


def test_weighted_normalises_and_accepts_fractions() -> None:
    d = dist.weighted({"hit": 3, "miss": Fraction(1, 2), "never": 0})
    assert as_dict(d) == {"hit": Fraction(6, 7), "miss": Fraction(1, 7)}
    assert "never" not in d


def test_mapping_interface() -> None:
    d = dist.die(4)
    assert d[3] == Fraction(1, 4)
    assert d.prob(9) == 0
    with pytest.raises(KeyError):
        d[9]
    assert len(d) == 4
    assert 2 in d and 5 not in d
    assert d.denominator == 4


@pytest.mark.parametrize(
    "pairs",
    [
        (),
        ((2, Fraction(1, 2)), (1, Fraction(1, 2))),  # unsorted
        ((1, Fraction(1, 2)), (1, Fraction(1, 2))),  # repeated
        ((1, Fraction(1, 2)), (2, Fraction(1, 3))),  # sums to 5/6
        ((1, Fraction(0)), (2, Fraction(1))),  # zero probability kept
    ],
)
def test_invalid_distributions_are_refused(pairs: tuple[tuple[int, Fraction], ...]) -> None:
    with pytest.raises(ValueError):
        Dist(pairs)


def test_equal_distributions_are_equal_and_hashable() -> None:
    assert dist.die(6) + 0 == dist.die(6)
    assert hash(dist.sum_of(2, dist.die(6))) == hash(dist.die(6) + dist.die(6))
    assert dist.die(6) != dist.die(8)


def test_mixed_outcome_types_sort_consistently() -> None:
    d = dist.weighted({(1, "a"): 1, "miss": 1, 3: 1, (1, 2): 1})
    assert d.outcomes == (3, "miss", (1, 2), (1, "a"))


# -- sums, pools, keep -----------------------------------------------------------


@pytest.mark.parametrize(("count", "sides"), [(0, 6), (1, 6), (2, 6), (3, 6), (4, 4), (3, 10)])
def test_sum_of_matches_enumeration(count: int, sides: int) -> None:
    rolls = itertools.product(range(1, sides + 1), repeat=count)
    assert as_dict(dist.sum_of(count, dist.die(sides))) == brute(sum(r) for r in rolls)


@settings(max_examples=60, deadline=None)
@given(small_faces, st.integers(0, 4))
def test_sum_of_any_die_matches_enumeration(values: list[int], count: int) -> None:
    d = dist.faces(values)
    rolls = itertools.product(values, repeat=count)
    assert as_dict(dist.sum_of(count, d)) == brute(sum(r) for r in rolls)
    assert_proper(dist.sum_of(count, d))


def test_sum_of_100d6_is_exact() -> None:
    d = dist.sum_of(100, dist.die(6))
    assert_proper(d)
    assert d.outcomes[0] == 100 and d.outcomes[-1] == 600
    assert d[100] == Fraction(1, 6**100)
    assert d[101] == Fraction(100, 6**100)
    assert d.mean() == 350
    assert d.variance() == Fraction(100 * 35, 12)


@settings(max_examples=80, deadline=None)
@given(small_faces, st.data())
def test_keep_highest_and_lowest_match_enumeration(values: list[int], data: st.DataObject) -> None:
    count = data.draw(st.integers(1, 4))
    keep = data.draw(st.integers(0, count))
    rolls = list(itertools.product(values, repeat=count))
    d = dist.faces(values)
    high = brute(sum(sorted(r, reverse=True)[:keep]) for r in rolls)
    low = brute(sum(sorted(r)[:keep]) for r in rolls)
    assert as_dict(dist.keep_highest(count, d, keep)) == high
    assert as_dict(dist.keep_lowest(count, d, keep)) == low


def test_4d6_keep_3_known_values() -> None:
    stat = dist.keep_highest(4, dist.die(6), 3)
    assert stat[18] == Fraction(21, 1296)
    assert stat[3] == Fraction(1, 1296)
    assert stat.mean() == Fraction(15869, 1296)


def test_advantage_and_disadvantage() -> None:
    adv = dist.keep_highest(2, dist.die(20), 1)
    dis = dist.keep_lowest(2, dist.die(20), 1)
    for v in range(1, 21):
        assert adv[v] == Fraction(2 * v - 1, 400)
        assert dis[v] == Fraction(41 - 2 * v, 400)


def test_keep_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        dist.keep_highest(2, dist.die(6), 3)


@settings(max_examples=40, deadline=None)
@given(st.lists(small_faces, min_size=1, max_size=3))
def test_highest_and_lowest_of_different_dice(value_lists: list[list[int]]) -> None:
    dice = [dist.faces(values) for values in value_lists]
    rolls = list(itertools.product(*value_lists))
    assert as_dict(dist.highest(*dice)) == brute(max(r) for r in rolls)
    assert as_dict(dist.lowest(*dice)) == brute(min(r) for r in rolls)


def test_cairn_twin_d8() -> None:
    twin = dist.highest(dist.die(8), dist.die(8))
    assert twin[8] == Fraction(15, 64)
    assert twin[1] == Fraction(1, 64)
    mixed = dist.highest(dist.die(8), dist.die(10))
    assert mixed[10] == Fraction(8, 80)
    assert mixed[9] == Fraction(8, 80)
    assert mixed[8] == Fraction(8 + 7, 80)


def test_count_successes_matches_enumeration() -> None:
    for count in range(5):
        rolls = itertools.product(range(1, 11), repeat=count)
        expected = brute(sum(EXALTED_SCORE(f) for f in r) for r in rolls)
        assert as_dict(dist.count_successes(count, dist.die(10), EXALTED_SCORE)) == expected


def test_success_score_as_custom_faces_is_the_same_pool() -> None:
    scored_die = dist.faces([0] * 6 + [1] * 3 + [2])
    assert dist.sum_of(10, scored_die) == dist.count_successes(10, dist.die(10), EXALTED_SCORE)


def monte_carlo(roll: Callable[[Rng], int], seed: int, trials: int) -> Counter[int]:
    rng = Rng(seed)
    return Counter(roll(rng) for _ in range(trials))


def assert_close(exact: Fraction, hits: int, trials: int) -> None:
    """Within 5 standard errors of a binomial proportion (false alarm below 1 in 10^6)."""
    p = float(exact)
    tolerance = 5 * math.sqrt(max(p * (1 - p), 1e-4) / trials)
    assert abs(hits / trials - p) <= tolerance, (exact, hits, trials)


def test_60d10_successes_agree_with_seeded_monte_carlo() -> None:
    exact = dist.count_successes(60, dist.die(10), EXALTED_SCORE)
    assert exact.mean() == 60 * Fraction(3 * 1 + 1 * 2, 10)
    trials = 4000
    seen = monte_carlo(lambda rng: sum(EXALTED_SCORE(f) for f in rng.dice(60, 10)), 2024, trials)
    for threshold in (25, 30, 36):
        hits = sum(c for v, c in seen.items() if v >= threshold)
        assert_close(exact.at_least(threshold), hits, trials)


def test_highest_3_of_20d6_agrees_with_seeded_monte_carlo() -> None:
    exact = dist.keep_highest(20, dist.die(6), 3)
    trials = 4000
    seen = monte_carlo(lambda rng: sum(sorted(rng.dice(20, 6))[-3:]), 99, trials)
    for value in (18, 17, 16, 15):
        assert_close(exact.prob(value), seen[value], trials)


# -- cards -----------------------------------------------------------------------


def test_draw_three_from_ten_matches_enumeration() -> None:
    hand = dist.draw(range(1, 11), 3)
    expected = brute(tuple(sorted(c)) for c in itertools.permutations(range(1, 11), 3))
    assert as_dict(hand) == expected
    assert len(hand) == 120


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=7), st.data())
def test_draw_with_repeated_cards_matches_enumeration(
    cards: list[int], data: st.DataObject
) -> None:
    count = data.draw(st.integers(0, len(cards)))
    expected = brute(tuple(sorted(h)) for h in itertools.permutations(cards, count))
    assert as_dict(dist.draw(cards, count)) == expected


def test_draw_refuses_too_many() -> None:
    with pytest.raises(ValueError):
        dist.draw(range(1, 6), 6)


# -- arithmetic, comparisons, conditioning ----------------------------------------


def test_constants_and_negation() -> None:
    d = dist.die(6) + 2
    assert d.outcomes == (3, 4, 5, 6, 7, 8)
    assert (3 + dist.die(4)).outcomes == (4, 5, 6, 7)
    assert (-dist.die(4)).outcomes == (-4, -3, -2, -1)
    assert as_dict(dist.die(6) - dist.die(6)) == brute(
        a - b for a, b in itertools.product(range(1, 7), repeat=2)
    )
    assert (10 - dist.die(4)).outcomes == (6, 7, 8, 9)


def test_tail_probabilities() -> None:
    two = dist.die(6) + dist.die(6)
    assert two.at_least(10) == Fraction(6, 36)
    assert two.above(10) == Fraction(3, 36)
    assert two.at_most(3) == Fraction(3, 36)
    assert two.below(3) == Fraction(1, 36)
    assert two.where(lambda v: v % 2 == 0) == Fraction(1, 2)
    table = dict(two.at_least_table())
    assert table[2] == 1 and table[12] == Fraction(1, 36) and table[7] == Fraction(21, 36)


@settings(max_examples=40, deadline=None)
@given(small_faces, small_faces)
def test_compare_reports_ties_separately(xs: list[int], ys: list[int]) -> None:
    result = dist.compare(dist.faces(xs), dist.faces(ys))
    pairs = list(itertools.product(xs, ys))
    n = len(pairs)
    assert result == Comparison(
        greater=Fraction(sum(x > y for x, y in pairs), n),
        equal=Fraction(sum(x == y for x, y in pairs), n),
        less=Fraction(sum(x < y for x, y in pairs), n),
    )


def test_mixture_and_then() -> None:
    m = dist.mixture([(1, dist.die(4)), (3, dist.constant(0))])
    assert m[0] == Fraction(3, 4) and m[4] == Fraction(1, 16)
    chained = dist.die(2).then(lambda n: dist.sum_of(n, dist.die(2)))
    assert as_dict(chained) == {
        1: Fraction(1, 4),
        2: Fraction(1, 4) + Fraction(1, 8),
        3: Fraction(2, 8),
        4: Fraction(1, 8),
    }
    with pytest.raises(ValueError):
        dist.mixture([(0, dist.die(4))])


def test_given() -> None:
    high = dist.die(6).given(lambda f: f >= 5)
    assert as_dict(high) == {5: Fraction(1, 2), 6: Fraction(1, 2)}
    with pytest.raises(ValueError):
        dist.die(6).given(lambda f: f > 6)


def test_map_joint_and_combine() -> None:
    parity = dist.die(6).map(lambda f: f % 2)
    assert as_dict(parity) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    pair = dist.joint(dist.die(2), dist.die(3))
    assert len(pair) == 6 and pair[(2, 3)] == Fraction(1, 6)
    diff = dist.combine(lambda a, b: abs(a - b), dist.die(6), dist.die(6))
    assert diff[0] == Fraction(6, 36) and diff[5] == Fraction(2, 36)


def test_mean_variance_stdev() -> None:
    d6 = dist.die(6)
    assert d6.mean() == Fraction(7, 2)
    assert d6.variance() == Fraction(35, 12)
    assert d6.stdev() == pytest.approx(math.sqrt(35 / 12))


def test_exploding_matches_hand_count() -> None:
    # d4 exploding on 4 at most twice: 1-3, 4+(1-3), 4+4+(1-4).
    d = dist.exploding(dist.die(4), lambda f: f == 4, depth=2)
    expected = {v: Fraction(1, 4) for v in (1, 2, 3)}
    expected |= {v: Fraction(1, 16) for v in (5, 6, 7)}
    expected |= {v: Fraction(1, 64) for v in (9, 10, 11, 12)}
    assert as_dict(d) == expected
    assert dist.exploding(dist.die(4), lambda f: f == 4, depth=0) == dist.die(4)


def test_exploding_scored_roll_by_roll() -> None:
    # d10 successes with tens rolling again once: a 10 scores 1 and adds another roll.
    d = dist.exploding(dist.die(10), lambda f: f == 10, depth=1, score=lambda f: int(f >= 7))
    assert d[0] == Fraction(6, 10)
    assert d[1] == Fraction(3, 10) + Fraction(1, 10) * Fraction(6, 10)
    assert d[2] == Fraction(1, 10) * Fraction(4, 10)


# -- sampling --------------------------------------------------------------------


class CountingRng(Rng):
    """Records every bounded draw, to prove a sample is exactly one of them."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.bounds: list[int] = []

    def below(self, n: int) -> int:
        self.bounds.append(n)
        return super().below(n)


def test_sample_is_one_draw_over_the_common_denominator() -> None:
    d = dist.weighted({1: Fraction(1, 3), 2: Fraction(1, 4), 3: Fraction(5, 12)})
    rng = CountingRng(5)
    d.sample(rng)
    assert rng.bounds == [12]
    assert [d.sample(Rng(s)) for s in range(20)] == [d.sample(Rng(s)) for s in range(20)]


def test_samples_follow_the_distribution() -> None:
    d = dist.sum_of(3, dist.die(6))
    trials = 6000
    rng = Rng(321)
    seen = Counter(d.sample(rng) for _ in range(trials))
    for value in (3, 7, 10, 14):
        assert_close(d[value], seen[value], trials)


def test_sample_walks_outcomes_in_order() -> None:
    # Tickets 0..denominator-1 land on outcomes in sorted order, each by its weight.
    d = dist.weighted({"b": 2, "a": 1})

    class Fixed(Rng):
        def __init__(self, ticket: int) -> None:
            super().__init__(0)
            self.ticket = ticket

        def below(self, n: int) -> int:
            return self.ticket

    assert [d.sample(Fixed(t)) for t in range(3)] == ["a", "b", "b"]


def test_the_examples_in_the_module_documentation_hold() -> None:
    outcome = doctest.testmod(dist, raise_on_error=False)
    assert outcome.attempted > 20 and outcome.failed == 0


def test_pool_values_matches_enumeration_of_ordered_rolls() -> None:
    from collections import Counter
    from fractions import Fraction
    from itertools import product

    from rules_py.core import dist

    counts = Counter(tuple(sorted(roll)) for roll in product(range(1, 5), repeat=3))
    expected = {values: Fraction(n, 4**3) for values, n in counts.items()}
    assert dict(dist.pool_values(3, dist.die(4)).pairs) == expected
    assert dist.pool_values(0, dist.die(4)).pairs == (((), Fraction(1)),)
