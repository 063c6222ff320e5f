"""Seeded randomness for every roll: PCG32, written out so it is the same everywhere.

Why not ``random.Random``: only its ``random()`` output is promised stable across
Python versions, and the browser (Pyodide) runs a newer Python than CI. A roll
must replay identically from its seed on both, so the generator is spelled out
here and pinned by golden-value tests.

Generator: PCG32 "XSH RR" (O'Neill, https://www.pcg-random.org): a 64-bit linear
congruential state, output permuted to 32 bits. ``Rng(seed, stream)`` matches the
reference ``pcg32_srandom_r(rng, seed, stream)``.

Bounded draws (:meth:`Rng.below`) use rejection sampling: take just enough
32-bit words to cover ``n - 1``, mask off the extra bits, and draw again when the
result is ``n`` or more. Every value in ``range(n)`` is then exactly equally
likely, for any ``n`` (also the huge common denominators of :mod:`rules_py.core.dist`).

Fresh seeds come from :mod:`secrets` (the OS; in the browser,
``crypto.getRandomValues``). They are below 2**53 so JavaScript numbers carry
them exactly; a request may still replay any seed below 2**64.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator

__all__ = [
    "DEFAULT_STREAM",
    "FRESH_SEED_BITS",
    "SEED_LIMIT",
    "Rng",
    "bounded_draw",
    "fresh_seed",
    "words",
]

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
DEFAULT_STREAM = 54  # the reference implementation's demo stream
SEED_LIMIT = 1 << 64  # seeds accepted for replay: 0 <= seed < 2**64
FRESH_SEED_BITS = 53  # fresh seeds fit a JavaScript number exactly


def fresh_seed() -> int:
    """A new seed from the operating system's entropy source."""
    return secrets.randbits(FRESH_SEED_BITS)


class Rng:
    """PCG32 generator. Not thread-safe; cheap to create, one per roll."""

    __slots__ = ("_increment", "_state", "seed")

    def __init__(self, seed: int, stream: int = DEFAULT_STREAM) -> None:
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be in [0, 2**64), got {seed}")
        self.seed = seed
        self._state = 0
        self._increment = ((stream << 1) | 1) & _MASK64
        self._step()
        self._state = (self._state + seed) & _MASK64
        self._step()

    def _step(self) -> None:
        self._state = (self._state * _MULTIPLIER + self._increment) & _MASK64

    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        old = self._state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rotation = old >> 59
        return ((xorshifted >> rotation) | (xorshifted << ((-rotation) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, for any ``n >= 1``."""
        return bounded_draw(n, self.next_u32)

    def die(self, sides: int) -> int:
        """One roll of a die numbered 1..sides."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int) -> tuple[int, ...]:
        """``count`` rolls of a die numbered 1..sides, in the order rolled."""
        return tuple(self.die(sides) for _ in range(count))

    def shuffled(self, items: tuple[object, ...]) -> tuple[object, ...]:
        """A uniformly shuffled copy (Fisher-Yates)."""
        pool = list(items)
        for i in range(len(pool) - 1, 0, -1):
            j = self.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        return tuple(pool)


def bounded_draw(n: int, next_word: Callable[[], int]) -> int:
    """Uniform integer in ``range(n)`` from 32-bit words, by rejection sampling.

    Separated from :class:`Rng` so tests can feed it every possible word and
    check that each result is reached equally often.
    """
    if n < 1:
        raise ValueError(f"bound must be at least 1, got {n}")
    bits = (n - 1).bit_length()
    if bits == 0:
        return 0
    words = (bits + 31) // 32
    mask = (1 << bits) - 1
    while True:
        value = 0
        for _ in range(words):
            value = (value << 32) | next_word()
        value &= mask
        if value < n:
            return value


def words(rng: Rng) -> Iterator[int]:
    """An endless stream of raw outputs (handy for golden-value tests)."""
    while True:
        yield rng.next_u32()
