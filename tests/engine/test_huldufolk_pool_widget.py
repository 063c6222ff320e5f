"""huldufolk.pool through the JSON boundary: moves, refusals, saved state."""

from __future__ import annotations

import json
from typing import Any

from rules_py import web

WIDGET = "huldufolk.pool"
BOB_AND_WOLF: dict[str, Any] = {
    "mode": "fight",
    "attacker": "b",
    "a_name": "Bob",
    "a_def_quality": True,
    "a_def_equipment": 1,
    "a_equipment": 1,
    "b_name": "Hexenwolf",
    "b_rank": "minor",
    "b_quality": True,
    "b_focus": True,
    "b_equipment": 1,
}


def call(request: dict[str, Any]) -> dict[str, Any]:
    response = json.loads(web.call(WIDGET, json.dumps(request)))
    assert isinstance(response, dict)
    return response


def ok(request: dict[str, Any]) -> dict[str, Any]:
    response = call(request)
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def refused(request: dict[str, Any]) -> dict[str, str]:
    response = call(request)
    assert not response["ok"], response
    error: dict[str, str] = response["error"]
    return error


def flat(view: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The blocks of a view with each step's blocks in its place."""
    out: list[dict[str, Any]] = []
    for block in view:
        out += flat(block["blocks"]) if block["type"] == "step" else [block]
    return out


def blocks(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [block for block in flat(result["view"]) if block["type"] == kind]


def texts(result: dict[str, Any]) -> str:
    return json.dumps(result["view"])


def test_the_preview_shows_the_hand_and_the_smallest_card_that_succeeds() -> None:
    result = ok({"action": "odds", "a_quality": True, "a_focus": True, "cr": 12})
    assert "state" not in result  # a preview never overwrites the saved table
    [choice] = blocks(result, "choices")
    assert "smallest card that succeeds for sure: 7" in choice["prompt"]
    labels = [option["label"] for option in choice["options"]]
    assert labels == ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert choice["options"][0]["badge"] == "never spent"
    assert choice["options"][6]["badge"] == "smallest success"
    assert choice["options"][6]["lines"] == ["Total 12: succeeds"]
    assert choice["options"][5]["lines"] == ["Total 11: fails"]
    # a card button carries the whole form, so it never plays stale values
    assert choice["options"][6]["request"]["pick"] == 7
    assert choice["options"][6]["request"]["a_quality"] is True
    assert "Ace (never spent), 2, 3" in texts(result)


def test_playing_a_card_spends_it_and_the_state_keeps_it_spent() -> None:
    first = ok({"action": "play", "card": 7, "a_quality": True, "a_focus": True, "cr": 12})
    assert blocks(first, "outcome")[0]["text"] == "SUCCESS"
    assert "Quality 3 + Focus 2 + card 7 = 12 against CR 12." in texts(first)
    assert 7 not in first["state"]["a"]["hand"]
    second = ok({"action": "play", "pick": 5, "cr": 12, "state": first["state"]})
    assert blocks(second, "outcome")[0]["text"] == "FAILURE"
    assert second["state"]["a"]["hand"] == [1, 2, 3, 4, 6, 8, 9, 10]
    ace = ok({"action": "play", "card": 1, "cr": 12, "state": second["state"]})
    assert ace["state"]["a"]["hand"] == second["state"]["a"]["hand"]


def test_a_spent_card_is_refused_and_nothing_changes() -> None:
    state = ok({"action": "play", "card": 7, "cr": 12})["state"]
    error = refused({"action": "play", "card": 7, "cr": 12, "state": state})
    assert error["field"] == "card"
    assert error["message"] == "The 7 has been spent. Cards in hand: Ace, 2, 3, 4, 5, 6, 8, 9, 10."


def test_a_six_is_refused_for_a_minor_actor() -> None:
    state = ok({"action": "reset", "a_rank": "minor"})["state"]
    assert state["a"]["hand"] == [1, 2, 3, 4, 5]
    error = refused({"action": "play", "card": 6, "a_rank": "minor", "state": state})
    assert error["field"] == "card"
    assert "half deck (Ace-5)" in error["message"]


def test_a_component_out_of_bounds_is_refused_by_name() -> None:
    error = refused({"action": "play", "card": 7, "a_equipment": 3})
    assert error["field"] == "a_equipment"
    assert error["message"].startswith("Mundane equipment gives +0 to +2")
    error = refused({"action": "odds", "a_bonus": 11})
    assert error["field"] == "a_bonus"
    error = refused({"action": "reset", "a_rank": "minor", "a_mundane": 6, "mode": "fight"})
    assert error["field"] == "a_mundane"


def test_no_card_is_spent_without_a_test() -> None:
    easy = ok({"action": "play", "card": 9, "cr": 5})
    assert blocks(easy, "outcome")[0]["text"] == "NO TEST NEEDED"
    assert easy["state"]["a"]["hand"] == list(range(1, 11))
    hard = ok({"action": "play", "card": 9, "cr": 11, "affinity": False})
    assert blocks(hard, "outcome")[0]["text"] == "IMPOSSIBLE"
    assert hard["state"]["a"]["hand"] == list(range(1, 11))
    preview = ok({"action": "odds", "cr": 11, "affinity": False})
    assert blocks(preview, "choices") == []


def test_a_corrupt_or_old_state_is_discarded_with_a_notice() -> None:
    for broken in (
        "not json at all",
        {"version": 1, "a": "?"},
        {"version": 0},
        [1, 2, 3],
        {**ok({"action": "reset"})["state"], "log": "x"},
    ):
        result = ok({"action": "odds", "state": broken})
        assert result["notice"].startswith("The saved decks could not be used")
        assert blocks(result, "note")[0]["text"] == result["notice"]
        assert result["state"]["a"]["hand"] == list(range(1, 11))
    old = ok({"action": "odds", "state": {"version": 0}})
    assert "older version" in old["notice"]


def test_a_state_that_breaks_the_rules_is_discarded() -> None:
    state = ok({"action": "reset"})["state"]
    for side, change in (
        ("a", {"hand": [1, 11]}),  # no 11 in any deck
        ("a", {"hand": [2, 1]}),
        ("a", {"mundane": [5, -1]}),  # thresholds never below 0
        ("a", {"mundane": [5, 6]}),
        ("a", {"supernatural": None}),  # a Major Actor has both
        ("a", {"rank": "minor"}),  # a half deck has no 6-10
        ("b", {"damage": -2}),
        ("b", {"aside": [3]}),  # an initiative card without a combat
    ):
        broken = json.loads(json.dumps(state))
        broken[side].update(change)
        result = ok({"action": "odds", "state": broken})
        assert result["notice"], change


def test_a_fight_exchange_with_face_down_cards() -> None:
    preview = ok({**BOB_AND_WOLF, "action": "reset"})
    [attack] = blocks(ok({**BOB_AND_WOLF, "action": "odds"}), "choices")
    assert attack["prompt"].startswith("Hexenwolf attacks Bob: choose a card face down")
    five = attack["options"][4]
    assert five["label"] == "5"
    assert five["lines"] == ["Total 11: hits 10% (1/10)", "1 damage 10%"]
    assert attack["options"][0]["lines"] == ["Total 7: cannot hit"]
    # The wolf chooses its 5 face down...
    chosen = ok({**five["request"], "state": preview["state"]})
    assert "has chosen a card face down" in texts(chosen)
    assert chosen["state"]["pending"] == {"kind": "exchange", "attacker": "b", "picks": [["b", 5]]}
    # ...Bob sees his odds over the wolf's five cards, not its choice...
    [defence] = blocks(ok({**BOB_AND_WOLF, "action": "odds", "state": chosen["state"]}), "choices")
    assert defence["prompt"].startswith("Bob defends")
    two = defence["options"][1]
    assert two["lines"] == ["Total 11: holds"]
    assert defence["options"][0]["lines"] == ["Total 10: holds 80% (4/5)", "1 damage 20%"]
    # ...and plays the 2: "the Wolf's total is 11, while Bob's total is also 11".
    result = ok({**two["request"], "state": chosen["state"]})
    assert blocks(result, "outcome")[0]["text"] == "HELD: Bob defends"
    state = result["state"]
    assert state["a"]["mundane"] == [5, 4]
    assert state["a"]["hand"] == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert state["b"]["hand"] == [1, 2, 3, 4]
    assert state["pending"] is None
    assert "held (defenders win ties)" in state["log"][-1]


def test_a_fight_exchange_from_the_form_and_the_damage_tally() -> None:
    # Bob swings his 10 at the wolf's Ace: 11 against 6, two damage.
    request = {**BOB_AND_WOLF, "attacker": "a", "action": "play", "card": 10, "defence_card": 1}
    result = ok(request)
    assert blocks(result, "outcome")[0]["text"] == "HIT: 2 damage to Hexenwolf"
    assert result["state"]["b"]["damage"] == 2
    assert result["state"]["b"]["mundane"] == [5, 4]
    assert result["state"]["b"]["hand"] == [1, 2, 3, 4, 5]
    error = refused({**request, "card": 9, "defence_card": 6, "state": result["state"]})
    assert error["field"] == "defence_card"


def test_rest_restores_thresholds_but_not_cards() -> None:
    state = ok({**BOB_AND_WOLF, "action": "play", "card": 5, "defence_card": 2})["state"]
    rested = ok({**BOB_AND_WOLF, "action": "rest", "state": state})
    assert rested["state"]["a"]["mundane"] == [5, 5]
    assert rested["state"]["a"]["hand"] == state["a"]["hand"]
    reset = ok({**BOB_AND_WOLF, "action": "reset", "state": rested["state"]})
    assert reset["state"]["a"]["hand"] == list(range(1, 11))
    assert reset["state"]["b"]["hand"] == [1, 2, 3, 4, 5]


def test_initiative_sets_the_cards_aside_until_the_combat_ends() -> None:
    started = ok({**BOB_AND_WOLF, "action": "initiative"})
    preview = ok({**BOB_AND_WOLF, "action": "odds", "state": started["state"]})
    [first] = blocks(preview, "choices")
    assert first["prompt"].startswith("Initiative: Bob plays a card face down")
    one = ok({**first["options"][7]["request"], "state": started["state"]})  # Bob's 8
    [second] = blocks(ok({**BOB_AND_WOLF, "action": "odds", "state": one["state"]}), "choices")
    assert second["prompt"].startswith("Initiative: Hexenwolf")
    done = ok({**second["options"][2]["request"], "state": one["state"]})  # the wolf's 3
    assert blocks(done, "outcome")[0]["text"] == "Bob acts first"
    state = done["state"]
    assert state["order"] == ["a", "b"]
    assert state["a"]["aside"] == [8] and 8 not in state["a"]["hand"]
    assert state["b"]["aside"] == [3]
    # the wolf attacks: its 3 is set aside, and so is Bob's 8
    error = refused(
        {**BOB_AND_WOLF, "action": "play", "card": 3, "defence_card": 2, "state": state}
    )
    assert error["field"] == "card"
    assert "set aside as the initiative card" in error["message"]
    error = refused(
        {**BOB_AND_WOLF, "action": "play", "card": 2, "defence_card": 8, "state": state}
    )
    assert error["field"] == "defence_card"
    again = refused({**BOB_AND_WOLF, "action": "initiative", "state": state})
    assert "already under way" in again["message"]
    ended = ok({**BOB_AND_WOLF, "action": "end_combat", "state": state})
    assert ended["state"]["a"]["hand"] == list(range(1, 11))
    assert ended["state"]["b"]["hand"] == [1, 2, 3, 4, 5]
    assert ended["state"]["order"] == []


def test_initiative_ties_draw_from_the_storytellers_deck() -> None:
    state = ok({**BOB_AND_WOLF, "action": "initiative"})["state"]
    state = ok({**BOB_AND_WOLF, "action": "initiative", "pick": 4, "state": state})["state"]
    done = ok({**BOB_AND_WOLF, "action": "initiative", "pick": 4, "state": state})
    assert "tie, storyteller's deck" in done["state"]["log"][-1]
    assert sorted(done["state"]["order"]) == ["a", "b"]


def test_initiative_is_for_fights() -> None:
    assert refused({"action": "initiative"})["field"] == "mode"


def test_the_form_and_the_actors_in_play_may_differ_until_reset() -> None:
    state = ok({"action": "play", "card": 9})["state"]
    preview = ok({"action": "odds", "a_rank": "minor", "state": state})
    assert "Press Reset" in blocks(preview, "note")[0]["text"]
    assert "state" not in preview  # nothing lost on the way


def test_the_log_keeps_the_latest_entries() -> None:
    state = None
    for _ in range(45):
        request: dict[str, Any] = {"action": "play", "card": 1, "cr": 12}
        if state is not None:
            request["state"] = state
        state = ok(request)["state"]
    assert state is not None
    assert len(state["log"]) == 40
    assert state["log"][-1].startswith("Hero plays the Ace against CR 12")


def test_an_empty_hand_is_shown_not_played() -> None:
    # A Minor Actor with only its Ace left plays it for initiative: its hand is
    # empty until the combat ends.
    request = {**BOB_AND_WOLF, "attacker": "a"}
    state = ok({**request, "action": "reset"})["state"]
    state["b"]["hand"] = [1]
    state = ok({**request, "action": "initiative", "state": state})["state"]
    state = ok({**request, "action": "initiative", "pick": 2, "state": state})["state"]
    state = ok({**request, "action": "initiative", "pick": 1, "state": state})["state"]
    assert state["b"]["hand"] == [] and state["b"]["aside"] == [1]
    preview = ok({**request, "action": "odds", "state": state})
    assert blocks(preview, "choices") == []
    assert "Hexenwolf has no card in hand until the combat ends." in texts(preview)
    assert "none until the combat ends" in texts(preview)
    error = refused({**request, "action": "play", "card": 5, "defence_card": 1, "state": state})
    assert error["field"] == "defence_card"
    assert "Cards in hand: none" in error["message"]


def test_who_attacks_follows_the_initiative_order() -> None:
    fight = {**BOB_AND_WOLF, "attacker": "auto"}
    state = ok({**fight, "action": "initiative"})["state"]
    state = ok({**fight, "action": "initiative", "pick": 2, "state": state})["state"]
    state = ok({**fight, "action": "initiative", "pick": 4, "state": state})["state"]
    assert state["order"] == ["b", "a"] and state["turn"] == 0
    preview = ok({**fight, "action": "odds", "state": state})
    [attack] = blocks(preview, "choices")
    assert attack["prompt"].startswith("Hexenwolf attacks Bob")
    assert "Hexenwolf's turn (initiative: Hexenwolf, then Bob)." in texts(preview)
    waiting = ok({**attack["options"][3]["request"], "state": state})["state"]  # the wolf's 5
    [defence] = blocks(ok({**fight, "action": "odds", "state": waiting}), "choices")
    done = ok({**defence["options"][1]["request"], "state": waiting})  # Bob's 3
    assert "Next: Bob's turn." in texts(done)
    [bob] = blocks(ok({**fight, "action": "odds", "state": done["state"]}), "choices")
    assert bob["prompt"].startswith("Bob attacks Hexenwolf")
    # the player may override, and the turn stays Bob's
    override = ok({**fight, "attacker": "b", "action": "odds", "state": done["state"]})
    assert "Hexenwolf attacks out of turn (chosen by hand); it is Bob's turn" in texts(override)


def test_the_hand_is_the_step_drawn_in_the_form_and_the_log_comes_last() -> None:
    # The step (turn line, hand) is drawn before the typed-card field, so the
    # hand sits right under the fields that set the exchange up.
    [spec] = [w for w in web.catalog() if w["name"] == "huldufolk.pool"]
    names = [field["name"] for field in spec["fields"] if not field.get("advanced")]
    assert spec["step_before"] == "card"
    assert names.index("attacker") < names.index("a_quality") < names.index("card")
    for request in (
        {**BOB_AND_WOLF, "action": "odds"},
        {"action": "odds", "cr": 12},
        {"action": "odds", "mode": "contest"},
        {"action": "odds", "mode": "powers", "power": "back_in_the_fight"},
    ):
        view = ok(request)["view"]
        assert [block["type"] for block in view].count("step") == 1
        assert view[0]["type"] == "step", view[0]
        inside = [block["type"] for block in view[0]["blocks"]]
        assert "facts" not in inside and "table" not in inside
        assert view[-1]["type"] == "table" and view[-1]["caption"].startswith("Log")
    hand = ok({"action": "odds", "cr": 12})["view"][0]["blocks"]
    assert [block["type"] for block in hand] == ["choices"]
    # a hand that is not the form's is said right above it
    state = ok({"action": "play", "card": 9})["state"]
    reset = ok({"action": "odds", "a_rank": "minor", "state": state})["view"][0]["blocks"]
    assert reset[0]["type"] == "note" and "Press Reset" in reset[0]["text"], reset


def test_a_contest_of_attack_pools_through_the_widget() -> None:
    contest = {"mode": "contest", "a_quality": True, "b_quality": True, "b_focus": True}
    [first] = blocks(ok({**contest, "action": "odds"}), "choices")
    assert first["prompt"].startswith("Hero contests Foe: choose a card face down")
    # Hero's 3 makes 6; the Foe's pool is 5 before its card: a stand-off on its Ace
    assert first["options"][2]["lines"] == ["Total 6: cannot prevail", "stand-off 10% (1/10)"]
    state = ok({**first["options"][2]["request"]})["state"]
    assert state["pending"] == {"kind": "contest", "attacker": "a", "picks": [["a", 3]]}
    [second] = blocks(ok({**contest, "action": "odds", "state": state}), "choices")
    assert second["prompt"].startswith("Foe contests Hero")
    tie = ok({**second["options"][0]["request"], "state": state})
    assert blocks(tie, "outcome")[0]["text"] == "STAND-OFF: neither prevails"
    assert tie["state"]["a"]["hand"] == [1, 2, 4, 5, 6, 7, 8, 9, 10]
    win = ok({**contest, "action": "play", "card": 9, "contest_card": 2, "state": tie["state"]})
    assert blocks(win, "outcome")[0]["text"] == "HERO PREVAILS"


def test_powers_through_the_widget() -> None:
    state = ok({"action": "play", "card": 3, "cr": 6})["state"]
    powers = {"mode": "powers", "power": "back_in_the_fight", "state": state}
    [pick] = blocks(ok({**powers, "action": "odds"}), "choices")
    assert [option["label"] for option in pick["options"]] == ["3"]
    back = ok({**pick["options"][0]["request"], "state": state})
    assert back["state"]["a"]["hand"] == list(range(1, 11))
    error = refused({**powers, "action": "power", "power_card": 7})
    assert error["field"] == "power_card"
    wolf = ok({**BOB_AND_WOLF, "a_fatigued": True, "action": "play", "card": 2, "defence_card": 9})
    assert wolf["state"]["a"]["mundane"] == [5, 3]  # Fatigue: two levels
    wind = ok(
        {
            **BOB_AND_WOLF,
            "mode": "powers",
            "power": "second_wind",
            "action": "power",
            "power_threshold": "mundane",
            "state": wolf["state"],
        }
    )
    assert wind["state"]["a"]["mundane"] == [5, 4]
    assert refused({"action": "power"})["field"] == "mode"


def test_help_from_afar_in_the_pool() -> None:
    hidden = ok({"action": "play", "card": 2, "cr": 12, "a_afar_focus": 1})
    assert "Help from Afar" not in texts(hidden)  # its check box is off
    result = ok(
        {
            "action": "play",
            "card": 2,
            "cr": 12,
            "afar": True,
            "a_afar_focus": 1,
            "a_afar_affinity": 1,
        }
    )
    assert "Help from Afar (1 with the affinity) 3 + Help from Afar (1 with the Focus) 5" in texts(
        result
    )
    assert blocks(result, "outcome")[0]["text"] == "FAILURE"  # 3 + 5 + 2 = 10 against 12
