"""Huldufolk challenges: undefended tests and defended attacks (seed 000,
"Challenge Resolution" and "Resisting Attacks").

Undefended: "only one party plays a card", and the pool is compared to the
challenge rating. The text does not say whether meeting the rating is enough;
here it is, because "a PC can have a maximum pool of 30" and "a task rated at 30
is achievable" by the best of them.

Contests of attack pools (Huldufolk, Magic System: Resolving Magical
Conflicts): "in cases where both characters are attempting to achieve a
mutually-exclusive goal [...] each character builds their attack pool as
normal, and contests with that." Nobody defends, so "Defenders win ties" does
not settle a tie and the text is silent: here a tie is a stand-off, neither
side achieves its goal (and may contest again with new cards). No threshold
drops (nobody defends) and no damage is done ("Unless specified in a power
description, magic does not inflict mechanical damage"); both cards are spent,
the Ace excepted.

Affinities: "A character with an appropriate Affinity does not need to test to
accomplish normal, everyday tasks (CR 5 or below) [...]. A character without an
appropriate Affinity must test to accomplish a challenge of 10 or below, and
cannot test to accomplish tasks of difficulty greater than 10."

Defended: "all parties select their card before anyone announces their total
pool"; "Defenders win ties"; the defender's relevant threshold then drops by 1.

Damage: the Combat section is not part of this slice. The worked example fixes
three points: beating the defence by 3 or 4 inflicts 1 damage, by 5 inflicts 2
("Because he exceeded the target by 5, Bob's attack inflicts two damage"), and
powers that raise "the base damage" to 2 imply a base of 1. The rule derived
here: a hit inflicts 1 damage, plus 1 for every full 5 points of margin.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Actor, Attack
from rules_py.huldufolk.cards import Hand
from rules_py.huldufolk.pools import ActionPool, DefencePool
from rules_py.huldufolk.tables import check_rating

__all__ = [
    "AFFINITY_NO_TEST_MAX",
    "BASE_DAMAGE",
    "CONTEST_TIE_RULE",
    "DAMAGE_RULE",
    "HEALTH_RULE",
    "MARGIN_PER_EXTRA_DAMAGE",
    "MEETS_RULE",
    "NO_AFFINITY_TEST_MAX",
    "Contest",
    "Exchange",
    "Need",
    "UndefendedResult",
    "attack_hits",
    "check_house",
    "contest",
    "contest_winner",
    "damage_for",
    "defence_for",
    "exchange",
    "meets",
    "need_for",
    "undefended_test",
]

AFFINITY_NO_TEST_MAX = 5
NO_AFFINITY_TEST_MAX = 10
BASE_DAMAGE = 1
MARGIN_PER_EXTRA_DAMAGE = 5

DAMAGE_RULE = (
    "Damage: the Combat rules are not in this slice; from the worked example, a hit "
    "does 1, plus 1 for every full 5 points by which it beats the defence."
)


MEETS_RULE = (
    "Reaching the challenge rating succeeds: the text does not say, but its best "
    "pool of 30 achieves a CR 30 task."
)
HEALTH_RULE = "Damage is only tallied: health and its levels are not in this slice."
CONTEST_TIE_RULE = (
    "A tie in a contest of attack pools is a stand-off: the text is silent (nobody "
    "defends), so neither side achieves its goal; both cards are spent."
)


class Need(StrEnum):
    """Whether an undefended challenge calls for a test at all."""

    NO_TEST = "no_test"
    TEST = "test"
    IMPOSSIBLE = "impossible"


def need_for(rating: int, has_affinity: bool) -> Need:
    rating = check_rating(rating)
    if has_affinity:
        return Need.NO_TEST if rating <= AFFINITY_NO_TEST_MAX else Need.TEST
    return Need.TEST if rating <= NO_AFFINITY_TEST_MAX else Need.IMPOSSIBLE


def meets(total: int, rating: int) -> bool:
    """An undefended test succeeds when the pool reaches the rating."""
    return total >= rating


@dataclass(frozen=True)
class UndefendedResult:
    rating: int
    need: Need
    base: int
    card: int | None  # None when no card was played
    total: int | None
    success: bool
    hand: Hand  # the hand after the test

    @property
    def margin(self) -> int | None:
        return None if self.total is None else self.total - self.rating


def undefended_test(
    hand: Hand, pool: ActionPool, card: object, rating: int, has_affinity: bool
) -> UndefendedResult:
    """Resolve one undefended test. No card is played (none is spent) when the
    affinity makes the test unnecessary or its lack makes it impossible."""
    rating = check_rating(rating)
    need = need_for(rating, has_affinity)
    if need is not Need.TEST:
        return UndefendedResult(rating, need, pool.base, None, None, need is Need.NO_TEST, hand)
    value = hand.require(card)
    total = pool.base + value
    return UndefendedResult(
        rating, need, pool.base, value, total, meets(total, rating), hand.play(value)
    )


def attack_hits(attack_total: int, defence_total: int) -> bool:
    """Defenders win ties."""
    return attack_total > defence_total


def damage_for(margin: int, base: int = BASE_DAMAGE) -> int:
    """Damage of an attack that beat the defence by ``margin`` (0 if it did not);
    ``base`` is 2 under Swift Vengeance's Spend or I am become Death's Burn."""
    if margin <= 0:
        return 0
    return base + margin // MARGIN_PER_EXTRA_DAMAGE


@dataclass(frozen=True)
class Exchange:
    """One attack and its defence, both cards chosen before totals are shown."""

    attack: Attack
    attacker_card: int
    defender_card: int
    attack_pool: ActionPool
    defence_pool: DefencePool  # with the threshold the defender had
    attack_total: int
    defence_total: int
    hit: bool
    damage: int
    threshold_before: int
    threshold_after: int
    attacker: Actor  # both actors after the exchange
    defender: Actor
    card_kept: bool = False  # Demesne 5, Not in My House, Spend: not expended

    @property
    def margin(self) -> int:
        return self.attack_total - self.defence_total


def defence_for(defender: Actor, attack: Attack, gear: DefencePool) -> DefencePool:
    """The defence pool ``gear`` with the defender's current threshold in it."""
    return replace(gear, threshold=defender.threshold(attack))


def exchange(
    attacker: Actor,
    attack_pool: ActionPool,
    attacker_card: object,
    defender: Actor,
    defence_gear: DefencePool,
    defender_card: object,
    attack: Attack = Attack.MUNDANE,
    defender_fatigued: bool = False,
    keep_card: bool = False,
) -> Exchange:
    """Resolve one defended attack; ``keep_card``: the defender's card is not
    expended (Not in My House's Spend, against a supernatural attack only).

    ``defence_gear`` supplies Quality, equipment and supernatural bonuses; the
    threshold is the defender's current one. Both cards are spent (Aces kept),
    and the defender's threshold drops by 1 whatever the result (by 2 for a
    mundane attack on a target with Life 4's Fatigue).
    """
    attack_card = attacker.hand.require(attacker_card, "attacker_card")
    defence_card = defender.hand.require(defender_card, "defender_card")
    if keep_card:
        check_house(attack)
    defence_pool = defence_for(defender, attack, defence_gear)
    attack_total = attack_pool.base + attack_card
    defence_total = defence_pool.base + defence_card
    hit = attack_hits(attack_total, defence_total)
    after = defender.after_defence(attack, defender_fatigued)
    if not keep_card:
        after = after.with_hand(defender.hand.play(defence_card))
    return Exchange(
        attack=attack,
        attacker_card=attack_card,
        defender_card=defence_card,
        attack_pool=attack_pool,
        defence_pool=defence_pool,
        attack_total=attack_total,
        defence_total=defence_total,
        hit=hit,
        damage=damage_for(attack_total - defence_total),
        threshold_before=defender.threshold(attack),
        threshold_after=after.threshold(attack),
        attacker=attacker.with_hand(attacker.hand.play(attack_card)),
        defender=after,
        card_kept=keep_card,
    )


def check_house(attack: Attack) -> None:
    """Not in My House's Spend disallows "a supernatural power": refused
    against a mundane attack (field ``keep_card``)."""
    if attack is not Attack.SUPERNATURAL:
        raise RulesInputError(
            "keep_card",
            "Not in My House's Spend disallows a supernatural power: the attack must be "
            "supernatural to keep the card.",
        )


@dataclass(frozen=True)
class Contest:
    """Two attack pools against each other; ``winner`` 0 or 1, ``None`` on a tie."""

    cards: tuple[int, int]
    pools: tuple[ActionPool, ActionPool]
    totals: tuple[int, int]
    winner: int | None
    actors: tuple[Actor, Actor]  # both actors after the contest


def contest_winner(first_total: int, second_total: int) -> int | None:
    """The higher attack pool prevails; a tie is a stand-off (see the module note)."""
    if first_total == second_total:
        return None
    return 0 if first_total > second_total else 1


def contest(
    first: Actor,
    first_pool: ActionPool,
    first_card: object,
    second: Actor,
    second_pool: ActionPool,
    second_card: object,
    *,
    fields: tuple[str, str] = ("card", "contest_card"),
) -> Contest:
    """Resolve a contest of attack pools; both cards are spent (Aces kept)."""
    card_a = first.hand.require(first_card, fields[0])
    card_b = second.hand.require(second_card, fields[1])
    totals = (first_pool.base + card_a, second_pool.base + card_b)
    return Contest(
        cards=(card_a, card_b),
        pools=(first_pool, second_pool),
        totals=totals,
        winner=contest_winner(*totals),
        actors=(
            first.with_hand(first.hand.play(card_a)),
            second.with_hand(second.hand.play(card_b)),
        ),
    )
