"""The d10 game's rollers at the table: a pool from the actor's Attribute and
Ability (named in the form, since each character lists its own), and what a
roll does to the actor's Limit, Anima and the break, and a strike to the
target's Health.

Every change is made by the party's events (:mod:`.happenings`) and recorded
by :func:`rules_py.party.changes.diff`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_py.at_table import AtTable
from rules_py.core.errors import RulesInputError
from rules_py.dice_pool import powers
from rules_py.dice_pool.characters.happenings import (
    break_checked,
    gain_anima,
    gain_limit,
    health_max,
    hurt,
    spend_anima,
)
from rules_py.dice_pool.characters.records import PoolCharacter
from rules_py.party.changes import changes_json, diff
from rules_py.party.events import Outcome
from rules_py.widget import Block, JsonValue, line, note

__all__ = [
    "GAME",
    "NOT_EXALT_NOTE",
    "TRAIT_NAME_NOTE",
    "Step",
    "after_steps",
    "break_changes",
    "health_changes",
    "pool_fill",
    "rating_named",
    "roll_steps",
    "upkeep_changes",
    "upkeep_fill",
]

GAME = "dice_pool"
TRAIT_NAME_NOTE = (
    "The text names no list of Attributes or Abilities: a party member's pool is filled "
    "from the ones named here, as on their sheet."
)
NOT_EXALT_NOTE = "Limit and Anima are the Exalts': this roll changes nothing on a mortal's sheet."

# One thing a roll does to a member: the engine's event that does it.
Step = Callable[[PoolCharacter], Outcome]


def rating_named(member: PoolCharacter, name: str, kind: str) -> int | None:
    """The rating of the member's Attribute or Ability called ``name`` (any
    letter case), or None."""
    wanted = name.strip().lower()
    traits: tuple[Any, ...] = member.attributes if kind == "attribute" else member.abilities
    for trait in traits:
        if trait.name.strip().lower() == wanted and wanted:
            rating: int = trait.rating
            return rating
    return None


def pool_fill(
    table: AtTable, attribute_name: str, ability_name: str
) -> tuple[dict[str, JsonValue], dict[str, JsonValue]]:
    """The actor's Attribute and Ability by name, Essence, Limit and a Favored
    Ability (the named one if favored, else their first favored one)."""
    actor = table.of_game(GAME).actor
    values: dict[str, JsonValue] = {}
    origins: dict[str, JsonValue] = {}
    if actor is None:
        return values, origins
    whose = f"{actor.name}'s"
    for field, name in (("attribute", attribute_name), ("ability", ability_name)):
        rating = rating_named(actor, name, field)
        if rating is not None:
            values[field] = rating
            origins[field] = f"{whose} {name.strip()}"
    if actor.exalt:
        values["essence"] = actor.essence
        origins["essence"] = f"{whose} Essence"
        values["limit"] = actor.limit
        origins["limit"] = f"{whose} Limit"
        favored = [a for a in actor.abilities if a.favored]
        named = [a for a in favored if a.name.strip().lower() == ability_name.strip().lower()]
        if named or favored:
            chosen = (named or favored)[0]
            values["favored"] = chosen.rating
            origins["favored"] = f"{whose} {chosen.name} (Favored)"
    return values, origins


def after_steps(
    member: PoolCharacter, steps: list[Step], summary: str
) -> tuple[list[Block], list[JsonValue]]:
    """Each step's event in turn on ``member``; the lines and the changes."""
    if not steps:
        return [], []
    if not member.exalt:
        return [note(NOT_EXALT_NOTE)], []
    now = member
    blocks: list[Block] = []
    for step in steps:
        try:
            outcome = step(now)
        except RulesInputError as refused:
            blocks.append(line(f"{member.name}: {refused.message}"))
            continue
        now = outcome.after
        blocks.append(line(f"{member.name}: {outcome.summary}."))
        blocks += [line(text) for text in outcome.lines]
    if now == member:
        return blocks, []
    return blocks, changes_json(diff(member, now, summary))


def roll_steps(
    *, limit_gain: int, anima_dice: bool, rolled: int, build_power: bool = False
) -> list[Step]:
    """What a pool roll does: the Excellency's Limit, the Anima spent for dice,
    a critical roll's (or Build Power's) Anima."""
    steps: list[Step] = []
    if anima_dice:
        steps.append(lambda m: spend_anima(m, "dice", powers.ANIMA_DICE_COST))
    if limit_gain:
        steps.append(lambda m: gain_limit(m, limit_gain, "excellency"))
    if build_power:
        steps.append(lambda m: gain_anima(m, "build_power", rolled))
    elif powers.critical_anima(rolled):
        steps.append(lambda m: gain_anima(m, "critical", rolled))
    return steps


def break_changes(table: AtTable, check: powers.BreakCheck) -> tuple[list[Block], list[JsonValue]]:
    actor = table.of_game(GAME).actor
    if actor is None:
        return [], []
    return after_steps(actor, [lambda m: break_checked(m, check)], "A stressful situation")


def health_changes(table: AtTable, damage: int, why: str) -> tuple[list[Block], list[JsonValue]]:
    """A strike's damage on the target's Health (and an Exalt's Limit on defeat)."""
    target = table.of_game(GAME).target
    if target is None:
        return [], []
    outcome = hurt(target, damage, why)
    blocks = [line(f"{target.name}: {outcome.summary}."), *(line(t) for t in outcome.lines)]
    blocks += [note(text) for text in outcome.notes]
    return blocks, changes_json(diff(target, outcome.after, outcome.summary))


# ------------------------------------------------------------------ dice_pool.combat


def upkeep_fill(table: AtTable) -> tuple[dict[str, JsonValue], dict[str, JsonValue]]:
    """The actor's Health (and what is missing of it), motes and Anima."""
    actor = table.of_game(GAME).actor
    if actor is None:
        return {}, {}
    whose = f"{actor.name}'s"
    values: dict[str, JsonValue] = {
        "health": actor.health,
        "health_missing": health_max(actor) - actor.health,
        "motes_missing": actor.max_motes - actor.motes,
        "anima": actor.anima,
        "stunt_anima": actor.stunt_anima,
    }
    origins: dict[str, JsonValue] = {
        "health": f"{whose} Health",
        "health_missing": f"{whose} Health and max Health",
        "motes_missing": f"{whose} motes",
        "anima": f"{whose} Anima",
        "stunt_anima": f"{whose} Stunt/Roleplay anima",
    }
    return values, origins


def upkeep_changes(
    table: AtTable, typed: Mapping[str, int], happen: Callable[[PoolCharacter], Outcome]
) -> tuple[list[Block], list[JsonValue]]:
    """``happen`` (a rest, environmental damage) on the actor's sheet, when the
    form's numbers (``typed``, by the names :func:`upkeep_fill` gives) are the sheet's."""
    actor = table.of_game(GAME).actor
    if actor is None:
        return [], []
    sheet, _ = upkeep_fill(table)
    differ = [name for name, value in typed.items() if sheet[name] != value]
    if differ:
        return [
            line(f"The form is not {actor.name}'s sheet as it stands: this changes nobody.")
        ], []
    outcome = happen(actor)
    blocks = [line(f"{actor.name}: {outcome.summary}."), *(line(t) for t in outcome.lines)]
    return blocks, changes_json(diff(actor, outcome.after, outcome.summary))
