"""Huldufolk as a party game: its sheet, checks, what derives, its events and
the choices made where the text is silent."""

from __future__ import annotations

from rules_py.core.errors import RulesInputError
from rules_py.huldufolk.actors import Attack, check_base
from rules_py.huldufolk.cards import ACE, HIGHEST_CARD, Rank, check_card_value
from rules_py.huldufolk.challenges import DAMAGE_RULE, HEALTH_RULE
from rules_py.huldufolk.characters.happenings import (
    BURN_NOTE,
    HEAL_NOTE,
    PLAYS,
    actor_of,
    defend,
    end_combat,
    heal,
    initiative,
    lose_belief_rank,
    new_game,
    play,
    refresh,
    rest,
    restore_threshold,
    spend_belief,
    take_damage,
)
from rules_py.huldufolk.characters.records import HuldufolkActor
from rules_py.huldufolk.characters.sheet import BELIEF_TO_SPEND_NOTE, HULDUFOLK_SHEET
from rules_py.huldufolk.play.saved import DAMAGE_MAX
from rules_py.huldufolk.pools import MUNDANE_EQUIPMENT_MAX
from rules_py.huldufolk.powers import POWERS_RULE, refresh_effects, restore_effects
from rules_py.huldufolk.tables import belief_rank
from rules_py.party.events import Event
from rules_py.party.games import GameRules
from rules_py.widget import JsonValue, choice_field, int_field

__all__ = ["HULDUFOLK_RULES"]


def _check_cards(member: HuldufolkActor, rank: Rank) -> None:
    for field in ("cards", "set_aside"):
        cards: tuple[int, ...] = getattr(member, field)
        for index, card in enumerate(cards):
            check_card_value(card, rank, f"{field}.{index}")
        if list(cards) != sorted(cards):
            raise RulesInputError(field, "Cards are listed lowest first.")
    both = set(member.cards) & set(member.set_aside)
    if both:
        raise RulesInputError("set_aside", f"The {min(both)} cannot be both in hand and set aside.")


def _check(member: HuldufolkActor) -> None:
    rank = Rank(member.rank)
    _check_cards(member, rank)
    check_base("mundane_base", "Mundane threshold", member.mundane_base, rank)
    if actor_of(member).supernatural is not None:
        check_base("supernatural_base", "Supernatural threshold", member.supernatural_base, rank)
    elif member.supernatural_base or member.supernatural:
        raise RulesInputError(
            "supernatural_base",
            "A mundane Minor Actor has no supernatural threshold: it stays 0.",
        )
    for index, item in enumerate(member.equipment):
        if not item.name.strip():
            raise RulesInputError(f"equipment.{index}.name", f"Item {index + 1} has no name.")
        if not item.magical and item.bonus > MUNDANE_EQUIPMENT_MAX:
            raise RulesInputError(
                f"equipment.{index}.bonus",
                f"{item.name}: mundane equipment cannot offer more than "
                f"+{MUNDANE_EQUIPMENT_MAX} (got +{item.bonus}).",
            )
    for field in ("qualities", "affinities", "foci"):
        for index, word in enumerate(getattr(member, field)):
            if not word.strip():
                raise RulesInputError(f"{field}.{index}", f"Entry {index + 1} is blank.")


def _derive(member: HuldufolkActor) -> dict[str, JsonValue]:
    actor = actor_of(member)
    if member.belief:
        rank = belief_rank(member.belief)
        belief = (
            f"Rank {rank.rank} ({rank.title}): Personal Influence {rank.personal_influence_m} m, "
            f"Territorial Influence {rank.territorial_influence_km} km"
        )
    else:
        belief = "No Belief rating"
    return {
        "deck": actor.rank.deck_name,
        "spent": list(actor.hand.spent),
        "actions": "mundane and supernatural"
        if actor.has_supernatural_threshold
        else "mundane only",
        "belief_title": belief,
    }


_CARD = int_field("card", "Card", ACE, ACE, HIGHEST_CARD)
_ATTACK = choice_field("attack", "Attack", [(a.value, a.value.capitalize()) for a in Attack])

HULDUFOLK_RULES = GameRules(
    key="huldufolk",
    title="Huldufolk",
    sheet=HULDUFOLK_SHEET,
    record=HuldufolkActor,
    check=_check,
    derive=_derive,
    events=(
        Event(
            "play",
            "Play a card",
            (_CARD, choice_field("what", "In", PLAYS)),
            lambda member, values, rng: play(member, values["card"], values["what"]),
        ),
        Event(
            "defend",
            "Defend (a card, and the threshold drops)",
            (_CARD, _ATTACK),
            lambda member, values, rng: defend(member, values["card"], values["attack"]),
        ),
        Event(
            "damage",
            "Take damage",
            (int_field("damage", "Damage", 1, 1, DAMAGE_MAX),),
            lambda member, values, rng: take_damage(member, values["damage"]),
        ),
        Event(
            "heal",
            "Heal damage",
            (int_field("levels", "Levels healed", 1, 1, DAMAGE_MAX),),
            lambda member, values, rng: heal(member, values["levels"]),
        ),
        Event(
            "initiative",
            "Play a card for initiative",
            (_CARD,),
            lambda member, values, rng: initiative(member, values["card"]),
        ),
        Event("end_combat", "The combat ends", (), lambda member, values, rng: end_combat(member)),
        Event(
            "refresh",
            "Cards refreshed by a power",
            (
                choice_field("power", "Power", [(e.key, e.label) for e in refresh_effects()]),
                int_field("card", "The card (when it refreshes one)", 0, 0, HIGHEST_CARD),
            ),
            lambda member, values, rng: refresh(member, values["power"], values["card"] or None),
        ),
        Event(
            "restore",
            "A threshold restored by a power",
            (
                choice_field("power", "Power", [(e.key, e.label) for e in restore_effects()]),
                choice_field("threshold", "Threshold", [(a.value, a.value) for a in Attack]),
            ),
            lambda member, values, rng: restore_threshold(
                member, values["power"], values["threshold"]
            ),
        ),
        Event(
            "rest", "Rest ten minutes (thresholds)", (), lambda member, values, rng: rest(member)
        ),
        Event(
            "new_game",
            "A new game (a whole deck)",
            (),
            lambda member, values, rng: new_game(member),
        ),
        Event(
            "belief",
            "Spend or burn a Belief",
            (choice_field("how", "How", (("spend", "Spend"), ("burn", "Burn"))),),
            lambda member, values, rng: spend_belief(member, values["how"]),
        ),
        Event(
            "lose_rank",
            "Lose a Belief rating",
            (),
            lambda member, values, rng: lose_belief_rank(member),
        ),
    ),
    notes=(BELIEF_TO_SPEND_NOTE, BURN_NOTE, HEAL_NOTE, HEALTH_RULE, DAMAGE_RULE, POWERS_RULE),
)
