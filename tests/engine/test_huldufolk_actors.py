"""Huldufolk actors and thresholds: bases by kind of actor, defence, rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack, Nature, Threshold, new_actor
from rules_py.huldufolk.cards import Rank


def test_player_characters_start_at_five_with_a_full_deck() -> None:
    hero = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    assert hero.mundane == Threshold(5, 5)
    assert hero.supernatural == Threshold(5, 5)
    assert hero.hand.cards == tuple(range(1, 11))


def test_a_patron_has_twenty() -> None:
    patron = new_actor("Patron", Rank.MAJOR, Nature.SUPERNATURAL, 20, 20)
    assert patron.threshold(Attack.MUNDANE) == 20
    assert patron.threshold(Attack.SUPERNATURAL) == 20


def test_a_mundane_minor_actor_has_no_supernatural_threshold() -> None:
    dog = new_actor("Dog", Rank.MINOR, Nature.MUNDANE, 2, 4)  # the 4 is ignored
    assert dog.supernatural is None
    assert not dog.has_supernatural_threshold
    assert dog.threshold(Attack.SUPERNATURAL) == 0
    assert dog.after_defence(Attack.SUPERNATURAL) == dog
    assert dog.hand.cards == (1, 2, 3, 4, 5)


def test_mundane_major_actors_still_have_both_thresholds() -> None:
    # Glossary: Major Actors "always have both" thresholds.
    chief = new_actor("Chief", Rank.MAJOR, Nature.MUNDANE)
    assert chief.supernatural == Threshold(5, 5)


def test_supernatural_minor_actors_have_zero_to_five() -> None:
    wolf = new_actor("Hexenwolf", Rank.MINOR, Nature.SUPERNATURAL, 5, 0)
    assert wolf.supernatural == Threshold(0, 0)
    with pytest.raises(RulesInputError) as caught:
        new_actor("Hexenwolf", Rank.MINOR, Nature.SUPERNATURAL, 6, 0, prefix="b_")
    assert caught.value.field == "b_mundane"
    assert caught.value.message == (
        "Mundane threshold of a Minor Actor must be a whole number from 0 to 5 (got 6)."
    )


def test_major_actor_bases_run_from_five_to_twenty() -> None:
    with pytest.raises(RulesInputError) as caught:
        new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL, 5, 21)
    assert caught.value.field == "supernatural"
    assert "from 5 to 20 (got 21)" in caught.value.message
    with pytest.raises(RulesInputError):
        new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL, 4, 5)


@pytest.mark.parametrize("name", ["", "   ", "x" * 31, 7])
def test_names_are_checked(name: object) -> None:
    with pytest.raises(RulesInputError) as caught:
        new_actor(name, Rank.MAJOR, Nature.MUNDANE)  # type: ignore[arg-type]
    assert caught.value.field == "name"


def test_each_defence_lowers_the_threshold_used_by_one() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    bob = bob.after_defence(Attack.MUNDANE)
    assert bob.mundane.current == 4
    assert bob.supernatural is not None and bob.supernatural.current == 5
    bob = bob.after_defence(Attack.SUPERNATURAL)
    assert bob.supernatural is not None and bob.supernatural.current == 4


def test_rest_restores_both_thresholds() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    for _ in range(7):
        bob = bob.after_defence(Attack.MUNDANE).after_defence(Attack.SUPERNATURAL)
    rested = bob.rested()
    assert rested.mundane == Threshold(5, 5)
    assert rested.supernatural == Threshold(5, 5)
    assert rested.hand == bob.hand  # rest is not a card refresh


def test_magic_restores_points_up_to_the_base() -> None:
    # Alleviation 3: "restoring one point of [...] threshold".
    assert Threshold(5, 2).restored(1) == Threshold(5, 3)
    assert Threshold(5, 5).restored(1) == Threshold(5, 5)
    with pytest.raises(RulesInputError):
        Threshold(5, 2).restored(0)


def test_a_threshold_outside_its_base_is_refused() -> None:
    with pytest.raises(ValueError):
        Threshold(5, 6)
    with pytest.raises(ValueError):
        Threshold(5, -1)


@given(
    base=st.integers(0, 20),
    script=st.lists(st.sampled_from(["defend", "rest", "magic"]), max_size=60),
)
def test_thresholds_never_go_negative_nor_above_base(base: int, script: list[str]) -> None:
    threshold = Threshold(base, base)
    for step in script:
        before = threshold
        if step == "defend":
            threshold = threshold.after_defence()
            assert threshold.current == max(0, before.current - 1)
        elif step == "rest":
            threshold = threshold.restored()
            assert threshold.current == base
        else:
            threshold = threshold.restored(1)
        assert 0 <= threshold.current <= base
