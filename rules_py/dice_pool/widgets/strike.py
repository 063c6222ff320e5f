"""Widget ``dice_pool.strike``: the decisive strike, (Roll - DV) + Base Damage (d10 dice pool)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_py.at_table import AtTable
from rules_py.dice_pool import combat, pool
from rules_py.dice_pool.characters.at_rolls import (
    GAME,
    TRAIT_NAME_NOTE,
    health_changes,
    pool_fill,
)
from rules_py.dice_pool.tables import group_magnitudes
from rules_py.dice_pool.widgets import view
from rules_py.widget import (
    Action,
    Block,
    Call,
    Field,
    FormValues,
    JsonValue,
    Widget,
    bool_field,
    chart,
    choice_field,
    dice,
    facts,
    int_field,
    line,
    note,
    outcome,
)

__all__ = ["WIDGETS"]


@dataclass(frozen=True)
class StrikeValues(FormValues):
    attribute: int
    ability: int
    accuracy: int
    base_damage: int
    dv: int
    modifier: str
    modifier_on: str
    strife: bool
    essence: int
    magnitude: str
    attribute_name: str
    ability_name: str


def _profile(values: StrikeValues) -> combat.StrikeProfile:
    return combat.strike_profile(
        values.accuracy,
        values.base_damage,
        strife_essence=values.essence if values.strife else None,
        magnitude=int(values.magnitude),
    )


def _check(values: StrikeValues, profile: combat.StrikeProfile) -> pool.Check:
    return combat.strike_check(
        values.attribute,
        values.ability,
        profile,
        values.dv,
        pool.named_modifiers(values.modifier, values.modifier_on),
    )


def _explain(check: pool.Check, profile: combat.StrikeProfile) -> list[Block]:
    blocks = [
        line(f"Pool: {view.sum_text(check.dice_parts)} = {view.dice_count(check.dice)}."),
        line(
            f"DV: {view.sum_text(check.difficulty_parts).replace('Difficulty', 'DV', 1)} "
            f"= {check.difficulty}."
            if len(check.difficulty_parts) > 1
            else f"DV: {check.difficulty}."
        ),
        line(_base_damage_text(profile)),
    ]
    if check.dice_floored or check.difficulty_floored:
        blocks.append(note(pool.FLOOR_RULE))
    return blocks


def _base_damage_text(profile: combat.StrikeProfile) -> str:
    parts = profile.base_damage_parts
    if len(parts) == 1 and parts[0][0] == "Base Damage":
        return f"Base Damage: {profile.base_damage}."
    if len(parts) == 1:
        return f"Base Damage: {parts[0][0]} = {profile.base_damage}."
    return f"Base Damage: {view.sum_text(parts)} = {profile.base_damage}."


def _odds(values: StrikeValues) -> list[Block]:
    profile = _profile(values)
    check = _check(values, profile)
    damage = combat.damage_distribution(check, profile.base_damage, pool.NO_EXTRAS)
    hit = combat.hit_chance(check, pool.NO_EXTRAS)
    # Damage of the hits alone, so a hit for 0 never hides inside the misses.
    hits = combat.hit_damages(check, profile.base_damage)
    labelled = [("Miss", 1 - hit)] if hit < 1 else []
    labelled += [(label, chance) for label, chance, _, _ in view.chart_bars(hits)] if hits else []
    block = chart(
        "Damage: exact chances",
        labelled,
        mean=damage.mean(),
        summary=f"Damage of the strike; a miss deals none. Hit: {view.chance_words(hit)}.",
    )
    blocks: list[Block] = [
        line(f"Chance to hit DV {check.difficulty}: {view.chance_words(hit)}."),
        *_explain(check, profile),
        view.readable(block, [chance for _, chance in labelled]),
    ]
    blocks.extend(_group_lines(values))
    blocks.append(note(combat.WEAPON_NOTE))
    return blocks


def _group_lines(values: StrikeValues) -> list[Block]:
    magnitude = int(values.magnitude)
    if not magnitude:
        return []
    bonus = combat.group_bonus(magnitude)
    return [
        facts(
            [
                ("Group Magnitude", str(magnitude)),
                ("Extra Health", f"+{bonus.health}"),
                ("Extra Damage", f"+{bonus.damage}"),
                ("Extra Accuracy and dice", f"+{bonus.accuracy} and +{bonus.dice}"),
            ]
        ),
        note(combat.GROUP_ATTACK_RULE),
    ]


def _roll(values: StrikeValues, call: Call[StrikeValues]) -> tuple[list[Block], list[JsonValue]]:
    profile = _profile(values)
    check = _check(values, profile)
    result = combat.strike(pool.roll_check(check, call.rng), profile.base_damage)
    rolled = result.roll.rolled
    blocks: list[Block] = [
        dice(
            view.dice_label("Attack", check.dice, rolled),
            view.marked_faces(result.roll.faces),
        )
    ]
    if result.hit:
        blocks.append(outcome(f"HIT: {result.damage} damage", "good"))
        blocks.append(
            line(
                f"({rolled} successes \u2212 DV {check.difficulty}) + Base Damage "
                f"{profile.base_damage} = {result.damage}."
            )
        )
    else:
        blocks.append(outcome("MISS", "bad"))
        blocks.append(line(f"{view.success_count(rolled)} does not match DV {check.difficulty}."))
    blocks.extend(_explain(check, profile))
    if not result.hit:
        return blocks, []
    party, changes = health_changes(call.table, result.damage, "A decisive strike")
    return blocks + party, changes


def handle(call: Call[StrikeValues]) -> dict[str, Any]:
    if call.action == "odds":
        return {"view": _odds(call.values)}
    view_blocks, changes = _roll(call.values, call)
    return {"view": view_blocks, "changes": changes} if changes else {"view": view_blocks}


def fill(table: AtTable) -> Mapping[str, Mapping[str, JsonValue]]:
    """The attacker's pool by the names in the form, weapon, Essence and
    Magnitude; the target's DV."""
    form = table.form
    filled, origins = pool_fill(table, form["attribute_name"], form["ability_name"])
    filled = {k: v for k, v in filled.items() if k in ("attribute", "ability", "essence")}
    origins = {k: v for k, v in origins.items() if k in filled}
    actor, target = table.of_game(GAME).actor, table.of_game(GAME).target
    if actor is not None:
        for name in ("accuracy", "base_damage"):
            filled[name] = getattr(actor, name)
            origins[name] = f"{actor.name}'s {actor.weapon or 'weapon'}"
        filled["magnitude"] = str(actor.magnitude)
        origins["magnitude"] = f"{actor.name}'s Magnitude"
    if target is not None:
        filled["dv"] = target.dv
        origins["dv"] = f"{target.name}'s DV"
    return {"values": filled, "from": origins}


def _magnitude_choices() -> list[tuple[str, str]]:
    choices = []
    for group in group_magnitudes():
        size = "one character" if not group.magnitude else f"{group.population:,}"
        choices.append((str(group.magnitude), f"{group.magnitude}: {group.common_name} ({size})"))
    return choices


def _fields() -> tuple[Field, ...]:
    return (
        int_field("attribute", "Attribute", 3, 0, pool.MAX_TRAIT),
        int_field("ability", "Ability", 3, 0, pool.MAX_TRAIT),
        int_field("accuracy", "Weapon Accuracy", 1, 0, combat.MAX_ACCURACY),
        int_field(
            "base_damage",
            "Base Damage",
            3,
            0,
            combat.MAX_BASE_DAMAGE,
            shown_when={"strife": ("false",)},
        ),
        int_field("dv", "Target's DV", 2, 0, combat.MAX_DV, help="Defence Value: the difficulty."),
        choice_field(
            "modifier",
            "Advantage",
            list(pool.modifier_choices()),
            advanced=True,
        ),
        choice_field(
            "modifier_on",
            "Applied to",
            [(target.value, pool.target_label(target.value, "DV")) for target in pool.Target],
            shown_when={
                "modifier": tuple(k for k, _ in pool.modifier_choices() if k != pool.NO_MODIFIER)
            },
            advanced=True,
        ),
        bool_field(
            "strife",
            f"Strife strike: +{combat.STRIFE_ACCURACY} Accuracy, Base Damage "
            f"{combat.STRIFE_DAMAGE_BASE} + Essence \u00d7 {combat.STRIFE_DAMAGE_PER_ESSENCE}",
            advanced=True,
        ),
        int_field(
            "essence",
            "Essence",
            1,
            1,
            pool.MAX_TRAIT,
            shown_when={"strife": ("true",)},
            advanced=True,
        ),
        choice_field(
            "magnitude",
            "Group Magnitude (minor characters)",
            _magnitude_choices(),
            help=(
                f"A group adds +{combat.GROUP_DAMAGE_PER_MAGNITUDE} Damage, "
                f"+{combat.GROUP_ACCURACY_PER_MAGNITUDE} Accuracy and "
                f"+{combat.GROUP_DICE_PER_MAGNITUDE} die per Magnitude."
            ),
            advanced=True,
        ),
        Field(
            "attribute_name",
            "Attribute's name",
            "text",
            "",
            max_length=40,
            help=f"Dexterity, Strength...: a party member's rating is filled in. {TRAIT_NAME_NOTE}",
        ),
        Field(
            "ability_name",
            "Ability's name",
            "text",
            "",
            max_length=40,
            help="Melee, Archery...: a party member's rating is filled in.",
        ),
    )


WIDGETS = (
    Widget(
        name="dice_pool.strike",
        title="Decisive strike",
        summary=f"Attack with (Attribute + Ability + Weapon Accuracy) d{pool.DIE}s against DV.",
        hand_roll=(
            f"Roll (Attribute + Ability + Weapon Accuracy) d{pool.DIE}s: {view.single_span()} is "
            f"one success, {view.double_face()} is two. Matching or exceeding the DV hits for "
            "(successes - DV) + Base Damage."
        ),
        fields=_fields(),
        values=StrikeValues,
        actions=(Action("roll", "Strike"), Action("odds", "Odds", auto=True, random=False)),
        handler=handle,
        fill=fill,
    ),
)
