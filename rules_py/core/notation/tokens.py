"""The words of a dice expression: numbers, words, symbols, ``[labels]`` and a
trailing ``# label``, each with its 1-based column; the words of other
rollers that this notation writes otherwise are refused with a hint.
"""

from __future__ import annotations

from typing import Literal

from rules_py.core.errors import describe
from rules_py.core.notation.tree import MAX_LABEL, NotationError

__all__ = ["DIGITS", "FOREIGN", "LETTERS", "SYMBOLS", "WORDS", "Token", "tokenize"]

DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
# Longest first: at each letter the longest word that fits is read.
WORDS = ("dbl", "max", "min", "kh", "kl", "dh", "dl", "df", "ro", "k", "d", "r", "f", "p")
SYMBOLS = (
    ">=", "<=", "!!", ">", "<", "=", "!", "+", "-", "*", "/",
    "(", ")", "{", "}", ",", "%",
)  # fmt: skip
# Words of other rollers that this notation writes otherwise.
FOREIGN = {
    "x": "exploding dice are written with ! here (d6!, d10!>=9)",
    "xo": "an explosion is written with ! here; to stop after one, there is no short form",
    "rr": "a reroll until the die is no longer in range is written r here (d6r1)",
    "cs": "successes are counted with >=, <= or = after the dice here (6d10>=7)",
    "cf": "failures are counted with f after a success test here (6d10>=7f1)",
    "floor": "a division rounds down already (7/2 is 3)",
}


class Token:
    __slots__ = ("column", "kind", "text")

    def __init__(
        self,
        kind: Literal["number", "word", "symbol", "label", "comment", "end"],
        text: str,
        column: int,
    ) -> None:
        self.kind = kind
        self.text = text
        self.column = column

    def shown(self) -> str:
        if self.kind == "end":
            return "the end of the expression"
        if self.kind == "label":
            return f"the label [{describe(self.text)[1:-1]}]"
        if self.kind == "comment":
            return "'#'"
        return f"'{self.text}'"


def _word_at(text: str, i: int) -> str | None:
    lowered = text[i : i + 3].lower()
    return next((w for w in WORDS if lowered.startswith(w)), None)


def tokenize(text: str) -> list[Token]:
    """Numbers, words, symbols, ``[labels]`` and a trailing ``# label``; 1-based columns."""
    found: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        start = i
        if char in " \t":
            i += 1
        elif char in DIGITS:
            while i < len(text) and text[i] in DIGITS:
                i += 1
            found.append(Token("number", text[start:i], start + 1))
        elif char == "[":
            end = text.find("]", i)
            if end < 0:
                raise NotationError(start + 1, "a label opened with '[' needs its closing ']'.")
            label = text[i + 1 : end].strip()
            if len(label) > MAX_LABEL or "[" in label:
                raise NotationError(
                    start + 1, f"a label is at most {MAX_LABEL} characters, without '['."
                )
            found.append(Token("label", label, start + 1))
            i = end + 1
        elif char == "#":
            found.append(Token("comment", text[i + 1 :].strip(), start + 1))
            i = len(text)
        elif char.lower() in LETTERS:
            word = _word_at(text, i)
            run = i
            while run < len(text) and text[run].lower() in LETTERS:
                run += 1
            whole = text[i:run].lower()
            if word is None or whole in FOREIGN:
                hint = FOREIGN.get(whole, "")
                raise NotationError(
                    start + 1,
                    f"unknown word '{text[i:run]}'"
                    + (f": {hint}." if hint else "; expected a die such as d6, dF, d%, "
                       "a modifier (k, kh, kl, d, dh, dl, r, ro, !, !!, !p, f, dbl) or max(/min(."),
                )  # fmt: skip
            found.append(Token("word", word, start + 1))
            i += len(word)
        else:
            symbol = next((s for s in SYMBOLS if text.startswith(s, i)), None)
            if symbol is None:
                raise NotationError(
                    start + 1,
                    f"unexpected character {describe(char)}; expected a number, a die such as "
                    "2d6, max(, +, -, *, /, one of >= <= = ! ( ) { } , % or a [label].",
                )
            found.append(Token("symbol", symbol, start + 1))
            i += len(symbol)
    found.append(Token("end", "", len(text) + 1))
    return found
