"""The party at the browser boundary: ``party.*`` through ``web.call`` (JSON
in, JSON out, never an exception) and ``web.party_catalog``."""

from __future__ import annotations

import json

import pytest

from rules_py import registry, web
from rules_py.party.games import keys
from tests.engine.web_calls import call, ok, refused


def test_the_widgets_catalog_is_unchanged_by_the_party() -> None:
    assert [entry["name"] for entry in web.catalog()] == list(registry.names())


def test_the_party_catalog_describes_every_game_and_the_bestiary() -> None:
    catalog = json.loads(web.party_catalog_json())
    assert [g["key"] for g in catalog["games"]] == list(keys())
    for described in catalog["games"]:
        names = [f["name"] for f in described["fields"]]
        assert names[:2] == ["id", "name"]
        for field in described["fields"]:
            assert {"name", "label", "kind", "default"} <= set(field)
        assert described["events"] and described["notes"]
    assert [c["name"] for c in catalog["bestiary"]][3] == "Wood Troll"
    troll = "12 HP, 15 STR, 12 DEX, 7 WIL, claws and bite (d8+d8 blast)"
    assert catalog["bestiary"][3]["statline"] == troll
    assert set(catalog["operations"]) == {
        "party.new",
        "party.validate",
        "party.apply",
        "party.undo",
        "party.event",
        "party.from_bestiary",
        "party.load",
    }


@pytest.mark.parametrize(
    ("name", "request_json"),
    [
        ("party.new", "{"),
        ("party.new", "[]"),
        ("party.validate", '{"member": 3}'),
        ("party.apply", '{"member": {}, "changes": "hp"}'),
        ("party.event", '{"member": {"version": 1, "game": "cairn"}, "event": "hit"}'),
        ("party.load", '{"party": {"version": 1, "members": [1]}}'),
        ("party.load", "[" * 5000),
        ("party.dance", "{}"),
    ],
)
def test_the_boundary_answers_garbage_with_an_error_never_an_exception(
    name: str, request_json: str
) -> None:
    answer = json.loads(web.call(name, request_json))
    assert answer["ok"] is False
    assert answer["error"]["message"]
    assert "unexpectedly" not in answer["error"]["message"]


def test_a_new_member_takes_a_fresh_identifier_unless_given_one() -> None:
    first = ok("party.new", {"game": "cairn"})["member"]
    second = ok("party.new", {"game": "cairn"})["member"]
    assert first["id"] != second["id"] and first["id"].startswith("m-")
    assert first["name"] == "New character"
    named = ok("party.new", {"game": "grit", "id": "gus", "name": "Gus"})["member"]
    assert (named["id"], named["name"], named["game"]) == ("gus", "Gus", "grit")
    assert refused("party.new", {"game": "cairn", "colour": "red"})["field"] == "colour"
    assert refused("party.new", {"game": "go"})["field"] == "game"


def test_an_event_reports_its_seed_and_replays_with_it() -> None:
    member = ok("party.new", {"game": "cairn", "id": "bea", "name": "Bea"})["member"]
    member.update(hp=3)
    request = {"member": member, "event": "hit", "values": {"rolled": 8}}
    first = ok("party.event", request)
    again = ok("party.event", {**request, "seed": first["seed_text"]})
    assert first["changes"] == again["changes"]
    assert first["seed_text"] == str(first["seed"])
    assert first["changes"][0] == {
        "who": "bea",
        "field": "hp",
        "from": 3,
        "to": 0,
        "why": first["summary"],
    }
    quiet = ok("party.event", {"member": member, "event": "stabilize"})
    assert "seed" not in quiet and quiet["changes"] == []


def test_apply_and_undo_through_json() -> None:
    member = ok("party.new", {"game": "cairn", "id": "bea", "name": "Bea"})["member"]
    hit = ok("party.event", {"member": member, "event": "hit", "values": {"rolled": 4}, "seed": 1})
    applied = ok("party.apply", {"member": member, "changes": hit["changes"]})
    assert applied["member"] == hit["member"]
    undone = ok("party.undo", {"member": applied["member"], "changes": hit["changes"]})
    assert undone["member"] == member
    twice = refused("party.apply", {"member": applied["member"], "changes": hit["changes"]})
    assert twice["field"] == "hp"
    assert "made for another state" in twice["message"]


def test_an_event_refuses_unknown_values_and_events() -> None:
    member = ok("party.new", {"game": "cairn", "id": "bea", "name": "Bea"})["member"]
    assert refused("party.event", {"member": member, "event": "fly"})["field"] == "event"
    error = refused("party.event", {"member": member, "event": "hit", "values": {"wings": 2}})
    assert error["field"] == "wings"
    error = refused("party.event", {"member": member, "event": "hit", "values": {"rolled": -1}})
    assert error["field"] == "rolled"


def test_a_party_file_loads_whole_or_not_at_all() -> None:
    bea = ok("party.new", {"game": "cairn", "id": "bea", "name": "Bea"})["member"]
    troll = ok("party.from_bestiary", {"creature": "Wood Troll", "id": "troll"})["member"]
    document = {"version": 1, "members": [bea, troll]}
    loaded = ok("party.load", {"party": document})
    assert loaded == {"party": document, "count": 2}
    troll_hurt = {**troll, "hp": 13}
    error = refused("party.load", {"party": {"version": 1, "members": [bea, troll_hurt]}})
    assert error["field"] == "members.1.hp"
    assert error["message"].startswith("Member 2 (Wood Troll): HP cannot be more than Max HP")


def test_a_shared_link_with_a_proto_key_is_refused_not_obeyed() -> None:
    member = ok("party.new", {"game": "cairn", "id": "bea", "name": "Bea"})["member"]
    answer = call("party.validate", {"member": {**member, "__proto__": {"hp": 1}}})
    assert answer["error"]["field"] == "__proto__"


@pytest.mark.parametrize("key", list(keys()))
def test_every_game_answers_new_validate_and_its_events(key: str) -> None:
    """Each game's every event, with its defaults, answers (a change or a
    refusal in words) and never fails unexpectedly."""
    member = ok("party.new", {"game": key, "id": "m-1", "name": "Someone"})["member"]
    assert ok("party.validate", {"member": member})["member"] == member
    described = next(g for g in web.party_catalog()["games"] if g["key"] == key)
    for event in described["events"]:
        answer = call("party.event", {"member": member, "event": event["name"], "seed": 5})
        if answer["ok"] and answer["result"]["changes"]:
            result = answer["result"]
            back = ok("party.undo", {"member": result["member"], "changes": result["changes"]})
            assert back["member"] == member
        elif not answer["ok"]:
            assert "unexpectedly" not in answer["error"]["message"], (event, answer)
