"""Dice notation: parsing, errors with columns, limits, rolling, and exact odds.

Exact odds are checked against a second method that does not use ``dist``:
every possible sequence of die faces is fed to :func:`roll` (an odometer over
the faces), and the totals are counted with their probabilities.
"""

from __future__ import annotations

import doctest
import json
import math
import zlib
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import web
from rules_py.core import notation
from rules_py.core.errors import RulesInputError
from rules_py.core.notation import (
    Compare,
    Constant,
    DiceTerm,
    Explode,
    Extreme,
    Keep,
    NotationError,
    Successes,
    chartable,
    distribution,
    parse,
    roll,
)
from rules_py.core.rng import Rng

# -- a brute-force second method ---------------------------------------------------


class ScriptedRng(Rng):
    """Answers ``die`` from a script (then 1s), recording each die's sides."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = script
        self.path: list[tuple[int, int]] = []

    def die(self, sides: int) -> int:
        index = len(self.path)
        face = self.script[index] if index < len(self.script) else 1
        self.path.append((face, sides))
        return face


def enumerate_rolls(text: str) -> dict[int, Fraction]:
    """Exact odds of the total by rolling every sequence of faces once."""
    expression = parse(text)
    odds: dict[int, Fraction] = {}
    script: list[int] = []
    while True:
        rng = ScriptedRng(script)
        total = roll(expression, rng).total
        chance = Fraction(1, math.prod(sides for _, sides in rng.path))
        odds[total] = odds.get(total, Fraction(0)) + chance
        # Odometer: bump the last die that can still go up, forget the rest.
        path = rng.path
        while path and path[-1][0] == path[-1][1]:
            path.pop()
        if not path:
            return odds
        script = [face for face, _ in path[:-1]] + [path[-1][0] + 1]


SMALL_EXPRESSIONS = [
    "2d6",
    "3d4+1",
    "d6-d4",
    "-d4+3",
    "4d6kh3",
    "4d6k3",
    "3d6kl2",
    "2d20kh",
    "2d20kl1",
    "4d4dl1",
    "4d4dh2",
    "5d3dl0",
    "max(d8, d8)",
    "max(d8, d10)",
    "min(d6, d4+1)",
    "max(2d4, d8) - 1",
    "4d10>=7",
    "4d10>=7dbl10",
    "3d10>=8dbl>=9",
    "3d6<=2",
    "3d6>=5",
    "3d6=6",
    "4d6>=5f1",
    "3d6>=4f<=2",
    "d6!",
    "2d4!",
    "2d4!3",
    "d3!p",
    "2d4!!",
    "2d4!!kh1",
    "2d4!p",
    "2d10!10>=7dbl10",
    "2d4!!=4>=6",
    "2d6r1",
    "d4r4",
    "3d6ro1",
    "2d6ro<=3",
    "3d4ro1kh2",
    "dF",
    "3dF",
    "4dFkl2",
    "d%",
    "7",
    "max(min(d4, d6), d3)",
    "{d8, d8}kh1",
    "{2d4, 3d3}k1",
    "{d4, d6, d8}kl2",
    "{d4, d6, 2d3}dl1",
    "{d6, d6, d6}kh2",
    "{2d6, d10, d8+2}>=7",
    "{2d4, d6}<=3f=8",
    "(d4 + 1) * 2",
    "d6 * d4",
    "2d6 / 2",
    "(d6 - 4) / 3",
    "d10 / d3",
    "2d4[fire] + d4[cold] # hit",
]


@pytest.mark.parametrize("text", SMALL_EXPRESSIONS)
def test_distribution_matches_every_possible_roll(text: str) -> None:
    exact = distribution(text)
    assert sum(exact.values()) == 1
    assert dict(exact.items()) == enumerate_rolls(text)


def test_the_enumerator_is_a_real_second_method() -> None:
    # Known by hand: 2d6 totals 7 one time in six; 4d6 keep 3 makes 18 in 21 of 1296.
    assert enumerate_rolls("2d6")[7] == Fraction(1, 6)
    assert enumerate_rolls("4d6kh3")[18] == Fraction(21, 1296)
    # d4 exploding on 4: 4, 4, then 3 totals 11.
    assert enumerate_rolls("d4!")[11] == Fraction(1, 64)


def within(exact: Fraction, hits: int, trials: int) -> bool:
    """Within 5 standard errors of a binomial proportion (false alarm below 1 in 10^6)."""
    p = float(exact)
    return abs(hits / trials - p) <= 5 * math.sqrt(max(p * (1 - p), 1e-4) / trials)


@pytest.mark.parametrize(
    ("text", "checks"),
    [
        ("60d10>=7dbl10", (25, 30, 36)),
        ("100d6", (330, 350, 370)),
        ("20d6kh3", (16, 17, 18)),
        ("10d10!10>=7dbl10", (4, 6, 8)),
        ("6d6!!6>=7", (1, 2, 3)),
        ("10d6!p", (35, 40, 45)),
    ],
)
def test_large_distributions_agree_with_seeded_rolls(text: str, checks: tuple[int, ...]) -> None:
    exact = distribution(text)
    expression = parse(text)
    rng = Rng(20240601)
    trials = 2000
    seen = Counter(roll(expression, rng).total for _ in range(trials))
    for threshold in checks:
        hits = sum(count for total, count in seen.items() if total >= threshold)
        assert within(exact.at_least(threshold), hits, trials), (threshold, hits)


# -- parsing -----------------------------------------------------------------------


def test_parse_dice_with_every_modifier() -> None:
    expression = parse("6d10!10>=7dbl10 + 4d6kh3 - 2")
    (s1, pool), (s2, stat), (s3, const) = expression.terms
    assert (s1, s2, s3) == (1, 1, -1)
    assert pool == DiceTerm(
        6,
        10,
        "6d10!10>=7dbl10",
        explode=Explode("explode", Compare("=", 10)),
        successes=Successes(Compare(">=", 7), Compare("=", 10)),
    )
    assert stat == DiceTerm(4, 6, "4d6kh3", keep=Keep("kh", 3))
    assert const == Constant(2, "2")


def test_parse_is_case_and_space_insensitive() -> None:
    shouted = parse("4D6 KH 3").terms[0][1]
    assert shouted == DiceTerm(4, 6, "4D6 KH 3", keep=Keep("kh", 3))
    assert parse(" 6d10 >= 7 DBL >= 9 ").terms[0][1] == DiceTerm(
        6, 10, "6d10 >= 7 DBL >= 9", successes=Successes(Compare(">=", 7), Compare(">=", 9))
    )


@pytest.mark.parametrize(
    ("text", "same"),
    [
        ("4d6k3", "4d6kh3"),
        ("4d6d1", "4d6dl1"),
        ("4d6d", "4d6dl1"),
        ("2d20kh", "2d20kh1"),
        ("d6!", "d6!=6"),
        ("d6!6", "d6!=6"),
        ("d%", "d100"),
        ("dF", "1dF"),
    ],
)
def test_parse_shorthands_mean_their_long_forms(text: str, same: str) -> None:
    (_, short), (_, long) = parse(text).terms[0], parse(same).terms[0]
    assert {**short.__dict__, "text": ""} == {**long.__dict__, "text": ""}


def test_parse_labels_and_groups() -> None:
    expression = parse("2d6[fire] + {d8, d8}kh1[best] # attack")
    assert expression.label == "attack"
    (_, fire), (_, group) = expression.terms
    assert fire.label == "fire" and fire.text == "2d6"
    assert group.label == "best" and group.keep == Keep("kh", 1)


def test_parse_max_of_different_dice() -> None:
    term = parse("max(d8, d10+1)").terms[0][1]
    assert isinstance(term, Extreme)
    assert term.highest
    assert [option.text for option in term.options] == ["d8", "d10+1"]
    assert term.text == "max(d8, d10+1)"


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("2d", 3, "expected the number of sides, % or F, found the end"),
        ("d", 2, "expected the number of sides, % or F"),
        ("2x6", 2, "unknown word 'x': exploding dice are written with !"),
        ("3d6>4", 4, "Roll20 reads '>4' as '4 or more' but Foundry VTT and rpg-dice-roller"),
        ("3d6!>4", 5, "write >=4 for 4 or more, or >=5 for more than 4"),
        ("4d6>=5f<2", 8, "write <=2 for 2 or less, or <=1 for less than 2"),
        ("4d6!kh3", 5, "keep/drop of exploding dice"),
        ("{4d6}kh3", 6, "group of one roll"),
        ("d6!>=2", 3, "5 of 6 faces would roll again"),
        ("d1!", 3, "would never stop"),
        ("d6r<=6", 3, "would never stop"),
        ("d6!r1", 4, "exploding and rerolling"),
        ("4dF!", 4, "Fate dice (dF) take only keep or drop"),
        ("d6f1", 3, "failures are counted together with successes"),
        ("d6>=3f<=4", 6, "both a success (>=3) and a failure (<=4)"),
        ("d6r", 4, "expected the faces to reroll"),
        ("d6/(d4-1)", 4, "a divisor must always be 1 or more"),
        ("2d6[fire", 4, "needs its closing ']'"),
        ("# hit", 1, "expected a dice expression before"),
        ("d6kh1kl1", 6, "only one keep or drop per dice term"),
        ("6d10!>=7dbl10", 9, "found 'dbl'"),
        ("4d6 ?", 5, "unexpected character '?'"),
        ("d6 2", 4, "expected +, -, *, /"),
        ("3d6 +", 6, "expected a number, a die"),
        ("3d6 + + 2", 7, "expected a number, a die"),
        ("2d6 3", 5, "expected +, -, *, /, a [label]"),
        ("max(d6", 7, "expected ',' or ')'"),
        ("max d6", 5, "expected '(' after max"),
        ("4d6kh5", 6, "kept (of 4) must be from 1 to 4 (got 5)"),
        ("4d6dl4", 6, "dropped (of 4) must be from 0 to 3 (got 4)"),
        ("d6>=7", 5, "target of the comparison must be from 1 to 6 (got 7)"),
        ("d10>=7dbl11", 10, "face to compare with must be from 1 to 10"),
        ("d6>=", 5, "expected the target of the comparison"),
        ("4d6kh3>=5", 7, "keep/drop and success counting cannot be combined"),
        ("0d6", 1, "number of dice must be from 1 to 100 (got 0)"),
        ("d0", 2, "number of sides must be from 1 to 1000 (got 0)"),
        ("", 1, "found nothing"),
        ("   ", 1, "found nothing"),
        ("d6!0", 4, "face to compare with must be from 1 to 6 (got 0)"),
        ("2d6²", 4, "unexpected character"),
        ("dé", 2, "unexpected character 'é'"),
    ],
)
def test_errors_name_the_column(text: str, column: int, fragment: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse(text)
    assert raised.value.column == column
    assert raised.value.field == "expression"
    assert raised.value.message.startswith(f"Column {column}: ")
    assert fragment in raised.value.message


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("101d6", 1, "number of dice must be from 1 to 100 (got 101)"),
        ("2d1001", 3, "number of sides must be from 1 to 1000 (got 1001)"),
        ("d6!11", 4, "face to compare with must be from 1 to 6 (got 11)"),
        ("{" + "d6," * 10 + "d6}kh1", 31, "at most 10 rolls"),
        ("10001", 1, "a constant must be from 0 to 10000"),
        ("100d6+100d6+d6", 13, "at most 200 dice in the whole expression"),
        ("max(max(max(max(d6))))", 13, "nested at most 3 deep"),
        ("((((d6))))", 4, "nested at most 3 deep"),
        ("d6+" * 67, 201, "at most 200 characters (got 201)"),
        ("9" * 180, 1, "a constant must be from 0 to 10000"),
    ],
)
def test_limits_are_refused_with_a_clear_error(text: str, column: int, fragment: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse(text)
    assert raised.value.column == column
    assert fragment in raised.value.message


def test_limits_themselves_are_allowed() -> None:
    parse("100d1000! + 100d1000")
    parse("max(min(max(d6)))")
    parse("d6+" * 66 + "10")  # 200 characters


def test_parse_refuses_non_text() -> None:
    with pytest.raises(RulesInputError):
        parse(12)  # type: ignore[arg-type]


# -- rolling -----------------------------------------------------------------------


def test_roll_marks_kept_and_dropped_dice() -> None:
    result = roll("4d6kh3", ScriptedRng([2, 5, 2, 6]))
    (term,) = result.terms
    assert [d.rolls for d in term.dice] == [(2,), (5,), (2,), (6,)]
    # Of two equal lowest dice, the later one is dropped.
    assert [d.kept for d in term.dice] == [True, True, False, True]
    assert result.total == 13


def test_roll_keep_lowest_and_drop_highest() -> None:
    assert roll("2d20kl1", ScriptedRng([15, 4])).total == 4
    dropped = roll("4d6dh1", ScriptedRng([6, 1, 6, 3]))
    # Of the two 6s, the earlier one stays (ties go to the die rolled first).
    assert [d.kept for d in dropped.terms[0].dice] == [True, True, False, True]
    assert dropped.total == 10


def test_roll_explodes_up_to_the_cap() -> None:
    # One d6: (1/6) ** 12 is under 1 in 10^9, (1/6) ** 11 is not: 11 extra rolls at most.
    term = parse("d6!").terms[0][1]
    assert isinstance(term, DiceTerm) and term.depth == 11
    assert (Fraction(1, 6) ** 12 <= notation.TAIL_BOUND) and Fraction(
        1, 6
    ) ** 11 > notation.TAIL_BOUND
    result = roll("d6!", ScriptedRng([6] * 30))
    (die,) = result.terms[0].dice
    assert die.rolls == (6,) * 12  # eleven extra rolls, then it stops
    assert result.total == 72
    # A compare point: d6!>=5 explodes on 5 and 6; the last 4 stops it.
    assert roll("d6!>=5", ScriptedRng([5, 6, 4, 6])).terms[0].dice[0].rolls == (5, 6, 4)
    # Penetrating: each extra roll counts one less.
    assert roll("d6!p", ScriptedRng([6, 6, 3])).total == 6 + 5 + 2
    # Compounding: one die, kept whole.
    compound = roll("2d6!!kh1", ScriptedRng([6, 2, 5]))
    assert [d.value for d in compound.terms[0].dice] == [8, 5] and compound.total == 8


def test_roll_rerolls_recursive_and_once() -> None:
    again = roll("d6r<=2", ScriptedRng([1, 2, 1, 5]))
    (die,) = again.terms[0].dice
    assert die.rerolled == (1, 2, 1) and die.rolls == (5,) and again.total == 5
    once = roll("d6ro<=2", ScriptedRng([1, 2]))
    assert once.terms[0].dice[0].rerolled == (1,) and once.total == 2


def test_roll_fate_dice_groups_products_and_failures() -> None:
    assert roll("4dF", ScriptedRng([1, 2, 3, 3])).total == -1 + 0 + 1 + 1
    group = roll("{2d6, d8}kh1", ScriptedRng([3, 4, 7]))
    assert group.total == 7 and group.terms[0].kept == (True, False)
    group = roll("{2d6, d8}kh1", ScriptedRng([3, 4, 7]))
    assert roll("{d6, d6}dl1", ScriptedRng([2, 2])).terms[0].kept == (True, False)
    assert roll("{2d6, d8, d4}>=5", ScriptedRng([1, 3, 5, 4])).total == 1
    assert roll("(d6 + 1) * 3 / 2", ScriptedRng([4])).total == 7  # 15 / 2 rounded down
    assert roll("(d4 - 4) / 3", ScriptedRng([2])).total == -1  # -2 / 3 rounds down
    assert roll("4d6>=5f1", ScriptedRng([1, 5, 6, 1])).total == 0


def test_roll_counts_successes_roll_by_roll() -> None:
    result = roll("3d10!10>=7dbl10", ScriptedRng([10, 8, 3, 10, 1]))
    dice = result.terms[0].dice
    assert [d.rolls for d in dice] == [(10, 8), (3,), (10, 1)]
    assert [d.value for d in dice] == [3, 0, 2]
    assert result.total == 5


def test_roll_max_keeps_the_first_best_option() -> None:
    result = roll("max(d8, d10) + 1", ScriptedRng([7, 7]))
    term = result.terms[0]
    assert [option.total for option in term.options] == [7, 7]
    assert term.chosen == 0
    assert result.total == 8
    low = roll("min(d8, d10)", ScriptedRng([7, 2]))
    assert low.terms[0].chosen == 1 and low.total == 2


def test_roll_replays_from_its_seed() -> None:
    expression = parse("6d10>=7dbl10 + max(d8, d10) + 4d6kh3 + 3d6!")
    assert roll(expression, Rng(77)) == roll(expression, Rng(77))
    assert roll(expression, Rng(77)) != roll(expression, Rng(78))


def test_roll_signs() -> None:
    result = roll("10 - d4", ScriptedRng([3]))
    assert [(t.sign, t.value) for t in result.terms] == [(1, 10), (-1, 3)]
    assert result.total == 7


# -- exact odds --------------------------------------------------------------------


def test_worked_examples() -> None:
    assert distribution("2d6").at_least(10) == Fraction(1, 6)
    assert distribution("2d20kh1")[20] == Fraction(39, 400)
    twin = distribution("max(d8, d8)")
    assert twin[8] == Fraction(15, 64)
    assert distribution("1d10>=7dbl10").mean() == Fraction(5, 10)
    assert distribution("d6!").at_least(7) == Fraction(1, 6)


def test_too_large_to_chart_is_refused_but_can_roll() -> None:
    expression = parse("100d1000")
    assert not chartable(expression)
    with pytest.raises(RulesInputError, match="can still be rolled"):
        distribution(expression)
    assert 100 <= roll(expression, Rng(1)).total <= 100_000


@pytest.mark.parametrize(
    "text",
    ["40d20", "10d6!", "60d6kh30", "10d10!10>=7dbl10", "max(d1000, d1000)", "{d20, d20}kh1"],
)
def test_the_largest_charts_are_allowed(text: str) -> None:
    assert chartable(text)


@pytest.mark.parametrize(
    "text",
    [
        "100d6dl1",
        "100d100kh50",
        "30d6!!kh15",
        "100d10!",
        "max(100d20, 100d20)",
        "90d10!10>=7dbl10",
        "max(45d1000!10>=1dbl>=1, 45d1000!10>=1dbl>=1)",
        "100d1000",
    ],
)
def test_heavy_charts_are_refused(text: str) -> None:
    assert not chartable(text)


# -- fuzzing -----------------------------------------------------------------------

NOTATION_CHARS = "0123456789dDfFkhlbmaxinrop!%(){}[]#<>=+-*/, \t"


# Deadlines bound the time of any input: parsing reads at most 200 characters
# and a roll at most 200 dice x 11 rolls, so milliseconds; the margin is for
# Pyodide and a busy machine, not for slow code.
@settings(max_examples=400, deadline=2000)
@given(st.text(alphabet=st.sampled_from(NOTATION_CHARS), max_size=260) | st.text(max_size=260))
def test_any_text_parses_or_fails_cleanly(text: str) -> None:
    try:
        expression = parse(text)
    except NotationError as error:
        assert 1 <= error.column <= len(text) + 1
        assert error.message.startswith(f"Column {error.column}: ")
        return
    assert isinstance(roll(expression, Rng(0)).total, int)


def dice_terms() -> st.SearchStrategy[str]:
    return st.builds(
        lambda count, sides, explode, modifier: f"{count}d{sides}{explode}{modifier}",
        st.integers(1, 6),
        st.integers(1, 12),
        st.sampled_from(["", "!", "!!", "!p", "!=1", "r1", "ro<=2"]),
        st.sampled_from(["", "kh1", "kl2", "dl1", "d1", ">=4", "<=3", ">=5dbl6", "=1", ">=4f1"]),
    )


def expressions() -> st.SearchStrategy[str]:
    term = dice_terms() | st.integers(0, 20).map(str)
    extreme = st.builds(
        lambda word, items: f"{word}({', '.join(items)})",
        st.sampled_from(["max", "min"]),
        st.lists(term, min_size=1, max_size=3),
    )
    return st.builds(
        lambda first, rest: first + "".join(f" {sign} {t}" for sign, t in rest),
        term | extreme,
        st.lists(st.tuples(st.sampled_from("+-"), term | extreme), max_size=3),
    )


@settings(max_examples=150, deadline=10000)
@given(expressions(), st.integers(0, 2**32))
def test_valid_expressions_roll_within_their_distribution(text: str, seed: int) -> None:
    try:
        expression = parse(text)
    except NotationError as error:
        assert error.message.startswith(f"Column {error.column}: ")
        return
    result = roll(expression, Rng(seed))
    assert result.total == sum(t.sign * t.value for t in result.terms)
    if chartable(expression):
        exact = distribution(expression)
        assert sum(exact.values()) == 1
        assert result.total in exact
        low, high = notation.bounds(expression)
        assert low <= min(exact) and max(exact) <= high
        assert len(exact) <= notation.estimate(expression).span


# -- the dice.notation widget, through the browser boundary ------------------------


def call_widget(request: dict[str, object]) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(web.call("dice.notation", json.dumps(request)))
    return response


def test_widget_roll_shows_dice_total_and_seed() -> None:
    response = call_widget({"expression": "4d6kh3", "seed": 5})
    assert response["ok"]
    view = response["result"]["view"]
    (row,) = [block for block in view if block["type"] == "dice"]
    faces = [die["value"] for die in row["dice"]]
    assert [die["tags"] for die in row["dice"]].count(["dropped"]) == 1
    expected = roll("4d6kh3", Rng(5))
    assert faces == [die.rolls[0] for die in expected.terms[0].dice]
    assert {"type": "outcome", "text": f"Total: {expected.total}", "tone": "neutral"} in view
    assert response["result"]["seed"] == 5


def test_widget_odds_chart_is_exact_with_at_least_per_bar() -> None:
    response = call_widget({"expression": "2d6", "action": "odds"})
    (chart_block,) = [b for b in response["result"]["view"] if b["type"] == "chart"]
    bars = {bar["label"]: bar for bar in chart_block["bars"]}
    assert list(bars) == [str(v) for v in range(2, 13)]
    assert bars["10"]["chance"] == "8.33% (1/12)"
    assert bars["10"]["at_least"] == "16.67% (1/6)"
    assert bars["7"]["highlight"] and not bars["6"]["highlight"]
    assert chart_block["marks"] == "Most likely: 7"  # the mode, never taken for the roll
    assert chart_block["mean"] == "7"


def test_widget_groups_long_charts_and_counts_undrawn_results() -> None:
    response = call_widget({"expression": "100d6", "action": "odds"})
    view = response["result"]["view"]
    (chart_block,) = [b for b in view if b["type"] == "chart"]
    bars = chart_block["bars"]
    assert len(bars) <= 60
    first = bars[0]
    low = int(first["label"].split("\u2013")[0])
    assert low > 100  # the far tail is not drawn...
    assert first["at_least_label"] == f"{low} or more"
    # ... but "or more" still counts it: P(X >= low) < 1.
    assert first["at_least"] != "100%"
    assert any(b["type"] == "note" and "not drawn" in b["text"] for b in view)


def test_widget_errors_name_the_field_and_column() -> None:
    response = call_widget({"expression": "2d6 + ?"})
    assert response == {
        "ok": False,
        "error": {
            "field": "expression",
            "message": "Column 7: unexpected character '?'; expected a number, a die such as "
            "2d6, max(, +, -, *, /, one of >= <= = ! ( ) { } , % or a [label].",
        },
    }
    over = call_widget({"expression": "101d6"})
    assert over["error"]["message"].startswith("Column 1: the number of dice must be from 1 to 100")


def test_widget_too_large_to_chart_says_so_and_still_rolls() -> None:
    odds = call_widget({"expression": "100d1000", "action": "odds"})
    assert odds["ok"]
    assert "too long to chart" in odds["result"]["view"][0]["text"]
    rolled = call_widget({"expression": "100d1000", "seed": 1})
    assert rolled["ok"]


def test_the_examples_in_the_module_documentation_hold() -> None:
    outcome = doctest.testmod(notation, raise_on_error=False)
    assert outcome.attempted >= 4 and outcome.failed == 0


@settings(max_examples=80, deadline=None)
@given(expressions())
def test_exact_odds_agree_with_rolling_on_generated_expressions(text: str) -> None:
    """A second method for any accepted expression: the rolling code (which
    shares nothing with the exact odds but the parse) rolled many times. The
    mean and the chance of the likeliest total agree within five standard
    errors (a false alarm about once in a million examples).

    The seed comes from the text (its CRC-32), not from Hypothesis: Hypothesis
    draws 0 and the other smallest seeds far more often than any other, so
    the same few experiments come back run after run, and one of them is an
    outlier that failed every run drawing it: 2d11 rolled 400 times from
    seed 0 shows 66 twelves for 36.4 expected, 5.2 standard errors (the
    largest of seeds 0 to 299; their z-scores have a spread of 1.08)."""
    try:
        expression = parse(text)
    except NotationError:
        return
    if not chartable(expression):
        return
    exact = distribution(expression)
    rolls = 400
    rng = Rng(zlib.crc32(text.encode()))
    totals = [roll(expression, rng).total for _ in range(rolls)]
    assert all(total in exact for total in totals)
    mean = sum(value * chance for value, chance in exact.items())
    variance = sum((value - mean) ** 2 * chance for value, chance in exact.items())
    observed_mean = Fraction(sum(totals), rolls)
    assert abs(observed_mean - mean) <= 5 * math.sqrt(variance / rolls) + 1e-9
    likeliest = max(exact, key=lambda value: exact[value])
    p = exact[likeliest]
    share = Fraction(totals.count(likeliest), rolls)
    assert abs(share - p) <= 5 * math.sqrt(p * (1 - p) / rolls) + 1e-9
