"""From the form and the saved state of ``huldufolk.pool`` to the engine's actors,
pools and table."""

from __future__ import annotations

from collections.abc import Mapping

from rules_py.huldufolk.actors import (
    Actor,
    Nature,
    new_actor,
)
from rules_py.huldufolk.cards import Rank
from rules_py.huldufolk.play import (
    SIDES,
    SavedTableError,
    SideKey,
    Table,
    fresh_table,
    from_json,
)
from rules_py.huldufolk.pools import (
    ActionPool,
    DefencePool,
    action_pool,
    defence_pool,
)
from rules_py.huldufolk.widgets.pool.form import PoolValues

__all__ = ["actor_specs", "gear_of", "load", "pool_of"]


def actor_specs(values: PoolValues) -> dict[SideKey, Actor]:
    specs: dict[SideKey, Actor] = {}
    for key in SIDES:
        specs[key] = new_actor(
            values.side(key).name,
            Rank(values.side(key).rank),
            Nature(values.side(key).nature),
            values.side(key).mundane,
            values.side(key).supernatural,
            prefix=f"{key}_",
        )
    return specs


def pool_of(values: PoolValues, key: SideKey) -> ActionPool:
    # Hidden counts do not count: they apply only while their check box is on.
    afar = values.afar
    return action_pool(
        quality=values.side(key).quality,
        focus=values.side(key).focus,
        equipment=values.side(key).equipment,
        magical=values.side(key).magical,
        assistants_affinity=values.side(key).assist,
        assistants_focus=values.side(key).assist_focus,
        supernatural=values.side(key).bonus,
        afar_no_affinity=values.side(key).afar_none if afar else 0,
        afar_affinity=values.side(key).afar_affinity if afar else 0,
        afar_focus=values.side(key).afar_focus if afar else 0,
        prefix=f"{key}_",
    )


def gear_of(values: PoolValues, key: SideKey) -> DefencePool:
    return defence_pool(
        quality=values.side(key).def_quality,
        equipment=values.side(key).def_equipment,
        supernatural=values.side(key).def_bonus,
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
