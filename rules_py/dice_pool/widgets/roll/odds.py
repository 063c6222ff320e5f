"""The odds previews of ``dice_pool.roll``: exact chances before a roll."""

from __future__ import annotations

from fractions import Fraction

from rules_py.dice_pool import pool, powers, special
from rules_py.dice_pool.tables import anima_bands
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.roll.checks import (
    contest_sides,
    player_check,
    player_extras,
    pool_lines,
)
from rules_py.dice_pool.widgets.roll.form import RollValues
from rules_py.widget import Block, chance_text, chart, facts, line, note, outcome

__all__ = ["build_power_odds", "contest_odds", "limit_odds", "npc_result", "roll_odds"]


def _successes_chart(check: pool.Check, extras: pool.Extras, title: str) -> Block:
    totals = pool.result_distribution(check.dice, extras)
    probs = dict(totals.items())
    bars = view.chart_bars(probs, keep=(check.difficulty - 1, check.difficulty))
    winning = [label for label, _, low, _ in bars if low >= check.difficulty]
    chance = totals.at_least(check.difficulty)
    block = chart(
        title,
        [(label, p) for label, p, _, _ in bars],
        highlight=winning,
        marks=f"Succeeds: {check.difficulty} or more",
        mean=totals.mean(),
        summary=(
            f"Successes from {view.dice_count(check.dice)}; "
            f"{check.difficulty} or more succeeds: {view.chance_words(chance)}."
        ),
    )
    return view.readable(block, [p for _, p, _, _ in bars])


def _anima_odds(check: pool.Check) -> Block:
    rolled = pool.successes_distribution(check.dice)
    items = [
        (f"{band.anima} Anima (roll of {band.span})", view.chance_words(rolled.where(band.holds)))
        for band in anima_bands()
    ]
    return facts(items)


def roll_odds(values: RollValues) -> list[Block]:
    check = player_check(values)
    extras = player_extras(values)
    chance = pool.success_chance(check, extras)
    blocks: list[Block] = [
        line(
            f"Chance to meet {view.difficulty_name(check.difficulty)} "
            f"with {view.dice_count(check.dice)}: {view.chance_words(chance)}."
        ),
        *pool_lines(check),
        _successes_chart(check, extras, "Successes: exact chances"),
        _anima_odds(check),
        line(
            f"Expected successes from the dice: {_fraction(pool.expected_successes(check.dice))} "
            "(half the pool)."
        ),
    ]
    if extras.strife_essence is not None or extras.excellency_ability is not None:
        blocks.append(note(pool.EXTRAS_ORDER_RULE))
    return blocks


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def contest_odds(values: RollValues) -> list[Block]:
    check, yours, theirs = contest_sides(values)
    odds = special.contest_odds(yours, theirs)
    opponent = (
        f"an NPC with {view.dice_count(theirs.dice)} (takes {special.npc_successes(theirs.dice)})"
        if theirs.npc
        else f"{view.dice_count(theirs.dice)}"
    )
    return [
        line(f"Your {view.dice_count(check.dice)} against {opponent}."),
        facts(
            [
                ("You win", view.chance_words(odds.first)),
                ("Opponent wins", view.chance_words(odds.second)),
                ("Tie", view.chance_words(odds.tie)),
            ]
        ),
        *pool_lines(check, with_difficulty=False),
        note(special.TIE_RULE),
        note(pool.CONTEST_RULE),
    ]


def npc_result(values: RollValues) -> list[Block]:
    check = player_check(values)
    npc = special.npc_result(check)
    successes, passed, margin = npc.successes, npc.succeeded, npc.margin
    return [
        outcome(
            f"{'SUCCESS' if passed else 'FAILURE'}: {view.success_count(successes)} "
            f"against {check.difficulty} ({view.signed(margin)})",
            "good" if passed else "bad",
        ),
        line(
            f"The NPC takes {view.success_count(successes)} "
            f"(half of {view.dice_count(check.dice)}, rounded down) against "
            f"{view.difficulty_name(check.difficulty)}."
        ),
        *pool_lines(check),
        note(special.NPC_RULE),
        *([note(pool.NPC_ANIMA_RULE)] if values.anima_dice else []),
    ]


def build_power_odds(values: RollValues) -> list[Block]:
    dice_count = pool.build_power_check(values.essence, values.favored).dice
    anima = pool.build_power_distribution(values.essence, values.favored)
    return [
        line(
            f"Build Power rolls Essence {values.essence} + Favored Ability "
            f"{values.favored} = {view.dice_count(dice_count)}."
        ),
        chart(
            "Anima gained: exact chances",
            [(str(value), chance) for value, chance in anima.items()],
            mean=anima.mean(),
            summary=f"Anima from Build Power with {view.dice_count(dice_count)}.",
        ),
        note(powers.BUILD_POWER_RULE),
    ]


def limit_odds(values: RollValues) -> list[Block]:
    limit = values.limit
    chance = powers.break_chance(limit)
    if powers.breaks_outright(limit):
        text = f"At {powers.LIMIT_BREAK} Limit the character breaks; there is nothing to roll."
    else:
        text = (
            f"Break check at Limit {limit}: a d10 below {limit} breaks: "
            f"{chance_text(chance, powers.LIMIT_CHECK_DIE)}."
        )
    return [line(text)]
