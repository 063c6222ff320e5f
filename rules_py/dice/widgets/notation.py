"""Widget ``dice.notation``: type a dice expression, roll it, see its exact odds."""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py.core import notation
from rules_py.core.dist import Dist
from rules_py.core.notation import DiceTerm, Expression, Extreme, Roll, TermRoll
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    chart,
    dice,
    die_face,
    facts,
    line,
    note,
    outcome,
    percent,
)

__all__ = ["EXACT_DENOMINATOR_LIMIT", "EXAMPLES", "MAX_BARS", "MINUS", "TAIL", "WIDGETS", "handle"]

MAX_BARS = 60  # beyond this a phone shows no readable bar: results are grouped
TAIL = Fraction(1, 2000)  # with many results, tails this unlikely are left undrawn
EXACT_DENOMINATOR_LIMIT = 10**6  # larger fractions are shown as percentages only

MINUS = "\u2212"
EXAMPLES = "2d6+1, 4d6kh3, 2d20kl1, max(d8, d10), 6d10>=7dbl10, 3d6!"


@lru_cache(maxsize=16)
def _parse(text: str) -> Expression:
    return notation.parse(text)


@lru_cache(maxsize=16)
def _odds(expression: Expression) -> Dist[int] | None:
    """The exact distribution, or None when it is too large to compute."""
    return notation.distribution(expression) if notation.chartable(expression) else None


def _chance(p: Fraction) -> str:
    """ "1/6 = 16.67%"; a fraction with a huge denominator only as a percentage."""
    if p.denominator == 1 or p.denominator > EXACT_DENOMINATOR_LIMIT:
        return percent(p)
    return f"{p.numerator}/{p.denominator} = {percent(p)}"


def _mean_text(mean: Fraction) -> str:
    return str(mean.numerator) if mean.denominator == 1 else f"{float(mean):.3g}"


# ---------------------------------------------------------------- the odds chart


def _bins(odds: Dist[int]) -> tuple[list[tuple[int, int]], Fraction, Fraction]:
    """Ranges of results to draw as bars, and the chances left out below and above.

    Every result gets its own bar when there are few; otherwise the unlikely
    tails are left out and the rest grouped into at most MAX_BARS ranges.
    """
    values = odds.outcomes
    if len(values) <= MAX_BARS:
        return [(v, v) for v in values], Fraction(0), Fraction(0)
    low_index, below = 0, Fraction(0)
    while below + odds[values[low_index]] < TAIL:
        below += odds[values[low_index]]
        low_index += 1
    high_index, above = len(values) - 1, Fraction(0)
    while above + odds[values[high_index]] < TAIL:
        above += odds[values[high_index]]
        high_index -= 1
    first, last = values[low_index], values[high_index]
    width = math.ceil((last - first + 1) / MAX_BARS)
    bins = [(start, min(start + width - 1, last)) for start in range(first, last + 1, width)]
    return bins, below, above


def _chart(expression: Expression, odds: Dist[int]) -> Block:
    bins, _, _ = _bins(odds)
    bars: list[tuple[str, Fraction]] = []
    for start, end in bins:
        label = str(start) if start == end else f"{start}\u2013{end}"
        bars.append((label, sum((odds.prob(v) for v in range(start, end + 1)), Fraction(0))))
    top = max(chance for _, chance in bars)
    mean = odds.mean()
    summary = (
        f"Chances of each result of {expression.text}: from {odds.outcomes[0]} to "
        f"{odds.outcomes[-1]}, mean {_mean_text(mean)}."
    )
    block = chart(
        f"Exact odds of {expression.text}",
        bars,
        highlight=[label for label, chance in bars if chance == top],
        mean=mean,
        summary=summary,
    )
    # The chance of "this or more" counts every result, also those not drawn,
    # and a grouped bar reads as "at least its lowest result".
    for bar, (_, chance), (start, end) in zip(block["bars"], bars, bins, strict=True):
        bar["chance"] = _chance(chance)
        bar["at_least"] = _chance(odds.at_least(start))
        if start != end:
            bar["at_least_label"] = f"{start} or more"
    return block


def _odds_view(expression: Expression) -> list[Block]:
    odds = _odds(expression)
    if odds is None:
        return [
            note(
                f"The exact odds of {expression.text} are too large to chart here "
                f"(more than {notation.MAX_CHART_OUTCOMES} results, or too much work); "
                "it can still be rolled."
            )
        ]
    blocks = [
        _chart(expression, odds),
        facts(
            [
                ("Lowest", str(odds.outcomes[0])),
                ("Highest", str(odds.outcomes[-1])),
                ("Mean", _mean_text(odds.mean())),
                ("Standard deviation", f"{odds.stdev():.3g}"),
            ]
        ),
    ]
    _, below, above = _bins(odds)
    if below or above:
        blocks.append(
            note(
                f"Results under 1 in 2000 at either end are not drawn "
                f"({percent(below)} below, {percent(above)} above); "
                "'or more' chances still count them."
            )
        )
    return blocks


# ---------------------------------------------------------------- the roll


def _term_dice(
    term: DiceTerm, rolled: TermRoll, dropped: bool, chosen: bool
) -> list[dict[str, Any]]:
    """Each roll of each die; ``chosen`` when its max(...)/min(...) option counts."""
    faces: list[dict[str, Any]] = []
    for die in rolled.dice:
        for index, face in enumerate(die.rolls):
            tags: list[str] = []
            if dropped or not die.kept:
                tags.append("dropped")
            elif term.keep is not None or chosen:
                tags.append("kept")
            if term.successes is not None:
                score = term.successes.score(face)
                tags.append({0: "failure", 1: "success"}.get(score, "double"))
            if index + 1 < len(die.rolls):
                tags.append("exploded")
            faces.append(die_face(face, die.sides, *tags))
    return faces


def _dice_blocks(
    expression: Expression,
    result: Roll,
    prefix: str = "",
    dropped: bool = False,
    chosen: bool = False,
) -> Iterator[Block]:
    """A dice row per dice term; the options of max(...)/min(...) marked kept or dropped."""
    for (sign, term), rolled in zip(expression.terms, result.terms, strict=True):
        sign_text = MINUS if sign < 0 else ""
        if isinstance(term, DiceTerm):
            label = f"{prefix}{sign_text}{term.text} = {rolled.value}"
            explosions = sum(len(die.rolls) - 1 for die in rolled.dice)
            if explosions:
                label += f" ({explosions} extra {'roll' if explosions == 1 else 'rolls'})"
            yield dice(label, _term_dice(term, rolled, dropped, chosen))
        elif isinstance(term, Extreme):
            for index, (option, option_roll) in enumerate(
                zip(term.options, rolled.options, strict=True)
            ):
                chosen = index == rolled.chosen
                mark = "kept" if chosen and not dropped else "dropped"
                inner = f"{prefix}{sign_text}{term.text[:3]} option {index + 1} ({mark}): "
                yield from _dice_blocks(
                    option, option_roll, inner, dropped or not chosen, chosen and not dropped
                )


def _breakdown(result: Roll) -> str:
    """ "11 + 1 = 12": each term's value with its sign, then the total."""
    parts: list[str] = []
    for index, term in enumerate(result.terms):
        if index == 0:
            parts.append(f"{MINUS}{term.value}" if term.sign < 0 else str(term.value))
        else:
            parts.append(f"{MINUS if term.sign < 0 else '+'} {term.value}")
    return f"{' '.join(parts)} = {result.total}"


def _terms(expression: Expression) -> Iterator[DiceTerm]:
    for _, term in expression.terms:
        if isinstance(term, DiceTerm):
            yield term
        elif isinstance(term, Extreme):
            for option in term.options:
                yield from _terms(option)


def _notes(expression: Expression) -> list[Block]:
    """One line for each choice the notation makes that a rule book might not."""
    terms = list(_terms(expression))
    blocks: list[Block] = []
    if any(t.explode for t in terms):
        depth = max(t.explode for t in terms)
        blocks.append(
            note(
                f"An exploding die is rolled again on its highest face at most {depth} "
                "times; the last extra roll counts but does not explode."
            )
        )
    if any(t.explode and t.successes is not None for t in terms):
        blocks.append(note("Each roll of an exploding die counts its successes on its own."))
    if any(t.keep is not None for t in terms):
        blocks.append(note("Of equal dice, the one rolled first is kept."))
    return blocks


def _roll_view(expression: Expression, call: Call) -> list[Block]:
    result = notation.roll(expression, call.rng)
    blocks: list[Block] = list(_dice_blocks(expression, result))
    counts = any(t.successes is not None for t in _terms(expression))
    total_word = "Total (successes)" if counts else "Total"
    blocks.append(outcome(f"{total_word}: {result.total}"))
    if len(result.terms) > 1:
        blocks.append(line(f"{expression.text}: {_breakdown(result)}."))
    odds = _odds(expression)
    if odds is not None:
        blocks.append(
            line(f"Chance of {result.total} or more: {_chance(odds.at_least(result.total))}.")
        )
    return blocks + _notes(expression)


def handle(call: Call) -> dict[str, Any]:
    expression = _parse(call.values["expression"])
    if call.action == "odds":
        return {"view": _odds_view(expression)}
    return {"view": _roll_view(expression, call)}


WIDGETS = (
    Widget(
        name="dice.notation",
        title="Dice roller",
        summary="Roll any dice expression and see its exact odds.",
        hand_roll=(
            "Roll the dice the expression names and add them up: 4d6kh3 is four six-sided "
            "dice keeping the highest three; 6d10>=7 counts the dice showing 7 or more."
        ),
        fields=(
            Field(
                "expression",
                "Dice expression",
                "text",
                "4d6kh3",
                max_length=notation.MAX_LENGTH,
                help=f"For example {EXAMPLES}.",
            ),
        ),
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
