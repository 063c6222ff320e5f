"""Widget ``dice.notation``: type a dice expression, roll it, see its exact odds.

The chart works on the integer weights of :func:`rules_py.core.notation.odds`
with running totals; a Fraction is made only for what is shown.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules_py.core import notation
from rules_py.core.notation import (
    Constant,
    DiceTerm,
    Expression,
    Extreme,
    Group,
    Odds,
    Product,
    Roll,
    Term,
    TermRoll,
)
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    at_least_fields,
    chance_text,
    chart,
    dice,
    die_face,
    facts,
    line,
    note,
    outcome,
    percent,
)

__all__ = ["EXAMPLES", "MAX_BARS", "MINUS", "TAIL", "WIDGETS", "handle"]

MAX_BARS = 60  # beyond this a phone shows no readable bar: results are grouped
TAIL = Fraction(1, 2000)  # with many results, tails this unlikely are left undrawn

MINUS = "\u2212"
EXAMPLES = "2d6+1, 4d6kh3, 4d6d1, 2d20kl1, {d8,d8}kh1, 6d10>=7dbl10, 3d6!, 2d6!!, 4dF, 2d6[fire]"


@dataclass(frozen=True)
class NotationValues(FormValues):
    expression: str


@lru_cache(maxsize=16)
def _parse(text: str) -> Expression:
    return notation.parse(text)


@lru_cache(maxsize=16)
def _odds(expression: Expression) -> Odds | None:
    """The exact odds, or None when they would take too long."""
    return notation.odds(expression) if notation.chartable(expression) else None


def _chance(p: Fraction) -> str:
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


def _at_least(odds: Odds, value: int) -> Fraction:
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
        bar["chance"] = _chance(chance)
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


def _odds_view(expression: Expression) -> list[Block]:
    odds = _odds(expression)
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


# ---------------------------------------------------------------- the roll


def _term_dice(
    term: DiceTerm, rolled: TermRoll, dropped: bool, chosen: bool
) -> list[dict[str, Any]]:
    """Each roll of each die; ``chosen`` when the option holding it counts."""
    faces: list[dict[str, Any]] = []
    sides = 3 if term.fate else term.sides
    for die in rolled.dice:
        for face in die.rerolled:
            faces.append(die_face(face, sides, "dropped", "rerolled"))
        for index, face in enumerate(die.rolls):
            tags: list[str] = []
            if dropped or not die.kept:
                tags.append("dropped")
            elif term.keep is not None or chosen:
                tags.append("kept")
            per_roll = term.explode is None or term.explode.mode == "explode"
            if term.successes is not None and per_roll:
                score = term.successes.score(face)
                tags.append({0: "failure", 1: "success", -1: "failure"}.get(score, "double"))
            if index + 1 < len(die.rolls):
                tags.append("exploded")
            faces.append(die_face(face, sides, *tags))
    return faces


def _children(term: Term) -> tuple[Expression, ...]:
    if isinstance(term, Extreme):
        return term.options
    if isinstance(term, Group):
        return term.items
    if isinstance(term, Product):
        return term.factors
    return ()


def _named(term: Term) -> str:
    return f"{term.text} [{term.label}]" if term.label else term.text


def _dice_blocks(
    expression: Expression,
    result: Roll,
    prefix: str = "",
    dropped: bool = False,
    chosen: bool = False,
) -> Iterator[Block]:
    """A dice row per dice term; the parts of max/min and groups marked kept or dropped."""
    for (sign, term), rolled in zip(expression.terms, result.terms, strict=True):
        sign_text = MINUS if sign < 0 else ""
        if isinstance(term, DiceTerm):
            label = f"{prefix}{sign_text}{_named(term)} = {rolled.value}"
            extra = sum(len(die.rolls) - 1 for die in rolled.dice)
            if extra:
                label += f" ({extra} extra {'roll' if extra == 1 else 'rolls'})"
            rerolls = sum(len(die.rerolled) for die in rolled.dice)
            if rerolls:
                label += f" ({rerolls} {'die' if rerolls == 1 else 'dice'} rerolled)"
            yield dice(label, _term_dice(term, rolled, dropped, chosen))
            continue
        parts = _children(term)
        marks = isinstance(term, Extreme) or (isinstance(term, Group) and term.keep is not None)
        word = term.text[:3] if isinstance(term, Extreme) else "part"
        for index, (part, part_roll) in enumerate(zip(parts, rolled.options, strict=True)):
            counts = rolled.kept[index] if rolled.kept else True
            mark = f" ({'kept' if counts and not dropped else 'dropped'})" if marks else ""
            inner = f"{prefix}{sign_text}{_named(term)} {word} {index + 1}{mark}: "
            yield from _dice_blocks(
                part,
                part_roll,
                inner,
                dropped or not counts,
                (chosen or marks) and counts and not dropped,
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


def _terms(expression: Expression) -> Iterator[Term]:
    for _, term in expression.terms:
        yield term
        for child in _children(term):
            yield from _terms(child)


def _notes(expression: Expression) -> list[Block]:
    """One line for each reading the notation chose where the rollers differ."""
    terms = list(_terms(expression))
    dice_terms = [t for t in terms if isinstance(t, DiceTerm)]
    blocks: list[Block] = []
    exploding = [t for t in dice_terms if t.explode is not None]
    if exploding:
        depth = max(t.depth for t in exploding)
        blocks.append(
            note(
                f"An exploding die stops after {depth} extra "
                f"{'roll' if depth == 1 else 'rolls'} at most (a chance under 1 in "
                f"{notation.TAIL_BOUND.denominator:,}); the last one counts but does not explode."
            )
        )
    if any(t.explode and t.explode.mode == "explode" and t.successes for t in dice_terms):
        blocks.append(note("Each roll of an exploding die counts its successes on its own."))
    if any(t.reroll is not None and not t.reroll.once for t in dice_terms):
        blocks.append(
            note(
                "r rerolls until the die shows another face, as in Roll20 and "
                "rpg-dice-roller (Foundry VTT's r rerolls once: write ro for that)."
            )
        )
    if any(isinstance(t, Product) and "/" in t.operators for t in terms):
        blocks.append(note("A division rounds down to a whole number: 7/2 is 3, -7/2 is -4."))
    if any(t.keep is not None for t in dice_terms) or any(
        isinstance(t, Group) and t.keep is not None for t in terms
    ):
        blocks.append(note("Of equal dice (or rolls of a group), the one rolled first is kept."))
    return blocks


def _roll_view(expression: Expression, call: Call[NotationValues]) -> list[Block]:
    result = notation.roll(expression, call.rng)
    blocks: list[Block] = list(_dice_blocks(expression, result))
    counts = any(
        getattr(t, "successes", None) is not None
        for t in _terms(expression)
        if not isinstance(t, Constant)
    )
    total_word = "Total (successes)" if counts else "Total"
    named = f" ({expression.label})" if expression.label else ""
    blocks.append(outcome(f"{total_word}{named}: {result.total}"))
    if len(result.terms) > 1:
        blocks.append(line(f"{expression.text}: {_breakdown(result)}."))
    odds = _odds(expression)
    if odds is not None:
        chance = _at_least(odds, result.total)
        blocks.append(line(f"Chance of {result.total} or more: {_chance(chance)}."))
    return blocks + _notes(expression)


def handle(call: Call[NotationValues]) -> dict[str, Any]:
    expression = _parse(call.values.expression)
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
                help=f"As in Roll20, Foundry VTT or rpg-dice-roller, for example {EXAMPLES}.",
            ),
        ),
        values=NotationValues,
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
