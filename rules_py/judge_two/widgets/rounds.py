"""Widget ``judge_two.rounds``: who has acted this round, and each intervention
(The Way of All the Earth, "Truth and Turns").

Stateful: the tracker travels as JSON in ``state`` and the page keeps it
between visits. A malformed saved state starts a fresh tracker with a notice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import rounds
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
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


def handle(call: Call[RoundsValues]) -> dict[str, Any]:
    values = call.values
    tracker, notice = _tracker(call)
    if call.action == "status":
        return {"view": _status(tracker, values), "notice": notice}
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
    return {
        "view": [line(text) for text in updated.latest],
        "state": updated.to_json(),
        "notice": notice,
    }


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
