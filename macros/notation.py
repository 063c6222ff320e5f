"""The dice notation reference, rendered from ``rules_py.core.notation.reference``.

``{{ notation_forms() }}`` prints each form with what Roll20, Foundry VTT and
rpg-dice-roller write; ``{{ notation_readings() }}`` where they differ and what
this site does; ``{{ notation_limits() }}`` the limits of the reader.
"""

from __future__ import annotations

from typing import Any

from rules_py.core import notation
from rules_py.core.notation.reference import FORMS, READINGS

__all__ = ["notation_forms", "notation_limits", "notation_readings", "register"]


def _cell(text: str) -> str:
    if not text:
        return "\u2014"
    return text.replace("|", "\\|")


def _code(spellings: tuple[str, ...]) -> str:
    # Each spelling is a code span of its own; a comma inside one ({d8, d8}) stays in it.
    return ", ".join(f"`{spelling}`" for spelling in spellings)


def notation_forms() -> str:
    rows = [
        "| This site | Means | Roll20 | Foundry VTT | rpg-dice-roller |",
        "| --- | --- | --- | --- | --- |",
    ]
    for form in FORMS:
        cells = [_code(form.write), form.means, _code(form.roll20), _code(form.foundry),
                 _code(form.rpg_dice_roller)]  # fmt: skip
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def notation_readings() -> str:
    rows = ["| Where | The rollers | This site |", "| --- | --- | --- |"]
    rows += [f"| {_cell(r.topic)} | {_cell(r.rollers)} | {_cell(r.here)} |" for r in READINGS]
    return "\n".join(rows)


def notation_limits() -> str:
    return "\n".join(
        [
            f"- at most {notation.MAX_LENGTH} characters;",
            f"- at most {notation.MAX_DICE_PER_TERM} dice in one term and "
            f"{notation.MAX_DICE_TOTAL} in the whole expression;",
            f"- dice of 1 to {notation.MAX_SIDES} sides, constants up to {notation.MAX_CONSTANT};",
            f"- brackets, `max(` and `min(` nested at most {notation.MAX_BRACKET_DEPTH} deep, "
            f"at most {notation.MAX_GROUP_ITEMS} rolls in a group;",
            f"- at most {notation.MAX_REPEAT_CHANCE.numerator} faces in "
            f"{notation.MAX_REPEAT_CHANCE.denominator} may explode or be rerolled.",
        ]
    )


def register(env: Any) -> None:
    env.macro(notation_forms)
    env.macro(notation_readings)
    env.macro(notation_limits)
