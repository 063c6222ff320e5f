"""A fight of one against several: the text's Example of Mundane Defense
(Bob the Elf against three hexenwolves) played to its end with the engine,
each wolf's cards and thresholds kept apart; the damage and healing powers,
Belief and Demesne 5's Spend."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.melee import (
    Fighter,
    Melee,
    declare,
    defend,
    melee_from_json,
    melee_to_json,
    new_round,
    toggle_out,
    use_aid,
)
from rules_py.huldufolk.play import SavedTableError


def bob_and_wolves() -> Melee:
    # Bob: Stalwart (+3), armoured (+1), base 5; a short sword (+1), no attack Quality.
    bob = Fighter(
        new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL),
        attack=1,
        defence=4,
        belief=3,
        belief_to_spend=2,
    )
    # Hexenwolves: Vicious (+3), knives (+1), Focused on Melee (+2); no defensive gear.
    wolves = tuple(
        Fighter(new_actor(f"Wolf {n}", Rank.MINOR, Nature.SUPERNATURAL), attack=6)
        for n in (1, 2, 3)
    )
    return Melee((bob, *wolves))


def attack(melee: Melee, attacker: int, target: int, card: int, defence: int) -> Melee:
    melee = declare(melee, attacker, "attack", (target,), card, "mundane", True)
    melee, done = defend(melee, defence, "mundane", False)
    assert done
    return melee


def test_the_texts_one_against_three_to_its_end() -> None:
    m = bob_and_wolves()
    # Round 1: each wolf plays its 5, Bob his 2, 3 and 4: 11 against 11 each time, held.
    for wolf, card in ((1, 2), (2, 3), (3, 4)):
        m = attack(m, wolf, 0, 5, card)
        assert (
            f"Wolf {wolf}'s 5 (11) against Bob's {card} (11, mundane threshold): held"
            in (m.log[-1])
        )
    assert m.fighters[0].actor.mundane.current == 2
    assert m.fighters[0].damage == 0
    # Bob swings his 10 (11) at Wolf 1, who plays its Ace (threshold 5: 6): beaten by 5, 2 damage.
    m = attack(m, 0, 1, 10, 1)
    assert m.fighters[1].damage == 2
    assert m.fighters[1].actor.mundane.current == 4
    m = toggle_out(m, 1)  # "enough for the relatively fragile wolf to be brought down"
    # Round 2: the two wolves attack with 4 each (10); Bob holds with his 5 (3+1+2+5=11), 6 (11).
    m = attack(m, 2, 0, 4, 5)
    m = attack(m, 3, 0, 4, 6)
    assert m.fighters[0].damage == 0 and m.fighters[0].actor.mundane.current == 0
    # Bob attacks with his Ace (2) against Wolf 2's 3 (threshold 5: 8); Wolf 2's threshold 5 -> 4.
    m = attack(m, 0, 2, 1, 3)
    assert "held" in m.log[-1] and m.fighters[2].actor.mundane.current == 4
    # Round 3: wolves spend 2 and 3 (8, 9) against Bob's Ace (4 + 0 + 1 = 5): 1 damage each.
    m = attack(m, 2, 0, 2, 1)
    m = attack(m, 3, 0, 3, 1)
    assert m.fighters[0].damage == 2
    # Bob's 9 (10) against Wolf 2's Ace at threshold 4 (5): beaten by 5, two damage.
    m = attack(m, 0, 2, 9, 1)
    assert m.fighters[2].damage == 2
    m = toggle_out(m, 2)
    # What is left: each wolf its own cards, Bob his.
    assert m.fighters[0].actor.hand.cards == (1, 7, 8)
    assert m.fighters[1].actor.hand.cards == (1, 2, 3, 4)
    assert m.fighters[2].actor.hand.cards == (1,)
    assert m.fighters[3].actor.hand.cards == (1, 2)
    assert [f.out for f in m.fighters] == [False, True, True, False]
    # Round 4: the last wolf flees. Bob heals with Regeneration's Spend: one Belief, 3 levels.
    m = toggle_out(m, 3)
    m = use_aid(m, 0, "regeneration_spend", 0, (), False)
    assert m.fighters[0].damage == 0 and m.fighters[0].belief_to_spend == 1
    assert melee_from_json(melee_to_json(m)) == m


def test_entropy_spend_one_card_three_targets_each_defends_alone() -> None:
    m = bob_and_wolves()
    m = declare(m, 0, "entropy_spend", (1, 2, 3), 10, "mundane", False)
    assert m.pending is not None and m.pending.attack == "supernatural"
    for card in (1, 5, 3):
        m, done = defend(m, card, "mundane", False)
    assert done
    # 1 + 10 = 11 against 5+1, 5+5, 5+3: margins 5, 1, 3 -> 2, 1, 1 damage.
    assert [f.damage for f in m.fighters[1:]] == [2, 1, 1]
    assert [f.actor.supernatural.current for f in m.fighters[1:]] == [4, 4, 4]
    assert m.fighters[0].actor.hand.cards == tuple(range(1, 10))  # one card for all three
    assert m.fighters[0].belief_to_spend == 1  # a Spend of a level 3 power


def test_death_burn_base_two_and_the_defenders_choice() -> None:
    m = replace(bob_and_wolves(), fighters=bob_and_wolves().fighters)
    m = declare(m, 0, "death", (2,), 6, "mundane", False)  # Wolf 2 excluded
    assert m.pending is not None and m.pending.targets == (1, 3)
    m, _ = defend(m, 1, "supernatural", False)
    m, _ = defend(m, 1, "mundane", False)
    assert (
        m.fighters[1].actor.supernatural.current == 4 and m.fighters[1].actor.mundane.current == 5
    )
    assert m.fighters[3].actor.mundane.current == 4
    # 7 against 6: margin 1, base 1.
    assert (m.fighters[1].damage, m.fighters[3].damage) == (1, 1)
    m = declare(m, 0, "death_burn", (), 9, "mundane", False)
    for _ in range(3):
        m, _ = defend(m, 1, "supernatural", False)
    # 10 against 4+1 (wolves 1, 3: mundane threshold used by the attacker's choice, 4) ...
    assert m.fighters[2].damage == 2 + (10 - 6) // 5  # wolf 2 at 5: margin 4, base 2


def test_swift_vengeance_and_bodyguard() -> None:
    m = bob_and_wolves()
    m = use_aid(m, 0, "vengeance", 0, (), False)
    assert m.fighters[0].belief_to_spend == 2  # level 2, plain: free for a Knight
    m = attack(m, 1, 0, 5, 10)  # held, but a melee attack on Bob costs the wolf 1
    assert m.fighters[1].damage == 1 and m.fighters[0].damage == 0
    with pytest.raises(RulesInputError, match="no power"):
        use_aid(m, 2, "bodyguard_spend", 3, (), False)  # a wolf has no Belief rating
    m = m.with_fighter(2, replace(m.fighters[2], belief=1, belief_to_spend=1))
    m = use_aid(m, 2, "bodyguard_spend", 3, (), False)  # Wolf 2 guards Wolf 3
    assert m.fighters[2].belief_to_spend == 0
    m = attack(m, 0, 3, 9, 1)  # 10 against 6: 1 damage, less 1 on the Spend: 0
    assert m.fighters[3].damage == 0 and m.fighters[2].damage == 0
    m = new_round(m)
    assert m.fighters[3].guard is None


def test_swift_vengeance_spend_base_two_for_mundane_attacks() -> None:
    m = use_aid(bob_and_wolves(), 0, "vengeance_spend", 0, (), False)
    assert m.fighters[0].belief_to_spend == 1
    m = attack(m, 0, 1, 10, 1)  # 11 against 6: 2 + 1 = 3
    assert m.fighters[1].damage == 3


def test_field_medic_splits_and_proper_function() -> None:
    m = bob_and_wolves()
    fighters = tuple(replace(f, damage=4) for f in m.fighters)
    m = Melee(fighters)
    m = use_aid(m, 0, "field_medic", 1, (), True)
    assert m.fighters[1].damage == 2
    m = use_aid(m, 0, "field_medic_spend", 0, ((0, 2), (2, 1)), False)
    assert (m.fighters[0].damage, m.fighters[2].damage) == (2, 3)
    with pytest.raises(RulesInputError, match="at most 3"):
        use_aid(m, 0, "field_medic_spend", 0, ((0, 2), (2, 2)), False)
    m = use_aid(m, 0, "christi", 0, (), False)
    assert m.fighters[0].damage == 0


def test_belief_runs_out() -> None:
    m = bob_and_wolves()
    m = use_aid(m, 0, "regeneration_spend", 0, (), False)
    m = use_aid(m, 0, "regeneration_spend", 0, (), False)
    with pytest.raises(RulesInputError) as caught:
        use_aid(m, 0, "regeneration_spend", 0, (), False)
    assert caught.value.field == "belief_to_spend"


def test_not_in_my_house_keeps_the_card() -> None:
    m = bob_and_wolves()
    wolf = replace(m.fighters[1], belief=3, belief_to_spend=1)
    m = m.with_fighter(1, wolf)
    m = declare(m, 0, "entropy", (1,), 4, "mundane", False)
    m, _ = defend(m, 5, "mundane", True)
    assert 5 in m.fighters[1].actor.hand.cards
    assert m.fighters[1].actor.supernatural.current == 4
    assert m.fighters[1].belief_to_spend == 0
    with pytest.raises(RulesInputError):
        m2 = declare(m, 0, "attack", (1,), 5, "supernatural", False)
        defend(m2, 5, "mundane", True)


def test_a_corrupt_saved_fight_is_refused() -> None:
    raw = melee_to_json(bob_and_wolves())
    raw["fighters"][1]["hand"] = [1, 9]
    with pytest.raises(SavedTableError):
        melee_from_json(raw)


def test_swift_vengeances_point_goes_to_a_bodyguard_too() -> None:
    m = use_aid(bob_and_wolves(), 0, "vengeance", 0, (), False)
    m = m.with_fighter(2, replace(m.fighters[2], belief=1))
    m = use_aid(m, 2, "bodyguard", 1, (), False)  # Wolf 2 takes Wolf 1's damage
    m = attack(m, 1, 0, 5, 10)  # held by Bob; the melee attack still costs a point
    assert (m.fighters[1].damage, m.fighters[2].damage) == (0, 1)
    assert "Wolf 2 takes it for Wolf 1 (Bodyguard)" in m.log[-1]
