"""Saves and contests in the three Cairn-style rule sets (see :mod:`rules_py.cairn.rulesets`).

Cairn, "Saves":

    "PCs roll a d20 for an appropriate ability score. If they roll equal to or
    under that ability score, they pass. Otherwise, they fail. A 1 is always a
    success, and a 20 is always a failure."

Might and Heart ("Saves") says the same without the 1 and the 20; so does the
Grit variant (Cairn, Rules Summary: Saves and Effort), which adds:

    "In a contest, the highest successful roll wins."

    "A PC can chose to make an effort and, before any roll, take 1d6 harm.
    They now roll one additional die and choose the best result."

Every chance here comes from :mod:`rules_py.core.dist`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.cairn.rulesets import CAIRN, RuleSet, rule_set
from rules_py.core import dist
from rules_py.core.errors import RulesInputError, require_choice, require_int
from rules_py.core.ranges import IntRange
from rules_py.core.rng import Rng

__all__ = [
    "ABILITY_MAX",
    "ABILITY_MIN",
    "BOTH_FAIL_RULE",
    "CALLS",
    "EFFORT_HARM_DIE",
    "EFFORT_HARM_GOES",
    "EFFORT_MODES",
    "EFFORT_TIE_RULE",
    "FAILED",
    "MORALE_TRIGGERS",
    "SAVE_DIE",
    "TIE_RULE",
    "CallResult",
    "ContestOdds",
    "ContestResult",
    "ContestRound",
    "ContestWinner",
    "SaveResult",
    "SaveRule",
    "SideRoll",
    "best_of",
    "check_ability",
    "contest_notes",
    "contest_odds",
    "dice_for",
    "effort_applies",
    "judge_save",
    "morale_ability",
    "pass_chance",
    "passing_faces",
    "passing_spans",
    "roll_call",
    "roll_contest",
    "roll_save",
    "roll_side",
    "side_dist",
]

SAVE_DIE = 20
ABILITY_MIN = 1
ABILITY_MAX = 20
EFFORT_HARM_DIE = 6
# "Harm that reduces a target's Grit below 0 decreases the remainder from their
# [...] Resolve, if it is an effort harm." (Rules Summary: Harm)
EFFORT_HARM_GOES = "effort harm: Grit, then Resolve"
FAILED = 0  # the "best successful roll" of a side whose every die failed


class SaveRule(StrEnum):
    """Which sentence of the rules decided a save."""

    NATURAL_ONE = "A 1 is always a success."
    NATURAL_TWENTY = "A 20 is always a failure."
    AT_OR_UNDER = "Rolled equal to or under the ability: pass."
    OVER = "Rolled over the ability: fail."


@dataclass(frozen=True)
class SaveResult:
    ability: int
    roll: int
    passed: bool
    rule: SaveRule


def check_ability(value: object, field: str = "attribute", label: str = "Attribute") -> int:
    return require_int(field, label, value, ABILITY_MIN, ABILITY_MAX)


def judge_save(ability: int, roll: int, rules: str = CAIRN) -> SaveResult:
    """Read one d20 against an ability score under ``rules``."""
    ability = check_ability(ability)
    roll = require_int("roll", "The d20", roll, 1, SAVE_DIE)
    if rule_set(rules).natural_extremes:
        if roll == 1:
            return SaveResult(ability, roll, True, SaveRule.NATURAL_ONE)
        if roll == SAVE_DIE:
            return SaveResult(ability, roll, False, SaveRule.NATURAL_TWENTY)
    if roll <= ability:
        return SaveResult(ability, roll, True, SaveRule.AT_OR_UNDER)
    return SaveResult(ability, roll, False, SaveRule.OVER)


def roll_save(ability: int, rng: Rng, rules: str = CAIRN) -> SaveResult:
    """Roll a d20 save against ``ability``."""
    ability = check_ability(ability)
    return judge_save(ability, rng.die(SAVE_DIE), rules)


def passing_faces(ability: int, rules: str = CAIRN) -> tuple[int, ...]:
    """The d20 faces that pass against ``ability``."""
    ability = check_ability(ability)
    return tuple(f for f in range(1, SAVE_DIE + 1) if judge_save(ability, f, rules).passed)


def passing_spans(ability: int, rules: str = CAIRN) -> tuple[IntRange, ...]:
    """The passing faces as runs: Cairn with 20 passes on 1-19, never on the 20."""
    spans: list[IntRange] = []
    for face in passing_faces(ability, rules):
        if spans and spans[-1].high == face - 1:
            spans[-1] = IntRange(spans[-1].low, face)
        else:
            spans.append(IntRange(face, face))
    return tuple(spans)


# ---------------------------------------------------------------- one side, one or two dice


@dataclass(frozen=True)
class SideRoll:
    """One side's save: one d20, or two with an effort (Grit variant).

    ``kept`` is the best result: the highest successful roll, or when every
    die failed the lowest one (the nearest miss).
    """

    results: tuple[SaveResult, ...]
    kept: SaveResult
    effort_harm: int | None = None  # the 1d6 harm taken before rolling

    @property
    def ability(self) -> int:
        return self.kept.ability

    @property
    def roll(self) -> int:
        return self.kept.roll

    @property
    def passed(self) -> bool:
        return self.kept.passed

    @property
    def value(self) -> int:
        """The best successful roll, or FAILED (0): what a contest compares."""
        return self.kept.roll if self.kept.passed else FAILED


def dice_for(rules: str, effort: bool, field: str = "effort") -> int:
    """How many d20s a side rolls: two with an effort, which only the Grit variant has."""
    ruleset = rule_set(rules)
    if effort and not ruleset.effort:
        raise RulesInputError(
            field, f"Effort is a rule of the Grit variant only, not of {ruleset.document}."
        )
    return 2 if effort else 1


def best_of(results: tuple[SaveResult, ...]) -> SaveResult:
    passed = [r for r in results if r.passed]
    if passed:
        return max(passed, key=lambda r: r.roll)
    return min(results, key=lambda r: r.roll)


def roll_side(
    ability: int, rng: Rng, rules: str = CAIRN, effort: bool = False, harm: int | None = None
) -> SideRoll:
    """Roll one side's save; with an effort, the 1d6 harm comes first (unless given)."""
    ability = check_ability(ability)
    count = dice_for(rules, effort)
    if effort and harm is None:
        harm = rng.die(EFFORT_HARM_DIE)
    results = tuple(roll_save(ability, rng, rules) for _ in range(count))
    return SideRoll(results, best_of(results), harm if effort else None)


def side_dist(ability: int, rules: str = CAIRN, effort: bool = False) -> dist.Dist[int]:
    """Distribution of a side's best successful roll (0 when every die fails)."""
    ability = check_ability(ability)
    one = dist.die(SAVE_DIE).map(
        lambda face: face if judge_save(ability, face, rules).passed else FAILED
    )
    return dist.highest(*([one] * dice_for(rules, effort)))


def pass_chance(ability: int, rules: str = CAIRN, effort: bool = False) -> Fraction:
    """Exact chance to pass a save (with an effort: that either die passes)."""
    return side_dist(ability, rules, effort).where(lambda value: value != FAILED)


# ---------------------------------------------------------------- contests


class ContestWinner(StrEnum):
    FIRST = "first"
    SECOND = "second"
    NEITHER = "neither"


# The text names a winner only among successful rolls. Where it is silent this
# site chooses: equal successful rolls are rolled again until they differ, and
# when both sides fail nobody wins the contest.
TIE_RULE = "Equal successful rolls: both sides roll again until one is higher."
BOTH_FAIL_RULE = "Both sides failed: nobody wins the contest (the text names no winner)."
EFFORT_TIE_RULE = (
    "An effort's harm is taken once; a tied contest is rerolled with the same number of dice."
)


@dataclass(frozen=True)
class ContestRound:
    first: SideRoll
    second: SideRoll


@dataclass(frozen=True)
class ContestResult:
    rounds: tuple[ContestRound, ...]
    winner: ContestWinner
    explanation: str


def _decide(first: SideRoll, second: SideRoll) -> ContestWinner | None:
    """The winner of one round, or None when equal successful rolls must be rerolled."""
    if first.passed and second.passed:
        if first.roll == second.roll:
            return None
        return ContestWinner.FIRST if first.roll > second.roll else ContestWinner.SECOND
    if first.passed:
        return ContestWinner.FIRST
    if second.passed:
        return ContestWinner.SECOND
    return ContestWinner.NEITHER


def _explain(last: ContestRound, winner: ContestWinner, rerolls: int) -> str:
    again = f" after {rerolls} tied round{'s' if rerolls != 1 else ''}" if rerolls else ""
    if winner is ContestWinner.NEITHER:
        return BOTH_FAIL_RULE
    won, lost = (
        (last.first, last.second) if winner is ContestWinner.FIRST else (last.second, last.first)
    )
    side = "First side" if winner is ContestWinner.FIRST else "Second side"
    if lost.passed:
        return f"{side} wins{again}: both passed and {won.roll} is the higher successful roll."
    return f"{side} wins{again}: the only successful roll."


def _rolled_contest(rules: str) -> RuleSet:
    ruleset = rule_set(rules)
    if not ruleset.contest_is_rolled:
        raise RulesInputError("mode", ruleset.contest_note)
    return ruleset


def roll_contest(
    first: int,
    second: int,
    rng: Rng,
    max_rounds: int = 1000,
    rules: str = CAIRN,
    first_effort: bool = False,
    second_effort: bool = False,
) -> ContestResult:
    """Both sides save; the highest successful roll wins (ties rerolled).

    An effort's 1d6 harm is rolled once, before the first d20s (first side's
    first); tied rounds are rolled again with the same number of dice.
    """
    first = check_ability(first, "attribute", "First side's attribute")
    second = check_ability(second, "rival", "Second side's attribute")
    _rolled_contest(rules)
    dice_for(rules, first_effort, "effort")
    dice_for(rules, second_effort, "rival_effort")
    first_harm = rng.die(EFFORT_HARM_DIE) if first_effort else None
    second_harm = rng.die(EFFORT_HARM_DIE) if second_effort else None
    rounds: list[ContestRound] = []
    # A tie repeats with chance at most 19/400 per round (a little more with
    # efforts); the cap only guards against a broken generator.
    for _ in range(max_rounds):
        current = ContestRound(
            roll_side(first, rng, rules, first_effort, first_harm),
            roll_side(second, rng, rules, second_effort, second_harm),
        )
        rounds.append(current)
        winner = _decide(current.first, current.second)
        if winner is not None:
            return ContestResult(tuple(rounds), winner, _explain(current, winner, len(rounds) - 1))
    raise RuntimeError("contest did not resolve")


@dataclass(frozen=True)
class ContestOdds:
    first: Fraction
    second: Fraction
    neither: Fraction
    tie_per_round: Fraction


def contest_odds(
    first: int,
    second: int,
    rules: str = CAIRN,
    first_effort: bool = False,
    second_effort: bool = False,
) -> ContestOdds:
    """Exact chances of each contest outcome, with ties rerolled.

    Each side's result is its best successful roll (0 for a failure). One
    round: the higher value wins, two 0s is "neither", equal successes tie; a
    tie starts over, so each final chance is its one-round chance over (1 - tie).
    """
    first = check_ability(first, "attribute", "First side's attribute")
    second = check_ability(second, "rival", "Second side's attribute")
    _rolled_contest(rules)
    ours = side_dist(first, rules, first_effort)
    theirs = side_dist(second, rules, second_effort)
    comparison = dist.compare(ours, theirs)
    neither = ours.prob(FAILED) * theirs.prob(FAILED)
    tie = comparison.equal - neither
    decided = 1 - tie
    return ContestOdds(
        first=comparison.greater / decided,
        second=comparison.less / decided,
        neither=neither / decided,
        tie_per_round=tie,
    )


# ---------------------------------------------------------------- the common calls

CALLS = ("act", "retreat", "morale")
# An effort is a PC's choice (Rules Summary: Effort); Morale is for enemies only.
EFFORT_MODES = ("save", "contest", "act", "retreat")
MORALE_TRIGGERS = (
    ("casualty", "They took their first casualty"),
    ("half", "They lost half their number"),
    ("lone", "A lone foe was reduced to 0 HP"),
)


@dataclass(frozen=True)
class CallResult:
    name: str
    ability_name: str
    side: SideRoll
    meaning: str


def roll_call(
    name: str, ability: int, rng: Rng, rules: str = CAIRN, effort: bool = False
) -> CallResult:
    """The first-round save to act, Retreat, or Morale, with the ability the rules name."""
    name = require_choice("mode", "Call", name, CALLS)
    call = rule_set(rules).call(name)
    if name == "morale" and effort:
        raise RulesInputError("effort", "Morale is for enemies; an effort is a PC's choice.")
    side = roll_side(ability, rng, rules, effort)
    return CallResult(name, call.ability, side, call.on_pass if side.passed else call.on_fail)


def effort_applies(mode: str, rules: str, effort: bool) -> bool:
    """Whether a ticked effort counts: only in a mode a PC rolls (not Morale).

    An effort outside the Grit variant is refused, naming the field.
    """
    applies = effort and mode in EFFORT_MODES
    dice_for(rules, applies)
    return applies


def morale_ability(own: int, leader: int, use_leader: bool) -> int:
    """ "Some groups may use their leader's WIL in place of their own." """
    return check_ability(leader, "leader", "Leader's attribute") if use_leader else own


def contest_notes(rules: str, first_effort: bool, second_effort: bool) -> tuple[str, ...]:
    """The readings a rolled contest rests on, in the order a reader needs them."""
    ruleset = _rolled_contest(rules)
    notes = [TIE_RULE]
    if first_effort or second_effort:
        notes.append(EFFORT_TIE_RULE)
    if ruleset.key == CAIRN:
        notes.append(ruleset.contest_note)  # Cairn has no contest: it borrows the Summary's
    return tuple(notes)
