"""Huldufolk (Huldufolk, Core Rules: Alpha Slice), a card-driven LARP.

Each side holds a deck (Major Actors Ace-10, Minor Actors Ace-5) and plays one
card into a pool: against a challenge rating (an undefended test), against a
defence pool that adds the defender's threshold (a fight, in initiative
order), or against another attack pool (a contest). Played cards are spent,
the Ace never; powers refresh cards and restore thresholds.

Modules: ``cards`` (decks and hands), ``actors`` (thresholds), ``pools``,
``challenges`` (tests, exchanges, contests, damage), ``initiative``, ``odds``
(exact chances per card), ``powers`` (refresh and restores), ``play`` (a table
in play and its saved form), ``tables`` (challenge ratings and Belief, from
``data/``); the widget ``huldufolk.pool`` is in ``widgets/pool.py``.
"""

from rules_py.huldufolk.actors import new_actor
from rules_py.huldufolk.cards import new_hand
from rules_py.huldufolk.challenges import contest, exchange, need_for, undefended_test
from rules_py.huldufolk.initiative import initiative
from rules_py.huldufolk.odds import against_rating, attacking, contesting, defending
from rules_py.huldufolk.play import (
    acting_side,
    fresh_table,
    next_to_act,
    play_contest,
    play_fight_card,
    play_test,
    resolve_exchange,
    use_power,
)
from rules_py.huldufolk.pools import action_pool, defence_pool
from rules_py.huldufolk.powers import restore, use_refresh
from rules_py.huldufolk.tables import band_of, belief_rank

__all__ = [
    "acting_side",
    "action_pool",
    "against_rating",
    "attacking",
    "band_of",
    "belief_rank",
    "contest",
    "contesting",
    "defence_pool",
    "defending",
    "exchange",
    "fresh_table",
    "initiative",
    "need_for",
    "new_actor",
    "new_hand",
    "next_to_act",
    "play_contest",
    "play_fight_card",
    "play_test",
    "resolve_exchange",
    "restore",
    "undefended_test",
    "use_power",
    "use_refresh",
]
