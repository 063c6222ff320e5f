"""Huldufolk initiative (seed 000, "Initiative").

    "Initiative in Huldufolk is done by playing a card. All characters acting in
    the combat play a card, and simultaneously reveal what card was selected.
    Ties are resolved by each tied player drawing a card from the ST's deck and
    comparing. This card is not lost, as though it were used in a challenge, but
    become inaccessible to the character for the duration of the combat."

The text is silent on two points, chosen here: the higher card acts first (as
the higher draw does), and the storyteller's deck is a full deck, Ace-10,
shuffled for each tie and drawn without replacement (a fresh deck is shuffled
when it runs out; equal draws from two decks are broken the same way again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng
from rules_py.huldufolk.cards import Rank, full_deck

__all__ = ["INITIATIVE_RULE", "STORYTELLER_DECK", "Initiative", "TieBreak", "initiative"]

STORYTELLER_DECK = full_deck(Rank.MAJOR)

INITIATIVE_RULE = (
    "Initiative: the higher card acts first; ties draw from a shuffled Ace-10 "
    "storyteller's deck (the text does not say which way the order runs)."
)


@dataclass(frozen=True)
class TieBreak:
    """The storyteller's-deck draws that broke one tie, in drawing order."""

    card: int  # the initiative card they tied on
    draws: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Initiative:
    order: tuple[str, ...]  # who acts first, then next...
    plays: tuple[tuple[str, int], ...]
    tie_breaks: tuple[TieBreak, ...]


def initiative(plays: Sequence[tuple[str, int]], rng: Rng) -> Initiative:
    """Order the actors by the initiative cards they played.

    ``plays`` are (name, card) pairs; the cards are assumed already taken from
    the actors' hands (see ``Hand.set_aside_for_initiative``).
    """
    names = [name for name, _ in plays]
    if len(set(names)) != len(names):
        raise RulesInputError("initiative", "Each actor plays one initiative card.")
    tie_breaks: list[TieBreak] = []
    order: list[str] = []
    for card in sorted({card for _, card in plays}, reverse=True):
        tied = [name for name, played in plays if played == card]
        if len(tied) == 1:
            order.extend(tied)
            continue
        order.extend(_break_tie(card, tied, rng, tie_breaks))
    return Initiative(tuple(order), tuple(plays), tuple(tie_breaks))


def _break_tie(card: int, tied: list[str], rng: Rng, log: list[TieBreak]) -> list[str]:
    """Each tied player draws from the storyteller's deck; higher draw first."""
    deck: list[int] = []
    draws: list[tuple[str, int]] = []
    for name in tied:
        if not deck:
            deck = [c for c in rng.shuffled(STORYTELLER_DECK) if isinstance(c, int)]
        draws.append((name, deck.pop()))
    log.append(TieBreak(card, tuple(draws)))
    order: list[str] = []
    for draw in sorted({value for _, value in draws}, reverse=True):
        again = [name for name, value in draws if value == draw]
        order.extend(again if len(again) == 1 else _break_tie(card, again, rng, log))
    return order
