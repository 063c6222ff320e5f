"""A Huldufolk fight of one against several: each fighter's deck, thresholds,
damage, Belief and active powers (:mod:`.fighters`), attacks on one, three or
every foe (:mod:`.attacks`), the other powers and the storyteller's moves
(:mod:`.aid`), and the fight as JSON (:mod:`.saved`)."""

from rules_py.huldufolk.melee.aid import (
    AID_POWERS,
    CHRISTI_NOTE,
    GUARD_NOTE,
    VENGEANCE_NOTE,
    new_round,
    rest,
    toggle_out,
    use_aid,
)
from rules_py.huldufolk.melee.attacks import (
    ATTACK_POWERS,
    BURN_SPEND_NOTE,
    ENTROPY_FEWER_NOTE,
    HOUSE_THRESHOLD_NOTE,
    attack_base_damage,
    declare,
    defend,
)
from rules_py.huldufolk.melee.christi import CHRISTI_BURN_NOTE, CHRISTI_KEYS
from rules_py.huldufolk.melee.fighters import (
    FOES_MAX,
    HERO,
    Fighter,
    Guard,
    Melee,
    Pending,
    fighter_keys,
)
from rules_py.huldufolk.melee.reach import DEATH_REACH_RULE, death_targets, place
from rules_py.huldufolk.melee.saved import melee_from_json, melee_to_json

__all__ = [
    "AID_POWERS",
    "ATTACK_POWERS",
    "BURN_SPEND_NOTE",
    "CHRISTI_BURN_NOTE",
    "CHRISTI_KEYS",
    "CHRISTI_NOTE",
    "DEATH_REACH_RULE",
    "ENTROPY_FEWER_NOTE",
    "FOES_MAX",
    "GUARD_NOTE",
    "HERO",
    "HOUSE_THRESHOLD_NOTE",
    "VENGEANCE_NOTE",
    "Fighter",
    "Guard",
    "Melee",
    "Pending",
    "attack_base_damage",
    "death_targets",
    "declare",
    "defend",
    "fighter_keys",
    "melee_from_json",
    "melee_to_json",
    "new_round",
    "place",
    "rest",
    "toggle_out",
    "use_aid",
]
