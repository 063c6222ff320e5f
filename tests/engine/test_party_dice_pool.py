"""The d10 dice-pool game in the party: damage and Defeat, Limit to a break,
Anima, motes and rest, with the text's numbers."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.dice_pool import powers
from rules_py.dice_pool.characters import PoolCharacter
from rules_py.party import changes, members
from rules_py.party.events import Outcome
from rules_py.party.games import game

RULES = game("dice_pool")


def exalt(**fields: Any) -> PoolCharacter:
    member = members.with_fields(members.new_member(RULES, "sol", "Sol"), **fields)
    found: PoolCharacter = members.read_member(members.member_json(member))
    return found


def event(member: Any, name: str, seed: int = 0, **values: Any) -> Outcome:
    chosen = RULES.event(name)
    checked = {f.name: f.validate(values.get(f.name, f.default)) for f in chosen.fields}
    outcome = chosen.handler(member, checked, Rng(seed))
    found = changes.outcome_changes(member, outcome)
    assert changes.apply(member, found) == outcome.after
    assert changes.undo(outcome.after, found) == member
    return outcome


def changed(member: Any, outcome: Outcome) -> dict[str, tuple[Any, Any]]:
    return {c.field: (c.before, c.after) for c in changes.outcome_changes(member, outcome)}


def test_limit_nine_to_ten_is_a_break() -> None:
    """"Break on 10 Limit": the Excellency's 1 Limit at 9 takes the field to 10."""
    sol = exalt(limit=9)
    outcome = event(sol, "limit", reason="excellency", amount=1)
    assert changed(sol, outcome) == {"limit": (9, 10), "broken": (False, True)}
    assert outcome.summary == "Using the Excellency: Limit 10"
    assert RULES.derive(outcome.after)["break_chance"] == "100% (10/10)"


def test_limit_stops_at_ten() -> None:
    sol = exalt(limit=8)
    assert event(sol, "limit", reason="flaw", amount=5).after.limit == 10


@pytest.mark.parametrize("seed", range(12))
def test_a_stressful_situation_breaks_on_a_d10_under_the_limit(seed: int) -> None:
    """"Roll 1d10. If less than current limit, you break.\""""
    sol = exalt(limit=6)
    roll = Rng(seed).die(powers.LIMIT_CHECK_DIE)
    outcome = event(sol, "stressful", seed)
    assert outcome.after.broken is (roll < 6)
    assert outcome.lines == (
        f"Rolled {roll}, {'less than' if roll < 6 else 'not less than'} Limit 6.",
    )


def test_at_ten_limit_the_break_needs_no_roll_and_ends_at_zero() -> None:
    sol = exalt(limit=10)
    broken = event(sol, "stressful").after
    assert broken.broken
    over = event(broken, "break_over")
    assert changed(broken, over) == {"limit": (10, 0), "broken": (True, False)}
    with pytest.raises(RulesInputError):
        event(over.after, "break_over")


def test_defeat_costs_an_exalt_one_limit_once() -> None:
    """"Characters at 5 Health will start to want to surrender. Exalts gain 1
    Limit for being defeated.\""""
    sol = exalt(health=8, max_health=20, limit=2)
    defeated = event(sol, "damage", damage=3)
    assert changed(sol, defeated) == {"health": (8, 5), "limit": (2, 3)}
    assert RULES.derive(defeated.after)["defeated"] is True
    again = event(defeated.after, "damage", damage=4)
    assert changed(defeated.after, again) == {"health": (5, 1)}
    mortal = exalt(health=8, max_health=20, limit=2, exalt=False)
    assert changed(mortal, event(mortal, "damage", damage=3)) == {"health": (8, 5)}


def test_health_stops_at_zero_and_environments_deal_the_table() -> None:
    sol = exalt(health=6, max_health=20)
    assert event(sol, "damage", damage=50).after.health == 0
    heavy = event(exalt(health=20, max_health=20), "environment", environment="Heavy")
    assert heavy.after.health == 13  # "Heavy | 7"


@pytest.mark.parametrize(
    ("successes", "anima"), [(7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3)]
)
def test_a_critical_roll_gains_anima_by_its_band(successes: int, anima: int) -> None:
    """"1 Anima for a roll of 8-9 2 Anima for a roll of 10-11 3 Anima for a roll of 12+"."""
    after = event(exalt(), "anima", source="critical", successes=successes).after
    assert after.anima == anima


def test_stunt_anima_does_not_dissipate_at_rest_and_build_power_adds_half() -> None:
    sol = exalt(anima=4, health=3, max_health=30, motes=1, max_motes=9)
    stunt = event(sol, "anima", source="stunt").after
    assert (stunt.anima, stunt.stunt_anima) == (4, 1)
    built = event(sol, "anima", source="build_power", successes=3).after
    assert built.anima == 4 + 1 + 2  # 1 Anima, then half of 3 successes rounded up
    night = event(stunt, "night")
    assert changed(stunt, night) == {
        "anima": (4, 0),
        "motes": (1, 9),
        "health": (3, 18),  # "Regain 15 Health"
    }


def test_rest_by_the_hour_and_never_past_the_maximum() -> None:
    sol = exalt(health=10, max_health=13, motes=0, max_motes=9, anima=2)
    hours = event(sol, "hours", hours=3)
    assert changed(sol, hours) == {"health": (10, 13), "motes": (0, 3)}  # 2 and 1 an hour


def test_anima_is_spent_from_what_accumulated_first() -> None:
    sol = exalt(anima=2, stunt_anima=2)
    strife = event(sol, "spend_anima", purpose="strife")
    assert changed(sol, strife) == {"anima": (2, 0), "stunt_anima": (2, 1)}  # 3 for a Strife
    dice = event(sol, "spend_anima", purpose="dice")
    assert changed(sol, dice) == {"anima": (2, 1)}  # "1 Anima for 2 Dice"
    with pytest.raises(RulesInputError) as caught:
        event(sol, "spend_anima", purpose="motes", amount=5)
    assert caught.value.message == "Sol holds 4 Anima; this needs 5."


def test_motes_are_spent_while_there_are_any() -> None:
    sol = exalt(motes=1, max_motes=5)
    assert event(sol, "spend_motes", amount=1).after.motes == 0
    with pytest.raises(RulesInputError) as caught:
        event(sol, "spend_motes", amount=2)
    assert "Anima can stand in" in caught.value.message


def test_only_an_exalt_has_limit_anima_and_motes() -> None:
    mortal = exalt(exalt=False)
    for name, values in (("limit", {}), ("anima", {}), ("spend_motes", {})):
        with pytest.raises(RulesInputError) as caught:
            event(mortal, name, **values)
        assert caught.value.field == "exalt"


def test_a_group_adds_five_health_for_each_magnitude() -> None:
    """"Add 5 Health for every Magnitude Scale increment.\""""
    band = exalt(magnitude=2, max_health=7, health=17, kind="npc", exalt=False)
    derived = RULES.derive(band)
    assert derived["health_max"] == 17
    assert derived["group"] == "+2 Damage, +2 Accuracy, +2 dice"
    with pytest.raises(RulesInputError) as caught:
        exalt(magnitude=1, max_health=7, health=13)
    assert caught.value.field == "health"
    assert caught.value.message == "Health cannot be more than 12 (got 13)."


def test_armour_moves_block_and_evasion() -> None:
    derived = RULES.derive(exalt(block=3, evasion=0, armor="heavy"))
    assert (derived["block_worn"], derived["evasion_worn"]) == (5, 0)
    assert RULES.derive(exalt(limit=4))["break_chance"] == "30% (3/10)"
    assert RULES.derive(exalt(essence=3))["strife_damage"] == 9  # 3 + Essence x 2


def test_traits_are_listed_by_name_and_rating() -> None:
    sol = members.read_member(
        {
            **members.member_json(exalt()),
            "attributes": [{"name": "Wits", "rating": 3}],
            "abilities": [{"name": "Awareness", "rating": 2, "favored": True}],
        }
    )
    assert sol.attributes[0].name == "Wits" and sol.abilities[0].favored
    with pytest.raises(RulesInputError) as caught:
        members.read_member(
            {**members.member_json(exalt()), "attributes": [{"name": "Wits", "rating": 11}]}
        )
    assert caught.value.field == "attributes.0.rating"
