"""Widget ``dice_pool.roll``: the d10 pool, a contest, an NPC's average,
Build Power and the Limit break check (d10 dice pool)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_py.dice_pool import pool, powers, special
from rules_py.dice_pool.tables import anima_bands, difficulties
from rules_py.dice_pool.widgets import view
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    bool_field,
    chance_text,
    chart,
    choice_field,
    dice,
    die_face,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]

ROLL, CONTESTED, NPC = (kind.value for kind in pool.RollKind)
BUILD_POWER, LIMIT = "build_power", "limit"
POOL_MODES = (ROLL, CONTESTED, NPC)


def _check(values: Mapping[str, Any]) -> pool.Check:
    if values["pool_from"] == "traits":
        parts = pool.trait_parts(values["attribute"], values["ability"])
    else:
        parts = (("Pool", values["dice"]),)
    return pool.player_check(
        values["mode"],
        parts,
        difficulty=values["difficulty"],
        modifier_key=values["modifier"],
        modifier_on=values["modifier_on"],
        helpers=values["helpers"],
        anima_dice=values["anima_dice"],
    )


def _extras(values: Mapping[str, Any]) -> pool.Extras:
    # The Excellency adds the Ability, which only a pool built from traits names.
    traits = values["pool_from"] == "traits"
    return pool.player_extras(
        values["mode"],
        excellency_ability=values["ability"] if values["excellency"] and traits else None,
        strife_essence=values["essence"] if values["strife"] else None,
    )


def _pool_lines(check: pool.Check, *, with_difficulty: bool = True) -> list[Block]:
    if len(check.dice_parts) == 1:
        blocks = [line(f"Pool: {view.dice_count(check.dice)}.")]
    else:
        blocks = [line(f"Pool: {view.sum_text(check.dice_parts)} = {view.dice_count(check.dice)}.")]
    if with_difficulty and len(check.difficulty_parts) > 1:
        blocks.append(
            line(f"Difficulty: {view.sum_text(check.difficulty_parts)} = {check.difficulty}.")
        )
    if check.dice_floored or (with_difficulty and check.difficulty_floored):
        blocks.append(note(pool.FLOOR_RULE))
    return blocks


# ------------------------------------------------------------------ the odds


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


def _roll_odds(values: Mapping[str, Any]) -> list[Block]:
    check = _check(values)
    extras = _extras(values)
    chance = pool.success_chance(check, extras)
    blocks: list[Block] = [
        line(
            f"Chance to meet {view.difficulty_name(check.difficulty)} "
            f"with {view.dice_count(check.dice)}: {view.chance_words(chance)}."
        ),
        *_pool_lines(check),
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


def _contest_sides(values: Mapping[str, Any]) -> tuple[pool.Check, special.Side, special.Side]:
    check = _check(values)
    return (
        check,
        special.Side(check.dice),
        special.Side(values["opponent_dice"], npc=values["opponent_npc"]),
    )


def _contest_odds(values: Mapping[str, Any]) -> list[Block]:
    check, yours, theirs = _contest_sides(values)
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
        *_pool_lines(check, with_difficulty=False),
        note(special.TIE_RULE),
        note(pool.CONTEST_RULE),
    ]


def _npc_result(values: Mapping[str, Any]) -> list[Block]:
    check = _check(values)
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
        *_pool_lines(check),
        note(special.NPC_RULE),
        *([note(pool.NPC_ANIMA_RULE)] if values["anima_dice"] else []),
    ]


def _build_power_odds(values: Mapping[str, Any]) -> list[Block]:
    dice_count = pool.build_power_check(values["essence"], values["favored"]).dice
    anima = pool.build_power_distribution(values["essence"], values["favored"])
    return [
        line(
            f"Build Power rolls Essence {values['essence']} + Favored Ability "
            f"{values['favored']} = {view.dice_count(dice_count)}."
        ),
        chart(
            "Anima gained: exact chances",
            [(str(value), chance) for value, chance in anima.items()],
            mean=anima.mean(),
            summary=f"Anima from Build Power with {view.dice_count(dice_count)}.",
        ),
        note(powers.BUILD_POWER_RULE),
    ]


def _limit_odds(values: Mapping[str, Any]) -> list[Block]:
    limit = values["limit"]
    chance = powers.break_chance(limit)
    if powers.breaks_outright(limit):
        text = f"At {powers.LIMIT_BREAK} Limit the character breaks; there is nothing to roll."
    else:
        text = (
            f"Break check at Limit {limit}: a d10 below {limit} breaks: "
            f"{chance_text(chance, powers.LIMIT_CHECK_DIE)}."
        )
    return [line(text)]


# ------------------------------------------------------------------ rolls


def _roll(values: Mapping[str, Any], call: Call) -> list[Block]:
    check = _check(values)
    extras = _extras(values)
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
    blocks.extend(_pool_lines(check))
    blocks.extend(_anima_lines(result))
    blocks.extend(_limit_lines(values["limit"], result.limit_gain))
    if passed:
        blocks.append(line(_group_text(result.total, check.difficulty)))
        blocks.append(note(special.GROUP_RULE))
    return blocks


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


def _contest(values: Mapping[str, Any], call: Call) -> list[Block]:
    check, yours, theirs = _contest_sides(values)
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
    blocks.extend(_pool_lines(check, with_difficulty=False))
    return blocks


def _build_power(values: Mapping[str, Any], call: Call) -> list[Block]:
    check = pool.build_power_check(values["essence"], values["favored"])
    result = pool.roll_check(check, call.rng)
    anima = powers.build_power_anima(result.rolled)
    half = powers.build_power_half(result.rolled)
    return [
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


def _break_check(values: Mapping[str, Any], call: Call) -> list[Block]:
    limit = values["limit"]
    result = powers.roll_break_check(limit, call.rng)
    if result.roll is None:
        top = powers.LIMIT_BREAK
        return [
            outcome(f"BREAKS: Limit {top}", "bad"),
            line(f"At {top} Limit the character breaks."),
        ]
    tags = ("failure",) if result.broke else ("success",)
    return [
        dice("Break check", [die_face(result.roll, powers.LIMIT_CHECK_DIE, *tags)]),
        outcome("BREAKS" if result.broke else "HOLDS", "bad" if result.broke else "good"),
        line(
            f"Rolled {result.roll} against Limit {limit}: "
            f"{'below it, the character breaks' if result.broke else 'not below it, they hold'}."
        ),
    ]


def handle(call: Call) -> dict[str, Any]:
    values = call.values
    mode = values["mode"]
    if call.action == "odds":
        odds = {
            ROLL: _roll_odds,
            CONTESTED: _contest_odds,
            NPC: _npc_result,
            BUILD_POWER: _build_power_odds,
            LIMIT: _limit_odds,
        }[mode]
        return {"view": odds(values)}
    roller = {
        ROLL: _roll,
        CONTESTED: _contest,
        NPC: lambda v, _call: _npc_result(v),
        BUILD_POWER: _build_power,
        LIMIT: _break_check,
    }[mode]
    return {"view": roller(values, call)}


# ------------------------------------------------------------------ the form


def _modes(*modes: str) -> dict[str, tuple[str, ...]]:
    return {"mode": modes}


def _modifiers_chosen() -> tuple[str, ...]:
    return tuple(key for key, _ in pool.modifier_choices() if key != pool.NO_MODIFIER)


def _fields() -> tuple[Field, ...]:
    levels = ", ".join(f"{d.value} {d.name}" for d in difficulties())
    traits = {"mode": POOL_MODES, "pool_from": ("traits",)}
    return (
        choice_field(
            "mode",
            "Roll",
            [
                (ROLL, "A dice pool"),
                (CONTESTED, "Contested roll"),
                (NPC, "NPC takes the average"),
                (BUILD_POWER, "Build Power"),
                (LIMIT, "Limit break check"),
            ],
        ),
        choice_field(
            "pool_from",
            "Pool",
            [("traits", "Attribute + Ability"), ("raw", "A number of dice")],
            shown_when=_modes(*POOL_MODES),
        ),
        int_field("attribute", "Attribute", 3, 0, pool.MAX_TRAIT, shown_when=traits),
        int_field(
            "ability",
            "Ability",
            2,
            0,
            pool.MAX_TRAIT,
            shown_when=traits,
            help="The Solar Excellency adds this many successes (pool rolls only).",
        ),
        int_field(
            "dice",
            "Dice",
            6,
            0,
            pool.MAX_BASE_DICE,
            shown_when={"mode": POOL_MODES, "pool_from": ("raw",)},
        ),
        int_field(
            "difficulty",
            "Difficulty",
            pool.DEFAULT_DIFFICULTY,
            0,
            pool.MAX_DIFFICULTY,
            help=f"{levels}.",
            shown_when=_modes(ROLL, NPC),
        ),
        choice_field(
            "modifier",
            "Advantage",
            list(pool.modifier_choices()),
            shown_when=_modes(*POOL_MODES),
        ),
        choice_field(
            "modifier_on",
            "Applied to",
            [(target.value, pool.target_label(target.value)) for target in pool.Target],
            shown_when={"mode": (ROLL, NPC), "modifier": _modifiers_chosen()},
        ),
        int_field(
            "helpers",
            "Helpers",
            0,
            0,
            pool.MAX_HELPERS,
            help=(
                f"Teamwork: +{pool.TEAMWORK_DICE_PER_HELPER} dice for each, "
                f"+{pool.TEAMWORK_MAX_DICE} at most."
            ),
            shown_when=_modes(*POOL_MODES),
            advanced=True,
        ),
        bool_field(
            "anima_dice",
            f"Spend {powers.ANIMA_DICE_COST} Anima for +{powers.ANIMA_DICE} dice",
            shown_when=_modes(ROLL, CONTESTED),
            advanced=True,
        ),
        bool_field(
            "excellency",
            f"Solar Excellency: + Ability successes, +{powers.EXCELLENCY_LIMIT} Limit",
            shown_when={"mode": (ROLL,), "pool_from": ("traits",)},
            advanced=True,
        ),
        bool_field(
            "strife",
            "Strife: at least Essence successes",
            shown_when=_modes(ROLL),
            advanced=True,
        ),
        int_field(
            "essence",
            "Essence",
            1,
            1,
            pool.MAX_TRAIT,
            help="A Strife's minimum successes; Build Power rolls Essence + Favored Ability.",
            shown_when=_modes(ROLL, BUILD_POWER),
        ),
        int_field(
            "favored",
            "Favored Ability",
            3,
            0,
            pool.MAX_TRAIT,
            shown_when=_modes(BUILD_POWER),
        ),
        int_field(
            "limit",
            "Limit",
            0,
            powers.LIMIT_MIN,
            powers.LIMIT_BREAK,
            help=(
                f"Break on {powers.LIMIT_BREAK}, or in a stressful situation "
                f"on a d{powers.LIMIT_CHECK_DIE} below it."
            ),
            shown_when=_modes(ROLL, LIMIT),
        ),
        int_field(
            "opponent_dice",
            "Opponent's dice",
            5,
            0,
            pool.MAX_BASE_DICE,
            shown_when=_modes(CONTESTED),
        ),
        bool_field(
            "opponent_npc",
            "Opponent is an NPC (takes the average)",
            shown_when=_modes(CONTESTED),
        ),
    )


WIDGETS = (
    Widget(
        name="dice_pool.roll",
        title="Dice pool roller",
        summary=(
            "Roll (Attribute + Ability) d10s and count successes: 7-9 is one, 10 is two; "
            "see the exact chances, anima and Limit."
        ),
        hand_roll=(
            "Roll (Attribute + Ability) d10s. Each 7, 8 or 9 is one success and each 10 is two. "
            "Succeed with at least as many successes as the difficulty (3 by default). "
            "8 or more successes on the dice is a critical roll that gains Anima."
        ),
        fields=_fields(),
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
