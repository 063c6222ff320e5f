"""Huldufolk pools: every component within the rules' bounds, named when not."""

from __future__ import annotations

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.pools import (
    ActionPool,
    DefencePool,
    action_pool,
    defence_pool,
    describe_pool,
)


def test_the_components_add_up() -> None:
    pool = action_pool(
        quality=True,
        focus=True,
        equipment=4,
        magical=True,
        assistants_affinity=2,
        assistants_focus=1,
        supernatural=3,
    )
    # 3 + 2 + 4 + 2x1 + 1x3 + 3
    assert pool.base == 17


def test_math_for_nerds_a_maximum_pool_of_thirty() -> None:
    # "a PC can have a maximum pool of 30 on a given test, if they have a
    # Quality, a Focus, a powerful Artifact, and maxed supernatural bonuses"
    pool = action_pool(quality=True, focus=True, equipment=5, magical=True, supernatural=10)
    assert pool.base + 10 == 30


def test_an_empty_pool_is_the_card_alone() -> None:
    assert ActionPool().base == 0
    assert DefencePool().base == 0
    assert describe_pool(ActionPool().parts(), 4) == "card 4 = 4"
    assert describe_pool(ActionPool().parts()) == "0 (the card alone)"


def test_describe_pool_names_each_part() -> None:
    pool = action_pool(quality=True, equipment=1)
    assert describe_pool(pool.parts(), 5) == "Quality 3 + Equipment (mundane) 1 + card 5 = 9"
    assert describe_pool(pool.parts(), 1) == "Quality 3 + Equipment (mundane) 1 + card Ace (1) = 5"


def test_mundane_equipment_stops_at_two() -> None:
    with pytest.raises(RulesInputError) as caught:
        action_pool(equipment=3, prefix="a_")
    assert caught.value.field == "a_equipment"
    assert caught.value.message == (
        "Mundane equipment gives +0 to +2; only magical equipment reaches +5 (got +3)."
    )
    assert action_pool(equipment=3, magical=True).base == 3


@pytest.mark.parametrize(
    ("arguments", "field", "words"),
    [
        ({"equipment": 6, "magical": True}, "equipment", "Magical equipment"),
        ({"equipment": -1}, "equipment", "Mundane equipment"),
        ({"supernatural": 11}, "bonus", "Supernatural bonuses"),
        ({"assistants_affinity": 11}, "assist", "Assistants with the affinity"),
        ({"assistants_focus": -1}, "assist_focus", "Assistants with the Focus"),
        ({"quality": 1}, "quality", "Quality"),
        ({"focus": "yes"}, "focus", "Focus"),
        ({"magical": None}, "magical", "Magical equipment"),
    ],
)
def test_test_pool_bounds(arguments: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        action_pool(**arguments)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert caught.value.message.startswith(words)


@pytest.mark.parametrize(
    ("arguments", "field", "words"),
    [
        ({"equipment": 6}, "def_equipment", "Defence equipment must be a whole number from 0 to 5"),
        ({"supernatural": 11}, "def_bonus", "Defence supernatural bonuses"),
        ({"threshold": -1}, "threshold", "Threshold must be a whole number from 0 to 20"),
        ({"threshold": 21}, "threshold", "Threshold"),
        ({"quality": "no"}, "def_quality", "Defence Quality"),
    ],
)
def test_defence_pool_bounds(arguments: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        defence_pool(**arguments)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert caught.value.message.startswith(words)


def test_defence_pool_adds_quality_threshold_equipment_and_bonuses() -> None:
    # Bob: "a Stalwart defender (+3), armored (+1), [...] (base +5)"
    bob = defence_pool(quality=True, threshold=5, equipment=1)
    assert bob.base == 9
    assert dict(bob.parts()) == {"Quality": 3, "Threshold": 5, "Equipment": 1}
