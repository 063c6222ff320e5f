"""Judge Two health and status, rest, the death check at a scene's end and the
essences (judge_two.health and rules_py.judge_two.health), with the text's
numbers, and a conflict carried through the party from judged rolls to a
finisher, a rest and the death check."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import health, statuses
from tests.engine.test_judge_two_party_rollers import applied, judged, member, notes
from tests.engine.web_calls import ok, refused

MARKS = statuses.MARKS


def test_three_marks_one_martial_kill_at_the_scenes_end() -> None:
    """ "if they come to the end of a scene with three or more marks, where at
    least one of the marks has been imposed by a martial (or physical) attack"."""
    marks = [("crush", "martial"), ("afflict", "subtle"), ("pierce", "subtle")]
    assert health.scene_end(marks).dies
    assert not health.scene_end([(m, "subtle") for m in MARKS]).dies
    assert not health.scene_end(marks[:2]).dies


def test_the_death_check_against_a_second_reading() -> None:
    """Every set of marks and forms, against the condition counted by hand."""
    for count in range(len(MARKS) + 1):
        for chosen in combinations(MARKS, count):
            for forms in product(statuses.FORMS, repeat=count):
                marks = list(zip(chosen, forms, strict=True))
                expected = count >= 3 and any(form == "martial" for form in forms)
                assert health.scene_end(marks).dies is expected


def test_an_immediate_rest_can_save_a_character() -> None:
    """A short rest recovers the afflict or stricken mark; a long one any two:
    fewer than three marks are left, so the character lives (the site's reading)."""
    marks = [("crush", "martial"), ("afflict", "subtle"), ("pierce", "martial")]
    assert not health.scene_end(marks, "short", ["afflict"]).dies
    assert health.scene_end(marks, "quick").dies  # a quick rest recovers no mark
    with pytest.raises(RulesInputError) as caught:
        health.scene_end(marks, "short", ["crush"])
    assert caught.value.field == "recover"
    four = [*marks, ("stricken", "martial")]
    assert not health.scene_end(four, "long", ["crush", "pierce"]).dies
    assert health.scene_end(four, "short", ["stricken"]).dies


def test_the_widget_rests_the_one_who_acts() -> None:
    ada = member(
        "Ada",
        risk=9,
        marks=[{"mark": "stricken", "form": "martial"}, {"mark": "crush", "form": "martial"}],
    )
    filled = ok("party.fill", {"widget": "judge_two.health", "actor": ada})["values"]
    assert (filled["risk"], filled["mark_stricken"], filled["mark_afflict"]) == (9, "martial", "")
    for length, recover, risk, left in (
        ("quick", "", 0, ["stricken", "crush"]),
        ("short", "stricken", 0, ["crush"]),
    ):
        result = ok(
            "judge_two.health",
            {
                **filled,
                "mode": "rest",
                "length": length,
                "recover": recover,
                "party": {"actor": ada},
            },
        )
        after = applied(ada, result)
        assert after["risk"] == risk
        assert [m["mark"] for m in after["marks"]] == left
    long = ok(
        "judge_two.health",
        {
            **filled,
            "mode": "rest",
            "length": "long",
            "recover": "stricken",
            "recover2": "crush",
            "party": {"actor": ada},
        },
    )
    assert applied(ada, long)["marks"] == []


def test_a_short_rest_refuses_the_crush_mark_by_name() -> None:
    answer = refused(
        "judge_two.health",
        {"mode": "rest", "length": "short", "mark_crush": "martial", "recover": "crush"},
    )
    assert answer["field"] == "recover"
    assert "afflict mark or the stricken mark" in answer["message"]


def test_essences_from_attributes_and_an_advance() -> None:
    """ "Each of these three essences has a rank equal to the sum of the ranks of
    its three related attributes, divided by two and rounded down"."""
    variel = member("Variel", feet=2, arm=1, spirit=1, breath=0, eyes=1, hands=1)
    filled = ok("party.fill", {"widget": "judge_two.health", "actor": variel})["values"]
    result = ok(
        "judge_two.health",
        {**filled, "mode": "essences", "advance": "Arm", "party": {"actor": variel}},
    )
    rows = dict(result["view"][1]["rows"])
    assert rows["Strength"] == "(Arm + Feet + Spirit) 5 / 2 = 2"
    assert rows["Mind"] == "(Breath + Eyes + Hands) 2 / 2 = 1"  # Variel's one rank in Mind
    assert applied(variel, result)["arm"] == 2
    top = refused("judge_two.health", {"mode": "essences", "feet": 3, "advance": "Feet"})
    assert top["field"] == "advance"


def test_a_conflict_through_the_party_to_a_finisher_then_rest_and_death() -> None:
    """Judged attacks carry Wen's risk from roll to roll, the round tracker ends
    a weaken threat, a finisher comes at last; then Ada, with three marks, one
    martial, rests at once and lives, where without the rest she would die."""
    ada = member("Ada", arm=2, armour="heavy", prestige="highest", resolve=1)
    wen = member("Wen", kind="foe", power_level=5)
    # 1. Ada attacks: Light 4 + Arm 2 = 6 against 5, one degree: two risk and a threat.
    first = judged(
        {
            "attack": True,
            "rank": 2,
            "cl": 5,
            "threat": "weaken",
            "party": {"actor": ada, "target": wen},
        },
        4,
        truth=5,
    )
    wen = applied(wen, first)
    assert (wen["risk"], wen["threats"]) == (2, ["weaken"])
    # 2. Wen's turn in the round tracker ends the weaken threat.
    turn = ok(
        "judge_two.rounds", {"action": "record", "who": "A", "players": 1, "party": {"actor": wen}}
    )
    wen = applied(wen, turn)
    assert wen["threats"] == []
    # 3. Wen attacks Ada, whose save fails by three (Light 1 + Strength 1 against 5),
    #    three times; her risk less resistance (heavy armour 3, highest prestige 4)
    #    and resolve 1 counts 0, 0, then 1: three risk and a mark each time.
    for mark, form in (("crush", "martial"), ("afflict", "subtle"), ("pierce", "subtle")):
        hit = judged(
            {
                "mode": "save",
                "attack": True,
                "rank": 1,
                "cl": 5,
                "mark": mark,
                "conflict": form,
                "party": {"actor": ada, "target": wen},
            },
            1,
        )
        ada = applied(ada, hit)
    assert [m["mark"] for m in ada["marks"]] == ["crush", "afflict", "pierce"]
    assert ada["risk"] == 9
    # 4. Ada's next attack: Wen's two risk push it to a finisher.
    last = judged({"attack": True, "rank": 2, "cl": 5, "party": {"actor": ada, "target": wen}}, 6)
    wen = applied(wen, last)
    assert wen["finished"] == "martial"
    # 5. The scene ends: without a rest Ada dies; a short rest at once saves her.
    marks = {f"mark_{m['mark']}": m["form"] for m in ada["marks"]}
    dead = ok("judge_two.health", {"mode": "scene_end", **marks, "party": {"actor": ada}})
    assert dead["view"][0]["tone"] == "bad" and "dies" in dead["view"][0]["text"]
    saved = ok(
        "judge_two.health",
        {
            "mode": "scene_end",
            **marks,
            "scene_rest": "short",
            "recover": "afflict",
            "party": {"actor": ada},
        },
    )
    assert "lives" in saved["view"][0]["text"]
    ada = applied(ada, saved)
    assert (ada["risk"], len(ada["marks"])) == (0, 2)
    assert any(n.startswith("To apply: Ada: A short rest") for n in notes(saved))
