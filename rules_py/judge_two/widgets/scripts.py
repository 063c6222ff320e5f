"""Widget ``judge_two.scripts``: the scripts in play in a subtle conflict, who
holds which, at most two readied, and whether a readied script makes an
attack bold (The Way of All the Earth, "Scripts").

Stateful: the scripts in play travel as JSON in ``state``; a malformed saved
state starts a new subtle conflict with a notice. With the party, the bold
conditions read the one who acts (attacking) and the target, and readying an
impassioned script takes away the composure of the one who acts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.judge_two import scripts as sc
from rules_py.judge_two.attacks import RISK_MAX
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.widgets.party_links import (
    Filled,
    Step,
    changes_blocks,
    judge_two_table,
)
from rules_py.party.events import Outcome
from rules_py.widget import (
    Action,
    Block,
    Call,
    FormValues,
    Widget,
    bool_field,
    choice_field,
    int_field,
    line,
    note,
    outcome,
    table,
)

__all__ = ["WIDGETS"]

PRESTIGE_ORDER = {"low": 0, "middle": 1, "highest": 2}
MOVES = [
    ("draw", "Draws it (a successful subtle attack)"),
    ("ready", "Readies it (a deed)"),
    ("disarm", "Is disarmed of it"),
    ("take", "Takes it, disarmed (a deed)"),
    ("discard", "Discards it (a deed)"),
    ("end", "The subtle conflict ends"),
]
_HOLDERS = [(h, h) for h in sc.HOLDERS]


@dataclass(frozen=True)
class ScriptsValues(FormValues):
    move: str
    script: str
    holder: str
    passion: str
    attacker: str
    attacker_risk: int
    defender_risk: int
    less_prestige: bool
    composed: bool
    brute: bool


def fill(table_: AtTable) -> Filled:
    actor, target = judge_two_table(table_)
    filled: Filled = {"values": {}, "from": {}}

    def put(field: str, value: Any, said: str) -> None:
        filled["values"][field] = value
        filled["from"][field] = said

    if actor is not None:
        put("attacker_risk", actor.risk, f"{actor.name}'s risk")
    if target is not None:
        put("defender_risk", target.risk, f"{target.name}'s risk")
        put("composed", target.composed, f"{target.name}'s composure")
        put("brute", target.kind == "brute", f"{target.name}'s kind")
    if actor is not None and target is not None:
        lower = PRESTIGE_ORDER[target.prestige] < PRESTIGE_ORDER[actor.prestige]
        put("less_prestige", lower, f"{target.name}'s and {actor.name}'s prestige")
    return filled


def _table(call: Call[ScriptsValues]) -> tuple[sc.ScriptTable, str]:
    if call.state is None:
        return sc.ScriptTable(), ""
    try:
        return sc.from_json(call.state), ""
    except RulesInputError as error:
        return sc.ScriptTable(), error.message + " A new subtle conflict was started."


def _move(scripts: sc.ScriptTable, values: ScriptsValues) -> sc.ScriptTable:
    move = values.move
    if move == "draw":
        return sc.draw(scripts, values.script, values.holder, values.passion)
    if move == "ready":
        return sc.ready(scripts, values.script, values.holder)
    if move == "disarm":
        return sc.disarm(scripts, values.script)
    if move == "take":
        return sc.take(scripts, values.script, values.holder)
    if move == "discard":
        return sc.discard(scripts, values.script, values.holder)
    return sc.end_conflict(scripts)


def _in_play(scripts: sc.ScriptTable) -> Block:
    if not scripts.in_play:
        return line("No scripts in play.")
    rows = [
        (
            f"{s.script.capitalize()} ({s.passion})",
            s.holder or "No one (disarmed)",
            "Readied" if s.readied else "Held",
        )
        for s in scripts.in_play
    ]
    return table("Scripts in play", ["Script", "Held by", "State"], rows)


def _bold(scripts: sc.ScriptTable, values: ScriptsValues) -> list[Block]:
    facing = sc.Facing(
        values.attacker_risk,
        values.defender_risk,
        values.less_prestige,
        values.composed,
        values.brute,
    )
    bold, lines = sc.bold_scripts(scripts, values.attacker, facing)
    said = "bold" if bold else "not bold by a script"
    return [
        outcome(f"{values.attacker}'s subtle attack: {said}", "good" if bold else "neutral")
    ] + [line(text) for text in lines]


def _composure_lost(member: JudgeTwoCharacter) -> Outcome:
    return Outcome(replace(member, composed=False), "Readied an impassioned script: composure lost")


def _changes(
    before: sc.ScriptTable, after: sc.ScriptTable, values: ScriptsValues, table_: AtTable
) -> tuple[list[Any], list[Block]]:
    actor = judge_two_table(table_)[0]
    if actor is None or not actor.composed:
        return [], []
    was = before.find(values.script)
    now = after.find(values.script)
    readied_now = now is not None and now.readied and not (was is not None and was.readied)
    if not (readied_now and now is not None and now.passion == "impassioned"):
        return [], []
    steps: list[Step] = [(actor, _composure_lost)]
    return changes_blocks(steps, {})


def handle(call: Call[ScriptsValues]) -> dict[str, Any]:
    values = call.values
    scripts, notice = _table(call)
    if call.action == "reset":
        fresh = sc.ScriptTable()
        return {
            "view": [line("A new subtle conflict: no scripts in play.")],
            "state": fresh.to_json(),
        }
    if call.action == "status":
        view = [_in_play(scripts), *_bold(scripts, values), note(sc.PASSION_NOTE)]
        return {"view": view, "notice": notice}
    moved = _move(scripts, values)
    found, shown = _changes(scripts, moved, values, call.table)
    answer: dict[str, Any] = {
        "view": [*(line(text) for text in moved.latest), *shown],
        "state": moved.to_json(),
        "notice": notice,
    }
    if found:
        answer["changes"] = found
    return answer


WIDGETS = (
    Widget(
        name="judge_two.scripts",
        title="Scripts in play",
        summary="Who holds which script, two readied at most, and when one makes an attack bold.",
        hand_roll=(
            "A subtle conflict starts with no scripts in play. A successful subtle attack may "
            "draw one not in play: the attacker holds it readied. One copy of each; two "
            "readied at most; an impassioned script cannot be readied with composure. Two "
            "dispassionate scripts readied: bold only against brutes. The conflict's end "
            "discards them all."
        ),
        fields=(
            choice_field("move", "What happens", MOVES),
            choice_field(
                "script",
                "Script",
                [(s, s.capitalize()) for s in sc.BASE_SCRIPTS],
                shown_when={"move": tuple(m for m, _ in MOVES if m != "end")},
            ),
            choice_field(
                "holder",
                "Who",
                _HOLDERS,
                shown_when={"move": ("draw", "ready", "take", "discard")},
            ),
            choice_field(
                "passion",
                "The script is",
                [(p, p.capitalize()) for p in sc.PASSIONS],
                help=sc.PASSION_NOTE,
                shown_when={"move": ("draw",)},
            ),
            choice_field("attacker", "Who attacks (bold check)", _HOLDERS, advanced=True),
            int_field("attacker_risk", "Attacker's risk", 0, 0, RISK_MAX, advanced=True),
            int_field("defender_risk", "Defender's risk", 0, 0, RISK_MAX, advanced=True),
            bool_field("less_prestige", "Defender has less prestige", advanced=True),
            bool_field("composed", "Defender is composed", True, advanced=True),
            bool_field("brute", "Defender is a brute", advanced=True),
        ),
        values=ScriptsValues,
        actions=(
            Action("record", "Record", random=False),
            Action("reset", "New subtle conflict", random=False),
            Action("status", "Status", auto=True, random=False),
        ),
        handler=handle,
        stateful=True,
        fill=fill,
    ),
)
