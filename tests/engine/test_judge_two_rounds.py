"""Turns and rounds: the text's Example Rounds, replayed."""

from __future__ import annotations

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.judge_two.rounds import TurnResult, from_json, start, take_turn

GUILTY = TurnResult.GUILTY
INNOCENT = TurnResult.INNOCENT

EXAMPLE_ROUNDS = """Round 1
Player A takes their turn and gets a guilty roll
The gamemaster intervenes
Player C takes their turn and gets an innocent roll
Player B takes their turn and gets a guilty roll
The gamemaster intervenes
Round 1 is complete
Round 2
Player C takes their turn and gets an innocent roll
Player B takes their turn and gets an innocent roll
Player A takes their turn and gets an innocent roll
Round 2 is complete
Round 3
Player B takes their turn and gets a guilty roll
The gamemaster intervenes
Player A takes their turn and gets a guilty roll
The gamemaster intervenes
Player C takes their turn and gets a guilty roll
The gamemaster intervenes
Round 3 is complete"""


def test_example_rounds_from_the_text() -> None:
    a, b, c = 0, 1, 2
    turns = [
        (a, GUILTY),
        (c, INNOCENT),
        (b, GUILTY),
        (c, INNOCENT),
        (b, INNOCENT),
        (a, INNOCENT),
        (b, GUILTY),
        (a, GUILTY),
        (c, GUILTY),
    ]
    rounds = start(3)
    for player, result in turns:
        rounds = take_turn(rounds, [player], result)
    assert "\n".join(rounds.log) == EXAMPLE_ROUNDS
    assert rounds.round == 4
    assert rounds.interventions == 5


def test_no_second_turn_before_everyone_has_had_one() -> None:
    rounds = take_turn(start(3), [0], INNOCENT)
    with pytest.raises(RulesInputError) as error:
        take_turn(rounds, [0], GUILTY)
    assert error.value.field == "player"
    assert "Player A has already taken a turn in round 1" in error.value.message
    assert rounds.waiting == (1, 2)


def test_quick_long_and_deeds_only() -> None:
    rounds = take_turn(start(2), [0], TurnResult.QUICK, long=True)
    assert rounds.log[1:] == (
        "The gamemaster intervenes (long test)",
        "Player A takes their turn and gets a quick roll (no intervention)",
    )
    rounds = take_turn(rounds, [1], TurnResult.DEEDS)
    assert rounds.log[-3:] == (
        "Player B takes their turn with deeds only",
        "The gamemaster intervenes",
        "Round 1 is complete",
    )
    assert rounds.interventions == 2


def test_group_test_uses_everyones_turn() -> None:
    rounds = take_turn(start(3), [0, 2], GUILTY)
    assert rounds.acted == (0, 2)
    assert rounds.log[-2:] == (
        "Player A and Player C take their turns together and get a guilty roll",
        "The gamemaster intervenes",
    )
    with pytest.raises(RulesInputError):
        take_turn(rounds, [1, 2], INNOCENT)


def test_state_round_trips_and_rejects_tampering() -> None:
    rounds = take_turn(start(3), [1], GUILTY)
    assert from_json(rounds.to_json()) == rounds
    broken = rounds.to_json() | {"acted": [5]}
    with pytest.raises(RulesInputError) as error:
        from_json(broken)
    assert error.value.field == "state"
    with pytest.raises(RulesInputError):
        from_json("not a tracker")
    with pytest.raises(RulesInputError):
        from_json(rounds.to_json() | {"players": 0})
