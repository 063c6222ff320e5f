"""Maneuvers in ``dice_pool.combat``: a roll against the maneuver's difficulty, graded."""

from __future__ import annotations

from rules_py.core.ranges import IntRange
from rules_py.dice_pool import maneuvers, pool
from rules_py.dice_pool.tables import Maneuver, ManeuverGrade
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.combat.form import CombatValues
from rules_py.widget import Block, Call, dice, facts, line, note, outcome, table

__all__ = ["maneuver_odds", "maneuver_roll"]


def _maneuver_check(values: CombatValues) -> tuple[Maneuver, pool.Check]:
    move = maneuvers.maneuver(values.maneuver)
    difficulty = maneuvers.maneuver_difficulty(move, values.defence)
    check = pool.build_check(
        pool.trait_pool(values.attribute, values.ability),
        difficulty,
        base_parts=pool.trait_parts(values.attribute, values.ability),
    )
    return move, check


def _below(difficulty: int) -> str:
    return f"{difficulty - 1} or below" if difficulty else "none"


def _grade_label(move: Maneuver, grade: ManeuverGrade, difficulty: int) -> str:
    """The successes a grade takes; a grade beyond the difficulty shifted onto it."""
    if move.against == maneuvers.LADDER:
        return grade.range.span
    low, high = grade.range.low, grade.range.high
    return IntRange(
        None if low is None else low + difficulty, None if high is None else high + difficulty
    ).span


def _maneuver_notes(move: Maneuver) -> list[Block]:
    blocks: list[Block] = [line(f"{move.name} ({move.difficulty_text}): {move.description}")]
    if move.key == "recover":
        blocks.append(note(maneuvers.RECOVER_RULE))
    if move.against in maneuvers.SET_BY_STORYTELLER:
        blocks.append(note("The Storyteller sets this difficulty; enter it as the difficulty."))
    return blocks


def maneuver_odds(values: CombatValues) -> list[Block]:
    move, check = _maneuver_check(values)
    if move.against == maneuvers.NO_ROLL:
        return [outcome("NO ROLL", "neutral"), line(maneuvers.grade_effect(move.grades[0]))]
    chances = maneuvers.grade_chances(move, check)
    rows = [
        ("Fails", _below(check.difficulty), view.chance_words(chance))
        if grade is None
        else (
            maneuvers.grade_effect(grade),
            _grade_label(move, grade, check.difficulty),
            view.chance_words(chance),
        )
        for grade, chance in chances
    ]
    blocks: list[Block] = [
        line(f"{move.name}: {view.dice_count(check.dice)} against difficulty {check.difficulty}."),
        table(f"{move.name}: exact chances", ["Effect", "Successes", "Chance"], rows),
    ]
    if move.key == "hold":
        blocks.append(_hold_escape_facts(values.target_dice, check))
    return blocks + _maneuver_notes(move)


def _hold_escape_facts(target_dice: int, check: pool.Check) -> Block:
    low = max(check.difficulty, 1)
    items = [
        (
            f"Hold of {n}: the target breaks free",
            view.chance_words(maneuvers.hold_escape_chance(n, target_dice)),
        )
        for n in range(low, low + 3)
    ]
    return facts(items)


def maneuver_roll(values: CombatValues, call: Call[CombatValues]) -> list[Block]:
    move, check = _maneuver_check(values)
    if move.against == maneuvers.NO_ROLL:
        return maneuver_odds(values)
    result = maneuvers.resolve_maneuver(move, pool.roll_check(check, call.rng))
    roll = result.roll
    blocks: list[Block] = [
        dice(view.dice_label(move.name, check.dice, roll.total), view.marked_faces(roll.faces))
    ]
    if result.effect is None:
        blocks.append(
            outcome(f"FAILS: {view.success_count(roll.total)} against {check.difficulty}", "bad")
        )
    else:
        blocks.append(outcome(f"SUCCESS ({view.signed(roll.margin)})", "good"))
        blocks.append(line(result.effect))
        if move.key == "hold":
            escape = maneuvers.hold_escape_chance(roll.total, values.target_dice)
            blocks.append(
                line(
                    f"The target's {view.dice_count(values.target_dice)} break free: "
                    f"{view.chance_words(escape)}."
                )
            )
    return blocks + _maneuver_notes(move)
