"""The common dialect, form by form, against a brute force written apart from the engine.

Each row gives an expression and a plain-Python enumeration of what Roll20,
Foundry VTT and rpg-dice-roller mean by it (itertools over every face; a
recursion for exploding dice and rerolls, to the depth the notation
documents). Neither ``rules_py.core.dist`` nor the notation's rolling code is
used here.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import cache
from itertools import product
from math import prod

import pytest

from rules_py.core.notation import TAIL_BOUND, distribution

Odds = dict[int, Fraction]


def depth(chance: Fraction, count: int) -> int:
    """The documented cap: the fewest extra rolls n with count * chance^(n+1) <= 1e-9."""
    n = 0
    while count * chance ** (n + 1) > TAIL_BOUND:
        n += 1
    return n


def plain(sides: int) -> dict[tuple[int, ...], Fraction]:
    return {(f,): Fraction(1, sides) for f in range(1, sides + 1)}


def exploding(sides: int, on: Callable[[int], bool], count: int) -> dict[tuple[int, ...], Fraction]:
    """Every chain of rolls of one exploding die, with its chance: (1/sides)
    to the chain's length, each chain being one sequence of faces."""
    cap = depth(Fraction(sum(on(f) for f in range(1, sides + 1)), sides), count)
    chance_of_length = [Fraction(1, sides**length) for length in range(cap + 2)]
    chains: dict[tuple[int, ...], Fraction] = {}

    def grow(chain: tuple[int, ...]) -> None:
        for face in range(1, sides + 1):
            longer = (*chain, face)
            if on(face) and len(longer) <= cap:
                grow(longer)
            else:
                chains[longer] = chance_of_length[len(longer)]

    grow(())
    return chains


def rerolled(
    sides: int, on: Callable[[int], bool], count: int, once: bool
) -> dict[tuple[int, ...], Fraction]:
    """The face a die ends on after rerolls, with its chance: a face that
    calls for a reroll, while rerolls are left, leads to where the next roll
    ends (worked out once for each number of rerolls made)."""
    cap = 1 if once else depth(Fraction(sum(on(f) for f in range(1, sides + 1)), sides), count)

    @cache
    def ends(rerolls: int) -> dict[tuple[int, ...], Fraction]:
        found: dict[tuple[int, ...], Fraction] = {}
        for face in range(1, sides + 1):
            if on(face) and rerolls < cap:
                for end, p in ends(rerolls + 1).items():
                    found[end] = found.get(end, Fraction(0)) + p / sides
            else:
                found[(face,)] = found.get((face,), Fraction(0)) + Fraction(1, sides)
        return found

    return ends(0)


def pool(
    dice: list[dict[tuple[int, ...], Fraction]], total: Callable[[list[tuple[int, ...]]], int]
) -> Odds:
    # Outcomes counted by value and chance, then summed: an exploding die has
    # millions of chains but only a few chances (one per length).
    # Counted by value and the dice's chances, as numerator and denominator
    # (a Fraction's own hash is slow), then multiplied once per count. Each
    # chain's pair is read once, not once per outcome it is part of: d6!>=5
    # alone has 2.6 million chains, and reading them per outcome took a third
    # of the test's time.
    keyed = [[(chain, (p.numerator, p.denominator)) for chain, p in d.items()] for d in dice]
    counted: Counter[tuple[int, tuple[tuple[int, int], ...]]] = Counter()
    for outcome in product(*keyed):
        value = total([chain for chain, _ in outcome])
        counted[value, tuple(chance for _, chance in outcome)] += 1
    odds: Odds = {}
    for (value, chances), times in counted.items():
        chance = prod((Fraction(*p) for p in chances), start=Fraction(times))
        odds[value] = odds.get(value, Fraction(0)) + chance
    return odds


@contextmanager
def cycle_collection_paused() -> Iterator[None]:
    """The brute force makes millions of tuples of numbers, which can form no
    cycle: the collector's passes over them took about a tenth of its time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def best(values: list[int], keep: int, highest: bool = True) -> int:
    return sum(sorted(values, reverse=highest)[:keep])


FATE = {(-1,): Fraction(1, 3), (0,): Fraction(1, 3), (1,): Fraction(1, 3)}

CASES: list[tuple[str, Callable[[], Odds]]] = [
    ("4d6kh3", lambda: pool([plain(6)] * 4, lambda c: best([x[0] for x in c], 3))),
    ("4d6k3", lambda: pool([plain(6)] * 4, lambda c: best([x[0] for x in c], 3))),
    ("4d6d1", lambda: pool([plain(6)] * 4, lambda c: best([x[0] for x in c], 3))),
    ("4d6dl1", lambda: pool([plain(6)] * 4, lambda c: best([x[0] for x in c], 3))),
    ("2d20kl1", lambda: pool([plain(20)] * 2, lambda c: min(x[0] for x in c))),
    ("3d6dh1", lambda: pool([plain(6)] * 3, lambda c: best([x[0] for x in c], 2, False))),
    ("d6!", lambda: pool([exploding(6, lambda f: f == 6, 1)], lambda c: sum(c[0]))),
    ("d6!>=5", lambda: pool([exploding(6, lambda f: f >= 5, 1)], lambda c: sum(c[0]))),
    ("d6!=6", lambda: pool([exploding(6, lambda f: f == 6, 1)], lambda c: sum(c[0]))),
    ("d4!3", lambda: pool([exploding(4, lambda f: f == 3, 1)], lambda c: sum(c[0]))),
    ("2d4!!", lambda: pool([exploding(4, lambda f: f == 4, 2)] * 2, lambda c: sum(map(sum, c)))),
    (
        "2d4!!kh1",
        lambda: pool([exploding(4, lambda f: f == 4, 2)] * 2, lambda c: max(map(sum, c))),
    ),
    (
        "d6!p",
        lambda: pool(
            [exploding(6, lambda f: f == 6, 1)], lambda c: c[0][0] + sum(f - 1 for f in c[0][1:])
        ),
    ),
    (
        "2d6r1",
        lambda: pool([rerolled(6, lambda f: f == 1, 2, False)] * 2, lambda c: sum(x[0] for x in c)),
    ),
    ("d6r<=2", lambda: pool([rerolled(6, lambda f: f <= 2, 1, False)], lambda c: c[0][0])),
    (
        "2d6ro<=2",
        lambda: pool([rerolled(6, lambda f: f <= 2, 2, True)] * 2, lambda c: sum(x[0] for x in c)),
    ),
    ("5d10>=7", lambda: pool([plain(10)] * 5, lambda c: sum(x[0] >= 7 for x in c))),
    ("4d6<=2", lambda: pool([plain(6)] * 4, lambda c: sum(x[0] <= 2 for x in c))),
    ("4d6=6", lambda: pool([plain(6)] * 4, lambda c: sum(x[0] == 6 for x in c))),
    (
        "4d6>=5f1",
        lambda: pool([plain(6)] * 4, lambda c: sum((x[0] >= 5) - (x[0] == 1) for x in c)),
    ),
    (
        "2d10!10>=8",
        lambda: pool(
            [exploding(10, lambda f: f == 10, 2)] * 2, lambda c: sum(f >= 8 for x in c for f in x)
        ),
    ),
    ("4dF", lambda: pool([FATE] * 4, lambda c: sum(x[0] for x in c))),
    ("4dFkh2", lambda: pool([FATE] * 4, lambda c: best([x[0] for x in c], 2))),
    ("d%", lambda: pool([plain(100)], lambda c: c[0][0])),
    ("{d8, d8}kh1", lambda: pool([plain(8)] * 2, lambda c: max(x[0] for x in c))),
    (
        "{2d4, 3d3}k1",
        lambda: pool(
            [plain(4)] * 2 + [plain(3)] * 3,
            lambda c: max(c[0][0] + c[1][0], sum(x[0] for x in c[2:])),
        ),
    ),
    (
        "{d4, d6, d8}kl2",
        lambda: pool([plain(4), plain(6), plain(8)], lambda c: best([x[0] for x in c], 2, False)),
    ),
    (
        "{2d6, d10}>=7",
        lambda: pool(
            [plain(6)] * 2 + [plain(10)], lambda c: (c[0][0] + c[1][0] >= 7) + (c[2][0] >= 7)
        ),
    ),
    ("2d6*3", lambda: pool([plain(6)] * 2, lambda c: 3 * (c[0][0] + c[1][0]))),
    ("(2d6+1)/2", lambda: pool([plain(6)] * 2, lambda c: (c[0][0] + c[1][0] + 1) // 2)),
    ("(d6-4)/3", lambda: pool([plain(6)], lambda c: (c[0][0] - 4) // 3)),
    ("d6*d4", lambda: pool([plain(6), plain(4)], lambda c: c[0][0] * c[1][0])),
    ("max(d8, d10)", lambda: pool([plain(8), plain(10)], lambda c: max(c[0][0], c[1][0]))),
    (
        "2d6[fire] + d4[cold] # hit",
        lambda: pool([plain(6)] * 2 + [plain(4)], lambda c: sum(x[0] for x in c)),
    ),
]


@pytest.mark.parametrize(("text", "brute"), CASES, ids=[text for text, _ in CASES])
def test_common_dialect_matches_brute_force(text: str, brute: Callable[[], Odds]) -> None:
    with cycle_collection_paused():
        expected = brute()
    exact = distribution(text)
    assert sum(exact.values()) == 1
    assert dict(exact.items()) == {v: p for v, p in expected.items() if p}


@pytest.mark.parametrize("text", ["d6!", "2d6!!", "d6!>=5", "3d6!p", "d6r<=2"])
def test_capped_odds_are_within_a_millionth_of_endless_dice(text: str) -> None:
    """The mean of d6! without end is 4.2 (3.5 / (1 - 1/6)); each capped chance is
    within the stated bound, so the mean of the first die's value is too."""
    from rules_py.core.notation import odds

    found = odds(text)
    assert 0 < found.tail <= Fraction(1, 10**6)
    if text == "d6!":
        assert abs(found.dist().mean() - Fraction(21, 5)) < Fraction(1, 10**6)
