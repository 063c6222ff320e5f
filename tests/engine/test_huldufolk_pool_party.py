"""``huldufolk.pool`` with the party: one deck state per actor across every
instance of the builder (each page keeps its own saved table, but the party's
actor plays its own cards on all of them), changes for what each move does,
cards played applied at once, Belief drawn by a power's Spend, and the fill."""

from __future__ import annotations

import json
from typing import Any

from rules_py import web
from rules_py.party import changes as party_changes
from rules_py.party.members import member_json, read_member


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call("huldufolk.pool", json.dumps(request)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def member(name: str, **fields: Any) -> dict[str, Any]:
    answer = json.loads(web.call("party.new", json.dumps({"game": "huldufolk", "name": name})))
    found: dict[str, Any] = answer["result"]["member"]
    found.update(fields)
    return found


def applied(before: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The member after the browser applies the result's changes."""
    after = party_changes.apply(read_member(before), party_changes.read_changes(result["changes"]))
    found: dict[str, Any] = member_json(after)
    return found


def test_one_deck_across_the_builders_of_every_page() -> None:
    ada = member("Ada", belief=3, belief_to_spend=2)
    # The tests page: Ada plays her 3 against CR 3... her own deck, applied at once.
    test_page = {"mode": "test", "cr": 8, "affinity": True, "party": {"actor": ada}}
    result = call({**test_page, "action": "play", "pick": 3})
    assert result["apply"] == "auto"
    assert [(c["field"], c["to"]) for c in result["changes"]] == [
        ("cards", [1, 2, 4, 5, 6, 7, 8, 9, 10])
    ]
    ada = applied(ada, result)
    # The fight page's builder, with a table of its own saved long ago: Ada's hand is the party's.
    stale = call({"mode": "fight", "action": "reset"})["state"]
    fight = {"mode": "fight", "party": {"actor": ada}, "state": stale}
    preview = call({**fight, "action": "odds"})
    assert "Ace (never spent), 2, 4, 5" in json.dumps(preview["view"])
    result = call({**fight, "action": "play", "card": 5, "defence_card": 1})
    fields = {c["field"]: c["to"] for c in result["changes"]}
    assert fields == {"cards": [1, 2, 4, 6, 7, 8, 9, 10]}
    ada = applied(ada, result)
    # The Service page: Back in the Fight refreshes what was spent on the other pages.
    service = {"mode": "powers", "power_side": "a", "party": {"actor": ada}}
    result = call({**service, "action": "power", "power": "back_in_the_fight", "power_card": 3})
    assert {c["field"]: c["to"] for c in result["changes"]} == {
        "cards": [1, 2, 3, 4, 6, 7, 8, 9, 10]
    }
    assert "apply" not in result  # a power used is the reader's choice: Apply
    ada = applied(ada, result)
    # Its Spend: every spent low card, and one of Ada's 2 Belief (a Knight spends for a Spend).
    result = call(
        {
            **service,
            "party": {"actor": ada},
            "action": "power",
            "power": "back_in_the_fight_spend_low",
        }
    )
    fields = {c["field"]: c["to"] for c in result["changes"]}
    assert fields == {"cards": list(range(1, 11)), "belief_to_spend": 1}
    assert "Ada: one Belief spent" in json.dumps(result["view"])


def test_no_belief_left_refuses_the_spend_and_changes_nothing() -> None:
    ada = member("Ada", cards=[1, 2], belief=3, belief_to_spend=0)
    answer = json.loads(
        web.call(
            "huldufolk.pool",
            json.dumps(
                {
                    "mode": "powers",
                    "power": "back_in_the_fight_spend_low",
                    "action": "power",
                    "party": {"actor": ada},
                }
            ),
        )
    )
    assert answer["ok"] is False
    assert answer["error"]["field"] == "belief_to_spend"


def test_a_hit_on_the_target_waits_for_apply() -> None:
    wolf = member("Wolf", rank="minor", nature="supernatural", cards=[1, 2, 3, 4, 5])
    result = call(
        {
            "mode": "fight",
            "attacker": "a",
            "action": "play",
            "card": 10,
            "defence_card": 1,
            "party": {"target": wolf},
        }
    )
    fields = {c["field"]: (c["from"], c["to"]) for c in result["changes"]}
    assert fields == {"mundane": (5, 4), "damage": (0, 1)}  # 10 against 6: by 4, one damage
    assert "apply" not in result


def test_reset_keeps_the_partys_deck() -> None:
    ada = member("Ada", cards=[1, 9])
    result = call({"action": "reset", "party": {"actor": ada}})
    assert "changes" not in result
    assert "a party deck stays" in json.dumps(result["view"])


def test_fill_from_the_actor_and_target() -> None:
    ada = member("Ada", fatigued=True)
    wolf = member(
        "Wolf",
        rank="minor",
        nature="mundane",
        cards=[1, 2, 3, 4, 5],
        mundane_base=3,
        mundane=3,
        supernatural_base=0,
        supernatural=0,
    )
    answer = json.loads(
        web.call(
            "party.fill", json.dumps({"widget": "huldufolk.pool", "actor": ada, "target": wolf})
        )
    )
    values = answer["result"]["values"]
    assert values["a_name"] == "Ada" and values["a_fatigued"] is True
    assert (values["b_rank"], values["b_nature"], values["b_mundane"]) == ("minor", "mundane", 3)
    assert answer["result"]["from"]["b_mundane"] == "Wolf's mundane base threshold"
