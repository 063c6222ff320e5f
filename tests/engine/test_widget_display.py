from fractions import Fraction

import pytest

from rules_py.widget import chance_text, chart, percent


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (Fraction(3, 5), "60%"),
        (Fraction(1, 3), "33.33%"),
        (Fraction(1, 8), "12.5%"),
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 10**5), "0.001%"),
        (1 - Fraction(1, 10**5), "99.999%"),
        (Fraction(1, 10**9), "< 0.000001%"),
        (1 - Fraction(1, 10**9), "> 99.999999%"),
    ],
)
def test_percent_never_rounds_possible_to_impossible(chance: Fraction, text: str) -> None:
    assert percent(chance) == text


def test_chance_text_keeps_the_natural_denominator() -> None:
    assert chance_text(Fraction(12, 20), 20) == "60% (12/20)"
    assert chance_text(Fraction(3, 5)) == "60% (3/5)"
    assert chance_text(Fraction(1, 10**60)) == "< 0.000001%"


def test_chart_bars_carry_exact_and_cumulative_chances() -> None:
    bars = [(str(f), Fraction(1, 4)) for f in range(1, 5)]
    block = chart("d4", bars, highlight=["4"], marks="Crit: 4")
    assert [bar["at_least"] for bar in block["bars"]] == [
        "100% (1/1)",
        "75% (3/4)",
        "50% (1/2)",
        "25% (1/4)",
    ]
    assert [bar["highlight"] for bar in block["bars"]] == [False, False, False, True]
    assert block["marks"] == "Crit: 4"
    assert all(bar["width"] == 1.0 for bar in block["bars"])


def test_a_chart_that_marks_bars_says_what_the_mark_means() -> None:
    bars = [(str(f), Fraction(1, 4)) for f in range(1, 5)]
    with pytest.raises(ValueError, match="marks="):
        chart("d4", bars, highlight=["4"])
    assert "marks" not in chart("d4", bars)
