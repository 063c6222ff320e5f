"""Huldufolk data tables: challenge-rating bands and Belief ranks."""

from __future__ import annotations

import pytest

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.tables import CR_MAX, band_of, belief_rank, belief_ranks, challenge_bands


def test_bands_cover_every_rating_once() -> None:
    for rating in range(1, CR_MAX + 1):
        assert sum(band.range.holds(rating) for band in challenge_bands()) == 1


@pytest.mark.parametrize(
    ("rating", "band"),
    [
        (1, "5"),
        (5, "5"),
        (6, "6-12"),
        (12, "6-12"),
        (13, "13-17"),
        (17, "13-17"),
        (18, "18-30"),
        (30, "18-30"),
        (31, "30+"),
        (60, "30+"),
    ],
)
def test_band_of(rating: int, band: str) -> None:
    assert band_of(rating).band == band


def test_band_texts_are_the_rules_words() -> None:
    texts = {band.band: band.text for band in challenge_bands()}
    assert texts["5"].startswith("A test rated as difficulty 5 is a basic task.")
    assert "Here, there be dragons." in texts["30+"]
    assert "¹⁰" not in texts["18-30"]  # footnote numbers are not part of the rule


def test_belief_ranks() -> None:
    ranks = belief_ranks()
    assert [rank.title for rank in ranks] == [
        "Freeholder",
        "Citizen",
        "Knight",
        "Margrave",
        "Sovereign",
    ]
    assert [rank.personal_influence_m for rank in ranks] == [10, 20, 30, 40, 50]
    assert [rank.territorial_influence_km for rank in ranks] == [1, 2, 3, 4, 5]
    assert [rank.free_up_to_level for rank in ranks] == [3, 4, 5, 5, 5]
    assert [rank.spend_to_use_level for rank in ranks] == [4, 5, None, None, None]
    assert [rank.free_spend_effects_up_to_level for rank in ranks] == [None, None, None, 1, 2]
    for rank in ranks:
        # the structured fields and the rules' sentences agree
        assert f"Personal Influence is {rank.personal_influence_m} meters" in " ".join(rank.text)
        assert f"Territorial Influence is {rank.territorial_influence_km} km" in " ".join(rank.text)


def test_belief_rank_lookup() -> None:
    assert belief_rank(3).title == "Knight"
    with pytest.raises(RulesInputError) as caught:
        belief_rank(6)
    assert caught.value.message == "Belief rank must be a whole number from 1 to 5 (got 6)."
