"""The party at a roll: ``party`` in a widget request and ``party.fill``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import web
from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.party.members import read_member


def _call(name: str, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return answer


def _member(game: str, name: str) -> dict[str, Any]:
    answer = _call("party.new", {"game": game, "name": name})
    assert answer["ok"], answer
    member: dict[str, Any] = answer["result"]["member"]
    return member


def test_no_party_is_an_empty_table() -> None:
    assert web.read_at_table(None) == AtTable()
    assert AtTable().empty


def test_members_are_read_and_checked() -> None:
    ada = _member("cairn", "Ada")
    table = web.read_at_table({"actor": ada, "target": None})
    assert table.actor == read_member(ada)
    assert table.target is None
    assert not table.empty


def test_a_bad_member_names_its_role() -> None:
    ada = _member("cairn", "Ada")
    ada["hp"] = 99
    with pytest.raises(RulesInputError) as caught:
        web.read_at_table({"actor": None, "target": ada})
    assert caught.value.field == "party.target"
    assert "The target" in caught.value.message


def test_unknown_roles_are_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        web.read_at_table({"ally": None})
    assert caught.value.field == "party"
    answer = _call("cairn.save", {"party": ["actor"]})
    assert answer == {
        "ok": False,
        "error": {"field": "party", "message": "Party must be an object of actor and target."},
    }


def test_of_game_keeps_only_that_games_members() -> None:
    table = web.read_at_table(
        {"actor": _member("cairn", "Ada"), "target": _member("judge_two", "Wen")}
    )
    assert table.of_game("cairn") == AtTable(table.actor, None)
    assert table.of_game("judge_two") == AtTable(None, table.target)
    assert table.of_game("cairn", "judge_two") == table
    assert table.of_game("huldufolk").empty


def test_a_widget_request_may_carry_the_party() -> None:
    answer = _call("cairn.save", {"party": {"actor": _member("cairn", "Ada")}, "seed": 1})
    assert answer["ok"], answer


def test_fill_of_a_widget_without_a_filler_is_empty() -> None:
    answer = _call("party.fill", {"widget": "cairn.tables", "actor": _member("cairn", "Ada")})
    assert answer == {"ok": True, "result": {"values": {}, "from": {}}}


def test_fill_refuses_unknown_widgets_and_keys() -> None:
    assert _call("party.fill", {"widget": "nope"})["error"]["field"] == "widget"
    assert _call("party.fill", {"widget": "cairn.save", "seed": 1})["error"]["field"] == "seed"


def test_the_catalog_says_which_widgets_fill() -> None:
    assert all(isinstance(entry["fills"], bool) for entry in web.catalog())
