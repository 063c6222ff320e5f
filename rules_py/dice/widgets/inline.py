"""Widget ``dice.inline``: a dice mention of the rules text, rolled where it
is read. The page's button sends its game and its expression; both are read
again here (:func:`rules_py.dice.inline.interpret`), so a tampered button
gets the normal error. The popover shows the roll, and the exact odds one
tap away (the ``odds`` action)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules_py.core import notation
from rules_py.dice import judged
from rules_py.dice.inline import InlineRoll, interpret
from rules_py.dice.widgets.notation.odds import chance_words, odds_view
from rules_py.dice.widgets.notation.rolled import roll_view
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    chart,
    choice_field,
    dice,
    die_face,
    line,
    note,
    outcome,
)

__all__ = ["GAME_NAMES", "WIDGETS", "InlineValues", "handle", "inline_view"]

GAME_NAMES = {
    "site": "Any game",
    "cairn": "Cairn",
    "grit": "Cairn: Grit",
    "might_heart": "Might and Heart",
    "dice_pool": "The d10 dice pool",
    "judge_two": "Judge Two",
    "huldufolk": "Huldufolk",
}
Game = Literal["site", "cairn", "grit", "might_heart", "dice_pool", "judge_two", "huldufolk"]


@dataclass(frozen=True)
class InlineValues(FormValues):
    game: Game
    expression: str


def _judged_roll(found: InlineRoll, call: Call[InlineValues]) -> list[Block]:
    rolled = judged.roll(found.kind, call.rng)
    discarded = rolled.discarded
    faces = [
        die_face(value, 6, "dropped" if index == discarded else "kept")
        for index, value in enumerate(rolled.dice)
    ]
    blocks: list[Block] = [dice(found.label, faces)]
    options = judged.judgments(rolled)
    if len(options) == 1:
        value = options[0][0]
        verdict = "innocent" if options[0][2] else "guilty"
        blocks.append(outcome(f"Doubles: Light {value} and Truth {value} ({verdict})."))
    else:
        blocks.append(outcome(f"Best Light die: {judged.best_light(rolled)}."))
        for light, truth, innocent in options:
            verdict = "innocent" if innocent else "guilty"
            blocks.append(line(f"Light {light}, Truth {truth}: {verdict}."))
    return blocks


def inline_view(found: InlineRoll, call: Call[InlineValues]) -> list[Block]:
    if found.kind in judged.MODES:
        if call.action == "odds":
            bars = [(str(face), p) for face, p in judged.best_light_dist(found.kind).items()]
            doubles = chance_words(judged.doubles_chance(found.kind))
            return [
                chart(f"{found.label}: the best Light die", bars,
                      summary=f"The chance of each best Light die; doubles {doubles}."),
                line(f"Doubles (only one way to judge): {doubles}."),
            ]
        return _judged_roll(found, call)
    expression = notation.parse(found.expression)
    if call.action == "odds":
        return odds_view(expression)
    # A tie between kept dice changes no total here: the notation's note on
    # which equal die is kept is left out.
    return [
        block for block in roll_view(expression, call.rng)
        if not (block["type"] == "note" and str(block["text"]).startswith("Of equal dice"))
    ]


def handle(call: Call[InlineValues]) -> dict[str, Any]:
    found = interpret(call.values.game, call.values.expression)
    view = inline_view(found, call)
    if found.reading:
        view.append(note(found.reading))
    return {"view": view}


WIDGETS = (
    Widget(
        name="dice.inline",
        title="Dice in the text",
        summary="The dice a rule names, rolled where it is read, with their exact odds.",
        hand_roll="Roll the dice the text names and add them up.",
        fields=(
            choice_field("game", "Game", tuple(GAME_NAMES.items())),
            Field("expression", "Dice", "text", "1d6", max_length=20),
        ),
        values=InlineValues,
        actions=(Action("roll", "Roll"), Action("odds", "Exact odds", random=False)),
        handler=handle,
    ),
)
