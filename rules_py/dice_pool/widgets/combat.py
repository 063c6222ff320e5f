"""Widget ``dice_pool.combat``: the order roll, maneuvers, armour, environmental
damage and rest (d10 dice pool)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rules_py.core.ranges import IntRange
from rules_py.dice_pool import combat, maneuvers, pool, powers
from rules_py.dice_pool.tables import Maneuver, ManeuverGrade, environmental_damage, mundane_armor
from rules_py.dice_pool.tables import maneuvers as maneuver_rows
from rules_py.dice_pool.widgets import view
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    Widget,
    choice_field,
    dice,
    facts,
    int_field,
    line,
    note,
    outcome,
    table,
)

__all__ = ["WIDGETS"]

ORDER, MANEUVER, ARMOR, ENVIRONMENT, REST = "order", "maneuver", "armor", "environment", "rest"
NIGHT, HOURS = "night", "hours"


# ------------------------------------------------------------------ order


def _order_odds(values: Mapping[str, Any]) -> list[Block]:
    check = combat.order_pool(values["wits"], values["awareness"])
    others, their_dice = values["others"], values["others_dice"]
    chance = combat.first_chance(check.dice, others, their_dice)
    blocks: list[Block] = [
        line(
            f"Order roll: Wits {values['wits']} + Awareness {values['awareness']} = "
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


def _order_roll(values: Mapping[str, Any], call: Call) -> list[Block]:
    check = combat.order_pool(values["wits"], values["awareness"])
    pools = (
        ("You", check.dice),
        *((f"Combatant {i + 1}", values["others_dice"]) for i in range(values["others"])),
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


# --------------------------------------------------------------- maneuvers


def _maneuver_check(values: Mapping[str, Any]) -> tuple[Maneuver, pool.Check]:
    move = maneuvers.maneuver(values["maneuver"])
    difficulty = maneuvers.maneuver_difficulty(move, values["defence"])
    check = pool.build_check(
        pool.trait_pool(values["attribute"], values["ability"]),
        difficulty,
        base_parts=pool.trait_parts(values["attribute"], values["ability"]),
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


def _maneuver_odds(values: Mapping[str, Any]) -> list[Block]:
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
        blocks.append(_hold_escape_facts(values["target_dice"], check))
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


def _maneuver_roll(values: Mapping[str, Any], call: Call) -> list[Block]:
    move, check = _maneuver_check(values)
    if move.against == maneuvers.NO_ROLL:
        return _maneuver_odds(values)
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
            escape = maneuvers.hold_escape_chance(roll.total, values["target_dice"])
            blocks.append(
                line(
                    f"The target's {view.dice_count(values['target_dice'])} break free: "
                    f"{view.chance_words(escape)}."
                )
            )
    return blocks + _maneuver_notes(move)


# ------------------------------------------------- armour, environment, rest


def _armor(values: Mapping[str, Any]) -> list[Block]:
    suit = combat.armor(values["armor"])
    worn = combat.armored(values["block"], values["evasion"], values["armor"])
    return [
        outcome(f"BLOCK {worn.block}, EVASION {worn.evasion}", "neutral"),
        facts(
            [
                ("Armour", suit.name),
                ("Block", f"{values['block']} {view.signed(suit.block)} = {worn.block}"),
                ("Evasion", f"{values['evasion']} {view.signed(suit.evasion)} = {worn.evasion}"),
            ]
        ),
        note(combat.ARMOR_FLOOR_RULE),
    ]


def _environment(values: Mapping[str, Any]) -> list[Block]:
    hurt = combat.environmental_hit(values["environment"], values["health"])
    blocks: list[Block] = [
        outcome(f"{hurt.damage} DAMAGE: Health {hurt.before} \u2192 {hurt.after}", "bad"),
    ]
    if hurt.defeated:
        blocks.append(
            line(
                f"At {powers.DEFEAT_HEALTH} Health or less the character starts to want to "
                f"surrender; an Exalt defeated gains {powers.DEFEAT_LIMIT} Limit."
            )
        )
    blocks.append(note(combat.ENVIRONMENT_RULE))
    return blocks


def _rest(values: Mapping[str, Any]) -> list[Block]:
    night = values["rest"] == NIGHT
    recovery = powers.full_night() if night else powers.hours_of_rest(values["hours"])
    after = powers.rest(
        recovery,
        health_missing=values["health_missing"],
        motes_missing=values["motes_missing"],
        anima=values["anima"],
        stunt_anima=values["stunt_anima"],
    )
    gained = (
        f"a full night: up to {recovery.health} Health, all motes"
        if recovery.motes is None
        else f"{values['hours']} hours: up to {recovery.health} Health, {recovery.motes} motes"
    )
    return [
        outcome(f"+{after.health} HEALTH, +{after.motes} MOTES", "good"),
        line(f"Rest for {gained}."),
        facts(
            [
                ("Health still missing", str(after.health_missing)),
                ("Motes still missing", str(after.motes_missing)),
                ("Accumulated anima", f"{values['anima']} \u2192 {after.anima}"),
                ("Stunt/Roleplay anima", f"{after.stunt_anima} (does not dissipate)"),
            ]
        ),
        note(powers.REST_RULE),
    ]


def handle(call: Call) -> dict[str, Any]:
    values = call.values
    mode = values["mode"]
    if mode == ORDER:
        view_blocks = _order_odds(values) if call.action == "odds" else _order_roll(values, call)
    elif mode == MANEUVER:
        view_blocks = (
            _maneuver_odds(values) if call.action == "odds" else _maneuver_roll(values, call)
        )
    else:
        view_blocks = {ARMOR: _armor, ENVIRONMENT: _environment, REST: _rest}[mode](values)
    return {"view": view_blocks}


# ------------------------------------------------------------------ the form


def _modes(*modes: str) -> dict[str, tuple[str, ...]]:
    return {"mode": modes}


def _fields() -> tuple[Field, ...]:
    return (
        choice_field(
            "mode",
            "Combat",
            [
                (ORDER, "Order roll (Wits + Awareness)"),
                (MANEUVER, "Maneuver"),
                (ARMOR, "Armour on Block and Evasion"),
                (ENVIRONMENT, "Environmental damage"),
                (REST, "Rest"),
            ],
        ),
        int_field("wits", "Wits", 2, 0, pool.MAX_TRAIT, shown_when=_modes(ORDER)),
        int_field("awareness", "Awareness", 2, 0, pool.MAX_TRAIT, shown_when=_modes(ORDER)),
        int_field(
            "others",
            "Other combatants",
            3,
            0,
            combat.MAX_COMBATANTS - 1,
            shown_when=_modes(ORDER),
        ),
        int_field(
            "others_dice",
            "Their Wits + Awareness dice",
            4,
            0,
            2 * pool.MAX_TRAIT,
            shown_when=_modes(ORDER),
        ),
        choice_field(
            "maneuver",
            "Maneuver",
            [(m.key, f"{m.name} ({m.difficulty_text})") for m in maneuver_rows()],
            shown_when=_modes(MANEUVER),
        ),
        int_field("attribute", "Attribute", 3, 0, pool.MAX_TRAIT, shown_when=_modes(MANEUVER)),
        int_field("ability", "Ability", 2, 0, pool.MAX_TRAIT, shown_when=_modes(MANEUVER)),
        int_field(
            "defence",
            "Difficulty: the target's Block, Evasion or Resolve",
            2,
            0,
            pool.MAX_DIFFICULTY,
            help="Or the Storyteller's difficulty for (Varies) and Based on Scenery.",
            shown_when={
                "mode": (MANEUVER,),
                "maneuver": tuple(
                    m.key
                    for m in maneuver_rows()
                    if m.against not in (maneuvers.LADDER, maneuvers.NO_ROLL)
                ),
            },
        ),
        int_field(
            "target_dice",
            "Target's dice to break free",
            4,
            0,
            pool.MAX_DIFFICULTY,
            shown_when={"mode": (MANEUVER,), "maneuver": ("hold",)},
        ),
        int_field("block", "Block", 2, 0, combat.MAX_DV, shown_when=_modes(ARMOR)),
        int_field("evasion", "Evasion", 2, 0, combat.MAX_DV, shown_when=_modes(ARMOR)),
        choice_field(
            "armor",
            "Mundane armour",
            [
                (
                    a.key,
                    f"{a.name} (Block {view.signed(a.block)}, Evasion {view.signed(a.evasion)})",
                )
                for a in mundane_armor()
            ],
            shown_when=_modes(ARMOR),
        ),
        choice_field(
            "environment",
            "Environmental damage",
            [(e.name, f"{e.name} ({e.damage})") for e in environmental_damage()],
            shown_when=_modes(ENVIRONMENT),
        ),
        choice_field(
            "rest",
            "Rest",
            [
                (NIGHT, f"A full night ({powers.NIGHT_HEALTH} Health, all motes)"),
                (
                    HOURS,
                    f"By the hour ({powers.HOURLY_HEALTH} Health, {powers.HOURLY_MOTES} mote each)",
                ),
            ],
            shown_when=_modes(REST),
        ),
        int_field(
            "hours",
            "Hours of rest",
            1,
            0,
            powers.MAX_REST_HOURS,
            shown_when={"mode": (REST,), "rest": (HOURS,)},
        ),
        int_field("health", "Health", 10, 0, combat.MAX_HEALTH, shown_when=_modes(ENVIRONMENT)),
        int_field(
            "health_missing",
            "Health lost (below the maximum)",
            10,
            0,
            powers.MAX_POOL,
            shown_when=_modes(REST),
        ),
        int_field(
            "motes_missing",
            "Motes spent (below the maximum)",
            5,
            0,
            powers.MAX_POOL,
            shown_when=_modes(REST),
        ),
        int_field("anima", "Accumulated anima", 0, 0, powers.MAX_POOL, shown_when=_modes(REST)),
        int_field(
            "stunt_anima", "Stunt/Roleplay anima", 0, 0, powers.MAX_POOL, shown_when=_modes(REST)
        ),
    )


WIDGETS = (
    Widget(
        name="dice_pool.combat",
        title="Combat helper",
        summary=(
            "The (Wits + Awareness) order roll, maneuvers and their graded effects, armour, "
            "environmental damage and rest."
        ),
        hand_roll=(
            "Order: everyone rolls (Wits + Awareness) d10s; the most successes acts first. "
            "Maneuver: roll (Attribute + Ability) against the maneuver's difficulty and read "
            "the Sample Maneuver Effects table. Armour adds its Block and Evasion; "
            "environmental damage is Light 3, Medium 5, Heavy 7, Oppressive 9; a full night "
            "of rest gives 15 Health and all motes, an hour 2 Health and 1 mote."
        ),
        fields=_fields(),
        actions=(Action("roll", "Roll"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
    ),
)
