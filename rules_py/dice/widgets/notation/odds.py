"""The odds of ``dice.notation``: the exact chart of an expression, its bars
grouped and its unlikely tails left out when there are too many results.

The chart works on the integer weights of :func:`rules_py.core.notation.odds`
with running totals; a Fraction is made only for what is shown.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from rules_py.core import notation
from rules_py.core.notation import Expression, Odds
from rules_py.widget import Block, at_least_fields, chance_text, chart, facts, note, percent

__all__ = ["MAX_BARS", "TAIL", "at_least", "chance_words", "exact_odds", "odds_view"]

MAX_BARS = 60  # beyond this a phone shows no readable bar: results are grouped
TAIL = Fraction(1, 2000)  # with many results, tails this unlikely are left undrawn


@lru_cache(maxsize=16)
def exact_odds(expression: Expression) -> Odds | None:
    """The exact odds, or None when they would take too long."""
    return notation.odds(expression) if notation.chartable(expression) else None


def chance_words(p: Fraction) -> str:
    """ "16.67% (1/6)"; a certainty or a huge denominator only as a percentage."""
    return percent(p) if p.denominator == 1 else chance_text(p)


def _mean(odds: Odds) -> Fraction:
    return Fraction(sum((odds.low + i) * w for i, w in enumerate(odds.weights)), odds.total)


def _stdev(odds: Odds) -> float:
    mean = _mean(odds)
    spread = sum(w * (odds.low + i - mean) ** 2 for i, w in enumerate(odds.weights) if w)
    return math.sqrt(spread / odds.total)


def _mean_text(mean: Fraction) -> str:
    return str(mean.numerator) if mean.denominator == 1 else f"{float(mean):.3g}"


def at_least(odds: Odds, value: int) -> Fraction:
    index = max(0, value - odds.low)
    return Fraction(sum(odds.weights[index:]), odds.total)


# ---------------------------------------------------------------- the odds chart


def _bins(odds: Odds) -> tuple[list[tuple[int, int, int]], int, int]:
    """Bars as ``(first value, last value, weight)``, and the weights left out
    below and above. Every result gets its own bar when there are few;
    otherwise the unlikely tails are left out and the rest grouped."""
    weights, total, low = odds.weights, odds.total, odds.low
    present = [i for i, w in enumerate(weights) if w]
    if len(present) <= MAX_BARS:
        return [(low + i, low + i, weights[i]) for i in present], 0, 0
    first, below = 0, 0
    while (below + weights[first]) * TAIL.denominator < total * TAIL.numerator:
        below += weights[first]
        first += 1
    last, above = len(weights) - 1, 0
    while (above + weights[last]) * TAIL.denominator < total * TAIL.numerator:
        above += weights[last]
        last -= 1
    width = math.ceil((last - first + 1) / MAX_BARS)
    bars: list[tuple[int, int, int]] = []
    for start in range(first, last + 1, width):
        end = min(start + width - 1, last)
        bars.append((low + start, low + end, sum(weights[start : end + 1])))
    return bars, below, above


def _chart(expression: Expression, odds: Odds) -> Block:
    bins, below, _ = _bins(odds)
    bars: list[tuple[str, Fraction]] = []
    for start, end, weight in bins:
        label = str(start) if start == end else f"{start}\u2013{end}"
        bars.append((label, Fraction(weight, odds.total)))
    top = max(weight for _, _, weight in bins)
    likeliest = [label for (label, _), (_, _, w) in zip(bars, bins, strict=True) if w == top]
    mean = _mean(odds)
    high = odds.low + len(odds.weights) - 1
    summary = (
        f"Chances of each result of {expression.text}: from {odds.low} to {high}, "
        f"mean {_mean_text(mean)}."
    )
    block = chart(
        f"Exact odds of {expression.text}",
        bars,
        highlight=likeliest,
        marks="Most likely: " + ", ".join(likeliest),
        mean=mean,
        cumulative=False,
        summary=summary,
    )
    for bar, (_, chance) in zip(block["bars"], bars, strict=True):
        bar["chance"] = chance_words(chance)
    # The chance of "this or more" counts every result, also those not drawn
    # (running totals from the top), and a grouped bar reads as "at least its
    # lowest result".
    remaining = odds.total - below
    for bar, (start, end, weight) in zip(block["bars"], bins, strict=True):
        bar.update(at_least_fields(Fraction(remaining, odds.total)))
        remaining -= weight
        if start != end:
            bar["at_least_label"] = f"{start} or more"
    return block


def _precision(odds: Odds) -> Block | None:
    if not odds.tail:
        return None
    return note(
        "Exploding dice and rerolls stop after so many extra rolls that getting there has a "
        f"chance under {percent(odds.tail)}: these odds are exact for this roller and within "
        f"{percent(odds.tail)} of dice that never stop."
    )


def odds_view(expression: Expression) -> list[Block]:
    odds = exact_odds(expression)
    if odds is None:
        return [
            note(
                f"The exact odds of {expression.text} would take too long to chart here "
                f"(more than {notation.MAX_OUTCOMES} results or about "
                f"{notation.MAX_WORK // 1000} ms of work); it can still be rolled."
            )
        ]
    blocks = [
        _chart(expression, odds),
        facts(
            [
                ("Lowest", str(odds.low)),
                ("Highest", str(odds.low + len(odds.weights) - 1)),
                ("Mean", _mean_text(_mean(odds))),
                ("Standard deviation", f"{_stdev(odds):.3g}"),
            ]
        ),
    ]
    _, below, above = _bins(odds)
    if below or above:
        blocks.append(
            note(
                f"Results under 1 in 2000 at either end are not drawn "
                f"({percent(Fraction(below, odds.total))} below, "
                f"{percent(Fraction(above, odds.total))} above); "
                "'or more' chances still count them."
            )
        )
    precision = _precision(odds)
    if precision is not None:
        blocks.append(precision)
    return blocks
