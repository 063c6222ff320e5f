"""Widget ``judge_two.rounds``: who has acted this round, and each intervention
(The Way of All the Earth, "Truth and Turns").

With the party, the one who acts is the one whose turn is recorded: the
tracker shows their risk and tokens, and their turn ends the weaken threat.

Stateful: the tracker travels as JSON in ``state`` and the page keeps it
between visits. A malformed saved state starts a fresh tracker with a notice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import rounds
from rules_py.judge_two.attacks import CRITICAL_RISK
from rules_py.judge_two.characters import JudgeTwoCharacter
from rules_py.judge_two.characters.happenings import threat_ends
from rules_py.judge_two.health import MARK_EFFECTS
from rules_py.judge_two.widgets.party_links import Step, changes_blocks, judge_two_table
from rules_py.party.events import Outcome
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    JsonValue,
    Widget,
    bool_field,
    choice_field,
    facts,
    int_field,
    line,
    note,
    table,
)

__all__ = ["WIDGETS"]

LOG_SHOWN = 24  # the latest lines; a whole evening would not fit a phone
RESULTS = [(result.value, label) for result, label in rounds.RESULT_LABELS.items()]


@dataclass(frozen=True)
class RoundsValues(FormValues):
    players: int
    who: str
    result: str
    long: bool


def _tracker(call: Call[RoundsValues]) -> tuple[rounds.Rounds, str]:
    """The saved tracker, or a new one (with a notice when the saved one was unreadable)."""
    if call.state is None:
        return rounds.start(call.values.players), ""
    try:
        return rounds.from_json(call.state), ""
    except RulesInputError as error:
        return rounds.start(call.values.players), error.message + " A new tracker was started."


def _status(tracker: rounds.Rounds, values: RoundsValues) -> list[Block]:
    waiting = ", ".join(rounds.player_name(p) for p in tracker.waiting)
    blocks: list[Block] = [
        facts(
            [
                ("Round", str(tracker.round)),
                ("Still to act", waiting),
                ("Interventions so far", str(tracker.interventions)),
            ]
        )
    ]
    if values.players != tracker.players:
        blocks.append(
            note(
                f"This tracker has {tracker.players} players; press New tracker to start "
                f"one with {values.players}."
            )
        )
    if tracker.log:
        shown = tracker.log[-LOG_SHOWN:]
        first = len(tracker.log) - len(shown) + 1
        blocks.append(
            table(
                "Turns so far (latest last)",
                ["#", "What happened"],
                [(str(first + i), text) for i, text in enumerate(shown)],
                highlight=len(shown) - 1,
            )
        )
    return blocks


def _actor_status(actor: JudgeTwoCharacter) -> Block:
    """The one who takes the turn, as the party holds them."""
    critical = " (a critical state)" if actor.risk >= CRITICAL_RISK else ""
    marks = ", ".join(f"{r.mark} ({r.form})" for r in actor.marks) or "none"
    return facts(
        [
            (f"{actor.name}'s risk", f"{actor.risk}{critical}"),
            ("Threats", ", ".join(actor.threats) or "none"),
            ("Marks", marks),
            ("Burdened", "yes" if actor.burdened else "no"),
        ]
    )


def _turn_taken(actor: JudgeTwoCharacter) -> Outcome:
    """Their turn comes: "Weaken causes all attacks against the defender to be
    bold until the defender's next turn"."""
    ended = threat_ends(actor, "weaken")
    return Outcome(ended.after, "Their turn: the weaken threat ends")


def _turn_changes(actor: JudgeTwoCharacter | None) -> tuple[list[JsonValue], list[Block]]:
    if actor is None:
        return [], []
    blocks: list[Block] = [_actor_status(actor)]
    if any(record.mark == "stricken" for record in actor.marks):
        blocks.append(note(f"{actor.name} is stricken: {MARK_EFFECTS['stricken']}"))
    steps: list[Step] = [(actor, _turn_taken)] if "weaken" in actor.threats else []
    found, shown = changes_blocks(steps, {})
    return found, blocks + shown


def handle(call: Call[RoundsValues]) -> dict[str, Any]:
    values = call.values
    tracker, notice = _tracker(call)
    actor = judge_two_table(call.table)[0]
    if call.action == "status":
        party = [_actor_status(actor)] if actor is not None else []
        return {"view": party + _status(tracker, values), "notice": notice}
    if call.action == "reset":
        fresh = rounds.start(values.players)
        return {
            "view": [line(f"New tracker: {fresh.players} players, round 1.")],
            "state": fresh.to_json(),
        }
    result = rounds.TurnResult(values.result)
    try:
        chosen = rounds.parse_players(values.who, tracker.players)
        updated = rounds.take_turn(tracker, chosen, result, long=values.long)
    except RulesInputError as error:  # the engine names its "player"; the form calls it "who"
        raise RulesInputError("who", error.message) from None
    found, shown = _turn_changes(actor)
    answer: dict[str, Any] = {
        "view": [line(text) for text in updated.latest] + shown,
        "state": updated.to_json(),
        "notice": notice,
    }
    if found:
        answer["changes"] = found
    return answer


WIDGETS = (
    Widget(
        name="judge_two.rounds",
        title="Round tracker",
        summary="Each player acts once per round; guilty results bring an intervention.",
        hand_roll=(
            "Write each player's name. Tick a name when that player takes a turn; no "
            "player takes a second turn before every other player has taken a first. "
            "Mark an intervention after every guilty roll."
        ),
        fields=(
            int_field(
                "players",
                "Players",
                3,
                rounds.PLAYERS_MIN,
                rounds.PLAYERS_MAX,
                help="Used when you start a new tracker.",
            ),
            Field(
                "who",
                "Who takes the turn",
                "text",
                "A",
                help="A player's letter; two or three letters (A C) for a group test.",
                max_length=40,
            ),
            choice_field("result", "Result", RESULTS),
            bool_field("long", "Long test", help="The gamemaster intervenes before the test."),
        ),
        values=RoundsValues,
        actions=(
            Action("record", "Record turn", random=False),
            Action("reset", "New tracker", random=False),
            Action("status", "Status", auto=True, random=False),
        ),
        handler=handle,
        stateful=True,
    ),
)
