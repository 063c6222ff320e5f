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

A roll can also need or change someone's number (what the party's actor and
target do with it: :mod:`rules_py.cairn.characters.text_rolls`):

- a save the text names ("a STR save", "an **Insight** save") is a d20
  against that score (``save``);
- "-1d6 **Grit**" lowers the score it names (``lowers``);
- Might and Heart's "Attribute loss can usually be restored (1d6 per week)"
  restores an attribute (``restores``);
- a bestiary creature's attack rolls its damage (``creature``, from the
  contributor's mark whose title names it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

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
    "LOWERED_SCORES",
    "MAX_COUNT",
    "MENTION",
    "POOL",
    "RESTORED",
    "SAVE",
    "SAVE_MENTION",
    "SAVE_SCORES",
    "SUM",
    "InlineRoll",
    "Mention",
    "creature_roll",
    "find",
    "interpret",
    "read",
    "read_save",
]

GAMES = ("site", "cairn", "grit", "might_heart", "dice_pool", "judge_two", "huldufolk")
CAIRN_FAMILY = ("cairn", "grit", "might_heart")
SUM, LOWER, HIGHEST, POOL, JUDGED, BOLD, FAINT = (
    "sum",
    "lower",
    "highest",
    "pool",
    "judged",
    "bold",
    "faint",
)
SAVE = "save"
KINDS = (SUM, LOWER, HIGHEST, POOL, JUDGED, BOLD, FAINT, SAVE)
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

# The scores a save names in each game's text. The Might and Heart text writes
# Cairn's "DEX save" and "WIL save" (first round, Retreat, Morale) though its
# characters have Might and Heart: the party reads those as
# :data:`rules_py.cairn.rulesets.MIGHT_HEART_SCORES` says.
SAVE_SCORES = {
    "cairn": ("STR", "DEX", "WIL"),
    "might_heart": ("Might", "Heart", "STR", "DEX", "WIL"),
    "grit": ("Prowess", "Insight", "Resolve"),
}
SAVE_MENTION = re.compile(
    r"\b(STR|DEX|WIL|Might|Heart|Prowess|Insight|Resolve)(?:\s+saves?\b)", re.IGNORECASE
)
# The score a minus roll lowers, named right after it ("-1d6 Grit").
LOWERED_SCORES = {"grit": ("Grit",)}
# What a roll restores, told by the words after it: Might and Heart's
# "Attribute loss can usually be restored (1d6 per week)".
RESTORED = {"might_heart": ("Attribute", re.compile(r"^\W*per week\b", re.IGNORECASE))}
SAVE_READING = "A save: roll a d20 against the score the text names."

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
    # Someone's number the roll needs or changes (module docstring): at most one.
    save: str = ""
    lowers: str = ""
    restores: str = ""
    creature: str = ""

    @property
    def hooks(self) -> dict[str, str]:
        """The button's data attributes beyond game and expression."""
        named = {
            "save": self.save,
            "lowers": self.lowers,
            "restores": self.restores,
            "creature": self.creature,
        }
        return {name: value for name, value in named.items() if value}


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
            game,
            kind,
            f"{dice}kh1",
            count,
            sides,
            f"Roll {dice} and keep the single highest",
            HIGHEST_READING,
        )
    if kind == POOL:
        return InlineRoll(
            game,
            kind,
            f"{dice}>=7dbl10",
            count,
            sides,
            f"Roll a pool of {count} d10s, counting successes",
            POOL_READING,
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
        made = _make(game, LOWER if plain.group(1) else SUM, count, sides)
        return _named_after(made, following)
    raise RulesInputError(
        "expression", f"{describe(written)} names no dice that this page's game rolls."
    )


def _named_after(made: InlineRoll, following: str) -> InlineRoll:
    """A roll with the score the words after it lower or restore, if any."""
    words = following.lstrip(" *_\u00a0")
    if made.kind == LOWER:
        for score in LOWERED_SCORES.get(made.game, ()):
            if re.match(rf"{score}\b", words, re.IGNORECASE):
                return _with(made, lowers=score)
    restored = RESTORED.get(made.game)
    if made.kind == SUM and restored is not None and restored[1].match(following):
        return _with(made, restores=restored[0])
    return made


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "AEIOUaeiou" else f"a {word}"


def _with(
    made: InlineRoll, *, save: str = "", lowers: str = "", restores: str = "", creature: str = ""
) -> InlineRoll:
    dice = made.expression
    if save:
        return replace(
            made, kind=SAVE, save=save, label=f"Roll {_a(save)} save (d20)", reading=SAVE_READING
        )
    if lowers:
        return replace(made, lowers=lowers, label=f"Roll {dice[1:]}, lowering {lowers} by it")
    if restores:
        return replace(made, restores=restores, label=f"Roll {dice}: {restores} restored")
    if creature:
        whose = f"{creature}'" if creature.endswith("s") else f"{creature}'s"
        return replace(made, creature=creature, label=f"{whose} attack: {made.label}")
    return made


def read_save(game: str, score: str) -> InlineRoll:
    """A save the text names with ``score`` ("STR", "Insight") on a page of ``game``."""
    game = require_choice("game", "Game", game, GAMES)
    scores = SAVE_SCORES.get(game, ())
    named = next((s for s in scores if s.lower() == score.strip().lower()), None)
    if named is None:
        allowed = ", ".join(scores) or "none: this game has no such saves"
        raise RulesInputError(
            "save", f"A save of this game names one of: {allowed} (got {describe(score)})."
        )
    return _with(_make(game, SUM, 1, 20), save=named)


def creature_roll(game: str, creature: str) -> InlineRoll:
    """The attack of the Cairn bestiary's ``creature``, rolled from its stat block."""
    from rules_py.cairn.characters.foes import creature_named  # the bestiary: load late

    if game != "cairn":
        raise RulesInputError(
            "creature", "Only the Cairn bestiary's creatures attack from the text."
        )
    found = creature_named(creature)
    if found.attack is None:
        raise RulesInputError("creature", f"{found.name} has no attack to roll.")
    return _with(read(game, "+".join(found.attack.dice)), creature=found.name)


def _checked_hooks(found: InlineRoll, hooks: dict[str, str]) -> InlineRoll:
    """``found`` with the button's hooks, each read as untrusted input; a hook
    that does not fit the roll is refused with its field named."""
    given = {name: value for name, value in hooks.items() if value != ""}
    for name, value in given.items():
        if not isinstance(value, str) or len(value) > 40:
            raise RulesInputError(name, f"{name} is a short name (got {describe(value)}).")
    if len(given) > 1:
        raise RulesInputError(
            "save", f"An inline roll needs or changes one number, not {', '.join(given)}."
        )
    if "save" in given:
        made = read_save(found.game, given["save"])
        if found.expression != made.expression:
            raise RulesInputError("expression", f"A save rolls {made.expression}.")
        return made
    if "creature" in given:
        made = creature_roll(found.game, given["creature"])
        if found.expression != made.expression:
            raise RulesInputError(
                "expression", f"{made.creature}'s attack rolls {made.expression}."
            )
        return made
    if "lowers" in given:
        scores = LOWERED_SCORES.get(found.game, ())
        if found.kind != LOWER or given["lowers"] not in scores:
            allowed = ", ".join(scores) or "none in this game"
            got = describe(given["lowers"])
            raise RulesInputError(
                "lowers", f"A minus roll of this game lowers one of: {allowed} (got {got})."
            )
        return _with(found, lowers=given["lowers"])
    if "restores" in given:
        restored = RESTORED.get(found.game)
        if found.kind != SUM or restored is None or given["restores"] != restored[0]:
            raise RulesInputError(
                "restores", f"This game's rolls restore no {describe(given['restores'])}."
            )
        return _with(found, restores=restored[0])
    return found


def interpret(game: str, expression: str, **hooks: str) -> InlineRoll:
    """The inline roll a button's ``expression`` (and its ``hooks``: save,
    lowers, restores, creature) stands for in ``game``.

    The expression comes from the page, so it is read like anything typed:
    only the forms :func:`read` writes for that game are accepted.
    """
    return _checked_hooks(_interpret(game, expression), hooks)


def _interpret(game: str, expression: str) -> InlineRoll:
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


def find(game: str, text: str, after: str = "") -> tuple[tuple[Mention, ...], tuple[str, ...]]:
    """The dice mentions and saves of ``text`` this game rolls, and the dice
    mentions it does not (written as they are: a count that needs someone's
    number, say). ``after`` is the text that follows (past markup): what a
    mention lowers or restores, or the "save" after a bold score, is read there.
    """
    found: list[Mention] = []
    refused: list[str] = []
    whole = text + after
    for match in MENTION.finditer(text):
        written = match.group(0)
        try:
            rolled = read(game, written, whole[match.end() : match.end() + 40])
        except RulesInputError:
            refused.append(written)
            continue
        found.append(Mention(match.start(), match.end(), written, rolled))
    if game in SAVE_SCORES:
        for match in SAVE_MENTION.finditer(whole):
            if match.start() >= len(text) or match.group(1) not in SAVE_SCORES[game]:
                continue  # letter case counts: "might save" is not a Might save
            end = match.end() if match.end() <= len(text) else match.end(1)
            if end > len(text):
                continue
            saved = read_save(game, match.group(1))
            found.append(Mention(match.start(), end, text[match.start() : end], saved))
    found.sort(key=lambda mention: mention.start)
    return tuple(found), tuple(refused)
