"""Dice named in the rules text, read as each game means them.

The site's Markdown extension (``textdice``) finds a dice mention on a page
and asks :func:`read` what it rolls in that page's game; the button it writes
carries the answer's ``expression`` in the site's own notation. When the
button is pressed, the browser sends that expression back, and
:func:`interpret` reads it again, as untrusted input, into the same
:class:`InlineRoll` (or refuses it with the field named).

What the games change:

- Cairn, Grit and Might and Heart: damage dice joined by ``+`` (``d8+d8``)
  are rolled together and the single highest counts ("roll all damage dice
  and keep the single highest result"; Might and Heart, Combat: "denoted with
  a plus symbol, e.g. d8+d8"), so ``d8+d8`` is ``2d8kh1``. Cairn's bestiary
  writes the same notation without saying so: the site reads it the same way.
- A dice mention with a minus sign lowers by what it rolls ("-1d6 Grit").
- The d10 dice pool: a pool of d10s counts successes, 7 to 9 one and a 10
  two (``Nd10>=7dbl10``).
- Judge Two: two six-sided dice are judged (one Light, one Truth), three are
  a bold roll (two of them judged) or, where the highest is discarded, a
  faint one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError, describe, require_choice

__all__ = [
    "ALLOWED_SIDES",
    "BOLD",
    "FAINT",
    "GAMES",
    "HIGHEST",
    "HIGHEST_READING",
    "JUDGED",
    "KINDS",
    "LOWER",
    "MAX_COUNT",
    "MENTION",
    "POOL",
    "SUM",
    "InlineRoll",
    "Mention",
    "find",
    "interpret",
    "read",
]

GAMES = ("site", "cairn", "grit", "might_heart", "dice_pool", "judge_two", "huldufolk")
CAIRN_FAMILY = ("cairn", "grit", "might_heart")
SUM, LOWER, HIGHEST, POOL, JUDGED, BOLD, FAINT = (
    "sum", "lower", "highest", "pool", "judged", "bold", "faint",
)
KINDS = (SUM, LOWER, HIGHEST, POOL, JUDGED, BOLD, FAINT)
ALLOWED_SIDES = (4, 6, 8, 10, 12, 20, 100)
MAX_COUNT = 20  # the texts name at most three dice at once; a pool rarely passes 20

HIGHEST_READING = (
    "Dice joined by + are rolled together and the single highest counts "
    "(multiple attackers, two weapons); the bestiary's notation is read the same way."
)
LOWER_READING = "The minus sign: the roll lowers the score by its total."
POOL_READING = "A pool of d10s: each 7, 8 or 9 is one success, each 10 two."
JUDGED_READING = "Judge one die as Light and the other as Truth (doubles: both the same)."
BOLD_READING = "Bold: judge any two of the three dice; the third is ignored."
FAINT_READING = "Faint: the highest die is discarded, the other two are judged."

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# A dice mention in running text: Judge Two's words ("two six sided dice"),
# joined damage dice ("d8+d8"), or dice with an optional count in digits or
# words and an optional minus sign ("1d6", "d20", "two d6", "-1d6", "5d10s").
MENTION = re.compile(
    r"\b(?:two|three)\s+(?:six[\s-]sided\s+)?dice\b"
    r"|(?<![\w+])d(\d+)(?:\+d\1)+\b"
    r"|(?:(?<![\w+-])[-\u2212]|(?<![\w+-]))"
    r"(?:\d+|\b(?:one|two|three|four|five|six)\s+)?d(?:4|6|8|10|12|20|100)s?\b",
    re.IGNORECASE,
)
_WRITTEN_DICE = re.compile(
    r"^([-\u2212])?(\d*|(?:one|two|three|four|five|six) )d(\d+)$", re.IGNORECASE
)
_JOINED = re.compile(r"^d(\d+)(?:\+d\1)+$", re.IGNORECASE)
_POOL_TEXT = re.compile(r"^(\d+)d10s$", re.IGNORECASE)
_SIX_SIDED = re.compile(r"^(two|three)\s+(?:six[\s-]sided\s+)?dice$", re.IGNORECASE)
_FAINT_FOLLOWS = re.compile(r"^\W*discards? the highest", re.IGNORECASE)

_SUM_EXPR = re.compile(r"^(\d+)d(\d+)$")
_LOWER_EXPR = re.compile(r"^-(\d+)d(\d+)$")
_HIGHEST_EXPR = re.compile(r"^(\d+)d(\d+)kh1$")
_POOL_EXPR = re.compile(r"^(\d+)d10>=7dbl10$")
_JUDGE_TWO = {"2d6": JUDGED, "3d6": BOLD, "3d6dh1": FAINT}


@dataclass(frozen=True)
class InlineRoll:
    """What one dice mention rolls in one game.

    ``expression`` is in the site's notation (the Dice notation page);
    ``label`` says what the button rolls, for its accessible name;
    ``reading`` is the one line on how the game reads it, "" where the
    text needs none.
    """

    game: str
    kind: str
    expression: str
    count: int
    sides: int
    label: str
    reading: str


def _dice_words(count: int, sides: int) -> str:
    return f"{count}d{sides}"


def _check_dice(field: str, count: int, sides: int, shown: str) -> None:
    if sides not in ALLOWED_SIDES:
        allowed = ", ".join(f"d{s}" for s in ALLOWED_SIDES)
        raise RulesInputError(
            field, f"An inline roll's dice are {allowed} (got {describe(shown)})."
        )
    if not 1 <= count <= MAX_COUNT:
        raise RulesInputError(
            field, f"An inline roll has 1 to {MAX_COUNT} dice (got {describe(shown)})."
        )


def _make(game: str, kind: str, count: int, sides: int) -> InlineRoll:
    dice = _dice_words(count, sides)
    if kind == SUM:
        return InlineRoll(game, kind, dice, count, sides, f"Roll {dice}", "")
    if kind == LOWER:
        return InlineRoll(
            game, kind, f"-{dice}", count, sides, f"Roll {dice}, lowering by it", LOWER_READING
        )
    if kind == HIGHEST:
        return InlineRoll(
            game, kind, f"{dice}kh1", count, sides,
            f"Roll {dice} and keep the single highest", HIGHEST_READING,
        )
    if kind == POOL:
        return InlineRoll(
            game, kind, f"{dice}>=7dbl10", count, sides,
            f"Roll a pool of {count} d10s, counting successes", POOL_READING,
        )
    words = "two" if count == 2 else "three"
    if kind == JUDGED:
        return InlineRoll(game, kind, "2d6", 2, 6, "Roll two dice and judge them", JUDGED_READING)
    if kind == BOLD:
        return InlineRoll(game, kind, "3d6", 3, 6, f"Roll {words} dice, bold", BOLD_READING)
    return InlineRoll(game, FAINT, "3d6dh1", 3, 6, f"Roll {words} dice, faint", FAINT_READING)


def read(game: str, written: str, following: str = "") -> InlineRoll:
    """What the text's ``written`` dice roll on a page of ``game``.

    ``following`` is the text right after the mention (a faint roll is
    told by what follows its three dice). Raises ``RulesInputError`` when
    ``written`` names no dice this game rolls.
    """
    game = require_choice("game", "Game", game, GAMES)
    text = " ".join(written.replace("\u2212", "-").split())
    if game == "judge_two":
        words = _SIX_SIDED.match(text)
        if words:
            if words.group(1).lower() == "two":
                return _make(game, JUDGED, 2, 6)
            return _make(game, FAINT if _FAINT_FOLLOWS.match(following) else BOLD, 3, 6)
    joined = _JOINED.match(text)
    if joined and game in CAIRN_FAMILY:
        sides = int(joined.group(1))
        count = text.count("+") + 1
        _check_dice("expression", count, sides, written)
        return _make(game, HIGHEST, count, sides)
    pool = _POOL_TEXT.match(text)
    if pool and game == "dice_pool":
        count = int(pool.group(1))
        _check_dice("expression", count, 10, written)
        return _make(game, POOL, count, 10)
    plain = _WRITTEN_DICE.match(text)
    if plain:
        count_text = plain.group(2).strip().lower()
        count = _NUMBERS.get(count_text) or int(count_text or "1")
        sides = int(plain.group(3))
        _check_dice("expression", count, sides, written)
        if game == "judge_two" and sides == 6 and count in (2, 3):
            return _make(game, JUDGED if count == 2 else BOLD, count, 6)
        return _make(game, LOWER if plain.group(1) else SUM, count, sides)
    raise RulesInputError(
        "expression", f"{describe(written)} names no dice that this page's game rolls."
    )


def interpret(game: str, expression: str) -> InlineRoll:
    """The inline roll a button's ``expression`` stands for in ``game``.

    The expression comes from the page, so it is read like anything typed:
    only the forms :func:`read` writes for that game are accepted.
    """
    game = require_choice("game", "Game", game, GAMES)
    if not isinstance(expression, str) or len(expression) > 20:
        raise RulesInputError(
            "expression",
            f"An inline roll's expression is short dice notation (got {describe(expression)}).",
        )
    if game == "judge_two" and expression in _JUDGE_TWO:
        kind = _JUDGE_TWO[expression]
        return _make(game, kind, 2 if kind == JUDGED else 3, 6)
    forms: list[tuple[re.Pattern[str], str]] = [(_SUM_EXPR, SUM), (_LOWER_EXPR, LOWER)]
    if game in CAIRN_FAMILY:
        forms.append((_HIGHEST_EXPR, HIGHEST))
    if game == "dice_pool":
        forms.append((_POOL_EXPR, POOL))
    for pattern, kind in forms:
        found = pattern.match(expression)
        if found:
            count = int(found.group(1))
            sides = int(found.group(2)) if kind != POOL else 10
            _check_dice("expression", count, sides, expression)
            if str(count) != found.group(1):  # one roll, one spelling: no leading zeros
                break
            return _make(game, kind, count, sides)
    shapes = {SUM: "NdM", LOWER: "-NdM", HIGHEST: "NdMkh1", POOL: "Nd10>=7dbl10"}
    allowed = ", ".join(shapes[kind] for _, kind in forms)
    if game == "judge_two":
        allowed += ", " + ", ".join(_JUDGE_TWO)
    raise RulesInputError(
        "expression",
        f"An inline roll of this game is one of: {allowed} (got {describe(expression)}).",
    )


@dataclass(frozen=True)
class Mention:
    """A dice mention found in a text: where it is, as written, and what it rolls."""

    start: int
    end: int
    written: str
    roll: InlineRoll


def find(game: str, text: str) -> tuple[tuple[Mention, ...], tuple[str, ...]]:
    """The dice mentions of ``text`` this game rolls, and those it does not
    (written as they are: a count that needs someone's number, say)."""
    found: list[Mention] = []
    refused: list[str] = []
    for match in MENTION.finditer(text):
        written = match.group(0)
        try:
            rolled = read(game, written, text[match.end() : match.end() + 40])
        except RulesInputError:
            refused.append(written)
            continue
        found.append(Mention(match.start(), match.end(), written, rolled))
    return tuple(found), tuple(refused)
