"""Huldufolk challenges: affinity rules, undefended tests, defended attacks, damage."""

from __future__ import annotations

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack, Nature, new_actor
from rules_py.huldufolk.cards import Rank, new_hand
from rules_py.huldufolk.challenges import (
    Need,
    attack_hits,
    damage_for,
    exchange,
    meets,
    need_for,
    undefended_test,
)
from rules_py.huldufolk.pools import action_pool, defence_pool


@pytest.mark.parametrize(
    ("rating", "affinity", "need"),
    [
        (1, True, Need.NO_TEST),
        (5, True, Need.NO_TEST),  # "CR 5 or below"
        (6, True, Need.TEST),
        (30, True, Need.TEST),
        (1, False, Need.TEST),
        (10, False, Need.TEST),  # "must test to accomplish a challenge of 10 or below"
        (11, False, Need.IMPOSSIBLE),  # "cannot test [...] greater than 10"
    ],
)
def test_affinity_rules(rating: int, affinity: bool, need: Need) -> None:
    assert need_for(rating, affinity) is need


def test_reaching_the_rating_succeeds() -> None:
    assert meets(12, 12)
    assert not meets(11, 12)


def test_an_undefended_test_spends_its_card() -> None:
    pool = action_pool(quality=True, focus=True, equipment=1)  # 6
    result = undefended_test(new_hand(Rank.MAJOR), pool, 6, 12, has_affinity=True)
    assert result.need is Need.TEST
    assert (result.base, result.card, result.total) == (6, 6, 12)
    assert result.success
    assert result.margin == 0
    assert 6 not in result.hand.cards
    failed = undefended_test(result.hand, pool, 5, 12, has_affinity=True)
    assert not failed.success
    assert failed.total == 11
    assert 5 not in failed.hand.cards


def test_no_card_is_spent_when_no_test_is_needed_or_possible() -> None:
    hand = new_hand(Rank.MINOR)
    easy = undefended_test(hand, action_pool(), None, 5, has_affinity=True)
    assert easy.success and easy.card is None and easy.hand == hand
    hard = undefended_test(hand, action_pool(), 5, 11, has_affinity=False)
    assert not hard.success and hard.need is Need.IMPOSSIBLE and hard.hand == hand


def test_an_undefended_test_refuses_a_spent_card() -> None:
    hand = new_hand(Rank.MAJOR).play(9)
    with pytest.raises(RulesInputError) as caught:
        undefended_test(hand, action_pool(), 9, 12, has_affinity=True)
    assert caught.value.message.startswith("The 9 has been spent.")


def test_the_rating_is_checked() -> None:
    with pytest.raises(RulesInputError) as caught:
        need_for(0, True)
    assert caught.value.field == "cr"
    assert "Challenge rating must be a whole number from 1 to 60" in caught.value.message


def test_defenders_win_ties() -> None:
    assert not attack_hits(11, 11)
    assert attack_hits(12, 11)


@pytest.mark.parametrize(
    ("margin", "damage"),
    [(-3, 0), (0, 0), (1, 1), (3, 1), (4, 1), (5, 2), (9, 2), (10, 3), (15, 4)],
)
def test_damage_from_the_margin(margin: int, damage: int) -> None:
    # Fixed by the example: 3 and 4 do 1 ("taking 1 damage from each"), 5 does 2
    # ("Because he exceeded the target by 5, Bob's attack inflicts two damage").
    assert damage_for(margin) == damage


# ---------------------------------------------------------------------------
# "Example of Mundane Defense", step by step.

BOB_DEFENCE = defence_pool(quality=True, equipment=1)  # Stalwart (+3), armored (+1)
BOB_ATTACK = action_pool(equipment=1)  # no Quality or affinity, a short sword (+1)
WOLF_ATTACK = action_pool(quality=True, focus=True, equipment=1)  # Vicious, Melee, knives
WOLF_DEFENCE = defence_pool()  # "no appropriate defensive qualities or armor"


def test_example_of_mundane_defense() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    wolves = [new_actor(f"Hexenwolf {n}", Rank.MINOR, Nature.SUPERNATURAL, 5, 5) for n in "123"]
    assert WOLF_ATTACK.base == 6

    # Round one. "the wolf selects its highest card (+5) while Bob plays from
    # the low end of his deck (+2) [...] the Wolf's total is 11, while Bob's
    # total is also 11. As Bob is defending, the wolf's attack is narrowly avoided."
    # Then the 3 against the second wolf and the 4 against the third, each at a
    # threshold one lower: "Bob, who has a lower base (now +4), but played a
    # higher card".
    for wolf_index, (bob_card, threshold) in enumerate([(2, 5), (3, 4), (4, 3)]):
        wolf = wolves[wolf_index]
        step = exchange(wolf, WOLF_ATTACK, 5, bob, BOB_DEFENCE, bob_card, Attack.MUNDANE)
        assert (step.attack_total, step.defence_total) == (11, 11)
        assert not step.hit and step.damage == 0
        assert step.threshold_before == threshold
        assert step.threshold_after == threshold - 1
        bob, wolves[wolf_index] = step.defender, step.attacker
    assert bob.mundane.current == 2
    assert bob.hand.cards == (1, 5, 6, 7, 8, 9, 10)

    # Bob swings with his 10 at the first wolf, which plays its Ace: "Bob swings
    # with an uncharacteristically high 11, while the wolf has a mere 6. Because
    # he exceeded the target by 5, Bob's attack inflicts two damage".
    step = exchange(bob, BOB_ATTACK, 10, wolves[0], WOLF_DEFENCE, 1, Attack.MUNDANE)
    assert (step.attack_total, step.defence_total) == (11, 6)
    assert step.hit and step.margin == 5 and step.damage == 2
    assert step.threshold_before == 5  # "currently a +5": only targets lose threshold
    bob = step.attacker
    assert 10 not in bob.hand.cards
    assert 1 in step.defender.hand.cards  # the wolf's Ace stays

    # Round two. "His threshold is now down to a +2 [...] The two wolves attack
    # with their highest remaining cards (4 for each), while he's forced to use
    # even higher cards to resist (5 for the first, 6 for the second)."
    for wolf_index, bob_card in [(1, 5), (2, 6)]:
        step = exchange(wolves[wolf_index], WOLF_ATTACK, 4, bob, BOB_DEFENCE, bob_card)
        assert step.attack_total == 10
        assert step.defence_total == 11
        assert not step.hit
        bob, wolves[wolf_index] = step.defender, step.attacker
    assert bob.mundane.current == 0

    # "he decides his best bet is to use his Ace for the attack [...] spends his
    # highest remaining card for that wolf (3). [...] Bob's total of 2 isn't high
    # enough to hit the wolf's defense of 8"
    step = exchange(bob, BOB_ATTACK, 1, wolves[1], WOLF_DEFENCE, 3)
    assert (step.attack_total, step.defence_total) == (2, 8)
    assert not step.hit
    bob, wolves[1] = step.attacker, step.defender
    assert 1 in bob.hand.cards

    # Round three. "Bob's threshold is now at 0, which means his defenses are at
    # 4 (Quality + Armor), but they won't be going any lower. The wolves' attack
    # pools are still at 6 before the card, which is higher than Bob's Ace
    # defense (5 total) [...] He spends his Ace on both attacks, taking 1 damage
    # from each" (the wolves spend a 2 and a 3).
    for wolf_index, wolf_card in [(1, 2), (2, 3)]:
        step = exchange(wolves[wolf_index], WOLF_ATTACK, wolf_card, bob, BOB_DEFENCE, 1)
        assert step.defence_pool.base == 4
        assert step.defence_total == 5
        assert step.hit and step.damage == 1
        assert step.threshold_after == 0
        bob, wolves[wolf_index] = step.defender, step.attacker

    # "uses his 9 to hit the wolf he attacked previously, who now has a threshold
    # of 4 and only an Ace remaining. The wolf's total defense is 5, while Bob's
    # attack is at a 10. This wolf, like the last, is brought down."
    assert wolves[1].hand.cards == (1,)
    assert wolves[1].mundane.current == 4
    step = exchange(bob, BOB_ATTACK, 9, wolves[1], WOLF_DEFENCE, 1)
    assert (step.attack_total, step.defence_total) == (10, 5)
    assert step.damage == 2
    bob = step.attacker
    assert bob.hand.cards == (1, 7, 8)
    assert wolves[2].hand.cards == (1, 2)


def test_an_attack_refuses_a_six_from_a_minor_actor_and_changes_nothing() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    wolf = new_actor("Wolf", Rank.MINOR, Nature.SUPERNATURAL, 5, 5)
    with pytest.raises(RulesInputError) as caught:
        exchange(wolf, WOLF_ATTACK, 6, bob, BOB_DEFENCE, 2)
    assert caught.value.field == "attacker_card"
    with pytest.raises(RulesInputError) as caught:
        exchange(bob, BOB_ATTACK, 6, wolf, WOLF_DEFENCE, 6)
    assert caught.value.field == "defender_card"


def test_a_supernatural_attack_uses_the_supernatural_threshold() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL, 5, 7)
    sally = new_actor("Sally", Rank.MAJOR, Nature.SUPERNATURAL)
    step = exchange(sally, action_pool(), 5, bob, defence_pool(), 1, Attack.SUPERNATURAL)
    assert step.threshold_before == 7
    assert step.defence_total == 8
    assert step.defender.mundane.current == 5
    assert step.defender.supernatural is not None
    assert step.defender.supernatural.current == 6


def test_a_mundane_minor_actor_defends_a_supernatural_attack_at_zero() -> None:
    human = new_actor("Passer-by", Rank.MINOR, Nature.MUNDANE, 3, 0)
    sally = new_actor("Sally", Rank.MAJOR, Nature.SUPERNATURAL)
    step = exchange(sally, action_pool(), 2, human, defence_pool(), 1, Attack.SUPERNATURAL)
    assert step.defence_total == 1
    assert step.hit and step.damage == 1
    assert step.defender.mundane.current == 3
