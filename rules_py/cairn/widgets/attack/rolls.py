"""A roll of ``cairn.attack``: every die, the one kept, and what the damage does."""

from __future__ import annotations

from typing import Any

from rules_py.at_table import AtTable
from rules_py.cairn import attack, harm
from rules_py.cairn.characters.at_rolls import effort_changes, member_changes, outcome_blocks
from rules_py.cairn.characters.hits import harm_member
from rules_py.cairn.saves import EFFORT_HARM_DIE, EFFORT_HARM_GOES
from rules_py.cairn.scars import ScarResult
from rules_py.cairn.widgets.attack.form import AttackValues
from rules_py.cairn.widgets.attack.party import harm_kind, sheet_target
from rules_py.cairn.widgets.attack.reading import attack_spec, target_of
from rules_py.core.rng import Rng
from rules_py.widget import Block, JsonValue, chance_text, dice, die_face, line, note, outcome

__all__ = ["roll_view"]


def _damage_dice(plan: attack.AttackPlan, rolled: attack.DamageRoll) -> Block:
    faces = []
    kept_index = rolled.kept_index
    for index, (face, sides) in enumerate(zip(rolled.faces, plan.dice, strict=True)):
        tags: list[str] = []
        if not attack.hits(face, plan):
            tags.append("failure")
        if len(plan.dice) > 1 or tags:
            tags.append("kept" if index == kept_index else "dropped")
        faces.append(die_face(face, sides, *tags))
    return dice("Damage dice", faces)


def _damage_line(plan: attack.AttackPlan, rolled: attack.DamageRoll, chance: str) -> str:
    if rolled.missed:
        return f"Every die rolled over the ability ({plan.hit_limit}): the attack misses."
    return (
        f"Kept {rolled.kept} \u2212 armour {rolled.armor} = {rolled.damage} damage "
        f"(a chance of {chance} for this damage)."
    )


def _scar_blocks(scar: ScarResult) -> list[Block]:
    blocks: list[Block] = [line(f"Scar {scar.scar.total}, {scar.scar.name}: {scar.scar.text}")]
    for sub in scar.rolls:
        blocks.append(dice(sub.label, [die_face(face, sub.sides) for face in sub.dice]))
        blocks.append(line(sub.result))
    return blocks


def _one_target(
    plan: attack.AttackPlan,
    armor: int,
    target: harm.Target,
    rng: Rng,
    label: str,
    notes: list[str],
    sheet: Any = None,
    values: AttackValues | None = None,
    changes: list[JsonValue] | None = None,
) -> list[Block]:
    """One target's damage and what it does; with ``sheet`` (the party's
    target, described by the form as it stands), resolved on that sheet, whose
    changes go to ``changes``."""
    rolled = attack.roll_damage(plan, armor, rng)
    chance = chance_text(attack.damage_dist(plan, armor)[rolled.damage])
    blocks: list[Block] = []
    if label:
        blocks.append(line(label))
    blocks += [_damage_dice(plan, rolled), line(_damage_line(plan, rolled, chance))]
    if sheet is not None and values is not None and changes is not None:
        goes_to = values.goes_to if values.rules == "cairn" else harm.HP_TO
        found, after = harm_member(
            sheet, rolled.damage, rng, goes_to=goes_to, harm_kind=harm_kind(values)
        )
        changes += member_changes(sheet, after)
        if found is None:  # harmed again while out of combat
            return [*blocks, outcome("Dies", "bad"), *outcome_blocks(sheet, after)]
        result = found
        notes += after.notes
    else:
        result = harm.apply_harm(target, rolled.damage, rng)
    tone = result.tone
    blocks.append(outcome(result.headline or "Hit", tone))
    blocks += [line(text) for text in result.lines]
    if result.scar is not None:
        blocks += _scar_blocks(result.scar)
    notes += result.notes
    return blocks


def roll_view(
    values: AttackValues, rng: Rng, table: AtTable | None = None
) -> tuple[list[Block], list[JsonValue]]:
    """The roll's view, and the changes it makes to the party's actor and target."""
    table = table or AtTable()
    plan = attack.plan_attack(attack_spec(values))
    target = target_of(values)
    armor = harm.armor_against(target, values.armor)
    sheet, why_not = sheet_target(values, table)
    blocks: list[Block] = []
    changes: list[JsonValue] = []
    notes: list[str] = list(plan.notes)
    if plan.effort:
        taken = attack.roll_effort_harm(rng)
        blocks.append(
            dice(f"Effort harm (1d{EFFORT_HARM_DIE})", [die_face(taken, EFFORT_HARM_DIE)])
        )
        blocks.append(line(f"The attacker takes {taken} harm ({EFFORT_HARM_GOES})."))
        effort_view, effort_made = effort_changes(table, values.rules, taken, rng)
        blocks += effort_view
        changes += effort_made
    hit = attack.blast_targets(plan, values.targets, values.roll_targets, rng)
    count = hit.count
    if hit.rolled is not None:
        blocks.append(dice(f"Targets (d{plan.dice[0]})", [die_face(hit.rolled, plan.dice[0])]))
        blocks.append(line(f"The blast catches {count} target{'s' if count != 1 else ''}."))
    for index in range(count):
        label = f"Target {index + 1}" if count > 1 else ""
        if index == 0 and sheet is not None:
            label = f"Target 1, {sheet.name}" if count > 1 else ""
            blocks += _one_target(plan, armor, target, rng, label, notes, sheet, values, changes)
        else:
            blocks += _one_target(plan, armor, target, rng, label, notes)
    if why_not:
        blocks.append(line(why_not))
    if count > 1:
        notes.append(attack.BLAST_TARGETS_NOTE)
    seen: list[str] = []
    for text in notes:
        if text not in seen:
            seen.append(text)
    blocks += [note(text) for text in seen]
    return blocks, changes
