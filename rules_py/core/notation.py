"""Dice notation: parse an expression, roll it, or compute its exact distribution.

The notation
============

An expression adds and subtracts *terms*. Spaces are ignored; letters may be
upper or lower case.

=====================  ===================================================
``7``                  a constant
``2d6``, ``d20``       a number of dice (1 when left out) and their sides;
                       ``d%`` is a d100
``4d6kh3``             keep the highest 3 dice (``k3`` means the same);
                       ``2d20kl1`` keeps the lowest; ``kh``/``kl`` alone keep 1
``4d6dl1``, ``5d8dh2`` drop the lowest 1, drop the highest 2
``max(d8, d10)``       the single highest of several different rolls (each
                       may be a whole expression); ``min(...)`` the lowest.
                       Cairn's "d8+d8" (two weapons, keep the single
                       highest) is written ``max(d8, d8)``
``6d10>=7``            count successes: each die showing 7 or more counts
                       one; also ``>``, ``<=``, ``<`` and ``=``
``6d10>=7dbl10``       ... and a die showing 10 counts two successes;
                       ``dbl>=9`` doubles 9 and 10
``3d6!``               exploding dice: a die showing its highest face is
                       rolled again and added, at most 10 extra rolls per die;
                       ``3d6!2`` allows at most 2 extra rolls
``2d6 + d4 - 1``       terms add up; a success count adds like a number
=====================  ===================================================

Modifiers follow the dice in this order: explode, keep or drop, then
success counting. With success counting, each roll of an exploding die counts
on its own (a 10 that explodes scores, and so does the extra roll). Keep/drop
and success counting do not combine.

Limits, refused before any dice are rolled: an expression of at most 200
characters; at most 100 dice in a term and 200 in the whole expression; dice
of 1 to 1000 sides; at most 10 explosions per die; constants up to 10000;
``max``/``min`` nested at most 3 deep. Every error names the 1-based column
where reading stopped and what was expected there.

An expression whose exact distribution would be very large (say ``100d1000``)
can still be rolled; :func:`distribution` refuses it (see :func:`chartable`).

API
===

>>> from rules_py.core.notation import parse, roll, distribution
>>> from rules_py.core.rng import Rng
>>> expr = parse("4d6kh3 + 1")
>>> result = roll(expr, Rng(1))
>>> result.total == sum(term.sign * term.value for term in result.terms)
True
>>> distribution("2d6")[7]
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rules_py.core import dist
from rules_py.core.dist import Dist
from rules_py.core.errors import RulesInputError, describe
from rules_py.core.rng import Rng

__all__ = [
    "DIGITS",
    "FIELD",
    "LETTERS",
    "MAX_CHART_OUTCOMES",
    "MAX_CHART_WORK",
    "MAX_CONSTANT",
    "MAX_DICE_PER_TERM",
    "MAX_DICE_TOTAL",
    "MAX_EXPLOSIONS",
    "MAX_LENGTH",
    "MAX_NESTING",
    "MAX_SIDES",
    "SYMBOLS",
    "WORDS",
    "Comparator",
    "Constant",
    "DiceTerm",
    "Expression",
    "Extreme",
    "FaceTest",
    "Keep",
    "KeepMode",
    "NotationError",
    "Roll",
    "RolledDie",
    "Successes",
    "Term",
    "TermRoll",
    "Token",
    "chartable",
    "distribution",
    "parse",
    "roll",
]

FIELD = "expression"

MAX_LENGTH = 200
MAX_DICE_PER_TERM = 100
MAX_DICE_TOTAL = 200
MAX_SIDES = 1000
MAX_EXPLOSIONS = 10
MAX_CONSTANT = 10_000
MAX_NESTING = 3

# Above these the exact distribution is refused (the roll still works): the
# largest charts allowed take well under a second in the browser.
MAX_CHART_OUTCOMES = 2_000
MAX_CHART_WORK = 2_000_000

Comparator = Literal[">=", ">", "<=", "<", "="]
KeepMode = Literal["kh", "kl", "dh", "dl"]


class NotationError(RulesInputError):
    """A parse error or a refused limit, with the 1-based ``column`` where it happened."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(FIELD, f"Column {column}: {message}")
        self.column = column


# ---------------------------------------------------------------- the tree


@dataclass(frozen=True)
class FaceTest:
    """A comparison of one die face with a target, e.g. ``>= 7``."""

    comparator: Comparator
    target: int

    def passes(self, face: int) -> bool:
        return {
            ">=": face >= self.target,
            ">": face > self.target,
            "<=": face <= self.target,
            "<": face < self.target,
            "=": face == self.target,
        }[self.comparator]

    def __str__(self) -> str:
        return f"{self.comparator}{self.target}"


@dataclass(frozen=True)
class Successes:
    """Count dice passing ``test``; those also passing ``double`` count two."""

    test: FaceTest
    double: FaceTest | None = None

    def score(self, face: int) -> int:
        if not self.test.passes(face):
            return 0
        return 2 if self.double is not None and self.double.passes(face) else 1


@dataclass(frozen=True)
class Keep:
    """Keep or drop some of the dice: ``kh``/``kl`` keep, ``dh``/``dl`` drop."""

    mode: KeepMode
    amount: int

    def kept(self, count: int) -> tuple[int, bool]:
        """``(how many dice are kept, whether the highest are kept)``."""
        if self.mode == "kh":
            return self.amount, True
        if self.mode == "kl":
            return self.amount, False
        if self.mode == "dl":
            return count - self.amount, True
        return count - self.amount, False


@dataclass(frozen=True)
class Constant:
    value: int
    text: str


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides``, with optional explode depth, keep and success test."""

    count: int
    sides: int
    text: str
    explode: int = 0  # extra rolls allowed per die; 0 = not exploding
    keep: Keep | None = None
    successes: Successes | None = None

    def score(self, face: int) -> int:
        return self.successes.score(face) if self.successes is not None else face


@dataclass(frozen=True)
class Extreme:
    """The highest (or lowest) of several independent sub-expressions."""

    highest: bool
    options: tuple[Expression, ...]
    text: str


Term = Constant | DiceTerm | Extreme


@dataclass(frozen=True)
class Expression:
    """Signed terms that add up; ``text`` is the source as written."""

    terms: tuple[tuple[int, Term], ...]
    text: str


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class Token:
    kind: Literal["number", "word", "symbol", "end"]
    text: str
    column: int

    def shown(self) -> str:
        return "the end of the expression" if self.kind == "end" else f"'{self.text}'"


DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SYMBOLS = (">=", "<=", ">", "<", "=", "+", "-", "!", "(", ")", ",", "%")
WORDS = ("d", "k", "kh", "kl", "dh", "dl", "dbl", "max", "min")


def _tokens(text: str) -> list[Token]:
    """Split into numbers, words, symbols; columns are 1-based."""
    found: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char in " \t":
            i += 1
            continue
        start = i
        if char in DIGITS:
            while i < len(text) and text[i] in DIGITS:
                i += 1
            found.append(Token("number", text[start:i], start + 1))
            continue
        if char.lower() in LETTERS:
            while i < len(text) and text[i].lower() in LETTERS:
                i += 1
            word = text[start:i].lower()
            if word not in WORDS:
                raise NotationError(
                    start + 1,
                    f"unknown word '{text[start:i]}'; expected a die such as d6, "
                    "kh, kl, dh, dl, dbl, max( or min(.",
                )
            found.append(Token("word", word, start + 1))
            continue
        symbol = next((s for s in SYMBOLS if text.startswith(s, i)), None)
        if symbol is None:
            raise NotationError(
                start + 1,
                f"unexpected character {describe(char)}; expected a number, a die such as "
                "2d6, max(, +, - or one of > >= < <= = ! ( ) , %.",
            )
        found.append(Token("symbol", symbol, start + 1))
        i += len(symbol)
    found.append(Token("end", "", len(text) + 1))
    return found


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.position = 0
        self.dice_total = 0

    # -- tokens

    @property
    def current(self) -> Token:
        return self.tokens[self.position]

    def advance(self) -> Token:
        token = self.current
        if token.kind != "end":
            self.position += 1
        return token

    def at(self, kind: str, *texts: str) -> bool:
        token = self.current
        return token.kind == kind and (not texts or token.text in texts)

    def fail(self, expected: str, token: Token | None = None) -> NotationError:
        token = token or self.current
        return NotationError(token.column, f"expected {expected}, found {token.shown()}.")

    def number(self, what: str, low: int, high: int) -> tuple[int, Token]:
        token = self.current
        if token.kind != "number":
            raise self.fail(what)
        self.advance()
        # At most MAX_LENGTH digits, so int() is cheap; compare before trusting it.
        value = int(token.text)
        if not low <= value <= high:
            raise NotationError(
                token.column, f"{what} must be from {low} to {high} (got {describe(value)})."
            )
        return value, token

    def source(self, start: Token) -> str:
        """The source text from ``start`` up to the last token read."""
        end = self.tokens[self.position - 1]
        return self.text[start.column - 1 : end.column - 1 + len(end.text)].strip()

    # -- grammar

    def expression(self, depth: int) -> Expression:
        start = self.current
        terms: list[tuple[int, Term]] = []
        sign = 1
        if self.at("symbol", "+", "-"):
            sign = -1 if self.advance().text == "-" else 1
        terms.append((sign, self.term(depth)))
        while self.at("symbol", "+", "-"):
            sign = -1 if self.advance().text == "-" else 1
            terms.append((sign, self.term(depth)))
        return Expression(tuple(terms), self.source(start))

    def term(self, depth: int) -> Term:
        token = self.current
        if token.kind == "word" and token.text in ("max", "min"):
            return self.extreme(depth)
        if token.kind == "word" and token.text == "d":
            return self.dice(1, token)
        if token.kind == "number":
            count_token = token
            self.advance()
            if self.at("word", "d"):
                value = int(count_token.text)
                if not 1 <= value <= MAX_DICE_PER_TERM:
                    raise NotationError(
                        count_token.column,
                        f"the number of dice must be from 1 to {MAX_DICE_PER_TERM} "
                        f"(got {describe(value)}).",
                    )
                return self.dice(value, count_token)
            value = int(count_token.text)
            if value > MAX_CONSTANT:
                raise NotationError(
                    count_token.column,
                    f"a constant must be from 0 to {MAX_CONSTANT} (got {describe(value)}).",
                )
            return Constant(value, count_token.text)
        raise self.fail("a number, a die such as 2d6, or max(...)")

    def dice(self, count: int, start: Token) -> DiceTerm:
        self.dice_total += count
        if self.dice_total > MAX_DICE_TOTAL:
            raise NotationError(
                start.column,
                f"at most {MAX_DICE_TOTAL} dice in the whole expression "
                f"(this term brings it to {self.dice_total}).",
            )
        self.advance()  # the "d"
        if self.at("symbol", "%"):
            self.advance()
            sides = 100
        else:
            sides, _ = self.number("the number of sides", 1, MAX_SIDES)
        explode = 0
        if self.at("symbol", "!"):
            self.advance()
            explode = MAX_EXPLOSIONS
            if self.at("number"):
                explode, _ = self.number("the number of explosions", 1, MAX_EXPLOSIONS)
        keep = self.keep(count)
        if keep is not None and self.at("symbol", ">=", ">", "<=", "<", "="):
            raise NotationError(
                self.current.column,
                "keep/drop and success counting cannot be combined in one term.",
            )
        successes = self.successes(sides)
        return DiceTerm(count, sides, self.source(start), explode, keep, successes)

    def keep(self, count: int) -> Keep | None:
        if not self.at("word", "k", "kh", "kl", "dh", "dl"):
            return None
        word = self.advance().text
        mode: KeepMode = "kh" if word == "k" else word  # type: ignore[assignment]
        if mode in ("kh", "kl"):
            if not self.at("number"):
                return Keep(mode, 1)
            amount, _ = self.number(f"the number of dice kept (of {count})", 1, count)
        else:
            amount, _ = self.number(f"the number of dice dropped (of {count})", 0, count - 1)
        return Keep(mode, amount)

    def comparison(self) -> Comparator | None:
        if self.at("symbol", ">=", ">", "<=", "<", "="):
            return self.advance().text  # type: ignore[return-value]
        return None

    def successes(self, sides: int) -> Successes | None:
        comparator = self.comparison()
        if comparator is None:
            return None
        target, _ = self.number(f"a target face of the d{sides}", 1, sides)
        double = None
        if self.at("word", "dbl"):
            self.advance()
            double_comparator = self.comparison() or "="
            double_target, _ = self.number(f"a face of the d{sides} to count double", 1, sides)
            double = FaceTest(double_comparator, double_target)
        return Successes(FaceTest(comparator, target), double)

    def extreme(self, depth: int) -> Extreme:
        start = self.advance()
        if depth >= MAX_NESTING:
            raise NotationError(
                start.column, f"max( and min( may be nested at most {MAX_NESTING} deep."
            )
        if not self.at("symbol", "("):
            raise self.fail(f"'(' after {start.text}")
        self.advance()
        options = [self.expression(depth + 1)]
        while self.at("symbol", ","):
            self.advance()
            options.append(self.expression(depth + 1))
        if not self.at("symbol", ")"):
            raise self.fail("',' or ')'")
        self.advance()
        return Extreme(start.text == "max", tuple(options), self.source(start))


def parse(text: str) -> Expression:
    """Read an expression; raise :class:`NotationError` (a RulesInputError) if it is not one."""
    if not isinstance(text, str):
        raise RulesInputError(FIELD, "The expression must be text, such as 2d6+1.")
    if len(text) > MAX_LENGTH:
        raise NotationError(
            MAX_LENGTH + 1,
            f"an expression may be at most {MAX_LENGTH} characters (got {len(text)}).",
        )
    if not text.strip():
        raise NotationError(1, "expected a dice expression such as 2d6+1, found nothing.")
    parser = _Parser(text)
    expression = parser.expression(0)
    if not parser.at("end"):
        raise parser.fail("+, - or the end of the expression")
    return expression


def _parsed(expression: Expression | str) -> Expression:
    return parse(expression) if isinstance(expression, str) else expression


# ---------------------------------------------------------------- rolling


@dataclass(frozen=True)
class RolledDie:
    """One die: ``rolls`` are its faces in order (more than one if it exploded)."""

    sides: int
    rolls: tuple[int, ...]
    value: int  # the faces added up, or the successes scored
    kept: bool = True


@dataclass(frozen=True)
class TermRoll:
    """One rolled term. ``dice`` for a dice term; ``options`` for max(...)/min(...),
    of which ``chosen`` is the one that counts."""

    sign: int
    text: str
    value: int
    dice: tuple[RolledDie, ...] = ()
    options: tuple[Roll, ...] = ()
    chosen: int = -1


@dataclass(frozen=True)
class Roll:
    expression: str
    terms: tuple[TermRoll, ...]
    total: int


def roll(expression: Expression | str, rng: Rng) -> Roll:
    """Roll every die of the expression with ``rng``, in reading order."""
    parsed = _parsed(expression)
    terms = tuple(_roll_term(sign, term, rng) for sign, term in parsed.terms)
    return Roll(parsed.text, terms, sum(t.sign * t.value for t in terms))


def _roll_die(term: DiceTerm, rng: Rng) -> RolledDie:
    rolls = [rng.die(term.sides)]
    while term.explode and rolls[-1] == term.sides and len(rolls) <= term.explode:
        rolls.append(rng.die(term.sides))
    return RolledDie(term.sides, tuple(rolls), sum(term.score(face) for face in rolls))


def _roll_term(sign: int, term: Term, rng: Rng) -> TermRoll:
    if isinstance(term, Constant):
        return TermRoll(sign, term.text, term.value)
    if isinstance(term, Extreme):
        options = tuple(roll(option, rng) for option in term.options)
        totals = [option.total for option in options]
        best = max(totals) if term.highest else min(totals)
        chosen = totals.index(best)
        return TermRoll(sign, term.text, best, options=options, chosen=chosen)
    rolled = [_roll_die(term, rng) for _ in range(term.count)]
    if term.keep is not None:
        kept_count, highest = term.keep.kept(term.count)
        # Stable order: among equal dice, the earlier rolled is kept first.
        ranked = sorted(
            range(len(rolled)), key=lambda i: (-rolled[i].value if highest else rolled[i].value, i)
        )
        kept = set(ranked[:kept_count])
        rolled = [
            RolledDie(d.sides, d.rolls, d.value, kept=i in kept) for i, d in enumerate(rolled)
        ]
    value = sum(d.value for d in rolled if d.kept)
    return TermRoll(sign, term.text, value, dice=tuple(rolled))


# ---------------------------------------------------------------- exact odds


@dataclass(frozen=True)
class _Size:
    """How large a distribution gets (outcomes) and roughly how long it takes (work)."""

    outcomes: int
    work: int


def _die_outcomes(term: DiceTerm) -> int:
    """Distinct values one die can take (its score or total, explosions included)."""
    rolls = term.explode + 1
    if term.successes is None:
        return term.sides * rolls  # totals from 1 to sides x rolls
    top = 1 if term.successes.double is None else 2
    return top * rolls + 1  # successes from 0 to top x rolls


def _size(expression: Expression) -> _Size:
    outcomes, work = 1, 0
    for _, term in expression.terms:
        part = _term_size(term)
        work += part.work + outcomes * part.outcomes
        outcomes += part.outcomes - 1
    return _Size(outcomes, work)


def _term_size(term: Term) -> _Size:
    if isinstance(term, Constant):
        return _Size(1, 1)
    if isinstance(term, Extreme):
        parts = [_size(option) for option in term.options]
        outcomes = sum(p.outcomes for p in parts)  # the options' ranges may not overlap
        return _Size(outcomes, sum(p.work for p in parts) + outcomes * len(parts))
    per_die = _die_outcomes(term)
    work = per_die * (term.explode + 1) * 10
    if term.keep is None:
        outcomes = term.count * (per_die - 1) + 1
        return _Size(outcomes, work + term.count * outcomes)
    kept, _ = term.keep.kept(term.count)
    outcomes = kept * (per_die - 1) + 1
    # The keep count does faces x kept^2 big-integer steps, each over every total
    # in slots as wide as the denominator (sides^rolls per die, over all dice).
    width = term.count * (term.explode + 1) * term.sides.bit_length() // 8 + 1
    return _Size(outcomes, work + per_die * kept * kept * outcomes * width // 300)


def chartable(expression: Expression | str) -> bool:
    """Whether :func:`distribution` will compute this expression (size within the limits)."""
    size = _size(_parsed(expression))
    return size.outcomes <= MAX_CHART_OUTCOMES and size.work <= MAX_CHART_WORK


def distribution(expression: Expression | str) -> Dist[int]:
    """The exact distribution of the expression's total."""
    parsed = _parsed(expression)
    if not chartable(parsed):
        raise RulesInputError(
            FIELD,
            f"The exact odds of {describe(parsed.text)} are too large to compute here "
            f"(more than {MAX_CHART_OUTCOMES} results or too much work); it can still be rolled.",
        )
    return _distribution(parsed)


def _distribution(expression: Expression) -> Dist[int]:
    total = dist.constant(0)
    for sign, term in expression.terms:
        part = _term_distribution(term)
        total = total + (part if sign > 0 else -part)
    return total


def _term_distribution(term: Term) -> Dist[int]:
    if isinstance(term, Constant):
        return dist.constant(term.value)
    if isinstance(term, Extreme):
        options = [_distribution(option) for option in term.options]
        return dist.highest(*options) if term.highest else dist.lowest(*options)
    one = dist.die(term.sides)
    score: Callable[[int], int] = term.score
    if term.explode:
        sides = term.sides
        per_die = dist.exploding(one, lambda face: face == sides, term.explode, score)
    else:
        per_die = one.map(score)
    if term.keep is None:
        return dist.sum_of(term.count, per_die)
    kept, highest = term.keep.kept(term.count)
    if highest:
        return dist.keep_highest(term.count, per_die, kept)
    return dist.keep_lowest(term.count, per_die, kept)
