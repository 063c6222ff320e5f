"""Huldufolk odds: for each card in hand, the exact chance that it succeeds.

A target is either a challenge rating (certain) or an opponent's pool whose
card is unknown. For the unknown card the odds take the opponent's remaining
cards as equally likely: a model, since a player chooses, and the page says so.

All probabilities come from :mod:`rules_py.core.dist`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.huldufolk.challenges import damage_for

__all__ = [
    "UNKNOWN_CARD_MODEL",
    "CardOdds",
    "HandOdds",
    "against_rating",
    "attacking",
    "blind_exchange",
    "contesting",
    "defending",
    "opponent_total",
]

UNKNOWN_CARD_MODEL = (
    "Odds take each of the other side's remaining cards as equally likely; a real opponent chooses."
)


@dataclass(frozen=True)
class CardOdds:
    """One card: the total it makes and what follows from it.

    ``damage`` is the distribution of damage done (for an attack) or taken (for
    a defence); 0 means the attack was held off. For a challenge rating it is
    ``None``.
    """

    card: int
    total: int
    chance: Fraction
    damage: dist.Dist[int] | None = None
    tie: Fraction | None = None  # contests only: the chance of a stand-off


@dataclass(frozen=True)
class HandOdds:
    cards: tuple[CardOdds, ...]

    @property
    def smallest_sure(self) -> int | None:
        """The lowest card that succeeds whatever happens, if any."""
        return next((row.card for row in self.cards if row.chance == 1), None)

    @property
    def smallest_possible(self) -> int | None:
        """The lowest card with any chance at all, if any."""
        return next((row.card for row in self.cards if row.chance > 0), None)

    def row(self, card: int) -> CardOdds:
        for row in self.cards:
            if row.card == card:
                return row
        raise KeyError(card)


def opponent_total(base: int, cards: Iterable[int]) -> dist.Dist[int]:
    """The opponent's total when its card is one of ``cards``, each equally likely."""
    return dist.faces(tuple(cards)) + base


def _odds(
    base: int,
    cards: Iterable[int],
    success: Callable[[int], Fraction],
    damage: Callable[[int], dist.Dist[int] | None],
) -> HandOdds:
    rows = []
    for card in sorted(cards):
        total = base + card
        rows.append(CardOdds(card, total, success(total), damage(total)))
    return HandOdds(tuple(rows))


def against_rating(base: int, cards: Iterable[int], rating: int) -> HandOdds:
    """Each card against a challenge rating: reaching it succeeds."""
    target = dist.constant(rating)
    return _odds(base, cards, target.at_most, lambda _total: None)


def attacking(
    base: int, cards: Iterable[int], defence: dist.Dist[int], base_damage: int = 1
) -> HandOdds:
    """Each attacking card against the defence total ``defence``: a hit must beat
    it (defenders win ties); ``damage`` is the damage done (``base_damage`` 2
    under the powers that raise it)."""

    def damage(total: int) -> dist.Dist[int]:
        return defence.map(lambda held: damage_for(total - held, base_damage))

    return _odds(base, cards, defence.below, damage)


def defending(base: int, cards: Iterable[int], attack: dist.Dist[int]) -> HandOdds:
    """Each defending card against the attack total ``attack``: a tie holds;
    ``damage`` is the damage taken."""

    def damage(total: int) -> dist.Dist[int]:
        return attack.map(lambda hit: damage_for(hit - total))

    return _odds(base, cards, attack.at_most, damage)


def contesting(base: int, cards: Iterable[int], opponent: dist.Dist[int]) -> HandOdds:
    """Each card in a contest of attack pools: ``chance`` to prevail (beat the
    other total), ``tie`` for a stand-off."""
    rows = tuple(
        CardOdds(card, base + card, opponent.below(base + card), tie=opponent.prob(base + card))
        for card in sorted(cards)
    )
    return HandOdds(rows)


def blind_exchange(
    attack_base: int,
    attack_cards: Iterable[int],
    defence_base: int,
    defence_cards: Iterable[int],
) -> dist.Comparison:
    """Both cards unknown, each equally likely: P[hit] is ``greater``."""
    return dist.compare(
        opponent_total(attack_base, attack_cards), opponent_total(defence_base, defence_cards)
    )
