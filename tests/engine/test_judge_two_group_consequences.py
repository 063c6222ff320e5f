"""Group attacks (The Way of All the Earth, "Group Attacks"): each attacker's
own consequences, at most three risk in all, and the defender changed by
Apply. The bands: "0-2 degrees of success imposes two points of risk and
one threat [...] 3-4 [...] three points of risk and one mark [...] or three
points of risk and two threats [...] 5 or more [...] a finisher"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import attacks
from rules_py.judge_two.attacks import Consequence, Defender, DefenderKind
from rules_py.party import changes
from rules_py.party.members import member_json, read_member
from tests.engine.web_calls import call, new_member, ok


def member(name: str, **fields: Any) -> dict[str, Any]:
    return new_member("judge_two", name, **fields)


def applied(before: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    mine = [c for c in result.get("changes", []) if c["who"] == before["id"]]
    if not mine:
        return before
    after = changes.apply(read_member(before), changes.read_changes(mine))
    found: dict[str, Any] = json.loads(json.dumps(member_json(after)))
    return found


def facts(result: dict[str, Any]) -> dict[str, str]:
    return {
        key: value
        for block in result["view"]
        if block["type"] == "facts"
        for key, value in block["items"]
    }


def texts(result: dict[str, Any]) -> list[str]:
    return [block["text"] for block in result["view"] if "text" in block]


ADA = member("Ada", arm=2)
WEN = member("Wen", kind="foe", power_level=5)


def group(target: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    """The attack roller's group situation, the form filled from the target's sheet."""
    request: dict[str, Any] = {"situation": "group", **values}
    if target is not None:
        party = {"actor": ADA, "target": target}
        filled = ok("party.fill", {"widget": "judge_two.attack", **party})["values"]
        request = {**filled, **request, "party": party}
    return ok("judge_two.attack", request)


# ---------------------------------------------------------------- the engine


def test_two_attackers_each_choose_and_the_risk_stops_at_three() -> None:
    """Two attackers of 1 and 2 degrees against no risk: "two points of risk
    and one threat" each, four risk chosen, "cannot impose more than three
    total risk": the first imposes 2, the second 1."""
    result = attacks.group_attack((1, 2), Defender())
    parts = attacks.group_consequences(result, (1, 1))
    assert [p.chosen for p in parts] == [Consequence(risk=2, threats=1)] * 2
    assert [p.imposed.risk for p in parts] == [2, 1]
    assert [p.capped for p in parts] == [False, True]
    assert sum(p.imposed.risk for p in parts) == result.risk_imposed == 3


def test_the_attackers_order_decides_who_imposes_the_risk() -> None:
    """The text lets the attackers choose the order; the site takes the
    form's: the same two attackers swapped move the cut risk, not the total."""
    degrees = (1, 3)  # 2 risk and a threat; 3 risk and a mark (or two threats)
    forward = attacks.group_consequences(attacks.group_attack(degrees, Defender()), (1, 1))
    assert [p.imposed.risk for p in forward] == [2, 1]
    backward = attacks.group_attack(tuple(reversed(degrees)), Defender())
    swapped = attacks.group_consequences(backward, (1, 1))
    assert [p.imposed.risk for p in swapped] == [3, 0]
    assert swapped[1].imposed == Consequence(risk=0, threats=1)  # its threat still counts
    assert attacks.GROUP_ORDER_RULE in backward.notes


def test_three_attackers_the_cap_reached_and_threats_and_marks_unlimited() -> None:
    """Three attackers of 3, 3 and 1 degrees: the first two "three points of
    risk" each, the third two; risk stops at three, but "There are no limits
    to the number of threats, marks, or finishers"."""
    result = attacks.group_attack((3, 3, 1), Defender())
    parts = attacks.group_consequences(result, (1, 2, 1), ("crush", "afflict", "pierce"))
    assert [p.imposed for p in parts] == [
        Consequence(risk=3, marks=1),
        Consequence(risk=0, threats=2),
        Consequence(risk=0, threats=1),
    ]
    assert result.risk_imposed == 3


def test_each_attacker_counts_the_risk_before_the_group_attack() -> None:
    """ "Risk imposed by individual attackers in a group attack does not impact
    the degree of success of other individual attackers": against 2 risk, 0, 0
    and 3 degrees count 2, 2 and 5, a finisher for the third."""
    result = attacks.group_attack((0, 0, 3), Defender(risk=2))
    parts = attacks.group_consequences(result, (1, 1, 1))
    assert [p.imposed for p in parts] == [
        Consequence(risk=2, threats=1),
        Consequence(risk=1, threats=1),
        Consequence(finisher=True),
    ]


def test_a_choice_outside_an_attackers_options_names_its_field() -> None:
    result = attacks.group_attack((1, 3), Defender())
    with pytest.raises(RulesInputError) as error:
        attacks.group_consequences(result, (1, 3))
    assert error.value.field == "attacker2_impose"
    assert error.value.message == (
        "Attacker 2: consequences to impose must be 1 to 2 (1 = 3 risk and one mark; "
        "2 = 3 risk and two threats) for 3 degrees counted (got 3)."
    )
    with pytest.raises(RulesInputError) as error:
        attacks.group_consequences(result, (2, 1))
    assert error.value.field == "attacker1_impose"
    assert "must be 1 (1 = 2 risk and one threat)" in error.value.message
    with pytest.raises(RulesInputError) as error:
        attacks.group_consequences(result, (1,))
    assert error.value.field == "attackers"


def test_two_attackers_cannot_impose_the_same_mark() -> None:
    """A character bears each mark once: the second attacker is told which are left."""
    result = attacks.group_attack((3, 3), Defender())
    with pytest.raises(RulesInputError) as error:
        attacks.group_consequences(result, (1, 1), ("crush", "crush"))
    assert error.value.field == "attacker2_mark"
    assert error.value.message.endswith("choose one of afflict, pierce, stricken.")
    # The same mark named twice is fine when one of them imposes two threats instead.
    parts = attacks.group_consequences(result, (1, 2), ("crush", "crush"))
    assert [p.imposed.marks for p in parts] == [1, 0]


def test_a_veiled_group_attack_imposes_risk_only() -> None:
    """ "Group attacks can be veiled attacks", which "cannot impose threats,
    marks, or finishers, but they do impose appropriate amounts of risk"."""
    result = attacks.group_attack((1, 3), Defender(), veiled=True)
    parts = attacks.group_consequences(result, (1, 1))
    assert [p.imposed for p in parts] == [Consequence(risk=2), Consequence(risk=1)]


def test_a_nemesis_takes_no_risk_until_its_omen_is_met() -> None:
    """ "Nemeses cannot have risk imposed on them until their omen condition is met"."""
    unmet = Defender(DefenderKind.NEMESIS, risk=4, omen_met=False)
    parts = attacks.group_consequences(attacks.group_attack((1, 3), unmet), (1, 1))
    assert [p.imposed for p in parts] == [
        Consequence(threats=1),
        Consequence(marks=1),
    ]  # the ignored 4 risk counts for nothing: 1 and 3 degrees
    met = Defender(DefenderKind.NEMESIS, risk=4, omen_met=True)
    parts = attacks.group_consequences(attacks.group_attack((1, 0), met), (1, 1))
    assert [p.imposed for p in parts] == [Consequence(finisher=True), Consequence(risk=3, marks=1)]


# ---------------------------------------------------------------- the roller


def test_the_result_shows_each_attacker_and_the_capped_total() -> None:
    result = group(degrees1=1, degrees2=3, attacker2_impose=2, risk=0)
    shown = facts(result)
    assert shown["Attacker 1"] == "1 counted: 2 risk and one threat (disarm)"
    assert shown["Attacker 2"] == (
        "3 counted: 3 risk and two threats (entangle, misdirect), 1 of its 3 risk counting"
    )
    assert shown["Risk in all"] == "3 (5 chosen; at most 3 in all)"
    assert shown["Defender's risk after"] == "3"
    assert "Attacker 2 may impose: 1 = 3 risk and one mark, 2 = 3 risk and two threats." in (
        texts(result)
    )
    assert attacks.GROUP_ORDER_RULE in texts(result)


def test_a_third_attackers_choices_count_only_when_three_attack() -> None:
    two = group(degrees1=1, degrees2=1, attacker3_impose=3)
    assert "Attacker 3" not in facts(two)
    refused = call(
        "judge_two.attack",
        {"situation": "group", "attackers": "3", "degrees3": 1, "attacker3_impose": 3},
    )
    assert refused["error"]["field"] == "attacker3_impose"


def test_a_choice_out_of_the_fields_range_is_refused_by_its_label() -> None:
    refused = call("judge_two.attack", {"situation": "group", "attacker1_impose": 4})
    assert refused["error"] == {
        "field": "attacker1_impose",
        "message": "Attacker 1: consequences to impose (1 = the first listed) must be a "
        "whole number from 1 to 3 (got 4).",
    }
    wrong_mark = call("judge_two.attack", {"situation": "group", "attacker2_mark": "bruise"})
    assert wrong_mark["error"]["field"] == "attacker2_mark"
    assert "afflict, crush, pierce, stricken" in wrong_mark["error"]["message"]


def test_two_attackers_apply_to_the_defender() -> None:
    """Wen, a foe with 2 risk: 0 and 1 degrees count 2 and 3; two risk and a
    threat, then three risk and a mark, one of them counting: 2 + 3 = 5."""
    wen = member("Wen", kind="foe", power_level=5, risk=2)
    result = group(wen, degrees1=0, degrees2=1, attacker1_threat="weaken", attacker2_mark="crush")
    after = applied(wen, result)
    assert after["risk"] == 5
    assert after["threats"] == ["weaken"]
    assert after["marks"] == [{"mark": "crush", "form": "martial"}]
    assert {c["why"] for c in result["changes"]} == {
        "Group attack: attacker 1 imposes 2 risk and one threat; attacker 2 imposes 1 risk "
        "and one mark (3 risk in all)"
    }


def test_three_attackers_a_finisher_and_the_cap_in_a_subtle_conflict() -> None:
    wen = member("Wen", kind="foe", power_level=5, risk=2)
    result = group(
        wen,
        attackers="3",
        degrees1=0,
        degrees2=0,
        degrees3=3,
        conflict="subtle",
        attacker1_threat="disarm",
        attacker2_threat="misdirect",
    )
    after = applied(wen, result)
    assert (after["risk"], after["threats"], after["finished"]) == (
        5,
        ["disarm", "misdirect"],
        "subtle",
    )


def test_the_risk_stops_at_twelve() -> None:
    """ "Any additional risk that is imposed on a character beyond twelve is
    ignored": a veiled group attack (risk only) on Wen at 11 risk."""
    wen = member("Wen", kind="foe", power_level=5, risk=11)
    result = group(wen, degrees1=0, degrees2=0, veiled=True)
    assert facts(result)["Defender's risk after"] == "12 (critical state)"
    assert applied(wen, result)["risk"] == 12


def test_a_veiled_group_attack_changes_only_the_risk() -> None:
    wen = member("Wen", kind="foe", power_level=5)
    result = group(wen, degrees1=1, degrees2=3, veiled=True, attacker2_impose=1)
    after = applied(wen, result)
    assert (after["risk"], after["threats"], after["marks"]) == (3, [], [])


def test_a_nemesis_defender_without_its_omen_takes_threats_and_marks_but_no_risk() -> None:
    nemesis = member("Sura", kind="nemesis", power_level=7, risk=4)
    result = group(nemesis, degrees1=1, degrees2=3, attacker2_mark="stricken")
    after = applied(nemesis, result)
    assert (after["risk"], after["threats"]) == (4, ["disarm"])
    assert after["marks"] == [{"mark": "stricken", "form": "martial"}]
    failed = group(nemesis, degrees1=1, degrees2=-2)
    assert "changes" not in failed
    assert "A nemesis can counter-attack every attacker." in texts(failed)


def test_a_brute_is_finished_or_threatened_but_takes_no_risk() -> None:
    """ "impose a finisher on the brute, irrespective of the attack's degree of
    success, or [...] a threat on the brute and a number of other brutes"."""
    brute = member("Guard", kind="brute", power_level=4)
    result = group(brute, degrees1=2, degrees2=1, attacker2_impose=2, attacker2_threat="weaken")
    after = applied(brute, result)
    assert (after["risk"], after["threats"], after["finished"]) == (0, ["weaken"], "martial")


def test_a_failed_group_attack_changes_no_one() -> None:
    wen = member("Wen", kind="foe", power_level=5, risk=2)
    result = group(wen, degrees1=1, degrees2=-2)
    assert "changes" not in result
    assert "The defender can counter-attack a single attacker, if eligible." in texts(result)


def test_a_mark_already_borne_or_a_threat_kept_off_is_said_and_nothing_applied() -> None:
    marked = member("Wen", kind="foe", power_level=5, marks=[{"mark": "crush", "form": "martial"}])
    result = group(marked, degrees1=3, degrees2=1, attacker1_mark="crush")
    assert "changes" not in result
    assert "Nothing to apply: Attacker 1: mark imposed: Wen already bears the crush mark." in texts(
        result
    )
    shielded = member("Wen", kind="foe", power_level=5, shield=True)
    result = group(shielded, degrees1=1, degrees2=1, attacker2_threat="weaken")
    assert "changes" not in result
    assert (
        "Nothing to apply: Attacker 2: threat imposed: Wen's a readied shield keeps the "
        "weaken threat off." in texts(result)
    )
