"""Judge Two subtle conflicts: prestige (judge_two.prestige) and scripts in play
(judge_two.scripts), with the text's examples."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.judge_two import prestige as pr
from rules_py.judge_two import scripts as sc
from tests.engine.test_judge_two_party_rollers import applied, member
from tests.engine.web_calls import ok, refused


def test_the_noblewoman_on_the_road() -> None:
    """ "A wealthy Udahi noblewoman and her attendants speaking to Leshethi soldiers
    on a Udahi road would have the highest prestige (wealth + native vs. gender),
    her personal attendants would have middle prestige, and the soldiers would
    have low prestige.\""""
    result = ok(
        "judge_two.prestige",
        {
            "characters": "3",
            "space": "public",
            "a_side": "1",
            "a_wealthiest": True,
            "a_native": True,
            "a_gender": "female",
            "b_side": "1",
            "b_native": True,
            "b_gender": "female",
            "c_side": "2",
            "c_gender": "male",
            "c_crowd": 12,
        },
    )
    rows = result["view"][1]["rows"]
    assert [(r[0], r[2]) for r in rows] == [
        ("A", "highest (4 subtle resistance)"),
        ("B", "middle (2 subtle resistance)"),
        ("C", "low (0 subtle resistance)"),
    ]


@pytest.mark.parametrize(("space", "winner"), [("public", 0), ("private", 1)])
def test_the_mercenary_and_the_noblewoman_in_the_camp_and_the_tent(space: str, winner: int) -> None:
    """ "native + gender for the mercenary vs. wealth for the woman" in the camp;
    inside the grand tent "wealth + gender for the noblewoman vs. native"."""
    mercenary = pr.Contender(1, wealthiest=False, native=True, gender="male", crowd=4)
    noblewoman = pr.Contender(2, wealthiest=True, native=False, gender="female", crowd=3)
    attendant = pr.Contender(2, wealthiest=False, native=False, gender="female", crowd=0)
    result = pr.prestige([mercenary, noblewoman, attendant], space)
    assert result.highest == winner
    assert result.degrees[2] == ("middle" if winner == 1 else "low")


def test_ties_go_to_the_crowd_then_to_low_prestige_for_all() -> None:
    a = pr.Contender(1, True, False, "male", 10)
    b = pr.Contender(2, False, True, "male", 3)
    assert pr.prestige([a, b], "public").degrees == ("highest", "low")
    same = pr.Contender(2, False, True, "male", 10)
    assert pr.prestige([a, same], "public").degrees == ("low", "low")


def test_supernal_priests_and_shuvin_stand_above_mortals() -> None:
    wealthy = pr.Contender(1, True, True, "male", 100)
    for standing in ("priest", "shuvin", "supernal"):
        poor = pr.Contender(2, False, False, "female", 0, standing)
        assert pr.prestige([wealthy, poor], "public").highest == 1
    priest = pr.Contender(1, False, False, "male", 0, "priest")
    angel = pr.Contender(2, False, False, "female", 0, "supernal")
    assert pr.prestige([priest, angel], "public").highest == 1


def test_prestige_against_a_count_by_hand() -> None:
    """Two mortals on two sides, every combination: the one meeting more
    conditions wins; equal counts go to the crowd, then to low for both."""
    for wa, na, ga, wb, nb, gb, space, ca, cb in product(
        (False, True),
        (False, True),
        pr.GENDERS,
        (False, True),
        (False, True),
        pr.GENDERS,
        pr.SPACES,
        (0, 5),
        (0, 5),
    ):
        favoured = "male" if space == "public" else "female"
        count_a = wa + na + (ga == favoured)
        count_b = wb + nb + (gb == favoured)
        expected = (
            0 if (count_a, ca) > (count_b, cb) else 1 if (count_a, ca) < (count_b, cb) else None
        )
        found = pr.prestige(
            [pr.Contender(1, wa, na, ga, ca), pr.Contender(2, wb, nb, gb, cb)], space
        )
        assert found.highest == expected


def test_prestige_sets_the_party_members_prestige() -> None:
    ada, wen = member("Ada"), member("Wen", kind="foe", prestige="highest")
    result = ok("judge_two.prestige", {"a_native": True, "party": {"actor": ada, "target": wen}})
    assert applied(ada, result)["prestige"] == "highest"
    assert applied(wen, result)["prestige"] == "low"


def test_scripts_drawn_readied_two_at_most() -> None:
    table = sc.draw(sc.ScriptTable(), "appeal", "A", "dispassionate")
    with pytest.raises(RulesInputError) as caught:
        sc.draw(table, "appeal", "B", "dispassionate")
    assert "one copy of each script" in caught.value.message
    table = sc.draw(table, "flatter", "A", "dispassionate")
    third = sc.draw(table, "rebuke", "A", "impassioned")
    assert third.find("rebuke") == sc.InPlay("rebuke", "A", False, "impassioned")
    assert sc.DRAWN_UNREADIED_NOTE in third.latest
    with pytest.raises(RulesInputError):
        sc.ready(third, "rebuke", "A")
    disarmed = sc.disarm(third, "appeal")
    taken = sc.take(disarmed, "appeal", "B")
    assert taken.find("appeal") == sc.InPlay("appeal", "B", False, "dispassionate")
    readied = sc.ready(sc.ready(taken, "appeal", "B"), "rebuke", "A")
    assert len(readied.readied_by("A")) == 2
    assert sc.from_json(readied.to_json()) == sc.ScriptTable(readied.in_play)
    assert sc.end_conflict(readied).in_play == ()


def facing(**changed: Any) -> sc.Facing:
    base = {
        "attacker_risk": 0,
        "defender_risk": 0,
        "defender_less_prestige": False,
        "defender_composed": True,
        "defender_brute": False,
    }
    return sc.Facing(**{**base, **changed})


@pytest.mark.parametrize(
    ("script", "meets", "fails"),
    [
        ("appeal", {"attacker_risk": 6}, {"attacker_risk": 7}),
        ("flatter", {"defender_risk": 6}, {"defender_risk": 7}),
        ("rebuke", {"defender_less_prestige": True}, {}),
        ("scandalize", {"defender_composed": False}, {}),
    ],
)
def test_the_bold_conditions_of_the_base_scripts(
    script: str, meets: dict[str, Any], fails: dict[str, Any]
) -> None:
    table = sc.draw(sc.ScriptTable(), script, "A", "impassioned")
    assert sc.bold_scripts(table, "A", facing(**meets))[0]
    assert not sc.bold_scripts(table, "A", facing(**fails))[0]


def test_two_dispassionate_scripts_are_bold_only_against_brutes() -> None:
    table = sc.draw(
        sc.draw(sc.ScriptTable(), "appeal", "A", "dispassionate"), "flatter", "A", "dispassionate"
    )
    assert not sc.bold_scripts(table, "A", facing())[0]
    assert sc.bold_scripts(table, "A", facing(defender_brute=True))[0]
    assert not sc.bold_scripts(table, "B", facing(defender_brute=True))[0]


def test_the_scripts_widget_keeps_state_and_takes_composure() -> None:
    ada, wen = member("Ada", risk=2), member("Wen", kind="foe", risk=8, composed=False)
    party = {"actor": ada, "target": wen}
    filled = ok("party.fill", {"widget": "judge_two.scripts", "actor": ada, "target": wen})
    assert filled["values"] == {
        "attacker_risk": 2,
        "defender_risk": 8,
        "composed": False,
        "brute": False,
        "less_prestige": False,
    }
    drawn = ok(
        "judge_two.scripts",
        {
            "action": "record",
            "move": "draw",
            "script": "scandalize",
            "passion": "impassioned",
            "party": party,
        },
    )
    assert applied(ada, drawn)["composed"] is False
    status = ok(
        "judge_two.scripts", {"action": "status", **filled["values"], "state": drawn["state"]}
    )
    assert status["view"][1]["text"] == "A's subtle attack: bold"
    again = refused(
        "judge_two.scripts",
        {"action": "record", "move": "draw", "script": "scandalize", "state": drawn["state"]},
    )
    assert again["field"] == "script"
    broken = ok("judge_two.scripts", {"action": "status", "state": {"in_play": "x"}})
    assert "A new subtle conflict was started" in broken["notice"]
