"""The Cairn-family widgets through the JSON boundary, as the browser calls them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import web
from rules_py.cairn.spells import spells

seeds = st.integers(min_value=0, max_value=2**53 - 1)


def call(name: str, request: dict[str, Any]) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return response


def ok(name: str, request: dict[str, Any]) -> list[dict[str, Any]]:
    response = call(name, request)
    assert response["ok"], response
    view: list[dict[str, Any]] = response["result"]["view"]
    return view


def error(name: str, request: dict[str, Any]) -> dict[str, str]:
    response = call(name, request)
    assert not response["ok"], response
    found: dict[str, str] = response["error"]
    return found


def texts(view: list[dict[str, Any]], kind: str) -> list[str]:
    return [block["text"] for block in view if block["type"] == kind]


def dice_of(view: list[dict[str, Any]], label: str) -> list[int]:
    block = next(b for b in view if b["type"] == "dice" and b["label"] == label)
    return [die["value"] for die in block["dice"]]


def test_catalog_lists_every_cairn_widget() -> None:
    names = {entry["name"] for entry in web.catalog()}
    assert {
        "cairn.save",
        "cairn.attack",
        "cairn.tables",
        "cairn.hireling",
        "cairn.spells",
        "cairn.grit",
        "cairn.recovery",
    } <= names


def test_save_catalog_offers_the_three_rule_sets_and_the_calls() -> None:
    entry = next(w for w in web.catalog() if w["name"] == "cairn.save")
    fields = {f["name"]: f for f in entry["fields"]}
    assert [c["value"] for c in fields["rules"]["choices"]] == ["cairn", "might-heart", "grit"]
    modes = [c["value"] for c in fields["mode"]["choices"]]
    assert modes == ["save", "contest", "act", "retreat", "morale"]
    assert fields["effort"]["shown_when"] == {
        "rules": ["grit"],
        "mode": ["save", "contest", "act", "retreat"],
    }


@given(seeds)
@settings(max_examples=30)
def test_attack_roll_matches_its_dice_and_never_goes_below_zero(seed: int) -> None:
    view = ok(
        "cairn.attack",
        {"seed": seed, "weapon": "d8", "second": "d6", "armor": 3, "hp": 4, "max_hp": 4},
    )
    rolled = dice_of(view, "Damage dice")
    damage = max(max(rolled) - 3, 0)
    assert any(f"= {damage} damage" in text for text in texts(view, "line"))


def test_attack_replays_from_its_seed() -> None:
    request = {"seed": 12345, "weapon": "d12", "hp": 3, "max_hp": 3, "strength": 6}
    assert call("cairn.attack", request) == call("cairn.attack", request)


def test_attack_odds_chart_is_the_exact_damage_after_armour() -> None:
    view = ok("cairn.attack", {"action": "odds", "weapon": "d8", "second": "d8", "armor": 2})
    damage = next(b for b in view if b["type"] == "chart")
    assert damage["title"] == "Damage after 2 armour"
    bars = {bar["label"]: bar["chance"] for bar in damage["bars"]}
    assert bars["0"] == "6.25% (1/16)"  # both dice 1 or 2: 4/64
    assert bars["6"] == "23.44% (15/64)"  # an 8 on either die


def test_attack_scar_when_hp_reaches_exactly_zero() -> None:
    # d4 against 1 HP and no armour: find a seed that rolls exactly 1.
    for seed in range(200):
        view = ok("cairn.attack", {"seed": seed, "weapon": "d4", "hp": 1, "max_hp": 6})
        if dice_of(view, "Damage dice") == [1]:
            assert texts(view, "outcome") == ["HP exactly 0: scar (Lasting Scar)"]
            assert any(
                t.startswith("Scar 1, Lasting Scar: Roll 1d6 |") for t in texts(view, "line")
            )
            assert dice_of(view, "Where (1d6)")
            return
    pytest.fail("no roll of 1 in 200 seeds")


def test_blast_rolls_once_per_target() -> None:
    view = ok("cairn.attack", {"seed": 8, "blast": True, "targets": 3, "target": "npc"})
    assert [t for t in texts(view, "line") if t.startswith("Target ")] == [
        "Target 1",
        "Target 2",
        "Target 3",
    ]
    assert sum(1 for b in view if b["type"] == "dice" and b["label"] == "Damage dice") == 3


def test_unsure_blast_rolls_the_damage_die_for_the_number_of_targets() -> None:
    view = ok("cairn.attack", {"seed": 3, "blast": True, "roll_targets": True, "weapon": "d4"})
    (count,) = dice_of(view, "Targets (d4)")
    damage_rolls = [b for b in view if b["type"] == "dice" and b["label"] == "Damage dice"]
    assert len(damage_rolls) == count


@pytest.mark.parametrize(
    ("request_", "field", "words"),
    [
        ({"others": "d7"}, "others", "Each die must be one of"),
        ({"armor": 4}, "armor", "from 0 to 3"),
        ({"hp": 9, "max_hp": 6}, "hp", "HP cannot be more than max HP"),
        ({"rules": "grit", "target": "detachment"}, "target", "no detachments"),
        ({"rules": "dnd"}, "rules", "Rules must be one of"),
        ({"weapon": "d20"}, "weapon", "Weapon die must be one of"),
        ({"targets": 0, "blast": True}, "targets", "from 1 to 12"),
    ],
)
def test_attack_bad_input(request_: dict[str, Any], field: str, words: str) -> None:
    found = error("cairn.attack", request_)
    assert found["field"] == field
    assert words in found["message"]


def test_might_heart_attack_quotes_the_harm_table() -> None:
    for seed in range(100):
        view = ok("cairn.attack", {"seed": seed, "rules": "might-heart", "hp": 0, "weapon": "d12"})
        harm_lines = [t for t in texts(view, "line") if t.startswith("Harm ")]
        (rolled,) = dice_of(view, "Damage dice")
        assert harm_lines, view
        if rolled >= 6:
            assert "Critical injury" in harm_lines[0]
            return
    pytest.fail("no critical harm in 100 seeds")


def test_grit_attack_notes_its_reading() -> None:
    view = ok("cairn.attack", {"action": "odds", "rules": "grit", "ability": 5, "weapon": "d8"})
    assert any("equal to or under the ability" in t for t in texts(view, "note"))
    facts = next(b for b in view if b["type"] == "facts")
    assert facts["items"][0] == ["Chance to miss (every die over the ability)", "37.5% (3/8)"]


def test_save_in_each_rule_set_names_its_twenty_rule() -> None:
    cairn_odds = texts(ok("cairn.save", {"action": "odds", "attribute": 20}), "line")
    assert cairn_odds[0] == "Chance to pass with 20: 95% (19/20)."
    grit_odds = texts(
        ok("cairn.save", {"action": "odds", "attribute": 20, "rules": "grit"}), "line"
    )
    assert grit_odds[0] == "Chance to pass with 20: 100% (20/20)."


def test_contest_odds_with_efforts() -> None:
    view = ok(
        "cairn.save",
        {"action": "odds", "mode": "contest", "rules": "grit", "effort": True, "rival": 10},
    )
    facts = dict(next(b for b in view if b["type"] == "facts")["items"])
    assert set(facts) == {"First side wins", "Second side wins", "Nobody wins"}
    assert any("harm is taken once" in t for t in texts(view, "note"))


def test_effort_outside_the_grit_variant_is_refused() -> None:
    found = error("cairn.save", {"effort": True, "rules": "might-heart"})
    assert found["field"] == "effort"


def test_spells_filter_and_roll() -> None:
    view = ok("cairn.spells", {"action": "filter", "filter": "creature touch"})
    rows = next(b for b in view if b["type"] == "filter_rows")
    assert rows["table"] == "cairn-spells"
    assert "spell-body-swap" in rows["visible"]
    assert all(row.startswith("spell-") for row in rows["visible"])
    rolled = ok("cairn.spells", {"seed": 4, "filter": "zzzz"})
    focus = next(b for b in rolled if b["type"] == "focus_element")
    outcome = next(b for b in rolled if b["type"] == "outcome")
    number = int(outcome["text"].split(".")[0])
    assert focus["id"] == next(s.row_id for s in spells() if s.number == number)
    # A roll leaves the filter's rows alone: the match count stays the rows shown.
    assert not [b for b in rolled if b["type"] == "filter_rows"]


def test_spells_filter_too_long_is_refused() -> None:
    found = error("cairn.spells", {"action": "filter", "filter": "x" * 61})
    assert found["field"] == "filter"


def test_tables_roll_and_odds() -> None:
    view = ok("cairn.tables", {"action": "odds", "table": "fate"})
    table = next(b for b in view if b["type"] == "table")
    assert table["rows"] == [
        ["1-3", "Bad luck for the PCs", "50% (1/2)"],
        ["4-6", "Favours the PCs", "50% (1/2)"],
    ]
    rolled = ok("cairn.tables", {"seed": 2})
    total = sum(dice_of(rolled, "2d6"))
    assert texts(rolled, "line")[0].startswith(f"Rolled {total}: ")


def test_hireling_copy_text_matches_its_facts() -> None:
    view = ok("cairn.hireling", {"seed": 10})
    facts = dict(next(b for b in view if b["type"] == "facts")["items"])
    copy = next(b for b in view if b["type"] == "copy")["text"]
    assert copy.startswith(f"Hireling: STR {facts['STR']}, DEX {facts['DEX']}, WIL {facts['WIL']}")
    assert sum(dice_of(view, "STR (3d6)")) == int(facts["STR"])


def test_grit_rest_while_deprived_shows_both_dice_and_the_reading() -> None:
    view = ok("cairn.grit", {"seed": 9, "mode": "rest", "deprived": True, "grit": 5})
    (rolled,) = dice_of(view, "Grit (1d6)")
    (less,) = dice_of(view, "Deprived: less 1d6")
    assert texts(view, "outcome") == [f"Grit {max(rolled - less, 0)}"]
    assert f"Grit 5 before the rest becomes {max(rolled - less, 0)}." in texts(view, "line")
    assert any("1d6 less another 1d6" in text for text in texts(view, "note"))


def test_grit_odds_for_a_deprived_rest() -> None:
    view = ok("cairn.grit", {"action": "odds", "mode": "rest", "deprived": True})
    bars = {
        bar["label"]: bar["chance"] for bar in next(b for b in view if b["type"] == "chart")["bars"]
    }
    assert bars["0"] == "58.33% (7/12)"
    assert bars["5"] == "2.78% (1/36)"


def test_grit_effort_takes_its_harm_from_grit_then_resolve() -> None:
    view = ok("cairn.grit", {"seed": 3, "mode": "effort", "grit": 2, "score": 9})
    (taken,) = dice_of(view, "Effort harm (1d6)")
    lines = texts(view, "line")
    if taken <= 2:
        assert lines[0] == f"Grit 2 \u2212 {taken} = {2 - taken}."
    else:
        assert lines[1] == f"Resolve 9 \u2212 {taken - 2} = {9 - taken + 2}."


def test_grit_harm_refuses_a_bad_score() -> None:
    found = error("cairn.grit", {"mode": "harm", "score": 0})
    assert found["field"] == "score"


def test_recovery_rolls_a_d6_a_week_up_to_the_old_score() -> None:
    view = ok(
        "cairn.recovery",
        {"seed": 5, "rules": "might-heart", "current": 3, "before": 9, "periods": 3},
    )
    gains = dice_of(view, "1d6 each week")
    score = 3
    for gain in gains:
        score = min(score + gain, 9)
    assert texts(view, "line") == [f"3 + {score - 3} = {score} (at most 9)."]


def test_recovery_odds_and_deprivation() -> None:
    view = ok(
        "cairn.recovery",
        {"action": "odds", "rules": "might-heart", "current": 6, "before": 10},
    )
    facts = dict(next(b for b in view if b["type"] == "facts")["items"])
    assert facts == {"Back to 10 within 1 week": "50% (1/2)"}
    deprived = ok("cairn.recovery", {"seed": 1, "deprived": True})
    assert texts(deprived, "outcome") == ["No recovery: stays at 4"]


def test_recovery_refuses_a_score_above_the_old_one() -> None:
    found = error("cairn.recovery", {"current": 12, "before": 10})
    assert found["field"] == "current"
