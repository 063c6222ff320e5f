"""Widget ``judge_two.prestige``: who has the highest prestige in a subtle
conflict, and so each one's subtle resistance (The Way of All the Earth,
"Prestige").

With the party, characters A and B are the one who acts and the target, and
the result sets their prestige.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from rules_py.judge_two import prestige as pr
from rules_py.judge_two.attacks import PRESTIGE_RESISTANCE
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.widgets.party_links import Step, changes_blocks, judge_two_table
from rules_py.party.events import Outcome
from rules_py.values import FieldGroup
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    bool_field,
    choice_field,
    int_field,
    note,
    outcome,
    table,
)

__all__ = ["WIDGETS"]

LETTERS = ("a", "b", "c", "d")
ONCE_NOTE = (
    "Work prestige out when a subtle conflict begins, and again only if the place or the "
    "people change (the text's own example moves inside a tent)."
)
STANDING_LABELS = {
    "mortal": "Mortal",
    "priest": "Priest of a royal cult",
    "shuvin": "Revealed shuvin",
    "supernal": "Supernal being",
}


@dataclass(frozen=True)
class Character(FieldGroup):
    side: str
    wealthiest: bool
    native: bool
    gender: str
    crowd: int
    standing: str


@dataclass(frozen=True)
class PrestigeValues(FormValues):
    characters: str
    space: str
    a: Character
    b: Character
    c: Character
    d: Character

    @property
    def present(self) -> list[Character]:
        every = [self.a, self.b, self.c, self.d]
        return every[: int(self.characters)]


def _fields(letter: str, number: int) -> tuple[Field, ...]:
    name = letter.upper()
    shown = {"characters": tuple(str(n) for n in range(number, 5))} if number > 2 else {}
    return (
        choice_field(
            f"{letter}_side",
            f"{name}: side",
            [("1", "Side 1"), ("2", "Side 2")],
            "1" if number == 1 else "2",
            help="Allies of the one with the highest prestige have middle prestige."
            if number == 1
            else "",
            shown_when=shown,
        ),
        bool_field(f"{letter}_wealthiest", f"{name}: the wealthiest (apparent)", shown_when=shown),
        bool_field(f"{letter}_native", f"{name}: native here", shown_when=shown),
        choice_field(
            f"{letter}_gender",
            f"{name}: gender",
            [(g, g.capitalize()) for g in pr.GENDERS],
            shown_when=shown,
        ),
        int_field(
            f"{letter}_crowd",
            f"{name}: armed followers",
            0,
            0,
            pr.CROWD_MAX,
            help="Breaks a tie.",
            shown_when=shown,
            advanced=True,
        ),
        choice_field(
            f"{letter}_standing",
            f"{name}: standing",
            list(STANDING_LABELS.items()),
            shown_when=shown,
            advanced=True,
        ),
    )


FIELDS: tuple[Field, ...] = (
    choice_field("characters", "Characters", [("2", "Two"), ("3", "Three"), ("4", "Four")]),
    choice_field(
        "space",
        "Where",
        [("public", "A public space"), ("private", "A private space")],
        help="Public: official business, commerce, religious observance, travel, trade. "
        "Private: homes, feasts, festivals, social gatherings.",
    ),
    *(field for n, letter in enumerate(LETTERS, start=1) for field in _fields(letter, n)),
)


def _set_prestige(member: JudgeTwoCharacter, degree: str) -> Outcome:
    resistance = PRESTIGE_RESISTANCE[degree]
    return Outcome(
        replace(member, prestige=degree),
        f"Prestige in this subtle conflict: {degree} ({resistance} subtle resistance)",
    )


def handle(call: Call[PrestigeValues]) -> dict[str, Any]:
    values = call.values
    contenders = [
        pr.Contender(int(c.side), c.wealthiest, c.native, c.gender, c.crowd, c.standing)
        for c in values.present
    ]
    result = pr.prestige(contenders, values.space)
    letters = [letter.upper() for letter in LETTERS[: len(contenders)]]
    if result.highest is None:
        head = outcome(result.reason, "neutral")
    else:
        head = outcome(
            f"{letters[result.highest]} has the highest prestige: {result.reason}", "good"
        )
    rows = [
        (letter, str(met), f"{degree} ({PRESTIGE_RESISTANCE[degree]} subtle resistance)")
        for letter, met, degree in zip(letters, result.conditions, result.degrees, strict=True)
    ]
    view: list[Block] = [
        head,
        table("Prestige", ["Who", "Conditions", "Prestige"], rows),
        note(ONCE_NOTE),
    ]
    if any(c.standing != "mortal" for c in contenders):
        view.append(note(pr.EQUAL_STANDING_NOTE))
    actor, target = judge_two_table(call.table)
    steps: list[Step] = []
    for member, degree in ((actor, result.degrees[0]), (target, result.degrees[1])):
        if member is not None:
            steps.append((member, partial(_set_prestige, degree=degree)))
    found, shown = changes_blocks(steps, {})
    answer: dict[str, Any] = {"view": view + shown}
    if found:
        answer["changes"] = found
    return answer


WIDGETS = (
    Widget(
        name="judge_two.prestige",
        title="Prestige",
        summary="Who has the highest prestige in a subtle conflict, and each one's resistance.",
        hand_roll=(
            "Count for each character: the wealthiest, native to the place, and male in a "
            "public space or female in a private one. Most wins; the larger armed crowd breaks "
            "a tie; a tie still means low prestige for all. The winner's allies have middle "
            "prestige, everyone else low."
        ),
        fields=FIELDS,
        values=PrestigeValues,
        actions=(Action("work_out", "Work out", random=False),),
        handler=handle,
    ),
)
