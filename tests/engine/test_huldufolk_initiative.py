"""Huldufolk initiative: cards played, ties broken from the storyteller's deck."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.initiative import STORYTELLER_DECK, initiative


def test_the_higher_card_acts_first() -> None:
    result = initiative([("Bob", 3), ("Wolf", 5), ("Sally", 9)], Rng(1))
    assert result.order == ("Sally", "Wolf", "Bob")
    assert result.tie_breaks == ()


def test_ties_draw_from_the_storytellers_deck() -> None:
    result = initiative([("Bob", 4), ("Wolf", 4), ("Sally", 2)], Rng(7))
    assert len(result.tie_breaks) == 1
    tie = result.tie_breaks[0]
    assert tie.card == 4
    draws = dict(tie.draws)
    assert set(draws) == {"Bob", "Wolf"}
    assert draws["Bob"] != draws["Wolf"]  # one deck, drawn without replacement
    first = max(draws, key=lambda name: draws[name])
    assert result.order[0] == first
    assert result.order[2] == "Sally"


def test_the_same_seed_breaks_ties_the_same_way() -> None:
    plays = [(f"Wolf {n}", 1) for n in range(6)]
    assert initiative(plays, Rng(99)) == initiative(plays, Rng(99))


def test_each_actor_plays_once() -> None:
    with pytest.raises(RulesInputError):
        initiative([("Bob", 4), ("Bob", 5)], Rng(1))


@given(
    cards=st.lists(st.integers(1, 10), min_size=1, max_size=25),
    seed=st.integers(0, 2**64 - 1),
)
def test_everyone_gets_a_place_ordered_by_card(cards: list[int], seed: int) -> None:
    plays = [(f"actor {i}", card) for i, card in enumerate(cards)]
    result = initiative(plays, Rng(seed))
    assert sorted(result.order) == sorted(name for name, _ in plays)
    played = dict(plays)
    order_cards = [played[name] for name in result.order]
    assert order_cards == sorted(order_cards, reverse=True)
    for tie in result.tie_breaks:
        assert all(draw in STORYTELLER_DECK for _, draw in tie.draws)
        # draws within one deck (10 cards) are distinct
        first_deck = [draw for _, draw in tie.draws[:10]]
        assert len(set(first_deck)) == len(first_deck)
