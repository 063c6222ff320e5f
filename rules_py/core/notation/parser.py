"""Reading a dice expression: its tokens (:mod:`.tokens`), then the grammar.

Every error is a :class:`NotationError` naming the 1-based column where
reading stopped, what was found there and what was expected.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, TypeVar

from rules_py.core.errors import RulesInputError, describe
from rules_py.core.notation.bounds import bounds
from rules_py.core.notation.tokens import DIGITS, FOREIGN, LETTERS, SYMBOLS, WORDS, Token, tokenize
from rules_py.core.notation.tree import (
    FIELD,
    MAX_BRACKET_DEPTH,
    MAX_CONSTANT,
    MAX_DICE_PER_TERM,
    MAX_DICE_TOTAL,
    MAX_GROUP_ITEMS,
    MAX_LENGTH,
    MAX_REPEAT_CHANCE,
    MAX_SIDES,
    Comparator,
    Compare,
    Constant,
    DiceTerm,
    Explode,
    ExplodeMode,
    Expression,
    Extreme,
    Group,
    Keep,
    KeepMode,
    NotationError,
    Product,
    Reroll,
    Successes,
    Term,
)

# The tokens' names are read from here too, where they were first written.
__all__ = ["DIGITS", "FOREIGN", "LETTERS", "SYMBOLS", "WORDS", "Token", "parse"]

_AMBIGUOUS = (
    "Roll20 reads '{symbol}{n}' as '{n} or {word}' but Foundry VTT and rpg-dice-roller as "
    "'{strict}'; write {symbol}={n} for {n} or {word}, or {symbol}={other} for {strict}."
)

T = TypeVar("T")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
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

    def number(self, what: str, low: int, high: int) -> int:
        token = self.current
        if token.kind != "number":
            raise self.fail(what)
        self.advance()
        value = int(token.text)  # at most MAX_LENGTH digits: cheap
        if not low <= value <= high:
            raise NotationError(
                token.column, f"{what} must be from {low} to {high} (got {describe(value)})."
            )
        return value

    def source(self, start: Token) -> str:
        """The source text from ``start`` up to the last token read."""
        end = self.tokens[self.position - 1]
        return self.text[start.column - 1 : end.column - 1 + len(end.text)].strip()

    def label(self, term: T) -> T:
        if self.at("label"):
            return replace(term, label=self.advance().text)  # type: ignore[type-var]
        return term

    # -- grammar

    def expression(self, depth: int) -> Expression:
        start = self.current
        terms: list[tuple[int, Term]] = []
        sign = 1
        if self.at("symbol", "+", "-"):
            sign = -1 if self.advance().text == "-" else 1
        terms.append((sign, self.product(depth)))
        while self.at("symbol", "+", "-"):
            sign = -1 if self.advance().text == "-" else 1
            terms.append((sign, self.product(depth)))
        return Expression(tuple(terms), self.source(start))

    def product(self, depth: int) -> Term:
        start = self.current
        first = self.atom(depth)
        if not self.at("symbol", "*", "/"):
            return first
        factors = [Expression(((1, first),), self.source(start))]
        operators: list[Literal["*", "/"]] = []
        while self.at("symbol", "*", "/"):
            operator = self.advance().text
            factor_start = self.current
            factor = Expression(((1, self.atom(depth)),), "")
            factor = replace(factor, text=self.source(factor_start))
            if operator == "/":
                low, _ = bounds(factor)
                if low < 1:
                    raise NotationError(
                        factor_start.column,
                        f"a divisor must always be 1 or more ({factor.text} can be {low}).",
                    )
            operators.append("*" if operator == "*" else "/")
            factors.append(factor)
        return Product(tuple(factors), tuple(operators), self.source(start))

    def atom(self, depth: int) -> Term:
        token = self.current
        term: Term
        if token.kind == "word" and token.text in ("max", "min"):
            term = self.extreme(depth)
        elif token.kind == "word" and token.text in ("d", "df"):
            term = self.dice(1, token)
        elif token.kind == "symbol" and token.text in ("(", "{"):
            term = self.group(depth)
        elif token.kind == "number":
            self.advance()
            value = int(token.text)
            if self.at("word", "d", "df"):
                if not 1 <= value <= MAX_DICE_PER_TERM:
                    raise NotationError(
                        token.column,
                        f"the number of dice must be from 1 to {MAX_DICE_PER_TERM} "
                        f"(got {describe(value)}).",
                    )
                term = self.dice(value, token)
            else:
                if value > MAX_CONSTANT:
                    raise NotationError(
                        token.column,
                        f"a constant must be from 0 to {MAX_CONSTANT} (got {describe(value)}).",
                    )
                term = Constant(value, token.text)
        else:
            raise self.fail("a number, a die such as 2d6, (, {, max( or min(")
        return self.label(term)

    def nest(self, start: Token, depth: int) -> None:
        if depth >= MAX_BRACKET_DEPTH:
            raise NotationError(
                start.column,
                f"brackets, max( and min( may be nested at most {MAX_BRACKET_DEPTH} deep.",
            )

    # -- dice and their modifiers

    def dice(self, count: int, start: Token) -> DiceTerm:
        self.dice_total += count
        if self.dice_total > MAX_DICE_TOTAL:
            raise NotationError(
                start.column,
                f"at most {MAX_DICE_TOTAL} dice in the whole expression "
                f"(this term brings it to {self.dice_total}).",
            )
        fate = self.advance().text == "df"
        sides = 3
        if not fate:
            if self.at("symbol", "%"):
                self.advance()
                sides = 100
            elif self.at("word", "f"):
                self.advance()
                fate = True
            else:
                if not self.at("number"):
                    raise self.fail("the number of sides, % or F")
                sides = self.number("the number of sides", 1, MAX_SIDES)
        term = DiceTerm(count, sides, "", fate=fate)
        low, high = (-1, 1) if fate else (1, sides)
        while True:
            token = self.current
            if self.at("symbol", "!", "!!"):
                self.once(term.explode, token, "explosion")
                mode: ExplodeMode = "explode" if self.advance().text == "!" else "compound"
                if mode == "explode" and self.at("word", "p"):
                    self.advance()
                    mode = "penetrate"
                on = self.compare(low, high, bare=True) or Compare("=", high)
                term = replace(term, explode=Explode(mode, on))
            elif self.at("word", "r", "ro"):
                self.once(term.reroll, token, "reroll")
                once = self.advance().text == "ro"
                faces = self.compare(low, high, bare=True)
                if faces is None:
                    raise self.fail(
                        f"the faces to reroll, such as {token.text}1 or {token.text}<=2"
                    )
                term = replace(term, reroll=Reroll(once, faces))
            elif self.at("word", "k", "kh", "kl", "d", "dh", "dl"):
                self.once(term.keep, token, "keep or drop")
                term = replace(term, keep=self.keep(count, "dice"))
            elif self.at("symbol", ">=", "<=", "=", ">", "<"):
                self.once(term.successes, token, "success test")
                compound = term.explode is not None and term.explode.mode == "compound"
                top = MAX_CONSTANT if compound else high
                term = replace(term, successes=self.successes(low, top, double=True))
            elif self.at("word", "f"):
                raise NotationError(
                    token.column,
                    "failures are counted together with successes: write the success "
                    "test first, e.g. 4d6>=5f1.",
                )
            else:
                break
            self.check(term, token)
        return replace(term, text=self.source(start))

    def once(self, present: object, token: Token, what: str) -> None:
        if present is not None:
            raise NotationError(token.column, f"only one {what} per dice term.")

    def check(self, term: DiceTerm, token: Token) -> None:
        """Refuse combinations the common rollers read differently, or never stop."""
        where = token.column
        exploding = term.explode.mode if term.explode else None
        if term.fate and (term.explode or term.reroll or term.successes):
            raise NotationError(where, "Fate dice (dF) take only keep or drop (4dFkh2).")
        if term.explode and term.reroll:
            raise NotationError(
                where,
                "exploding and rerolling in one term: the rollers apply them in different "
                "orders, so this is refused.",
            )
        if term.keep and term.successes:
            raise NotationError(where, "keep/drop and success counting cannot be combined.")
        if term.keep and exploding in ("explode", "penetrate"):
            raise NotationError(
                where,
                "keep/drop of exploding dice: not every roller says whether an extra roll is "
                "a die of its own; write !! (compounding) to keep or drop whole dice.",
            )
        if term.successes and exploding == "penetrate":
            raise NotationError(where, "penetrating dice (!p) do not count successes here.")
        chance = term.repeat_chance
        if chance == 1:
            raise NotationError(where, "every face would roll again: the dice would never stop.")
        if chance > MAX_REPEAT_CHANCE:
            raise NotationError(
                where,
                f"{chance.numerator} of {chance.denominator} faces would roll again; at most "
                f"{MAX_REPEAT_CHANCE.numerator} in {MAX_REPEAT_CHANCE.denominator} may "
                "(a die would rarely stop).",
            )

    def keep(self, count: int, what: str) -> Keep:
        word = self.advance().text
        mode: KeepMode = {"k": "kh", "d": "dl"}.get(word, word)  # type: ignore[assignment]
        if not self.at("number"):
            amount = 1
            if mode in ("dh", "dl") and count == 1:
                raise NotationError(
                    self.tokens[self.position - 1].column, f"cannot drop the only one of 1 {what}."
                )
        elif mode in ("kh", "kl"):
            amount = self.number(f"the number of {what} kept (of {count})", 1, count)
        else:
            amount = self.number(f"the number of {what} dropped (of {count})", 0, count - 1)
        return Keep(mode, amount)

    def compare(self, low: int, high: int, bare: bool) -> Compare | None:
        """``>=N``, ``<=N``, ``=N`` (or a bare ``N`` when ``bare``); ``>``/``<`` are refused."""
        token = self.current
        if token.kind == "number" and bare:
            return Compare("=", self.number("the face to compare with", low, high))
        if not self.at("symbol", ">=", "<=", "=", ">", "<"):
            return None
        symbol = self.advance().text
        if symbol in (">", "<"):
            n = int(self.current.text) if self.at("number") else 4
            raise NotationError(
                token.column,
                _AMBIGUOUS.format(
                    symbol=symbol,
                    n=n,
                    word="more" if symbol == ">" else "less",
                    strict=f"more than {n}" if symbol == ">" else f"less than {n}",
                    other=n + 1 if symbol == ">" else n - 1,
                ),
            )
        comparator: Comparator = symbol  # type: ignore[assignment]
        return Compare(comparator, self.number("the target of the comparison", low, high))

    def successes(self, low: int, high: int, double: bool) -> Successes:
        start = self.current
        test = self.compare(low, high, bare=False)
        assert test is not None  # the caller saw a comparison
        twice = None
        if double and self.at("word", "dbl"):
            self.advance()
            twice = self.compare(low, high, bare=True)
            if twice is None:
                raise self.fail("the faces that count double, such as dbl10 or dbl>=9")
        failure = None
        if self.at("word", "f"):
            token = self.advance()
            failure = self.compare(low, high, bare=True)
            if failure is None:
                raise self.fail("the faces that count as failures, such as f1 or f<=2")
            if _overlap(test, failure):
                raise NotationError(
                    token.column,
                    f"a result cannot be both a success ({test}) and a failure ({failure}).",
                )
        del start
        return Successes(test, twice, failure)

    # -- brackets

    def extreme(self, depth: int) -> Extreme:
        start = self.advance()
        self.nest(start, depth)
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

    def group(self, depth: int) -> Group:
        start = self.advance()
        self.nest(start, depth)
        braces = start.text == "{"
        items = [self.expression(depth + 1)]
        while braces and self.at("symbol", ","):
            comma = self.advance()
            if len(items) == MAX_GROUP_ITEMS:
                raise NotationError(comma.column, f"a group holds at most {MAX_GROUP_ITEMS} rolls.")
            items.append(self.expression(depth + 1))
        close = "}" if braces else ")"
        if not self.at("symbol", close):
            raise self.fail(f"',' or '{close}'" if braces else "')'")
        self.advance()
        group = Group(tuple(items), "", braces)
        if braces:
            token = self.current
            modifier = self.at("word", "k", "kh", "kl", "d", "dh", "dl") or self.at(
                "symbol", ">=", "<=", "=", ">", "<"
            )
            if len(items) == 1 and modifier:
                raise NotationError(
                    token.column,
                    "keep/drop or a success test on a group of one roll applies to its dice in "
                    "Roll20, to its total in Foundry VTT, and in rpg-dice-roller keep/drop to "
                    "its dice but a test to its total: put the modifier on the dice (4d6kh3) "
                    "or give the group two rolls or more.",
                )
            if self.at("word", "k", "kh", "kl", "d", "dh", "dl"):
                group = replace(group, keep=self.keep(len(items), "rolls of the group"))
            elif self.at("symbol", ">=", "<=", "=", ">", "<"):
                group = replace(
                    group, successes=self.successes(-MAX_CONSTANT, MAX_CONSTANT, double=False)
                )
        return replace(group, text=self.source(start))


def _overlap(a: Compare, b: Compare) -> bool:
    """Whether some value passes both compare points (each is a half-line or a point)."""
    edges = (a.target, b.target)
    return any(a.passes(v) and b.passes(v) for v in range(min(edges) - 1, max(edges) + 2))


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
    if parser.at("comment"):
        raise NotationError(1, "expected a dice expression before the '# label'.")
    expression = parser.expression(0)
    label = parser.advance().text if parser.at("comment") else ""
    if not parser.at("end"):
        raise parser.fail("+, -, *, /, a [label], a '# label' or the end of the expression")
    return replace(expression, label=label)
