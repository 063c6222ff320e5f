"""Dice named in the rules text: what each game reads them as, and the exact
odds of every kind against a second method (every roll enumerated)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py import web
from rules_py.core import notation
from rules_py.core.errors import RulesInputError
from rules_py.dice import inline, judged
from rules_py.judge_two.judging.conditions import DiceMode
from rules_py.judge_two.judging.rolls import Roll


def enumerate_dist(count: int, sides: int, score) -> dict[int, Fraction]:  # type: ignore[no-untyped-def]
    """Every ordered roll of ``count`` dice, scored: the second method."""
    counts = Counter(score(roll) for roll in product(range(1, sides + 1), repeat=count))
    total = sides**count
    return {value: Fraction(n, total) for value, n in counts.items()}


def success_score(face: int) -> int:
    return 2 if face == 10 else 1 if face >= 7 else 0


# The text's words, the page's game, and what the site rolls for them.
READINGS = [
    ("cairn", "1d6", "", "sum", "1d6"),
    ("cairn", "d20", "", "sum", "1d20"),
    ("cairn", "d8+d8", "", "highest", "2d8kh1"),
    ("might_heart", "d8+d8", "", "highest", "2d8kh1"),
    ("grit", "-1d6", "", "lower", "-1d6"),
    ("grit", "\u22121d6", "", "lower", "-1d6"),
    ("dice_pool", "1d10", "", "sum", "1d10"),
    ("dice_pool", "6d10s", "", "pool", "6d10>=7dbl10"),
    ("judge_two", "two six sided dice", "", "judged", "2d6"),
    ("judge_two", "two dice", "", "judged", "2d6"),
    ("judge_two", "three six sided dice", ", chooses one", "bold", "3d6"),
    ("judge_two", "three six-sided dice", ", discards the highest roll", "faint", "3d6dh1"),
    ("site", "two d6", "", "sum", "2d6"),
    ("site", "d100", "", "sum", "1d100"),
]


@pytest.mark.parametrize(("game", "written", "following", "kind", "expression"), READINGS)
def test_each_game_reads_its_dice(
    game: str, written: str, following: str, kind: str, expression: str
) -> None:
    found = inline.read(game, written, following)
    assert (found.kind, found.expression) == (kind, expression)
    # The button's expression reads back into the same roll (the browser's path).
    assert inline.interpret(game, found.expression) == found


@pytest.mark.parametrize(
    ("game", "written"),
    [("site", "d8+d8"), ("judge_two", "d8+d8"), ("cairn", "d7"), ("dice_pool", "d10s"),
     ("cairn", "two dice"), ("cairn", "30d6")],
)
def test_what_a_game_does_not_roll_is_refused(game: str, written: str) -> None:
    with pytest.raises(RulesInputError) as refused:
        inline.read(game, written)
    assert refused.value.field == "expression"


def test_mentions_in_the_rules_text() -> None:
    mentions, refused = inline.find(
        "dice_pool", "(Roll 1d10. If less than current limit, you break.) Add (Attribute + "
        "Ability) d10s, and roll."
    )
    assert [m.roll.expression for m in mentions] == ["1d10"]
    assert refused == ("d10s",)  # the pool's size is someone's number
    mentions, _ = inline.find("grit", "Deprived PCs roll -1d6 Grit when resting; 2d6-1")
    assert [(m.written, m.roll.kind) for m in mentions] == [("-1d6", "lower"), ("2d6", "sum")]


@pytest.mark.parametrize(
    "expression", ["1d6", "2d6", "3d6", "1d20", "2d8kh1", "3d6kh1", "-1d6", "-2d4", "4d10>=7dbl10"]
)
def test_exact_odds_of_numeric_kinds_match_enumeration(expression: str) -> None:
    game = "dice_pool" if "dbl" in expression else "cairn"
    found = inline.interpret(game, expression)
    by_kind = {
        "sum": sum,
        "lower": lambda roll: -sum(roll),
        "highest": max,
        "pool": lambda roll: sum(success_score(face) for face in roll),
    }
    expected = enumerate_dist(found.count, found.sides, by_kind[found.kind])
    got = notation.distribution(found.expression)
    assert {value: got[value] for value in expected} == expected
    assert sum(expected.values()) == 1


@pytest.mark.parametrize("kind", ["judged", "bold", "faint"])
def test_judged_odds_match_enumeration(kind: str) -> None:
    mode = judged.MODES[kind]
    count = 2 if mode is DiceMode.NORMAL else 3
    expected = enumerate_dist(
        count, 6, lambda roll: max(roll[i] for i in Roll(tuple(roll), mode).judged)
    )
    got = judged.best_light_dist(kind)
    assert {face: got[face] for face in expected} == expected
    doubles = enumerate_dist(
        count, 6, lambda roll: int(len(judged.judgments(Roll(tuple(roll), mode))) == 1)
    )
    assert judged.doubles_chance(kind) == doubles.get(1, Fraction(0))


def test_two_dice_judged_doubles_are_one_in_six() -> None:
    # "With doubles, there isn't anything to judge" (Actions in Action).
    assert judged.doubles_chance("judged") == Fraction(1, 6)
    assert judged.judgments(Roll((3, 3), DiceMode.NORMAL)) == ((3, 3, False),)
    assert judged.judgments(Roll((2, 5), DiceMode.NORMAL)) == ((2, 5, True), (5, 2, False))


def test_faint_judges_the_two_lower_dice() -> None:
    rolled = Roll((6, 1, 4), DiceMode.FAINT)
    assert judged.judgments(rolled) == ((1, 4, True), (4, 1, False))
    assert judged.best_light(rolled) == 4


def _call(request: dict[str, object]) -> dict[str, object]:
    answer: dict[str, object] = json.loads(web.call("dice.inline", json.dumps(request)))
    return answer


def test_the_odds_action_charts_the_engine_reading() -> None:
    answer = _call({"game": "cairn", "expression": "2d8kh1", "action": "odds"})
    assert answer["ok"]
    result = answer["result"]
    assert isinstance(result, dict)
    chart = next(b for b in result["view"] if b["type"] == "chart")
    expected = notation.distribution("2d8kh1")
    assert [bar["fraction"] or "1" for bar in chart["bars"]][:2] == [
        f"{expected[1].numerator}/{expected[1].denominator}",
        f"{expected[2].numerator}/{expected[2].denominator}",
    ]


def test_a_roll_replays_from_its_seed() -> None:
    first = _call({"game": "judge_two", "expression": "3d6", "seed": "77"})
    again = _call({"game": "judge_two", "expression": "3d6", "seed": "77"})
    assert first == again
    assert first["ok"]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"game": "cairn", "expression": "2d8kh1<img>"}, "expression"),
        ({"game": "site", "expression": "2d8kh1"}, "expression"),  # not a Cairn page
        ({"game": "judge_two", "expression": "3d6dh2"}, "expression"),
        ({"game": "cairn", "expression": "01d6"}, "expression"),
        ({"game": "cairn", "expression": "1d7"}, "expression"),
        ({"game": "chess", "expression": "1d6"}, "game"),
        ({"game": "cairn", "expression": 6}, "expression"),
    ],
)
def test_tampered_inline_data_gets_the_normal_error(
    request_: dict[str, object], field: str
) -> None:
    answer = _call(request_)
    assert answer["ok"] is False
    error = answer["error"]
    assert isinstance(error, dict)
    assert error["field"] == field
    assert error["message"]


def test_cairn_d8_plus_d8_is_the_attack_engines_two_weapons() -> None:
    # The attack roller's reading of "roll both damage dice and keep the single
    # highest" (two d8 weapons, no armour) is the inline roll's.
    from rules_py.cairn.attack import attack_spec, kept_dist, plan_attack

    plan = plan_attack(attack_spec("cairn", "d8", second="d8"))
    inline_odds = notation.distribution(inline.read("cairn", "d8+d8").expression)
    engine = kept_dist(plan)
    assert {face: inline_odds[face] for face in range(1, 9)} == {
        face: engine[face] for face in range(1, 9)
    }


def test_a_pool_scores_faces_as_the_pool_engine_does() -> None:
    from rules_py.dice_pool.pool import face_successes

    found = inline.read("dice_pool", "3d10s")
    expected = enumerate_dist(3, 10, lambda roll: sum(face_successes(f) for f in roll))
    got = notation.distribution(found.expression)
    assert {value: got[value] for value in expected} == expected
