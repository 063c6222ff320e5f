"""The rolls of ``dice_pool.roll``: a pool, a contest, Build Power and the break check."""

from __future__ import annotations

from rules_py.dice_pool import pool, powers, special
from rules_py.dice_pool.characters.at_rolls import (
    GAME,
    after_steps,
    break_changes,
    roll_steps,
)
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.roll.checks import (
    contest_sides,
    player_check,
    player_extras,
    pool_lines,
)
from rules_py.dice_pool.widgets.roll.form import RollValues
from rules_py.widget import (
    Block,
    Call,
    JsonValue,
    chance_text,
    dice,
    die_face,
    facts,
    line,
    note,
    outcome,
)

__all__ = ["Rolled", "break_check", "build_power", "contest", "roll"]

# A roll's view and the changes it makes to the party's actor.
Rolled = tuple[list[Block], list[JsonValue]]


def _on_actor(
    call: Call[RollValues],
    rolled: int,
    *,
    limit_gain: int = 0,
    anima_dice: bool = False,
    build_power: bool = False,
    summary: str,
) -> Rolled:
    actor = call.table.of_game(GAME).actor
    if actor is None:
        return [], []
    steps = roll_steps(
        limit_gain=limit_gain, anima_dice=anima_dice, rolled=rolled, build_power=build_power
    )
    return after_steps(actor, steps, summary)


def roll(values: RollValues, call: Call[RollValues]) -> Rolled:
    check = player_check(values)
    extras = player_extras(values)
    result = pool.roll_check(check, call.rng, extras)
    passed = result.succeeded
    blocks: list[Block] = [
        dice(
            view.dice_label("Your pool", check.dice, result.rolled), view.marked_faces(result.faces)
        ),
        outcome(
            f"{'SUCCESS' if passed else 'FAILURE'}: {view.success_count(result.total)} "
            f"against {check.difficulty} ({view.signed(result.margin)})",
            "good" if passed else "bad",
        ),
    ]
    items = [("Successes on the dice", str(result.rolled))]
    if extras.strife_essence is not None:
        items.append(("Strife minimum (Essence)", str(extras.strife_essence)))
    if extras.excellency_ability is not None:
        items.append(("Solar Excellency (Ability)", f"+{extras.excellency_ability}"))
    items += [
        ("Total", str(result.total)),
        ("Difficulty", view.difficulty_name(check.difficulty)),
        ("Margin", view.signed(result.margin)),
    ]
    blocks.append(facts(items))
    blocks.extend(pool_lines(check))
    blocks.extend(_anima_lines(result))
    blocks.extend(_limit_lines(values.limit, result.limit_gain))
    if passed:
        blocks.append(line(_group_text(result.total, check.difficulty)))
        blocks.append(note(special.GROUP_RULE))
    party, changes = _on_actor(
        call,
        result.rolled,
        limit_gain=result.limit_gain,
        anima_dice=values.anima_dice,
        summary=f"A pool roll: {result.total} successes",
    )
    return blocks + party, changes


def _group_text(total: int, difficulty: int) -> str:
    extra = special.extra_successes(total, difficulty)
    boost = special.max_boost(total, difficulty)
    spare = "1 extra success" if extra == 1 else f"{extra} extra successes"
    if not boost:
        return f"Group roll: {spare}; giving an ally +1 takes {special.GROUP_COST}."
    return f"Group roll: {spare} can give an ally up to +{boost} ({special.GROUP_COST} for 1)."


def _anima_lines(result: pool.RollResult) -> list[Block]:
    band = powers.critical_band(result.rolled)
    if band is None:
        lowest = powers.critical_minimum()
        return [
            line(f"Anima: no critical roll ({lowest} or more successes on the dice gain Anima).")
        ]
    return [
        outcome(f"CRITICAL ROLL: +{band.anima} Anima", "good"),
        line(
            f"{result.rolled} successes on the dice: a roll of {band.span} "
            f"gains {band.anima} Anima."
        ),
        note(pool.CRITICAL_RULE),
    ]


def _limit_lines(limit: int, gain: int) -> list[Block]:
    if not gain:
        return [line(f"Limit stays at {limit}.")]
    after = powers.gain_limit(limit, gain)
    if powers.breaks_outright(after):
        return [outcome(f"LIMIT {limit} \u2192 {after}: THE CHARACTER BREAKS", "bad")]
    chance = powers.break_chance(after)
    return [
        line(
            f"The Excellency costs {gain} Limit: {limit} \u2192 {after}. In a stressful situation "
            f"a d10 below {after} breaks: {chance_text(chance, powers.LIMIT_CHECK_DIE)}."
        )
    ]


def contest(values: RollValues, call: Call[RollValues]) -> Rolled:
    check, yours, theirs = contest_sides(values)
    result = special.roll_contest(yours, theirs, call.rng)
    blocks: list[Block] = [
        dice(
            view.dice_label("You", check.dice, result.first.successes),
            view.marked_faces(result.first.faces),
        )
    ]
    if theirs.npc:
        blocks.append(
            line(
                f"The opponent (an NPC with {view.dice_count(theirs.dice)}) takes "
                f"{result.second.successes}, half the pool rounded down."
            )
        )
    else:
        blocks.append(
            dice(
                view.dice_label("Opponent", theirs.dice, result.second.successes),
                view.marked_faces(result.second.faces),
            )
        )
    score = f"{result.first.successes} to {result.second.successes}"
    if result.winner is special.Winner.FIRST:
        blocks.append(outcome(f"YOU WIN, {score}", "good"))
    elif result.winner is special.Winner.SECOND:
        blocks.append(outcome(f"OPPONENT WINS, {score}", "bad"))
    else:
        blocks.append(outcome(f"TIE, {score}", "neutral"))
        blocks.append(note(special.TIE_RULE))
    blocks.extend(pool_lines(check, with_difficulty=False))
    party, changes = _on_actor(
        call,
        result.first.successes,
        anima_dice=values.anima_dice,
        summary=f"A contested roll: {result.first.successes} successes",
    )
    return blocks + party, changes


def build_power(values: RollValues, call: Call[RollValues]) -> Rolled:
    check = pool.build_power_check(values.essence, values.favored)
    result = pool.roll_check(check, call.rng)
    anima = powers.build_power_anima(result.rolled)
    half = powers.build_power_half(result.rolled)
    party, changes = _on_actor(
        call, result.rolled, build_power=True, summary=f"Build Power: {anima} Anima"
    )
    blocks: list[Block] = [
        dice(
            view.dice_label("Essence + Favored Ability", check.dice, result.rolled),
            view.marked_faces(result.faces),
        ),
        outcome(f"+{anima} ANIMA", "good"),
        line(
            f"{powers.BUILD_POWER_BASE} Anima, plus half of {result.rolled} successes "
            f"rounded up ({half}): {anima} Anima."
        ),
        line(
            f"Without rolling: {powers.BUILD_POWER_MINUTES_PER_ANIMA} minutes per Anima "
            f"({powers.build_power_minutes(anima)} minutes for {anima})."
        ),
        note(powers.BUILD_POWER_RULE),
    ]
    return blocks + party, changes


def break_check(values: RollValues, call: Call[RollValues]) -> Rolled:
    limit = values.limit
    result = powers.roll_break_check(limit, call.rng)
    party, changes = break_changes(call.table, result)
    if result.roll is None:
        top = powers.LIMIT_BREAK
        return [
            outcome(f"BREAKS: Limit {top}", "bad"),
            line(f"At {top} Limit the character breaks."),
            *party,
        ], changes
    tags = ("failure",) if result.broke else ("success",)
    blocks: list[Block] = [
        dice("Break check", [die_face(result.roll, powers.LIMIT_CHECK_DIE, *tags)]),
        outcome("BREAKS" if result.broke else "HOLDS", "bad" if result.broke else "good"),
        line(
            f"Rolled {result.roll} against Limit {limit}: "
            f"{'below it, the character breaks' if result.broke else 'not below it, they hold'}."
        ),
    ]
    return blocks + party, changes
