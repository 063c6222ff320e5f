"""Widget ``dice_pool.scene``: the Key Issues of a dramatic scene, each a bar of
1, 3, 5 or 7 actions, worked on and sabotaged by both sides, to a full or a
partial victory (d10 dice pool, "Dramatic Scenes").

Stateful: the scene travels as JSON in ``state`` and the page keeps it. Every
rule is in :mod:`rules_py.dice_pool.scenes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_py.core.errors import RulesInputError
from rules_py.dice_pool import scenes
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    Widget,
    choice_field,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

COMPLEXITY_LABELS = {key: key.capitalize() for key in scenes.COMPLEXITIES}


@dataclass(frozen=True)
class SceneValues(FormValues):
    name: str
    complexity: str
    issue: int
    side: str


def _scene(call: Call[SceneValues]) -> tuple[scenes.Scene, str]:
    if call.state is None:
        return scenes.Scene(), ""
    try:
        return scenes.from_json(call.state), ""
    except RulesInputError as error:
        return scenes.Scene(), error.message + " A new scene was started."


def _bar(done: int, actions: int) -> str:
    """ "■■□□□ 2/5": a bar a reader sees at a glance, and the count."""
    return "\u25a0" * done + "\u25a1" * (actions - done) + f" {done}/{actions}"


def _state(issue: scenes.Issue) -> str:
    if issue.moot:
        return "Moot"
    if issue.claimed:
        return f"Claimed by {scenes.SIDES[issue.claimed].lower()}"
    return "Open"


def _view(scene: scenes.Scene) -> list[Block]:
    if not scene.issues:
        return [line(f"No Key Issue yet: name one and add it. {scenes.SUGGESTED}")]
    # One entry per issue, its two bars in words a phone can wrap.
    items = [
        (
            f"{number}. {issue.name} ({COMPLEXITY_LABELS[issue.complexity]}: {issue.actions})",
            f"Players {_bar(issue.players, issue.actions)}; antagonists "
            f"{_bar(issue.antagonists, issue.actions)}; {_state(issue).lower()}",
        )
        for number, issue in enumerate(scene.issues, start=1)
    ]
    blocks: list[Block] = [facts(items)]
    end = scenes.ending(scene)
    if end.verdict == "full":
        blocks.append(outcome(f"{scenes.SIDES[end.winner].upper()} ACHIEVE THEIR GOAL", "good"))
    elif end.verdict == "partial":
        counts = ", ".join(f"{scenes.SIDES[s].lower()} {n}" for s, n in end.claimed.items())
        blocks.append(outcome(f"PARTIAL VICTORY: control is split ({counts})", "neutral"))
    elif end.verdict == "none":
        blocks.append(outcome("NO VICTORY: every Key Issue became moot", "neutral"))
    else:
        left = sum(issue.open for issue in scene.issues)
        blocks.append(line(f"{left} Key Issue{'s' if left != 1 else ''} still open."))
    if len(scene.issues) > 3:
        blocks.append(note(scenes.SUGGESTED))
    return blocks


def _notes() -> list[Block]:
    return [
        note(text)
        for text in (
            scenes.PROGRESS_READING,
            scenes.SABOTAGE_READING,
            scenes.CLAIMED_READING,
            scenes.MOOT_READING,
        )
    ]


def handle(call: Call[SceneValues]) -> dict[str, Any]:
    values = call.values
    scene, notice = _scene(call)
    if call.action == "status":
        return {"view": [*_view(scene), *_notes()], "notice": notice}
    if call.action == "reset":
        return {"view": _view(scenes.Scene()), "state": scenes.Scene().to_json()}
    side = scenes.SIDES[values.side]
    if call.action == "add":
        scene = scenes.add_issue(scene, values.name, values.complexity)
        said = f"Key Issue added: {scene.issues[-1].name}."
    elif call.action == "progress":
        scene = scenes.progress(scene, values.issue, values.side)
        said = f"{side} advance {scene.issues[values.issue - 1].name}."
    elif call.action == "sabotage":
        scene = scenes.sabotage(scene, values.issue, values.side)
        said = f"{side} sabotage {scene.issues[values.issue - 1].name}."
    else:
        scene = scenes.make_moot(scene, values.issue)
        said = f"{scene.issues[values.issue - 1].name} has become moot."
    return {
        "view": [line(said), *_view(scene)],
        "state": scene.to_json(),
        "notice": notice,
        "summary": said,
    }


WIDGETS = (
    Widget(
        name="dice_pool.scene",
        title="Key Issues tracker",
        summary=(
            "The Key Issues of a dramatic scene: bars of 1, 3, 5 or 7 actions for each side, "
            "sabotage, and the end: a full or a partial victory."
        ),
        hand_roll=(
            "Write each Key Issue with a bar of boxes: Simple 1, Average 3, Difficult 5, "
            "Complex 7. Tick a box for each successful action; a successful sabotage erases "
            "one of the other side's. A full bar claims the issue. When every issue is "
            "claimed or moot, one side holding them all achieves its Goal; a split is a "
            "partial victory."
        ),
        fields=(
            Field(
                "name",
                "Key Issue",
                "text",
                "",
                max_length=scenes.NAME_MAX,
                help="A new Key Issue's name (Add); left empty, it is called by its number.",
            ),
            choice_field(
                "complexity",
                "Complexity",
                [
                    (key, f"{COMPLEXITY_LABELS[key]} ({n} action{'s' if n != 1 else ''})")
                    for key, n in scenes.COMPLEXITIES.items()
                ],
                default="average",
            ),
            int_field(
                "issue",
                "Key Issue number",
                1,
                1,
                scenes.MAX_ISSUES,
                help="The issue a side works on, sabotages or finds moot.",
            ),
            choice_field("side", "Side", list(scenes.SIDES.items())),
        ),
        values=SceneValues,
        actions=(
            Action("add", "Add Key Issue", random=False),
            Action("progress", "Successful action", random=False),
            Action("sabotage", "Sabotage", random=False),
            Action("moot", "Moot", random=False),
            Action("reset", "New scene", random=False),
            Action("status", "Status", auto=True, random=False),
        ),
        handler=handle,
        stateful=True,
    ),
)
