"""The odds of a fight of one against several, exact, checked against a
second method: every combination of the defenders' cards played out by the
engine's own moves and counted."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from rules_py.huldufolk.melee import Melee, declare, defend
from rules_py.huldufolk.melee.odds import attack_odds, defence_odds
from tests.engine.test_huldufolk_melee import bob_and_wolves


def played_out(
    melee: Melee, power: str, chosen: tuple[int, ...], card: int, kind: str
) -> Counter[int]:
    """Total damage over every combination of the targets' cards, each equally likely."""
    first = declare(melee, 0, power, chosen, card, kind, False)
    assert first.pending is not None
    targets = first.pending.targets
    hands = [melee.fighters[t].actor.hand.cards for t in targets]
    counts: Counter[int] = Counter()
    for cards in itertools.product(*hands):
        m = first
        for played in cards:
            m, _ = defend(m, played, kind, False)
        counts[sum(m.fighters[t].damage - melee.fighters[t].damage for t in targets)] += 1
    return counts


def worn_down() -> Melee:
    """Three wolves with different hands and thresholds, as after a few exchanges."""
    m = bob_and_wolves()
    hands = ((1, 2, 3), (1, 4, 5), (1,))
    for index, (cards, current) in enumerate(zip(hands, (5, 3, 1), strict=True), start=1):
        wolf = m.fighters[index]
        actor = replace(
            wolf.actor,
            hand=replace(wolf.actor.hand, cards=cards),
            supernatural=replace(wolf.actor.supernatural, current=current),
        )
        m = m.with_fighter(index, replace(wolf, actor=actor))
    return replace(m, fighters=(replace(m.fighters[0], belief_to_spend=5), *m.fighters[1:]))


@pytest.mark.parametrize(
    ("power", "chosen"),
    [("entropy_spend", (1, 2, 3)), ("entropy", (2,)), ("death_burn", ()), ("death_spend", (1,))],
)
def test_attack_odds_match_every_combination_played_out(
    power: str, chosen: tuple[int, ...]
) -> None:
    melee = worn_down()
    targets = (
        chosen if power.startswith("entropy") else tuple(i for i in (1, 2, 3) if i not in chosen)
    )
    for row in attack_odds(melee, 0, power, targets, "supernatural"):
        counts = played_out(melee, power, chosen, row.card, "supernatural")
        total = sum(counts.values())
        assert dict(row.all_damage.pairs) == {
            damage: Fraction(count, total) for damage, count in counts.items()
        }, (power, row.card)


def test_one_targets_hit_chance_by_hand() -> None:
    melee = worn_down()
    # Bob's 6 (7) against Wolf 2: supernatural 3 + a card of Ace, 4, 5 -> 4, 7, 8: hit 1/3.
    row = next(r for r in attack_odds(melee, 0, "entropy", (2,), "mundane") if r.card == 6)
    assert row.targets[0].hit == Fraction(1, 3)


def test_defence_odds_against_every_card_of_the_attacker() -> None:
    melee = declare(worn_down(), 0, "entropy", (3,), 10, "mundane", False)
    (row,) = defence_odds(melee, 3, "mundane")  # Wolf 3 holds only its Ace: 1 + 1 = 2
    attacks = [1 + card for card in range(1, 11)]  # Bob's hand, each equally likely
    assert row.targets[0].hit == Fraction(sum(a > 2 for a in attacks), 10)
    by_hand = Counter(max(0, 1 + (a - 2) // 5) if a > 2 else 0 for a in attacks)
    assert dict(row.all_damage.pairs) == {k: Fraction(v, 10) for k, v in by_hand.items()}
