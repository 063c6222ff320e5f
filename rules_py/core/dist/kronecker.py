"""Polynomial products by Kronecker substitution: pack each weight list into one
integer, multiply (Python's big-integer multiplication is Karatsuba, in C),
unpack. Coefficients never exceed the product of the weight totals, so slots
of that width cannot overlap. Much faster than a double loop in Python.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["convolve_dense", "pack", "power_dense", "slot_width", "unpack"]


def pack(coefficients: Sequence[int], width: int) -> int:
    """Non-negative integers side by side in one big integer, ``width`` bytes each."""
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little")


def unpack(packed: int, width: int, length: int) -> list[int]:
    data = packed.to_bytes(width * length, "little")
    return [int.from_bytes(data[i * width : (i + 1) * width], "little") for i in range(length)]


def slot_width(bound: int) -> int:
    """Bytes per slot so that no coefficient up to ``bound`` spills into the next."""
    return bound.bit_length() // 8 + 1


def convolve_dense(a: list[int], b: list[int]) -> list[int]:
    """The weights of the sum of two independent results given as dense weight lists."""
    width = slot_width(sum(a) * sum(b))
    product = pack(a, width) * pack(b, width)
    return unpack(product, width, len(a) + len(b) - 1)


def power_dense(a: list[int], count: int) -> list[int]:
    """The weights of the sum of ``count`` independent rolls of one dense weight list."""
    width = slot_width(sum(a) ** count)
    return unpack(pack(a, width) ** count, width, (len(a) - 1) * count + 1)
