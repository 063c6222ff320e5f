"""The d10 dice-pool game as a party game: its sheet, checks, what derives,
its events and the choices made where the text is silent."""

from __future__ import annotations

from rules_py.core.errors import RulesInputError
from rules_py.dice_pool import combat, powers
from rules_py.dice_pool.characters.happenings import (
    ANIMA_SOURCES,
    ANIMA_SPEND_NOTE,
    ANIMA_SPENDS,
    BREAK_NOTE,
    DEFEAT_NOTE,
    LIMIT_REASONS,
    end_break,
    gain_anima,
    gain_limit,
    health_max,
    hurt,
    rest_hours,
    rest_night,
    spend_anima,
    spend_motes,
    stressful,
)
from rules_py.dice_pool.characters.records import PoolCharacter
from rules_py.dice_pool.characters.sheet import DICE_POOL_SHEET, TRAITS_NOTE
from rules_py.dice_pool.tables import environmental_damage
from rules_py.party.events import Event
from rules_py.party.games import GameRules
from rules_py.widget import JsonValue, chance_text, choice_field, int_field

__all__ = ["DICE_POOL_RULES", "DV_NOTE"]

DV_NOTE = "The text does not say how DV is found: it is entered, beside Block, Evasion and Resolve."
_MAX_DAMAGE = 1000  # more than any strike deals


def _check(member: PoolCharacter) -> None:
    for field in ("attributes", "abilities", "merits"):
        for index, trait in enumerate(getattr(member, field)):
            if not trait.name.strip():
                raise RulesInputError(f"{field}.{index}.name", f"Entry {index + 1} has no name.")
    top = health_max(member)
    if member.health > top:
        raise RulesInputError("health", f"Health cannot be more than {top} (got {member.health}).")


def _derive(member: PoolCharacter) -> dict[str, JsonValue]:
    worn = combat.armored(member.block, member.evasion, member.armor)
    bonus = combat.group_bonus(member.magnitude)
    return {
        "health_max": health_max(member),
        "defeated": member.health <= powers.DEFEAT_HEALTH,
        "block_worn": worn.block,
        "evasion_worn": worn.evasion,
        "group": (
            f"+{bonus.damage} Damage, +{bonus.accuracy} Accuracy, +{bonus.dice} dice"
            if bonus.magnitude
            else "none"
        ),
        "break_chance": chance_text(powers.break_chance(member.limit), powers.LIMIT_CHECK_DIE),
        "strife_damage": combat.strife_base_damage(member.essence),
    }


DICE_POOL_RULES = GameRules(
    key="dice_pool",
    title="d10 dice pool",
    sheet=DICE_POOL_SHEET,
    record=PoolCharacter,
    check=_check,
    derive=_derive,
    events=(
        Event(
            "damage",
            "Take damage",
            (int_field("damage", "Damage", 1, 0, _MAX_DAMAGE),),
            lambda member, values, rng: hurt(member, values["damage"], "A strike"),
        ),
        Event(
            "environment",
            "Environmental damage",
            (
                choice_field(
                    "environment",
                    "Environment",
                    [(row.name, f"{row.name} ({row.damage})") for row in environmental_damage()],
                ),
            ),
            lambda member, values, rng: hurt(
                member,
                combat.environmental(values["environment"]).damage,
                f"{values['environment']} environmental damage",
            ),
        ),
        Event(
            "limit",
            "Gain Limit",
            (
                choice_field("reason", "Why", LIMIT_REASONS),
                int_field("amount", "Limit gained", 1, 1, powers.LIMIT_BREAK),
            ),
            lambda member, values, rng: gain_limit(member, values["amount"], values["reason"]),
        ),
        Event(
            "stressful",
            "A stressful situation (break check)",
            (),
            lambda member, values, rng: stressful(member, rng),
            random=True,
        ),
        Event("break_over", "The break is over", (), lambda member, values, rng: end_break(member)),
        Event(
            "anima",
            "Gain Anima",
            (
                choice_field("source", "From", ANIMA_SOURCES),
                int_field("successes", "Successes rolled", 0, 0, 100),
            ),
            lambda member, values, rng: gain_anima(member, values["source"], values["successes"]),
        ),
        Event(
            "spend_anima",
            "Spend Anima",
            (
                choice_field("purpose", "On", ANIMA_SPENDS),
                int_field("amount", "Anima (in place of motes, or other)", 1, 1, powers.MAX_POOL),
            ),
            lambda member, values, rng: spend_anima(member, values["purpose"], values["amount"]),
        ),
        Event(
            "spend_motes",
            "Spend motes",
            (int_field("amount", "Motes", 1, 1, powers.MAX_POOL),),
            lambda member, values, rng: spend_motes(member, values["amount"]),
        ),
        Event("night", "A full night's rest", (), lambda member, values, rng: rest_night(member)),
        Event(
            "hours",
            "Rest by the hour",
            (int_field("hours", "Hours", 1, 1, powers.MAX_REST_HOURS),),
            lambda member, values, rng: rest_hours(member, values["hours"]),
        ),
    ),
    notes=(TRAITS_NOTE, DV_NOTE, DEFEAT_NOTE, BREAK_NOTE, ANIMA_SPEND_NOTE),
)
