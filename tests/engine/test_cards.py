"""Huldufolk decks and hands: what a played card costs, and what is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.cards import (
    ACE,
    Hand,
    Rank,
    card_list,
    card_name,
    check_card_value,
    full_deck,
    new_hand,
)


def test_full_and_half_decks() -> None:
    # "Major Actors receive a 10 card deck containing A-10 [...] Minor Actors
    # receive a 5 card deck containing A-5"
    assert full_deck(Rank.MAJOR) == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert full_deck(Rank.MINOR) == (1, 2, 3, 4, 5)
    assert new_hand(Rank.MAJOR).spent == ()


def test_card_names() -> None:
    assert card_name(1) == "Ace"
    assert card_name(7) == "7"
    assert card_list([7, 1, 3]) == "Ace, 3, 7"
    assert card_list([]) == "none"


def test_a_played_card_is_surrendered_whatever_the_result() -> None:
    hand = new_hand(Rank.MAJOR).play(7)
    assert 7 not in hand.cards
    assert hand.spent == (7,)


def test_the_ace_is_never_surrendered() -> None:
    hand = new_hand(Rank.MINOR)
    for _ in range(5):
        hand = hand.play(ACE)
    assert hand.cards == (1, 2, 3, 4, 5)


def test_a_spent_card_is_refused_with_the_cards_in_hand() -> None:
    hand = new_hand(Rank.MINOR).play(3)
    with pytest.raises(RulesInputError) as caught:
        hand.play(3)
    assert caught.value.field == "card"
    assert caught.value.message == "The 3 has been spent. Cards in hand: Ace, 2, 4, 5."


def test_a_six_is_refused_for_a_minor_actor() -> None:
    with pytest.raises(RulesInputError) as caught:
        new_hand(Rank.MINOR).play(6)
    assert "half deck (Ace-5)" in caught.value.message
    assert "no 6" in caught.value.message


@pytest.mark.parametrize("card", [0, 11, -1, "7", 7.0, True, None])
def test_cards_outside_any_deck_are_refused(card: object) -> None:
    with pytest.raises(RulesInputError) as caught:
        check_card_value(card, Rank.MAJOR)
    assert caught.value.message.startswith("Card must be a whole number from 1 (the Ace) to 10")


def test_initiative_card_is_set_aside_until_the_combat_ends() -> None:
    hand = new_hand(Rank.MAJOR).set_aside_for_initiative(8)
    assert 8 not in hand.cards
    assert hand.set_aside == (8,)
    assert hand.spent == ()  # "This card is not lost"
    with pytest.raises(RulesInputError) as caught:
        hand.play(8)
    assert "set aside as the initiative card" in caught.value.message
    back = hand.end_combat()
    assert back.cards == full_deck(Rank.MAJOR)
    assert back.set_aside == ()


def test_the_ace_may_be_the_initiative_card_and_comes_back() -> None:
    hand = new_hand(Rank.MINOR).set_aside_for_initiative(ACE)
    assert ACE not in hand.cards
    assert hand.end_combat().cards == (1, 2, 3, 4, 5)


def test_refresh_returns_only_spent_cards() -> None:
    hand = new_hand(Rank.MAJOR).play(9).play(4)
    assert hand.refresh([9]).cards == (1, 2, 3, 5, 6, 7, 8, 9, 10)
    with pytest.raises(RulesInputError) as caught:
        hand.refresh([5])
    assert caught.value.message == (
        "Only spent cards can be refreshed: the 5 is not spent. Spent cards: 4, 9."
    )


def test_a_hand_cannot_hold_cards_outside_its_deck() -> None:
    with pytest.raises(ValueError):
        Hand(Rank.MINOR, (1, 6))
    with pytest.raises(ValueError):
        Hand(Rank.MAJOR, (3, 2))
    with pytest.raises(ValueError):
        Hand(Rank.MAJOR, (1, 2), set_aside=(2,))


# A move: ("play" | "initiative" | "end", card). Illegal moves are refused and
# leave the hand as it was.
moves = st.lists(
    st.tuples(st.sampled_from(["play", "initiative", "end"]), st.integers(0, 11)), max_size=40
)


@given(rank=st.sampled_from(list(Rank)), script=moves)
def test_hand_properties_over_any_sequence_of_moves(
    rank: Rank, script: list[tuple[str, int]]
) -> None:
    hand = new_hand(rank)
    for move, card in script:
        before = hand
        try:
            if move == "play":
                hand = hand.play(card)
            elif move == "initiative":
                hand = hand.set_aside_for_initiative(card)
            else:
                hand = hand.end_combat()
        except RulesInputError:
            assert hand == before  # a refused move changes nothing
            continue
        # The Ace is never removed by play (only set aside for initiative).
        if ACE in before.cards and move == "play":
            assert ACE in hand.cards
        # Without a refresh, cards held or set aside never grow in number...
        assert len(hand.cards) + len(hand.set_aside) <= len(before.cards) + len(before.set_aside)
        # ...the hand grows only when the combat ends, by the cards set aside,
        if len(hand.cards) > len(before.cards):
            assert move == "end"
            assert set(hand.cards) == set(before.cards) | set(before.set_aside)
        # ...and spent cards never come back.
        assert set(before.spent) <= set(hand.spent)
        # Every card of the deck is in exactly one place.
        places = sorted((*hand.cards, *hand.set_aside, *hand.spent))
        assert places == list(full_deck(rank))
