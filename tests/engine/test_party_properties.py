"""Properties of the party for every game, over random play: an event's
changes turn the member before into the member after and back (apply then
undo is the identity); every member survives a JSON round trip; a refused
event changes nothing; and every stored value outside its bounds is refused
with its field named."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.party import changes, members
from rules_py.party.games import game, keys
from rules_py.party.sheet import ListField
from rules_py.widget import Field


def _start(key: str, **fields: Any) -> Any:
    member = members.with_fields(members.new_member(game(key), "m-1", "Someone"), **fields)
    return members.read_member(members.member_json(member))


def _bestiary_foe() -> Any:
    from rules_py.cairn.characters import creature_named, foe_from_creature

    return foe_from_creature(creature_named("Hooded Men"), "m-1")


# A few members of each game to start from: a PC, foes, groups, minor actors.
STARTS = {
    "cairn": lambda: (
        _start("cairn", hp=4, max_hp=8, armor=1),
        _start("cairn", kind="detachment", hp=12, max_hp=12),
        _bestiary_foe(),
    ),
    "might-heart": lambda: (
        _start("might-heart", hp=3),
        _start("might-heart", kind="detachment", hp=8, max_hp=8),
    ),
    "grit": lambda: (_start("grit", grit=4), _start("grit", kind="npc", grit=2, prowess=6)),
    "dice_pool": lambda: (
        _start("dice_pool", limit=7, anima=3, motes=4, max_motes=10, health=20, max_health=20),
        _start("dice_pool", kind="npc", exalt=False, magnitude=3, health=22, max_health=7),
    ),
    "judge_two": lambda: (
        _start("judge_two", risk=4, armour="light"),
        _start("judge_two", kind="brute", power_level=5),
        _start("judge_two", kind="nemesis", power_level=8, omen_met=True),
    ),
    "huldufolk": lambda: (
        _start("huldufolk", mundane=3, belief_to_spend=2),
        _start("huldufolk", rank="minor", nature="supernatural", cards=(1, 2, 3, 4, 5)),
        _start(
            "huldufolk",
            rank="minor",
            nature="mundane",
            cards=(1, 2, 3, 4, 5),
            supernatural_base=0,
            supernatural=0,
        ),
    ),
}


def test_every_game_has_members_to_start_from() -> None:
    assert set(STARTS) == set(keys())


def _value(field: Field) -> st.SearchStrategy[Any]:
    if field.kind == "int":
        assert field.minimum is not None and field.maximum is not None
        return st.integers(field.minimum, field.maximum)
    if field.kind == "choice":
        return st.sampled_from([choice.value for choice in field.choices])
    if field.kind == "bool":
        return st.booleans()
    return st.text(max_size=field.max_length)


def _check_step(before: Any, outcome: Any) -> Any:
    found = changes.outcome_changes(before, outcome)
    after = changes.apply(before, found)
    assert after == outcome.after
    assert changes.undo(after, found) == before
    stored = json.loads(json.dumps(members.member_json(after)))
    assert members.read_member(stored) == after
    assert all(change.who == before.id and change.field != "id" for change in found)
    return after


@pytest.mark.parametrize("key", list(STARTS))
@given(data=st.data())
def test_random_play_applies_and_undoes_exactly(key: str, data: st.DataObject) -> None:
    rules = game(key)
    member = data.draw(st.sampled_from(STARTS[key]()), label="start")
    for _ in range(data.draw(st.integers(1, 12), label="steps")):
        event = data.draw(st.sampled_from(rules.events), label="event")
        values = {f.name: data.draw(_value(f), label=f.name) for f in event.fields}
        seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
        try:
            outcome = event.handler(member, values, Rng(seed))
        except RulesInputError:
            continue  # a refusal: the member is a value, nothing happened to it
        member = _check_step(member, outcome)


def _edit_fields(key: str) -> list[Field]:
    return [e for e in game(key).sheet.entries if isinstance(e, Field) and e.name != "id"]


@pytest.mark.parametrize("key", list(STARTS))
@given(data=st.data())
def test_an_edit_within_bounds_is_a_change_that_undoes(key: str, data: st.DataObject) -> None:
    member = data.draw(st.sampled_from(STARTS[key]()), label="start")
    field = data.draw(st.sampled_from(_edit_fields(key)), label="field")
    value = data.draw(_value(field), label="value")
    document = {**members.member_json(member), field.name: value}
    try:
        edited = members.read_member(document)
    except RulesInputError as error:
        # Only a rule between fields may refuse a value within its own bounds.
        assert error.field != field.name or field.kind in ("int", "text")
        return
    found = changes.diff(member, edited, "edited")
    assert changes.apply(member, found) == edited
    assert changes.undo(edited, found) == member


def _out_of_bounds(field: Field) -> st.SearchStrategy[Any]:
    if field.kind == "int":
        assert field.minimum is not None and field.maximum is not None
        return st.one_of(
            st.integers(max_value=field.minimum - 1),
            st.integers(min_value=field.maximum + 1),
            st.booleans(),
            st.floats(allow_nan=False),
            st.text(max_size=3),
        )
    if field.kind == "choice":
        allowed = {choice.value for choice in field.choices}
        return st.one_of(st.text(max_size=12).filter(lambda text: text not in allowed), st.none())
    if field.kind == "bool":
        return st.one_of(st.integers(), st.text(max_size=3), st.none())
    too_long = st.text(min_size=field.max_length + 1, max_size=field.max_length + 5)
    return st.one_of(too_long, st.integers())


@pytest.mark.parametrize("key", list(STARTS))
@given(data=st.data())
def test_every_stored_value_out_of_bounds_is_refused_naming_its_field(
    key: str, data: st.DataObject
) -> None:
    member = STARTS[key]()[0]
    entry = data.draw(st.sampled_from(game(key).sheet.entries), label="field")
    if isinstance(entry, ListField):
        inner = entry.item if entry.item is not None else data.draw(st.sampled_from(entry.fields))
        bad = data.draw(_out_of_bounds(inner), label="bad item")
        item: Any = bad if entry.item is not None else {inner.name: bad}
        document = {**members.member_json(member), entry.name: [item]}
        expected = (
            f"{entry.name}.0" if entry.item is not None else f"{entry.name}.0.{inner.name}"
        )
    else:
        bad = data.draw(_out_of_bounds(entry), label="bad value")
        document = {**members.member_json(member), entry.name: bad}
        expected = entry.name
    with pytest.raises(RulesInputError) as caught:
        members.read_member(document)
    assert caught.value.field == expected
    assert caught.value.message


@pytest.mark.parametrize("key", list(STARTS))
def test_a_list_longer_than_its_bound_is_refused(key: str) -> None:
    member = STARTS[key]()[0]
    for entry in game(key).sheet.entries:
        if isinstance(entry, ListField):
            document = {**members.member_json(member), entry.name: [None] * (entry.max_items + 1)}
            with pytest.raises(RulesInputError) as caught:
                members.read_member(document)
            assert caught.value.field == entry.name
