"""The Judge Two rollers with the party: each form filled from the one who acts
and the target, and each result's changes, with the text's numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py.judge_two import attacks
from rules_py.party import changes
from rules_py.party.members import member_json, read_member
from tests.engine.web_calls import new_member, ok


def member(name: str, **fields: Any) -> dict[str, Any]:
    return new_member("judge_two", name, **fields)


def notes(result: dict[str, Any]) -> list[str]:
    return [block["text"] for block in result["view"] if block["type"] == "note"]


def texts(result: dict[str, Any]) -> str:
    return " ".join(json.dumps(block) for block in result["view"])


def applied(before: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """``before`` with the result's changes that name it, applied by the party."""
    mine = [c for c in result.get("changes", []) if c["who"] == before["id"]]
    if not mine:
        return before
    after = changes.apply(read_member(before), changes.read_changes(mine))
    found: dict[str, Any] = json.loads(json.dumps(member_json(after)))
    return found


def judged(request: dict[str, Any], light: int, truth: int | None = None) -> dict[str, Any]:
    """The judge's result for the first seed whose dice allow Light ``light``
    (and Truth ``truth``), judged so."""
    for seed in range(500):
        rolled = ok("judge_two.judge", {**request, "seed": seed})
        options = [b for b in rolled["view"] if b["type"] == "choices"]
        if not options:
            continue
        for option in options[0]["options"]:
            key = option["request"]["choice"]
            got_light, got_truth = (int(part) for part in key.split("-"))
            if got_light == light and (truth is None or got_truth == truth):
                return ok("judge_two.judge", {**request, "seed": seed, "choice": key})
    raise AssertionError("no seed rolled those dice")


ADA = member("Ada", arm=2, feet=2, risk=3, armour="light")
WEN = member("Wen", kind="foe", power_level=5, risk=2)


def test_the_judge_is_filled_from_the_one_who_acts_and_the_target() -> None:
    filled = ok("party.fill", {"widget": "judge_two.judge", "actor": ADA, "target": WEN})
    assert filled["values"] == {
        "rank": 2,
        "attacker_risk": 3,
        "armor": "light",
        "captain": False,
        "disguise": "none",
        "cl": 5,  # "using the non-player character's power level as a challenge level"
        "defender": "character",
        "risk": 2,
        "resistance": 0,
        "resolve": 0,
        "disguised": False,
        "omen": False,
    }
    assert filled["from"]["cl"] == "Wen's power level"
    assert filled["from"]["rank"] == "Ada's Arm"


def test_a_judged_attack_changes_the_target_by_the_text() -> None:
    """Light 5 + Arm 2 against power level 5: two degrees; Wen's two risk make
    four: "three points of risk and one mark"."""
    party = {"actor": ADA, "target": WEN}
    result = judged({"attack": True, "rank": 2, "cl": 5, "mark": "crush", "party": party}, 5)
    wen = applied(WEN, result)
    assert (wen["risk"], wen["marks"]) == (5, [{"mark": "crush", "form": "martial"}])
    assert any(n.startswith("To apply: Wen: Attacked: 2 + 2 risk degrees") for n in notes(result))


def test_two_threats_instead_of_the_mark_are_the_second_option() -> None:
    party = {"actor": ADA, "target": WEN}
    request = {
        "attack": True,
        "rank": 2,
        "cl": 5,
        "impose": 2,
        "threat": "weaken",
        "threat2": "disarm",
        "party": party,
    }
    wen = applied(WEN, judged(request, 5))
    assert (wen["risk"], wen["threats"], wen["marks"]) == (5, ["weaken", "disarm"], [])


def test_light_armour_burdens_the_attacker_on_a_guilty_failure() -> None:
    party = {"actor": ADA, "target": WEN}
    result = judged({"attack": True, "rank": 2, "cl": 8, "party": party}, 1, truth=2)
    ada = applied(ADA, result)
    assert ada["burdened"] is True
    assert applied(WEN, result) == WEN  # a failed attack changes the defender in nothing


def test_a_failed_attack_countered_by_the_defender_threatens_the_attacker() -> None:
    """Ada has three risk: "a threat of their choice on the attacker, if the
    attacker has six or less total risk"."""
    party = {"actor": ADA, "target": WEN}
    request = {
        "attack": True,
        "rank": 2,
        "cl": 8,
        "counter": True,
        "threat": "misdirect",
        "party": party,
    }
    ada = applied(ADA, judged(request, 1, truth=5))
    assert (ada["risk"], ada["threats"]) == (3, ["misdirect"])


def test_a_failed_save_is_an_attack_on_the_one_who_saves() -> None:
    """The save's degrees of failure become the attack's: Light 1 + Strength 1
    against 5 is three, and Ada's three risk less two of light armour make four."""
    party = {"actor": ADA, "target": WEN}
    request = {"mode": "save", "attack": True, "rank": 1, "cl": 5, "party": party}
    result = judged(request, 1)
    ada = applied(ADA, result)
    assert (ada["risk"], ada["marks"]) == (6, [{"mark": "afflict", "form": "martial"}])


def test_the_sheets_rank_is_said_when_the_roll_used_another() -> None:
    """The text's test example: Variel has two ranks in Feet."""
    variel = member("Variel", feet=2)
    result = judged({"attribute": "Feet", "rank": 1, "cl": 6, "party": {"actor": variel}}, 5)
    assert "Variel's Feet is 2 on the sheet; this roll used 1." in notes(result)
    fixed = judged({"attribute": "Feet", "rank": 2, "cl": 6, "party": {"actor": variel}}, 5)
    assert not any("on the sheet" in n for n in notes(fixed))


def test_a_mark_already_borne_is_said_and_nothing_applied() -> None:
    marked = member(
        "Wen", kind="foe", power_level=5, risk=2, marks=[{"mark": "afflict", "form": "martial"}]
    )
    party = {"actor": ADA, "target": marked}
    result = judged({"attack": True, "rank": 2, "cl": 5, "party": party}, 5)
    assert "changes" not in result
    assert "Nothing to apply: Mark imposed: Wen already bears the afflict mark." in notes(result)


def test_the_attack_roller_is_filled_and_changes_the_defender() -> None:
    filled = ok("party.fill", {"widget": "judge_two.attack", "actor": ADA, "target": WEN})
    values = filled["values"]
    assert (values["risk"], values["attacker_risk"], values["guard_risk"]) == (2, 2, 3)
    assert values["resistance_from"] == "number"
    result = ok(
        "judge_two.attack", {**values, "degrees": 1, "party": {"actor": ADA, "target": WEN}}
    )
    wen = applied(WEN, result)
    assert (wen["risk"], wen["marks"]) == (5, [{"mark": "afflict", "form": "martial"}])


def test_a_guard_whose_defence_fails() -> None:
    """ "The guarding ally voluntarily increases their own risk by two": Ada 3 to 5;
    the attacker imposes a threat on her and, on Wen, what one degree against
    her five risk less two of light armour imposes: four, three risk and a mark."""
    party = {"actor": ADA, "target": WEN}
    result = ok(
        "judge_two.attack",
        {
            "situation": "guard",
            "degrees": 1,
            "guard_risk": 3,
            "resistance_from": "light",
            "guard_defence": "failed",
            "threat": "disarm",
            "mark": "pierce",
            "party": party,
        },
    )
    ada, wen = applied(ADA, result), applied(WEN, result)
    assert (ada["risk"], ada["threats"]) == (5, ["disarm"])
    assert (wen["risk"], wen["marks"]) == (5, [{"mark": "pierce", "form": "martial"}])
    held = ok("judge_two.attack", {"situation": "guard", "guard_defence": "held", "party": party})
    assert applied(ADA, held)["risk"] == 5
    assert applied(WEN, held) == WEN


WEAPONS = ("none", "improvised", "close", "near", "far")


def text_says_counter(weapon: str, attack_range: str) -> bool:
    """The text, read a second way: "Close range weapons can counter close range
    attacks. Near range weapons can counter close and near range attacks. Far
    range weapons can counter near and far range attacks"; "Close range weapons
    can be thrown as a counterattack against near range attacks"; an improvised
    weapon counts as close; "An unarmed character [...] cannot counterattack."""
    reach = {
        "close": "close near",
        "improvised": "close near",
        "near": "close near",
        "far": "near far",
        "none": "",
    }
    return attack_range in reach[weapon].split()


@pytest.mark.parametrize("weapon", WEAPONS)
@pytest.mark.parametrize("attack_range", attacks.ATTACK_RANGES)
def test_counter_eligibility_by_weapon_range(weapon: str, attack_range: str) -> None:
    found = attacks.can_counter("martial", weapon, attack_range)
    assert found.eligible is text_says_counter(weapon, attack_range), found
    result = ok(
        "judge_two.attack",
        {
            "situation": "counter",
            "counter_boon": weapon,
            "attack_range": attack_range,
            "party": {"actor": WEN, "target": ADA},
        },
    )
    assert ("changes" in result) is found.eligible
    assert found.reason in texts(result)


def test_counter_in_subtle_conflicts_needs_a_script_and_never_a_veiled_attack() -> None:
    assert attacks.can_counter("subtle", "script").eligible
    assert not attacks.can_counter("subtle", "none").eligible
    assert not attacks.can_counter("martial", "far", "far", veiled=True).eligible
    thrown = attacks.can_counter("martial", "close", "near")
    assert attacks.counters.THROWN_COUNTER_NOTE in thrown.notes


def test_a_counter_attack_on_an_attacker_in_a_critical_state_may_mark() -> None:
    critical = member("Ada", risk=7)
    result = ok(
        "judge_two.attack",
        {
            "situation": "counter",
            "attacker_risk": 7,
            "impose": 2,
            "mark": "stricken",
            "party": {"actor": WEN, "target": critical},
        },
    )
    after = applied(critical, result)
    assert (after["risk"], after["marks"]) == (7, [{"mark": "stricken", "form": "martial"}])


def test_a_turn_in_the_round_tracker_ends_the_weaken_threat() -> None:
    weak = member("Ada", risk=4, threats=["weaken", "disarm"])
    status = ok("judge_two.rounds", {"action": "status", "party": {"actor": weak}})
    assert ["Ada's risk", "4"] in status["view"][0]["items"]
    result = ok(
        "judge_two.rounds", {"action": "record", "who": "A", "players": 2, "party": {"actor": weak}}
    )
    assert applied(weak, result)["threats"] == ["disarm"]
    calm = ok(
        "judge_two.rounds",
        {
            "action": "record",
            "who": "A",
            "players": 2,
            "party": {"actor": member("Ada", threats=["disarm"])},
        },
    )
    assert "changes" not in calm


def test_a_save_says_when_the_form_holds_other_numbers_than_the_defenders_sheet() -> None:
    """In a save the one who acts defends: the form's defender numbers filled
    for an attack are the target's, and the note says what the sheet holds."""
    party = {"actor": ADA, "target": WEN}
    request = {"mode": "save", "attack": True, "rank": 1, "cl": 5, "risk": 2, "party": party}
    said = notes(judged(request, 1))
    assert "Ada's risk is 3 on the sheet; this roll used 2." in said
    assert "Ada's martial resistance is 2 on the sheet; this roll used 0." in said
    ada = applied(ADA, judged(request, 1))
    assert ada["risk"] == 6  # by the sheet: three risk, less two of light armour, counted


def test_the_rank_follows_the_attribute_or_essence_the_form_names() -> None:
    """A test of Feet takes the actor's Feet, not Arm; a save takes the essence
    the form names, derived from the three attributes it draws on (halved,
    rounded down)."""
    from rules_py.judge_two.judging.essences import ESSENCE_SOURCES

    runner = member("Ria", arm=1, feet=3, breath=2, guts=3, spirit=1)
    request = {"widget": "judge_two.judge", "actor": runner}
    feet = ok("party.fill", {**request, "form": {"mode": "test", "attribute": "Feet"}})
    assert (feet["values"]["rank"], feet["from"]["rank"]) == (3, "Ria's Feet")
    for essence, sources in ESSENCE_SOURCES.items():
        save = ok("party.fill", {**request, "form": {"mode": "save", "essence": essence}})
        by_hand = sum(runner[name.lower()] for name in sources) // 2
        assert save["values"]["rank"] == min(by_hand, 3), essence
        assert save["from"]["rank"] == f"Ria's {essence}"
    group = ok("party.fill", {**request, "form": {"mode": "group"}})
    assert "rank" not in group["values"]


def test_a_save_is_filled_with_the_one_who_acts_defending() -> None:
    """A save answers a non-player character's attack: the actor's numbers are
    the defender's, the target's power level is the challenge level and its
    risk the attacker's."""
    ada = member("Ada", arm=2, breath=2, guts=2, spirit=2, risk=3, armour="light")
    wen = member("Wen", kind="brute", power_level=6, risk=1)
    filled = ok(
        "party.fill",
        {
            "widget": "judge_two.judge",
            "actor": ada,
            "target": wen,
            "form": {"mode": "save", "essence": "Strength"},
        },
    )["values"]
    assert (filled["cl"], filled["attacker"], filled["attacker_risk"]) == (6, "brute", 1)
    assert (filled["risk"], filled["resistance"]) == (3, attacks.ARMOUR_RESISTANCE["light"])
    assert "defender" not in filled and "armor" not in filled
