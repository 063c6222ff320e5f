"""The ``dice_pool.roll`` and ``dice_pool.project`` widgets through the JSON boundary."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import web
from rules_py.dice_pool import pool, special


def _call(name: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(web.call(name, json.dumps(request)))
    return response


def _ok(name: str, **request: Any) -> list[dict[str, Any]]:
    response = _call(name, **request)
    assert response["ok"], response
    view: list[dict[str, Any]] = response["result"]["view"]
    return view


def _texts(view: list[dict[str, Any]]) -> list[str]:
    return [block["text"] for block in view if "text" in block]


def _blocks(view: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [block for block in view if block["type"] == kind]


def test_both_widgets_are_in_the_catalog() -> None:
    names = {widget["name"] for widget in web.catalog()}
    assert {"dice_pool.roll", "dice_pool.project"} <= names


# ------------------------------------------------------------------ dice_pool.roll


def test_default_odds_give_the_exact_chance_and_chart() -> None:
    view = _ok("dice_pool.roll", action="odds")
    texts = _texts(view)
    # Attribute 3 + Ability 2 = 5 dice against the default difficulty 3.
    exact = pool.success_chance(pool.build_check(5, 3))
    assert exact == pytest.approx(2929 / 6250)
    assert "Chance to meet difficulty 3 (Typical) with 5 dice: 46.86% (2929/6250)." in texts
    (chart,) = _blocks(view, "chart")
    assert [bar["label"] for bar in chart["bars"]][:4] == ["0", "1", "2", "3"]
    assert [bar["highlight"] for bar in chart["bars"]][:4] == [False, False, False, True]
    assert chart["marks"] == "Succeeds: 3 or more"
    assert chart["mean"] == "2.5"


def test_big_pool_chart_gathers_the_rare_ends_and_stays_readable() -> None:
    view = _ok("dice_pool.roll", action="odds", pool_from="raw", dice=60, difficulty=35)
    (chart,) = _blocks(view, "chart")
    labels = [bar["label"] for bar in chart["bars"]]
    assert labels[0].startswith("0\u2013")
    assert labels[-1].endswith("+")
    assert "34" in labels and "35" in labels
    assert all(len(bar["chance"]) < 30 for bar in chart["bars"])
    highlighted = [bar["label"] for bar in chart["bars"] if bar["highlight"]]
    assert highlighted[0] == "35"


def test_roll_marks_successes_and_tens() -> None:
    view = _ok("dice_pool.roll", action="roll", seed=12, pool_from="raw", dice=30)
    (dice_block,) = _blocks(view, "dice")
    for die in dice_block["dice"]:
        expected = {0: [], 1: ["success"], 2: ["success", "double"]}[
            pool.face_successes(die["value"])
        ]
        assert die["tags"] == expected
    rolled = pool.count_successes(die["value"] for die in dice_block["dice"])
    assert dice_block["label"] == f"Your pool: 30 dice, {rolled} successes"
    outcome = _blocks(view, "outcome")[0]
    assert outcome["text"].startswith("SUCCESS" if rolled >= 3 else "FAILURE")
    assert f"({'+' if rolled >= 3 else chr(0x2212)}{abs(rolled - 3)})" in outcome["text"]


def test_a_success_offers_its_extra_successes_to_the_group() -> None:
    view = _ok("dice_pool.roll", action="roll", seed=12, pool_from="raw", dice=30)
    rolled = pool.count_successes(die["value"] for die in _blocks(view, "dice")[0]["dice"])
    extra, boost = rolled - 3, (rolled - 3) // 2
    assert f"Group roll: {extra} extra successes can give an ally up to +{boost} (2 for 1)." in (
        _texts(view)
    )
    assert special.GROUP_RULE in _texts(view)


def test_roll_replays_from_its_seed() -> None:
    first = _call("dice_pool.roll", action="roll", seed=99, attribute=4, ability=4)
    again = _call("dice_pool.roll", action="roll", seed=99, attribute=4, ability=4)
    assert first == again
    assert first["result"]["seed"] == 99


def test_excellency_costs_limit_and_ten_breaks() -> None:
    view = _ok("dice_pool.roll", action="roll", seed=3, excellency=True, limit=9)
    assert any(t == "LIMIT 9 \u2192 10: THE CHARACTER BREAKS" for t in _texts(view))
    view = _ok("dice_pool.roll", action="roll", seed=3, excellency=True, limit=4)
    assert any("4 \u2192 5" in t and "40% (4/10)" in t for t in _texts(view))


def test_floor_at_zero_is_explained() -> None:
    view = _ok(
        "dice_pool.roll",
        action="odds",
        attribute=1,
        ability=0,
        modifier="major_disadvantage",
        modifier_on="dice",
    )
    texts = _texts(view)
    assert pool.FLOOR_RULE in texts
    assert "Pool: Attribute 1 + Ability 0 \u2212 Major disadvantage 4 = 0 dice." in texts
    assert "Chance to meet difficulty 3 (Typical) with 0 dice: 0% (impossible)." in texts


def test_contested_mode_odds_and_tie_rule() -> None:
    view = _ok("dice_pool.roll", action="odds", mode="contested", opponent_dice=5)
    (facts,) = _blocks(view, "facts")
    assert [name for name, _ in facts["items"]] == ["You win", "Opponent wins", "Tie"]
    assert any("nobody wins" in t for t in _texts(view))


def test_npc_mode_takes_half_rounded_down() -> None:
    view = _ok("dice_pool.roll", action="roll", mode="npc", attribute=4, ability=3)
    assert "SUCCESS: 3 successes against 3 (+0)" in _texts(view)
    assert "seed" not in _call("dice_pool.roll", action="odds", mode="npc")["result"]


def test_build_power_mode() -> None:
    view = _ok("dice_pool.roll", action="roll", mode="build_power", essence=2, favored=3, seed=4)
    (dice_block,) = _blocks(view, "dice")
    rolled = pool.count_successes(die["value"] for die in dice_block["dice"])
    assert len(dice_block["dice"]) == 5
    assert f"+{1 + (rolled + 1) // 2} ANIMA" in _texts(view)


def test_limit_mode() -> None:
    assert "Break check at Limit 4: a d10 below 4 breaks: 30% (3/10)." in _texts(
        _ok("dice_pool.roll", action="odds", mode="limit", limit=4)
    )
    assert "BREAKS: Limit 10" in _texts(
        _ok("dice_pool.roll", action="roll", mode="limit", limit=10)
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"attribute": 11}, "attribute", "Attribute must be a whole number from 0 to 10 (got 11)."),
        ({"difficulty": "hard"}, "difficulty", "Difficulty must be a whole number from 0 to 60"),
        ({"helpers": -1}, "helpers", "Helpers must be a whole number from 0 to 10 (got -1)."),
        ({"modifier": "huge"}, "modifier", "Advantage must be one of: none, moderate_advantage"),
        ({"mode": "guess"}, "mode", "Roll must be one of: roll, contested"),
        ({"dice": 61}, "dice", "Dice must be a whole number from 0 to 60 (got 61)."),
        ({"excellency": "yes"}, "excellency", "must be true or false"),
    ],
)
def test_bad_input_names_the_field(fields: dict[str, Any], field: str, message: str) -> None:
    response = _call("dice_pool.roll", action="roll", **fields)
    assert not response["ok"]
    assert response["error"]["field"] == field
    assert message in response["error"]["message"]


# ------------------------------------------------------------------ dice_pool.project


def test_project_odds_show_scale_chart_and_table() -> None:
    view = _ok(
        "dice_pool.project",
        action="odds",
        kind="world",
        affects="city",
        nature="unnatural",
        ability=4,
    )
    texts = _texts(view)
    assert "Project Scale: City 3 + Unnatural 1 = 4." in texts
    assert any("Keystone" in t for t in texts)
    (chart,) = _blocks(view, "chart")
    # 1d10 + 4 - 4: totals 1..10.
    assert [(bar["label"], bar["chance"]) for bar in chart["bars"]] == [
        ("0-3", "30% (3/10)"),
        ("4-6", "30% (3/10)"),
        ("7-9", "30% (3/10)"),
        ("10-11", "10% (1/10)"),
        ("12+", "0% (impossible)"),
    ]
    assert chart["summary"].startswith(
        "1d10 + Ability 4 \u2212 Scale 4: 0-3 Major Problem 30% (3/10);"
    )
    (table,) = _blocks(view, "table")
    assert table["columns"] == ["Total", "Result", "Chance", "d10 faces"]
    assert table["rows"][0][1] == "Critical Success. Gain 1 Resource."


def test_project_roll_highlights_its_row() -> None:
    response = _call("dice_pool.project", action="roll", seed=21, ability=5, affects="town")
    view = response["result"]["view"]
    (dice_block,) = _blocks(view, "dice")
    face = dice_block["dice"][0]["value"]
    total = face + 5 - 2
    (table,) = _blocks(view, "table")
    row = table["rows"][table["highlight"]]
    low, _, high = row[0].rstrip("+").partition("-")
    assert int(low) <= total
    assert not high or total <= int(high)
    assert ["Total", str(total)] in _blocks(view, "facts")[0]["items"]


def test_project_bad_input() -> None:
    response = _call("dice_pool.project", action="odds", affects="continent")
    assert response["error"]["field"] == "affects"
    response = _call("dice_pool.project", action="odds", kind="merit", dots=9)
    assert response["error"]["field"] == "dots"
    assert response["error"]["message"] == "Merit dots must be a whole number from 1 to 5 (got 9)."


# ------------------------------------------------------------------ dice_pool.strike


def test_strike_odds_separate_a_miss_from_a_hit_for_nothing() -> None:
    view = _ok("dice_pool.strike", action="odds", base_damage=0, dv=2)
    (chart,) = _blocks(view, "chart")
    bars = {bar["label"]: bar["chance"] for bar in chart["bars"]}
    seven = pool.successes_distribution(7)  # Attribute 3 + Ability 3 + Accuracy 1
    assert bars["Miss"] == f"12.6% ({seven.below(2).numerator}/{seven.below(2).denominator})"
    assert bars["0"].endswith(f"% ({seven[2].numerator}/{seven[2].denominator})")
    assert "Chance to hit DV 2: 87.4% (136567/156250)." in _texts(view)


def test_strike_roll_deals_excess_plus_base_damage() -> None:
    view = _ok("dice_pool.strike", action="roll", seed=5, dv=2, base_damage=3)
    (dice_block,) = _blocks(view, "dice")
    rolled = pool.count_successes(die["value"] for die in dice_block["dice"])
    verdict = _blocks(view, "outcome")[0]["text"]
    if rolled >= 2:
        assert verdict == f"HIT: {rolled - 2 + 3} damage"
    else:
        assert verdict == "MISS"


def test_strife_strike_and_group_magnitude() -> None:
    view = _ok("dice_pool.strike", action="odds", strife=True, essence=2, magnitude="3")
    texts = _texts(view)
    assert (
        "Pool: Attribute 3 + Ability 3 + Weapon Accuracy 1 + Strife strike 4 "
        "+ Magnitude 3 Accuracy 3 + Magnitude 3 dice 3 = 17 dice." in texts
    )
    assert "Base Damage: Strife strike (3 + Essence x 2) 7 + Magnitude 3 Damage 3 = 10." in texts
    (facts,) = _blocks(view, "facts")
    assert ["Extra Health", "+15"] in facts["items"]


def test_strike_with_only_rare_hits_still_draws_them() -> None:
    view = _ok("dice_pool.strike", action="odds", attribute=2, ability=2, accuracy=1, dv=10)
    (chart,) = _blocks(view, "chart")
    labels = [bar["label"] for bar in chart["bars"]]
    assert labels == ["Miss", "3"]  # 5 dice show 10 successes only when all five are 10s
    assert chart["bars"][1]["chance"] == "0.001% (1/100000)"


def test_strike_bad_input() -> None:
    response = _call("dice_pool.strike", action="roll", dv=21)
    assert response["error"] == {
        "field": "dv",
        "message": "Target's DV must be a whole number from 0 to 20 (got 21).",
    }
    response = _call("dice_pool.strike", action="roll", magnitude="9")
    assert response["error"]["field"] == "magnitude"


# ------------------------------------------------------------------ dice_pool.combat


def test_combat_maneuver_odds_grade_the_effects() -> None:
    view = _ok("dice_pool.combat", action="odds", mode="maneuver", maneuver="weaken_defense")
    (table,) = _blocks(view, "table")
    assert [row[1] for row in table["rows"]] == ["2 or below", "3-4", "5-7", "8+"]
    assert sum(Fraction(row[2].split(" (")[1].rstrip(")")) for row in table["rows"]) == 1


def test_combat_maneuver_against_resolve_shifts_the_grades() -> None:
    view = _ok("dice_pool.combat", action="odds", mode="maneuver", maneuver="distract", defence=2)
    (table,) = _blocks(view, "table")
    assert [row[1] for row in table["rows"]] == ["1 or below", "2-4", "5+"]


def test_combat_hold_roll_gives_the_targets_escape() -> None:
    view = _ok(
        "dice_pool.combat",
        action="roll",
        mode="maneuver",
        maneuver="hold",
        defence=0,
        target_dice=3,
        seed=8,
    )
    (dice_block,) = _blocks(view, "dice")
    rolled = pool.count_successes(die["value"] for die in dice_block["dice"])
    assert f"The target must roll against {rolled} as a difficulty" in " ".join(_texts(view))
    assert any(t.startswith("The target's 3 dice break free: ") for t in _texts(view))


def test_combat_order_odds_and_roll() -> None:
    view = _ok("dice_pool.combat", action="odds", mode="order", others=1, others_dice=4)
    (facts,) = _blocks(view, "facts")
    assert facts["items"][0][0] == "Highest alone: you act first"
    view = _ok("dice_pool.combat", action="roll", mode="order", others=2, seed=4)
    assert len(_blocks(view, "dice")) == 3
    (table,) = _blocks(view, "table")
    counts = [int(row[1]) for row in table["rows"]]
    assert counts == sorted(counts, reverse=True)


def test_combat_environment_armor_and_rest() -> None:
    texts = _texts(_ok("dice_pool.combat", mode="environment", environment="Heavy", health=12))
    assert "7 DAMAGE: Health 12 \u2192 5" in texts
    assert "BLOCK 4, EVASION 1" in _texts(
        _ok("dice_pool.combat", mode="armor", armor="heavy", block=2, evasion=2)
    )
    texts = _texts(_ok("dice_pool.combat", mode="rest", rest="hours", hours=3, motes_missing=2))
    assert "+6 HEALTH, +2 MOTES" in texts
    response = _call("dice_pool.combat", mode="rest", health_missing=-1)
    assert response["error"]["field"] == "health_missing"


# ------------------------------------------------------------------ any valid form


def _form(widget_name: str) -> st.SearchStrategy[dict[str, Any]]:
    (spec,) = [w for w in web.catalog() if w["name"] == widget_name]
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for field in spec["fields"]:
        if field["kind"] == "int":
            fields[field["name"]] = st.integers(field["min"], field["max"])
        elif field["kind"] == "choice":
            fields[field["name"]] = st.sampled_from([c["value"] for c in field["choices"]])
        elif field["kind"] == "bool":
            fields[field["name"]] = st.booleans()
    return st.fixed_dictionaries(fields)


@pytest.mark.parametrize(
    "name", ["dice_pool.roll", "dice_pool.project", "dice_pool.strike", "dice_pool.combat"]
)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_valid_form_answers(name: str, data: st.DataObject) -> None:
    form = data.draw(_form(name))
    for action in ("odds", "roll"):
        response = _call(name, action=action, seed=data.draw(st.integers(0, 2**53)), **form)
        assert response["ok"], (form, action, response)
        assert response["result"]["view"]
