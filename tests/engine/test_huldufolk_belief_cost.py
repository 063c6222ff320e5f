"""What a Spend or Burn costs, rank by rank (Huldufolk, Belief)."""

from __future__ import annotations

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.belief_cost import Use, belief_cost, pay


def cost(rank: int, level: int, use: Use) -> tuple[int, int]:
    found = belief_cost(rank, level, use)
    return found.spent, found.burned


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_every_spend_spends_and_every_burn_burns_where_the_rank_gives_nothing(rank: int) -> None:
    assert cost(rank, 3, Use.SPEND) == (1, 0)
    assert cost(rank, 3, Use.BURN) == (0, 1)
    assert cost(rank, 3, Use.PLAIN) == (0, 0)  # "level 3 or below and use them freely"


def test_freeholder_spends_to_use_level_four_and_burns_for_its_spend() -> None:
    # "can purchase powers of level 4, but must spend Belief to use them, or Burn
    # Belief to access their spend effects."
    assert cost(1, 4, Use.PLAIN) == (1, 0)
    assert cost(1, 4, Use.SPEND) == (0, 1)
    with pytest.raises(RulesInputError, match="cannot purchase a level 5"):
        belief_cost(1, 5, Use.PLAIN)


def test_citizen_uses_level_four_freely_and_spends_for_level_five() -> None:
    assert cost(2, 4, Use.PLAIN) == (0, 0)
    assert cost(2, 5, Use.PLAIN) == (1, 0)
    assert cost(2, 5, Use.SPEND) == (0, 1)
    assert cost(2, 5, Use.BURN) == (0, 1)  # the silent case: one burned, like any Burn


def test_knight_uses_level_five_freely() -> None:
    assert cost(3, 5, Use.PLAIN) == (0, 0)
    assert cost(3, 5, Use.SPEND) == (1, 0)


def test_margrave_and_sovereign_spend_low_levels_for_free() -> None:
    # Rank 4: "the Spend effect of level 1 powers without expenditure".
    assert cost(4, 1, Use.SPEND) == (0, 0)
    assert cost(4, 2, Use.SPEND) == (1, 0)
    # Rank 5: "level 2 and below".
    assert cost(5, 1, Use.SPEND) == (0, 0)
    assert cost(5, 2, Use.SPEND) == (0, 0)
    assert cost(5, 3, Use.SPEND) == (1, 0)
    assert cost(5, 2, Use.BURN) == (0, 1)  # a Burn is never free


def test_no_rank_no_power_and_no_belief_no_spend() -> None:
    with pytest.raises(RulesInputError) as caught:
        belief_cost(0, 1, Use.PLAIN)
    assert caught.value.field == "belief"
    assert pay(2, belief_cost(3, 2, Use.SPEND), "Ada") == 1
    with pytest.raises(RulesInputError) as refused:
        pay(0, belief_cost(3, 2, Use.SPEND), "Ada")
    assert refused.value.field == "belief_to_spend"
    assert "Ada has 0 Belief to spend" in refused.value.message
