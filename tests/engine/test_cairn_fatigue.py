"""Fatigue in the inventory, casting a spell and the leycap (Cairn, "Deprivation &
Fatigue", "Casting Spells", "Relics"; Might and Heart, "Deprivation & Fatigue"):
the rules on numbers, the roller, and the party member's sheet."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules_py.cairn import fatigue
from rules_py.cairn.saves import judge_save
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from tests.engine.web_calls import call as _call
from tests.engine.web_calls import ok as _ok


def _texts(result: dict[str, Any]) -> list[str]:
    return [block.get("text", "") for block in result["view"]]


def _fields(result: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {c["field"]: (c["from"], c["to"]) for c in result.get("changes", [])}


def _bea(**values: Any) -> dict[str, Any]:
    member: dict[str, Any] = _ok("party.new", {"game": "cairn", "name": "Bea"})["member"]
    member.update(slots=3, items=[{"name": "Rope", "slots": 1}, {"name": "Spellbook", "slots": 1}])
    member.update(values)
    return member


# ------------------------------------------------------------------ the rules on numbers


def test_each_fatigue_occupies_one_slot() -> None:
    step = fatigue.more_fatigue(fatigue.check_load(10, 4, 2))
    assert (step.after.fatigue, step.after.used, step.after.free) == (3, 7, 3)
    assert not step.must_drop


def test_no_free_slot_means_an_item_goes_first() -> None:
    step = fatigue.more_fatigue(fatigue.check_load(4, 3, 1))
    assert step.must_drop and step.after == step.before
    with pytest.raises(RulesInputError) as full:
        fatigue.more_fatigue(fatigue.check_load(2, 0, 2))
    assert full.value.field == "fatigue"


def test_a_load_over_its_slots_is_refused_naming_the_field() -> None:
    with pytest.raises(RulesInputError) as caught:
        fatigue.check_load(3, 3, 1)
    assert caught.value.field == "items"


def test_recuperating_clears_fatigue_unless_deprived() -> None:
    load = fatigue.check_load(10, 2, 3)
    assert fatigue.recuperate("cairn", load, False).after.fatigue == 0
    assert fatigue.recuperate("might-heart", load, True).blocked


@pytest.mark.parametrize("willpower", range(1, 21))
def test_the_wil_save_chance_by_counting_faces(willpower: int) -> None:
    passing = sum(judge_save(willpower, face, "cairn").passed for face in range(1, 21))
    assert fatigue.save_chance(willpower) == Fraction(passing, 20)


def test_a_leycap_loses_a_fatigue_then_saves() -> None:
    step = fatigue.eat_leycap(fatigue.check_load(10, 2, 1), Rng(3), 10)
    assert step.after.fatigue == 0 and step.save is not None
    none_to_lose = fatigue.eat_leycap(fatigue.check_load(10, 2, 0), Rng(3), 10)
    assert none_to_lose.after.fatigue == 0 and none_to_lose.save is not None


def test_the_save_on_casting_is_cairns() -> None:
    load = fatigue.check_load(10, 2, 0)
    assert fatigue.cast_spell("cairn", load, Rng(1), save_required=True).save is not None
    with pytest.raises(RulesInputError) as caught:
        fatigue.cast_spell("might-heart", load, Rng(1), save_required=True)
    assert caught.value.field == "save"


# ------------------------------------------------------------------ the roller


def test_the_roller_says_each_reading() -> None:
    day = _ok("cairn.fatigue", {"mode": "day", "action": "odds"})
    assert fatigue.DAY_READING in _texts(day) and fatigue.NO_SLOT_READING in _texts(day)
    leycap = _ok("cairn.fatigue", {"mode": "leycap", "willpower": 12, "action": "odds"})
    assert fatigue.LEYCAP_READING in _texts(leycap)
    assert ["WIL save passes", "60% (12/20)"] in leycap["view"][1]["items"]


def test_the_roller_shows_a_full_inventory() -> None:
    result = _ok("cairn.fatigue", {"mode": "cast", "slots": 4, "items": 4, "seed": 1})
    assert "NO FREE SLOT: DROP AN ITEM FIRST" in _texts(result)


def test_bad_input_names_the_field() -> None:
    answer = _call("cairn.fatigue", {"slots": 3, "items": 3, "fatigue": 1})
    assert answer["error"]["field"] == "items"
    answer = _call("cairn.fatigue", {"slots": 99})
    assert answer["error"]["field"] == "slots"
    leycap = _call("cairn.fatigue", {"rules": "might-heart", "mode": "leycap", "seed": 1})
    assert leycap["error"]["field"] == "mode"


# ------------------------------------------------------------------ the party


def test_the_fill_reads_the_inventory() -> None:
    fill = _ok("party.fill", {"widget": "cairn.fatigue", "actor": _bea(fatigue=1), "form": {}})
    assert fill["values"] == {
        "slots": 3,
        "items": 2,
        "fatigue": 1,
        "deprived": False,
        "willpower": 10,
    }


def test_a_spell_with_no_free_slot_drops_the_named_item() -> None:
    bea = _bea(fatigue=1)
    request = {"mode": "cast", "slots": 3, "items": 2, "fatigue": 1, "seed": 1}
    unnamed = _ok("cairn.fatigue", {**request, "party": {"actor": bea}})
    assert "changes" not in unnamed
    assert "Name the item Bea drops: one of Rope, Spellbook." in _texts(unnamed)
    named = _ok("cairn.fatigue", {**request, "drop_item": "rope", "party": {"actor": bea}})
    assert _fields(named)["fatigue"] == (1, 2)
    assert _fields(named)["items"][1] == [{"name": "Spellbook", "slots": 1}]


def test_a_day_deprived_adds_fatigue_and_marks_deprived() -> None:
    bea = _bea(slots=10)
    request = {"mode": "day", "slots": 10, "items": 2, "seed": 1, "party": {"actor": bea}}
    assert _fields(_ok("cairn.fatigue", request)) == {
        "fatigue": (0, 1),
        "deprived": (False, True),
    }


@pytest.mark.parametrize("seed", range(8))
def test_a_leycap_on_the_sheet_follows_the_save(seed: int) -> None:
    bea = _bea(fatigue=1, willpower=9, max_willpower=9)
    fill = _ok("party.fill", {"widget": "cairn.fatigue", "actor": bea, "form": {}})["values"]
    request = {**fill, "mode": "leycap", "seed": seed, "party": {"actor": bea}}
    result = _ok("cairn.fatigue", request)
    fields = _fields(result)
    assert fields["fatigue"] == (1, 0)
    failed = "WIL SAVE FAILED" in _texts(result)
    assert ("deprived" in fields) is failed


def test_a_night_deprived_changes_nothing() -> None:
    bea = _bea(fatigue=1, deprived=True)
    request = {"mode": "recuperate", "slots": 3, "items": 2, "fatigue": 1, "deprived": True}
    result = _ok("cairn.fatigue", {**request, "seed": 1, "party": {"actor": bea}})
    assert "changes" not in result
    assert result["view"][0]["text"].startswith("No recovery")
