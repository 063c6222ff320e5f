"""Huldufolk cards: decks, hands, and what playing a card costs (seed 000, "The Deck").

    "At the beginning of a game, Major Actors receive a 10 card deck containing
    A-10 (known as a Full Deck) while Minor Actors receive a 5 card deck
    containing A-5 (known as a Half Deck). The current cards in a given
    player's deck signify the amount of effort and energy they have in reserve."

    "A card is expended any time it is used in a test, either offensive or
    defensive. After the test is resolved, the player surrenders their card to
    the storyteller [...] regardless of the result [...]. The only exception to
    this test is the Ace card, which is never surrendered."

The Ace counts 1 in a pool ("Card: +1 - +5 (Minor Actors) +1 - +10 (Major
Actors)"). A hand is the cards still held; cards played for initiative are set
aside until the combat ends; every other card played is spent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules_py.core.errors import RulesInputError, describe

__all__ = [
    "ACE",
    "HIGHEST_CARD",
    "Hand",
    "Rank",
    "card_list",
    "card_name",
    "check_card_value",
    "full_deck",
    "new_hand",
]

ACE = 1
HIGHEST_CARD = 10


class Rank(StrEnum):
    """Major Actors hold a full deck, Minor Actors a half deck."""

    MAJOR = "major"
    MINOR = "minor"

    @property
    def label(self) -> str:
        return "Major Actor" if self is Rank.MAJOR else "Minor Actor"

    @property
    def top_card(self) -> int:
        """The highest card of the deck: 10 for a full deck, 5 for a half deck."""
        return HIGHEST_CARD if self is Rank.MAJOR else 5

    @property
    def deck_name(self) -> str:
        return "full deck (Ace-10)" if self is Rank.MAJOR else "half deck (Ace-5)"


def full_deck(rank: Rank) -> tuple[int, ...]:
    """Every card an actor of this rank starts a game with."""
    return tuple(range(ACE, rank.top_card + 1))


def card_name(card: int) -> str:
    """How a card is called at the table: "Ace", "2" ... "10"."""
    return "Ace" if card == ACE else str(card)


def card_list(cards: Iterable[int]) -> str:
    """Cards for a message: "Ace, 3, 7", or "none"."""
    names = [card_name(card) for card in sorted(cards)]
    return ", ".join(names) if names else "none"


def check_card_value(card: object, rank: Rank, field: str = "card") -> int:
    """A card this rank's deck can hold, else a message naming the deck."""
    if isinstance(card, bool) or not isinstance(card, int) or not ACE <= card <= HIGHEST_CARD:
        raise RulesInputError(
            field, f"Card must be a whole number from 1 (the Ace) to 10 (got {describe(card)})."
        )
    if card > rank.top_card:
        raise RulesInputError(
            field,
            f"A {rank.label} holds a {rank.deck_name}: there is no {card} to play.",
        )
    return card


@dataclass(frozen=True)
class Hand:
    """The cards an actor still holds, and those set aside for initiative.

    ``cards`` and ``set_aside`` are sorted, distinct, and within the deck;
    together they are never more than the full deck.
    """

    rank: Rank
    cards: tuple[int, ...]
    set_aside: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        deck = set(full_deck(self.rank))
        for group in (self.cards, self.set_aside):
            if list(group) != sorted(set(group)) or not set(group) <= deck:
                raise ValueError(f"not a hand of a {self.rank.deck_name}: {group}")
        if set(self.cards) & set(self.set_aside):
            raise ValueError("a card cannot be both held and set aside")

    @property
    def spent(self) -> tuple[int, ...]:
        """Cards surrendered to the storyteller."""
        gone = set(self.cards) | set(self.set_aside)
        return tuple(card for card in full_deck(self.rank) if card not in gone)

    def require(self, card: object, field: str = "card") -> int:
        """``card`` if it can be played now; else a message saying why not."""
        value = check_card_value(card, self.rank, field)
        if value in self.cards:
            return value
        if value in self.set_aside:
            raise RulesInputError(
                field,
                f"The {card_name(value)} is set aside as the initiative card until the "
                f"combat ends. Cards in hand: {card_list(self.cards)}.",
            )
        raise RulesInputError(
            field,
            f"The {card_name(value)} has been spent. Cards in hand: {card_list(self.cards)}.",
        )

    def play(self, card: object, field: str = "card") -> Hand:
        """The hand after ``card`` is played in a test, attack or defence.

        The card is surrendered whatever the result, except the Ace.
        """
        value = self.require(card, field)
        if value == ACE:
            return self
        return Hand(self.rank, tuple(c for c in self.cards if c != value), self.set_aside)

    def set_aside_for_initiative(self, card: object, field: str = "card") -> Hand:
        """Initiative: the card "is not lost [...] but become[s] inaccessible to
        the character for the duration of the combat". Any card may be played,
        the Ace too."""
        value = self.require(card, field)
        kept = tuple(c for c in self.cards if c != value)
        return Hand(self.rank, kept, tuple(sorted((*self.set_aside, value))))

    def end_combat(self) -> Hand:
        """After the combat the initiative card comes back: "When the combat has
        concluded, the character reclaims their initiative card, adding it back
        to their hand."
        """
        return Hand(self.rank, tuple(sorted((*self.cards, *self.set_aside))))

    def refresh(self, cards: Iterable[int]) -> Hand:
        """Spent cards returned to the hand (a refresh, e.g. Alleviation 5)."""
        wanted = tuple(cards)
        for card in wanted:
            value = check_card_value(card, self.rank, "refresh")
            if value not in self.spent:
                raise RulesInputError(
                    "refresh",
                    f"Only spent cards can be refreshed: the {card_name(value)} is not spent. "
                    f"Spent cards: {card_list(self.spent)}.",
                )
        return Hand(self.rank, tuple(sorted(set(self.cards) | set(wanted))), self.set_aside)


def new_hand(rank: Rank) -> Hand:
    """A fresh deck: the whole range, nothing spent."""
    return Hand(rank, full_deck(rank))
