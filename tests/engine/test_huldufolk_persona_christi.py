"""Autocracy 5, In Persona Christi, in a fight: full health, every
supernatural effect on the user ended (or only those the Spend lets go),
gone from the fight on a Burn; each use's Belief by rank."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.melee import Guard, Melee, use_aid
from tests.engine.test_huldufolk_melee import bob_and_wolves


def wounded(belief: int = 3, to_spend: int = 2) -> Melee:
    """Bob with 3 damage, Swift Vengeance on him and Wolf 1 guarding him."""
    m = bob_and_wolves()
    bob = replace(
        m.fighters[0],
        damage=3,
        vengeance="plain",
        guard=Guard(1, False),
        belief=belief,
        belief_to_spend=to_spend,
    )
    return m.with_fighter(0, bob)


def test_plain_use_full_health_and_every_effect_ended() -> None:
    m = use_aid(wounded(), 0, "christi", 0, (), False)
    bob = m.fighters[0]
    assert (bob.damage, bob.vengeance, bob.guard, bob.out) == (0, "", None, False)
    assert bob.belief_to_spend == 2  # level 5, plain: free for a Knight
    assert m.log[-1].startswith("In Persona Christi: full health (self), by Bob: damage 3 \u2192 0")
    assert "Ended: Swift Vengeance and the Bodyguard." in m.log[-1]


def test_spend_keeps_the_effects_chosen() -> None:
    m = use_aid(wounded(), 0, "christi_spend", 0, (), False, keep=("vengeance",))
    bob = m.fighters[0]
    assert (bob.damage, bob.vengeance, bob.guard) == (0, "plain", None)
    assert bob.belief_to_spend == 1  # "a Spend effect spends one Belief"
    assert "Kept: Swift Vengeance." in m.log[-1]
    m = use_aid(wounded(), 0, "christi_spend", 0, (), False, keep=("vengeance", "guard"))
    assert m.fighters[0].guard == Guard(1, False)


def test_burn_leaves_the_fight_without_a_test() -> None:
    m = use_aid(wounded(), 0, "christi_burn", 0, (), False, keep=("guard",))
    bob = m.fighters[0]
    assert (bob.damage, bob.out, bob.vengeance, bob.guard) == (0, True, "", Guard(1, False))
    assert bob.belief_to_spend == 1  # one Belief burned
    assert "reappears within their territorial boundary" in m.log[-1]
    assert m.foes_of(1) == ()  # nobody left for the wolves to attack
    with pytest.raises(RulesInputError, match="out of the fight"):
        use_aid(m, 0, "christi", 0, (), False)


@pytest.mark.parametrize(
    ("rank", "key", "left"),
    [(2, "christi", 1), (2, "christi_spend", 1), (2, "christi_burn", 1), (5, "christi_spend", 1)],
)
def test_belief_by_rank(rank: int, key: str, left: int) -> None:
    # Rank 2 "must spend Belief to use" a level 5 power, "or Burn Belief to
    # access their spend effects"; Rank 5 spends freely only up to level 2.
    m = use_aid(wounded(belief=rank), 0, key, 0, (), False)
    assert m.fighters[0].belief_to_spend == left


def test_refusals_change_nothing() -> None:
    with pytest.raises(RulesInputError) as caught:
        use_aid(wounded(belief=1), 0, "christi", 0, (), False)
    assert caught.value.field == "power"  # Rank 1 cannot purchase a level 5 power
    with pytest.raises(RulesInputError) as caught:
        use_aid(wounded(to_spend=0), 0, "christi_spend", 0, (), False)
    assert caught.value.field == "belief_to_spend"
    with pytest.raises(RulesInputError) as caught:
        use_aid(wounded(), 0, "christi", 0, (), False, keep=("vengeance",))
    assert caught.value.field == "keep_vengeance"
