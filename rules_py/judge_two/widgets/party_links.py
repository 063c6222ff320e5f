"""How the Judge Two rollers read the party and say what they change.

The one who acts attacks (or saves, or guards, or rests); the target is the
other side. A filler gives a form the numbers of the two sheets; the player
can type over them. A result that changes someone carries ``"changes"``,
made by the game's own happenings (:mod:`rules_py.judge_two.characters.
happenings`) from the sheets, never from the form's copy: when the two
disagree, a note says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.judge_two import statuses
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.characters.happenings import resistance, resolve_total
from rules_py.judge_two.characters.sheet import ATTRIBUTE_FIELDS
from rules_py.judge_two.judging import derived_essence
from rules_py.party.changes import Change, changes_json, outcome_changes
from rules_py.party.events import Outcome
from rules_py.widget import Block, Field, JsonValue, choice_field, int_field, note

__all__ = [
    "CONFLICT_FIELD",
    "SHEET_WINS_NOTE",
    "Filled",
    "Step",
    "attack_fill",
    "changes_blocks",
    "choice_fields",
    "defender_kind",
    "judge_two_table",
    "rank_on_sheet",
    "run_steps",
    "sheet_mismatch",
]

SHEET_WINS_NOTE = (
    "Apply changes the sheets by their own numbers (risk, resistance, resolve), "
    "whatever the form says."
)
CONFLICT_FIELD = choice_field(
    "conflict",
    "Form of conflict",
    [(form, form.capitalize()) for form in statuses.FORMS],
    help="A mark records the form that imposed it; a shield or composure keeps threats off.",
)
_THREATS = [(t, t.capitalize()) for t in statuses.THREATS]


def choice_fields(shown_when: Mapping[str, tuple[str, ...]], **extra: Any) -> tuple[Field, ...]:
    return (
        int_field(
            "impose",
            "Consequences to impose (1 = the first listed)",
            1,
            1,
            3,
            shown_when=shown_when,
            **extra,
        ),
        choice_field("threat", "Threat imposed", _THREATS, shown_when=shown_when, **extra),
        choice_field(
            "threat2", "Second threat", _THREATS, "entangle", shown_when=shown_when, **extra
        ),
        choice_field(
            "mark",
            "Mark imposed",
            [(m, m.capitalize()) for m in statuses.MARKS],
            shown_when=shown_when,
            **extra,
        ),
    )


Filled = dict[str, dict[str, JsonValue]]
Step = tuple[JudgeTwoCharacter, Callable[[JudgeTwoCharacter], Outcome]]


def judge_two_table(table: AtTable) -> tuple[JudgeTwoCharacter | None, JudgeTwoCharacter | None]:
    kept = table.of_game("judge_two")
    return kept.actor, kept.target


def defender_kind(member: JudgeTwoCharacter) -> str:
    """The attack rollers' kinds: a player character or foe, a brute, a nemesis."""
    return {"pc": "character", "foe": "character"}.get(member.kind, member.kind)


def rank_on_sheet(member: JudgeTwoCharacter, trait: str) -> int:
    """The member's rank in an attribute, or in an essence derived from them."""
    if trait in ATTRIBUTE_FIELDS:
        rank: int = getattr(member, ATTRIBUTE_FIELDS[trait])
        return rank
    if trait == "Faith":
        return member.faith
    attributes = {name: getattr(member, field) for name, field in ATTRIBUTE_FIELDS.items()}
    return derived_essence(trait, attributes)


def _put(filled: Filled, field: str, value: JsonValue, source: str) -> None:
    filled["values"][field] = value
    filled["from"][field] = source


def attack_fill(
    table: AtTable, *, attacker: Mapping[str, str], defender: Mapping[str, str]
) -> Filled:
    """The one who acts attacks the target: ``attacker`` and ``defender`` map a
    sheet number's name (risk, armour...) to the form field it fills."""
    actor, target = judge_two_table(table)
    filled: Filled = {"values": {}, "from": {}}
    for member, fields in ((actor, attacker), (target, defender)):
        if member is None:
            continue
        numbers: dict[str, tuple[JsonValue, str]] = {
            "risk": (member.risk, "risk"),
            "armour": (member.armour, "armour"),
            "captain": (member.captain, "captain's proficiency"),
            "disguise": (member.disguise, "disguise"),
            "disguised": (member.disguise != "none", "disguise"),
            "kind": (defender_kind(member), "kind"),
            "resistance": (resistance(member, "martial"), "martial resistance"),
            "resolve": (resolve_total(member), "resolve"),
            "omen": (member.omen_met, "omen"),
            "arm": (member.arm, "Arm"),
        }
        if member.kind != "pc":
            numbers["power_level"] = (member.power_level, "power level")
        for number, field in fields.items():
            if number in numbers:
                value, said = numbers[number]
                _put(filled, field, value, f"{member.name}'s {said}")
    return filled


def run_steps(steps: Sequence[Step]) -> tuple[list[Change], list[str]]:
    """Each step's changes in order, each from the member as the last left it."""
    found: list[Change] = []
    lines: list[str] = []
    current: dict[str, JudgeTwoCharacter] = {}
    for member, step in steps:
        before = current.get(member.id, member)
        outcome = step(before)
        made = outcome_changes(before, outcome)
        found.extend(made)
        current[member.id] = outcome.after
        if made:
            lines.append(f"{before.name}: {outcome.summary}.")
    return found, lines


def changes_blocks(
    steps: Sequence[Step], labels: Mapping[str, str]
) -> tuple[list[JsonValue], list[Block]]:
    """The changes of ``steps`` and what to show; a choice the rules refuse
    (a mark already borne, a threat a shield keeps off) is said, not applied."""
    if not steps:
        return [], []
    try:
        found, lines = run_steps(steps)
    except RulesInputError as error:
        label = labels.get(error.field, error.field)
        return [], [note(f"Nothing to apply: {label}: {error.message}")]
    if not found:
        return [], [note("Nothing to apply: the sheets already hold this.")]
    return changes_json(found), [note(f"To apply: {text}") for text in lines]


def sheet_mismatch(
    member: JudgeTwoCharacter, checks: Sequence[tuple[str, int, int]]
) -> list[Block]:
    """A note for each number the form used that differs from the sheet's."""
    return [
        note(f"{member.name}'s {label} is {on_sheet} on the sheet; this roll used {used}.")
        for label, used, on_sheet in checks
        if used != on_sheet
    ]
