"""Huldufolk powers that give back cards and thresholds (Huldufolk, Magic
System: Greater Paths), read from ``data/powers.json``.

Refresh, Alleviate 5, Back in the Fight (Service: Alleviation):

    "Refresh one low card (A-5) for the target character.
    Spend: Refresh all low cards for the target, or one high card (6-10)
    Burn: Refresh another character's entire deck."

Only spent cards come back. The Ace is never spent, so the low cards a refresh
can return are 2-5; a card set aside for initiative is not spent and returns
only when the combat ends, also after a Burn ("entire deck" is read as every
spent card). A Minor Actor's half deck has no high card.

Partial restores of a threshold: Life 3, Second Wind ("restore a single level
to their mundane defensive threshold"; Spend: "to its maximum"), Alleviation 1,
Caduceus (a Minor Actor's mundane threshold "by 1"), Alleviation 3, Shoring Up
("one point of a Minor or Major Actor's mundane or supernatural threshold";
Spend: "fully restores the chosen threshold"), Autocracy 3, Rejuvenation
("restores 1 to their supernatural defensive threshold"; Spend: "to its
maximum"). A threshold never rises above its base.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from rules_py.core.data import load_json
from rules_py.core.errors import RulesInputError, require_choice
from rules_py.core.ranges import IntRange
from rules_py.huldufolk.actors import Actor, Attack
from rules_py.huldufolk.belief_cost import Use
from rules_py.huldufolk.cards import Hand, Rank, card_list, card_name

__all__ = [
    "POWERS_RULE",
    "RefreshEffect",
    "RestoreEffect",
    "refresh_effect",
    "refresh_effects",
    "refreshable",
    "restore",
    "restore_effect",
    "restore_effects",
    "use_refresh",
]

POWERS_RULE = (
    "Only spent cards are refreshed (the Ace never is; an initiative card returns when "
    "the combat ends); a threshold never rises above its base."
)


@dataclass(frozen=True)
class RefreshEffect:
    """One use of Back in the Fight: which cards, and how many (``None``: all)."""

    key: str
    power: str
    label: str
    cards: IntRange
    count: int | None
    text: str
    level: int  # the power's level and which effect: what it costs in Belief
    use: Use


@dataclass(frozen=True)
class RestoreEffect:
    """One power restoring a threshold by ``points`` (``None``: to its base)."""

    key: str
    power: str
    label: str
    thresholds: tuple[Attack, ...]  # the thresholds it may restore (one is chosen)
    points: int | None
    minor_only: bool
    text: str
    level: int
    use: Use


@cache
def refresh_effects() -> tuple[RefreshEffect, ...]:
    records = load_json("huldufolk", "powers.json")["refresh"]
    return tuple(
        RefreshEffect(
            key=str(record["key"]),
            power=str(record["power"]),
            label=str(record["label"]),
            cards=IntRange(record["low"], record["high"]),
            count=record["count"],
            text=str(record["text"]),
            level=int(record["level"]),
            use=Use(record["use"]),
        )
        for record in records
    )


@cache
def restore_effects() -> tuple[RestoreEffect, ...]:
    records = load_json("huldufolk", "powers.json")["restore"]
    return tuple(
        RestoreEffect(
            key=str(record["key"]),
            power=str(record["power"]),
            label=str(record["label"]),
            thresholds=tuple(Attack(kind) for kind in record["thresholds"]),
            points=record["points"],
            minor_only=bool(record["minor_only"]),
            text=str(record["text"]),
            level=int(record["level"]),
            use=Use(record["use"]),
        )
        for record in records
    )


def refresh_effect(key: object, field: str = "power") -> RefreshEffect:
    known = {effect.key: effect for effect in refresh_effects()}
    return known[require_choice(field, "Power", key, tuple(known))]


def restore_effect(key: object, field: str = "power") -> RestoreEffect:
    known = {effect.key: effect for effect in restore_effects()}
    return known[require_choice(field, "Power", key, tuple(known))]


def refreshable(hand: Hand, effect: RefreshEffect) -> tuple[int, ...]:
    """The spent cards ``effect`` could bring back."""
    return tuple(card for card in hand.spent if effect.cards.holds(card))


def _cards_text(effect: RefreshEffect) -> str:
    low, high = effect.cards.low, effect.cards.high
    if low == 1 and high == 10:
        return "spent card"
    return f"spent {'low' if high == 5 else 'high'} card ({card_name(low or 1)}-{high})"


def use_refresh(hand: Hand, effect: RefreshEffect, card: object = None) -> Hand:
    """The hand after ``effect``; ``card`` is the one chosen when it refreshes one."""
    if effect.cards.low is not None and effect.cards.low > hand.rank.top_card:
        raise RulesInputError(
            "power",
            f"A {hand.rank.label} holds a {hand.rank.deck_name}: it has no high card.",
        )
    able = refreshable(hand, effect)
    if not able:
        raise RulesInputError(
            "power",
            f"No {_cards_text(effect)} to refresh. Spent cards: {card_list(hand.spent)}.",
        )
    if effect.count is None:
        return hand.refresh(able)
    if card is None:
        raise RulesInputError("power_card", f"Choose the card to refresh: {card_list(able)}.")
    if card not in able or isinstance(card, bool):
        raise RulesInputError(
            "power_card",
            f"{effect.label}: choose one of the spent cards it can return ({card_list(able)}).",
        )
    return hand.refresh([card])


def restore(actor: Actor, effect: RestoreEffect, threshold: object) -> Actor:
    """``actor`` with the chosen ``threshold`` (mundane or supernatural) restored."""
    kind = Attack(
        require_choice(
            "power_threshold", "Threshold", threshold, tuple(k.value for k in effect.thresholds)
        )
    )
    if effect.minor_only and actor.rank is not Rank.MINOR:
        raise RulesInputError("power", f"{effect.power} targets a Minor Actor only.")
    if kind is Attack.MUNDANE:
        return replace(actor, mundane=actor.mundane.restored(effect.points))
    if actor.supernatural is None:
        raise RulesInputError(
            "power", f"{actor.name} is a mundane Minor Actor: there is no supernatural threshold."
        )
    return replace(actor, supernatural=actor.supernatural.restored(effect.points))
