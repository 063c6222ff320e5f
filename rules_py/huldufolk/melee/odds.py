"""Exact odds in a fight of one against several, for the card about to be
chosen: each target's chance to be hit and the damage, and the damage of the
whole attack (Entropy's three targets, I am become Death's every foe).

The unknown card of each other fighter is taken as any of its cards in hand,
equally likely, and each chooses on its own
(:data:`rules_py.huldufolk.odds.UNKNOWN_CARD_MODEL`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules_py.core import dist
from rules_py.huldufolk.actors import Attack
from rules_py.huldufolk.challenges import damage_for
from rules_py.huldufolk.influence import Reach
from rules_py.huldufolk.melee.attacks import attack_base_damage
from rules_py.huldufolk.melee.fighters import Melee
from rules_py.huldufolk.melee.reach import reach_of
from rules_py.huldufolk.odds import opponent_total

__all__ = ["CardAgainst", "TargetOdds", "attack_odds", "defence_odds"]


@dataclass(frozen=True)
class TargetOdds:
    target: int
    hit: Fraction
    damage: dist.Dist[int]


@dataclass(frozen=True)
class CardAgainst:
    """One card of the chooser: its total, each target's odds, and the damage
    done in all (for an attacker) or taken (for a defender)."""

    card: int
    total: int
    targets: tuple[TargetOdds, ...]
    all_damage: dist.Dist[int]


def _damage_done(total: int, base: int) -> Callable[[int], int]:
    return lambda held: damage_for(total - held, base)


def _damage_taken(held: int, base: int) -> Callable[[int], int]:
    return lambda hit: damage_for(hit - held, base)


def _threshold_kind(melee: Melee, power: str, attack: str) -> Attack:
    return Attack.SUPERNATURAL if power.startswith("entropy") else Attack(attack)


def attack_odds(
    melee: Melee, attacker: int, power: str, targets: tuple[int, ...], attack: str
) -> tuple[CardAgainst, ...]:
    """For each card in the attacker's hand, the odds against ``targets``.

    Against I am become Death's plain use each defender chooses its threshold:
    the odds take the one it defends better with (the higher threshold)."""
    fighter = melee.fighters[attacker]
    kind = _threshold_kind(melee, power, attack)
    rows = []
    for card in fighter.actor.hand.cards:
        total = fighter.attack + card
        per_target = []
        for index in targets:
            target = melee.fighters[index]
            used = kind
            if power == "death":
                used = max(Attack, key=target.actor.threshold)
            personal = power != "death_burn" or (reach_of(melee, attacker, index) is Reach.PERSONAL)
            base = attack_base_damage(fighter, power, used, personal)
            defence = opponent_total(
                target.defence + target.actor.threshold(used), target.actor.hand.cards
            )
            damage = defence.map(_damage_done(total, base))
            per_target.append(TargetOdds(index, defence.below(total), damage))
        whole = dist.constant(0)
        for row in per_target:
            whole = whole + row.damage
        rows.append(CardAgainst(card, total, tuple(per_target), whole))
    return tuple(rows)


def defence_odds(melee: Melee, defender: int, threshold: str) -> tuple[CardAgainst, ...]:
    """For each card of the defender whose turn it is to choose: the chance to
    hold against the attacker's card (unknown: any of its hand) and the damage."""
    pending = melee.pending
    assert pending is not None
    attacker = melee.fighters[pending.attacker]
    target = melee.fighters[defender]
    kind = Attack(threshold if pending.power == "death" else pending.attack)
    if pending.power.startswith("entropy"):
        kind = Attack.SUPERNATURAL
    base = attack_base_damage(attacker, pending.power, kind, defender not in pending.territorial)
    attack_total = opponent_total(attacker.attack, attacker.actor.hand.cards)
    rows = []
    for card in target.actor.hand.cards:
        held = target.defence + target.actor.threshold(kind) + card
        damage = attack_total.map(_damage_taken(held, base))
        odds = TargetOdds(defender, attack_total.above(held), damage)
        rows.append(CardAgainst(card, held, (odds,), damage))
    return tuple(rows)
