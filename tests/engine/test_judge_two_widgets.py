"""The Judge Two widgets through the browser boundary (rules_py.web.call)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.core.rng import Rng
from rules_py.judge_two import judging as jt
from rules_py.judge_two.odds import judge_odds
from rules_py.share import parse_link, share_fragment
from rules_py.web import call, catalog


def run(widget: str, request: dict[str, Any]) -> dict[str, Any]:
    response = json.loads(call(widget, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def fail(widget: str, request: dict[str, Any]) -> dict[str, Any]:
    response = json.loads(call(widget, json.dumps(request)))
    assert not response["ok"]
    error: dict[str, Any] = response["error"]
    return error


def blocks(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [block for block in result["view"] if block["type"] == kind]


def texts(result: dict[str, Any]) -> str:
    parts: list[str] = []
    for block in result["view"]:
        if "text" in block:
            parts.append(block["text"])
        for item in block.get("items", []):
            parts.append(" ".join(item))
        for row in block.get("rows", []):
            parts.append(" ".join(row))
    return "\n".join(parts)


def rolled(result: dict[str, Any]) -> list[int]:
    return [die["value"] for block in blocks(result, "dice") for die in block["dice"]]


def test_catalog_describes_the_three_widgets() -> None:
    names = {w["name"] for w in catalog()}
    assert {"judge_two.judge", "judge_two.attack", "judge_two.rounds"} <= names
    judge = next(w for w in catalog() if w["name"] == "judge_two.judge")
    fields = {f["name"]: f for f in judge["fields"]}
    # The Way of All the Earth: challenge levels 4-8, a player-versus-player
    # save against a Final Light of 1-9 (issue 14: the widget refused 3 and 9).
    assert (fields["cl"]["min"], fields["cl"]["max"]) == (1, 9)
    assert (fields["rank"]["min"], fields["rank"]["max"]) == (0, 3)
    assert [c["value"] for c in fields["attribute"]["choices"]] == list(jt.ATTRIBUTES)
    assert [c["value"] for c in fields["essence"]["choices"]] == list(jt.ESSENCES)
    assert fields["bold"]["shown_when"] == {"mode": ["test", "save"]}


def test_roll_shows_every_judgment_as_a_card_with_the_recommendation_marked() -> None:
    request = {"action": "roll", "seed": 11, "rank": 2, "cl": 6, "bold": True}
    result = run("judge_two.judge", request)
    dice = rolled(result)
    roll = jt.Roll(tuple(dice), jt.DiceMode.BOLD)
    options = jt.judgments(roll, 2, 6)
    (cards,) = blocks(result, "choices")
    assert len(cards["options"]) == len(options)
    badges = [o for o in cards["options"] if o["badge"] == "Recommended"]
    best = jt.recommended(options)
    assert len(badges) == 1
    assert badges[0]["label"] == f"Light {best.light} \u00b7 Truth {best.truth}"
    assert not any(o["selected"] for o in cards["options"])  # never picked for the player
    assert blocks(result, "outcome") == []
    assert result["seed"] == 11


def test_picking_a_card_keeps_the_same_dice_and_resolves_that_judgment() -> None:
    request = {"action": "roll", "seed": 11, "rank": 2, "cl": 6, "bold": True}
    first = run("judge_two.judge", request)
    cards = blocks(first, "choices")[0]["options"]
    worst = cards[-1]
    picked = run("judge_two.judge", request | worst["request"])
    light, truth = (int(x) for x in worst["request"]["choice"].split("-"))
    j = jt.Judgment(light, truth, 2, 6)
    (verdict,) = blocks(picked, "outcome")
    assert verdict["text"] == j.label
    assert sorted(rolled(picked)) == sorted(rolled(first))  # the same dice, regrouped
    again = blocks(picked, "choices")[0]["options"]
    assert [o["selected"] for o in again] == [o is worst for o in cards]
    assert "Final Light" in texts(picked)


def test_variel_example_through_the_widget() -> None:
    """Find a seed that rolls 2 and 5, then judge the 5 as Light."""
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [2, 5])
    request = {"action": "roll", "seed": seed, "attribute": "Feet", "rank": 2, "cl": 6}
    result = run("judge_two.judge", request | {"choice": "5-2"})
    assert blocks(result, "outcome")[0]["text"] == "Guilty Success +1"
    assert "5 + Feet 2 = 7" in texts(result)
    assert "Guilty: the gamemaster intervenes" in texts(result)


def test_doubles_need_no_judging() -> None:
    seed = next(s for s in range(10_000) if Rng(s).dice(2, 6) == (3, 3))
    request = {
        "action": "roll",
        "seed": seed,
        "mode": "save",
        "essence": "Mind",
        "rank": 1,
        "cl": 5,
    }
    result = run("judge_two.judge", request)
    assert blocks(result, "choices") == []
    assert blocks(result, "outcome")[0]["text"] == "Guilty Failure -1"
    assert jt.DOUBLES_RULE in texts(result)


def test_a_judgment_not_open_for_the_dice_is_refused() -> None:
    error = fail("judge_two.judge", {"action": "roll", "seed": 3, "choice": "7-1"})
    assert error["field"] == "choice"
    assert "not open for these dice" in error["message"]


def test_bad_input_names_the_field() -> None:
    error = fail("judge_two.judge", {"action": "roll", "cl": 10})
    assert error == {
        "field": "cl",
        "message": "Challenge level must be a whole number from 1 to 9 (got 10).",
    }
    assert fail("judge_two.judge", {"rank": "two"})["field"] == "rank"
    assert fail("judge_two.judge", {"mode": "duel"})["field"] == "mode"


def test_long_save_says_it_became_faint() -> None:
    result = run("judge_two.judge", {"action": "roll", "seed": 1, "mode": "save", "long": True})
    assert len(rolled(result)) == 3
    assert jt.LONG_SAVE_RULE in texts(result)
    assert any("discarded" in d["tags"] for b in blocks(result, "dice") for d in b["dice"])


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(4, 8),
    st.sampled_from(["none", "bold", "faint"]),
    st.sampled_from(list(jt.Priority)),
)
def test_odds_panel_shows_the_exact_odds(
    rank: int, cl: int, mode: str, priority: jt.Priority
) -> None:
    flags = {"bold": mode == "bold", "faint": mode == "faint"}
    result = run(
        "judge_two.judge",
        {"action": "odds", "rank": rank, "cl": cl, "priority": priority.value, **flags},
    )
    dice_mode = jt.DiceMode.NORMAL if mode == "none" else jt.DiceMode(mode)
    odds = judge_odds(rank, cl, dice_mode, priority)
    items = dict(blocks(result, "facts")[0]["items"])
    over = 36 if mode == "none" else 216
    for outcome in jt.Outcome:
        count = odds.chance(outcome) * over
        assert items[outcome.value].endswith(f"% ({count}/{over})")
    (bars,) = blocks(result, "chart")
    assert [b["label"] for b in bars["bars"]] == [jt.signed(d) for d in odds.degrees]
    marked = [b["label"] for b in bars["bars"] if b["highlight"]]
    assert marked == [jt.signed(d) for d in odds.degrees if d >= 0]
    assert bars.get("marks") == ("Success: +0 or more" if marked else None)


def test_group_mode_rolls_two_dice_each_and_picks_a_truth() -> None:
    request = {
        "action": "roll",
        "seed": 9,
        "mode": "group",
        "players": "3",
        "rank1": 1,
        "rank2": 2,
        "rank3": 2,
        "cl": 5,
    }
    result = run("judge_two.judge", request)
    assert len(blocks(result, "dice")) == 3
    assert len(rolled(result)) == 6
    cards = blocks(result, "choices")[0]["options"]
    truths = [o["label"].split(" \u00b7 ")[0] for o in cards]
    assert len(set(truths)) == len(truths)  # one card per Truth value
    picked = run("judge_two.judge", request | cards[0]["request"])
    assert "Total degrees" in texts(picked)
    assert blocks(picked, "outcome")


def test_group_odds_panel() -> None:
    result = run(
        "judge_two.judge", {"action": "odds", "mode": "group", "rank1": 1, "rank2": 1, "cl": 6}
    )
    assert "Group test, 2 players" in texts(result)
    assert "Group tests cannot be bold" in texts(result)


def test_attack_consequences_follow_the_picked_judgment() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [2, 6])
    base = {
        "action": "roll",
        "seed": seed,
        "rank": 2,
        "cl": 5,
        "attack": True,
        "risk": 3,
        "resistance": 2,
    }
    hit = run("judge_two.judge", base | {"choice": "6-2"})  # +3, counted risk 1: 4
    assert "3 risk and one mark, or 3 risk and two threats" in texts(hit)
    miss = run("judge_two.judge", base | {"choice": "2-6", "attacker_risk": 7})
    assert "The attack fails" in texts(miss)
    assert "two threats, or one mark" in texts(miss)
    brute = run("judge_two.judge", base | {"choice": "6-2", "defender": "brute"})
    assert "a finisher, or one threat on the brute and up to 3 other brutes" in texts(brute)


def test_defence_turns_a_failed_save_into_the_attacks_degrees() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [1, 2])
    request = {
        "action": "roll",
        "seed": seed,
        "mode": "save",
        "rank": 0,
        "cl": 6,
        "attack": True,
        "choice": "2-1",
    }
    result = run("judge_two.judge", request)
    assert "The attack succeeds: 4 degrees of success" in texts(result)
    assert "a finisher" not in texts(result)
    assert "3 risk and one mark" in texts(result)


def test_burdened_by_heavy_armour_after_a_failed_attack() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [1, 5])
    base = {"action": "roll", "seed": seed, "rank": 0, "cl": 8, "attack": True, "choice": "5-1"}
    assert "Burdened" not in texts(run("judge_two.judge", base))
    assert "Burdened" in texts(run("judge_two.judge", base | {"armor": "heavy"}))
    light = run("judge_two.judge", base | {"armor": "light", "choice": "1-5"})
    assert "Burdened" not in texts(light)  # light armour: only a guilty failure


def test_a_link_made_before_the_armor_rename_replays_the_same_roll() -> None:
    """The field was "armour" until it took the rules' spelling: an old share
    link still gives the same result, and the form shows its armor."""
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [1, 5])
    base = {"action": "roll", "seed": seed, "rank": 0, "cl": 8, "attack": True, "choice": "5-1"}
    link = share_fragment("judge_two.judge", base | {"armour": "heavy"})
    widget, request = parse_link(link)
    old = run(widget, json.loads(request))
    new = run("judge_two.judge", base | {"armor": "heavy"})
    assert "Burdened" in texts(old)
    assert old["form"] == {"armor": "heavy"}
    assert {k: v for k, v in old.items() if k != "form"} == new and "form" not in new
    assert old["inputs_text"] == new["inputs_text"]
    assert "armour" not in [f["name"] for w in catalog() for f in w["fields"]]


def test_a_former_name_does_not_stand_beside_the_new_one() -> None:
    """Given both, the field's own name wins; an unknown key is still refused."""
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [1, 5])
    base = {"action": "roll", "seed": seed, "rank": 0, "cl": 8, "attack": True, "choice": "5-1"}
    both = run("judge_two.judge", base | {"armor": "none", "armour": "heavy"})
    assert "Burdened" not in texts(both) and "form" not in both
    error = fail("judge_two.judge", {"action": "odds", "armours": "heavy"})
    assert error["field"] == "armours"


# ---------------------------------------------------------------- judge_two.attack


def test_attack_widget_situations() -> None:
    single = run("judge_two.attack", {"degrees": 1, "risk": 3})
    assert blocks(single, "outcome")[0]["text"] == (
        "3 risk and one mark, or 3 risk and two threats"
    )
    prestige = run("judge_two.attack", {"degrees": 1, "risk": 5, "resistance_from": "highest"})
    assert "Degrees counted 2" in texts(prestige)
    assert "Counted risk 1 (risk less resistance and resolve)" in texts(prestige)
    group = run("judge_two.attack", {"situation": "group", "degrees1": 1, "degrees2": 1})
    assert "3 risk in all" in texts(group)
    failed = run("judge_two.attack", {"situation": "group", "degrees1": 1, "degrees2": -2})
    assert "The group attack fails" in texts(failed)
    guard = run("judge_two.attack", {"situation": "guard", "degrees": 1, "guard_risk": 1})
    assert "1 to 3" in texts(guard)
    counter = run(
        "judge_two.attack", {"situation": "counter", "attacker_risk": 12, "by_nemesis": True}
    )
    assert "a finisher" in texts(counter)
    pvp = run(
        "judge_two.attack",
        {
            "situation": "pvp",
            "attacker_final_light": 7,
            "attacker_truth": 5,
            "defence_final_light": 7,
        },
    )
    assert "The defence succeeds" in texts(pvp)
    assert "the attacker's side takes the next turn" in texts(pvp)


def test_guard_at_twelve_names_the_guards_risk_field() -> None:
    error = fail("judge_two.attack", {"situation": "guard", "guard_risk": 12})
    assert error["field"] == "guard_risk"


# ---------------------------------------------------------------- judge_two.rounds


def test_round_tracker_keeps_state_and_refuses_a_second_turn() -> None:
    first = run("judge_two.rounds", {"action": "record", "who": "a", "result": "guilty"})
    assert [b["text"] for b in first["view"]] == [
        "Round 1",
        "Player A takes their turn and gets a guilty roll",
        "The gamemaster intervenes",
    ]
    state = first["state"]
    error = fail("judge_two.rounds", {"action": "record", "who": "A", "state": state})
    assert error["field"] == "who"
    group = run("judge_two.rounds", {"action": "record", "who": "b and c", "state": state})
    assert group["view"][-1]["text"] == "Round 1 is complete"
    status = run("judge_two.rounds", {"action": "status", "state": group["state"]})
    assert "Round 2" in texts(status)
    assert "Interventions so far 1" in texts(status)


def test_round_tracker_recovers_from_a_bad_saved_state() -> None:
    result = run("judge_two.rounds", {"action": "status", "state": {"players": "x"}})
    assert "A new tracker was started" in result["notice"]
    assert fail("judge_two.rounds", {"action": "record", "who": "Q"})["field"] == "who"


# ---------------------------------------------------------------- issue 14 mechanics


def test_judge_accepts_challenge_levels_three_and_nine() -> None:
    for cl in (1, 3, 9):
        result = run("judge_two.judge", {"action": "odds", "rank": 0, "cl": cl})
        assert f"against CL {cl}" in texts(result)


def test_cover_and_the_environment_move_the_challenge_level() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [2, 5])
    base = {"action": "roll", "seed": seed, "attribute": "Feet", "rank": 2, "cl": 6}
    covered = run("judge_two.judge", base | {"choice": "5-2", "cover": True})
    assert blocks(covered, "outcome")[0]["text"] == "Guilty Success +2"
    assert "Challenge level 6, cover or high ground -1: 5." in texts(covered)
    raised = run("judge_two.judge", base | {"choice": "5-2", "npc_environment": True})
    assert blocks(raised, "outcome")[0]["text"] == "Guilty Success +0"
    both = run("judge_two.judge", base | {"choice": "5-2", "cover": True, "npc_environment": True})
    assert blocks(both, "outcome")[0]["text"] == "Guilty Success +1"
    assert jt.CL_MOVE_RULE in texts(both)
    odds = run("judge_two.judge", {"action": "odds", "rank": 1, "cl": 8, "npc_environment": True})
    assert "against CL 9" in texts(odds)
    items = dict(blocks(odds, "facts")[0]["items"])
    expected = judge_odds(1, 9).chance(jt.Outcome.INNOCENT_SUCCESS) * 36
    assert items["Innocent Success"].endswith(f"% ({expected}/36)")


def test_not_proficient_adds_no_rank() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [2, 5])
    request = {"action": "roll", "seed": seed, "attribute": "Feet", "rank": 2, "cl": 6}
    result = run("judge_two.judge", request | {"choice": "5-2", "not_proficient": True})
    assert blocks(result, "outcome")[0]["text"] == "Guilty Failure -1"
    assert "5 + Feet 0 = 5" in texts(result)
    assert jt.PROFICIENCY_RULE in texts(result)
    save = run(
        "judge_two.judge", request | {"mode": "save", "choice": "5-2", "not_proficient": True}
    )
    assert "Strength 2 = 7" in texts(save)  # saves draw on essences: no proficiency


def test_misdirected_attack_in_both_widgets() -> None:
    result = run("judge_two.attack", {"degrees": 1, "risk": 3, "misdirected": True})
    assert blocks(result, "outcome")[0]["text"] == "1 risk"
    assert "rounds down" in texts(result)
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [2, 6])
    base = {"action": "roll", "seed": seed, "rank": 2, "cl": 5, "attack": True}
    plain = run("judge_two.judge", base | {"choice": "6-2"})  # +3: three risk and a mark
    assert "It imposes 3 risk and one mark, or 3 risk and two threats." in texts(plain)
    hit = run("judge_two.judge", base | {"choice": "6-2", "misdirected": True})
    assert "It imposes 1 risk." in texts(hit)


def test_disguise_revealed_and_burdened() -> None:
    heavy = {"degrees": 1, "resistance_from": "heavy", "disguised": True}
    revealed = run("judge_two.attack", heavy | {"risk": 4})
    assert "Defender's risk after 6" in texts(revealed)  # 1 + (4 - 3) = 2 degrees: 2 risk
    assert "disguise fails" not in texts(revealed)
    revealed = run("judge_two.attack", heavy | {"risk": 5})
    assert "Defender's risk after 8 (critical state)" in texts(revealed)  # 5 + 3
    assert "disguise fails" in texts(revealed)
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [1, 5])
    base = {"action": "roll", "seed": seed, "rank": 0, "cl": 8, "attack": True}
    innocent = base | {"choice": "1-5"}  # Light 1, Truth 5: an innocent failure
    assert "Burdened" not in texts(
        run("judge_two.judge", innocent | {"disguise": "kind_or_gender"})
    )
    assert "Burdened" in texts(run("judge_two.judge", innocent | {"disguise": "kind_and_gender"}))


def test_brute_attacker_counter_attack_uses_the_head_count() -> None:
    seed = next(s for s in range(10_000) if sorted(Rng(s).dice(2, 6)) == [5, 6])
    base = {
        "action": "roll",
        "seed": seed,
        "mode": "save",
        "rank": 1,
        "cl": 5,
        "attack": True,
        "attacker": "brute",
        "choice": "6-5",
    }
    many = run("judge_two.judge", base | {"brutes": 4, "player_characters": 4})
    assert "they impose one threat on the attacker" in texts(many)
    few = run("judge_two.judge", base | {"brutes": 2, "player_characters": 4})
    assert "they impose one threat, or a finisher on the attacker" in texts(few)


def test_numbered_fields_count_only_for_those_who_take_part() -> None:
    """rank1-rank3 and degrees1-degrees3 are read for as many players or
    attackers as the form names: a third attacker's degrees do not count for two."""
    group = {"situation": "group", "degrees1": 1, "degrees2": 1, "degrees3": -12}
    two = run("judge_two.attack", group | {"attackers": "2"})
    assert "The group attack succeeds" in texts(two)
    three = run("judge_two.attack", group | {"attackers": "3"})
    assert "The group attack fails" in texts(three)
    assert "Total degrees -10" in texts(three)
    odds = {"action": "odds", "mode": "group", "rank1": 1, "rank2": 2, "rank3": 3}
    assert "2 players (ranks 1, 2)" in texts(run("judge_two.judge", odds | {"players": "2"}))
    assert "3 players (ranks 1, 2, 3)" in texts(run("judge_two.judge", odds | {"players": "3"}))
