"""The order roll of ``dice_pool.combat``: (Wits + Awareness) for everyone, highest first."""

from __future__ import annotations

from typing import Literal

from rules_py.dice_pool import combat
from rules_py.dice_pool.widgets import view
from rules_py.dice_pool.widgets.combat.form import CombatValues
from rules_py.widget import Block, Call, dice, facts, line, note, outcome, table

__all__ = ["order_odds", "order_roll"]


def order_odds(values: CombatValues) -> list[Block]:
    check = combat.order_pool(values.wits, values.awareness)
    others, their_dice = values.others, values.others_dice
    chance = combat.first_chance(check.dice, others, their_dice)
    blocks: list[Block] = [
        line(
            f"Order roll: Wits {values.wits} + Awareness {values.awareness} = "
            f"{view.dice_count(check.dice)}, against {others} other "
            f"{'combatant' if others == 1 else 'combatants'} with "
            f"{view.dice_count(their_dice)} each."
        ),
        facts(
            [
                ("Highest alone: you act first", view.chance_words(chance.alone)),
                ("Tied for highest", view.chance_words(chance.tied)),
                ("Someone else rolls higher", view.chance_words(1 - chance.at_top)),
            ]
        ),
        line("After the first, the Storyteller alternates between teams, choosing who acts."),
        note(combat.ORDER_TIE_RULE),
    ]
    return blocks


def order_roll(values: CombatValues, call: Call[CombatValues]) -> list[Block]:
    check = combat.order_pool(values.wits, values.awareness)
    pools = (
        ("You", check.dice),
        *((f"Combatant {i + 1}", values.others_dice) for i in range(values.others)),
    )
    order = combat.roll_order(pools, call.rng)
    blocks: list[Block] = [
        dice(view.dice_label(r.name, len(r.faces), r.successes), view.marked_faces(r.faces))
        for r in order.rolls
    ]
    first = order.first
    if len(first) == 1:
        who = first[0].name
        blocks.append(
            outcome(f"{who.upper()} ACT{'' if who == 'You' else 'S'} FIRST", _tone(first))
        )
    else:
        names = ", ".join(r.name for r in first)
        blocks.append(outcome(f"TIE FOR FIRST: {names}", "neutral"))
        blocks.append(note(combat.ORDER_TIE_RULE))
    blocks.append(
        table(
            "Order roll, highest first",
            ["Combatant", "Successes"],
            [(r.name, str(r.successes)) for r in order.rolls],
        )
    )
    blocks.append(
        line("After the first, the Storyteller alternates between teams, choosing who acts.")
    )
    return blocks


def _tone(first: tuple[combat.OrderRoll, ...]) -> Literal["good", "bad"]:
    return "good" if first[0].name == "You" else "bad"
