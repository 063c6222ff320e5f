"""The fighters of ``huldufolk.melee``: a new fight from the form, the saved
one, and the party's members in the hero's and the first foe's places."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_py.at_table import AtTable
from rules_py.huldufolk.actors import Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.characters.at_play import engine_actor, member_after
from rules_py.huldufolk.melee import HERO, Fighter, Melee, fighter_keys, melee_from_json
from rules_py.huldufolk.play import SavedTableError
from rules_py.huldufolk.widgets.melee.form import NOBODY, MeleeValues, Setup

__all__ = ["FIRST_FOE", "index_of", "load", "members_after", "new_fight", "seat_party"]

FIRST_FOE = 1


def _fighter(setup: Setup, name: str, prefix: str) -> Fighter:
    actor = new_actor(
        name, Rank(setup.rank), Nature(setup.nature), setup.mundane, setup.supernatural, prefix
    )
    return Fighter(
        actor,
        attack=setup.attack,
        defence=setup.defence,
        belief=setup.belief,
        belief_to_spend=setup.belief_to_spend,
    )


def new_fight(values: MeleeValues) -> Melee:
    hero = _fighter(values.hero, values.hero.name, "hero_")
    stem = values.foe.name.strip() or "Foe"
    foes = tuple(
        _fighter(values.foe, f"{stem[:27]} {n}", "foe_") for n in range(1, values.foes + 1)
    )
    names = ", ".join(f.name for f in foes)
    return Melee((hero, *foes), log=(f"A new fight: {hero.name} against {names}.",))


def load(state: object, values: MeleeValues) -> tuple[Melee, str]:
    if state is None:
        return new_fight(values), ""
    try:
        return melee_from_json(state), ""
    except SavedTableError as error:
        return new_fight(values), f"The saved fight could not be used ({error}), so it starts anew."


def _seat(fighter: Fighter, member: Any) -> Fighter:
    return replace(
        fighter,
        actor=engine_actor(member),
        damage=member.damage,
        belief=member.belief,
        belief_to_spend=member.belief_to_spend,
    )


def seat_party(melee: Melee, table: AtTable) -> Melee:
    """The acting member in the hero's place, the target in the first foe's:
    their cards, thresholds, damage and Belief are the party's."""
    if table.actor is not None:
        melee = melee.with_fighter(HERO, _seat(melee.fighters[HERO], table.actor))
    if table.target is not None:
        melee = melee.with_fighter(FIRST_FOE, _seat(melee.fighters[FIRST_FOE], table.target))
    return melee


def members_after(melee: Melee, table: AtTable) -> list[tuple[Any, Any]]:
    """(before, after) for each seated member."""
    pairs: list[tuple[Any, Any]] = []
    for index, member in ((HERO, table.actor), (FIRST_FOE, table.target)):
        if member is not None:
            fighter = melee.fighters[index]
            after = member_after(member, fighter.actor, fighter.damage, fighter.belief_to_spend)
            pairs.append((member, after))
    return pairs


def index_of(key: str, melee: Melee, field: str) -> int:
    """A fighter's place from the form's key ("hero", "foe2"); refused past the fight's size."""
    from rules_py.core.errors import RulesInputError

    index = fighter_keys().index(key) if key != NOBODY else -1
    if not 0 <= index < len(melee.fighters):
        raise RulesInputError(
            field,
            f"This fight has the hero and {len(melee.fighters) - 1} foes: choose one of them.",
        )
    return index
