"""From the form of ``dice_pool.roll`` to the engine's checks, and the lines
that say how a pool was built."""

from __future__ import annotations

from rules_py.dice_pool import pool, special
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.roll.form import RollValues
from rules_py.widget import Block, line, note

__all__ = ["contest_sides", "player_check", "player_extras", "pool_lines"]


def player_check(values: RollValues) -> pool.Check:
    if values.from_traits:
        parts = pool.trait_parts(values.attribute, values.ability)
    else:
        parts = (("Pool", values.dice),)
    return pool.player_check(
        values.mode,
        parts,
        difficulty=values.difficulty,
        modifier_key=values.modifier,
        modifier_on=values.modifier_on,
        helpers=values.helpers,
        anima_dice=values.anima_dice,
    )


def player_extras(values: RollValues) -> pool.Extras:
    # The Excellency adds the Ability, which only a pool built from traits names.
    return pool.player_extras(
        values.mode,
        excellency_ability=values.ability if values.excellency and values.from_traits else None,
        strife_essence=values.essence if values.strife else None,
    )


def contest_sides(values: RollValues) -> tuple[pool.Check, special.Side, special.Side]:
    check = player_check(values)
    return (
        check,
        special.Side(check.dice),
        special.Side(values.opponent_dice, npc=values.opponent_npc),
    )


def pool_lines(check: pool.Check, *, with_difficulty: bool = True) -> list[Block]:
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
