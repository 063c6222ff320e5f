"""Key Issues of a dramatic scene (d10 dice pool, "Dramatic Scenes"): Simple 1,
Average 3, Difficult 5, Complex 7 actions; sabotage knocks back the other's
progress; all claimed by one side is its Goal, a split is a partial victory."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import web
from rules_py.core.errors import RulesInputError
from rules_py.dice_pool import scenes


def _call(name: str, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return answer


def test_the_complexities_are_the_texts() -> None:
    assert scenes.COMPLEXITIES == {"simple": 1, "average": 3, "difficult": 5, "complex": 7}


@pytest.mark.parametrize(("complexity", "actions"), list(scenes.COMPLEXITIES.items()))
def test_an_issue_is_claimed_on_its_last_action(complexity: str, actions: int) -> None:
    scene = scenes.add_issue(scenes.Scene(), "Hold the gate", complexity)
    for _ in range(actions - 1):
        scene = scenes.progress(scene, 1, "players")
        assert scene.issues[0].open
    scene = scenes.progress(scene, 1, "players")
    assert scene.issues[0].claimed == "players"
    with pytest.raises(RulesInputError) as settled:
        scenes.progress(scene, 1, "antagonists")
    assert settled.value.field == "issue"


def test_sabotage_knocks_back_the_others_progress() -> None:
    scene = scenes.add_issue(scenes.Scene(), "The ledger", "average")
    scene = scenes.progress(scenes.progress(scene, 1, "antagonists"), 1, "antagonists")
    scene = scenes.sabotage(scene, 1, "players")
    assert (scene.issues[0].players, scene.issues[0].antagonists) == (0, 1)
    scene = scenes.sabotage(scene, 1, "players")
    with pytest.raises(RulesInputError):
        scenes.sabotage(scene, 1, "players")


def test_full_partial_and_no_victory() -> None:
    scene = scenes.add_issue(scenes.Scene(), "A", "simple")
    scene = scenes.add_issue(scene, "B", "simple")
    assert not scenes.ending(scene).over
    full = scenes.progress(scenes.progress(scene, 1, "players"), 2, "players")
    assert (scenes.ending(full).verdict, scenes.ending(full).winner) == ("full", "players")
    split = scenes.progress(scenes.progress(scene, 1, "players"), 2, "antagonists")
    assert scenes.ending(split).verdict == "partial"
    moot = scenes.make_moot(scenes.progress(scene, 1, "antagonists"), 2)
    assert scenes.ending(moot).winner == "antagonists"
    nothing = scenes.make_moot(scenes.make_moot(scene, 1), 2)
    assert scenes.ending(nothing).verdict == "none"


def test_a_scene_survives_json_and_bad_state_is_refused() -> None:
    scene = scenes.progress(scenes.add_issue(scenes.Scene(), "A", "complex"), 1, "players")
    assert scenes.from_json(scene.to_json()) == scene
    broken = scene.to_json()
    broken["issues"][0]["players"] = 9
    with pytest.raises(RulesInputError):
        scenes.from_json(broken)
    with pytest.raises(RulesInputError):
        scenes.from_json({"issues": "x"})


def test_the_tracker_plays_a_scene_to_a_partial_victory() -> None:
    state = None
    for request in (
        {"action": "add", "name": "Convince the magistrate", "complexity": "average"},
        {"action": "add", "name": "Find the ledger", "complexity": "simple"},
        {"action": "progress", "issue": 2, "side": "antagonists"},
        *([{"action": "progress", "issue": 1, "side": "players"}] * 3),
    ):
        answer = _call("dice_pool.scene", {**request, "state": state})
        assert answer["ok"], answer
        state = answer["result"]["state"]
    texts = [block.get("text", "") for block in answer["result"]["view"]]
    assert any(text.startswith("PARTIAL VICTORY") for text in texts)
    status = _call("dice_pool.scene", {"action": "status", "state": state})["result"]
    assert scenes.SABOTAGE_READING in [b.get("text") for b in status["view"]]


def test_bad_input_names_the_field() -> None:
    unnamed = _call("dice_pool.scene", {"action": "add", "name": " "})["result"]
    assert unnamed["state"]["issues"][0]["name"] == "Key Issue 1"
    assert _call("dice_pool.scene", {"action": "add", "name": "x" * 61})["error"]["field"] == "name"
    answer = _call("dice_pool.scene", {"action": "progress", "issue": 1})
    assert answer["error"]["field"] == "issue"
    assert _call("dice_pool.scene", {"complexity": "epic"})["error"]["field"] == "complexity"


def test_an_unreadable_saved_scene_starts_afresh_with_a_notice() -> None:
    answer = _call("dice_pool.scene", {"action": "status", "state": {"issues": 3}})
    assert "not readable" in answer["result"]["notice"]
