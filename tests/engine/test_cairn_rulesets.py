"""Saves, efforts, contests and the common calls under each of the three rule sets."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.cairn import saves as cairn
from rules_py.cairn.rulesets import CAIRN, GRIT, KEYS, MIGHT_HEART, RULE_SETS, rule_set
from rules_py.core.errors import RulesInputError
from rules_py.core.rng import Rng

abilities = st.integers(min_value=1, max_value=20)
seeds = st.integers(min_value=0, max_value=2**64 - 1)
rule_keys = st.sampled_from(KEYS)
rolled_contests = st.sampled_from((CAIRN, GRIT))


def passes_by_the_text(rules: str, ability: int, face: int) -> bool:
    """Second method: each document's sentence, read literally."""
    if rules == CAIRN:  # "A 1 is always a success, and a 20 is always a failure."
        return face == 1 or (face != 20 and face <= ability)
    return face <= ability  # Might and Heart and the Rules Summary: "equal to or under"


@pytest.mark.parametrize("rules", KEYS)
@pytest.mark.parametrize("ability", range(1, 21))
def test_pass_chance_is_exact_for_every_ability_and_rule_set(rules: str, ability: int) -> None:
    passing = [f for f in range(1, 21) if passes_by_the_text(rules, ability, f)]
    assert cairn.pass_chance(ability, rules) == Fraction(len(passing), 20)
    assert list(cairn.passing_faces(ability, rules)) == passing


def test_only_cairn_has_the_automatic_one_and_twenty() -> None:
    assert cairn.pass_chance(20, CAIRN) == Fraction(19, 20)
    assert cairn.pass_chance(20, MIGHT_HEART) == 1
    assert cairn.pass_chance(20, GRIT) == 1
    assert cairn.judge_save(20, 20, GRIT).rule is cairn.SaveRule.AT_OR_UNDER
    assert cairn.judge_save(20, 20, CAIRN).rule is cairn.SaveRule.NATURAL_TWENTY
    assert cairn.judge_save(1, 1, MIGHT_HEART).rule is cairn.SaveRule.AT_OR_UNDER
    assert cairn.judge_save(1, 1, CAIRN).rule is cairn.SaveRule.NATURAL_ONE


def test_bea_sneaks_past_the_goblins() -> None:
    # Cairn, "Saves" example: "her 13 DEX makes sneaking past the guards the best option. She rolls
    # a d20, and resulting in a 10 - a success!"
    assert cairn.judge_save(13, 10, CAIRN).passed


@pytest.mark.parametrize("ability", range(1, 21))
def test_effort_chance_is_either_of_two_dice_passing(ability: int) -> None:
    passing = sum(
        1
        for a, b in product(range(1, 21), repeat=2)
        if passes_by_the_text(GRIT, ability, a) or passes_by_the_text(GRIT, ability, b)
    )
    assert cairn.pass_chance(ability, GRIT, effort=True) == Fraction(passing, 400)


@given(abilities, rule_keys)
def test_keep_best_distribution_equals_brute_force(ability: int, rules: str) -> None:
    effort = rules == GRIT
    count = 2 if effort else 1
    tally: dict[int, int] = {}
    for faces in product(range(1, 21), repeat=count):
        successes = [f for f in faces if passes_by_the_text(rules, ability, f)]
        value = max(successes) if successes else 0
        tally[value] = tally.get(value, 0) + 1
    expected = {value: Fraction(n, 20**count) for value, n in tally.items()}
    assert dict(cairn.side_dist(ability, rules, effort).items()) == expected


@pytest.mark.parametrize("rules", [CAIRN, MIGHT_HEART])
def test_effort_belongs_to_the_grit_variant_only(rules: str) -> None:
    with pytest.raises(RulesInputError) as caught:
        cairn.roll_side(10, Rng(1), rules, effort=True)
    assert caught.value.field == "effort"
    assert "Grit variant" in caught.value.message


@given(abilities, seeds)
def test_an_effort_takes_harm_first_then_keeps_the_best_of_two(ability: int, seed: int) -> None:
    side = cairn.roll_side(ability, Rng(seed), GRIT, effort=True)
    rng = Rng(seed)
    harm = rng.die(6)
    faces = (rng.die(20), rng.die(20))
    assert side.effort_harm == harm
    assert tuple(r.roll for r in side.results) == faces
    hits = [f for f in faces if f <= ability]
    assert side.passed == bool(hits)
    assert side.roll == (max(hits) if hits else min(faces))


def one_round_by_enumeration(
    rules: str, first: int, second: int, first_dice: int, second_dice: int
) -> dict[str, Fraction]:
    counts = {"first": 0, "second": 0, "neither": 0, "tie": 0}
    for faces in product(range(1, 21), repeat=first_dice + second_dice):
        ours = [f for f in faces[:first_dice] if passes_by_the_text(rules, first, f)]
        theirs = [f for f in faces[first_dice:] if passes_by_the_text(rules, second, f)]
        a, b = max(ours, default=0), max(theirs, default=0)
        if a == b:
            counts["neither" if a == 0 else "tie"] += 1
        else:
            counts["first" if a > b else "second"] += 1
    total = 20 ** (first_dice + second_dice)
    return {key: Fraction(value, total) for key, value in counts.items()}


@given(abilities, abilities, rolled_contests)
def test_contest_odds_match_enumeration_in_each_rule_set(
    first: int, second: int, rules: str
) -> None:
    odds = cairn.contest_odds(first, second, rules)
    one = one_round_by_enumeration(rules, first, second, 1, 1)
    assert odds.tie_per_round == one["tie"]
    assert odds.first == one["first"] / (1 - one["tie"])
    assert odds.second == one["second"] / (1 - one["tie"])
    assert odds.neither == one["neither"] / (1 - one["tie"])


@pytest.mark.parametrize(("first", "second"), [(8, 14), (17, 5), (11, 11)])
def test_contest_odds_with_an_effort_match_enumeration(first: int, second: int) -> None:
    odds = cairn.contest_odds(first, second, GRIT, first_effort=True)
    one = one_round_by_enumeration(GRIT, first, second, 2, 1)
    decided = 1 - one["tie"]
    assert (odds.first, odds.second, odds.neither) == (
        one["first"] / decided,
        one["second"] / decided,
        one["neither"] / decided,
    )


def test_grit_contest_between_equal_sides_is_fair_and_both_fail_only_by_rolling_over() -> None:
    odds = cairn.contest_odds(12, 12, GRIT)
    assert odds.first == odds.second
    # Neither passes with 8/20 each: (8/20)^2 of rounds, scaled by the untied share.
    tie = sum(Fraction(1, 400) for face in range(1, 13))
    assert odds.tie_per_round == tie
    assert odds.neither == Fraction(64, 400) / (1 - tie)


def test_might_and_heart_has_no_rolled_contest() -> None:
    assert not rule_set(MIGHT_HEART).contest_is_rolled
    with pytest.raises(RulesInputError) as caught:
        cairn.roll_contest(10, 10, Rng(1), rules=MIGHT_HEART)
    assert "most at risk should save" in caught.value.message
    with pytest.raises(RulesInputError):
        cairn.contest_odds(10, 10, MIGHT_HEART)


@given(abilities, abilities, seeds, st.booleans(), st.booleans())
def test_grit_contest_winner_has_the_highest_successful_roll(
    first: int, second: int, seed: int, first_effort: bool, second_effort: bool
) -> None:
    result = cairn.roll_contest(
        first,
        second,
        Rng(seed),
        rules=GRIT,
        first_effort=first_effort,
        second_effort=second_effort,
    )
    for contest_round in result.rounds:
        assert len(contest_round.first.results) == (2 if first_effort else 1)
        assert len(contest_round.second.results) == (2 if second_effort else 1)
        # The effort's harm is taken once and carried through rerolled rounds.
        assert contest_round.first.effort_harm == result.rounds[0].first.effort_harm
    last = result.rounds[-1]
    if result.winner is cairn.ContestWinner.FIRST:
        assert last.first.value > last.second.value
    elif result.winner is cairn.ContestWinner.SECOND:
        assert last.second.value > last.first.value
    else:
        assert last.first.value == last.second.value == 0


@pytest.mark.parametrize(
    ("rules", "call", "ability"),
    [
        (CAIRN, "act", "DEX"),
        (CAIRN, "retreat", "DEX"),
        (CAIRN, "morale", "WIL"),
        (MIGHT_HEART, "act", "DEX"),
        (MIGHT_HEART, "retreat", "DEX"),
        (MIGHT_HEART, "morale", "WIL"),
        (GRIT, "act", "Insight"),
        (GRIT, "retreat", "Insight"),
        (GRIT, "morale", "Resolve"),
    ],
)
def test_each_call_uses_the_ability_its_text_names(rules: str, call: str, ability: str) -> None:
    result = cairn.roll_call(call, 10, Rng(4), rules)
    assert result.ability_name == ability
    named = {"act": "act_first", "retreat": "retreat", "morale": "morale"}[call]
    quote = getattr(RULE_SETS[rules], named).quote
    assert ability in quote or call == "morale"


def test_the_troll_attacks_first_when_bea_fails_her_dex_save() -> None:
    # Cairn, "Combat" example: "In order to make a move before the Troll, she makes a DEX save.
    # She fails, and the Troll gets to attack first."
    failing_seed = next(s for s in range(100) if not cairn.roll_save(13, Rng(s)).passed)
    result = cairn.roll_call("act", 13, Rng(failing_seed), CAIRN)
    assert not result.side.passed
    assert result.meaning == "The opponents act first."


def test_might_and_heart_first_round_failure_loses_the_turn() -> None:
    call = RULE_SETS[MIGHT_HEART].act_first
    assert call.on_fail == "The PC loses their turn for this round."


def test_grit_morale_is_a_stated_choice() -> None:
    assert RULE_SETS[GRIT].morale.note
    assert not RULE_SETS[CAIRN].morale.note


def test_morale_refuses_an_effort() -> None:
    with pytest.raises(RulesInputError) as caught:
        cairn.roll_call("morale", 10, Rng(1), GRIT, effort=True)
    assert caught.value.field == "effort"


@pytest.mark.parametrize("bad", ["dnd", "", None, 3, "Cairn"])
def test_unknown_rule_set_names_the_three_keys(bad: object) -> None:
    with pytest.raises(RulesInputError) as caught:
        rule_set(bad)
    assert caught.value.field == "rules"
    assert "cairn, might-heart, grit" in caught.value.message


def test_unknown_call_is_refused() -> None:
    with pytest.raises(RulesInputError) as caught:
        cairn.roll_call("dance", 10, Rng(1))
    assert "act, retreat, morale" in caught.value.message
