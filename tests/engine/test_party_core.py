"""The party's core: a sheet read like typed input, changes applied and taken
back, the stored format's version and its migrations, a whole party."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.party import changes, members, roster, versions
from rules_py.party.games import game, keys
from rules_py.party.sheet import ListField, check_id
from rules_py.widget import int_field


def bea() -> Any:
    return members.new_member(game("cairn"), "bea", "Bea")


def bea_json(**fields: Any) -> dict[str, Any]:
    document = members.member_json(bea())
    document.update(fields)
    return document


def test_every_game_starts_a_member_from_its_sheet_defaults() -> None:
    for key in keys():
        member = members.new_member(game(key), "m-1", "Someone")
        document = members.member_json(member)
        assert document["version"] == versions.CURRENT_VERSION
        assert document["game"] == key
        assert members.read_member(document) == member
        sheet = game(key).sheet
        assert list(document)[2:] == list(sheet.names)


def test_the_record_holds_exactly_the_sheet_fields_in_order() -> None:
    from dataclasses import fields

    for key in keys():
        rules = game(key)
        assert tuple(f.name for f in fields(rules.record)) == rules.sheet.names
        assert rules.record.game == key  # type: ignore[attr-defined]


def test_a_missing_field_is_named_not_filled_in() -> None:
    document = bea_json()
    del document["hp"]
    with pytest.raises(RulesInputError) as caught:
        members.read_member(document)
    assert caught.value.field == "hp"
    assert caught.value.message == "HP is missing."


def test_an_unknown_field_is_refused_naming_it() -> None:
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(luck=3))
    assert caught.value.field == "luck"


def test_a_cap_names_the_field_and_the_one_that_bounds_it() -> None:
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(hp=7, max_hp=6))
    assert caught.value.field == "hp"
    assert caught.value.message == "HP cannot be more than Max HP (7 > 6)."


def test_a_list_item_is_named_by_its_place() -> None:
    with pytest.raises(RulesInputError) as caught:
        rope, anvil = {"name": "Rope", "slots": 1}, {"name": "Anvil", "slots": 99}
        members.read_member(bea_json(items=[rope, anvil]))
    assert caught.value.field == "items.1.slots"
    assert caught.value.message.startswith("Item 2: Slots it takes must be a whole number from 0")
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(items=[{"name": "Rope", "weight": 1}]))
    assert caught.value.field == "items.0.weight"


@pytest.mark.parametrize("bad", ["", "a b", "x" * 41, 7, None, "é"])
def test_an_identifier_is_letters_digits_dash_underscore(bad: object) -> None:
    with pytest.raises(RulesInputError) as caught:
        check_id(bad)
    assert caught.value.field == "id"


def test_a_blank_name_is_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(name="   "))
    assert caught.value.field == "name"


def test_a_distinct_list_refuses_a_repeat() -> None:
    listed = ListField("cards", "Cards", item=int_field("card", "Card", 1, 1, 10), distinct=True)
    assert listed.validate([1, 2]) == (1, 2)
    with pytest.raises(RulesInputError) as caught:
        listed.validate([3, 3])
    assert caught.value.field == "cards.1"
    with pytest.raises(RulesInputError):
        listed.validate("1,2")


def test_the_sheet_describes_lists_caps_and_derived_values() -> None:
    described = game("cairn").sheet.describe()
    fields = {f["name"]: f for f in described["fields"]}
    assert fields["hp"]["at_most"] == "max_hp"
    assert fields["hp"]["min"] == 0 and fields["hp"]["max"] == 40
    assert fields["items"]["kind"] == "list"
    assert [f["name"] for f in fields["items"]["record"]] == ["name", "slots"]
    assert fields["scars"]["shown_when"] == {"kind": ["pc"]}
    assert [d["name"] for d in described["derived"]] == ["state", "slots_used", "slots_free"]
    deck = ListField(
        "cards", "Cards", item=int_field("card", "Card", 1, 1, 10), distinct=True, initial=(1, 2)
    )
    assert deck.describe()["default"] == [1, 2] and deck.describe()["distinct"] is True


# ------------------------------------------------------------------ changes


def test_same_json_tells_true_from_one() -> None:
    assert changes.same_json([1, {"a": True}], [1, {"a": True}])
    assert not changes.same_json(True, 1)
    assert not changes.same_json([1], [True])
    assert not changes.same_json({"a": 1}, {"a": 1, "b": 2})
    assert not changes.same_json(1, 1.0)


def test_a_change_applies_and_undoes() -> None:
    before = bea()
    hurt = (changes.Change("bea", "hp", 6, 2, "the Wood Troll's club"),)
    after = changes.apply(before, hurt)
    assert after.hp == 2
    assert changes.undo(after, hurt) == before
    assert changes.diff(before, after, "the Wood Troll's club") == hurt


def test_a_change_made_for_another_state_is_refused() -> None:
    stale = (changes.Change("bea", "hp", 5, 2, "from another tab"),)
    with pytest.raises(RulesInputError) as caught:
        changes.apply(bea(), stale)
    assert caught.value.field == "hp"
    assert caught.value.message == (
        "HP of Bea is 6, not 5: this change was made for another state of the character."
    )
    with pytest.raises(RulesInputError):
        changes.undo(bea(), (changes.Change("bea", "hp", 6, 2, "undone already"),))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (changes.Change("troll", "hp", 6, 2, "wrong member"), "who"),
        (changes.Change("bea", "id", "bea", "bee", "renamed"), "field"),
        (changes.Change("bea", "luck", 0, 1, "no such field"), "field"),
        (changes.Change("bea", "hp", 6, 99, "past the bound"), "hp"),
        (changes.Change("bea", "hp", 6, True, "not a number"), "hp"),
    ],
)
def test_a_change_that_does_not_fit_is_refused(change: changes.Change, field: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        changes.apply(bea(), (change,))
    assert caught.value.field == field


def test_changes_in_sequence_may_pass_through_a_state_the_end_corrects() -> None:
    # max HP down first would leave HP above it for a moment; only the end is checked.
    steps = (
        changes.Change("bea", "max_hp", 6, 4, "Mortal Wound"),
        changes.Change("bea", "hp", 6, 4, "Mortal Wound"),
    )
    after = changes.apply(bea(), steps)
    assert (after.hp, after.max_hp) == (4, 4)
    assert changes.undo(after, steps) == bea()


def test_changes_read_from_json_are_checked_for_shape() -> None:
    good = [{"who": "bea", "field": "hp", "from": 6, "to": 2, "why": "a hit"}]
    assert changes.read_changes(good) == (changes.Change("bea", "hp", 6, 2, "a hit"),)
    for bad, field in [
        ([], "changes"),
        ("hp", "changes"),
        ([{"who": "bea", "field": "hp", "from": 6, "to": 2}], "changes.0"),
        ([{**good[0], "who": "b e"}], "changes.0.who"),
        ([{**good[0], "why": "x" * 301}], "changes.0.why"),
        ([{**good[0], "field": 3}], "changes.0.field"),
        (good * (changes.CHANGES_MAX + 1), "changes"),
    ]:
        with pytest.raises(RulesInputError) as caught:
            changes.read_changes(bad)
        assert caught.value.field == field


def test_party_changes_go_to_the_member_they_name() -> None:
    troll = members.read_member({**members.member_json(bea()), "id": "troll", "name": "Troll"})
    both = changes.apply_to_party(
        (bea(), troll),
        (
            changes.Change("troll", "hp", 6, 1, "Bea's sword"),
            changes.Change("bea", "hp", 6, 3, "the Troll's club"),
        ),
    )
    assert [m.hp for m in both] == [3, 1]
    with pytest.raises(RulesInputError) as caught:
        changes.apply_to_party((bea(),), (changes.Change("troll", "hp", 6, 1, "?"),))
    assert caught.value.field == "who"


# ------------------------------------------------------------------ versions


def test_a_document_without_a_version_or_from_a_newer_site_is_refused() -> None:
    document = bea_json()
    del document["version"]
    with pytest.raises(RulesInputError) as caught:
        members.read_member(document)
    assert caught.value.field == "version"
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(version=versions.CURRENT_VERSION + 1))
    assert "newer version of the site" in caught.value.message
    with pytest.raises(RulesInputError):
        members.read_member(bea_json(version=True))


def test_an_older_document_is_migrated_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook: a format 2 that renames ``hp`` as ``health`` reads format 1."""

    def rename(document: dict[str, Any]) -> dict[str, Any]:
        document = dict(document)
        document["health"] = document.pop("hp")
        return document

    old = bea_json()
    assert old["version"] == 1
    monkeypatch.setattr(versions, "CURRENT_VERSION", 2)
    monkeypatch.setattr(versions, "MIGRATIONS", {1: rename})
    migrated = versions.migrate(old, "character", "version")
    assert migrated["version"] == 2
    assert migrated["health"] == 6 and "hp" not in migrated
    assert versions.migrate(migrated, "character", "version") == migrated


# ------------------------------------------------------------------ a party


def test_a_party_round_trips_and_refuses_a_bad_member_whole() -> None:
    troll = members.read_member({**bea_json(), "id": "troll", "name": "Troll"})
    document = roster.party_json((bea(), troll))
    assert roster.read_party(document) == (bea(), troll)
    broken = roster.party_json((bea(), troll))
    broken["members"][1]["hp"] = 99
    with pytest.raises(RulesInputError) as caught:
        roster.read_party(broken)
    assert caught.value.field == "members.1.hp"
    assert caught.value.message.startswith("Member 2 (Troll): HP must be a whole number")


def test_a_party_refuses_twins_strangers_and_crowds() -> None:
    twice = roster.party_json((bea(), bea()))
    with pytest.raises(RulesInputError) as caught:
        roster.read_party(twice)
    assert caught.value.field == "members.1.id"
    with pytest.raises(RulesInputError):
        roster.read_party({**roster.party_json((bea(),)), "extra": 1})
    with pytest.raises(RulesInputError):
        roster.read_party({"version": 1, "members": "Bea"})
    crowd = {"version": 1, "members": [bea_json(id=f"m{i}") for i in range(roster.PARTY_MAX + 1)]}
    with pytest.raises(RulesInputError) as caught:
        roster.read_party(crowd)
    assert str(roster.PARTY_MAX) in caught.value.message


def test_an_unknown_game_is_refused_listing_the_games() -> None:
    with pytest.raises(RulesInputError) as caught:
        members.read_member(bea_json(game="chess"))
    assert caught.value.field == "game"
    assert "cairn, might-heart, grit, dice_pool, judge_two, huldufolk" in caught.value.message
