"""Timings of the exact odds engine (rules_py.core.dist) on the pools the games use.

Run: ``.venv/bin/python bench/bench_dist.py``. Prints a table; asserts nothing.
Each figure is the best of several runs (the least disturbed by other work on
the machine), in milliseconds on this CPython; the browser (Pyodide) is
typically a few times slower.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_py.core import dist, notation


def pool_score(face: int) -> int:
    """d10 pools: 7-9 is one success, 10 is two."""
    return 2 if face == 10 else int(face >= 7)


@dataclass(frozen=True)
class Case:
    name: str
    compute: Callable[[], dist.Dist[Any]]


CASES = (
    Case("10d10 successes", lambda: dist.count_successes(10, dist.die(10), pool_score)),
    Case("60d10 successes", lambda: dist.count_successes(60, dist.die(10), pool_score)),
    Case("highest 3 of 20d6", lambda: dist.keep_highest(20, dist.die(6), 3)),
    Case("sum of 100d6", lambda: dist.sum_of(100, dist.die(6))),
    Case("3 cards from a 10-card deck", lambda: dist.draw(range(1, 11), 3)),
    # Context: the same through the notation, and the largest charts of their
    # kind its budget for exact odds allowed when written (73d20 and
    # 42d100kh5 are refused there: rolled without odds).
    Case("notation 6d10>=7dbl10", lambda: notation.distribution("6d10>=7dbl10")),
    Case("notation 4d6kh3", lambda: notation.distribution("4d6kh3")),
    Case("notation 72d20", lambda: notation.distribution("72d20")),
    Case("notation 41d100kh5", lambda: notation.distribution("41d100kh5")),
)


def best_of(compute: Callable[[], object], runs: int) -> tuple[float, float]:
    """(best, median) wall time in milliseconds."""
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        compute()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[0], times[len(times) // 2]


def main(runs: int = 7) -> None:
    print(f"rules_py.core.dist on {platform.python_implementation()} {platform.python_version()}")
    print(f"best and median of {runs} runs, milliseconds\n")
    header = f"{'case':<30} {'outcomes':>8} {'best ms':>9} {'median ms':>10}"
    print(header)
    print("-" * len(header))
    for case in CASES:
        outcomes = len(case.compute())
        best, median = best_of(case.compute, runs)
        print(f"{case.name:<30} {outcomes:>8} {best:>9.2f} {median:>10.2f}")


if __name__ == "__main__":
    main()
