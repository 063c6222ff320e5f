"""Key Issues of a dramatic scene (d10 dice pool, "Dramatic Scenes").

    "On entering an Encounter scene, generate Key Issues that must be overcome
    in order to complete the scene. (2-3 are suggested, 5 is too many.) Each Key
    issue takes a certain number of individual actions to complete [...]
    Simple 1, Average 3, Difficult 5, Complex 7." "An antagonist will often
    have the same, or their own, parallel Key Issues that they are working on.
    Work on a Key Issue can be Sabotaged, to knock back the other's progress."
    "Encounters end when all Key Issues are claimed, or have become moot. If a
    Goal's Key Issues are completely controlled by one side, they will achieve
    their Goal. A Goal with split Key Issue control will find they have a
    partial victory."

The scene is a value: each move returns a new one, checked as it is read back
from the page. Readings where the text is silent (each said in the tracker):
``PROGRESS_READING``, ``SABOTAGE_READING``, ``CLAIMED_READING``,
``MOOT_READING``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.dice_pool import tables

__all__ = [
    "CLAIMED_READING",
    "COMPLEXITIES",
    "MAX_ISSUES",
    "MOOT_READING",
    "PROGRESS_READING",
    "SABOTAGE_READING",
    "SIDES",
    "SUGGESTED",
    "Ending",
    "Issue",
    "Scene",
    "add_issue",
    "ending",
    "from_json",
    "make_moot",
    "progress",
    "sabotage",
]

# The Key Issue Complexity table, as the page prints it (data/core.json).
COMPLEXITIES = {row.name.lower(): row.actions for row in tables.key_issue_complexities()}
SIDES = {"players": "The players", "antagonists": "The antagonists"}
MAX_ISSUES = 8  # "5 is too many": room to add goals mid-scene, no more
SUGGESTED = "2-3 Key Issues are suggested; 5 is too many."
NAME_MAX = 60
PROGRESS_READING = (
    "Each successful action on a Key Issue is one step of its bar; each side keeps its own "
    "progress on the same issue, and the first to complete it claims it."
)
SABOTAGE_READING = "A successful sabotage knocks the other side's progress back one step."
CLAIMED_READING = "A claimed Key Issue is settled: no more progress or sabotage on it."
MOOT_READING = "A moot Key Issue counts for no one; if every one is moot, no side wins."


@dataclass(frozen=True)
class Issue:
    name: str
    complexity: str
    players: int = 0
    antagonists: int = 0
    claimed: str = ""  # "" or a side
    moot: bool = False

    @property
    def actions(self) -> int:
        return COMPLEXITIES[self.complexity]

    @property
    def open(self) -> bool:
        return not self.claimed and not self.moot

    def progress_of(self, side: str) -> int:
        value: int = getattr(self, side)
        return value


@dataclass(frozen=True)
class Scene:
    issues: tuple[Issue, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "issues": [
                {
                    "name": i.name,
                    "complexity": i.complexity,
                    "players": i.players,
                    "antagonists": i.antagonists,
                    "claimed": i.claimed,
                    "moot": i.moot,
                }
                for i in self.issues
            ]
        }


def _side(side: object) -> str:
    return require_choice("side", "Side", side, tuple(SIDES))


def _other(side: str) -> str:
    return "antagonists" if side == "players" else "players"


def _issue(scene: Scene, number: object) -> tuple[int, Issue]:
    if not scene.issues:
        raise RulesInputError("issue", "There is no Key Issue yet: add one first.")
    index = require_int("issue", "Key Issue", number, 1, len(scene.issues)) - 1
    return index, scene.issues[index]


def _set_progress(issue: Issue, side: str, value: int) -> Issue:
    if side == "players":
        return replace(issue, players=value)
    return replace(issue, antagonists=value)


def _with(scene: Scene, index: int, issue: Issue) -> Scene:
    return Scene((*scene.issues[:index], issue, *scene.issues[index + 1 :]))


def add_issue(scene: Scene, name: str, complexity: str) -> Scene:
    complexity = require_choice("complexity", "Complexity", complexity, tuple(COMPLEXITIES))
    # An issue left unnamed is called by its number, as a bar on the table would be.
    cleaned = " ".join(name.split()) or f"Key Issue {len(scene.issues) + 1}"
    if len(cleaned) > NAME_MAX:
        raise RulesInputError("name", f"A Key Issue's name has at most {NAME_MAX} characters.")
    if len(scene.issues) >= MAX_ISSUES:
        raise RulesInputError("name", f"At most {MAX_ISSUES} Key Issues ({SUGGESTED})")
    return Scene((*scene.issues, Issue(cleaned, complexity)))


def _settled(issue: Issue) -> RulesInputError:
    state = f"claimed by {SIDES[issue.claimed].lower()}" if issue.claimed else "moot"
    return RulesInputError("issue", f"{issue.name} is {state}: {CLAIMED_READING}")


def progress(scene: Scene, number: int, side: str) -> Scene:
    """One successful action by ``side`` on Key Issue ``number``; complete, it is claimed."""
    side = _side(side)
    index, issue = _issue(scene, number)
    if not issue.open:
        raise _settled(issue)
    done = issue.progress_of(side) + 1
    issue = _set_progress(issue, side, done)
    if done >= issue.actions:
        issue = replace(issue, claimed=side)
    return _with(scene, index, issue)


def sabotage(scene: Scene, number: int, side: str) -> Scene:
    """``side`` sabotages Key Issue ``number``: the other side's progress goes back one."""
    side = _side(side)
    index, issue = _issue(scene, number)
    if not issue.open:
        raise _settled(issue)
    other = _other(side)
    if issue.progress_of(other) == 0:
        raise RulesInputError(
            "issue", f"{SIDES[other]} have no progress on {issue.name} to knock back."
        )
    return _with(scene, index, _set_progress(issue, other, issue.progress_of(other) - 1))


def make_moot(scene: Scene, number: int) -> Scene:
    index, issue = _issue(scene, number)
    if not issue.open:
        raise _settled(issue)
    return _with(scene, index, replace(issue, moot=True))


@dataclass(frozen=True)
class Ending:
    over: bool
    verdict: str  # "" while open; "full", "partial" or "none"
    winner: str  # the side of a full victory
    claimed: dict[str, int]


def ending(scene: Scene) -> Ending:
    """Whether the encounter is over, and who achieves their Goal."""
    claimed = {side: sum(i.claimed == side for i in scene.issues) for side in SIDES}
    over = bool(scene.issues) and not any(i.open for i in scene.issues)
    if not over:
        return Ending(False, "", "", claimed)
    holders = [side for side, count in claimed.items() if count]
    if not holders:
        return Ending(True, "none", "", claimed)
    if len(holders) == 1:
        return Ending(True, "full", holders[0], claimed)
    return Ending(True, "partial", "", claimed)


def from_json(state: object) -> Scene:
    """A scene sent back by a page; anything malformed is refused."""
    unreadable = RulesInputError("state", "The scene's saved state is not readable; start again.")
    if not isinstance(state, dict) or not isinstance(state.get("issues"), list):
        raise unreadable
    raw = state["issues"]
    if len(raw) > MAX_ISSUES:
        raise unreadable
    issues = []
    try:
        for item in raw:
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                raise unreadable
            issue = Issue(
                " ".join(item["name"].split())[:NAME_MAX],
                require_choice("state", "Complexity", item.get("complexity"), tuple(COMPLEXITIES)),
            )
            players = require_int("state", "Progress", item.get("players"), 0, issue.actions)
            antagonists = require_int(
                "state", "Progress", item.get("antagonists"), 0, issue.actions
            )
            claimed = item.get("claimed")
            moot = item.get("moot")
            if claimed not in ("", *SIDES) or not isinstance(moot, bool) or not issue.name:
                raise unreadable
            if (claimed and moot) or (claimed and issue.actions > max(players, antagonists)):
                raise unreadable
            issues.append(
                replace(
                    issue, players=players, antagonists=antagonists, claimed=str(claimed), moot=moot
                )
            )
    except RulesInputError:
        raise unreadable from None
    return Scene(tuple(issues))
