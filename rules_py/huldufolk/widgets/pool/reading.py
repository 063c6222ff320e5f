"""From the form and the saved state of ``huldufolk.pool`` to the engine's actors,
pools and table."""

from __future__ import annotations

from collections.abc import Mapping

from rules_py.huldufolk.actors import Actor, Nature, new_actor
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.play import SIDES, SavedTableError, SideKey, Table, fresh_table, from_json
from rules_py.huldufolk.pools import ActionPool, DefencePool, action_pool, defence_pool
from rules_py.huldufolk.widgets.pool.form import PoolValues

__all__ = ["actor_specs", "gear_of", "load", "pool_of"]


def actor_specs(values: PoolValues) -> dict[SideKey, Actor]:
    specs: dict[SideKey, Actor] = {}
    for key in SIDES:
        side = values.side(key)
        specs[key] = new_actor(
            side.name,
            Rank(side.rank),
            Nature(side.nature),
            side.mundane,
            side.supernatural,
            prefix=f"{key}_",
        )
    return specs


def pool_of(values: PoolValues, key: SideKey) -> ActionPool:
    # Hidden counts do not count: they apply only while their check box is on.
    side, afar = values.side(key), values.afar
    return action_pool(
        quality=side.quality,
        focus=side.focus,
        equipment=side.equipment,
        magical=side.magical,
        assistants_affinity=side.assist,
        assistants_focus=side.assist_focus,
        supernatural=side.bonus,
        afar_no_affinity=side.afar_none if afar else 0,
        afar_affinity=side.afar_affinity if afar else 0,
        afar_focus=side.afar_focus if afar else 0,
        prefix=f"{key}_",
    )


def gear_of(values: PoolValues, key: SideKey) -> DefencePool:
    side = values.side(key)
    return defence_pool(
        quality=side.def_quality,
        equipment=side.def_equipment,
        supernatural=side.def_bonus,
        prefix=f"{key}_",
    )


def load(state: object, specs: Mapping[SideKey, Actor]) -> tuple[Table, str]:
    """The table in play, or a fresh one (with a notice when a saved one failed)."""
    if state is None:
        return fresh_table(specs["a"], specs["b"]), ""
    names = {key: specs[key].name for key in SIDES}
    try:
        return from_json(state, names), ""
    except SavedTableError as error:
        return (
            fresh_table(specs["a"], specs["b"]),
            f"The saved decks could not be used ({error}), so they start fresh.",
        )
