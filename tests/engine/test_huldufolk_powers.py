"""Huldufolk powers: Alleviate 5's refresh, partial threshold restores,
Augmentation 2's assistance, Life 4's Fatigue (Huldufolk, Magic System)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Attack, Nature, Threshold, new_actor, threshold_loss
from rules_py.huldufolk.cards import Hand, Rank
from rules_py.huldufolk.challenges import exchange
from rules_py.huldufolk.play import fresh_table, use_power
from rules_py.huldufolk.pools import action_pool, defence_pool
from rules_py.huldufolk.powers import (
    refresh_effect,
    refresh_effects,
    refreshable,
    restore,
    restore_effect,
    restore_effects,
    use_refresh,
)

# Spent: 2, 3, 7 and 9 (the Ace is never spent); the 5 is the initiative card.
TIRED = Hand(Rank.MAJOR, (1, 4, 6, 8, 10), (5,))


def test_the_powers_data_quotes_the_text() -> None:
    texts = {effect.key: effect.text for effect in refresh_effects()}
    assert texts["back_in_the_fight"] == "Refresh one low card (A-5) for the target character."
    assert texts["back_in_the_fight_burn"] == "Burn: Refresh another character's entire deck."
    restores = {effect.key: effect for effect in restore_effects()}
    assert restores["second_wind"].points == 1
    assert restores["second_wind_spend"].points is None
    assert restores["caduceus"].minor_only
    assert restores["shoring_up"].thresholds == (Attack.MUNDANE, Attack.SUPERNATURAL)
    assert restores["rejuvenation"].thresholds == (Attack.SUPERNATURAL,)


def test_alleviate_5_refreshes_one_low_card() -> None:
    base = refresh_effect("back_in_the_fight")
    assert refreshable(TIRED, base) == (2, 3)  # low cards A-5; the Ace is never spent
    assert use_refresh(TIRED, base, 3).cards == (1, 3, 4, 6, 8, 10)
    with pytest.raises(RulesInputError) as caught:
        use_refresh(TIRED, base, 7)  # a high card needs the Spend
    assert caught.value.field == "power_card"
    assert "(2, 3)" in caught.value.message
    with pytest.raises(RulesInputError) as caught:
        use_refresh(TIRED, base, 5)  # the initiative card is not spent
    assert caught.value.field == "power_card"


def test_the_spend_refreshes_all_low_cards_or_one_high_card() -> None:
    low = refresh_effect("back_in_the_fight_spend_low")
    assert use_refresh(TIRED, low).cards == (1, 2, 3, 4, 6, 8, 10)
    high = refresh_effect("back_in_the_fight_spend_high")
    assert refreshable(TIRED, high) == (7, 9)
    assert use_refresh(TIRED, high, 9).cards == (1, 4, 6, 8, 9, 10)
    with pytest.raises(RulesInputError) as caught:
        use_refresh(TIRED, high, 2)
    assert caught.value.field == "power_card"


def test_the_burn_refreshes_the_entire_deck_but_not_the_initiative_card() -> None:
    burn = refresh_effect("back_in_the_fight_burn")
    hand = use_refresh(TIRED, burn)
    assert hand.cards == (1, 2, 3, 4, 6, 7, 8, 9, 10)
    assert hand.set_aside == (5,)
    assert hand.spent == ()


def test_a_refresh_with_nothing_to_return_is_refused() -> None:
    fresh = Hand(Rank.MAJOR, tuple(range(1, 11)))
    with pytest.raises(RulesInputError) as caught:
        use_refresh(fresh, refresh_effect("back_in_the_fight"), 2)
    assert caught.value.field == "power"
    assert caught.value.message.startswith("No spent low card (Ace-5) to refresh.")
    half = Hand(Rank.MINOR, (1,))
    with pytest.raises(RulesInputError) as caught:
        use_refresh(half, refresh_effect("back_in_the_fight_spend_high"), 6)
    assert "half deck (Ace-5): it has no high card" in caught.value.message
    assert use_refresh(half, refresh_effect("back_in_the_fight_spend_low")).cards == (1, 2, 3, 4, 5)


def _bob_after_three_defences() -> Actor:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    # "The pattern repeats with the third wolf, Bob's threshold is now +3" and
    # after the third defence it stands at 2 ("His threshold is now down to a +2").
    return replace(bob, mundane=Threshold(5, 2), supernatural=Threshold(5, 1))


def test_second_wind_restores_a_single_level_or_all_with_the_spend() -> None:
    bob = _bob_after_three_defences()
    assert restore(bob, restore_effect("second_wind"), "mundane").mundane == Threshold(5, 3)
    spent = restore(bob, restore_effect("second_wind_spend"), "mundane")
    assert spent.mundane == Threshold(5, 5)
    with pytest.raises(RulesInputError) as caught:
        restore(bob, restore_effect("second_wind"), "supernatural")
    assert caught.value.field == "power_threshold"


def test_shoring_up_and_rejuvenation_restore_the_chosen_threshold() -> None:
    bob = _bob_after_three_defences()
    shored = restore(bob, restore_effect("shoring_up"), "supernatural")
    assert shored.supernatural == Threshold(5, 2)
    assert shored.mundane == Threshold(5, 2)
    full = restore(bob, restore_effect("shoring_up_spend"), "supernatural")
    assert full.supernatural == Threshold(5, 5)
    rejuvenated = restore(bob, restore_effect("rejuvenation"), "supernatural")
    assert rejuvenated.supernatural == Threshold(5, 2)
    # never above the base
    rested = new_actor("Fresh", Rank.MAJOR, Nature.SUPERNATURAL)
    assert restore(rested, restore_effect("shoring_up"), "mundane").mundane == Threshold(5, 5)


def test_caduceus_is_for_minor_actors_and_mundane_minors_have_no_supernatural() -> None:
    bob = _bob_after_three_defences()
    with pytest.raises(RulesInputError) as caught:
        restore(bob, restore_effect("caduceus"), "mundane")
    assert caught.value.message == "Alleviation 1: Caduceus targets a Minor Actor only."
    human = replace(new_actor("Human", Rank.MINOR, Nature.MUNDANE, 3), mundane=Threshold(3, 0))
    assert restore(human, restore_effect("caduceus"), "mundane").mundane == Threshold(3, 1)
    with pytest.raises(RulesInputError) as caught:
        restore(human, restore_effect("shoring_up"), "supernatural")
    assert "no supernatural threshold" in caught.value.message


def test_use_power_logs_what_it_did() -> None:
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    wolf = new_actor("Wolf", Rank.MINOR, Nature.SUPERNATURAL)
    table = fresh_table(replace(bob, hand=TIRED), wolf)
    table = use_power(table, "a", "back_in_the_fight", 2)
    assert table.a.hand.cards == (1, 2, 4, 6, 8, 10)
    assert table.log[-1] == "Alleviate 5: Back in the Fight on Bob: 2 refreshed."
    table = replace(table, b=replace(table.b, mundane=Threshold(5, 1)))
    table = use_power(table, "b", "caduceus", threshold="mundane")
    assert table.b.mundane == Threshold(5, 2)
    assert table.log[-1] == "Alleviation 1: Caduceus on Wolf: mundane threshold 1 \u2192 2."


def test_help_from_afar_spend_grants_one_three_or_five() -> None:
    # "If you don't possess the affinity, you can still grant a +1. If you do
    # possess the affinity, but not a focus, you grant +3. If you possess the
    # appropriate focus, you grant +5."
    assert action_pool(afar_no_affinity=1).base == 1
    assert action_pool(afar_affinity=1).base == 3
    assert action_pool(afar_focus=1).base == 5
    # beside the ordinary assistance (+1 with the affinity, +3 with the Focus)
    pool = action_pool(quality=True, assistants_affinity=1, afar_affinity=2, afar_focus=1)
    assert pool.base == 3 + 1 + 6 + 5
    assert ("Help from Afar (2 with the affinity)", 6) in pool.parts()
    with pytest.raises(RulesInputError) as caught:
        action_pool(afar_focus=11, prefix="a_")
    assert caught.value.field == "a_afar_focus"


def test_fatigue_costs_two_levels_of_the_mundane_threshold() -> None:
    # "The target loses 2 levels of their mundane threshold when subjected to an
    # attack, rather than the normal 1."
    assert threshold_loss(Attack.MUNDANE, fatigued=True) == 2
    assert threshold_loss(Attack.MUNDANE) == 1
    assert threshold_loss(Attack.SUPERNATURAL, fatigued=True) == 1
    bob = new_actor("Bob", Rank.MAJOR, Nature.SUPERNATURAL)
    wolf = new_actor("Wolf", Rank.MINOR, Nature.SUPERNATURAL)
    wolf_pool = action_pool(quality=True, focus=True, equipment=1)
    gear = defence_pool(quality=True, equipment=1)
    # The first wolf's attack, 11 against Bob's 11: held, and Bob's threshold
    # drops from 5 to 3 instead of 4.
    result = exchange(wolf, wolf_pool, 5, bob, gear, 2, Attack.MUNDANE, defender_fatigued=True)
    assert (result.attack_total, result.defence_total, result.hit) == (11, 11, False)
    assert (result.threshold_before, result.threshold_after) == (5, 3)
    worn = replace(bob, mundane=Threshold(5, 1))
    low = exchange(wolf, wolf_pool, 4, worn, gear, 3, Attack.MUNDANE, defender_fatigued=True)
    assert low.threshold_after == 0  # never below 0
    magic = exchange(wolf, wolf_pool, 4, bob, gear, 3, Attack.SUPERNATURAL, defender_fatigued=True)
    assert (magic.threshold_before, magic.threshold_after) == (5, 4)
