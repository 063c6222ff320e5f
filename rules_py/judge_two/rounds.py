"""Turns and rounds (The Way of All the Earth, "Truth and Turns").

    "Players may take their turns in any order they desire but no player may
    take a second turn before every other player has taken a first. When every
    player has taken a turn a round is said to be completed and a new round
    begins"; "If the Truth die is a 1, 2, or 3, then the test is referred to as
    "guilty" and the gamemaster performs an intervention before the player
    passes the turn to the next player."

The tracker is a value: each function returns a new one, and it converts to
and from JSON so a page can keep it between clicks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules_py.core.errors import RulesInputError, describe, require_int

__all__ = [
    "LOG_MAX",
    "NAMES",
    "PLAYERS_MAX",
    "PLAYERS_MIN",
    "RESULT_LABELS",
    "TURN_TAKERS_MAX",
    "Rounds",
    "TurnResult",
    "from_json",
    "parse_players",
    "player_name",
    "start",
    "take_turn",
]

PLAYERS_MIN = 1
PLAYERS_MAX = 8
LOG_MAX = 200  # a long session's worth; the oldest lines drop off first
NAMES = "ABCDEFGH"
# One player, or a group test: "A group test can involve either two or three player characters."
TURN_TAKERS_MAX = 3


class TurnResult(StrEnum):
    INNOCENT = "innocent"
    GUILTY = "guilty"
    QUICK = "quick"  # a quick test: "cannot lead to a gamemaster intervention"
    DEEDS = "deeds"  # "performing only deeds, or not doing anything at all"


RESULT_LABELS: Mapping[TurnResult, str] = {
    TurnResult.INNOCENT: "Innocent (Truth 4-6)",
    TurnResult.GUILTY: "Guilty (Truth 1-3)",
    TurnResult.QUICK: "Quick test (no intervention)",
    TurnResult.DEEDS: "Deeds only, no test",
}


def parse_players(text: str, players: int) -> list[int]:
    """Who takes a turn, as letters: "A", "a c", "A, C" or "A and C" (0-based numbers).

    One player, or two or three together for a group test.
    """
    players = require_int("players", "Players", players, PLAYERS_MIN, PLAYERS_MAX)
    last = NAMES[players - 1]
    letters = [part for part in re.split(r"[\s,;&+]+|\bAND\b", text.strip().upper()) if part]
    allowed = (
        f"Who must be one to {TURN_TAKERS_MAX} player letters from A to {last}, such as A or A C"
    )
    if not 1 <= len(letters) <= TURN_TAKERS_MAX or any(
        len(letter) != 1 or letter not in NAMES[:players] for letter in letters
    ):
        raise RulesInputError("player", f"{allowed} (got {describe(text)}).")
    return [NAMES.index(letter) for letter in letters]


def player_name(number: int) -> str:
    return f"Player {NAMES[number]}"


@dataclass(frozen=True)
class Rounds:
    """``acted``: players (0-based) who have taken their turn this round."""

    players: int
    round: int = 1
    acted: tuple[int, ...] = ()
    log: tuple[str, ...] = ()
    interventions: int = 0
    # Lines the last turn added (shown as that turn's result; not saved).
    latest: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        require_int("players", "Players", self.players, PLAYERS_MIN, PLAYERS_MAX)

    @property
    def waiting(self) -> tuple[int, ...]:
        """Players who may still take a turn this round."""
        return tuple(p for p in range(self.players) if p not in self.acted)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "round": self.round,
            "acted": list(self.acted),
            "log": list(self.log),
            "interventions": self.interventions,
        }


def start(players: int) -> Rounds:
    return Rounds(require_int("players", "Players", players, PLAYERS_MIN, PLAYERS_MAX))


def _check_player(rounds: Rounds, player: int) -> int:
    player = require_int("player", "Player", player, 0, rounds.players - 1)
    if player in rounds.acted:
        raise RulesInputError(
            "player",
            f"{player_name(player)} has already taken a turn in round {rounds.round}: "
            "no player may take a second turn before every other player has taken a first.",
        )
    return player


def take_turn(
    rounds: Rounds, players: Sequence[int], result: TurnResult, long: bool = False
) -> Rounds:
    """One turn, or a group test taken together by two or three players.

    A long test puts the intervention first; a guilty result (or a turn of
    deeds only) puts one after; a quick test never leads to one.
    """
    if not players:
        raise RulesInputError("player", "Choose who takes the turn.")
    if len(players) > TURN_TAKERS_MAX:
        raise RulesInputError("player", "A group test involves two or three player characters.")
    if len(set(players)) != len(players):
        raise RulesInputError("player", "A player can only take part once in a turn.")
    chosen = tuple(_check_player(rounds, p) for p in players)
    who = " and ".join(player_name(p) for p in chosen)
    lines: list[str] = []
    if not rounds.acted and (not rounds.log or rounds.log[-1] != f"Round {rounds.round}"):
        lines.append(f"Round {rounds.round}")
    interventions = rounds.interventions
    if long:
        lines.append("The gamemaster intervenes (long test)")
        interventions += 1
    group = len(chosen) > 1
    verb = "take their turns together" if group else "takes their turn"
    gets = "get" if group else "gets"
    if result is TurnResult.DEEDS:
        lines.append(f"{who} {verb} with deeds only")
    elif result is TurnResult.QUICK:
        lines.append(f"{who} {verb} and {gets} a quick roll (no intervention)")
    else:
        lines.append(f"{who} {verb} and {gets} {_article(result)} {result.value} roll")
    if result in (TurnResult.GUILTY, TurnResult.DEEDS):
        lines.append("The gamemaster intervenes")
        interventions += 1
    acted = rounds.acted + chosen
    number = rounds.round
    if len(acted) == rounds.players:
        lines.append(f"Round {number} is complete")
        acted = ()
        number += 1
    log = (*rounds.log, *lines)[-LOG_MAX:]
    return Rounds(rounds.players, number, acted, log, interventions, tuple(lines))


def _article(result: TurnResult) -> str:
    return "an" if result.value[0] in "aeiou" else "a"


def from_json(state: object) -> Rounds:
    """Rebuild a tracker sent back by a page; anything malformed is refused."""
    if not isinstance(state, dict):
        raise RulesInputError("state", "The round tracker's saved state is not readable.")
    try:
        players = require_int("state", "Players", state.get("players"), PLAYERS_MIN, PLAYERS_MAX)
        number = require_int("state", "Round", state.get("round"), 1, 10**6)
        interventions = require_int("state", "Interventions", state.get("interventions"), 0, 10**7)
        acted_raw = state.get("acted")
        log_raw = state.get("log")
        if not isinstance(acted_raw, list) or not isinstance(log_raw, list):
            raise RulesInputError("state", "The round tracker's saved state is not readable.")
        acted = tuple(require_int("state", "Player", p, 0, players - 1) for p in acted_raw)
        if len(set(acted)) != len(acted) or len(acted) >= players:
            raise RulesInputError("state", "The round tracker's saved state is not readable.")
        if not all(isinstance(entry, str) and len(entry) <= 200 for entry in log_raw):
            raise RulesInputError("state", "The round tracker's saved state is not readable.")
        log = tuple(str(entry) for entry in log_raw[-LOG_MAX:])
    except RulesInputError:
        raise RulesInputError(
            "state", "The round tracker's saved state is not readable; start again."
        ) from None
    return Rounds(players, number, acted, log, interventions)
