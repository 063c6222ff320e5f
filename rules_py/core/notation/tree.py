"""The parsed form of a dice expression, and the limits the reader enforces."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules_py.core.errors import RulesInputError

__all__ = [
    "FIELD",
    "MAX_BRACKET_DEPTH",
    "MAX_CONSTANT",
    "MAX_DICE_PER_TERM",
    "MAX_DICE_TOTAL",
    "MAX_GROUP_ITEMS",
    "MAX_LABEL",
    "MAX_LENGTH",
    "MAX_REPEAT_CHANCE",
    "MAX_SIDES",
    "TAIL_BOUND",
    "Comparator",
    "Compare",
    "Constant",
    "DiceTerm",
    "Explode",
    "ExplodeMode",
    "Expression",
    "Extreme",
    "Group",
    "Keep",
    "KeepMode",
    "NotationError",
    "Product",
    "Reroll",
    "Successes",
    "Term",
    "repeat_depth",
]

FIELD = "expression"

MAX_LENGTH = 200
MAX_DICE_PER_TERM = 100
MAX_DICE_TOTAL = 200
MAX_SIDES = 1000
MAX_CONSTANT = 10_000
# How deep brackets, max( and min( may nest inside one another in an expression.
# The forms of the dialect nest once (a group, or max( of rolls: see
# reference.FORMS); three levels leave room to combine them, as in
# max({d8, d8}kh1, (d6+2)*2), while every walk of the tree (reading, bounds,
# cost, rolling, odds), each recursive, stays a few calls deep.
MAX_BRACKET_DEPTH = 3
MAX_GROUP_ITEMS = 10
MAX_LABEL = 60
# An explosion or a reroll may happen on at most 3 faces in 4: more rarely stops.
MAX_REPEAT_CHANCE = Fraction(3, 4)
# The roller stops a die after so many extra rolls that the chance of getting
# there is at most this, for the whole term: the odds are exact for the roller
# and within this of a die that explodes without end.
TAIL_BOUND = Fraction(1, 10**9)

Comparator = Literal[">=", "<=", "="]
KeepMode = Literal["kh", "kl", "dh", "dl"]
ExplodeMode = Literal["explode", "compound", "penetrate"]


class NotationError(RulesInputError):
    """A parse error or a refused limit, with the 1-based ``column`` where it happened."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(FIELD, f"Column {column}: {message}")
        self.column = column


@dataclass(frozen=True)
class Compare:
    """A compare point: a face (or total) tested against a target, e.g. ``>=7``."""

    comparator: Comparator
    target: int

    def passes(self, value: int) -> bool:
        if self.comparator == ">=":
            return value >= self.target
        if self.comparator == "<=":
            return value <= self.target
        return value == self.target

    def __str__(self) -> str:
        return f"{self.comparator}{self.target}"

    def words(self) -> str:
        """ "6 or more", "2 or less", "exactly 3"."""
        if self.comparator == ">=":
            return f"{self.target} or more"
        if self.comparator == "<=":
            return f"{self.target} or less"
        return f"exactly {self.target}"


@dataclass(frozen=True)
class Successes:
    """Count what passes ``test`` (+1, or +2 if it also passes ``double``); what
    passes ``failure`` counts -1."""

    test: Compare
    double: Compare | None = None
    failure: Compare | None = None

    def score(self, value: int) -> int:
        if self.test.passes(value):
            return 2 if self.double is not None and self.double.passes(value) else 1
        if self.failure is not None and self.failure.passes(value):
            return -1
        return 0


@dataclass(frozen=True)
class Keep:
    """Keep or drop some of the dice: ``kh``/``kl`` keep, ``dh``/``dl`` drop."""

    mode: KeepMode
    amount: int

    def kept(self, count: int) -> tuple[int, bool]:
        """``(how many are kept, whether the highest are kept)``."""
        if self.mode == "kh":
            return self.amount, True
        if self.mode == "kl":
            return self.amount, False
        if self.mode == "dl":
            return count - self.amount, True
        return count - self.amount, False


@dataclass(frozen=True)
class Explode:
    """``!`` each extra roll is a die of its own; ``!!`` the rolls add into one
    die; ``!p`` as ``!`` but each extra roll counts one less."""

    mode: ExplodeMode
    on: Compare


@dataclass(frozen=True)
class Reroll:
    """``r`` rerolls until the die leaves ``on``; ``ro`` rerolls once."""

    once: bool
    on: Compare


@dataclass(frozen=True)
class Constant:
    value: int
    text: str
    label: str = ""


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` (Fate dice: faces -1, 0, +1) with their modifiers."""

    count: int
    sides: int
    text: str
    fate: bool = False
    explode: Explode | None = None
    reroll: Reroll | None = None
    keep: Keep | None = None
    successes: Successes | None = None
    label: str = ""

    @property
    def faces(self) -> tuple[int, ...]:
        return (-1, 0, 1) if self.fate else tuple(range(1, self.sides + 1))

    @property
    def repeat_chance(self) -> Fraction:
        """The chance that one roll explodes or is rerolled (0 if neither)."""
        on = self.explode.on if self.explode else self.reroll.on if self.reroll else None
        if on is None:
            return Fraction(0)
        return Fraction(sum(on.passes(f) for f in self.faces), len(self.faces))

    @property
    def depth(self) -> int:
        """Extra rolls at most per die (explosions or recursive rerolls); 0 if none."""
        if self.reroll is not None and self.reroll.once:
            return 1
        return repeat_depth(self.repeat_chance, self.count)


def repeat_depth(chance: Fraction, count: int) -> int:
    """The fewest extra rolls ``n`` with ``count * chance ** (n + 1) <= TAIL_BOUND``."""
    if chance == 0:
        return 0
    depth, tail = 0, count * chance
    while tail > TAIL_BOUND:
        depth += 1
        tail *= chance
    return depth


@dataclass(frozen=True)
class Extreme:
    """``max(...)``/``min(...)``: the highest (lowest) of independent sub-expressions."""

    highest: bool
    options: tuple[Expression, ...]
    text: str
    label: str = ""


@dataclass(frozen=True)
class Group:
    """``{a, b}`` with keep/drop or success counting over the items' totals;
    ``(a)`` is a group of one item without modifiers (``braces`` False)."""

    items: tuple[Expression, ...]
    text: str
    braces: bool = True
    keep: Keep | None = None
    successes: Successes | None = None
    label: str = ""


@dataclass(frozen=True)
class Product:
    """Factors multiplied (``*``) or divided (``/``, rounded down) left to right;
    ``operators[i]`` joins factor ``i`` to the result so far."""

    factors: tuple[Expression, ...]
    operators: tuple[Literal["*", "/"], ...]
    text: str
    label: str = ""


Term = Constant | DiceTerm | Extreme | Group | Product


@dataclass(frozen=True)
class Expression:
    """Signed terms that add up; ``text`` is the source as written, ``label``
    the trailing ``# label`` (top level only)."""

    terms: tuple[tuple[int, Term], ...]
    text: str
    label: str = ""
