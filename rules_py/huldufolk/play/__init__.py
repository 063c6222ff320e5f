"""A Huldufolk table in play: two sides, their decks and thresholds, and a log.

This is what the card pool builder keeps between requests (and in the
browser's storage): every move goes through the engine, and the table is
rebuilt from JSON only after checking each value against the rules, so a
corrupt or outdated saved table is refused (:class:`SavedTableError`) rather
than trusted.

The package's modules: :mod:`.table` (the two sides, their damage, the cards
face down and the log), :mod:`.turns` (initiative, whose turn it is, the end
of a combat), :mod:`.moves` (tests, exchanges, contests, powers and rest) and
:mod:`.saved` (the table as JSON, and back after checking every value).
"""

from __future__ import annotations

from rules_py.huldufolk.play.moves import (
    REST_RULE,
    choose_attack_card,
    choose_contest_card,
    contest_entry,
    exchange_entry,
    play_contest,
    play_fight_card,
    play_test,
    resolve_exchange,
    rest,
    use_power,
)
from rules_py.huldufolk.play.saved import (
    DAMAGE_MAX,
    LOG_ENTRY_MAX,
    STATE_CHARS_MAX,
    STATE_VERSION,
    SavedTableError,
    from_json,
    to_json,
)
from rules_py.huldufolk.play.table import (
    LOG_MAX,
    SIDES,
    Pending,
    SideKey,
    Table,
    describe_actor,
    differs_from_form,
    fresh_table,
    other,
    same_kind,
)
from rules_py.huldufolk.play.turns import (
    AUTO,
    TURN_RULE,
    acting_side,
    choose_initiative_card,
    end_combat,
    initiative_chooser,
    initiative_entry,
    next_to_act,
    start_initiative,
)

__all__ = [
    "AUTO",
    "DAMAGE_MAX",
    "LOG_ENTRY_MAX",
    "LOG_MAX",
    "REST_RULE",
    "SIDES",
    "STATE_CHARS_MAX",
    "STATE_VERSION",
    "TURN_RULE",
    "Pending",
    "SavedTableError",
    "SideKey",
    "Table",
    "acting_side",
    "choose_attack_card",
    "choose_contest_card",
    "choose_initiative_card",
    "contest_entry",
    "describe_actor",
    "differs_from_form",
    "end_combat",
    "exchange_entry",
    "fresh_table",
    "from_json",
    "initiative_chooser",
    "initiative_entry",
    "next_to_act",
    "other",
    "play_contest",
    "play_fight_card",
    "play_test",
    "resolve_exchange",
    "rest",
    "same_kind",
    "start_initiative",
    "to_json",
    "use_power",
]
