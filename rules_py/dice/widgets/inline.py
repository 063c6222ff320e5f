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
from rules_py.dice.widgets.notation.rolled import rolled_view
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    JsonValue,
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
    save: str
    lowers: str
    restores: str
    creature: str


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
                chart(
                    f"{found.label}: the best Light die",
                    bars,
                    summary=f"The chance of each best Light die; doubles {doubles}.",
                ),
                line(f"Doubles (only one way to judge): {doubles}."),
            ]
        return _judged_roll(found, call)
    if call.action == "odds":
        return odds_view(notation.parse(found.expression))
    return _sum_roll(found, call)[0]


def _sum_roll(found: InlineRoll, call: Call[InlineValues]) -> tuple[list[Block], int]:
    """The roll of a notation expression, and its total."""
    expression = notation.parse(found.expression)
    result = notation.roll(expression, call.rng)
    # A tie between kept dice changes no total here: the notation's note on
    # which equal die is kept is left out.
    blocks = [
        block
        for block in rolled_view(expression, result)
        if not (block["type"] == "note" and str(block["text"]).startswith("Of equal dice"))
    ]
    return blocks, result.total


def _at_table(
    found: InlineRoll, rolled: int, call: Call[InlineValues]
) -> tuple[list[Block], list[JsonValue]]:
    """What a roll that rolled ``rolled`` does to the party's actor or target
    (the Cairn family's rules), and the changes it makes."""
    from rules_py.cairn.characters import text_rolls  # the party loads the widgets: load late

    if found.creature:
        return text_rolls.attack_at_table(found, rolled, call.table, call.rng)
    if found.lowers:
        return text_rolls.lowered_at_table(found, -rolled, call.table, call.rng)
    return text_rolls.restored_at_table(found, rolled, call.table, call.rng)


def handle(call: Call[InlineValues]) -> dict[str, Any]:
    values = call.values
    found = interpret(
        values.game,
        values.expression,
        save=values.save,
        lowers=values.lowers,
        restores=values.restores,
        creature=values.creature,
    )
    if found.save:
        from rules_py.cairn.characters import text_rolls  # the party loads the widgets

        if call.action == "odds":
            return {"view": text_rolls.save_odds(found, call.table)}
        return {"view": text_rolls.save_roll(found, call.table, call.rng)}
    changes: list[JsonValue] = []
    if call.action != "odds" and (found.creature or found.lowers or found.restores):
        view, total = _sum_roll(found, call)
        party_view, changes = _at_table(found, total, call)
        view += party_view
    else:
        view = inline_view(found, call)
    if found.reading:
        view.append(note(found.reading))
    result: dict[str, Any] = {"view": view}
    if changes:
        result["changes"] = changes
    return result


WIDGETS = (
    Widget(
        name="dice.inline",
        title="Dice in the text",
        summary="The dice a rule names, rolled where it is read, with their exact odds.",
        hand_roll="Roll the dice the text names and add them up.",
        fields=(
            choice_field("game", "Game", tuple(GAME_NAMES.items())),
            Field("expression", "Dice", "text", "1d6", max_length=20),
            Field(
                "save",
                "Save",
                "text",
                "",
                max_length=40,
                help="The score a save of the text names (STR, Insight...), or none.",
            ),
            Field(
                "lowers",
                "Lowers",
                "text",
                "",
                max_length=40,
                help="The score a minus roll lowers (Grit), or none.",
            ),
            Field(
                "restores",
                "Restores",
                "text",
                "",
                max_length=40,
                help="What a recovery roll restores (Attribute), or none.",
            ),
            Field(
                "creature",
                "Creature",
                "text",
                "",
                max_length=40,
                help="The bestiary creature whose attack this is, or none.",
            ),
        ),
        values=InlineValues,
        actions=(Action("roll", "Roll"), Action("odds", "Exact odds", random=False)),
        handler=handle,
    ),
)
