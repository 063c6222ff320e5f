"""Huldufolk odds: exact fractions, checked against plain enumeration."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rules_py.huldufolk.challenges import damage_for
from rules_py.huldufolk.odds import (
    against_rating,
    attacking,
    blind_exchange,
    defending,
    opponent_total,
)

hands = st.sets(st.integers(1, 10), min_size=1).map(sorted)
bases = st.integers(0, 40)


def test_against_a_rating_each_card_is_sure_or_hopeless() -> None:
    odds = against_rating(6, [1, 4, 5, 6, 10], 12)
    assert [row.chance for row in odds.cards] == [0, 0, 0, 1, 1]
    assert [row.total for row in odds.cards] == [7, 10, 11, 12, 16]
    assert odds.smallest_sure == 6
    assert odds.smallest_possible == 6
    assert odds.row(10).damage is None


def test_no_card_may_be_enough() -> None:
    odds = against_rating(0, [1, 2, 3], 12)
    assert odds.smallest_sure is None
    assert odds.smallest_possible is None


def test_bob_needs_at_least_his_six() -> None:
    # "he knows that hitting them will likely require at least his 6 card"
    # (footnote: "5 base threshold + at least 1 from the card, defender wins
    # ties"). Bob attacks at +1 (a short sword); the wolf defends at threshold 5
    # and holds Ace-4 after spending its 5.
    odds = attacking(1, [1, 5, 6, 7, 8, 9, 10], opponent_total(5, [1, 2, 3, 4]))
    assert odds.smallest_possible == 6
    assert odds.row(6).chance == Fraction(1, 4)  # only against the wolf's Ace
    assert odds.smallest_sure == 9  # 10 beats the wolf's best, 4 + 5 = 9
    ten = odds.row(10).damage
    assert ten is not None
    # 11 against 6, 7, 8, 9: margins 5, 4, 3, 2
    assert dict(ten.items()) == {1: Fraction(3, 4), 2: Fraction(1, 4)}


def test_bob_is_not_at_risk_of_multiple_damage_per_hit() -> None:
    # Round three: Bob's Ace defence is 5; the wolves attack at 6 plus one of
    # Ace, 2 (or Ace, 2, 3). "he's not at risk of taking multiple damage per hit"
    for wolf_cards in ([1, 2], [1, 2, 3]):
        odds = defending(4, [1, 7, 8, 9], opponent_total(6, wolf_cards))
        ace = odds.row(1)
        assert ace.chance == 0  # "higher than Bob's Ace defense (5 total)"
        assert ace.damage is not None
        assert ace.damage.outcomes == (1,)


def enumerate_attack(base: int, card: int, defence: int, cards: list[int]) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for theirs in cards:
        hurt = damage_for(base + card - (defence + theirs))
        counts[hurt] = counts.get(hurt, 0) + 1
    return {hurt: Fraction(n, len(cards)) for hurt, n in counts.items()}


@given(mine=hands, theirs=hands, attack=bases, defence=bases)
def test_attack_odds_match_enumeration(
    mine: list[int], theirs: list[int], attack: int, defence: int
) -> None:
    odds = attacking(attack, mine, opponent_total(defence, theirs))
    assert [row.card for row in odds.cards] == mine
    for row in odds.cards:
        assert row.damage is not None
        expected = enumerate_attack(attack, row.card, defence, theirs)
        assert dict(row.damage.items()) == {k: v for k, v in expected.items()}
        assert sum(row.damage.values()) == 1
        hits = sum(1 for card in theirs if attack + row.card > defence + card)
        assert row.chance == Fraction(hits, len(theirs))
        assert row.chance == 1 - row.damage.prob(0)
    # A higher card never does worse.
    chances = [row.chance for row in odds.cards]
    assert chances == sorted(chances)


@given(mine=hands, theirs=hands, defence=bases, attack=bases)
def test_defence_odds_match_enumeration(
    mine: list[int], theirs: list[int], defence: int, attack: int
) -> None:
    odds = defending(defence, mine, opponent_total(attack, theirs))
    for row in odds.cards:
        holds = sum(1 for card in theirs if defence + row.card >= attack + card)
        assert row.chance == Fraction(holds, len(theirs))
        assert row.damage is not None
        assert sum(row.damage.values()) == 1
        assert row.damage.prob(0) == row.chance
    sure = odds.smallest_sure
    if sure is not None:
        assert defence + sure >= attack + max(theirs)
        assert all(defence + card < attack + max(theirs) for card in mine if card < sure)


@given(mine=hands, theirs=hands, attack=bases, defence=bases)
def test_blind_exchange_sums_to_one_and_matches_enumeration(
    mine: list[int], theirs: list[int], attack: int, defence: int
) -> None:
    comparison = blind_exchange(attack, mine, defence, theirs)
    assert comparison.greater + comparison.equal + comparison.less == 1
    pairs = [(a, d) for a in mine for d in theirs]
    hits = sum(1 for a, d in pairs if attack + a > defence + d)
    assert comparison.greater == Fraction(hits, len(pairs))
