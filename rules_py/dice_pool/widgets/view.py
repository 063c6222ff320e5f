"""Words, dice and charts shared by the d10 dice-pool widgets."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_py.dice_pool import pool
from rules_py.dice_pool.tables import difficulties
from rules_py.widget import Block, chance_text, die_face, percent

__all__ = [
    "CHART_FLOOR",
    "EXACT_DENOMINATOR_SHOWN",
    "chance_words",
    "chart_bars",
    "dice_count",
    "dice_label",
    "difficulty_name",
    "double_face",
    "marked_faces",
    "readable",
    "signed",
    "single_faces",
    "single_span",
    "success_count",
    "sum_text",
]

EXACT_DENOMINATOR_SHOWN = 1_000_000
CHART_FLOOR = Fraction(1, 10_000)  # results rarer than this are gathered into the end bars


def single_faces() -> str:
    """ "7, 8 or 9": the faces of a d10 worth one success."""
    *first, last = (str(face) for face in pool.SINGLE_FACES)
    return f"{', '.join(first)} or {last}"


def single_span() -> str:
    """ "7-9": the same faces as a range."""
    return f"{pool.SINGLE_FACES[0]}-{pool.SINGLE_FACES[-1]}"


def double_face() -> str:
    """ "10": the face worth two successes."""
    return str(pool.DOUBLE_FACE)


def dice_count(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def success_count(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def sum_text(parts: tuple[tuple[str, int], ...]) -> str:
    """(("Attribute", 3), ("Major disadvantage", -4)) -> "Attribute 3 - Major disadvantage 4",
    written with a true minus sign."""
    text = f"{parts[0][0]} {parts[0][1]}"
    for label, value in parts[1:]:
        text += f" {'+' if value >= 0 else chr(0x2212)} {label} {abs(value)}"
    return text


def chance_words(chance: Fraction) -> str:
    """An exact chance as "n/d = x%" while the fraction is short enough to read;
    past a million in the denominator (big pools) only the percentage."""
    if chance == 0:
        return "0% (impossible)"
    if chance == 1:
        return "100% (certain)"
    if chance.denominator <= EXACT_DENOMINATOR_SHOWN:
        return chance_text(chance)
    # Never round a possible or a failable outcome to 0% or 100%.
    if chance < Fraction(1, 1_000_000):
        return "less than 0.0001%"
    if chance > 1 - Fraction(1, 1_000_000):
        return "more than 99.9999%"
    return percent(chance)


def readable(block: Block, chances: list[Fraction]) -> Block:
    """Rewrite a chart's figures with :func:`chance_words` (the chart prints every
    fraction in full, and a 60-dice pool has 60-digit denominators)."""
    remaining = sum(chances, Fraction(0))
    for bar, chance in zip(block["bars"], chances, strict=True):
        bar["chance"] = chance_words(chance)
        if "at_least" in bar:
            bar["at_least"] = chance_words(remaining)
        remaining -= chance
    return block


def difficulty_name(value: int) -> str:
    for level in difficulties():
        if level.value == value:
            return f"difficulty {value} ({level.name})"
    return f"difficulty {value}"


def marked_faces(faces: tuple[int, ...]) -> list[dict[str, Any]]:
    """Successes marked; a 10 (two successes) also tagged "double" so it stands out."""
    marked: list[dict[str, Any]] = []
    for face in faces:
        tags = {0: (), 1: ("success",), 2: ("success", "double")}[pool.face_successes(face)]
        marked.append(die_face(face, pool.DIE, *tags))
    return marked


def dice_label(who: str, count: int, rolled: int) -> str:
    return f"{who}: {dice_count(count)}, {success_count(rolled)}"


# ------------------------------------------------------------------ charts


def chart_bars(
    distribution: Mapping[int, Fraction], keep: tuple[int, ...] = ()
) -> list[tuple[str, Fraction, int, int]]:
    """(label, chance, lowest, highest) bars; the rare ends gathered into one bar each.

    Outcomes in ``keep`` (the difficulty and the one below it) always get a
    bar of their own, so the line between failure and success stays visible.
    """
    outcomes = sorted(distribution)
    # Every outcome of a thin distribution (a strike's rare hits) may be rare.
    common = [o for o in outcomes if distribution[o] >= CHART_FLOOR or o in keep] or outcomes
    low, high = min(common), max(common)
    bars: list[tuple[str, Fraction, int, int]] = []
    below = [o for o in outcomes if o < low]
    if below:
        chance = sum((distribution[o] for o in below), Fraction(0))
        label = str(below[0]) if len(below) == 1 else f"{below[0]}\u2013{below[-1]}"
        bars.append((label, chance, below[0], below[-1]))
    for value in outcomes:
        if low <= value <= high:
            bars.append((str(value), distribution[value], value, value))
    above = [o for o in outcomes if o > high]
    if above:
        chance = sum((distribution[o] for o in above), Fraction(0))
        bars.append((f"{above[0]}+", chance, above[0], above[-1]))
    return bars
